import Architecture
import CoreKit
import Diagnostics
import Foundation
import Logging
import Persistence
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Starts the App: configuration, logging, the container, the shell; then one command, or the REPL.
enum AppRunner {
    @MainActor
    static func run(flags: Flags, command: [String], environment: [String: String]) async -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let streams = StandardStreams()
        let configuration: AppConfiguration
        do {
            configuration = try AppConfiguration.resolve(flags: flags, environment: environment)
        } catch {
            return startupError(error.message, json: AppConfiguration.wantsJSON(flags: flags, environment: environment))
        }
        let setup = LoggingSetup(
            level: configuration.logLevel,
            destination: configuration.logFile.map { .file(path: $0) } ?? .standardError)
        do {
            let factory = try setup.makeFactory()
            LoggingSystem.bootstrap(factory)
        } catch {
            return startupError(
                "the log file \(configuration.logFile ?? "") cannot be opened for writing.",
                json: configuration.format == .json)
        }

        let stdinIsTerminal = TerminalProbe.isTerminal(STDIN_FILENO)
        let stdoutIsTerminal = TerminalProbe.isTerminal(STDOUT_FILENO)
        // A person is at the keyboard: prompts, the banner, line editing (also for `App -- contact`'s questions).
        let interactive = stdinIsTerminal && stdoutIsTerminal
        let size = TerminalProbe.size(environment: environment)
        let terminal = TerminalInfo(
            isInteractive: interactive,
            colorEnabled: configuration.colorEnabled(
                stdoutIsTerminal: stdoutIsTerminal, stdinIsTerminal: stdinIsTerminal, oneShot: !command.isEmpty,
                environment: environment),
            width: size.width, height: size.height)

        let container = Container(configuration: configuration)
        // libedit starts (and reads the history) only when a line is first asked for: `App -- about` never does.
        let editor = interactive ? LazyLineEditor { LineEditor(historyPath: historyPath(configuration)) } : nil
        let input: any LineInput = editor ?? PipedInput()
        let plugins = container.makePlugins()
        container.database.register(plugins.flatMap(\.migrations))
        let shell = Shell(
            configuration: .init(
                appName: AppInfo.name, version: AppInfo.version, tagline: AppInfo.tagline, format: configuration.format,
                terminal: terminal, attributions: Container.attributions),
            plugins: plugins, input: input, output: streams)
        let notices = NoticePrinter(database: container.database, shell: shell)
        let logger = container.logger
        shell.commandFailed = { error in
            // The log formatter makes the message as safe for a terminal as the screen is.
            logger.notice("command failed", metadata: ["code": "\(error.code)", "message": "\(error.message)"])
        }

        if !command.isEmpty {
            let outcome = await shell.execute(words: command, oneShot: true)
            notices.flush()
            guard case .completed(let status) = outcome else { return 0 }
            // A command that opened a view (`App -- contact`) goes on reading commands there until the user is back
            // at the start (`submit`, `cancel`, `back`) or input ends; its exit status is the last command's.
            if !shell.router.isAtRoot {
                return await repl(
                    shell: shell, editor: editor, input: input, interactive: interactive, notices: notices,
                    streams: streams, banner: false, untilRoot: true, status: status)
            }
            return status
        }
        return await repl(
            shell: shell, editor: editor, input: input, interactive: interactive, notices: notices, streams: streams,
            banner: interactive, untilRoot: false, status: 0)
    }

    /// A problem before anything could run: a message on standard error (or a JSON error document), status 64.
    private static func startupError(_ message: String, json: Bool) -> Int32 {
        let streams = StandardStreams()
        let safe = TerminalText.sanitize(message)
        if json {
            let encoded = (try? JSONEncoder().encode(["error": ["code": "usage", "message": safe]])) ?? Data()
            streams.standardOutput(String(decoding: encoded, as: UTF8.self) + "\n")
        } else {
            streams.standardError("skylens: \(safe)\n")
        }
        return 64
    }

    @MainActor
    private static func repl(
        shell: Shell, editor: LazyLineEditor?, input: any LineInput, interactive: Bool, notices: NoticePrinter,
        streams: StandardStreams, banner: Bool, untilRoot: Bool, status initial: Int32
    ) async -> Int32 {
        if banner {
            streams.standardOutput(
                "\(AppInfo.name) \(AppInfo.version): \(AppInfo.tagline). Type 'help' for commands, 'quit' to leave.\n")
        }
        let interrupts = InterruptHandler(exitWhenIdle: !interactive)
        editor?.setInterruptHandler { interrupts.cancelRunning() }
        if !untilRoot { await shell.startSession() }
        var status = initial
        loop: while !(untilRoot && shell.router.isAtRoot) {
            let line: String?
            if let editor {
                editor.setCompletionModel(shell.completionModel())
                line = await editor.readCommand(prompt: shell.prompt)
            } else {
                line = await input.readLine(prompt: "")
            }
            guard let line else {
                if interactive { streams.standardOutput("\n") }
                break
            }
            let task = Task { await shell.execute(line: line) }
            interrupts.running(task)
            let outcome = await task.value
            interrupts.finished()
            if task.isCancelled { streams.standardError("Cancelled.\n") }
            notices.flush()
            switch outcome {
            case .quit: break loop
            case .completed(let result): status = result
            }
        }
        if !untilRoot { await shell.endSession() }
        return interactive && !untilRoot ? 0 : status
    }

    private static func historyPath(_ configuration: AppConfiguration) -> String? {
        do {
            try FileManager.default.createDirectory(
                at: configuration.dataDirectory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            return configuration.historyPath
        } catch {
            return nil
        }
    }
}

/// Prints, once each, what the store had to tell the user (a damaged database kept aside).
@MainActor
final class NoticePrinter {
    private let database: AppDatabase
    private let shell: Shell
    private var printed = 0

    init(database: AppDatabase, shell: Shell) {
        self.database = database
        self.shell = shell
    }

    func flush() {
        let notices = database.notices
        guard notices.count > printed else { return }
        for notice in notices[printed...] { shell.notify("Note: \(notice)") }
        printed = notices.count
    }
}

/// Ctrl-C while a command runs cancels that command (its request returns at once) and the REPL goes on. In a
/// piped session, Ctrl-C while waiting for input ends the App (status 130), as it would end any filter.
final class InterruptHandler: Sendable {
    private final class Current: Sendable {
        let task = Mutex<Task<Shell.Outcome, Never>?>(nil)
    }

    private let current = Current()
    private let source: SignalSourceBox

    init(exitWhenIdle: Bool) {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        self.source = SignalSourceBox(source)
        let current = self.current
        source.setEventHandler {
            let task = current.task.withLock { $0 }
            if let task {
                task.cancel()
            } else if exitWhenIdle {
                exit(130)
            }
        }
        source.resume()
    }

    func running(_ task: Task<Shell.Outcome, Never>) { current.task.withLock { $0 = task } }
    /// Ctrl-C read as a key (at a form's question): the same as the signal while a command runs.
    func cancelRunning() { current.task.withLock { $0 }?.cancel() }
    func finished() { current.task.withLock { $0 = nil } }
}

/// DispatchSource is thread-safe; the box only keeps it alive for as long as the handler.
private final class SignalSourceBox: @unchecked Sendable {
    let source: any DispatchSourceSignal
    init(_ source: any DispatchSourceSignal) { self.source = source }
}
