import Foundation
import Synchronization
import Testing

/// What a finished process left behind.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    public var stdoutData: Data
    /// The process was killed by a signal (a crash, or our own `kill`).
    public var signalled: Bool
}

/// Runs an executable with arguments, an environment and standard input, and collects its output.
public struct ProcessRunner: Sendable {
    public var executable: URL
    public var environment: [String: String]

    public init(executable: URL, environment: [String: String] = [:]) {
        self.executable = executable
        self.environment = environment
    }

    /// Runs to completion (or until `timeout`, when it is killed and the result says so).
    public func run(
        _ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:],
        timeout: Duration = .seconds(60)
    ) throws -> ProcessResult {
        let running = try start(arguments, environment: extra)
        if let stdin { running.write(stdin) }
        running.closeInput()
        return running.wait(timeout: timeout)
    }

    public func start(_ arguments: [String], environment extra: [String: String] = [:]) throws -> RunningProcess {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        // The App under test must not inherit the developer's settings.
        for key in env.keys where key.hasPrefix("SKYLENS_") || key == "NO_COLOR" || key == "OPENWEATHER_API_KEY" {
            env.removeValue(forKey: key)
        }
        // A crash is a status to check, never a hang: Swift's backtracer, which a crash starts, was seen blocked for
        // minutes holding the crashed App's pipes (and the test reading them).
        env["SWIFT_BACKTRACE"] = "enable=no"
        env.merge(environment) { $1 }
        env.merge(extra) { $1 }
        process.environment = env
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        let running = RunningProcess(process: process, input: input, output: output, errors: errors)
        try process.run()
        return running
    }
}

/// A started process whose input can be written piece by piece and which can be killed.
public final class RunningProcess: @unchecked Sendable {
    // Process and Pipe are used from the test's thread only; the readers below write into Mutex-guarded buffers.
    private let process: Process
    private let input: Pipe
    private let out = Mutex(Data())
    private let err = Mutex(Data())
    private let readers = DispatchGroup()
    /// The test sent it a signal (`kill`): its end by a signal is no crash.
    private let signalledByTest = Mutex(false)

    init(process: Process, input: Pipe, output: Pipe, errors: Pipe) {
        self.process = process
        self.input = input
        drain(output.fileHandleForReading) { [weak self] data in self?.out.withLock { $0.append(data) } }
        drain(errors.fileHandleForReading) { [weak self] data in self?.err.withLock { $0.append(data) } }
    }

    private func drain(_ handle: FileHandle, into append: @escaping @Sendable (Data) -> Void) {
        readers.enter()
        DispatchQueue.global().async { [readers] in
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                append(data)
            }
            readers.leave()
        }
    }

    public var processIdentifier: Int32 { process.processIdentifier }
    public var stdoutSoFar: String { String(decoding: out.withLock { $0 }, as: UTF8.self) }
    public var stderrSoFar: String { String(decoding: err.withLock { $0 }, as: UTF8.self) }

    public func write(_ text: String) {
        write(Data(text.utf8))
    }

    /// Raw bytes, for input that is not valid UTF-8. Writing to a process that has ended is an error here, not the
    /// test runner's death by SIGPIPE; SIGPIPE is ignored only for the write, so that the children the tests start
    /// (which inherit what is ignored) see it as usual.
    public func write(_ data: Data) {
        let previous = signal(SIGPIPE, SIG_IGN)
        try? input.fileHandleForWriting.write(contentsOf: data)
        signal(SIGPIPE, previous)
    }

    public func closeInput() { try? input.fileHandleForWriting.close() }

    /// The resident memory of the running process, in KiB (from /proc), or nil once it has exited.
    public var residentKiB: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        else {
            return nil
        }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        return line.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
    }

    /// Sends a signal (SIGKILL by default) to the process.
    public func kill(_ signal: Int32 = SIGKILL) {
        signalledByTest.withLock { $0 = true }
        Foundation.kill(process.processIdentifier, signal)
    }

    /// Polls until `condition` holds for what the process printed so far, or `timeout` passes.
    @discardableResult
    public func waitForOutput(timeout: Duration = .seconds(30), _ condition: (String) -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition(stdoutSoFar) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return condition(stdoutSoFar)
    }

    public func wait(timeout: Duration = .seconds(60)) -> ProcessResult {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
        let timedOut = process.isRunning
        if timedOut { kill() }
        process.waitUntilExit()
        // A process ended by a signal nobody sent it crashed: that fails the test whatever else it checks.
        if process.terminationReason == .uncaughtSignal, !timedOut, !signalledByTest.withLock({ $0 }) {
            Issue.record(
                "\(process.executableURL?.lastPathComponent ?? "The process") \(process.arguments ?? []) crashed (signal \(process.terminationStatus))"
            )
        }
        // What a child the process left behind still holds open is not waited for past a few seconds.
        _ = readers.wait(timeout: .now() + 5)
        let stdout = out.withLock { $0 }
        return ProcessResult(
            status: process.terminationStatus,
            stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: err.withLock { $0 }, as: UTF8.self),
            stdoutData: stdout,
            signalled: process.terminationReason == .uncaughtSignal)
    }
}
