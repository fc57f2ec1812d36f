import Architecture
import CoreKit
import Foundation
import Localization

/// The shell's own commands (`help`, `back`, `home`, `about`, `quit`), declared and run as a plugin like any
/// feature's: help lists them under their name, completion and `--help` find them the same way, and nothing in the
/// shell picks them out by name. What they do is the shell's (the router, every plugin's help and credits).
@MainActor
final class GeneralCommands: FeaturePlugin {
    weak var shell: Shell?

    var name: String { Shell.generalGroup }

    var commands: [RegisteredCommand] {
        [
            RegisteredCommand(Help.self, on: self), RegisteredCommand(Back.self, on: self),
            RegisteredCommand(Home.self, on: self), RegisteredCommand(About.self, on: self),
            RegisteredCommand(Lang.self, on: self), RegisteredCommand(Quit.self, on: self),
            RegisteredCommand(Exit.self, on: self),
        ]
    }

    var words: StringCatalogSource? { shell?.catalogue }

    func theShell() throws(CommandError) -> Shell {
        guard let shell else { throw .failure("internal", "The shell is gone.") }
        return shell
    }

    struct Help: FeatureCommand {
        static let command = Argument.words("command", help: "A command to explain", completion: .commandNames)
        static let declaration = CommandDeclaration(
            "help", arguments: [command], summary: "List the commands, or explain one",
            discussion:
                "With no argument, lists every command of every installed feature. With a command's name, shows its arguments and examples. Every command also accepts --help.",
            examples: ["help", "help contact send"])
        var topic: [String]
        init(arguments: ParsedArguments) { topic = arguments[Self.command] }
        func run(_ general: GeneralCommands, context: CommandContext) async throws(CommandError) -> CommandOutput {
            try general.theShell().help(topic: topic)
        }
    }

    struct Back: FeatureCommand {
        static let declaration = CommandDeclaration("back", summary: "Go back to where you were", examples: ["back"])
        init(arguments: ParsedArguments) {}
        func run(_ general: GeneralCommands, context: CommandContext) async throws(CommandError) -> CommandOutput {
            try await general.theShell().back(context: context)
        }
    }

    struct Home: FeatureCommand {
        static let declaration = CommandDeclaration("home", summary: "Go back to the start", examples: ["home"])
        init(arguments: ParsedArguments) {}
        func run(_ general: GeneralCommands, context: CommandContext) async throws(CommandError) -> CommandOutput {
            try await general.theShell().home()
        }
    }

    struct About: FeatureCommand {
        static let declaration = CommandDeclaration(
            "about", summary: "Version, data sources and their licences", examples: ["about"])
        init(arguments: ParsedArguments) {}
        func run(_ general: GeneralCommands, context: CommandContext) async throws(CommandError) -> CommandOutput {
            try general.theShell().about()
        }
    }

    /// `lang [CODE|auto]`: the language now, or another one for the rest of the session and the next start.
    struct Lang: FeatureCommand {
        static let code = Argument.positional(
            "code", help: "A language's code (de, ja, pt-BR…), or auto to follow the environment again",
            completion: .values(Language.all.map(\.code) + ["auto"]))
        static let declaration = CommandDeclaration(
            "lang", arguments: [code], summary: "Show the language, or speak another one (kept for next time)",
            discussion:
                "Without a code, says the language, where it came from, and every language SkyLens speaks. With one, every view, message and help text is in it from the next command on, and it is kept for the next start; --lang and SKYLENS_LANG still win for one run. auto forgets the choice: the config file's lang, then LC_ALL, LC_MESSAGES and LANG decide.",
            examples: ["lang", "lang de", "lang pt-BR", "lang auto"])

        enum Choice {
            case show
            case language(Language)
            case automatic
            /// A code SkyLens does not speak: said, in the language spoken now, when the command runs.
            case unknown(String)
        }
        var choice: Choice

        init(arguments: ParsedArguments) {
            guard let code = arguments[Self.code]?.trimmingSpaces, !code.isEmpty else {
                choice = .show
                return
            }
            if code.lowercased() == "auto" {
                choice = .automatic
            } else if let language = Language.named(code) {
                choice = .language(language)
            } else {
                choice = .unknown(code)
            }
        }

        func run(_ general: GeneralCommands, context: CommandContext) async throws(CommandError) -> CommandOutput {
            let shell = try general.theShell()
            if case .unknown(let code) = choice {
                throw .usage(
                    shell.words(
                        "SkyLens does not speak '%1$@'. Languages: %2$@ (or auto).", code.terminalPreview,
                        Language.codes))
            }
            return await shell.lang(choice)
        }
    }

    struct Quit: FeatureCommand {
        static let declaration = CommandDeclaration(
            "quit", summary: "Leave SkyLens (also: exit, Ctrl-D)", examples: ["quit"])
        init(arguments: ParsedArguments) {}
        func run(_ general: GeneralCommands, context: CommandContext) async throws(CommandError) -> CommandOutput {
            try general.theShell().quit()
        }
    }

    /// A second name of `quit`, not listed.
    struct Exit: FeatureCommand {
        static let declaration = CommandDeclaration("exit", summary: "Leave SkyLens", isListed: false)
        init(arguments: ParsedArguments) {}
        func run(_ general: GeneralCommands, context: CommandContext) async throws(CommandError) -> CommandOutput {
            try general.theShell().quit()
        }
    }
}
