import Architecture
import ArgumentParser
import CommandShell
import CoreKit
import Foundation
import Localization
import ProgramDocumentation

/// The App's global options: the settings that have an option (`SettingKey`, where each is declared once with its
/// option, variable and help). `SkyLensCommand` takes its help from there, and the manual page and the completion
/// scripts are generated from the same list.
enum GlobalOptions {
    static let all = SettingKey.allCases.compactMap(\.globalOption)
}

extension SettingKey {
    /// The setting as a global option of the program, with its help (nil for a setting with no option).
    var globalOption: GlobalOption? {
        guard option != nil, let help else { return nil }
        return GlobalOption(key, value: valueName, help: help, values: values, isPath: isPath)
    }

    /// The option's help for ArgumentParser.
    var argumentHelp: ArgumentHelp { ArgumentHelp(help ?? "", valueName: valueName) }
}

extension GlobalOption {
    /// The option's help for ArgumentParser.
    var argumentHelp: ArgumentHelp { ArgumentHelp(help, valueName: valueName) }
}

/// Everything the manual and the completion scripts say, from the declarations: the global options above, every
/// plugin's commands (the shell's `declaredCommands`), the exit statuses `CommandError` defines.
enum ProgramInfo {
    @MainActor
    static func description(commands: [DeclaredCommand]) -> ProgramDescription {
        ProgramDescription(
            name: "skylens", title: AppInfo.name, version: AppInfo.version, summary: AppInfo.tagline,
            description: [
                "With no COMMAND, skylens starts an interactive session: a prompt with history and Tab completion (or, with commands piped in, reads them line by line). With a COMMAND, it runs that command once and exits with a status a script can act on (see EXIT STATUS).",
                "Weather comes from Open-Meteo (no key) or OpenWeatherMap (a key); answers are kept, so that a place shown once is shown again offline, marked as such. The cities, their other names and the map's shorelines, borders and rivers ship with the program.",
                "With --format json, every command writes one JSON document to standard output, and errors are JSON documents too; see the JSON contract in the documentation.",
            ],
            options: GlobalOptions.all, commands: commands,
            environment: [
                DescribedItem(SettingKey.dataDirectory.variable, "The data directory (as --data-dir)."),
                DescribedItem(
                    "XDG_DATA_HOME",
                    "The data directory is $XDG_DATA_HOME/skylens when SKYLENS_HOME is not set (else ~/.local/share/skylens)."
                ),
                // The variables the settings are read from (LayeredSettings), named once, in SettingKey.
                DescribedItem(
                    SettingKey.allCases.filter { $0.option != nil && $0 != .dataDirectory }.map(\.variable)
                        .joined(separator: ", "),
                    "As the options of the same names; an option given on the command line wins."),
                DescribedItem(
                    SettingKey.units.variable,
                    "Where units start when no unit choice is kept, as the config file's units."),
                DescribedItem(
                    "XDG_CONFIG_HOME",
                    "The config file is $XDG_CONFIG_HOME/skylens/config.yaml (else ~/.config/skylens/config.yaml)."),
                DescribedItem("OPENWEATHER_API_KEY", "The key for OpenWeatherMap (never printed, logged or stored)."),
                DescribedItem("NO_COLOR", "When set and not empty, no colour with --color auto."),
                DescribedItem("COLUMNS", "The width to lay text out in when standard output is not a terminal."),
            ],
            files: [
                DescribedItem(
                    "~/.config/skylens/config.yaml",
                    "The defaults set once, in YAML: format, color, units (metric, imperial, or words such as 'f mph in 12'), provider, timeout, offline, contact-url, cities-url, data-dir, log-level, log-file. An option wins over the environment, which wins over the file, which wins over the defaults. A mistake in it is reported with its line and ignored."
                ),
                DescribedItem(
                    "~/.local/share/skylens/skylens.sqlite",
                    "Favourites, settings, kept weather answers and queued contact messages."),
                DescribedItem("~/.local/share/skylens/history", "The session's line history."),
            ],
            examples: [
                DescribedItem("skylens weather Toronto", "The weather in Toronto now, and the next days."),
                DescribedItem("skylens --format json search 'san jose'", "Every San Jose, as JSON."),
                DescribedItem("skylens map --place Lisbon", "The map around Lisbon."),
                DescribedItem("source <(skylens completions bash)", "Tab completion in this bash."),
            ])
    }
}

/// The App's own commands: the completion scripts and the manual page, generated from every plugin's declarations.
@MainActor
final class ProgramCommands: FeaturePlugin {
    /// Every plugin's commands, as the shell declares them; set once the shell exists.
    var declarations: () -> [DeclaredCommand] = { [] }

    var name: String { "Setup" }
    var words: StringCatalogSource? { nil }
    var routes: [RouteSpec] { [] }
    var attributions: [Attribution] { [] }

    var commands: [RegisteredCommand] {
        [RegisteredCommand(Completions.self, on: self), RegisteredCommand(Manual.self, on: self)]
    }

    var program: ProgramDescription { ProgramInfo.description(commands: declarations()) }

    /// `completions bash|zsh|fish`.
    struct Completions: FeatureCommand {
        static let shell = Argument.positional(
            "shell", help: "bash, zsh or fish", completion: .values(CompletionScripts.Shell.allCases.map(\.rawValue))
        ).required
        static let declaration = CommandDeclaration(
            "completions", arguments: [shell], summary: "Print the Tab completion script for bash, zsh or fish",
            discussion:
                "The script completes the options, the commands, their arguments and place names, asking skylens itself for what follows a command. make install puts each where its shell finds it; otherwise load it with: source <(skylens completions bash), source <(skylens completions zsh) or skylens completions fish | source.",
            examples: ["completions bash", "completions zsh > ~/.zfunc/_skylens"])

        var shell: CompletionScripts.Shell

        init(arguments: ParsedArguments) throws(CommandError) {
            let name = arguments[Self.shell]
            guard let shell = CompletionScripts.Shell(rawValue: name.lowercased()) else {
                throw .usage("No completion script for '\(name.terminalPreview)': bash, zsh or fish.")
            }
            self.shell = shell
        }

        func run(_ plugin: ProgramCommands, context: CommandContext) async throws(CommandError) -> CommandOutput {
            let script = CompletionScripts.script(for: shell, program: plugin.program)
            return CommandOutput(
                text: script, json: ScriptDocument(shell: shell.rawValue, script: script), isVerbatim: true)
        }
    }

    /// `manual`.
    struct Manual: FeatureCommand {
        static let declaration = CommandDeclaration(
            "manual", summary: "Print the manual page (roff), generated from these declarations",
            discussion: "Read it with: skylens manual | man -l -", examples: ["manual > skylens.1"])

        init(arguments: ParsedArguments) {}

        func run(_ plugin: ProgramCommands, context: CommandContext) async throws(CommandError) -> CommandOutput {
            let page = ManualPage.render(plugin.program, date: ProgramCommands.today())
            return CommandOutput(text: page, json: ManualDocument(roff: page), isVerbatim: true)
        }
    }

    /// The page's date: SOURCE_DATE_EPOCH when set (a reproducible build), else today.
    static func today() -> String {
        let environment = ProcessInfo.processInfo.environment
        let date =
            environment["SOURCE_DATE_EPOCH"].flatMap(TimeInterval.init).map(Date.init(timeIntervalSince1970:)) ?? Date()
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }
}

struct ScriptDocument: JSONDocument {
    static let kind = "completions"

    var shell: String
    var script: String
}

struct ManualDocument: JSONDocument {
    static let kind = "manual"

    var roff: String
}
