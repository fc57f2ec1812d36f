import Architecture

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
            RegisteredCommand(Quit.self, on: self), RegisteredCommand(Exit.self, on: self),
        ]
    }

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
