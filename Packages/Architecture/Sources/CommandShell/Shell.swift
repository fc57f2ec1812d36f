import Architecture
import CoreKit
import Foundation
import Localization

/// The command interpreter of the App: it splits a line into words, finds the command among the plugins' and its
/// own (`help`, `back`, `home`, `about`, `quit`), checks the arguments, runs it, and writes the answer as text or
/// JSON. It owns the router; the REPL loop and the one-shot mode both go through `execute`.
@MainActor
public final class Shell {
    public struct Configuration: Sendable {
        public var appName: String
        public var promptName: String
        public var version: String
        public var tagline: String
        public var format: OutputFormat
        public var terminal: TerminalInfo
        /// Libraries and services the App itself credits in `about`.
        public var attributions: [Attribution]
        /// What Tab offers for a place's name (`Completion.placeNames`): the words of the city list's names.
        public var placeNames: (@Sendable (_ before: [String], _ prefix: String) -> [String])?
        /// The language the user reads (`lang` changes it for the rest of the session).
        public var language: Language = .english
        /// Where the language came from, said by `lang`: "--lang", "SKYLENS_LANG", "kept by 'lang'", "LANG".
        public var languageSource: String = ""

        public init(
            appName: String = "SkyLens", promptName: String = "skylens", version: String, tagline: String,
            format: OutputFormat, terminal: TerminalInfo, attributions: [Attribution] = [],
            placeNames: (@Sendable (_ before: [String], _ prefix: String) -> [String])? = nil
        ) {
            self.appName = appName
            self.promptName = promptName
            self.version = version
            self.tagline = tagline
            self.format = format
            self.terminal = terminal
            self.attributions = attributions
            self.placeNames = placeNames
        }
    }

    public enum Outcome: Equatable, Sendable {
        case completed(status: Int32)
        case quit
    }

    /// A command and the plugin that lists it.
    struct Owner {
        var command: RegisteredCommand
        var plugin: any FeaturePlugin
        var spec: CommandDeclaration { command.declaration }
    }

    /// The heading of the shell's own commands (`help`, `back`…) in `help`.
    public static let generalGroup = "General"

    public let router = Router()
    public private(set) var configuration: Configuration
    private let plugins: [any FeaturePlugin]
    private let input: any LineInput
    private let output: any OutputSink
    /// Told of every command that failed (the App logs them), after the user has been.
    public var commandFailed: ((CommandError) -> Void)?
    /// Keeps the language `lang` chose for the next start (nil: forget it, the environment decides again); answers
    /// why it could not be kept, or nil when it was. Without it, `lang` changes the session only and says so.
    public var keepLanguage: (@MainActor (Language?) async -> Sentence?)?
    /// The shell's own words (help's headings, `about`, `lang`).
    let catalogue = StringCatalogSource(bundle: "Architecture_CommandShell")
    var words: Words { Words(catalogue, language: configuration.language) }
    /// Told when a command starts its work (true) and when its work is done, before its answer is written (false):
    /// the App shows a spinner only then, never over a prompt or a full-screen view.
    public var commandRunning: ((Bool) -> Void)?
    /// Runs a full-screen view until it closes, and says how it closed; nil when it cannot (no terminal to take
    /// over). The App sets it; without it, full-screen views are printed as text.
    public var fullScreenHost: (@MainActor (any FullScreen) async -> ScreenStep?)?
    private let commandOwners: [Owner]
    /// Set by `quit`: the REPL ends after the command (a one-shot run just prints where it was).
    private var quitRequested = false
    private let routeOwners: [Route: (spec: RouteSpec, plugin: any FeaturePlugin)]

    public init(
        configuration: Configuration, plugins: [any FeaturePlugin], input: any LineInput, output: any OutputSink
    ) {
        let general = GeneralCommands()
        let plugins: [any FeaturePlugin] = [general] + plugins
        self.configuration = configuration
        self.plugins = plugins
        self.input = input
        self.output = output
        var owners: [Owner] = []
        var routes: [Route: (spec: RouteSpec, plugin: any FeaturePlugin)] = [:]
        // The scopes each name is declared in: a duplicate found by name, not by comparing every command with every
        // other (a hundred commands' declarations copied five thousand times at every start, issue 30).
        var declared: [String: [CommandDeclaration.Scope]] = [:]
        for plugin in plugins {
            for command in plugin.commands {
                let declaration = command.declaration
                let name = declaration.name
                precondition(
                    !(declared[name]?.contains(declaration.scope) ?? false),
                    "two plugins declare the command '\(name)'")
                declared[name, default: []].append(declaration.scope)
                owners.append(Owner(command: command, plugin: plugin))
            }
            for route in plugin.routes {
                precondition(routes[route.route] == nil, "two plugins register the route '\(route.route)'")
                routes[route.route] = (route, plugin)
            }
        }
        self.commandOwners = owners
        self.routeOwners = routes
        general.shell = self
    }

    /// Sets the language the App read (from the store, while the shell was made), and where it came from.
    public func use(_ language: Language, source: String) {
        configuration.language = language
        configuration.languageSource = source
    }

    /// Whether the command `words` run takes a place's name (an argument whose values complete as place names): a
    /// one-shot command that does has the city list opened while the rest starts (issue 30).
    public func takesPlace(_ words: [String]) -> Bool {
        guard let owner = resolve(words).match else { return false }
        return owner.spec.arguments.contains {
            if case .placeNames = $0.completion { return true }
            return false
        }
    }

    /// What the command `words` declares to make ready before its output (`CommandDeclaration`'s `prepare`), if
    /// anything: the App runs it on a thread of its own for a one-shot command, while the store opens and the
    /// command starts.
    public func preparation(_ words: [String]) -> (@Sendable (Language) -> Void)? {
        resolve(words).match?.spec.prepare
    }

    // MARK: - Prompt and completion

    /// Where you are, in at most 40 columns: `skylens> ` at the start, the view on top and what it shows
    /// (`skylens Toronto·map> `, `skylens contact> `), never the path that led there.
    public var prompt: String {
        guard let top = router.top else { return "\(configuration.promptName)> " }
        let label = routeOwners[top.route]?.spec.label ?? top.route.name
        var place = top.title.map { TerminalText.sanitize($0) } ?? ""
        if place == label { place = "" }
        if !place.isEmpty {
            let fixed = DisplayWidth.columns(of: configuration.promptName) + 1 + 1 + DisplayWidth.columns(of: label) + 2
            place = DisplayWidth.truncated(place, toColumns: max(4, 40 - fixed))
        }
        return "\(configuration.promptName) \(place.isEmpty ? "" : place + "·")\(label)> "
    }

    /// The program's tagline in the user's language (the manual's NAME line says it).
    public func tagline(in language: Language) -> String { words.in(language)(configuration.tagline) }

    /// The line a session starts with, in the user's language: the name, the version, the tagline, how to go on.
    public var banner: String {
        words(
            "%1$@ %2$@: %3$@. Type 'help' for commands, 'quit' to leave.", configuration.appName,
            configuration.version, words(configuration.tagline))
    }

    /// True at the start: no view on the router's stack.
    public var isAtStart: Bool { router.isAtRoot }

    /// True when the view on screen asks questions by nature (a form): see `RouteSpec.asksQuestions`.
    public var isAskingQuestions: Bool {
        router.top.flatMap { routeOwners[$0.route]?.spec.asksQuestions } ?? false
    }

    /// The terminal's new size (the window was resized): the next command lays its view out in it.
    public func resize(width: Int, height: Int) {
        let old = configuration.terminal
        configuration.terminal = TerminalInfo(
            isInteractive: old.isInteractive, colorEnabled: old.colorEnabled, width: width, height: height,
            allowsEscapes: old.allowsEscapes)
    }

    /// The commands available where the router stands, for tab completion off the main actor.
    public func completionModel() -> CompletionModel {
        CompletionModel(commands: visibleCommands.map(\.spec), placeNames: configuration.placeNames)
    }

    /// Every listed command of every plugin, in `help`'s order, each with its plugin's name and, for a command of one
    /// view, that view's label: what the manual page and the shell completion scripts are generated from. Their
    /// summaries, discussions, arguments' help and plugins' names are in the session's language (each plugin's words).
    public var declaredCommands: [DeclaredCommand] { declaredCommands(in: configuration.language) }

    /// `declaredCommands` in `language` (`manual --lang de` in an English session).
    public func declaredCommands(in language: Language) -> [DeclaredCommand] {
        plugins.flatMap { plugin in
            let translate = translator(plugin, language)
            let declarations = plugin.commands.map { registered in
                var declaration = registered.declaration
                declaration.summary = translate(declaration.summary)
                declaration.discussion = declaration.discussion.isEmpty ? "" : translate(declaration.discussion)
                declaration.arguments = declaration.arguments.map { argument in
                    var argument = argument
                    argument.help = translate(argument.help)
                    return argument
                }
                return declaration
            }
            let group = translate(plugin.name)
            let anywhere = declarations.filter { $0.scope == .anywhere && $0.isListed }
                .map { DeclaredCommand(spec: $0, group: group, view: nil) }
            let scoped = plugin.routes.flatMap { route in
                declarations.filter { $0.scope == .within(route.route) && $0.isListed }
                    .map { DeclaredCommand(spec: $0, group: group, view: route.label) }
            }
            return anywhere + scoped
        }
    }

    private var visibleCommands: [Owner] {
        let top = router.top?.route
        return commandOwners.filter { owner in
            switch owner.spec.scope {
            case .anywhere: true
            case .within(let route): route == top
            }
        }
    }

    // MARK: - Running

    /// Starts the plugins' session work (REPL sessions only).
    public func startSession() async {
        let context = makeContext(oneShot: false)
        for plugin in plugins { await plugin.sessionStarted(context: context) }
    }

    /// Lets the plugins finish their session work (at quit or the end of input).
    public func endSession() async {
        for plugin in plugins { await plugin.sessionEnded() }
    }

    /// Runs one line typed at the prompt or read from a pipe.
    public func execute(line: String) async -> Outcome {
        let trimmed = line.trimmingSpaces
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return .completed(status: 0) }
        let words: [String]
        do {
            words = try CommandLineTokenizer.split(line)
        } catch {
            return .completed(status: report(.usage(error.message)))
        }
        return await execute(words: words, oneShot: false)
    }

    /// Runs one command given as words (the one-shot mode: `App -- contact send --name Ann …`).
    public func execute(words: [String], oneShot: Bool) async -> Outcome {
        guard !words.isEmpty else { return .completed(status: 0) }
        let (match, rest) = resolve(words)
        guard let owner = match else {
            return .completed(status: report(unknownCommand(words)))
        }
        let spec = owner.spec
        if spec.asksForHelp(Array(rest)) {
            let status = write(
                CommandOutput(
                    text: helpText(for: owner),
                    json: HelpDocument(commands: [helpEntry(spec, owner.plugin)])))
            return .completed(status: status)
        }
        let context = makeContext(oneShot: oneShot)
        do throws(CommandError) {
            let arguments = try spec.parse(Array(rest), language: self.words, translate: translator(owner.plugin))
            commandRunning?(true)
            let outcome: Result<CommandOutput, CommandError>
            do throws(CommandError) {
                outcome = .success(try await owner.command.run(arguments, context))
            } catch {
                outcome = .failure(error)
            }
            commandRunning?(false)
            let result = try outcome.get()
            if quitRequested {
                quitRequested = false
                if !oneShot { return .quit }
            }
            if !oneShot, let screen = result.fullScreen, let step = await openFullScreen(screen) {
                if case .open(let destination) = step {
                    return .completed(status: write(try await navigate(to: destination)))
                }
                return .completed(status: 0)
            }
            return .completed(status: write(result))
        } catch {
            // Ctrl-C cancelled a request: the session says "Cancelled." once (the App); the request's own words for it
            // ("The request was cancelled.") are not said too. A command with more to say (a form closed) says it.
            // JSON still gets its error document.
            if Task.isCancelled, error.isInterrupted, configuration.format == .text {
                commandFailed?(error)
                return .completed(status: error.exitCode)
            }
            return .completed(status: report(error))
        }
    }

    /// Shows a full-screen view when this session can (text output to a terminal that takes escape sequences, and a
    /// host); nil when the output is to be printed instead.
    private func openFullScreen(_ screen: any FullScreen) async -> ScreenStep? {
        let terminal = configuration.terminal
        guard configuration.format == .text, terminal.isInteractive, terminal.allowsEscapes, let host = fullScreenHost
        else { return nil }
        return await host(screen)
    }

    /// Writes a command's answer: text on standard output, or its JSON document. Returns the exit status it stands
    /// for: 0, 3 (`CommandOutput.oldDataStatus`) when it was built from old data, 0 or 1 for a yes or a no
    /// (`CommandOutput.yesOrNo`), or 70 (`EX_SOFTWARE`) when the
    /// answer could not be made into JSON and an error document was written instead (a script must never take an
    /// error document for an answer).
    @discardableResult
    public func write(_ result: CommandOutput) -> Int32 {
        let written = writeAnswer(result)
        guard written == 0 else { return written }
        if let yes = result.yesOrNo { return yes ? 0 : CommandOutput.noStatus }
        return result.isAlarm ? CommandOutput.alarmStatus : result.isOld ? CommandOutput.oldDataStatus : 0
    }

    private func writeAnswer(_ result: CommandOutput) -> Int32 {
        if result.isOwnFormat {
            let text = clean(result.text)
            output.standardOutput(text.hasSuffix("\n") ? text : text + "\n")
            return 0
        }
        switch configuration.format {
        case .text:
            if result.isVerbatim {
                let text = clean(result.text)
                output.standardOutput(text.hasSuffix("\n") ? text : text + "\n")
            } else if !result.text.isEmpty {
                output.standardOutput(
                    DisplayWidth.fitted(clean(result.text), width: configuration.terminal.width) + "\n")
            }
            return 0
        case .json:
            let document: any JSONDocument = result.json ?? MessageDocument(message: result.text)
            do {
                output.standardOutput(try Shell.encode(document) + "\n")
                return 0
            } catch {
                return report(
                    CommandError(
                        kind: .internal, code: "internal",
                        message: "The answer could not be encoded as JSON (\(error.reason))."))
            }
        }
    }

    /// Writes an error (JSON on standard output in JSON mode, a message on standard error otherwise) and returns
    /// the exit status it stands for.
    @discardableResult
    public func report(_ error: CommandError) -> Int32 {
        switch configuration.format {
        case .text:
            let message = TerminalText.sanitize(error.message, allowNewlines: true)
            output.standardError(prose(error.kind == .usage ? message : words("Error: %@", message)) + "\n")
        case .json:
            // An error document holds only strings: it always encodes.
            output.standardOutput(Shell.errorJSON(error) + "\n")
        }
        commandFailed?(error)
        return error.exitCode
    }

    /// An error as its JSON document (`skylens.error/1`), for errors found before a shell exists (the App's
    /// settings). An error document holds only strings: it always encodes.
    public nonisolated static func errorJSON(_ error: CommandError) -> String {
        (try? encode(ErrorDocument(error: .init(error))))
            ?? #"{"error":{"code":"internal"},"schema":"skylens.error/1"}"#
    }

    /// Shows a notice (not an answer) to the user: on standard error, so that it never mixes with output.
    public func notify(_ message: String) {
        output.standardError(prose(TerminalText.sanitize(message, allowNewlines: true)) + "\n")
    }

    /// A message broken at spaces to the terminal's width, its later lines indented.
    private func prose(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
            DisplayWidth.wrapped(String($0), width: configuration.terminal.width, indent: "  ")
        }.joined(separator: "\n")
    }

    /// Without colour, even our own styling is removed, and anything else that slipped through.
    private func clean(_ text: String) -> String {
        configuration.terminal.colorEnabled ? text : TerminalText.sanitize(text, allowNewlines: true)
    }

    private func makeContext(oneShot: Bool) -> CommandContext {
        CommandContext(
            router: router, terminal: configuration.terminal, language: configuration.language,
            format: configuration.format, input: input,
            isOneShot: oneShot, output: output,
            navigator: { [unowned self] destination throws(CommandError) in
                // A one-shot command's destination is one-shot too: no hints that only a session can follow.
                try await self.navigate(to: destination, oneShot: oneShot)
            })
    }

    private func navigate(
        to destination: AnyDestination, oneShot: Bool = false
    ) async throws(CommandError)
        -> CommandOutput
    {
        guard let owner = routeOwners[destination.route] else {
            throw .failure(
                "not_installed",
                "The \(destination.route.feature) feature is not installed in this build of \(configuration.appName).")
        }
        router.push(destination)
        do {
            return try await owner.plugin.present(destination, context: makeContext(oneShot: oneShot))
        } catch {
            router.pop()
            throw error
        }
    }

    /// Finds the command whose words are the longest prefix of `words`, among those visible here.
    private func resolve(_ words: [String]) -> (match: Owner?, rest: ArraySlice<String>) {
        let lowered = words.map { $0.lowercased() }
        var best: Owner?
        for owner in visibleCommands where owner.spec.words.count <= words.count {
            guard Array(lowered.prefix(owner.spec.words.count)) == owner.spec.words else { continue }
            let length = owner.spec.words.count, bestLength = best?.spec.words.count ?? 0
            // Longer names win; at equal length a command of the view on screen wins over one of everywhere,
            // unless it takes no words and words follow (`weather Tokyo` on a city's page is the weather of Tokyo,
            // not "Unexpected argument" from the city page's own `weather`).
            if length > bestLength {
                best = owner
            } else if length == bestLength, let current = best, owner.spec.scope != current.spec.scope {
                let scoped = owner.spec.scope == .anywhere ? current : owner
                let anywhere = owner.spec.scope == .anywhere ? owner : current
                let rest = words.dropFirst(length)
                let takesWords = scoped.spec.takesWords
                let wordFollows = rest.first.map { !$0.hasPrefix("-") } ?? false
                best = wordFollows && !takesWords ? anywhere : scoped
            }
        }
        guard let best else { return (nil, words[...]) }
        // `contact sned` should not run `contact` with an argument it does not take: say it is unknown.
        let rest = words.dropFirst(best.spec.words.count)
        if let next = rest.first, !next.hasPrefix("-"), !best.spec.takesWords,
            visibleCommands.contains(where: {
                $0.spec.words.count > best.spec.words.count
                    && Array($0.spec.words.prefix(best.spec.words.count)) == best.spec.words
            })
        {
            return (nil, words[...])
        }
        return (best, rest)
    }

    private func unknownCommand(_ typedWords: [String]) -> CommandError {
        let typed = typedWords.prefix(2).map(\.terminalPreview)
        // A sub-command typo: `contact sned`.
        let visible = visibleCommands.map(\.spec)
        if typedWords.count >= 2 {
            let group = visible.filter { $0.words.count > 1 && $0.words[0] == typedWords[0].lowercased() }
            if !group.isEmpty {
                let names = group.map { $0.words[1] }
                let near = Suggestions.nearest(to: typedWords[1], among: names)
                let hint =
                    near.isEmpty
                    ? ""
                    : " "
                        + words(
                            "Did you mean %@?",
                            near.map { "'\(typedWords[0].lowercased()) \($0)'" }.joined(
                                separator: " " + words("or") + " "))
                return .usage(
                    words("Unknown command '%@'.", typed.joined(separator: " ")) + hint + " "
                        + words("'%1$@' takes: %2$@.", typedWords[0].lowercased(), names.joined(separator: ", ")))
            }
        }
        let name = typed[0]
        // A command that exists, but somewhere else.
        if let elsewhere = commandOwners.first(where: { $0.spec.words.first == typedWords[0].lowercased() }),
            case .within(let route) = elsewhere.spec.scope
        {
            let label = routeOwners[route]?.spec.label ?? route.name
            return .usage(
                words(
                    "'%1$@' works only in the %2$@ view; here it means nothing. Type 'help' for what works here.", name,
                    label))
        }
        let names = Array(Set(visible.map { $0.words[0] })).sorted()
        let near = Suggestions.nearest(to: typedWords[0], among: names)
        let hint =
            near.isEmpty
            ? " " + words("Type 'help' for the list of commands.")
            : " " + words("Did you mean %@?", near.map { "'\($0)'" }.joined(separator: " " + words("or") + " "))
        return .usage(words("Unknown command '%@'.", name) + hint)
    }

    // MARK: - The general commands (run by `GeneralCommands`)

    /// `back`: the destination below the top, shown again.
    func back(context: CommandContext) async throws(CommandError) -> CommandOutput {
        guard let left = router.pop() else {
            return CommandOutput(text: words("Already at the start."), json: RouterDocument(stack: []))
        }
        await routeOwners[left.route]?.plugin.destinationDismissed(left)
        if let top = router.top, let owner = routeOwners[top.route] {
            let shown = try await owner.plugin.present(top, context: context)
            return CommandOutput(
                text: shown.text, json: shown.json ?? RouterDocument(stack: router.stack.map(\.description)),
                fullScreen: shown.fullScreen)
        }
        return CommandOutput(text: "", json: RouterDocument(stack: []))
    }

    /// `home`: every destination dismissed.
    func home() async -> CommandOutput {
        let left = router.stack.reversed()
        router.popToRoot()
        for destination in left { await routeOwners[destination.route]?.plugin.destinationDismissed(destination) }
        return CommandOutput(text: "", json: RouterDocument(stack: []))
    }

    /// `lang`: the language now and every one SkyLens speaks; or a new one, kept when it can be.
    func lang(_ choice: GeneralCommands.Lang.Choice) async -> CommandOutput {
        let kept: String?
        switch choice {
        case .show:
            let current = configuration.language
            var lines = [
                words(
                    "Language: %1$@ (%2$@), from %3$@.", current.nativeName, current.code,
                    sourceWords(configuration.languageSource))
            ]
            lines += [""] + Language.all.map { "  \(DisplayWidth.pad($0.code, to: 8))\($0.nativeName)" }
            return CommandOutput(text: lines.joined(separator: "\n"), json: languageDocument(kept: nil))
        case .language(let language):
            configuration.language = language
            configuration.languageSource = "lang"
            kept =
                await keepLanguage?(language).map { words($0) }
                ?? (keepLanguage == nil ? words("this session only") : nil)
        case .automatic:
            kept =
                await keepLanguage?(nil).map { words($0) } ?? (keepLanguage == nil ? words("this session only") : nil)
        case .unknown:
            // Refused by the command before it gets here.
            return .empty
        }
        let current = configuration.language
        let said: String
        switch (choice, kept) {
        case (.automatic, nil):
            said = words("The choice is forgotten: from the next start, the environment decides.")
        case (.automatic, let problem?):
            said = words("The choice could not be forgotten: %@.", problem)
        case (_, nil):
            said = words("Now speaking %@; kept for next time.", current.nativeName)
        case (_, let problem?):
            said = words("Now speaking %1$@; not kept: %2$@.", current.nativeName, problem)
        }
        return CommandOutput(text: said, json: languageDocument(kept: kept == nil))
    }

    /// Where the language came from, in the user's words: option and variable names as they are typed.
    private func sourceWords(_ source: String) -> String {
        switch source {
        case "lang (kept)": words("the choice 'lang' kept")
        case "lang": words("the 'lang' command")
        case "config.yaml": words("the config file")
        case "the default": words("the default")
        default: source
        }
    }

    private func languageDocument(kept: Bool?) -> LanguageDocument {
        LanguageDocument(
            code: configuration.language.code, name: configuration.language.nativeName,
            source: configuration.languageSource, kept: kept, supported: Language.all.map(\.code))
    }

    /// `quit`: the session ends after this command; one-shot, it says where it was.
    func quit() -> CommandOutput {
        quitRequested = true
        return CommandOutput(text: "", json: RouterDocument(stack: router.stack.map(\.description)))
    }

    func help(topic: [String]) throws(CommandError) -> CommandOutput {
        if !topic.isEmpty {
            let asked = topic.map { $0.lowercased() }
            let matches = commandOwners.filter { $0.spec.words == asked }
            // The command as it would run here: the view's own, else the one of everywhere, else any.
            let here = router.top.flatMap { top in matches.first { $0.spec.scope == .within(top.route) } }
            if let match = here ?? matches.first(where: { $0.spec.scope == .anywhere }) ?? matches.first {
                return CommandOutput(
                    text: helpText(for: match),
                    json: HelpDocument(commands: [helpEntry(match.spec, match.plugin)]))
            }
            let group = commandOwners.filter { Array($0.spec.words.prefix(asked.count)) == asked }
            if !group.isEmpty {
                return CommandOutput(
                    text: group.map { helpText(for: $0) }.joined(separator: "\n\n"),
                    json: HelpDocument(commands: group.map { helpEntry($0.spec, $0.plugin) }))
            }
            let near = Suggestions.nearest(to: topic.joined(separator: " "), among: commandOwners.map(\.spec.name))
            let hint =
                near.isEmpty
                ? ""
                : " " + words("Did you mean %@?", near.map { "'\($0)'" }.joined(separator: " " + words("or") + " "))
            throw .usage(words("No command '%@'.", topic.joined(separator: " ").terminalPreview) + hint)
        }
        let painter = Painter(enabled: configuration.terminal.colorEnabled, depth: configuration.terminal.colorDepth)
        var sections: [(title: String, rows: [(String, String)])] = []
        for plugin in plugins {
            let declarations = plugin.commands.map(\.declaration)
            let translate = translator(plugin)
            let anywhere = declarations.filter { $0.scope == .anywhere && $0.isListed }
            let name = translate(plugin.name)
            if !anywhere.isEmpty {
                sections.append((name, anywhere.map { (shortUsage($0), translate($0.summary)) }))
            }
            for route in plugin.routes {
                let scoped = declarations.filter { $0.scope == .within(route.route) && $0.isListed }
                if !scoped.isEmpty {
                    sections.append(
                        (
                            words("%1$@: in the %2$@ view", name, route.label),
                            scoped.map { (shortUsage($0), translate($0.summary)) }
                        ))
                }
            }
        }
        let columns = configuration.terminal.width
        let width = min(30, sections.flatMap { $0.rows.map { DisplayWidth.columns(of: $0.0) } }.max() ?? 10)
        // Side by side when the summaries get 30 columns or more; else each summary under its command.
        let sideBySide = columns - width - 4 >= 30
        var lines = DisplayWidth.wrapped(
            "\(configuration.appName) \(configuration.version): \(words(configuration.tagline))", width: columns)
        for section in sections {
            lines.append("")
            lines.append(painter.paint(DisplayWidth.truncated(section.title, toColumns: columns), .bold))
            for (usage, summary) in section.rows {
                if !sideBySide {
                    lines += DisplayWidth.wrapped("  " + usage, width: columns, indent: "      ")
                    lines += DisplayWidth.wrapped("    " + summary, width: columns, indent: "    ")
                    continue
                }
                let indent = String(repeating: " ", count: width + 4)
                let summaryLines = DisplayWidth.wrapped(summary, width: columns - width - 4)
                if DisplayWidth.columns(of: usage) > width {
                    lines.append("  \(usage)")
                    lines += summaryLines.map { indent + $0 }
                } else {
                    lines.append("  " + DisplayWidth.pad(usage, to: width) + "  " + (summaryLines.first ?? ""))
                    lines += summaryLines.dropFirst().map { indent + $0 }
                }
            }
        }
        lines.append("")
        lines += DisplayWidth.wrapped(
            words("Type 'help COMMAND' (or COMMAND --help) for its options. Tab completes; 'quit' or Ctrl-D leaves."),
            width: columns)
        let entries = commandOwners.filter(\.spec.isListed).map { helpEntry($0.spec, $0.plugin) }
        return CommandOutput(text: lines.joined(separator: "\n"), json: HelpDocument(commands: entries))
    }

    /// A command in `help`'s JSON, with the view it works in by the view's label (`weather`).
    private func helpEntry(_ spec: CommandDeclaration, _ plugin: any FeaturePlugin) -> HelpDocument.Entry {
        var view: String?
        if case .within(let route) = spec.scope { view = routeOwners[route]?.spec.label ?? route.name }
        return HelpDocument.Entry(spec, owner: plugin.name, view: view)
    }

    private func shortUsage(_ spec: CommandDeclaration) -> String {
        let positional = spec.arguments.filter { $0.kind == .positional || $0.kind == .remainder }.map(\.usage)
        let hasOptions = spec.arguments.contains { $0.kind == .option || $0.kind == .flag }
        return ([spec.name] + positional + (hasOptions ? ["[options]"] : [])).joined(separator: " ")
    }

    /// A plugin's text in the user's language (its catalogue's translation of the English), as help shows it.
    func translator(_ plugin: any FeaturePlugin, _ language: Language? = nil) -> (String) -> String {
        guard let source = plugin.words else { return { $0 } }
        let words = Words(source, language: language ?? configuration.language)
        return { words($0) }
    }

    func helpText(for owner: Owner) -> String {
        let spec = owner.spec, translate = translator(owner.plugin), words = words
        let columns = configuration.terminal.width
        func prose(_ text: String, indent: String = "") -> [String] {
            text.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
                DisplayWidth.wrapped(indent + $0, width: columns, indent: indent)
            }
        }
        let usage = words("Usage: %@", spec.usage)
        let hanging = String(
            repeating: " ", count: max(0, DisplayWidth.columns(of: usage) - DisplayWidth.columns(of: spec.usage)))
        var lines = DisplayWidth.wrapped(usage, width: columns, indent: hanging)
        lines += [""] + prose(words("%@.", translate(spec.summary)))
        if !spec.discussion.isEmpty { lines += [""] + prose(translate(spec.discussion)) }
        if case .within(let route) = spec.scope {
            lines += [""] + prose(words("Available in the %@ view.", routeOwners[route]?.spec.label ?? route.name))
        }
        if !spec.arguments.isEmpty {
            lines += ["", words("Arguments:")]
            let labels = spec.arguments.map { argument -> String in
                switch argument.kind {
                case .positional, .remainder: argument.valueName
                case .option: "--\(argument.name) \(argument.valueName)"
                case .flag: "--\(argument.name)"
                }
            }
            let width = labels.map { DisplayWidth.columns(of: $0) }.max() ?? 0
            let sideBySide = columns - width - 4 >= 30
            for (label, argument) in zip(labels, spec.arguments) {
                let help =
                    argument.isRequired ? translate(argument.help) : words("%@ (optional)", translate(argument.help))
                if sideBySide {
                    let wrapped = DisplayWidth.wrapped(help, width: columns - width - 4)
                    lines.append("  " + DisplayWidth.pad(label, to: width) + "  " + (wrapped.first ?? ""))
                    lines += wrapped.dropFirst().map { String(repeating: " ", count: width + 4) + $0 }
                } else {
                    lines.append("  " + DisplayWidth.truncated(label, toColumns: columns - 2))
                    lines += DisplayWidth.wrapped("    " + help, width: columns, indent: "    ")
                }
            }
        }
        if !spec.examples.isEmpty {
            lines +=
                ["", words("Examples:")]
                + spec.examples.flatMap { DisplayWidth.wrapped("  " + $0, width: columns, indent: "    ") }
        }
        return lines.joined(separator: "\n")
    }

    func about() -> CommandOutput {
        // Each plugin's sources in its own words (their names, what they give, their licences' wording).
        let all =
            plugins.flatMap { plugin in
                let translate = translator(plugin)
                return plugin.attributions.map {
                    Attribution(translate($0.name), detail: translate($0.detail), licence: translate($0.licence))
                }
            } + configuration.attributions
        let columns = configuration.terminal.width
        var lines = ["\(configuration.appName) \(configuration.version)"]
        lines += DisplayWidth.wrapped(words(configuration.tagline), width: columns)
        lines += ["", words("Sources, services and licences:")]
        for attribution in all {
            lines += DisplayWidth.wrapped(
                "  \(attribution.name): \(attribution.detail) (\(attribution.licence))", width: columns,
                indent: "      ")
        }
        lines += ["", words("Languages (lang CODE, --lang CODE):")]
        for language in Language.all {
            lines += DisplayWidth.wrapped(
                "  \(language.code)  \(language.nativeName) (\(language.englishName)): \(words(language.note))",
                width: columns, indent: "      ")
        }
        return CommandOutput(
            text: lines.joined(separator: "\n"),
            json: AboutDocument(
                name: configuration.appName, version: configuration.version,
                sources: all.map { .init(name: $0.name, detail: $0.detail, licence: $0.licence) },
                languages: Language.all.map {
                    .init(code: $0.code, name: $0.nativeName, englishName: $0.englishName, note: $0.note)
                }))
    }

    struct EncodingFailure: Error {
        var reason: String
    }

    /// The document as one line of JSON, keys sorted, with its `schema` stamped in; fails for what JSON cannot hold
    /// (a number that is not finite).
    nonisolated static func encode(_ document: any JSONDocument) throws(EncodingFailure) -> String {
        let value = Stamped(document: document, schema: type(of: document).schema)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch let EncodingError.invalidValue(value, context) {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw EncodingFailure(reason: "\(path.isEmpty ? "a value" : path) is \(value), which JSON cannot hold")
        } catch {
            throw EncodingFailure(reason: "\(error)")
        }
    }
}

// MARK: - JSON documents of the shell

/// A document with its `schema` beside its own keys.
private struct Stamped: Encodable {
    let document: any JSONDocument
    let schema: String

    private enum Keys: String, CodingKey { case schema }

    func encode(to encoder: any Encoder) throws {
        try document.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(schema, forKey: .schema)
    }
}

/// `lang`: the language, where it came from, whether a new choice was kept, and every code SkyLens speaks.
struct LanguageDocument: JSONDocument {
    static let kind = "language"
    var code: String
    var name: String
    var source: String
    var kept: Bool?
    var supported: [String]
}

struct MessageDocument: JSONDocument {
    static let kind = "message"
    var message: String
}

struct ErrorDocument: JSONDocument {
    static let kind = "error"
    struct Body: Encodable {
        var code: String
        var message: String
        var details: [String: String]?

        init(_ error: CommandError) {
            code = error.code
            message = error.message
            details = error.details.isEmpty ? nil : error.details
        }
    }

    var error: Body
}

struct RouterDocument: JSONDocument {
    static let kind = "router"
    var stack: [String]
}

struct HelpDocument: JSONDocument {
    static let kind = "help"
    struct Entry: Encodable, Sendable {
        var name: String
        var usage: String
        var summary: String
        var feature: String
        var availableIn: String?
        /// Lines that show the command at work (left out when there are none).
        var examples: [String]?

        init(_ spec: CommandDeclaration, owner: String, view: String?) {
            name = spec.name
            usage = spec.usage
            summary = spec.summary
            feature = owner
            availableIn = view
            examples = spec.examples.isEmpty ? nil : spec.examples
        }
    }

    var commands: [Entry]
}

struct AboutDocument: JSONDocument {
    static let kind = "about"
    struct Source: Encodable, Sendable {
        var name: String
        var detail: String
        var licence: String
    }

    /// A language SkyLens speaks: its code, its name in itself and in English, the translators' note.
    struct LanguageEntry: Encodable, Sendable {
        var code: String
        var name: String
        var englishName: String
        var note: String
    }

    var name: String
    var version: String
    var sources: [Source]
    var languages: [LanguageEntry]
}
