import Architecture
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes to the process's standard output and error directly (unbuffered, so a prompt and an answer never
/// arrive out of order), ignoring a reader that went away.
struct StandardStreams: OutputSink {
    func standardOutput(_ text: String) { Self.write(text, to: STDOUT_FILENO) }
    func standardError(_ text: String) { Self.write(text, to: STDERR_FILENO) }

    static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)
        var offset = 0
        bytes.withUnsafeMutableBytes { buffer in
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}

/// Lines from standard input when it is not a terminal: no prompt, no editing. Reads on its own thread so that the
/// main actor stays free for background work and Ctrl-C.
final class PipedInput: LineInput {
    private let queue = DispatchQueue(label: "skylens.stdin")

    func readLine(prompt: String) async -> String? {
        await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: Swift.readLine(strippingNewline: true))
            }
        }
    }
}

enum TerminalProbe {
    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// Columns and rows of the terminal on standard output, else COLUMNS/LINES, else 80×24.
    static func size(environment: [String: String]) -> (width: Int, height: Int) {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
            return (Int(size.ws_col), Int(size.ws_row))
        }
        let width = environment["COLUMNS"].flatMap(Int.init) ?? 80
        let height = environment["LINES"].flatMap(Int.init) ?? 24
        return (width, height)
    }
}
