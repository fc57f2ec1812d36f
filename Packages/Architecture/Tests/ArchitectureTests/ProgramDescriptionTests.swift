import Architecture
import CommandShell
import Foundation
import Localization
import Testing

@testable import ProgramDocumentation

/// The manual page and the completion scripts, generated from declarations.
@MainActor struct ProgramDescriptionTests {
    private func program(_ commands: [CommandDeclaration]) -> ProgramDescription {
        ProgramDescription(
            name: "tool", title: "Tool", version: "1.0", summary: "does things", description: ["A paragraph."],
            options: [
                GlobalOption("format", value: "format", help: "text or json", values: ["text", "json"]),
                GlobalOption("offline", help: "no network"),
            ],
            commands: commands.map { DeclaredCommand(spec: $0, group: "Things") })
    }

    @Test func roffEscapesWhatWouldBeARequestOrAnEscape() {
        #expect(ManualPage.escape(".hidden") == "\\&.hidden")
        #expect(ManualPage.escape("'quoted") == "\\&'quoted")
        #expect(ManualPage.escape("a \\fB b") == "a \\efB b")
        #expect(ManualPage.escape("use --format json, one-shot") == "use \\-\\-format json, one-shot")
        #expect(ManualPage.escape("a-b", literal: true) == "a\\-b")
        #expect(!ManualPage.escape("two\nlines").contains("\n"))
    }

    @Test func theManualListsEveryCommandWithItsArgumentsAndTheExitStatuses() {
        let spec = CommandDeclaration(
            "show", arguments: [Argument.remainder("place", help: "Where"), Argument.flag("all", help: "Everything")],
            summary: "Show a place", examples: ["show Paris"])
        let page = ManualPage.render(program([spec]), date: "2026-11-24")
        #expect(page.hasPrefix(".TH TOOL 1 \"2026-11-24\" \"Tool 1.0\" \"User Commands\"\n"))
        #expect(page.contains("\\fBshow\\fR [\\fIPLACE\\fR...] [\\fB\\-\\-all\\fR]"))
        #expect(page.contains("Show a place."))
        #expect(page.contains("show Paris"))
        #expect(page.contains("\\fB\\-\\-format\\fR \\fIformat\\fR"))
        for status in CommandError.exitStatuses { #expect(page.contains("\\fB\(status.name)\\fR")) }
        // No line of text starts with a control character unless it is a request.
        for line in page.split(separator: "\n") where line.hasPrefix(".") || line.hasPrefix("'") {
            let name = line.dropFirst().prefix { $0.isLetter }
            let rest = line.dropFirst(1 + name.count)
            #expect((1...2).contains(name.count) && (rest.isEmpty || rest.hasPrefix(" ")), "\(line)")
        }
    }

    @Test func theManualsOwnWordsAreInEveryLanguage() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/ProgramDocumentation").standardizedFileURL
        let verdict = try StringCatalogCheck.verify(sourcesAt: url)
        #expect(verdict.problems.isEmpty, "\(verdict.problems.prefix(10))")
        #expect(verdict.missing.isEmpty, "\(verdict.missing)")
        // What the App reads beside the binary.
        #expect(ManualPage.catalogue().catalogue.entries.count == verdict.catalogue.entries.count)
    }

    @Test func theManualInGermanHasGermanHeadingsAndExitStatuses() throws {
        let german = Words(ManualPage.catalogue(), language: try #require(Language.named("de")))
        var described = program([CommandDeclaration("show", summary: "Zeigt einen Ort", examples: ["show Paris"])])
        described.exitStatuses = CommandError.exitStatuses(german)
        let page = ManualPage.render(described, date: "2026-11-24", words: german)
        #expect(page.hasPrefix(".TH TOOL 1 \"2026-11-24\" \"Tool 1.0\" \"Dienstprogramme für Benutzer\"\n"))
        for heading in ["BEZEICHNUNG", "ÜBERSICHT", "BESCHREIBUNG", "OPTIONEN", "BEFEHLE", "EXIT-STATUS"] {
            #expect(page.contains(".SH \(heading)\n"), "\(heading)")
        }
        #expect(page.contains("Zeigt einen Ort."))
        #expect(!page.contains("A usage error"))
        // Japanese: left-aligned, no hyphenation (a line of CJK has no spaces to stretch).
        let japanese = Words(ManualPage.catalogue(), language: try #require(Language.named("ja")))
        #expect(ManualPage.render(described, date: "2026-11-24", words: japanese).contains("\n.ad l\n.nh\n"))
    }

    @Test func scriptsOfferTheCommandWordsOnceAndAskTheProgramForTheRest() {
        let specs = [
            CommandDeclaration("contact", summary: "Write to us"),
            CommandDeclaration("contact send", summary: "Send at once"),
            CommandDeclaration("show", summary: "Show it's place"),
        ]
        let bash = CompletionScripts.script(for: .bash, program: program(specs))
        #expect(bash.contains("compgen -W 'contact show'"))
        #expect(bash.contains("--format) (( i += 2 ))"))
        #expect(bash.contains("__complete --"))
        let zsh = CompletionScripts.script(for: .zsh, program: program(specs))
        #expect(zsh.contains("'show:Show it'\\''s place'"))
        let fish = CompletionScripts.script(for: .fish, program: program(specs))
        #expect(fish.contains("-a 'show' -d 'Show it\\'s place'"))
        #expect(fish.contains("-l format -x -a 'text json'"))
    }

    @Test func theCallbackAnswersCandidatesButNeverTheNoteOfAListCutShort() {
        let model = CompletionModel(commands: [
            CommandDeclaration(
                "go",
                arguments: [
                    Argument.remainder(
                        "place", help: "Where", completion: .words { _, _ in ["Lisbon", "…and 3 more"] })
                ],
                summary: "Go")
        ])
        #expect(CompletionScripts.answer(["go", "Li"], model: model) == "Lisbon\n")
        #expect(CompletionScripts.answer(["g"], model: model) == "go\n")
        #expect(CompletionScripts.answer([], model: model) == "")
    }
}
