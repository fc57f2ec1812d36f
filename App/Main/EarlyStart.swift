import CTerminal
import CThread
import CitiesService
import CoreKit
import Diagnostics
import Foundation
import Logging
import Persistence
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The start of a command (its settings, its configuration, its logging and its container, which starts connecting
/// the store) made on the other core while ArgumentParser reads the command line (issue 30: that reading is 3–4 ms of
/// every start, on one core, and what follows it was 2–3 ms more on the same core before the command could begin).
///
/// Made from a guess: `start` reads the global options at the front of the words as `SkyLensCommand` declares them
/// (`--format json`, `--lang=de`, `--offline`), and `SkyLensCommand.run` uses what was made only when
/// ArgumentParser's reading gives the same options and the same kind of run (a command, or a session); otherwise it is
/// put aside (its store closed) and the start made again from what ArgumentParser read, as without a guess. The start
/// depends on nothing but the options, the environment and the config file, so what was made, when the guess holds, is
/// what the command would have made itself.
struct EarlyStart: Sendable {
    /// What `AppRunner.run` starts from.
    struct Made: Sendable {
        var settings: LayeredSettings
        var configuration: Result<AppConfiguration, AppConfiguration.Problem>
        /// The process's environment, read once.
        var environment: [String: String]
        /// Made when the configuration resolved and the log file (if any) opened; else `AppRunner.run` says why.
        var services: Services?
        /// The thread that made it, waiting for one more piece of work (`OtherCore`); nil when made by the caller.
        var otherCore: OtherCore?
    }

    /// What the App is made of, once configured.
    struct Services: Sendable {
        /// For every logger of the App (and swift-log's `LoggingSystem`).
        var logging: @Sendable (String) -> any LogHandler
        /// For a person at a terminal while a command waits for a server.
        var spinner: Spinner?
        var container: Container

        /// - Throws: the log file cannot be opened.
        static func make(
            _ configuration: AppConfiguration, oneShot: Bool, environment: [String: String]
        ) throws(LoggingSetup.SetupError) -> Services {
            let logging = try LoggingSetup(
                level: configuration.logLevel,
                destination: configuration.logFile.map { .file(path: $0) } ?? .standardError
            ).makeFactory()
            // A spinner for a person at a terminal while a command waits for a server.
            var spinner: Spinner?
            var activity: (@Sendable (String) -> @Sendable () -> Void)?
            if TerminalProbe.isTerminal(STDERR_FILENO), environment["TERM"] != "dumb" {
                let made = Spinner { text in FileHandle.standardError.write(Data(text.utf8)) }
                (spinner, activity) = (made, { host in made.requestStarted(host: host) })
            }
            let container = Container(
                configuration: configuration, activity: activity, oneShot: oneShot, environment: environment,
                logging: logging)
            return Services(logging: logging, spinner: spinner, container: container)
        }
    }

    /// The options guessed from the words.
    let given: [SettingKey: String]
    /// True when words follow the options: one command, not a session.
    let oneShot: Bool
    private let handover: Handover<Made>

    /// The start being made for this process, for `SkyLensCommand.run` (set by `SkyLensCommand.main`).
    @TaskLocal static var current: EarlyStart?

    /// Starts making the start for `arguments` (the command line without the program's name) on a thread of its own;
    /// nil when there is nothing to make (`--version`, `--help`), the words are not plainly global options then a
    /// command (ArgumentParser is left to read them, and to say what is wrong), or no thread can be made.
    ///
    /// A thread of its own, made here, not a task: the shared pool's first threads took one to four milliseconds to
    /// be made and to start here (as long as ArgumentParser's whole reading), and could start on the core that reads.
    /// The store is connected last, on the same thread, after the rest is handed over.
    static func start(arguments: [String]) -> EarlyStart? {
        guard let (given, rest) = guessedOptions(arguments) else { return nil }
        let oneShot = !rest.isEmpty
        let handover = Handover<Made>()
        let otherCore = OtherCore()
        let started = DetachedThread.start {
            let environment = ProcessInfo.processInfo.environment
            var made =
                LayeredSettings.loadWithoutFile(commandLine: given, environment: environment).map {
                    configure($0, oneShot: oneShot, environment: environment)
                } ?? DetachedThread.wait { await make(given: given, oneShot: oneShot, environment: environment) }
            made.otherCore = otherCore
            // Promised to the first use before the rest is handed over; connected after, on this thread.
            let connect = made.services?.container.database.connectAheadLater()
            handover.give(made)
            connect?()
            // The city list too, when it is cheap (checked before): most commands name a place.
            if oneShot { made.services?.container.catalogue.openAhead() }
            // The command now runs on the pool's threads, on either core: the last piece of work goes where the
            // scheduler finds room, and never in the way of the thread that gives it (woken on that thread's core, it
            // took the core from it: `sky` waited 1.8 ms for its dates, measured).
            skylens_thread_background()
            otherCore.runWhatIsGiven()
        }
        return started ? EarlyStart(given: given, oneShot: oneShot, handover: handover) : nil
    }

    /// What was made, when ArgumentParser read `given` and a command (`oneShot`) as guessed; else nil, and what was
    /// made is put aside (its store, connected ahead, closed).
    func made(given: [SettingKey: String], oneShot: Bool) async -> Made? {
        let made = await handover.value
        if given == self.given, oneShot == self.oneShot { return made }
        made.otherCore?.give(nil)
        await made.services?.container.database.closeConnections()
        return nil
    }

    /// The start for the options `given`: the settings' layers, resolved, and what the configuration makes.
    static func make(given: [SettingKey: String], oneShot: Bool, environment: [String: String]) async -> Made {
        configure(
            await LayeredSettings.load(commandLine: given, environment: environment), oneShot: oneShot,
            environment: environment)
    }

    /// The settings resolved, and what the configuration makes.
    private static func configure(_ settings: LayeredSettings, oneShot: Bool, environment: [String: String]) -> Made {
        var settings = settings
        do throws(AppConfiguration.Problem) {
            let configuration = try AppConfiguration.resolve(settings: &settings, environment: environment)
            let services = try? Services.make(configuration, oneShot: oneShot, environment: environment)
            return Made(
                settings: settings, configuration: .success(configuration), environment: environment,
                services: services)
        } catch {
            return Made(settings: settings, configuration: .failure(error), environment: environment)
        }
    }

    /// The global options at the start of `arguments`, as `SkyLensCommand` reads them, and the words of the command
    /// after them (after a `--`, if there is one); nil for `--version`, `--help`, `-h`, an option it does not have,
    /// an option without its value, or an option after the `--` (which `SkyLensCommand.run` reads again).
    static func guessedOptions(_ arguments: [String]) -> ([SettingKey: String], ArraySlice<String>)? {
        let options = Dictionary(
            uniqueKeysWithValues: SettingKey.allCases.compactMap { key in key.option.map { ($0, key) } })
        var given: [SettingKey: String] = [:]
        var index = arguments.startIndex
        while index < arguments.endIndex, arguments[index].hasPrefix("-") {
            let word = arguments[index]
            if word == "--" {
                // The command after it (`App -- search x`); options after it are read again by `run`.
                let rest = arguments[(index + 1)...]
                return rest.first?.hasPrefix("-") == true ? nil : (given, rest)
            }
            let (name, attached) =
                word.firstIndex(of: "=").map { (String(word[..<$0]), String(word[word.index(after: $0)...])) }
                ?? (word, nil)
            guard let key = options[name] else { return nil }
            if key.valueName == nil {
                guard attached == nil else { return nil }
                given[key] = "true"
            } else if let attached {
                given[key] = attached
            } else {
                index += 1
                guard index < arguments.endIndex, !arguments[index].hasPrefix("-") else { return nil }
                given[key] = arguments[index]
            }
            index += 1
        }
        return (given, arguments[index...])
    }
}

/// The early start's thread once the start is made and the store connected: it runs one more piece of work, the one
/// the command's declaration asks for (`CommandDeclaration.prepare`: ICU's dates for `sky`), still on the other core,
/// then ends. The pool's threads, which did it before, started it a millisecond after it was asked for, and sometimes
/// on the core the command runs on (issue 30).
final class OtherCore: Sendable {
    /// nil until given; then the work, or nil for none.
    private let work = Mutex<(@Sendable () -> Void)??>(nil)
    private let given = DispatchSemaphore(value: 0)

    /// Gives the thread its last piece of work, or nothing (the thread then ends): once, always (else it waits until
    /// the process ends).
    func give(_ work: (@Sendable () -> Void)?) {
        let first = self.work.withLock { current in
            guard current == nil else { return false }
            current = .some(work)
            return true
        }
        if first { given.signal() }
    }

    /// On the thread: waits for what is given, and runs it.
    fileprivate func runWhatIsGiven() {
        given.wait()
        if let work = work.withLock({ $0 }) ?? nil { work() }
    }
}

/// A POSIX thread of the App's own, for work that must start at once (`EarlyStart`).
enum DetachedThread {
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Runs `body` on a new thread, on another core than the caller's; false when none could be made, or when the
    /// process may run on one core only (the work would only take turns with the caller's). Another core because
    /// the kernel may start a new thread on its maker's, where it waits until the maker sleeps (measured here: one
    /// start in three, for the whole of ArgumentParser's reading).
    static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        let made = skylens_thread_elsewhere(
            { context in
                guard let context else { return nil }
                Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, context)
        guard made == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return false
        }
        return true
    }

    /// Waits, on such a thread (never a task's: it would hold one of the shared pool's few threads), for `work` done
    /// as a task.
    static func wait<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<T?>(nil)
        Task.detached {
            let value = await work()
            result.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return result.withLock { value in
            guard let value else { preconditionFailure("the task signals only once its value is set") }
            return value
        }
    }
}
