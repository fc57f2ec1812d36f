import ArgumentParser
import Foundation

/// `App [global options] [COMMAND [ARGUMENTS…]]`: with a command, runs it and exits; without one, starts the REPL.
@main
struct SkyLensCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skylens",
        abstract: "Weather, the world's cities on a map, and a contact form, in a terminal.",
        discussion: """
            With no COMMAND, starts an interactive session (or reads commands line by line from a pipe). With a \
            COMMAND, runs it once and exits: 0 on success, 64 on a usage error, 65 invalid input, 67 a place that \
            cannot be resolved, 69 a service unreachable with nothing kept, 75 a temporary failure worth retrying, \
            78 a setting to fix, 1 any other failure. Type 'help' in a session, or run `App -- help`, for the \
            commands.
            """,
        version: AppInfo.version
    )

    @Option(help: "Output format: text or json (one JSON document per command).")
    var format: OutputFormatOption?

    @Option(help: "Colour: auto (a terminal, unless NO_COLOR is set), always or never.")
    var color: ColorOption?

    @Option(
        name: .customLong("data-dir"),
        help: ArgumentHelp("Where settings, history and the outbox live (env SKYLENS_HOME).", valueName: "path"))
    var dataDirectory: String?

    @Option(
        name: .customLong("log-level"),
        help: "trace, debug, info, notice, warning, error or critical (env SKYLENS_LOG_LEVEL; default warning).")
    var logLevel: String?

    @Option(
        name: .customLong("log-file"),
        help: ArgumentHelp(
            "Write logs to this file instead of standard error (env SKYLENS_LOG_FILE).", valueName: "path"))
    var logFile: String?

    @Flag(help: "Make no network request at all (env SKYLENS_OFFLINE=1).")
    var offline = false

    @Option(
        help: ArgumentHelp(
            "Give up on a request after this many seconds (env SKYLENS_TIMEOUT; default 10).", valueName: "seconds"))
    var timeout: Double?

    @Option(
        name: .customLong("contact-url"),
        help: ArgumentHelp("Where contact messages are sent (env SKYLENS_CONTACT_URL).", valueName: "url"))
    var contactURL: String?

    @Option(
        name: .customLong("cities-url"),
        help: ArgumentHelp(
            "Load the city list from this URL instead of the built-in one (env SKYLENS_CITIES_URL).", valueName: "url"))
    var citiesURL: String?

    @Option(
        help: ArgumentHelp(
            "The weather provider: open-meteo (default) or openweathermap (env SKYLENS_WEATHER_PROVIDER; needs OPENWEATHER_API_KEY).",
            valueName: "name"))
    var provider: String?

    @Argument(parsing: .captureForPassthrough, help: "A command and its arguments, to run once.")
    var command: [String] = []

    func run() async throws {
        // `swift run App -- --format json search x`: global options may follow the `--`; parse them as such.
        if command.first == "--", let next = command.dropFirst().first, next.hasPrefix("-"), next != "--" {
            // The options given before the `--` count too.
            let arguments = Array(CommandLine.arguments.dropFirst())
            let before = arguments.firstIndex(of: "--").map { Array(arguments[..<$0]) } ?? []
            let reparsed = try Self.parseAsRoot(before + Array(command.dropFirst()))
            if let app = reparsed as? SkyLensCommand {
                try await app.run()
            } else {
                var other = reparsed
                try other.run()
            }
            return
        }
        let flags = Flags(
            format: format?.rawValue, color: color?.rawValue, dataDirectory: dataDirectory, logLevel: logLevel,
            logFile: logFile, offline: offline, timeout: timeout, contactURL: contactURL,
            citiesURL: citiesURL, provider: provider)
        // Passthrough capture also takes the built-in flags when they come first; answer them as usual.
        switch command.first {
        case "--version":
            print(AppInfo.version)
            return
        case "--help", "-h":
            print(Self.helpMessage())
            return
        default:
            break
        }
        let words = command.first == "--" ? Array(command.dropFirst()) : command
        let status = await AppRunner.run(flags: flags, command: words, environment: ProcessInfo.processInfo.environment)
        if status != 0 { throw ExitCode(status) }
    }
}

enum OutputFormatOption: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

enum ColorOption: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}

enum AppInfo {
    static let name = "SkyLens"
    static let version = "0.1.0"
    static let tagline = "weather, the world's cities on a map, and a contact form, in a terminal"
}
