import Foundation
import Synchronization

/// `⠋ Asking api.open-meteo.com…` on standard error while a command has waited more than 300 ms for a server, for
/// a person at a terminal (the App makes one only when standard error is a terminal that takes escape sequences).
/// Drawn only while a command runs: never over a prompt, a form's question or a full-screen view; wiped before the
/// answer is written.
final class Spinner: Sendable {
    private struct State {
        var commandRunning = false
        /// Requests in flight, by number, with their host.
        var requests: [Int: String] = [:]
        var nextRequest = 0
        var task: Task<Void, Never>?
        var drawn = false
        var frame = 0
    }

    static let delay = Duration.milliseconds(300)
    private static let frames = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")

    private let state = Mutex(State())
    private let write: @Sendable (String) -> Void

    init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    /// The Shell's `commandRunning`.
    func commandRunning(_ running: Bool) {
        state.withLock { state in
            state.commandRunning = running
            running ? start(&state) : stop(&state)
        }
    }

    /// The transport's `activity`: a request to `host` starts; the closure returned ends it.
    func requestStarted(host: String) -> @Sendable () -> Void {
        let number = state.withLock { state -> Int in
            let number = state.nextRequest
            state.nextRequest += 1
            state.requests[number] = host
            start(&state)
            return number
        }
        return { [self] in
            state.withLock { state in
                state.requests[number] = nil
                if state.requests.isEmpty { stop(&state) }
            }
        }
    }

    private func start(_ state: inout State) {
        guard state.commandRunning, !state.requests.isEmpty, state.task == nil else { return }
        state.task = Task.detached { [self] in
            try? await Task.sleep(for: Self.delay)
            while !Task.isCancelled {
                draw()
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    private func stop(_ state: inout State) {
        state.task?.cancel()
        state.task = nil
        if state.drawn {
            write("\r\u{1B}[K")
            state.drawn = false
        }
    }

    private func draw() {
        state.withLock { state in
            guard state.task != nil, state.commandRunning, let host = state.requests.min(by: { $0.key < $1.key })?.value
            else { return }
            let frame = Self.frames[state.frame % Self.frames.count]
            state.frame += 1
            let safeHost = String(host.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(60))
            write("\r\u{1B}[K\(frame) Asking \(safeHost)…")
            state.drawn = true
        }
    }
}
