import Architecture
import Synchronization

/// Lines from a fixed list: what a test types.
public final class ScriptedInput: LineInput {
    private let lines: LockedLines

    public init(_ lines: [String]) {
        self.lines = LockedLines(lines)
    }

    public func readLine(prompt: String) async -> String? { lines.next() }
}

/// Collects what the shell writes, for tests.
public final class CapturedOutput: OutputSink {
    private let out = LockedText()
    private let err = LockedText()

    public init() {}

    public var stdout: String { out.value }
    public var stderr: String { err.value }

    public func standardOutput(_ text: String) { out.append(text) }
    public func standardError(_ text: String) { err.append(text) }
}

final class LockedLines: Sendable {
    private let storage: Mutex<[String]>
    init(_ lines: [String]) { storage = Mutex(lines.reversed()) }
    func next() -> String? { storage.withLock { $0.popLast() } }
}

final class LockedText: Sendable {
    private let storage = Mutex("")
    var value: String { storage.withLock { $0 } }
    func append(_ text: String) { storage.withLock { $0 += text } }
}
