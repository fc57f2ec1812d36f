import Architecture
import CoreKit
import Foundation
import Logging

/// The global options as given on the command line (nil: not given).
struct Flags: Sendable {
    var format: String?
    var color: String?
    var dataDirectory: String?
    var logLevel: String?
    var logFile: String?
    var offline: Bool
    var timeout: Double?
    var contactURL: String?
    var citiesURL: String?
    var provider: String?
}

/// Everything the App is configured with, resolved once: flags first, then environment variables, then defaults.
struct AppConfiguration: Sendable, Equatable {
    enum ColorChoice: String, Sendable { case auto, always, never }

    var format: OutputFormat
    var color: ColorChoice
    var dataDirectory: URL
    var logLevel: Logger.Level
    var logFile: String?
    var offline: Bool
    var timeout: Duration
    var contactURL: URL?
    var citiesURL: URL?
    var provider: WeatherProviderChoice
    var openMeteoURL: URL
    /// Open-Meteo's air-quality API (`SKYLENS_AIR_QUALITY_URL` for tests).
    var airQualityURL: URL
    var openWeatherURL: URL
    /// Never printed, logged or stored.
    var openWeatherKey: String?

    enum WeatherProviderChoice: String, Sendable, Equatable {
        case openMeteo = "open-meteo"
        case openWeatherMap = "openweathermap"
    }

    struct Problem: Error, Equatable {
        var message: String
    }

    static func resolve(flags: Flags, environment env: [String: String]) throws(Problem) -> AppConfiguration {
        func nonEmpty(_ key: String) -> String? {
            guard let value = env[key]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
            return value
        }

        let formatName = flags.format ?? nonEmpty("SKYLENS_FORMAT") ?? "text"
        guard let format = OutputFormat(rawValue: formatName.lowercased()) else {
            throw Problem(message: "SKYLENS_FORMAT must be text or json, not '\(formatName.terminalPreview)'.")
        }
        let colorName = flags.color ?? nonEmpty("SKYLENS_COLOR") ?? "auto"
        guard let color = ColorChoice(rawValue: colorName.lowercased()) else {
            throw Problem(message: "SKYLENS_COLOR must be auto, always or never, not '\(colorName.terminalPreview)'.")
        }
        let levelName = flags.logLevel ?? nonEmpty("SKYLENS_LOG_LEVEL") ?? "warning"
        guard let level = Logger.Level(rawValue: levelName.lowercased()) else {
            throw Problem(
                message:
                    "The log level must be one of trace, debug, info, notice, warning, error, critical; not '\(levelName.terminalPreview)'."
            )
        }
        var timeoutSeconds = 10.0
        if let given = flags.timeout {
            timeoutSeconds = given
        } else if let text = nonEmpty("SKYLENS_TIMEOUT") {
            guard let value = Double(text) else {
                throw Problem(message: "SKYLENS_TIMEOUT must be a number of seconds, not '\(text.terminalPreview)'.")
            }
            timeoutSeconds = value
        }
        guard timeoutSeconds > 0, timeoutSeconds <= 600 else {
            throw Problem(message: "The timeout must be between 0 and 600 seconds (it is \(timeoutSeconds)).")
        }
        let offline = flags.offline || ["1", "true", "yes"].contains(nonEmpty("SKYLENS_OFFLINE")?.lowercased() ?? "")
        func url(_ flag: String?, _ variable: String, _ option: String, _ what: String) throws(Problem) -> URL? {
            guard let text = flag ?? nonEmpty(variable) else { return nil }
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                ["http", "https"].contains(scheme),
                url.host != nil
            else {
                let source = flag != nil ? option : variable
                throw Problem(
                    message:
                        "The \(what) URL must be an http or https URL, not '\(text.terminalPreview)' (from \(source)).")
            }
            return url
        }
        let contactURL = try url(flags.contactURL, "SKYLENS_CONTACT_URL", "--contact-url", "contact")
        let citiesURL = try url(flags.citiesURL, "SKYLENS_CITIES_URL", "--cities-url", "city list")
        let providerName = (flags.provider ?? nonEmpty("SKYLENS_WEATHER_PROVIDER") ?? "open-meteo").lowercased()
        let provider: WeatherProviderChoice
        switch providerName {
        case "open-meteo", "openmeteo": provider = .openMeteo
        case "openweathermap", "owm": provider = .openWeatherMap
        default:
            throw Problem(
                message: "The weather provider is open-meteo or openweathermap, not '\(providerName.terminalPreview)'.")
        }
        let openMeteoURL =
            try url(nil, "SKYLENS_OPEN_METEO_URL", "", "Open-Meteo") ?? URL(string: "https://api.open-meteo.com")!
        let airQualityURL =
            try url(nil, "SKYLENS_AIR_QUALITY_URL", "", "air quality")
            ?? URL(string: "https://air-quality-api.open-meteo.com")!
        let openWeatherURL =
            try url(nil, "SKYLENS_OPENWEATHER_URL", "", "OpenWeatherMap") ?? URL(
                string: "https://api.openweathermap.org")!
        return AppConfiguration(
            format: format, color: color, dataDirectory: dataDirectory(flags: flags, environment: env), logLevel: level,
            logFile: flags.logFile ?? nonEmpty("SKYLENS_LOG_FILE"), offline: offline,
            timeout: .milliseconds(Int64((timeoutSeconds * 1000).rounded())), contactURL: contactURL,
            citiesURL: citiesURL, provider: provider, openMeteoURL: openMeteoURL,
            airQualityURL: airQualityURL, openWeatherURL: openWeatherURL,
            openWeatherKey: nonEmpty("OPENWEATHER_API_KEY"))
    }

    /// `--data-dir`, else `SKYLENS_HOME`, else `$XDG_DATA_HOME/skylens`, else `~/.local/share/skylens`.
    static func dataDirectory(flags: Flags, environment env: [String: String]) -> URL {
        func expand(_ path: String) -> URL {
            let expanded = (path as NSString).expandingTildeInPath
            return URL(fileURLWithPath: expanded, isDirectory: true).standardizedFileURL
        }
        if let path = flags.dataDirectory, !path.isEmpty { return expand(path) }
        if let path = env["SKYLENS_HOME"], !path.isEmpty { return expand(path) }
        if let xdg = env["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return expand(xdg).appendingPathComponent("skylens", isDirectory: true)
        }
        let home = env["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return expand(home).appendingPathComponent(".local/share/skylens", isDirectory: true)
    }

    var databasePath: String { dataDirectory.appendingPathComponent("skylens.sqlite").path }

    /// Why nothing can be saved in the data directory, when something other than a folder is at its path (a file
    /// given to `--data-dir` by mistake): the session then keeps everything in memory and says so.
    var dataDirectoryProblem: String? {
        switch FileKind.at(dataDirectory.path) {
        case .missing, .directory: nil
        case let kind:
            "The data directory \(dataDirectory.path.terminalSafe) is \(kind.description), not a folder, so nothing is saved this session (favourites, settings, history and queued messages live in memory until it ends). Move it away, or choose another with --data-dir or SKYLENS_HOME."
        }
    }
    var historyPath: String { dataDirectory.appendingPathComponent("history").path }

    /// Colour is on for `always`; for `auto`, when a person is looking (standard output a terminal, and for a
    /// session standard input too: commands piped in get plain text), unless NO_COLOR is set or TERM is dumb.
    func colorEnabled(
        stdoutIsTerminal: Bool, stdinIsTerminal: Bool, oneShot: Bool, environment env: [String: String]
    )
        -> Bool
    {
        switch color {
        case .always: true
        case .never: false
        case .auto:
            stdoutIsTerminal && (oneShot || stdinIsTerminal) && (env["NO_COLOR"] ?? "").isEmpty && env["TERM"] != "dumb"
                && format == .text
        }
    }

    /// Whether errors before the configuration is known should be JSON (`--format json` or `SKYLENS_FORMAT=json`).
    static func wantsJSON(flags: Flags, environment env: [String: String]) -> Bool {
        (flags.format ?? env["SKYLENS_FORMAT"] ?? "").lowercased() == "json"
    }
}
