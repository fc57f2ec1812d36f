import Architecture
import CTerminal
import CommandShell
import CoreKit
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a full-screen view (the map) on the terminal: the alternate screen, keys read one at a time (raw mode), the
/// mouse reported where the terminal does, every key answered by a redraw in place, a new window size by a redraw
/// at that size. Leaving gives the terminal back its modes and the screen it showed: the prompt is back where it was.
@MainActor
struct FullScreenHost {
    let environment: [String: String]
    let colorEnabled: Bool

    /// How long a lone ESC waits for the rest of a sequence before it counts as the Escape key.
    static let escapeWait: Int32 = 40
    /// How often the window's size is looked at while no key comes.
    static let idleWait: Int32 = 100

    func run(_ screen: any FullScreen) async -> ScreenStep? {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return nil }
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return nil }
        var raw = saved
        // No line editing, echo, signals from keys (Ctrl-C is a key here), flow control or CR translation.
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | ISTRIP)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return nil }
        // The alternate screen, no cursor, the mouse: buttons, drags and the wheel, in SGR coordinates.
        emit(Self.enter)
        // A stop (Ctrl-Z here, or SIGTSTP from outside) gives the shell its screen back while stopped.
        skylens_screen_enter(Self.enter, Self.leave)
        defer {
            skylens_screen_exit()
            emit(Self.leave)
            var modes = saved
            tcsetattr(STDIN_FILENO, TCSANOW, &modes)
        }
        let painter = Painter(enabled: colorEnabled, depth: ColorDepth.from(environment: environment))
        var parser = ScreenKeyParser()
        var size = TerminalProbe.size(environment: environment)
        await draw(screen, size: size, painter: painter)
        while true {
            // A signal that ends the App (SIGTERM, SIGHUP) cancels the command: leave, giving the screen back first.
            if Task.isCancelled { return .leave }
            let bytes = readBytes(timeout: Self.idleWait)
            let now = TerminalProbe.size(environment: environment)
            var redraw = now != size
            size = now
            guard var bytes else { return .leave }  // end of input: the terminal is gone
            // Ctrl-Z (a byte here, as raw mode turns off the keys' signals): suspend as the shell's suspend key
            // would, the terminal given back while stopped; continued, the view is drawn again.
            if let suspend = bytes.firstIndex(of: 0x1A) {
                bytes.remove(at: suspend)
                skylens_terminal_suspend()
            }
            if skylens_screen_take_continued() != 0 { redraw = true }
            var keys = parser.keys(bytes)
            if bytes.last == 0x1B || (keys.isEmpty && !bytes.isEmpty) {
                // Maybe the start of a longer sequence: wait for the rest a moment, else take what there is.
                let more = readBytes(timeout: Self.escapeWait) ?? []
                keys += parser.keys(more, final: more.isEmpty)
            }
            for key in keys {
                switch await screen.handle(key) {
                case .redraw: redraw = true
                case .unchanged: break
                case .leave: return .leave
                case .open(let destination): return .open(destination)
                }
            }
            if redraw { await draw(screen, size: size, painter: painter) }
        }
    }

    /// Into the alternate screen, the cursor hidden, the mouse reported (buttons, drags, the wheel, SGR coordinates).
    static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"
    /// Back to the main screen, the cursor shown, no mouse reporting.
    static let leave = "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l"

    /// The whole screen in one write: each line from its row's start, cleared to its end.
    private func draw(_ screen: any FullScreen, size: (width: Int, height: Int), painter: Painter) async {
        let lines = await screen.draw(width: size.width, height: size.height, painter: painter)
        var frame = "\u{1B}[H"
        for (index, line) in lines.prefix(size.height).enumerated() {
            frame += line + "\u{1B}[0m\u{1B}[K"
            if index < size.height - 1 { frame += "\r\n" }
        }
        frame += "\u{1B}[J"
        emit(frame)
    }

    /// Bytes typed within `timeout` milliseconds: [] when none came, nil at the end of input.
    private func readBytes(timeout: Int32) -> [UInt8]? {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, timeout)
        guard ready > 0 else { return ready < 0 && errno != EINTR ? nil : [] }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count < 0 { return errno == EINTR || errno == EAGAIN ? [] : nil }
        return count == 0 ? nil : Array(buffer.prefix(count))
    }

    private func emit(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }
}
