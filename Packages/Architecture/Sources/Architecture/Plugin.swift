import CoreKit
import Localization

/// A kind of destination a plugin shows, and how the prompt names it (`skylens contact>`).
public struct RouteSpec: Sendable, Equatable {
    package var route: Route
    package var label: String
    /// A view that asks questions by nature (a form): the one view that goes on reading standard input after a
    /// one-shot command opened it (`App -- contact`). Any other view opened by a one-shot command is shown and the
    /// App exits.
    package var asksQuestions: Bool

    public init<D: Destination>(_ type: D.Type, label: String, asksQuestions: Bool = false) {
        self.route = Route(type)
        self.label = label
        self.asksQuestions = asksQuestions
    }
}

/// A data source, service or library the App uses, with its licence: what `about` lists.
public struct Attribution: Sendable, Equatable {
    package var name: String
    package var detail: String
    package var licence: String

    public init(_ name: String, detail: String, licence: String) {
        self.name = name
        self.detail = detail
        self.licence = licence
    }
}

/// A feature, as the App sees it: its command types, the destinations it owns, the sources it credits. Storage is
/// not its business here: each store registers its own tables' migrations when it is made. The App registers plugins
/// in one list; a feature never imports another one, and reaches another's destinations through
/// `CommandContext.navigate(to:)`.
@MainActor
public protocol FeaturePlugin: AnyObject {
    /// The heading of its commands in `help`: "Contact".
    var name: String { get }
    /// Its commands, one type each: `RegisteredCommand(Forecast.self, on: model)`.
    var commands: [RegisteredCommand] { get }
    var routes: [RouteSpec] { get }
    var attributions: [Attribution] { get }
    /// Its words in every language (its String Catalog): the shell translates its commands' help with it, and its
    /// views take their words from it in `CommandContext.language`.
    var words: StringCatalogSource? { get }

    /// Shows one of its destinations, after the router moved there (by this plugin or another).
    func present(_ destination: AnyDestination, context: CommandContext) async throws(CommandError) -> CommandOutput

    /// Called once when an interactive or piped session starts: background work (delivering a queue, refreshing).
    func sessionStarted(context: CommandContext) async

    /// Called once when the session ends (quit, end of input): finish or stop background work.
    func sessionEnded() async

    /// Called when one of its destinations leaves the stack (`back`, `home`).
    func destinationDismissed(_ destination: AnyDestination) async
}

extension FeaturePlugin {
    package var routes: [RouteSpec] { [] }
    package var attributions: [Attribution] { [] }
    package var words: StringCatalogSource? { nil }

    public func present(
        _ destination: AnyDestination, context: CommandContext
    ) async throws(CommandError) -> CommandOutput {
        .empty
    }

    public func sessionStarted(context: CommandContext) async {}
    public func sessionEnded() async {}
    public func destinationDismissed(_ destination: AnyDestination) async {}
}

/// What a command may use while it runs: the router, the terminal, the output format, the user's next lines.
@MainActor
public final class CommandContext {
    public let router: Router
    public let terminal: TerminalInfo
    /// The language the user reads: a feature's views take their words (`Words(catalogue, language:)`), dates and
    /// numbers in it.
    public let language: Language
    package let format: OutputFormat
    package let input: any LineInput
    /// True when the App runs one command and exits (`App -- contact send …`).
    public let isOneShot: Bool
    private let output: any OutputSink
    private let navigator: @MainActor (AnyDestination) async throws(CommandError) -> CommandOutput

    package init(
        router: Router, terminal: TerminalInfo, language: Language = .english, format: OutputFormat,
        input: any LineInput, isOneShot: Bool, output: any OutputSink,
        navigator: @escaping @MainActor (AnyDestination) async throws(CommandError) -> CommandOutput
    ) {
        self.router = router
        self.terminal = terminal
        self.language = language
        self.format = format
        self.input = input
        self.isOneShot = isOneShot
        self.output = output
        self.navigator = navigator
    }

    public var painter: Painter {
        Painter(enabled: terminal.colorEnabled && format == .text, depth: terminal.colorDepth)
    }

    /// Shows a line now, while the command is still running (a form's question, progress). In JSON mode it goes
    /// to standard error, so that standard output holds only JSON documents.
    public func emit(_ text: String) {
        let text = terminal.colorEnabled ? text : TerminalText.sanitize(text, allowNewlines: true)
        if format == .json { output.standardError(text + "\n") } else { output.standardOutput(text + "\n") }
    }

    /// A notice for the user (not an answer): on standard error, made safe for the terminal and broken at spaces to
    /// its width (later lines indented), as the shell's own messages are.
    public func notice(_ text: String) {
        let lines = TerminalText.sanitize(text, allowNewlines: true).split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .flatMap { DisplayWidth.wrapped(String($0), width: terminal.width, indent: "  ") }
        output.standardError(lines.joined(separator: "\n") + "\n")
    }

    /// A progress line for long work, drawn over itself on standard error, on a terminal only.
    public var progress: ProgressLine {
        ProgressLine(output: output, enabled: terminal.isInteractive && terminal.allowsEscapes)
    }

    /// Asks the user for a line; the prompt is shown only on a terminal. Nil at the end of input, and when the
    /// command was cancelled (Ctrl-C at the question): check `Task.isCancelled` to tell them apart.
    public func ask(_ prompt: String) async -> String? {
        let line = await input.readLine(prompt: terminal.isInteractive ? prompt : "")
        return Task.isCancelled ? nil : line
    }

    /// Pushes `destination` and shows it, whichever plugin owns it. Fails when no installed plugin does.
    public func navigate(to destination: some Destination) async throws(CommandError) -> CommandOutput {
        try await navigator(AnyDestination(destination))
    }
}

/// A progress bar on one line of standard error, redrawn in place: `Importing cities  ███████░░░░  64%`.
/// Thread-safe: it may be called from any task while the work runs.
public struct ProgressLine: Sendable {
    let output: any OutputSink
    let enabled: Bool

    package init(output: any OutputSink, enabled: Bool) {
        self.output = output
        self.enabled = enabled
    }

    public func update(_ label: String, fraction: Double) {
        guard enabled else { return }
        let clamped = max(0, min(1, fraction))
        let width = 24
        let filled = Int((clamped * Double(width)).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        output.standardError("\r\u{1B}[2K\(label)  \(bar) \(Int(clamped * 100))%")
    }

    public func finish() {
        guard enabled else { return }
        output.standardError("\r\u{1B}[2K")
    }
}
