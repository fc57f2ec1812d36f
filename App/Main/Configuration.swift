import Architecture
import CoreKit
import Foundation
import Localization
import Logging
import WeatherFeature

/// Everything the App is configured with, resolved once: options first, then environment variables, then the config
/// file, then defaults (`LayeredSettings`).
struct AppConfiguration: Sendable, Equatable {
    enum ColorChoice: String, Sendable { case auto, always, never }

    var format: OutputFormat
    var color: ColorChoice
    /// Where settings, history and the outbox live: an absolute, standard path (kept as text: Foundation's
    /// `URL.path` costs a scan of every protocol conformance the first time, on every command's path, issue 30).
    var dataDirectoryPath: String
    var dataDirectory: URL { URL(fileURLWithPath: dataDirectoryPath, isDirectory: true) }
    var logLevel: Logger.Level
    var logFile: String?
    var offline: Bool
    var timeout: Duration
    var contactURL: URL?
    var citiesURL: URL?
    var provider: WeatherProviderChoice
    /// Where units start when no `unit` choice is kept.
    var units: UnitDefaults
    /// Where every feature starts before any place was shown (`place:`, SKYLENS_PLACE); nil: Toronto.
    var place: String? = nil
    var openMeteoURL: URL
    /// Open-Meteo's air-quality API (`SKYLENS_AIR_QUALITY_URL` for tests).
    var airQualityURL: URL
    /// Open-Meteo's historical weather API, for the normals (`SKYLENS_ARCHIVE_URL` for tests).
    var archiveURL: URL = URL(string: "https://archive-api.open-meteo.com")!
    /// Open-Meteo's ensemble API, for `forecast --range` (`SKYLENS_ENSEMBLE_URL` for tests).
    var ensembleURL: URL = URL(string: "https://ensemble-api.open-meteo.com")!
    var openWeatherURL: URL
    /// Never printed, logged or stored.
    var openWeatherKey: String?
    /// The language given for this run (`--lang`, SKYLENS_LANG), which wins over everything; and where.
    var language: Language? = nil
    var languageSource: String? = nil
    /// The config file's `lang:`, which the one `lang` kept wins over.
    var configuredLanguage: Language? = nil
    /// Who the requests name as their contact (`user-agent-contact:`, SKYLENS_USER_AGENT_CONTACT): an e-mail
    /// address or a URL, printable ASCII.
    var userAgentContact: String? = nil

    /// What every request says it is: `SkyLens/1.2.0 (you@example.org)`, or without a contact `SkyLens/1.2.0`.
    var userAgent: String {
        "SkyLens/\(AppInfo.version)" + (userAgentContact.map { " (\($0))" } ?? "")
    }

    enum WeatherProviderChoice: String, Sendable, Equatable {
        case openMeteo = "open-meteo"
        case openWeatherMap = "openweathermap"
    }

    /// A setting given for this run that is not valid: a usage error, said in the user's language.
    struct Problem: Error, Equatable {
        var sentence: Sentence
        /// In English (tests, logs).
        var message: String { sentence.english }
    }

    /// Resolves every setting from its layers (`LayeredSettings`: options, environment, config file, defaults). A
    /// value that is not valid stops the App with a usage error when it was given as an option or a variable; from
    /// the config file, it is reported (added to `settings.problems`) and the default stands.
    static func resolve(
        settings: inout LayeredSettings, environment env: [String: String]
    ) throws(Problem) -> AppConfiguration {
        func nonEmpty(_ key: String) -> String? {
            guard let value = env[key]?.trimmingSpaces, !value.isEmpty else { return nil }
            return value
        }
        /// The setting's value parsed, or nil when no layer has it; a value that does not parse is a problem.
        func setting<T>(_ key: SettingKey, must expected: Sentence, _ parse: (String) -> T?) throws(Problem) -> T? {
            guard let (text, origin) = settings.value(key) else { return nil }
            if let value = parse(text) { return value }
            let (label, value) = (
                Sentence.Value.sentence(settings.label(key, origin)), Sentence.Value.text(text.terminalPreview)
            )
            if case .file = origin {
                settings.report(
                    Sentence(
                        "%1$@ must be %2$@, not '%3$@'; the default is used.", label, .sentence(expected), value,
                        table: .app))
                return parse(LayeredSettings.defaults[key] ?? "")
            }
            throw Problem(
                sentence: Sentence("%1$@ must be %2$@, not '%3$@'.", label, .sentence(expected), value, table: .app))
        }

        let format =
            try setting(.format, must: Sentence("text or json", table: .app)) {
                OutputFormat(rawValue: $0.lowercased())
            } ?? .text
        let color =
            try setting(.color, must: Sentence("auto, always or never", table: .app)) {
                ColorChoice(rawValue: $0.lowercased())
            } ?? .auto
        let level =
            try setting(
                .logLevel, must: Sentence("one of trace, debug, info, notice, warning, error, critical", table: .app)
            ) {
                Logger.Level(rawValue: $0.lowercased())
            } ?? .warning
        let timeoutSeconds =
            try setting(.timeout, must: Sentence("a number of seconds between 0 and 600", table: .app)) {
                text -> Double? in
                guard let value = Double(text), value > 0, value <= 600 else { return nil }
                return value
            } ?? 10
        let offline =
            try setting(.offline, must: Sentence("true or false", table: .app)) { text -> Bool? in
                switch text.lowercased() {
                case "1", "true", "yes", "on": true
                case "0", "false", "no", "off": false
                default: nil
                }
            } ?? false
        /// `what`: the URL's name ("The contact URL").
        func url(_ key: SettingKey, _ what: Sentence) throws(Problem) -> URL? {
            guard let (text, origin) = settings.value(key) else { return nil }
            if let url = webURL(text) { return url }
            let (value, label) = (
                Sentence.Value.text(text.terminalPreview), Sentence.Value.sentence(settings.label(key, origin))
            )
            if case .file = origin {
                settings.report(
                    Sentence(
                        "%1$@ must be an http or https URL, not '%2$@' (from %3$@); it is ignored.", .sentence(what),
                        value, label, table: .app))
                return nil
            }
            throw Problem(
                sentence: Sentence(
                    "%1$@ must be an http or https URL, not '%2$@' (from %3$@).", .sentence(what), value, label,
                    table: .app))
        }
        func testURL(_ variable: String, _ what: Sentence) throws(Problem) -> URL? {
            guard let text = nonEmpty(variable) else { return nil }
            guard let url = webURL(text) else {
                throw Problem(
                    sentence: Sentence(
                        "%1$@ must be an http or https URL, not '%2$@' (from %3$@).", .sentence(what),
                        .text(text.terminalPreview), .text(variable), table: .app))
            }
            return url
        }
        let contactURL = try url(.contactURL, Sentence("The contact URL", table: .app))
        let citiesURL = try url(.citiesURL, Sentence("The city list URL", table: .app))
        let provider =
            try setting(.provider, must: Sentence("open-meteo or openweathermap", table: .app)) {
                text -> WeatherProviderChoice? in
                switch text.lowercased() {
                case "open-meteo", "openmeteo": .openMeteo
                case "openweathermap", "owm": .openWeatherMap
                default: nil
                }
            } ?? .openMeteo
        let units =
            try setting(
                .units, must: Sentence("metric, imperial, or unit words such as 'f mph in 12'", table: .app)
            ) { text in try? UnitDefaults(parsing: text) }
            ?? UnitDefaults()
        let openMeteoURL =
            try testURL("SKYLENS_OPEN_METEO_URL", Sentence("The Open-Meteo URL", table: .app)) ?? URL(
                string: "https://api.open-meteo.com")!
        let airQualityURL =
            try testURL("SKYLENS_AIR_QUALITY_URL", Sentence("The air quality URL", table: .app))
            ?? URL(string: "https://air-quality-api.open-meteo.com")!
        let archiveURL =
            try testURL("SKYLENS_ARCHIVE_URL", Sentence("The historical weather URL", table: .app))
            ?? URL(string: "https://archive-api.open-meteo.com")!
        let ensembleURL =
            try testURL("SKYLENS_ENSEMBLE_URL", Sentence("The ensemble URL", table: .app)) ?? URL(
                string: "https://ensemble-api.open-meteo.com")!
        let openWeatherURL =
            try testURL("SKYLENS_OPENWEATHER_URL", Sentence("The OpenWeatherMap URL", table: .app)) ?? URL(
                string: "https://api.openweathermap.org")!
        // A header's value: printable ASCII without parentheses, never a line break (no header can be smuggled in).
        let userAgentContact = try setting(
            .userAgentContact,
            must: Sentence("an e-mail address or a URL of at most 200 printable ASCII characters", table: .app)
        ) { text -> String? in
            let trimmed = text.trimmingSpaces
            guard !trimmed.isEmpty, trimmed.utf8.count <= 200,
                trimmed.unicodeScalars.allSatisfy({ (0x20...0x7E).contains($0.value) && $0 != "(" && $0 != ")" })
            else { return nil }
            return trimmed
        }
        var language: Language?
        var languageSource: String?
        var configuredLanguage: Language?
        if let (text, origin) = settings.value(.lang) {
            let (label, value) = (
                Sentence.Value.sentence(settings.label(.lang, origin)), Sentence.Value.text(text.terminalPreview)
            )
            switch (Language.named(text), origin) {
            case (let named?, .file): configuredLanguage = named
            case (let named?, _): (language, languageSource) = (named, settings.label(.lang, origin).english)
            case (nil, .file):
                settings.report(
                    Sentence(
                        "%1$@ must be a language SkyLens speaks (%2$@), not '%3$@'; it is ignored.", label,
                        .text(Language.codes), value, table: .app))
            case (nil, _):
                throw Problem(
                    sentence: Sentence(
                        "%1$@ must be a language SkyLens speaks (%2$@), not '%3$@'.", label, .text(Language.codes),
                        value,
                        table: .app))
            }
        }
        let dataDirectory = settings.value(.dataDirectory).map { expand($0.text) } ?? defaultDataDirectory(env)
        return AppConfiguration(
            format: format, color: color, dataDirectoryPath: dataDirectory, logLevel: level,
            logFile: settings.value(.logFile)?.text, offline: offline,
            timeout: .milliseconds(Int64((timeoutSeconds * 1000).rounded())), contactURL: contactURL,
            citiesURL: citiesURL, provider: provider, units: units,
            place: settings.value(.place)?.text.trimmingSpaces, openMeteoURL: openMeteoURL,
            airQualityURL: airQualityURL, archiveURL: archiveURL, ensembleURL: ensembleURL,
            openWeatherURL: openWeatherURL,
            openWeatherKey: nonEmpty("OPENWEATHER_API_KEY"), language: language, languageSource: languageSource,
            configuredLanguage: configuredLanguage, userAgentContact: userAgentContact)
    }

    private static func webURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host != nil
        else { return nil }
        return url
    }

    /// A folder's absolute, standard path: `~` expanded, relative to the working folder, `.` and `..` resolved.
    static func expand(_ path: String) -> String {
        let expanded = path.hasPrefix("~") ? (path as NSString).expandingTildeInPath : path
        // An absolute path with no `.`, `..` or empty part is already standard: Foundation's standardizing of it was
        // a tenth of a millisecond of every start (issue 30).
        let parts = expanded.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        if expanded.hasPrefix("/"), !parts.contains(where: { $0 == "." || $0 == ".." || $0.isEmpty }) {
            return expanded
        }
        return URL(fileURLWithPath: expanded, isDirectory: true).standardizedFileURL.path
    }

    /// `$XDG_DATA_HOME/skylens`, else `~/.local/share/skylens`: where data lives when no layer names a folder.
    static func defaultDataDirectory(_ env: [String: String]) -> String {
        if let xdg = env["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return FilePaths.join(expand(xdg), "skylens")
        }
        let home = env["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return FilePaths.join(expand(home), ".local/share/skylens")
    }

    var databasePath: String { FilePaths.join(dataDirectoryPath, "skylens.sqlite") }

    /// Why nothing can be saved in the data directory, when something other than a folder is at its path (a file
    /// given to `--data-dir` by mistake): every command that would keep something then says it was not kept.
    var dataDirectoryProblem: String? { dataDirectoryProblemSentence?.english }

    /// The same, to be said in the user's language.
    var dataDirectoryProblemSentence: Sentence? {
        switch FileKind.at(dataDirectoryPath) {
        case .missing, .directory: nil
        case let kind:
            Sentence(
                "The data directory %1$@ is %2$@, not a folder, so nothing can be kept: a favourite, a setting or a message you ask to keep is refused (exit status 73), never held in memory as if kept. Move it away, or choose another with --data-dir or SKYLENS_HOME.",
                .text(dataDirectoryPath.terminalSafe), .sentence(kind.sentence), table: .app)
        }
    }
    var historyPath: String { FilePaths.join(dataDirectoryPath, "history") }

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

}
