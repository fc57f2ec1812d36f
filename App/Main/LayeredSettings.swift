import Architecture
import Configuration
import CoreKit
import Foundation
import Localization
import Synchronization
import SystemPackage

/// A setting people may give on the command line, in the environment or in the config file: its key in the file
/// (and in swift-configuration), its option and its environment variable.
enum SettingKey: String, CaseIterable, Sendable {
    case format, color
    case dataDirectory = "data-dir"
    case logLevel = "log-level"
    case logFile = "log-file"
    case offline, timeout
    case contactURL = "contact-url"
    case citiesURL = "cities-url"
    case provider, units, place
    /// The language (`--lang`, SKYLENS_LANG, `lang:`).
    case lang
    /// Who the requests name as their contact (`User-Agent: SkyLens/1.2 (you@example.org)`): NWS and MET Norway ask
    /// for one.
    case userAgentContact = "user-agent-contact"

    var key: String { rawValue }

    /// `--format`; nil for a setting with no option of its own.
    var option: String? { [.units, .place, .userAgentContact].contains(self) ? nil : "--\(rawValue)" }

    /// What it is, for the option's help and the manual (the variable is said in it), in English.
    var help: String? { help(.english()) }

    /// What it is, in the user's language (`words`: the App's).
    func help(_ words: Words) -> String? {
        switch self {
        case .format: words("Output format: text or json, one JSON document per command (env SKYLENS_FORMAT).")
        case .color: words("Colour: auto (a terminal, unless NO_COLOR is set), always or never (env SKYLENS_COLOR).")
        case .dataDirectory: words("Where settings, history and the outbox live (env SKYLENS_HOME).")
        case .logLevel:
            words("trace, debug, info, notice, warning, error or critical (env SKYLENS_LOG_LEVEL; default warning).")
        case .logFile: words("Write logs to this file instead of standard error (env SKYLENS_LOG_FILE).")
        case .offline: words("Make no network request at all (env SKYLENS_OFFLINE=1).")
        case .timeout: words("Give up on a request after this many seconds (env SKYLENS_TIMEOUT; default 10).")
        case .contactURL: words("Where contact messages are sent (env SKYLENS_CONTACT_URL).")
        case .citiesURL: words("Load the city list from this URL instead of the built-in one (env SKYLENS_CITIES_URL).")
        case .provider:
            words(
                "The weather provider: open-meteo (default) or openweathermap (env SKYLENS_WEATHER_PROVIDER; needs OPENWEATHER_API_KEY)."
            )
        case .lang:
            words(
                "The language: %@ (env SKYLENS_LANG; else the one 'lang' kept, lang: in the config file, LC_ALL, LC_MESSAGES, LANG).",
                Language.codes)
        case .units, .place, .userAgentContact: nil
        }
    }

    /// The option's value in help (`--format format`); nil for a flag (`--offline`).
    var valueName: String? {
        switch self {
        case .format: "format"
        case .color: "when"
        case .dataDirectory, .logFile: "path"
        case .logLevel: "level"
        case .timeout: "seconds"
        case .contactURL, .citiesURL: "url"
        case .provider: "name"
        case .lang: "code"
        case .offline, .units, .place, .userAgentContact: nil
        }
    }

    /// What completion offers for the value.
    var values: [String] {
        switch self {
        case .format: ["text", "json"]
        case .color: ["auto", "always", "never"]
        case .logLevel: ["trace", "debug", "info", "notice", "warning", "error", "critical"]
        case .provider: ["open-meteo", "openweathermap"]
        case .lang: Language.all.map(\.code)
        default: []
        }
    }

    /// The value is a path: completion offers files.
    var isPath: Bool { self == .dataDirectory || self == .logFile }

    /// The environment variable: `SKYLENS_` and the key, but for the two whose names came first.
    var variable: String {
        switch self {
        case .dataDirectory: "SKYLENS_HOME"
        case .provider: "SKYLENS_WEATHER_PROVIDER"
        default: "SKYLENS_" + String(rawValue.uppercased().map { $0 == "-" ? "_" : $0 })
        }
    }
}

/// The settings people set once, read through swift-configuration: one `ConfigReader` over four providers, in the
/// order they win: the command line's options, the environment (`SKYLENS_…`), the config file
/// (`$XDG_CONFIG_HOME/skylens/config.yaml`, else `~/.config/skylens/config.yaml`), the defaults. Each value comes
/// with where it came from, so that a mistake is reported where it can be mended.
struct LayeredSettings: Sendable {
    enum Origin: Equatable, Sendable {
        case commandLine, environment, defaults
        case file(line: Int?)
    }

    private let reader: ConfigReader
    private let origins: OriginRecorder
    private let names: [String: Origin]
    /// Where the config file is looked for (whether or not there is one).
    let filePath: String
    /// What was wrong with the file: each is reported on standard error, and the file (or the value) is ignored.
    private(set) var problems: [Sentence]
    /// The file's text, to find the line a key is on.
    private let fileText: String?

    static let defaults: [SettingKey: String] = [
        .format: "text", .color: "auto", .logLevel: "warning", .timeout: "10", .provider: "open-meteo",
        .offline: "false",
    ]

    /// `$XDG_CONFIG_HOME/skylens/config.yaml` when XDG_CONFIG_HOME is an absolute path, else
    /// `~/.config/skylens/config.yaml`.
    static func filePath(environment env: [String: String]) -> String {
        if let xdg = env["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return FilePaths.join(xdg, "skylens/config.yaml")
        }
        let home = env["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return FilePaths.join(home, ".config/skylens/config.yaml")
    }

    static func load(commandLine: [SettingKey: String], environment env: [String: String]) async -> LayeredSettings {
        var layers = Layers(commandLine: commandLine, environment: env)
        await layers.readFile()
        return layers.settings()
    }

    /// As `load`, made without waiting when there is nothing at the config file's path (most people have no file);
    /// nil when there is something there (`load` reads it: a YAML parse is given a deadline on another thread).
    static func loadWithoutFile(
        commandLine: [SettingKey: String], environment env: [String: String]
    ) -> LayeredSettings? {
        let layers = Layers(commandLine: commandLine, environment: env)
        guard FileKind.at(layers.path) == .missing else { return nil }
        return layers.settings()
    }

    /// The layers as they are gathered: the command line's, the environment's, the file's, the defaults.
    private struct Layers {
        var providers: [any ConfigProvider]
        var names: [String: Origin]
        var problems: [Sentence] = []
        var text: String?
        let path: String
        let fallback: InMemoryProvider

        init(commandLine: [SettingKey: String], environment env: [String: String]) {
            func values(_ settings: [SettingKey: String]) -> [AbsoluteConfigKey: ConfigValue] {
                Dictionary(
                    uniqueKeysWithValues: settings.map {
                        (AbsoluteConfigKey([$0.key.key]), ConfigValue(.string($0.value), isSecret: false))
                    })
            }
            let flags = InMemoryProvider(name: "command line", values: values(commandLine))
            // An empty variable counts as not set, as it always has (spaces and tabs only, `.whitespaces`, is empty too):
            // CoreKit's trimming, not Foundation's, which was a fifth of a millisecond for every variable (issue 30).
            let set = env.filter { !$0.value.trimmingSpaces.isEmpty }
            let environment = EnvironmentVariablesProvider(environmentVariables: set).mapKeys { key in
                // `contact-url` is read as SKYLENS_CONTACT_URL: the variable's words as the key's components.
                guard let setting = key.components.count == 1 ? SettingKey(rawValue: key.components[0]) : nil else {
                    return key
                }
                return AbsoluteConfigKey(setting.variable.lowercased().split(separator: "_").map(String.init))
            }
            let fallback = InMemoryProvider(name: "defaults", values: values(defaults))
            path = filePath(environment: env)
            providers = [flags, environment]
            names = [
                flags.providerName: .commandLine, environment.providerName: .environment,
                fallback.providerName: .defaults,
            ]
            self.fallback = fallback
        }

        mutating func readFile() async {
            let path = self.path
            switch FileKind.at(path) {
            case .missing:
                break
            case .directory, .other:
                problems.append(
                    Sentence(
                        "%1$@ is %2$@, not a file; it is ignored.", .text(path), .sentence(FileKind.at(path).sentence),
                        table: .app))
            case .regular(let size) where size > ConfigFileLimits.bytes:
                problems.append(
                    Sentence(
                        "%1$@ is %2$@ bytes, more than a config file of a dozen settings needs (at most %3$@); it is ignored.",
                        .text(path), .text(grouped(size)), .text(grouped(ConfigFileLimits.bytes)), table: .app))
            case .regular:
                do throws(ConfigFileLimits.Refusal) {
                    let contents = try ConfigFileLimits.text(atPath: path)
                    // Empty, or only comments: no settings (YAML would call it a document that is not a mapping).
                    let meaningful = contents.split(separator: "\n").contains {
                        let line = $0.trimmingSpaces
                        return !line.isEmpty && !line.hasPrefix("#") && line != "---"
                    }
                    guard meaningful else { break }
                    try ConfigFileLimits.check(contents)
                    let file = try await ConfigFileLimits.parse(path)
                    text = contents
                    providers.append(file)
                    names[file.providerName] = .file(line: nil)
                    problems += checkKeys(in: contents, path: path)
                } catch {
                    problems.append(
                        error.position.map {
                            Sentence(
                                "%1$@ (%2$@): %3$@; the file is ignored.", .text(path), .sentence($0),
                                .sentence(error.reason),
                                table: .app)
                        }
                            ?? Sentence(
                                "%1$@: %2$@; the file is ignored.", .text(path), .sentence(error.reason), table: .app)
                    )
                    text = nil
                }
            }
        }

        func settings() -> LayeredSettings {
            let origins = OriginRecorder()
            return LayeredSettings(
                reader: ConfigReader(providers: providers + [fallback], accessReporter: origins), origins: origins,
                names: names, filePath: path, problems: problems, fileText: text)
        }
    }

    /// The parts `units` may be written as, in the file: `units: {temperature: f, wind: kn}`.
    static let unitParts = ["temperature", "wind", "rain", "clock"]

    /// The value of `key` and where it came from; nil when no layer has it. `units` written as a mapping of its
    /// parts reads as their words (`f kn`).
    func value(_ key: SettingKey) -> (text: String, origin: Origin)? {
        if key == .units, reader.string(forKey: ConfigKey([key.key])) == nil {
            let parts = Self.unitParts.compactMap { nested(key, $0) }
            if !parts.isEmpty { return (parts.joined(separator: " "), .file(line: line(of: key.key))) }
        }
        guard let text = reader.string(forKey: ConfigKey([key.key])) else { return nil }
        var origin = origins.provider(of: key.key).flatMap { names[$0] } ?? .defaults
        if case .file = origin { origin = .file(line: line(of: key.key)) }
        return (text, origin)
    }

    /// The value of a part of a setting (`units.temperature`) in the file.
    func nested(_ key: SettingKey, _ part: String) -> String? {
        reader.string(forKey: ConfigKey([key.key, part]))
    }

    /// Where a value came from, in a message: `--format`, `SKYLENS_FORMAT`, `format in ~/.config/…/config.yaml
    /// (line 3)`.
    func label(_ key: SettingKey, _ origin: Origin) -> Sentence {
        switch origin {
        case .commandLine: .verbatim(key.option ?? key.key)
        case .environment: .verbatim(key.variable)
        case .defaults: Sentence("the default %@", .text(key.key), table: .app)
        case .file(let line?):
            Sentence("%1$@ in %2$@ (line %3$@)", .text(key.key), .text(filePath), .number(line), table: .app)
        case .file(nil): Sentence("%1$@ in %2$@", .text(key.key), .text(filePath), table: .app)
        }
    }

    /// A problem found with a value of the file: reported, and the value ignored.
    mutating func report(_ problem: Sentence) {
        problems.append(problem)
    }

    /// The line of the file a top-level key is on.
    private func line(of key: String) -> Int? {
        guard let fileText else { return nil }
        for (index, line) in fileText.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            if trimmed.count == line.count, trimmed.hasPrefix(key),
                trimmed.dropFirst(key.count).drop(while: { $0 == " " }).hasPrefix(":")
            {
                return index + 1
            }
        }
        return nil
    }

    /// Top-level keys of the file that are no setting (a typo is said, not silently ignored), and settings written
    /// as a mapping or a list where one value belongs. At most `ConfigFileLimits.problemsShown` are said.
    private static func checkKeys(in text: String, path: String) -> [Sentence] {
        let known = Set(SettingKey.allCases.map(\.key))
        var problems: [Sentence] = []
        var unknown = 0
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            guard let first = line.first, first.isLetter, let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingSpaces
            guard known.contains(key) else {
                let named = Sentence.Value.text(key.terminalPreview)
                problems.append(
                    Suggestions.nearest(to: key, among: Array(known)).first.map {
                        Sentence(
                            "%1$@ (line %2$@): '%3$@' is not a setting (did you mean %4$@?); it is ignored.",
                            .text(path), .number(index + 1), named, .text($0), table: .app)
                    }
                        ?? Sentence(
                            "%1$@ (line %2$@): '%3$@' is not a setting; it is ignored.", .text(path),
                            .number(index + 1),
                            named, table: .app))
                unknown += 1
                continue
            }
            // `units:` with nothing after it and indented lines below: a mapping or a list, not one value.
            let value = line[line.index(after: colon)...].trimmingSpaces
            let next = lines[(index + 1)...].first { !$0.trimmingSpaces.isEmpty }
            let flow = value.hasPrefix("{") || value.hasPrefix("[")
            let block = (value.isEmpty || value.hasPrefix("#")) && (next?.first == " " || next?.first == "-")
            // `units` may be a mapping of its parts (temperature, wind, rain, clock): see `value(_:)`.
            let unitParts =
                key == SettingKey.units.key && block && next?.first == " "
                && lines[(index + 1)...].prefix { $0.first == " " || $0.isEmpty }.allSatisfy { line in
                    let part = line.trimmingSpaces
                    return part.isEmpty || part.hasPrefix("#")
                        || Self.unitParts.contains { part.hasPrefix($0 + ":") }
                }
            if (flow || block) && !unitParts {
                problems.append(
                    key == SettingKey.units.key
                        ? Sentence(
                            "%1$@ (line %2$@): %3$@ takes one value (metric, imperial, or words such as 'f mph in 12'), not a mapping or a list; it is ignored.",
                            .text(path), .number(index + 1), .text(key), table: .app)
                        : Sentence(
                            "%1$@ (line %2$@): %3$@ takes one value, not a mapping or a list; it is ignored.",
                            .text(path),
                            .number(index + 1), .text(key), table: .app))
            }
        }
        let names = Sentence.Value.text(SettingKey.allCases.map(\.key).joined(separator: ", "))
        guard problems.count > ConfigFileLimits.problemsShown else {
            return problems + (unknown > 0 ? [Sentence("The settings: %@.", names, table: .app)] : [])
        }
        return problems.prefix(ConfigFileLimits.problemsShown)
            + [
                Sentence(
                    "%1$@: %2$@ more lines like these are ignored. The settings: %3$@.", .text(path),
                    .number(problems.count - ConfigFileLimits.problemsShown), names, table: .app)
            ]
    }

    private static func grouped(_ number: Int) -> String { InputLimits.grouped(number) }
}

/// Tells which provider answered each key, from the reader's access events.
private final class OriginRecorder: AccessReporter {
    private let answered = Mutex<[String: String]>([:])

    func report(_ event: AccessEvent) {
        guard
            let provider = event.providerResults.first(where: { result in
                if case .success(let lookup) = result.result, lookup.value != nil { return true }
                return false
            })
        else { return }
        let key = event.metadata.key.components.joined(separator: ".")
        answered.withLock { $0[key] = provider.providerName }
    }

    func provider(of key: String) -> String? {
        answered.withLock { $0[key] }
    }
}
