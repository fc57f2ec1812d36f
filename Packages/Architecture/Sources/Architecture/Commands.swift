import CoreKit

/// Values offered by tab completion for an argument.
public enum Completion: Sendable {
    case none
    case values([String])
    /// Computed from what has been typed so far; called off the main actor, so it must be thread-safe.
    case dynamic(@Sendable (_ prefix: String) -> [String])
    /// For a value of several words (a city name): given the argument's words typed before the one under the
    /// cursor, and that word so far, the candidates for that word. For a positional argument, `before` is the
    /// positional words typed before it (`unit wind ` completes the wind's units). Thread-safe, as `dynamic`.
    case words(@Sendable (_ before: [String], _ prefix: String) -> [String])

    func candidates(for prefix: String, after words: [String] = []) -> [String] {
        switch self {
        case .none: []
        case .values(let values): values.filter { $0.lowercased().hasPrefix(prefix.lowercased()) }
        case .dynamic(let provider): provider(prefix)
        case .words(let provider): provider(words, prefix)
        }
    }
}

/// One argument of a command: a positional value, an option `--name VALUE`, or a flag `--name`.
public struct ArgumentSpec: Sendable {
    public enum Kind: Sendable, Equatable {
        case positional
        /// Takes every remaining word (a city name typed without quotes).
        case remainder
        case option
        case flag
    }

    public var name: String
    public var kind: Kind
    public var valueName: String
    public var help: String
    public var isRequired: Bool
    public var completion: Completion
    /// Whole numbers only, within this range: checked when the line is parsed, read with `ParsedArguments.integer`.
    public var integerRange: ClosedRange<Int>? = nil

    public static func positional(
        _ name: String, help: String, required: Bool = true, completion: Completion = .none
    ) -> Self {
        Self(
            name: name, kind: .positional, valueName: name.uppercased(), help: help, isRequired: required,
            completion: completion)
    }

    public static func remainder(
        _ name: String, help: String, required: Bool = false, completion: Completion = .none
    ) -> Self {
        Self(
            name: name, kind: .remainder, valueName: name.uppercased(), help: help, isRequired: required,
            completion: completion)
    }

    public static func option(
        _ name: String, value: String = "VALUE", help: String, required: Bool = false, completion: Completion = .none
    ) -> Self {
        Self(name: name, kind: .option, valueName: value, help: help, isRequired: required, completion: completion)
    }

    /// `--name N`, a whole number in `range`: anything else is a usage error that says the range, before the
    /// command runs.
    public static func integer(
        _ name: String, value: String = "N", in range: ClosedRange<Int>, help: String, required: Bool = false
    ) -> Self {
        Self(
            name: name, kind: .option, valueName: value, help: help, isRequired: required, completion: .none,
            integerRange: range)
    }

    public static func flag(_ name: String, help: String) -> Self {
        Self(name: name, kind: .flag, valueName: "", help: help, isRequired: false, completion: .none)
    }

    /// How it appears in a usage line: `FIELD`, `[VALUE]`, `--name TEXT`, `[--phone TEXT]`, `[--favorites]`.
    var usage: String {
        let body =
            switch kind {
            case .positional: valueName
            case .remainder: "\(valueName)…"
            case .option: "--\(name) \(valueName)"
            case .flag: "--\(name)"
            }
        return isRequired ? body : "[\(body)]"
    }
}

/// A command a plugin offers: its words (`contact send`), arguments, one-line and long help, and where it applies.
public struct CommandSpec: Sendable {
    public enum Scope: Sendable, Equatable {
        /// Available everywhere.
        case anywhere
        /// Available only while a destination of this kind is on top of the router.
        case within(Route)

        /// Available only while a `type` is on top of the router.
        public static func within<D: Destination>(_ type: D.Type) -> Scope { .within(Route(type)) }
    }

    public var words: [String]
    public var arguments: [ArgumentSpec]
    public var summary: String
    public var discussion: String
    public var scope: Scope
    /// Example lines shown by `help COMMAND`.
    public var examples: [String]
    /// Listed by `help` (false for a second name of a command, such as `exit` beside `quit`).
    public var isListed: Bool

    public init(
        _ name: String, arguments: [ArgumentSpec] = [], summary: String, discussion: String = "",
        scope: Scope = .anywhere, examples: [String] = [], isListed: Bool = true
    ) {
        self.words = name.split(separator: " ").map(String.init)
        self.isListed = isListed
        self.arguments = arguments
        self.summary = summary
        self.discussion = discussion
        self.scope = scope
        self.examples = examples
    }

    public var name: String { words.joined(separator: " ") }

    public var usage: String {
        ([name] + arguments.map(\.usage)).joined(separator: " ")
    }
}

/// The arguments of one invocation, checked against the command's spec.
public struct ParsedArguments: Sendable, Equatable {
    public var values: [String: String]
    public var flags: Set<String>
    /// The words of a `.remainder` argument, each as typed.
    public var remainder: [String]
    /// The values of `.integer` options, checked against their ranges.
    public var integers: [String: Int] = [:]

    public init(values: [String: String] = [:], flags: Set<String> = [], remainder: [String] = []) {
        self.values = values
        self.flags = flags
        self.remainder = remainder
    }

    /// The value of a positional argument or an option.
    public subscript(_ name: String) -> String? { values[name] }

    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value of an `.integer` option; nil when it was not given.
    public func integer(_ name: String) -> Int? { integers[name] }
}

/// A parsed command line, ready for its plugin.
public struct Invocation: Sendable {
    public var command: CommandSpec
    public var arguments: ParsedArguments

    public init(command: CommandSpec, arguments: ParsedArguments) {
        self.command = command
        self.arguments = arguments
    }
}

/// Why a command did not do its work, with a code for JSON and an exit status a script can act on (`sysexits.h`
/// where one fits): 64 a usage error, 65 input that is not valid (the contact form), 67 a place that cannot be
/// resolved, 69 a service unreachable or failing with nothing kept to show, 75 a temporary failure worth retrying
/// (a timeout, a rate limit, a delivery to try again), 78 a configuration to fix (a refused key), 73 something to keep
/// that could not be written, 70 a fault of SkyLens's own, 1 any other failure.
public struct CommandError: Error, Equatable, Sendable {
    public enum Kind: Sendable, Equatable {
        case usage
        case failure
        /// SkyLens's own fault (an answer it could not encode): not the user's, not the network's.
        case `internal`
        /// Fields that are not valid (`EX_DATAERR`, 65).
        case invalidInput
        /// No place of that name, id or text (`EX_NOUSER`, 67: the addressee is unknown).
        case unknownPlace
        /// The service cannot be reached or fails, and nothing kept can stand in (`EX_UNAVAILABLE`, 69).
        case unavailable
        /// Worth trying again later: a timeout, a rate limit (`EX_TEMPFAIL`, 75).
        case temporary
        /// A setting to fix: a key refused or missing (`EX_CONFIG`, 78).
        case configuration
        /// What was to be kept (a message, a favourite, a setting) could not be written to the store: said plainly,
        /// never claimed kept (`EX_CANTCREAT`, 73).
        case notKept
    }

    public var kind: Kind
    /// A stable, machine-readable code: `usage`, `validation`, `not_found`, `server_error`…
    public var code: String
    public var message: String
    /// Extra machine-readable facts (for validation: one message per field).
    public var details: [String: String]

    public init(kind: Kind, code: String, message: String, details: [String: String] = [:]) {
        self.kind = kind
        self.code = code
        self.message = message
        self.details = details
    }

    public static func usage(_ message: String) -> Self {
        Self(kind: .usage, code: "usage", message: message)
    }

    public static func failure(
        _ code: String, _ message: String, details: [String: String] = [:], kind: Kind = .failure
    ) -> Self {
        Self(kind: kind, code: code, message: message, details: details)
    }

    public var exitCode: Int32 {
        switch kind {
        case .usage: 64
        case .failure: 1
        case .internal: 70
        case .invalidInput: 65
        case .unknownPlace: 67
        case .unavailable: 69
        case .temporary: 75
        case .configuration: 78
        case .notKept: 73
        }
    }
}

/// A JSON answer of a command. Its kind names its schema (`docs/json/<kind>.schema.json`) and the shell stamps
/// both into the document it writes: `"schema": "skylens.weather/1"`. The version goes up when a field is removed,
/// renamed or changes meaning; a field added keeps it (see docs/json/README.md).
public protocol JSONDocument: Encodable, Sendable {
    /// `weather`, `search`, `error`: one kind per shape of document.
    static var kind: String { get }
    /// 1 unless a change broke the shape.
    static var version: Int { get }
}

extension JSONDocument {
    public static var version: Int { 1 }

    /// `skylens.weather/1`.
    public static var schema: String { "skylens.\(kind)/\(version)" }
}

/// What a command produced: text for a person and, for `--format json`, a document.
public struct CommandOutput: Sendable {
    public var text: String
    public var json: (any JSONDocument)?
    /// A view to open full-screen instead of printing `text`, in an interactive session on a terminal (see
    /// `FullScreen`); elsewhere `text` (or `json`) is written as usual.
    public var fullScreen: (any FullScreen)?
    /// A file's text (a script, a manual page): written as it is, never laid out to the terminal's width.
    public var isVerbatim: Bool
    /// Built from data older than its provider's refresh interval (said in the text and the JSON's `stale`): the
    /// command exits with `CommandOutput.oldDataStatus`, so that a status-bar script can tell by the status alone.
    public var isOld: Bool

    public init(
        text: String, json: (any JSONDocument)? = nil, fullScreen: (any FullScreen)? = nil,
        isVerbatim: Bool = false, isOld: Bool = false
    ) {
        self.text = text
        self.json = json
        self.fullScreen = fullScreen
        self.isVerbatim = isVerbatim
        self.isOld = isOld
    }

    /// The exit status of an answer written in full but built from old data: 3, outside `sysexits.h`'s range and
    /// the shells' own (1, 2, 126–165), so that it is never mistaken for a failure's.
    public static let oldDataStatus: Int32 = 3

    public static let empty = CommandOutput(text: "")
}

extension CommandSpec {
    /// True when `--help` or `-h` stands as an option of its own: not as the value of an option, not after `--`.
    public func asksForHelp(_ words: [String]) -> Bool {
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == "--" { return false }
            if word == "--help" || word == "-h" { return true }
            let takesValue = arguments.contains { $0.kind == .option && "--\($0.name)" == word }
            index += takesValue ? 2 : 1
        }
        return false
    }

    /// Checks `words` (the arguments after the command's own words) against the spec.
    public func parse(_ words: [String]) throws(CommandError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var positionals = arguments.filter { $0.kind == .positional || $0.kind == .remainder }[...]
        var index = words.startIndex
        var optionsEnded = false
        while index < words.endIndex {
            let word = words[index]
            index += 1
            if !optionsEnded, word == "--" {
                optionsEnded = true
                continue
            }
            if !optionsEnded, word.hasPrefix("--"), word.count > 2 {
                let body = word.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                let inline = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
                guard let spec = arguments.first(where: { ($0.kind == .option || $0.kind == .flag) && $0.name == name })
                else {
                    throw .usage(unknownOption(name))
                }
                if spec.kind == .flag {
                    if inline != nil { throw .usage("--\(name) takes no value.\nUsage: \(usage)") }
                    parsed.flags.insert(name)
                    continue
                }
                if let inline {
                    parsed.values[name] = inline
                } else {
                    guard index < words.endIndex else {
                        throw .usage("--\(name) needs a value (\(spec.valueName)).\nUsage: \(usage)")
                    }
                    parsed.values[name] = words[index]
                    index += 1
                }
                continue
            }
            if let spec = positionals.first, spec.kind == .remainder {
                parsed.remainder.append(word)
                parsed.values[spec.name] = parsed.remainder.joined(separator: " ")
                continue
            }
            guard let spec = positionals.popFirst() else {
                throw .usage("Unexpected argument '\(word.terminalPreview)'.\nUsage: \(usage)")
            }
            parsed.values[spec.name] = word
        }
        for spec in arguments {
            guard let range = spec.integerRange, let text = parsed.values[spec.name] else { continue }
            guard let number = Int(text), range.contains(number) else {
                throw .usage(
                    "--\(spec.name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text.terminalPreview)'."
                )
            }
            parsed.integers[spec.name] = number
        }
        for spec in arguments where spec.isRequired && spec.kind != .flag && parsed.values[spec.name] == nil {
            let label = spec.kind == .option ? "--\(spec.name)" : spec.valueName
            throw .usage("Missing \(label): \(spec.help.lowercasedFirst).\nUsage: \(usage)")
        }
        return parsed
    }

    private func unknownOption(_ name: String) -> String {
        let options = arguments.filter { $0.kind == .option || $0.kind == .flag }.map(\.name)
        let suggestion = Suggestions.nearest(to: name, among: options).first.map { " Did you mean --\($0)?" } ?? ""
        let list =
            options.isEmpty
            ? "It takes no options." : "Its options: \(options.map { "--\($0)" }.joined(separator: ", "))."
        return "'\(name)' is not an option of \(self.name).\(suggestion) \(list)\nUsage: \(usage)"
    }
}

extension String {
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }

    /// At most 40 characters, safe for a terminal: for quoting user input back in an error.
    public var terminalPreview: String {
        let safe = terminalSafe
        return safe.count > 40 ? String(safe.prefix(40)) + "…" : safe
    }
}
