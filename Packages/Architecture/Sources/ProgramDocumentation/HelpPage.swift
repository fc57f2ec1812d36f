import Architecture
import CommandShell
import CoreKit
import Foundation
import Localization

/// `skylens --help`: the program's options, what it does and its exit statuses, in the user's language and laid out
/// to the terminal's width — the manual's words (`ManualPage.catalogue()`) and the same `ProgramDescription`, so the
/// two never say different things. (swift-argument-parser's own help is written before a language is chosen, in
/// English; SkyLens answers `--help` itself.)
public enum HelpPage {
    /// - Parameters:
    ///   - words: the manual's words (`ManualPage.catalogue()`) in the user's language.
    ///   - width: the columns to fill (at least 40).
    public static func render(_ program: ProgramDescription, words: Words, width: Int) -> String {
        let width = max(40, width)
        var lines = DisplayWidth.wrapped("\(program.name) \(program.version) — \(program.summary)", width: width)
        func heading(_ key: String) {
            lines += ["", words(key)]
        }
        /// A name and what it means: the meaning beside the name when both fit, else under it.
        func item(_ name: String, _ meaning: String, column: Int) {
            let indent = String(repeating: " ", count: column)
            let named = "  " + name
            if DisplayWidth.columns(of: named) + 2 <= column {
                let wrapped = DisplayWidth.wrapped(meaning, width: width - column)
                lines.append(DisplayWidth.pad(named, to: column) + (wrapped.first ?? ""))
                lines += wrapped.dropFirst().map { indent + $0 }
            } else {
                lines.append(named)
                lines += DisplayWidth.wrapped(meaning, width: width - column).map { indent + $0 }
            }
        }
        heading("SYNOPSIS")
        let synopsis = "\(program.name) [\(words("OPTIONS"))] [\(words("COMMAND")) [\(words("ARGUMENTS")) ...]]"
        lines += DisplayWidth.wrapped(synopsis, width: width - 4).enumerated().map { ($0 == 0 ? "  " : "    ") + $1 }
        heading("DESCRIPTION")
        for (index, paragraph) in program.description.enumerated() {
            if index > 0 { lines.append("") }
            lines += DisplayWidth.wrapped(paragraph, width: width - 2).map { "  " + $0 }
        }
        heading("OPTIONS")
        let column = min(28, width / 3)
        for option in program.options {
            item("--\(option.name)" + (option.valueName.map { " \($0)" } ?? ""), option.help, column: column)
        }
        item("-h, --help", words("Show the options and exit."), column: column)
        item("--version", words("Show the version and exit."), column: column)
        heading("EXIT STATUS")
        for status in program.exitStatuses { item(status.name, status.meaning, column: min(8, column)) }
        lines.append("")
        lines += DisplayWidth.wrapped(
            words(
                "The commands: 'help' in a session, or '%1$@ help'. The whole manual: '%1$@ manual'.", program.name),
            width: width)
        return lines.joined(separator: "\n") + "\n"
    }
}
