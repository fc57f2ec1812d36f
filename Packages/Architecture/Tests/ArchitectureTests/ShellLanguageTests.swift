import Architecture
import CommandShell
import Foundation
import Localization
import ShellTesting
import Testing

/// The shell's own words (help's headings, the general commands, `lang`, `about`) in every language.
@MainActor @Suite struct ShellLanguageTests {
    static let catalogueURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/CommandShell/Resources/Localizable.xcstrings").standardizedFileURL

    static func catalogue() throws -> StringCatalog {
        try StringCatalog(xcstrings: Data(contentsOf: catalogueURL))
    }

    @Test func theCatalogueIsCompleteAndHoldsEveryKeyTheSourcesUse() throws {
        let verdict = try StringCatalogCheck.verify(
            sourcesAt: Self.catalogueURL.deletingLastPathComponent().deletingLastPathComponent())
        #expect(
            verdict.problems.isEmpty, "\(verdict.problems.count) problems, the first: \(verdict.problems.prefix(10))")
        #expect(verdict.missing.isEmpty, "not in the catalogue: \(verdict.missing)")
        #expect(verdict.used > 30)
    }

    @Test(arguments: ["de", "ja", "ar", "ru"])
    func helpAndLangSpeakTheLanguage(code: String) async throws {
        let language = try #require(Language.named(code))
        let harness = ShellHarness(plugins: [], language: language)
        let catalogue = try Self.catalogue()
        for line in ["help", "help lang", "lang", "about"] {
            let text = await harness.run(line)
            #expect(!text.isEmpty)
            let english = StringCatalogCheck.untranslated(in: text, catalogue: catalogue, language: language)
            #expect(english.isEmpty, "\(code) \(line): \(english)")
        }
        let switched = await harness.run("lang en")
        #expect(switched.hasPrefix("Now speaking English"))
        #expect(harness.shell.configuration.language == .english)
    }

    @Test func whereTheLanguageCameFromAndAnUnknownOneAreSaidInIt() async throws {
        var configuration = Shell.Configuration(version: "test", tagline: "test", format: .text, terminal: .plain)
        configuration.language = try #require(Language.named("de"))
        configuration.languageSource = "config.yaml"
        let output = CapturedOutput()
        let shell = Shell(configuration: configuration, plugins: [], input: ScriptedInput([]), output: output)
        _ = await shell.execute(line: "lang")
        #expect(output.stdout.hasPrefix("Sprache: Deutsch (de), festgelegt durch die Konfigurationsdatei."))
        #expect(await shell.execute(line: "lang xx") == .completed(status: 64))
        #expect(output.stderr.contains("SkyLens spricht 'xx' nicht."), "\(output.stderr)")
    }

    @Test func anUnknownLanguageIsAUsageErrorListingTheCodes() async {
        let harness = ShellHarness(plugins: [])
        #expect(await harness.status("lang xx") == .completed(status: 64))
        #expect(harness.output.stderr.contains("ar, de, en") && harness.output.stderr.contains("zh-Hans"))
        #expect(await harness.status("lang pt_BR") == .completed(status: 0))
        #expect(harness.shell.configuration.language.code == "pt-BR")
    }
}
