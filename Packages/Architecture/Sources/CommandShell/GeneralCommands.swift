/// The shell's own commands (`help`, `back`, `home`, `about`, `quit`), declared and run as a plugin like any
/// feature's: help lists them under their name, completion and `--help` find them the same way, and nothing in the
/// shell picks them out by name. What they do is the shell's (the router, every plugin's help and credits).
@MainActor
final class GeneralCommands: FeaturePlugin {
    weak var shell: Shell?

    var name: String { "General" }

    var commands: [CommandSpec] {
        [
            CommandSpec(
                "help", arguments: [.remainder("command", help: "A command to explain")],
                summary: "List the commands, or explain one",
                discussion:
                    "With no argument, lists every command of every installed feature. With a command's name, shows its arguments and examples. Every command also accepts --help.",
                examples: ["help", "help contact send"]),
            CommandSpec("back", summary: "Go back to where you were"),
            CommandSpec("home", summary: "Go back to the start"),
            CommandSpec("about", summary: "Version, data sources and their licences"),
            CommandSpec("quit", summary: "Leave SkyLens (also: exit, Ctrl-D)"),
            CommandSpec("exit", summary: "Leave SkyLens", isListed: false),
        ]
    }

    func run(_ invocation: Invocation, context: CommandContext) async throws(CommandError) -> CommandOutput {
        guard let shell else { throw .failure("internal", "The shell is gone.") }
        switch invocation.command.name {
        case "help": return try shell.help(topic: invocation.arguments.remainder)
        case "back": return try await shell.back(context: context)
        case "home": return shell.home()
        case "about": return shell.about()
        case "quit", "exit": return shell.quit()
        default: throw .usage("Unknown command '\(invocation.command.name)'.")
        }
    }
}
