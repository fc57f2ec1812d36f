import Architecture
import CommandShell
import Foundation
import Localization

/// The manual page (`man 1`), in roff, generated from the program's declarations: every command of every plugin
/// with its arguments and examples, the global options, the exit statuses, the environment and the files.
public enum ManualPage {
    /// The manual's own words (its headings, the exit statuses) in every language: the App keeps one.
    public static func catalogue() -> StringCatalogSource {
        StringCatalogSource(bundle: "Architecture_ProgramDocumentation")
    }

    /// - Parameter date: the page's date, `2026-11-24`.
    /// - Parameter words: the page's own words in the user's language (`catalogue()`'s); the program's description
    ///   comes in that language already.
    public static func render(_ program: ProgramDescription, date: String, words: Words = .english()) -> String {
        var out: [String] = []
        out.append(
            ".TH \(program.name.uppercased()) 1 \(quoted(date)) \(quoted("\(program.title) \(program.version)")) \(quoted(words("User Commands")))"
        )
        // Chinese, Japanese and Korean are written without spaces to stretch: lines left-aligned, no hyphenation.
        if ["ja", "ko", "zh-Hans"].contains(words.language.code) { out += [".ad l", ".nh"] }
        out += [".SH \(Self.sectionHeading(words("NAME")))", "\(escape(program.name)) \\- \(escape(program.summary))"]
        out += [
            ".SH \(Self.sectionHeading(words("SYNOPSIS")))", ".B \(escape(program.name))",
            "[\\fI\(escape(words("OPTIONS")))\\fR] [\\fI\(escape(words("COMMAND")))\\fR [\\fI\(escape(words("ARGUMENTS")))\\fR ...]]",
        ]
        out.append(".SH \(Self.sectionHeading(words("DESCRIPTION")))")
        for (index, paragraph) in program.description.enumerated() {
            if index > 0 { out.append(".PP") }
            out.append(escape(paragraph))
        }
        out.append(".SH \(Self.sectionHeading(words("OPTIONS")))")
        for option in program.options {
            out.append(".TP")
            if let value = option.valueName {
                out.append("\\fB\\-\\-\(escape(option.name))\\fR \\fI\(escape(value))\\fR")
            } else {
                out.append("\\fB\\-\\-\(escape(option.name))\\fR")
            }
            out.append(escape(option.help))
        }
        out += [".TP", "\\fB\\-h\\fR, \\fB\\-\\-help\\fR", escape(words("Show the options and exit."))]
        out += [".TP", "\\fB\\-\\-version\\fR", escape(words("Show the version and exit."))]

        out.append(".SH \(Self.sectionHeading(words("COMMANDS")))")
        out.append(
            escape(
                words(
                    "Each command runs once when given on the command line, or is typed at the prompt of a session. Every command also accepts --help."
                )))
        var heading = ""
        for command in program.commands {
            let title = command.view.map { words("%1$@: in the %2$@ view", command.group, $0) } ?? command.group
            if title != heading {
                out.append(".SS \(escape(title))")
                heading = title
            }
            out.append(".TP")
            out.append(synopsis(command.spec))
            out.append(escape(words("%@.", command.spec.summary)))
            if !command.spec.discussion.isEmpty {
                for paragraph in command.spec.discussion.split(separator: "\n", omittingEmptySubsequences: true) {
                    out += [".IP", escape(String(paragraph))]
                }
            }
            if !command.spec.arguments.isEmpty {
                out.append(".RS")
                for argument in command.spec.arguments {
                    out.append(".TP")
                    switch argument.kind {
                    case .positional, .remainder: out.append("\\fI\(escape(argument.valueName))\\fR")
                    case .option:
                        out.append("\\fB\\-\\-\(escape(argument.name))\\fR \\fI\(escape(argument.valueName))\\fR")
                    case .flag: out.append("\\fB\\-\\-\(escape(argument.name))\\fR")
                    }
                    out.append(
                        escape(
                            argument.isRequired ? words("%@.", argument.help) : words("%@ (optional).", argument.help)))
                }
                out.append(".RE")
            }
            if !command.spec.examples.isEmpty {
                out += [".IP", escape(words("Examples:")), ".RS", ".nf"]
                out += command.spec.examples.map { escape($0, literal: true) }
                out += [".fi", ".RE"]
            }
        }

        /// A section of tagged paragraphs: each item's name (in `font`, B or I) over what it means.
        func section(_ title: String, _ items: [DescribedItem], font: String = "B", literal: Bool = false) {
            guard !items.isEmpty else { return }
            out.append(".SH \(Self.sectionHeading(title))")
            for item in items {
                out += [".TP", "\\f\(font)\(escape(item.name, literal: literal))\\fR", escape(item.meaning)]
            }
        }
        section(words("EXIT STATUS"), program.exitStatuses)
        section(words("ENVIRONMENT"), program.environment)
        section(words("FILES"), program.files, font: "I")
        section(words("EXAMPLES"), program.examples, literal: true)
        return out.joined(separator: "\n") + "\n"
    }

    /// `\fBweather\fR [\fIPLACE\fR...] [\fB--hourly\fR]`: the command's words in bold, values in italics.
    static func synopsis(_ spec: CommandDeclaration) -> String {
        var parts = ["\\fB\(escape(spec.name))\\fR"]
        for argument in spec.arguments {
            let body =
                switch argument.kind {
                case .positional: "\\fI\(escape(argument.valueName))\\fR"
                case .remainder: "\\fI\(escape(argument.valueName))\\fR..."
                case .option: "\\fB\\-\\-\(escape(argument.name))\\fR \\fI\(escape(argument.valueName))\\fR"
                case .flag: "\\fB\\-\\-\(escape(argument.name))\\fR"
                }
            parts.append(argument.isRequired ? body : "[\(body)]")
        }
        return parts.joined(separator: " ")
    }

    /// Text made safe for roff: backslashes doubled as `\e`, a line never starting with a control character, one
    /// line per paragraph. `literal`: hyphens kept as typed minus signs (commands to copy).
    static func escape(_ text: String, literal: Bool = false) -> String {
        var escaped = text.replacingOccurrences(of: "\\", with: "\\e")
            .replacingOccurrences(of: "\n", with: " ")
        if literal {
            escaped = escaped.replacingOccurrences(of: "-", with: "\\-")
        } else {
            // Options in prose (`--format`) are typed with ASCII hyphens: keep them so when copied.
            escaped = escaped.split(separator: " ", omittingEmptySubsequences: false).map { word in
                word.hasPrefix("-") || word.hasPrefix("'-") || word.hasPrefix("`-") || word.hasPrefix("(-")
                    ? word.replacingOccurrences(of: "-", with: "\\-") : String(word)
            }.joined(separator: " ")
        }
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped
    }

    /// A section heading (`.SH` takes the rest of its line).
    static func sectionHeading(_ text: String) -> String { escape(text) }

    private static func quoted(_ text: String) -> String {
        "\"" + escape(text).replacingOccurrences(of: "\"", with: "\\(dq") + "\""
    }
}
