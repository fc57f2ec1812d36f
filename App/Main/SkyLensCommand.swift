import Architecture
import ArgumentParser
import CommandShell
import Foundation
import ProgramDocumentation

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
            78 a setting to fix, 1 any other failure (and `rain --within`'s no). Defaults can be set once in \
            ~/.config/skylens/config.yaml (see \
            `skylens manual`). Type 'help' in a session, or run `App -- help`, for the \
            commands.
            """,
        version: AppInfo.version
    )

    // Values are read as text and checked with the other layers (`AppConfiguration.resolve`), so that a wrong one is
    // said in the user's language, as from the environment or the config file (not in ArgumentParser's English).
    @Option(help: SettingKey.format.argumentHelp)
    var format: String?

    @Option(help: SettingKey.color.argumentHelp)
    var color: String?

    @Option(name: .customLong(SettingKey.dataDirectory.key), help: SettingKey.dataDirectory.argumentHelp)
    var dataDirectory: String?

    @Option(name: .customLong(SettingKey.logLevel.key), help: SettingKey.logLevel.argumentHelp)
    var logLevel: String?

    @Option(name: .customLong(SettingKey.logFile.key), help: SettingKey.logFile.argumentHelp)
    var logFile: String?

    @Flag(help: SettingKey.offline.argumentHelp)
    var offline = false

    @Option(help: SettingKey.timeout.argumentHelp)
    var timeout: String?

    @Option(name: .customLong(SettingKey.contactURL.key), help: SettingKey.contactURL.argumentHelp)
    var contactURL: String?

    @Option(name: .customLong(SettingKey.citiesURL.key), help: SettingKey.citiesURL.argumentHelp)
    var citiesURL: String?

    @Option(help: SettingKey.provider.argumentHelp)
    var provider: String?

    @Option(name: .customLong(SettingKey.lang.key), help: SettingKey.lang.argumentHelp)
    var lang: String?

    @ArgumentParser.Argument(parsing: .captureForPassthrough, help: "A command and its arguments, to run once.")
    var command: [String] = []

    /// As ArgumentParser's `main`, with the start made on the other core meanwhile (`EarlyStart`).
    static func main() async {
        let early = EarlyStart.start(arguments: Array(CommandLine.arguments.dropFirst()))
        do {
            var command = try parseAsRoot()
            if let app = command as? SkyLensCommand {
                try await EarlyStart.$current.withValue(early) { try await app.run() }
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }

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
        // The options given, as the first layer of the settings.
        var given: [SettingKey: String] = [
            .format: format, .color: color, .dataDirectory: dataDirectory, .logLevel: logLevel,
            .logFile: logFile, .timeout: timeout, .contactURL: contactURL, .citiesURL: citiesURL,
            .provider: provider, .lang: lang,
        ].compactMapValues { $0 }
        if offline { given[.offline] = "true" }
        // Passthrough capture also takes the built-in flags when they come first; answer them as usual.
        if command.first == "--version" {
            print(AppInfo.version)
            return
        }
        // `--help` in the user's language, laid out to the terminal (not ArgumentParser's English).
        let help = command.first == "--help" || command.first == "-h"
        let words = help ? [AppRunner.helpRequest] : command.first == "--" ? Array(command.dropFirst()) : command
        // Made while the command line was read, when it was read as guessed; else here.
        let start: EarlyStart.Made
        if let made = await EarlyStart.current?.made(given: given, oneShot: !words.isEmpty) {
            start = made
        } else {
            start = await EarlyStart.make(
                given: given, oneShot: !words.isEmpty, environment: ProcessInfo.processInfo.environment)
        }
        let status = await AppRunner.run(command: words, start: start)
        if status != 0 { throw ExitCode(status) }
    }
}

enum AppInfo {
    static let name = "SkyLens"
    static let version = "0.1.0"
    static let tagline = "weather, the world's cities on a map, and a contact form, in a terminal"
}
