import Architecture
import CoreKit
import Foundation
import Localization
import ShellTesting
import TestSupport
import Testing

@testable import SkyFeature

/// The sky's catalogue: read from where the App finds it, every key of the sources in it, every language complete.
@Suite struct SkyCatalogueTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/SkyFeature").standardizedFileURL

    static func catalogue() throws -> StringCatalog {
        try StringCatalog(
            xcstrings: Data(contentsOf: sources.appendingPathComponent("Resources/Localizable.xcstrings")))
    }

    @Test func theCatalogueIsCompleteAndHoldsEveryKeyTheSourcesUse() throws {
        let verdict = try StringCatalogCheck.verify(sourcesAt: Self.sources)
        #expect(
            verdict.problems.isEmpty, "\(verdict.problems.count) problems, the first: \(verdict.problems.prefix(10))")
        #expect(verdict.missing.isEmpty, "not in the catalogue: \(verdict.missing)")
        #expect(verdict.used > 40)
    }

    @Test func theBuiltBundleHoldsTheCatalogue() throws {
        // What the App reads beside the binary: the same file, copied by the build.
        let source = StringCatalogSource(bundle: "SkyFeature_SkyFeature")
        #expect(source.catalogue.entries.count == (try Self.catalogue()).entries.count)
        #expect(source.problem == nil)
    }
}

@MainActor @Suite struct SkyLanguageTests {
    nonisolated static let codes = ["de", "ja", "ar"]

    @Test("Every view in German, Japanese and Arabic at 80 and 40 columns, with no English left", arguments: codes)
    func views(code: String) async throws {
        let language = try #require(Language.named(code))
        let catalogue = try SkyCatalogueTests.catalogue()
        for width in [80, 40] {
            let sky = try SkyHarness(width: width, language: language)
            for (line, name) in [
                ("sky Tromsø --date 2026-12-21", "sky-tromso-2026-12-21"), ("sky Sydney", "sky-sydney-today"),
                ("moon --month 2026-12 Sydney", "moon-month-sydney-2026-12"),
            ] {
                let text = await sky.run(line)
                #expect(!text.isEmpty)
                #expect(text.split(separator: "\n").allSatisfy { DisplayWidth.columns(of: $0) <= width }, "\(line)")
                // Nothing the terminal would show as a stand-in (an invisible mark CLDR put in a number).
                #expect(!text.contains("\u{FFFD}"), "\(line)")
                let english = StringCatalogCheck.untranslated(in: text, catalogue: catalogue, language: language)
                #expect(english.isEmpty, "\(code) \(line): \(english)")
                Golden.assertMatches(text, named: "\(name)-\(code)-\(width)")
            }
            // An error, and the help, in the language too.
            let error = await sky.run("sky Sydney --date 2026-02-30")
            let errors = sky.output.stderr
            #expect(error.isEmpty)
            #expect(!errors.contains("is not a date"), "\(code): \(errors)")
            let help = await sky.run("help sky")
            let helpEnglish = StringCatalogCheck.untranslated(in: help, catalogue: catalogue, language: language)
            #expect(helpEnglish.isEmpty, "\(code) help: \(helpEnglish)")
        }
    }

    @Test func datesAndNumbersFollowTheLanguage() async throws {
        let sky = try SkyHarness(language: try #require(Language.named("de")))
        let text = await sky.run("sky Sydney")
        #expect(text.contains("Dienstag, 24. November 2026"))
        // A decimal comma, in the moon's age.
        #expect(text.contains(",8"))
        let japanese = try SkyHarness(language: try #require(Language.named("ja")))
        let month = await japanese.run("moon --month 2026-12 Sydney")
        // The week starts on Sunday in Japan: 日 first.
        #expect(
            month.split(separator: "\n", omittingEmptySubsequences: false)[3].trimmingCharacters(in: .whitespaces)
                .hasPrefix("日"))
    }
}
