import Architecture
import CommandShell
import Foundation
import Localization
import ShellTesting
import Synchronization
import Testing

/// The notes view, with the city it is about (for the prompt).
struct NotesList: Destination {
    static let feature = "Notes"
    var title: String?
    init(title: String? = nil) { self.title = title }
}

/// A small plugin that exercises the shell: a command everywhere, one only in its own view, a route.
@MainActor
final class NotesPlugin: FeaturePlugin {
    var name: String { "Notes" }
    var presented: [AnyDestination] = []
    var dismissed: [AnyDestination] = []

    var commands: [RegisteredCommand] {
        [
            RegisteredCommand(Note.self, on: self), RegisteredCommand(Open.self, on: self),
            RegisteredCommand(Fail.self, on: self), RegisteredCommand(NaN.self, on: self),
            RegisteredCommand(Weather.self, on: self), RegisteredCommand(Pin.self, on: self),
        ]
    }

    var routes: [RouteSpec] { [RouteSpec(NotesList.self, label: "notes")] }
    var attributions: [Attribution] { [Attribution("Notes", detail: "your own words", licence: "yours")] }

    struct Note: FeatureCommand {
        static let text = Argument.words("text", help: "What to note", required: true)
        static let declaration = CommandDeclaration("note", arguments: [text], summary: "Keep a note")
        var text: String
        init(arguments: ParsedArguments) { text = arguments[Self.text].joined(separator: " ") }
        func run(_ plugin: NotesPlugin, context: CommandContext) async throws(CommandError) -> CommandOutput {
            struct Doc: JSONDocument {
                static let kind = "note"
                var noted: String
            }
            return CommandOutput(text: "Noted: \(text)", json: Doc(noted: text))
        }
    }

    struct Open: FeatureCommand {
        static let declaration = CommandDeclaration("notes open", summary: "Open the notes view")
        init(arguments: ParsedArguments) {}
        func run(_ plugin: NotesPlugin, context: CommandContext) async throws(CommandError) -> CommandOutput {
            try await context.navigate(to: NotesList())
        }
    }

    struct Fail: FeatureCommand {
        static let declaration = CommandDeclaration("notes fail", summary: "Fail on purpose")
        init(arguments: ParsedArguments) {}
        func run(_ plugin: NotesPlugin, context: CommandContext) async throws(CommandError) -> CommandOutput {
            throw .failure("broken", "This failed on purpose.")
        }
    }

    struct NaN: FeatureCommand {
        static let declaration = CommandDeclaration("notes nan", summary: "Answer with a number JSON cannot hold")
        init(arguments: ParsedArguments) {}
        func run(_ plugin: NotesPlugin, context: CommandContext) async throws(CommandError) -> CommandOutput {
            struct Reading: JSONDocument {
                static let kind = "reading"
                var value: Double
            }
            return CommandOutput(text: "nan", json: Reading(value: .nan))
        }
    }

    struct Weather: FeatureCommand {
        static let declaration = CommandDeclaration("weather", summary: "Open the weather of the note's city")
        init(arguments: ParsedArguments) {}
        func run(_ plugin: NotesPlugin, context: CommandContext) async throws(CommandError) -> CommandOutput {
            try await context.navigate(to: Other(id: 1))
        }
    }

    struct Pin: FeatureCommand {
        static let number = Argument.positional("number", help: "Which note").required
        static let declaration = CommandDeclaration(
            "pin", arguments: [number], summary: "Pin a note", scope: .within(NotesList.self))
        var number: String
        init(arguments: ParsedArguments) { number = arguments[Self.number] }
        func run(_ plugin: NotesPlugin, context: CommandContext) async throws(CommandError) -> CommandOutput {
            CommandOutput(text: "Pinned \(number)")
        }
    }

    func present(_ destination: AnyDestination, context: CommandContext) async throws(CommandError) -> CommandOutput {
        presented.append(destination)
        return CommandOutput(text: "Your notes")
    }

    func destinationDismissed(_ destination: AnyDestination) async { dismissed.append(destination) }
}

@MainActor @Suite struct ShellTests {
    func makeShell(format: OutputFormat = .text) -> (Shell, NotesPlugin, CapturedOutput) {
        let plugin = NotesPlugin()
        let output = CapturedOutput()
        let shell = Shell(
            configuration: .init(
                version: "1.2.3", tagline: "test", format: format, terminal: .plain,
                attributions: [Attribution("libedit", detail: "line editing", licence: "BSD-3-Clause")]),
            plugins: [plugin], input: ScriptedInput([]), output: output)
        return (shell, plugin, output)
    }

    @Test func helpListsEveryPluginsCommands() async {
        let (shell, _, output) = makeShell()
        #expect(await shell.execute(line: "help") == .completed(status: 0))
        for name in ["help", "back", "home", "about", "quit", "note TEXT…", "notes open", "pin NUMBER"] {
            #expect(output.stdout.contains(name), "help should list \(name)")
        }
        #expect(output.stdout.contains("Notes: in the notes view"))
    }

    @Test func helpForOneCommandAndDashDashHelp() async {
        let (shell, _, output) = makeShell()
        _ = await shell.execute(line: "help note")
        #expect(output.stdout.contains("Usage: note TEXT…"))
        _ = await shell.execute(line: "notes open --help")
        #expect(output.stdout.contains("Usage: notes open"))
    }

    @Test func unknownCommandsSuggestTheNearest() async {
        let (shell, _, output) = makeShell()
        #expect(await shell.execute(line: "hlep") == .completed(status: 64))
        #expect(output.stderr.contains("Unknown command 'hlep'. Did you mean 'help'?"))
        _ = await shell.execute(line: "notes opne")
        #expect(output.stderr.contains("Did you mean 'notes open'?"))
        _ = await shell.execute(line: "pin 1")
        #expect(output.stderr.contains("'pin' works only in the notes view"))
    }

    @Test func routerMovesAndThePromptFollows() async {
        let (shell, plugin, output) = makeShell()
        #expect(shell.prompt == "skylens> ")
        _ = await shell.execute(line: "notes open")
        #expect(shell.prompt == "skylens notes> ")
        #expect(output.stdout.contains("Your notes"))
        #expect(await shell.execute(line: "pin 2") == .completed(status: 0))
        #expect(output.stdout.contains("Pinned 2"))
        _ = await shell.execute(line: "back")
        #expect(shell.prompt == "skylens> ")
        #expect(plugin.dismissed.map(\.route) == [Route(NotesList.self)])
        _ = await shell.execute(line: "back")
        #expect(output.stdout.contains("Already at the start."))
    }

    /// Before: every destination of the stack joined with "/", so the prompt named an earlier city and grew.
    @Test func thePromptNamesOnlyTheViewOnTopInFortyColumnsAtMost() async {
        let (shell, _, _) = makeShell()
        shell.router.push(NotesList(title: "London"))
        shell.router.push(NotesList(title: "Toronto"))
        #expect(shell.prompt == "skylens Toronto·notes> ")
        for _ in 0..<20 { shell.router.push(NotesList(title: "Llanfairpwllgwyngyll")) }
        shell.router.push(NotesList(title: String(repeating: "Ab", count: 60)))
        #expect(shell.prompt.count <= 40, "\(shell.prompt)")
        #expect(shell.prompt.hasSuffix("…·notes> "))
    }

    @Test func aRouteNoPluginOwnsSaysTheFeatureIsNotInstalled() async {
        let (shell, _, output) = makeShell()
        #expect(await shell.execute(line: "weather") == .completed(status: 1))
        #expect(output.stderr.contains("The Weather feature is not installed"))
        #expect(shell.router.isAtRoot)
    }

    @Test func quotingReachesTheCommandAndBadQuotingIsAUsageError() async {
        let (shell, _, output) = makeShell()
        _ = await shell.execute(line: #"note "New York" 'it''s'"#)
        #expect(output.stdout.contains("Noted: New York its"))
        #expect(await shell.execute(line: "note \"open") == .completed(status: 64))
        #expect(output.stderr.contains("opening \" without a closing one"))
    }

    @Test func jsonModeWritesOneDocumentPerCommandAndErrorsAsDocuments() async throws {
        let (shell, _, output) = makeShell(format: .json)
        _ = await shell.execute(line: "note hi")
        _ = await shell.execute(line: "notes fail")
        _ = await shell.execute(line: "nope")
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        // Each document says its schema: the kind its type declares, version 1.
        #expect(lines[0] == #"{"noted":"hi","schema":"skylens.note/1"}"#)
        #expect(
            lines[1] == #"{"error":{"code":"broken","message":"This failed on purpose."},"schema":"skylens.error/1"}"#)
        let third = try JSONSerialization.jsonObject(with: Data(lines[2].utf8)) as? [String: Any]
        #expect((third?["error"] as? [String: String])?["code"] == "usage")
        #expect(output.stderr.isEmpty)
    }

    /// Before: `{"error":{"code":"internal",…}}` with exit status 0, which a script takes for an answer.
    @Test func anAnswerThatCannotBeJSONIsAnErrorDocumentWithANonZeroStatus() async throws {
        let (shell, _, output) = makeShell(format: .json)
        #expect(await shell.execute(words: ["notes", "nan"], oneShot: true) == .completed(status: 70))
        let document = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        let error = document?["error"] as? [String: String]
        #expect(error?["code"] == "internal")
        #expect(error?["message"]?.contains("value is nan, which JSON cannot hold") == true, "\(output.stdout)")
    }

    @Test func quitEndsTheSessionAndCommentsAreIgnored() async {
        let (shell, _, _) = makeShell()
        #expect(await shell.execute(line: "# a comment") == .completed(status: 0))
        #expect(await shell.execute(line: "quit") == .quit)
        #expect(await shell.execute(line: "EXIT") == .quit)
    }

    /// The general commands are declared as a plugin's: listed under "General", `exit` not listed but working,
    /// `quit` with words a usage error, and a one-shot `quit` a document of where it was.
    @Test func theGeneralCommandsAreAPluginsCommands() async throws {
        let (shell, _, output) = makeShell(format: .json)
        _ = await shell.execute(line: "help")
        let help = try #require(
            try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let general = (help["commands"] as? [[String: Any]])?.filter { $0["feature"] as? String == "General" }
            .compactMap { $0["name"] as? String }
        #expect(general == ["help", "back", "home", "about", "lang", "quit"])
        #expect(await shell.execute(line: "quit now") == .completed(status: 64))
        #expect(await shell.execute(words: ["notes", "open"], oneShot: true) == .completed(status: 0))
        #expect(await shell.execute(words: ["exit"], oneShot: true) == .completed(status: 0))
        #expect(
            output.stdout.hasSuffix(#"{"schema":"skylens.router/1","stack":["NotesList"]}"# + "\n"), "\(output.stdout)")
        #expect(await shell.execute(line: "exit") == .quit)
    }

    @Test func aboutListsAttributions() async {
        let (shell, _, output) = makeShell()
        _ = await shell.execute(line: "about")
        #expect(output.stdout.contains("SkyLens 1.2.3"))
        #expect(output.stdout.contains("Notes: your own words (yours)"))
        #expect(output.stdout.contains("libedit: line editing (BSD-3-Clause)"))
    }

    @Test func completionFollowsTheRouter() async {
        let (shell, _, _) = makeShell()
        #expect(!shell.completionModel().complete("pi").candidates.contains("pin"))
        _ = await shell.execute(line: "notes open")
        #expect(shell.completionModel().complete("pi").candidates == ["pin"])
    }
}

@MainActor @Suite struct ShellSafetyTests {
    @Test func echoedInputIsSanitisedInErrors() async {
        let output = CapturedOutput()
        let shell = Shell(
            configuration: .init(version: "t", tagline: "t", format: .text, terminal: .plain),
            plugins: [NotesPlugin()], input: ScriptedInput([]), output: output)
        _ = await shell.execute(words: ["notes", "open", "--na\u{1B}]0;PWN\u{07}me"], oneShot: true)
        #expect(output.stderr.contains("'--name' is not an option") || output.stderr.contains("is not an option"))
        #expect(!output.stderr.contains("\u{1B}") && !output.stderr.contains("\u{07}"))
    }

    @Test func helpIsAskedOnlyByAFreeStandingFlag() {
        let spec = CommandDeclaration(
            "send", arguments: [Argument.option("message", help: "m"), Argument.flag("quiet", help: "q")], summary: "s")
        #expect(spec.asksForHelp(["--quiet", "--help"]))
        #expect(spec.asksForHelp(["-h"]))
        #expect(!spec.asksForHelp(["--message", "-h"]))
        #expect(!spec.asksForHelp(["--", "--help"]))
    }
}

/// Issue 30: the App opens the city list while a one-shot command starts when the command takes a place's name.
@MainActor @Suite struct ShellTakesPlaceTests {
    @MainActor
    final class PlacesPlugin: FeaturePlugin {
        var name: String { "Places" }
        var commands: [RegisteredCommand] {
            [RegisteredCommand(Visit.self, on: self), RegisteredCommand(Count.self, on: self)]
        }
        var routes: [RouteSpec] { [] }

        struct Visit: FeatureCommand {
            static let place = Argument.remainder("place", help: "A place", completion: .placeNames)
            static let declaration = CommandDeclaration(
                "visit", arguments: [place], summary: "Visit a place",
                prepare: { language in Prepared.current?.languages.withLock { $0.append(language.code) } })
            init(arguments: ParsedArguments) {}
            func run(_ plugin: PlacesPlugin, context: CommandContext) async throws(CommandError) -> CommandOutput {
                CommandOutput(text: "visited")
            }
        }

        struct Count: FeatureCommand {
            static let number = Argument.positional("number", help: "How many")
            static let declaration = CommandDeclaration("count", arguments: [number], summary: "Count")
            init(arguments: ParsedArguments) {}
            func run(_ plugin: PlacesPlugin, context: CommandContext) async throws(CommandError) -> CommandOutput {
                CommandOutput(text: "counted")
            }
        }
    }

    /// What a command's preparations were run for, in the test that asks (a task's value, not a global).
    final class Prepared: Sendable {
        let languages = Mutex<[String]>([])
        @TaskLocal static var current: Prepared?
    }

    /// Issue 30: what a one-shot command declares to make ready is run for it alone, in the language given.
    @Test func aCommandsPreparationIsRunForItAloneInTheLanguageGiven() throws {
        let shell = Shell(
            configuration: .init(version: "1", tagline: "test", format: .text, terminal: .plain),
            plugins: [PlacesPlugin()], input: ScriptedInput([]), output: CapturedOutput())
        let prepared = Prepared()
        let german = Language.named("de") ?? .english
        #expect(shell.preparation(["count", "3"]) == nil)
        #expect(shell.preparation(["nothing"]) == nil)
        #expect(shell.preparation(["help", "visit"]) == nil)
        let visit = try #require(shell.preparation(["VISIT", "Toronto"]))
        Prepared.$current.withValue(prepared) { visit(german) }
        #expect(prepared.languages.withLock { $0 } == ["de"])
    }

    @Test func aCommandTakesAPlaceWhenAnArgumentCompletesPlaceNames() {
        let shell = Shell(
            configuration: .init(version: "1", tagline: "test", format: .text, terminal: .plain),
            plugins: [PlacesPlugin()], input: ScriptedInput([]), output: CapturedOutput())
        #expect(shell.takesPlace(["visit", "Toronto"]))
        #expect(shell.takesPlace(["VISIT"]))
        #expect(!shell.takesPlace(["count", "3"]))
        #expect(!shell.takesPlace(["nothing"]))
        #expect(!shell.takesPlace(["help", "visit"]))
        shell.use(Language.named("de") ?? .english, source: "test")
        #expect(shell.configuration.language.code == "de" && shell.configuration.languageSource == "test")
    }
}
