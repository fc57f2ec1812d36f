import CoreKit
import Foundation
import Logging
import Synchronization

/// One log event as handed to a sink or a listener: formatted, with its metadata as strings.
public struct LogRecord: Sendable, Equatable {
    public var date: Date
    public var level: Logger.Level
    public var label: String
    public var message: String
    public var metadata: [String: String]

    public init(date: Date, level: Logger.Level, label: String, message: String, metadata: [String: String]) {
        self.date = date
        self.level = level
        self.label = label
        self.message = message
        self.metadata = metadata
    }

    /// `2026-11-22T10:00:00Z warning skylens.http: message key=value`, made safe for a terminal.
    public var formatted: String {
        let time = date.formatted(.iso8601)
        let meta = metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let line = "\(time) \(level) \(label): \(message)\(meta.isEmpty ? "" : " " + meta)"
        return TerminalText.sanitize(line)
    }
}

/// Where log lines go. Never standard output: that belongs to the REPL's answers.
public enum LogDestination: Sendable, Equatable {
    case standardError
    case file(path: String)
    case none
}

/// A swift-log handler that formats each event and hands it to a sink: stderr, a file, or a listener.
public struct EventLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level
    private let label: String
    private let sink: @Sendable (LogRecord) -> Void

    public init(label: String, level: Logger.Level, sink: @escaping @Sendable (LogRecord) -> Void) {
        self.label = label
        self.logLevel = level
        self.sink = sink
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = self.metadata
        if let explicit = event.metadata { merged.merge(explicit) { $1 } }
        sink(
            LogRecord(
                date: Date(), level: event.level, label: label, message: event.message.description,
                metadata: merged.mapValues { "\($0)" }))
    }
}

/// Writes formatted events to a file handle, one line each, under a lock.
public final class LogWriter: Sendable {
    private let handle: Mutex<FileHandle?>

    public init(handle: FileHandle?) {
        self.handle = Mutex(handle)
    }

    /// Opens (creating, appending) the file at `path`; nil when it cannot be opened.
    public static func appending(to path: String) -> LogWriter? {
        let url = URL(fileURLWithPath: path)
        try? FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else { return nil }
        }
        guard let handle = try? FileHandle(forWritingTo: url) else { return nil }
        _ = try? handle.seekToEnd()
        return LogWriter(handle: handle)
    }

    public static var standardError: LogWriter { LogWriter(handle: .standardError) }

    public func write(_ event: LogRecord) {
        let data = Data((event.formatted + "\n").utf8)
        handle.withLock { handle in try? handle?.write(contentsOf: data) }
    }
}

/// Keeps events in memory: for tests, which never bootstrap the global logging system.
public final class InMemoryLog: Sendable {
    private let storage = Mutex<[LogRecord]>([])

    public init() {}

    public var events: [LogRecord] { storage.withLock { $0 } }

    public func record(_ event: LogRecord) { storage.withLock { $0.append(event) } }

    /// A logger whose events (at `level` and above) land here.
    public func logger(label: String = "test", level: Logger.Level = .trace) -> Logger {
        Logger(label: label) { label in EventLogHandler(label: label, level: level) { self.record($0) } }
    }
}

/// Builds the App's logger: a level, a destination, and any number of listeners (a hook to forward events).
public struct LoggingSetup: Sendable {
    public var level: Logger.Level
    public var destination: LogDestination
    public var listeners: [@Sendable (LogRecord) -> Void]

    public init(level: Logger.Level, destination: LogDestination, listeners: [@Sendable (LogRecord) -> Void] = []) {
        self.level = level
        self.destination = destination
        self.listeners = listeners
    }

    public enum SetupError: Error, Equatable {
        case cannotOpenLogFile(String)
    }

    /// A factory for swift-log's `LoggingSystem.bootstrap` or for `Logger(label:factory:)`.
    public func makeFactory() throws(SetupError) -> @Sendable (String) -> any LogHandler {
        let writer: LogWriter?
        switch destination {
        case .standardError: writer = .standardError
        case .file(let path):
            guard let fileWriter = LogWriter.appending(to: path) else { throw .cannotOpenLogFile(path) }
            writer = fileWriter
        case .none: writer = nil
        }
        let listeners = self.listeners
        let level = self.level
        return { label in
            EventLogHandler(label: label, level: level) { event in
                writer?.write(event)
                for listener in listeners { listener(event) }
            }
        }
    }

    /// Parses `trace|debug|info|notice|warning|error|critical`.
    public static func level(named name: String) -> Logger.Level? {
        Logger.Level(rawValue: name.lowercased())
    }
}
