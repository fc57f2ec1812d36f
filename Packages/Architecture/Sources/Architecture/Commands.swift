import CoreKit
import Localization

/// A command of a feature, as one type: its declaration (name, summary, typed arguments, examples, the view it works
/// in), its parsing into typed values (`init(arguments:)`), and its `run`, which turns the values into its feature's
/// typed actions and the resulting state into output. Help, Tab completion, the completion scripts and the manual are
/// generated from the declarations.
///
///     struct Forecast: FeatureCommand {
///         static let days = Argument.integer("days", in: 1...16, help: "Days from today")
///         static let declaration = CommandDeclaration("forecast", summary: "The days from today", arguments: [days])
///         var days: Int?
///         init(arguments: ParsedArguments) { days = arguments[Self.days] }
///         func run(_ model: WeatherModel, context: CommandContext) async throws(CommandError) -> CommandOutput { … }
///     }
///
/// A plugin lists its commands (`RegisteredCommand(Forecast.self, on: model)`); nothing reads an argument by its
/// name or picks a command by its name.
public protocol FeatureCommand: Sendable {
    /// What `run` is given: the feature's view model (or the few values its commands share).
    associatedtype Feature
    static var declaration: CommandDeclaration { get }
    /// The typed values of one invocation; a combination the declaration cannot express is a usage error here.
    init(arguments: ParsedArguments) throws(CommandError)
    @MainActor func run(_ feature: Feature, context: CommandContext) async throws(CommandError) -> CommandOutput
}

/// A command type bound to the value it runs with: what a plugin lists.
public struct RegisteredCommand {
    package let declaration: CommandDeclaration
    package let run: @MainActor (ParsedArguments, CommandContext) async throws(CommandError) -> CommandOutput

    @MainActor
    public init<Command: FeatureCommand>(_ command: Command.Type, on feature: Command.Feature) {
        declaration = Command.declaration
        run = { arguments, context throws(CommandError) in
            try await Command(arguments: arguments).run(feature, context: context)
        }
    }
}

/// What Tab offers for an argument's value.
public enum Completion: Sendable {
    case none
    case values([String])
    /// For a value of several words: given the argument's words typed before the one under the cursor (for a
    /// positional, the positional words before it: `unit wind ` offers the wind's units), and that word so far, the
    /// candidates for that word. Called off the main actor: thread-safe.
    case words(@Sendable (_ before: [String], _ prefix: String) -> [String])
    /// A place's name, word by word (`sao pa` → `Paulo`), from the city list the App installs.
    case placeNames
    /// The name of a command (`help`'s argument).
    case commandNames
}

/// One argument of a command as help, parsing and completion see it. Features make them with `Argument`'s factories.
public struct ArgumentSpec: Sendable {
    package enum Kind: Sendable, Equatable {
        case positional
        /// Takes every remaining word (a city name typed without quotes).
        case remainder
        case option
        case flag
    }

    package var name: String
    package var kind: Kind
    package var valueName: String
    package var help: String
    package var isRequired: Bool
    package var completion: Completion
    /// Whole numbers only, within this range: checked when the line is parsed.
    package var integerRange: ClosedRange<Int>?

    /// How it appears in a usage line: `FIELD`, `[VALUE]`, `--name TEXT`, `[--phone TEXT]`, `[--favorites]`.
    package var usage: String {
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

/// Anything a declaration lists as an argument: an `Argument` of any type.
public protocol ArgumentDeclaration: Sendable {
    var spec: ArgumentSpec { get }
}

/// A typed argument: declared once, as a static property of its command, and read by that property
/// (`arguments[Self.days]`), never by its name.
public struct Argument<Value: Sendable>: ArgumentDeclaration {
    public let spec: ArgumentSpec
    let read: @Sendable (ParsedArguments) -> Value

    init(_ spec: ArgumentSpec, read: @escaping @Sendable (ParsedArguments) -> Value) {
        self.spec = spec
        self.read = read
    }
}

extension Argument where Value == String? {
    /// A word at its position (`unit c`); nil when left out.
    public static func positional(_ name: String, help: String, completion: Completion = .none) -> Self {
        Self(
            ArgumentSpec(
                name: name, kind: .positional, valueName: name.uppercased(), help: help, isRequired: false,
                completion: completion)
        ) { $0.values[name] }
    }

    /// Every remaining word, joined by spaces (a city name typed without quotes); nil when there is none.
    public static func remainder(_ name: String, help: String, completion: Completion = .none) -> Self {
        Self(
            ArgumentSpec(
                name: name, kind: .remainder, valueName: name.uppercased(), help: help, isRequired: false,
                completion: completion)
        ) { $0.values[name] }
    }

    /// `--name VALUE`; nil when not given.
    public static func option(
        _ name: String, value: String = "VALUE", help: String, completion: Completion = .none
    ) -> Self {
        Self(
            ArgumentSpec(
                name: name, kind: .option, valueName: value, help: help, isRequired: false, completion: completion)
        ) { $0.values[name] }
    }
}

extension Argument where Value == String? {
    /// The same argument, which must be given: its absence is a usage error before the command runs, so its value is
    /// always there (`Argument.positional("field", …).required`, `Argument.option("name", …).required`).
    public var required: Argument<String> {
        var spec = self.spec
        spec.isRequired = true
        let read = self.read
        return Argument<String>(spec) { read($0) ?? "" }
    }
}

extension Argument where Value == [String] {
    /// Every remaining word, each as typed (`compare Toronto 'New York'`); `required` refuses none.
    public static func words(
        _ name: String, help: String, required: Bool = false, completion: Completion = .none
    ) -> Self {
        Self(
            ArgumentSpec(
                name: name, kind: .remainder, valueName: name.uppercased(), help: help, isRequired: required,
                completion: completion)
        ) { $0.remainder }
    }
}

extension Argument where Value == Int? {
    /// `--name N`, a whole number in `range`: anything else is a usage error that says the range, before the
    /// command runs; nil when not given.
    public static func integer(_ name: String, value: String = "N", in range: ClosedRange<Int>, help: String) -> Self {
        Self(
            ArgumentSpec(
                name: name, kind: .option, valueName: value, help: help, isRequired: false, completion: .none,
                integerRange: range)
        ) { $0.integers[name] }
    }
}

extension Argument where Value == Bool {
    /// `--name`: true when given.
    public static func flag(_ name: String, help: String) -> Self {
        Self(
            ArgumentSpec(
                name: name, kind: .flag, valueName: "", help: help, isRequired: false, completion: .none)
        ) { $0.flags.contains(name) }
    }
}

/// A command's declaration: its words (`contact send`), arguments, one-line and long help, examples, and the view it
/// works in.
public struct CommandDeclaration: Sendable {
    /// Where a command works.
    public enum Scope: Sendable, Equatable {
        /// Everywhere.
        case anywhere
        /// Only while a destination of this kind is on top of the router.
        case within(Route)

        /// Only while a `type` is on top of the router.
        public static func within<D: Destination>(_ type: D.Type) -> Scope { .within(Route(type)) }
    }

    package var words: [String]
    package var arguments: [ArgumentSpec]
    package var summary: String
    package var discussion: String
    package var scope: Scope
    /// Example lines shown by `help COMMAND`.
    package var examples: [String]
    /// Listed by `help` (false for a second name of a command, such as `exit` beside `quit`).
    package var isListed: Bool
    /// What the command's output will need made ready, in the language it will most likely be said in: run for a
    /// one-shot command while the App waits for the store to open (issue 30), such as ICU's dates for `sky`.
    /// Nothing that changes what the command does: it only makes a first use cheaper.
    package var prepare: (@Sendable (Language) -> Void)?

    public init(
        _ name: String, arguments: [any ArgumentDeclaration] = [], summary: String, discussion: String = "",
        scope: Scope = .anywhere, examples: [String] = [], isListed: Bool = true,
        prepare: (@Sendable (Language) -> Void)? = nil
    ) {
        self.words = name.split(separator: " ").map(String.init)
        self.isListed = isListed
        self.prepare = prepare
        self.arguments = arguments.map(\.spec)
        self.summary = summary
        self.discussion = discussion
        self.scope = scope
        self.examples = examples
    }

    package var name: String { words.joined(separator: " ") }

    package var usage: String {
        ([name] + arguments.map(\.usage)).joined(separator: " ")
    }

    /// True when it takes words after its name (a positional or a remainder).
    package var takesWords: Bool { arguments.contains { $0.kind == .positional || $0.kind == .remainder } }
}

/// The arguments of one invocation, checked against its declaration; read by typed `Argument`s.
public struct ParsedArguments: Sendable, Equatable {
    package var values: [String: String] = [:]
    package var flags: Set<String> = []
    /// The words of a `.remainder` argument, each as typed.
    package var remainder: [String] = []
    /// The values of `.integer` options, checked against their ranges.
    package var integers: [String: Int] = [:]

    package init() {}

    public subscript<Value>(_ argument: Argument<Value>) -> Value { argument.read(self) }
}
