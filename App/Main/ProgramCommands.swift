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
    static let all = SettingKey.allCases.compactMap { $0.globalOption() }

    /// The options with their help in the user's language (`words`: the App's).
    static func all(_ words: Words) -> [GlobalOption] { SettingKey.allCases.compactMap { $0.globalOption(words) } }
}

extension SettingKey {
    /// The setting as a global option of the program, with its help (nil for a setting with no option).
    func globalOption(_ words: Words = .english()) -> GlobalOption? {
        guard option != nil, let help = help(words) else { return nil }
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
    /// - Parameters:
    ///   - words: the App's words in the user's language; `manual`: the manual's own (its exit statuses).
    ///   - tagline: the program's tagline in that language (the shell's words).
    @MainActor
    static func description(
        commands: [DeclaredCommand], words: Words = .english(), manual: Words = .english(),
        tagline: String = AppInfo.tagline
    ) -> ProgramDescription {
        ProgramDescription(
            name: "skylens", title: AppInfo.name, version: AppInfo.version, summary: tagline,
            description: [
                words(
                    "With no COMMAND, skylens starts an interactive session: a prompt with history and Tab completion (or, with commands piped in, reads them line by line). With a COMMAND, it runs that command once and exits with a status a script can act on (see EXIT STATUS)."
                ),
                words(
                    "Weather comes from Open-Meteo (no key) or OpenWeatherMap (a key); answers are kept, so that a place shown once is shown again offline, marked as such. The cities, their other names and the map's shorelines, borders and rivers ship with the program."
                ),
                words(
                    "With --format json, every command writes one JSON document to standard output, and errors are JSON documents too; see the JSON contract in the documentation."
                ),
            ],
            options: GlobalOptions.all(words), commands: commands, exitStatuses: CommandError.exitStatuses(manual),
            environment: [
                DescribedItem(SettingKey.dataDirectory.variable, words("The data directory (as --data-dir).")),
                DescribedItem(
                    "XDG_DATA_HOME",
                    words(
                        "The data directory is $XDG_DATA_HOME/skylens when SKYLENS_HOME is not set (else ~/.local/share/skylens)."
                    )),
                // The variables the settings are read from (LayeredSettings), named once, in SettingKey.
                DescribedItem(
                    SettingKey.allCases.filter { $0.option != nil && $0 != .dataDirectory }.map(\.variable)
                        .joined(separator: ", "),
                    words("As the options of the same names; an option given on the command line wins.")),
                DescribedItem(
                    SettingKey.units.variable,
                    words("Where units start when no unit choice is kept, as the config file's units.")),
                DescribedItem(
                    "XDG_CONFIG_HOME",
                    words(
                        "The config file is $XDG_CONFIG_HOME/skylens/config.yaml (else ~/.config/skylens/config.yaml).")
                ),
                DescribedItem(
                    "OPENWEATHER_API_KEY", words("The key for OpenWeatherMap (never printed, logged or stored).")),
                DescribedItem("NO_COLOR", words("When set and not empty, no colour with --color auto.")),
                DescribedItem(
                    "COLUMNS", words("The width to lay text out in when standard output is not a terminal.")),
            ],
            files: [
                DescribedItem(
                    "~/.config/skylens/config.yaml",
                    words(
                        "The defaults set once, in YAML: format, color, units (metric, imperial, or words such as 'f mph in 12'), provider, timeout, offline, contact-url, cities-url, data-dir, log-level, log-file. An option wins over the environment, which wins over the file, which wins over the defaults. A mistake in it is reported with its line and ignored."
                    )),
                DescribedItem(
                    "~/.local/share/skylens/skylens.sqlite",
                    words("Favourites, settings, kept weather answers and queued contact messages.")),
                DescribedItem("~/.local/share/skylens/history", words("The session's line history.")),
            ],
            examples: [
                DescribedItem("skylens weather Toronto", words("The weather in Toronto now, and the next days.")),
                DescribedItem("skylens --format json search 'san jose'", words("Every San Jose, as JSON.")),
                DescribedItem("skylens map --place Lisbon", words("The map around Lisbon.")),
                DescribedItem("source <(skylens completions bash)", words("Tab completion in this bash.")),
            ])
    }
}

/// The App's own commands: the completion scripts and the manual page, generated from every plugin's declarations.
@MainActor
final class ProgramCommands: FeaturePlugin {
    /// Every plugin's commands, as the shell declares them (in the session's language); set once the shell exists.
    var declarations: (Language) -> [DeclaredCommand] = { _ in [] }
    /// The program's tagline in a language (the shell's words); set once the shell exists.
    var tagline: (Language) -> String = { _ in AppInfo.tagline }
    /// The App's words (its options, the manual's description, these commands) in every language.
    let catalogue = StringCatalogSource(bundle: "SkyLens_App")
    /// The manual's own words (headings, exit statuses).
    let manualCatalogue = ManualPage.catalogue()

    var name: String { "Setup" }
    var words: StringCatalogSource? { catalogue }
    var routes: [RouteSpec] { [] }
    /// What the App itself is built on, for `about` (in the App's words).
    var attributions: [Attribution] { Container.attributions }

    var commands: [RegisteredCommand] {
        [RegisteredCommand(Completions.self, on: self), RegisteredCommand(Manual.self, on: self)]
    }

    /// Everything the manual and the completion scripts say, in `language`.
    func program(_ language: Language) -> ProgramDescription {
        ProgramInfo.description(
            commands: declarations(language), words: Words(catalogue, language: language),
            manual: Words(manualCatalogue, language: language), tagline: tagline(language))
    }

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

        var shell: CompletionScripts.Shell?
        /// What was typed, when it names no shell: said in the user's language when the command runs.
        var asked: String

        init(arguments: ParsedArguments) {
            asked = arguments[Self.shell]
            shell = CompletionScripts.Shell(rawValue: asked.lowercased())
        }

        func run(_ plugin: ProgramCommands, context: CommandContext) async throws(CommandError) -> CommandOutput {
            guard let shell else {
                let words = Words(plugin.catalogue, language: context.language)
                throw .usage(words("No completion script for '%@': bash, zsh or fish.", asked.terminalPreview))
            }
            let script = CompletionScripts.script(for: shell, program: plugin.program(context.language))
            return CommandOutput(
                text: script, json: ScriptDocument(shell: shell.rawValue, script: script), isVerbatim: true)
        }
    }

    /// `manual [--lang CODE]`.
    struct Manual: FeatureCommand {
        static let language = Argument.option(
            "lang", value: "CODE", help: "The page's language (default: the session's)",
            completion: .values(Language.all.map(\.code)))
        static let declaration = CommandDeclaration(
            "manual", arguments: [language], summary: "Print the manual page (roff), generated from these declarations",
            discussion: "Read it with: skylens manual | man -l -",
            examples: ["manual > skylens.1", "manual --lang de | man -l -"])

        /// The code asked for, if any.
        var asked: String?

        init(arguments: ParsedArguments) { asked = arguments[Self.language] }

        func run(_ plugin: ProgramCommands, context: CommandContext) async throws(CommandError) -> CommandOutput {
            var language = context.language
            if let asked {
                guard let chosen = Language.named(asked) else {
                    let words = Words(plugin.catalogue, language: context.language)
                    throw .usage(
                        words("No manual in '%1$@': the languages are %2$@.", asked.terminalPreview, Language.codes))
                }
                language = chosen
            }
            let page = ManualPage.render(
                plugin.program(language), date: ProgramCommands.today(),
                words: Words(plugin.manualCatalogue, language: language))
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
