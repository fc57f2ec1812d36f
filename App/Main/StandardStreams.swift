import Architecture
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes to the process's standard output and error directly (unbuffered, so a prompt and an answer never
/// arrive out of order). A reader that went away (EPIPE) or a write that failed (a full disk: ENOSPC) is
/// remembered, further output is dropped, and the App ends after the command: see `outputProblem`.
struct StandardStreams: OutputSink {
    enum Problem: Equatable, Sendable {
        /// The reader closed its end (`App | head -1`): end quietly, as a filter does.
        case readerGone
        /// Writing failed otherwise: say so on standard error and end with a non-zero status.
        case writeFailed(errno: Int32)
    }

    private let problem = SharedProblem()

    func standardOutput(_ text: String) {
        guard problem.value == nil else { return }
        if let failure = Self.write(text, to: STDOUT_FILENO) {
            problem.record(failure == EPIPE ? .readerGone : .writeFailed(errno: failure))
        }
    }

    func standardError(_ text: String) { _ = Self.write(text, to: STDERR_FILENO) }

    /// What went wrong with standard output, if anything.
    var outputProblem: Problem? { problem.value }

    /// The message for a failed write, for standard error.
    static func describe(_ problem: Problem) -> String? {
        guard case .writeFailed(let code) = problem else { return nil }
        return "skylens: cannot write to standard output: \(String(cString: strerror(code))).\n"
    }

    /// Writes all of `text`; returns the errno of a failed write, nil when everything was written.
    @discardableResult
    static func write(_ text: String, to descriptor: Int32) -> Int32? {
        var bytes = Array(text.utf8)
        var offset = 0
        return bytes.withUnsafeMutableBytes { buffer -> Int32? in
            guard let base = buffer.baseAddress else { return nil }
            while offset < buffer.count {
                #if canImport(Glibc)
                    let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
                #else
                    let written = Darwin.write(descriptor, base + offset, buffer.count - offset)
                #endif
                if written < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN || errno == EWOULDBLOCK {
                        // A non-blocking descriptor (a parent's pipe set so) that is full: wait until it takes more,
                        // rather than cut the output at the pipe's size.
                        var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                        if poll(&ready, 1, -1) < 0, errno != EINTR { return errno }
                        continue
                    }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }

    private final class SharedProblem: Sendable {
        private let storage = Mutex<Problem?>(nil)
        var value: Problem? { storage.withLock { $0 } }
        func record(_ problem: Problem) { storage.withLock { if $0 == nil { $0 = problem } } }
    }
}

/// How much a line of input may hold. A longer line is refused with a message and skipped; input that goes on
/// for `unendedLineBytes` without a line end (`App < /dev/zero`) is not commands, and ends the session.
enum InputLimits {
    static let lineBytes = 65_536
    static let unendedLineBytes = 16 * 1_048_576

    static func refusal(bytes: Int, limit: Int = lineBytes) -> String {
        "skylens: a line of \(grouped(bytes)) bytes is longer than the limit of \(grouped(limit)); skipped."
    }

    static var unendedRefusal: String {
        "skylens: standard input went on for \(grouped(unendedLineBytes)) bytes without a line end; it does not "
            + "look like commands, so SkyLens stops reading it."
    }

    /// 65536 as "65,536", whatever the locale.
    static func grouped(_ number: Int) -> String {
        var digits = String(number.magnitude), groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(Substring(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        return (number < 0 ? "-" : "") + ([Substring(digits)] + groups).joined(separator: ",")
    }
}

/// Reads standard input line by line with `read(2)`, holding at most `InputLimits.lineBytes` of a line in memory.
/// Used from one serial queue only (`BoundedInput.queue`), which is what makes its mutable state safe.
final class LineReader {
    enum Item: Equatable {
        case line(String)
        /// A line longer than the limit, skipped whole; how many bytes it had.
        case tooLong(bytes: Int)
        /// Input that never ends its line: reading stopped.
        case unended
        case end
    }

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false

    init(descriptor: Int32 = STDIN_FILENO) {
        self.descriptor = descriptor
    }

    func next() -> Item {
        var skipped = 0
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                let length = newline - start
                defer { start = newline + 1 }
                if skipped > 0 || length > InputLimits.lineBytes { return .tooLong(bytes: skipped + length) }
                var end = newline
                if end > start, buffer[end - 1] == 0x0D { end -= 1 }
                return .line(String(decoding: buffer[start..<end], as: UTF8.self))
            }
            // No line end in what is held: drop an over-long beginning, keep the rest small.
            let pending = buffer.count - start
            if pending > InputLimits.lineBytes {
                skipped += pending
                buffer.removeAll(keepingCapacity: true)
                start = 0
                if skipped >= InputLimits.unendedLineBytes { return .unended }
            } else if start > 0 {
                buffer.removeSubrange(0..<start)
                start = 0
            }
            if atEnd {
                guard !buffer.isEmpty || skipped > 0 else { return .end }
                defer {
                    buffer.removeAll()
                    start = 0
                }
                if skipped > 0 || buffer.count > InputLimits.lineBytes {
                    return .tooLong(bytes: skipped + buffer.count)
                }
                return .line(String(decoding: buffer, as: UTF8.self))
            }
            readMore()
        }
    }

    private func readMore() {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                atEnd = true
            } else {
                buffer.append(contentsOf: chunk[0..<count])
            }
            return
        }
    }
}

/// Lines from standard input when no line editor reads them: a pipe, a file, or a terminal without libedit (then
/// with a prompt). Reads on its own thread so that the main actor stays free for background work and Ctrl-C.
/// Lines over the limit are refused on standard error and skipped.
final class BoundedInput: LineInput {
    private let queue = DispatchQueue(label: "skylens.stdin")
    private let reader: ReaderBox
    private let showsPrompt: Bool
    private let unended = Flag()

    /// - Parameter showsPrompt: write the prompt before reading (a terminal without line editing).
    init(showsPrompt: Bool = false) {
        self.showsPrompt = showsPrompt
        self.reader = ReaderBox(LineReader())
    }

    /// True once input was refused as not being lines at all.
    var refusedUnendedInput: Bool { unended.isSet }

    func readLine(prompt: String) async -> String? {
        if showsPrompt, !prompt.isEmpty { StandardStreams.write(prompt, to: STDOUT_FILENO) }
        return await withCheckedContinuation { continuation in
            queue.async { [reader, unended] in
                while true {
                    switch reader.reader.next() {
                    case .line(let line):
                        continuation.resume(returning: line)
                    case .tooLong(let bytes):
                        StandardStreams.write(InputLimits.refusal(bytes: bytes) + "\n", to: STDERR_FILENO)
                        continue
                    case .unended:
                        StandardStreams.write(InputLimits.unendedRefusal + "\n", to: STDERR_FILENO)
                        unended.set()
                        continuation.resume(returning: nil)
                    case .end:
                        continuation.resume(returning: nil)
                    }
                    return
                }
            }
        }
    }

    private final class Flag: Sendable {
        private let value = Atomic<Bool>(false)
        var isSet: Bool { value.load(ordering: .relaxed) }
        func set() { value.store(true, ordering: .relaxed) }
    }

    /// The reader is only used on `queue` (one block at a time), which is what makes this box sound.
    private final class ReaderBox: @unchecked Sendable {
        let reader: LineReader
        init(_ reader: LineReader) { self.reader = reader }
    }
}

enum TerminalProbe {
    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// Columns and rows of the terminal on standard output, else COLUMNS/LINES, else 80×24. Asked again before
    /// each command, so that a resized window is honoured.
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
