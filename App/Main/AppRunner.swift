import Architecture
import CTerminal
import CitiesService
import CommandShell
import CoreKit
import Diagnostics
import Foundation
import Localization
import Logging
import Persistence
import ProgramDocumentation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts the App: configuration, logging, the container, the shell; then one command, or the REPL.
enum AppRunner {
    @MainActor
    /// - Parameter start: the settings, the configuration and what it makes (`EarlyStart.make`).
    static func run(command: [String], start: EarlyStart.Made) async -> Int32 {
        // A closed reader shows as EPIPE from write(2), which StandardStreams turns into a quiet end (and a socket
        // closed under a request is an error, not a death).
        signal(SIGPIPE, SIG_IGN)
        let streams = StandardStreams()
        let environment = start.environment
        let settings = start.settings
        let configuration: AppConfiguration
        switch start.configuration {
        case .success(let resolved):
            configuration = resolved
        case .failure(let error):
            let words = Self.startupWords(settings, environment: environment)
            return startupError(words(error.sentence), json: settings.value(.format)?.text.lowercased() == "json")
        }
        let startup = Self.startupWords(settings, environment: environment)
        // A config file with a mistake is said, and ignored (the file, or the value): never a reason to stop.
        // Broken at spaces to the window's width, as the session's notices are (a path is never cut).
        let columns = TerminalProbe.size(environment: environment).width
        for problem in settings.problems {
            let lines = DisplayWidth.wrapped(
                "skylens: " + TerminalText.sanitize(startup(problem)), width: columns, indent: "  ")
            streams.standardError(lines.joined(separator: "\n") + "\n")
        }
        let services: EarlyStart.Services
        do throws(LoggingSetup.SetupError) {
            if let made = start.services {
                services = made
            } else {
                services = try EarlyStart.Services.make(
                    configuration, oneShot: !command.isEmpty, environment: environment)
            }
        } catch {
            return startupError(
                startup(
                    Sentence(
                        "the log file %@ cannot be opened for writing.", .text(configuration.logFile ?? ""),
                        table: .app)),
                json: configuration.format == .json)
        }
        LoggingSystem.bootstrap(services.logging)
        // Connected on another thread while the rest of the App is made (every command reads the store); already
        // begun when the start was made early.
        services.container.database.connectAhead()

        let stdinIsTerminal = TerminalProbe.isTerminal(STDIN_FILENO)
        let stdoutIsTerminal = TerminalProbe.isTerminal(STDOUT_FILENO)
        // A person is at the keyboard: prompts, the banner, line editing (also for `App -- contact`'s questions).
        let interactive = stdinIsTerminal && stdoutIsTerminal
        // The terminal's modes as they are before libedit changes them: given back on Ctrl-Z and on a signal.
        if stdinIsTerminal { _ = skylens_terminal_save(STDIN_FILENO) }
        let size = TerminalProbe.size(environment: environment)
        let colorEnabled = configuration.colorEnabled(
            stdoutIsTerminal: stdoutIsTerminal, stdinIsTerminal: stdinIsTerminal, oneShot: !command.isEmpty,
            environment: environment)
        let terminal = TerminalInfo(
            isInteractive: interactive, colorEnabled: colorEnabled,
            width: size.width, height: size.height, allowsEscapes: environment["TERM"] != "dumb",
            colorDepth: ColorDepth.from(environment: environment))

        let (spinner, container) = (services.spinner, services.container)
        let history = interactive ? historyPath(configuration) : (path: nil, problem: nil)
        // libedit starts (and reads the history) only when a line is first asked for: `App -- about` never does.
        let editor =
            interactive
            ? LazyLineEditor {
                LineEditor(historyPath: history.path, lineLimit: InputLimits.lineBytes)
            } : nil
        let piped = BoundedInput()
        let input: any LineInput = editor ?? piped
        let signals = SignalHandler(interactive: interactive)
        let programCommands = ProgramCommands()
        let plugins = container.makePlugins() + [programCommands]
        // After the plugins: their stores register the database's tables before it is first read. The store opens
        // while the shell is made, and a one-shot command that takes a place has the city list opened meanwhile too
        // (issue 30: each was a millisecond of the start, one after the other).
        async let chosen = chooseLanguage(
            configuration, settings: .sqlite(container.database), environment: environment)
        let shellConfiguration = Shell.Configuration(
            appName: AppInfo.name, version: AppInfo.version, tagline: AppInfo.tagline, format: configuration.format,
            terminal: terminal,
            placeNames: { [catalogue = container.catalogue] before, prefix in
                catalogue.nameCompletions(words: before, partial: prefix)
            })
        let shell = Shell(configuration: shellConfiguration, plugins: plugins, input: input, output: streams)
        // Not with a list to download (SKYLENS_CITIES_URL): an import in progress would be started twice.
        if !command.isEmpty, configuration.citiesURL == nil, shell.takesPlace(command) {
            Task.detached { [catalogue = container.catalogue] in _ = try? await catalogue.catalogue() }
        }
        // What the command's output will need (ICU's dates for `sky`: 1.5–2 ms of its 20, issue 30), made ready on
        // another thread while the store opens and the command starts, in the language it will most likely be in: the
        // early start's, on the other core, when there is one.
        var preparation: (@Sendable () -> Void)?
        if !command.isEmpty, let prepare = shell.preparation(command) {
            let language = likelyLanguage(configuration, environment: environment)
            preparation = { prepare(language) }
        }
        if let otherCore = start.otherCore {
            otherCore.give(preparation)
        } else if let preparation {
            DispatchQueue.global(qos: .userInitiated).async(execute: preparation)
        }
        let language = await chosen
        shell.use(language.language, source: language.source)
        shell.keepLanguage = { [settings = SettingsClient.sqlite(container.database), configuration] chosen in
            if let problem = configuration.dataDirectoryProblemSentence { return problem }
            do throws(StoreError) {
                try await settings.set(chosen?.code, for: languageKey)
                return nil
            } catch {
                return error.sentence
            }
        }
        programCommands.declarations = { [weak shell] language in shell?.declaredCommands(in: language) ?? [] }
        programCommands.tagline = { [weak shell] language in shell?.tagline(in: language) ?? AppInfo.tagline }
        // `skylens --help`: the options and what the program does, in the language chosen as for any command.
        if command == [Self.helpRequest] {
            let page = HelpPage.render(
                programCommands.program(language.language),
                words: Words(ManualPage.catalogue(), language: language.language), width: size.width)
            streams.standardOutput(page)
            return 0
        }
        // The completion scripts' question (`skylens [OPTIONS] __complete -- WORDS… PARTIAL`): the candidates, one
        // per line, from the model behind Tab in a session.
        if command.first == CompletionScripts.callbackCommand {
            var words = command.dropFirst()
            if words.first == "--" { words = words.dropFirst() }
            // Place names come from the catalogue, which a session opens in the background at the first Tab (and
            // offers nothing meanwhile): here there is one Tab, so when nothing was found, the catalogue is opened
            // and asked again. Commands, options and their values are answered without it.
            var answer = CompletionScripts.answer(Array(words), model: shell.completionModel())
            if answer.isEmpty {
                _ = try? await container.catalogue.catalogue()
                answer = CompletionScripts.answer(Array(words), model: shell.completionModel())
            }
            streams.standardOutput(answer)
            return 0
        }
        let notices = NoticePrinter(
            database: container.database, shell: shell,
            startup: [configuration.dataDirectoryProblemSentence, history.problem].compactMap { $0 })
        let logger = container.logger
        let host = FullScreenHost(environment: environment, colorEnabled: colorEnabled)
        shell.fullScreenHost = { screen in await host.run(screen) }
        if let spinner { shell.commandRunning = { spinner.commandRunning($0) } }
        shell.commandFailed = { (error: CommandError) in
            // The log formatter makes the message as safe for a terminal as the screen is.
            logger.notice("command failed", metadata: ["code": "\(error.code)", "message": "\(error.message)"])
        }

        let session = Session(
            shell: shell, editor: editor, input: input, piped: piped, interactive: interactive, notices: notices,
            streams: streams, signals: signals, environment: environment, followsWindow: stdoutIsTerminal)
        if !command.isEmpty {
            notices.flush()
            let outcome = await session.run { await shell.execute(words: command, oneShot: true) }
            notices.flush()
            if let ended = session.ending() { return ended }
            guard case .completed(let status) = outcome else { return 0 }
            // One command means one command: it never reads standard input, except a view that asks questions by
            // nature (`App -- contact`), which goes on reading lines there until the user is back at the start
            // (`submit`, `cancel`, `back`) or input ends; its exit status is the last command's.
            if shell.isAskingQuestions {
                let status = await session.repl(banner: false, untilRoot: true, status: status)
                await container.database.closeConnections()
                return status
            }
            // One command answered, and written (every stream here writes straight to its descriptor): the process
            // ends now, its store closed as at any end (the WAL checkpointed, its files removed), without taking each
            // object apart first, which the kernel's taking back the memory makes needless (0.4 ms, issue 30).
            await container.database.closeConnections()
            exit(status)
        }
        let status = await session.repl(banner: interactive, untilRoot: false, status: 0)
        // The store closed as at any end (the WAL checkpointed, its files removed), not left to the objects' taking
        // apart: what the start made is still held (`EarlyStart`), and a store left open leaves its WAL's files, which
        // a later read-only opening would take for a writable store.
        await container.database.closeConnections()
        return status
    }

    /// A problem before anything could run: a message on standard error (or a JSON error document), status 64.
    /// Where the `lang` command keeps its choice.
    static let languageKey = "app.lang"
    /// The command `SkyLensCommand` gives for `--help` or `-h` among the global options.
    static let helpRequest = "--help"

    /// The language, and where it came from: `--lang` or SKYLENS_LANG, else the one `lang` kept, else the config
    /// file's `lang:`, else the locale variables (LC_ALL, LC_MESSAGES, LANG), else English. A kept code SkyLens no
    /// longer speaks is passed over.
    static func chooseLanguage(
        _ configuration: AppConfiguration, settings: SettingsClient, environment: [String: String]
    ) async -> (language: Language, source: String) {
        if let given = configuration.language { return (given, configuration.languageSource ?? "--lang") }
        if let kept = try? await settings.value(for: languageKey), let language = Language.named(kept) {
            return (language, "lang (kept)")
        }
        return withoutKept(configuration, environment: environment)
    }

    /// The language when none is given and none is kept: the config file's, else the locale's, else English.
    private static func withoutKept(
        _ configuration: AppConfiguration, environment: [String: String]
    ) -> (language: Language, source: String) {
        if let configured = configuration.configuredLanguage { return (configured, "config.yaml") }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] where !(environment[name] ?? "").isEmpty {
            return (LanguageChoice.fromLocale(environment), name)
        }
        return (.english, "the default")
    }

    /// The language `chooseLanguage` will most likely settle on, known before the store is open: as it, without a
    /// `lang` kept in the store (set by few, and then its own: what is made ready in another is only partly used).
    static func likelyLanguage(_ configuration: AppConfiguration, environment: [String: String]) -> Language {
        configuration.language ?? withoutKept(configuration, environment: environment).language
    }

    /// The words of what is said before the session's language is settled (a setting that is not valid, the config
    /// file's problems): the language of `--lang`, SKYLENS_LANG or the config file's `lang:` when it names one, else
    /// the locale's. The one `lang` kept is in the database, not opened yet: a start-up problem is said without it.
    static func startupWords(_ settings: LayeredSettings, environment: [String: String]) -> Words {
        let given = settings.value(.lang).flatMap { Language.named($0.text) }
        return Words.english().in(given ?? LanguageChoice.fromLocale(environment))
    }

    private static func startupError(_ message: String, json: Bool) -> Int32 {
        let streams = StandardStreams()
        let safe = TerminalText.sanitize(message)
        if json {
            streams.standardOutput(Shell.errorJSON(.usage(safe)) + "\n")
        } else {
            streams.standardError("skylens: \(safe)\n")
        }
        return 64
    }

    /// Where the history is kept, if anywhere, and what to tell the user when it cannot be: libedit opens the file
    /// with `fopen`, which would wait for ever on a named pipe, so only a plain file (or none) is given to it.
    private static func historyPath(_ configuration: AppConfiguration) -> (path: String?, problem: Sentence?) {
        guard configuration.dataDirectoryProblem == nil else { return (nil, nil) }
        do {
            try FileManager.default.createDirectory(
                at: configuration.dataDirectory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            return (nil, nil)
        }
        let path = configuration.historyPath
        guard
            let setAside = FileKind.setAsideUnlessPlain(
                path, tag: "not-a-history", what: Sentence("a history file", table: .app))
        else {
            return (path, nil)
        }
        return setAside.moved
            ? (path, Sentence("%@.", .sentence(setAside.sentence), table: .app))
            : (nil, Sentence("%@; history is not kept.", .sentence(setAside.sentence), table: .app))
    }
}

/// Prints, once each, what the store had to tell the user (a damaged database kept aside).
@MainActor
final class NoticePrinter {
    private let database: AppDatabase
    private let shell: Shell
    private var printed = 0
    /// Found before the session began (a data directory that is not a folder): printed at the first flush.
    private var startup: [Sentence]

    init(database: AppDatabase, shell: Shell, startup: [Sentence] = []) {
        self.database = database
        self.shell = shell
        self.startup = startup
    }

    /// In the session's language (it may change with `lang`).
    func flush() {
        let words = Words.english().in(shell.configuration.language)
        for notice in startup { shell.notify(words(Sentence("Note: %@", .sentence(notice), table: .app))) }
        startup = []
        let notices = database.noticeSentences
        guard notices.count > printed else { return }
        for notice in notices[printed...] { shell.notify(words(Sentence("Note: %@", .sentence(notice), table: .app))) }
        printed = notices.count
    }
}

/// One session of the App: the REPL loop, and what ends it early (a signal, a reader gone, a failed write).
@MainActor
final class Session {
    let shell: Shell
    let editor: LazyLineEditor?
    let input: any LineInput
    let piped: BoundedInput
    let interactive: Bool
    let notices: NoticePrinter
    let streams: StandardStreams
    let signals: SignalHandler
    let environment: [String: String]
    let followsWindow: Bool

    init(
        shell: Shell, editor: LazyLineEditor?, input: any LineInput, piped: BoundedInput, interactive: Bool,
        notices: NoticePrinter, streams: StandardStreams, signals: SignalHandler, environment: [String: String],
        followsWindow: Bool
    ) {
        self.shell = shell
        self.editor = editor
        self.input = input
        self.piped = piped
        self.interactive = interactive
        self.notices = notices
        self.streams = streams
        self.signals = signals
        self.environment = environment
        self.followsWindow = followsWindow
    }

    /// Runs one command as a task that Ctrl-C (and the ending signals) can cancel, in the window's current size.
    func run(_ work: @escaping @MainActor () async -> Shell.Outcome) async -> Shell.Outcome {
        if followsWindow {
            let size = TerminalProbe.size(environment: environment)
            shell.resize(width: size.width, height: size.height)
        }
        let task = Task { await work() }
        signals.running(task)
        let outcome = await task.value
        signals.finished()
        return outcome
    }

    /// The status to end with now, if the session must end: a signal arrived (the App ends by it, after the
    /// command it cancelled has stopped), the reader of standard output went away (ended as SIGPIPE ends a
    /// filter), or standard output cannot be written (said on standard error; status 74, EX_IOERR).
    func ending() -> Int32? {
        if let signal = signals.pendingTermination { SignalHandler.terminate(by: signal) }
        switch streams.outputProblem {
        case .none:
            return nil
        case .readerGone:
            SignalHandler.terminate(by: SIGPIPE)
        case .writeFailed(let code):
            if let message = StandardStreams.describe(.writeFailed(errno: code)) { streams.standardError(message) }
            return 74
        }
    }

    func repl(banner: Bool, untilRoot: Bool, status initial: Int32) async -> Int32 {
        if banner {
            let width = shell.configuration.terminal.width
            let text = DisplayWidth.wrapped(shell.banner, width: width)
            streams.standardOutput(text.joined(separator: "\n") + "\n")
        }
        let signals = self.signals
        editor?.setInterruptHandler { signals.cancelRunning() }
        if !untilRoot { await shell.startSession() }
        notices.flush()
        var status = initial
        loop: while !(untilRoot && shell.isAtStart) {
            if let ended = ending() { return ended }
            let line: String?
            if let editor {
                editor.setCompletionModel(shell.completionModel())
                line = await editor.readCommand(prompt: shell.prompt)
            } else {
                line = await input.readLine(prompt: "")
            }
            guard let line else {
                if interactive { streams.standardOutput("\n") }
                if piped.refusedUnendedInput { status = 65 }
                break
            }
            let shell = self.shell
            let outcome = await run { await shell.execute(line: line) }
            if signals.wasCancelled { streams.standardError("Cancelled.\n") }
            notices.flush()
            if let ended = ending() { return ended }
            switch outcome {
            case .quit: break loop
            case .completed(let result): status = result
            }
        }
        if !untilRoot { await shell.endSession() }
        if let ended = ending() { return ended }
        return interactive && !untilRoot ? 0 : status
    }
}

/// Signals, handled as a well-made Unix tool does:
/// - SIGINT (Ctrl-C) while a command runs cancels that command (its request returns at once); an interactive REPL
///   goes on, a piped session then ends by the signal. SIGINT while nothing runs ends the App (at the prompt,
///   libedit reads Ctrl-C as a key that clears the line, so this is a `kill -INT`).
/// - SIGTERM and SIGHUP cancel what runs, give the command up to two seconds to stop (a write in progress is a
///   transaction: it finishes or is rolled back), give the terminal its modes back and end the App by the signal
///   (status 128 + n in a shell). History is saved after every line, so none is lost.
/// - SIGQUIT does the same and exits 131, without the Swift runtime's interactive backtrace prompt.
/// Ctrl-Z suspends through CTerminal's SIGTSTP handler (the terminal's modes given back while stopped).
final class SignalHandler: Sendable {
    private struct State {
        var task: Task<Shell.Outcome, Never>?
        var cancelled = false
        var termination: Int32?
    }

    private final class Shared: Sendable {
        let mutex = Mutex(State())
        func withLock<T>(_ body: (inout State) -> T) -> T { mutex.withLock { body(&$0) } }
    }

    private let state = Shared()
    private let sources: [SignalSourceBox]

    init(interactive: Bool) {
        let state = self.state
        var sources: [SignalSourceBox] = []
        for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                let (task, keepsGoing) = state.withLock { current -> (Task<Shell.Outcome, Never>?, Bool) in
                    let keepsGoing = number == SIGINT && interactive && current.task != nil
                    if !keepsGoing, current.termination == nil { current.termination = number }
                    if current.task != nil { current.cancelled = true }
                    return (current.task, keepsGoing)
                }
                task?.cancel()
                // Nothing runs (waiting for a line): nothing to finish. Otherwise the session ends once the command
                // has stopped; if it does not stop within two seconds, it ends anyway.
                if task == nil {
                    Self.terminate(by: number)
                } else if !keepsGoing {
                    DispatchQueue.global().asyncAfter(deadline: .now() + 2) { Self.terminate(by: number) }
                }
            }
            source.resume()
            sources.append(SignalSourceBox(source))
        }
        self.sources = sources
    }

    func running(_ task: Task<Shell.Outcome, Never>) {
        state.withLock {
            $0.task = task
            $0.cancelled = false
        }
    }

    /// Ctrl-C read as a key (at a form's question): the same as the signal while a command runs.
    func cancelRunning() {
        let task = state.withLock { current -> Task<Shell.Outcome, Never>? in
            if current.task != nil { current.cancelled = true }
            return current.task
        }
        task?.cancel()
    }

    func finished() { state.withLock { $0.task = nil } }

    /// The last command was cancelled by Ctrl-C.
    var wasCancelled: Bool { state.withLock { $0.cancelled } }

    /// A signal that ends the App once the running command has stopped.
    var pendingTermination: Int32? { state.withLock { $0.termination } }

    /// Gives the terminal its modes back and ends the process by `signal` (SIGQUIT: exit status 131, no core).
    static func terminate(by signal: Int32) -> Never {
        skylens_terminal_restore()
        if signal == SIGQUIT { exit(128 + SIGQUIT) }
        #if canImport(Glibc)
            Glibc.signal(signal, SIG_DFL)
        #else
            Darwin.signal(signal, SIG_DFL)
        #endif
        raise(signal)
        exit(128 + signal)
    }
}

/// DispatchSource is thread-safe; the box only keeps it alive for as long as the handler.
private final class SignalSourceBox: @unchecked Sendable {
    let source: any DispatchSourceSignal
    init(_ source: any DispatchSourceSignal) { self.source = source }
}
