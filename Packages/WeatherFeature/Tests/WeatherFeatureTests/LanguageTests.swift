import Architecture
import CoreKit
import Foundation
import Localization
import ShellTesting
import TestSupport
import Testing

@testable import WeatherFeature

/// The weather's catalogue: read from where the App finds it, every key of the sources in it, every language
/// complete with the English placeholders and CLDR's plural forms.
@Suite struct WeatherCatalogueTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/WeatherFeature").standardizedFileURL

    static func catalogue() throws -> StringCatalog {
        try StringCatalog(
            xcstrings: Data(contentsOf: sources.appendingPathComponent("Resources/Localizable.xcstrings")))
    }

    @Test func theCatalogueIsCompleteAndHoldsEveryKeyTheSourcesUse() throws {
        let verdict = try StringCatalogCheck.verify(sourcesAt: Self.sources)
        #expect(
            verdict.problems.isEmpty, "\(verdict.problems.count) problems, the first: \(verdict.problems.prefix(10))")
        #expect(verdict.missing.isEmpty, "not in the catalogue: \(verdict.missing)")
        #expect(verdict.used > 200)
    }

    @Test func englishCountsHaveTheirSingular() {
        #expect(testWords.count("%lld days", 1) == "1 day")
        #expect(testWords.count("%lld days", 3) == "3 days")
        #expect(testWords.count("Next %lld hours", 1) == "Next 1 hour")
    }
}

@MainActor @Suite struct WeatherLanguageTests {
    let directory: TemporaryDirectory
    let server: LoopbackServer

    init() throws {
        directory = try TemporaryDirectory()
        server = try LoopbackServer(always: .json(try providerFixture("open-meteo-toronto.json")))
    }

    nonisolated static let codes = ["de", "ja", "ar"]

    @Test(
        "The weather, forecast and hours in German, Japanese and Arabic at 80 and 40 columns, no English left",
        arguments: codes)
    func views(code: String) async throws {
        let language = try #require(Language.named(code))
        let catalogue = try WeatherCatalogueTests.catalogue()
        for width in [80, 40] {
            let harness = try WeatherHarness(
                server: server, terminal: TerminalInfo(isInteractive: false, colorEnabled: false, width: width),
                directory: directory, language: language)
            for (line, name) in [
                ("weather Toronto", "weather-toronto"), ("forecast Toronto", "forecast-toronto"),
                ("hourly Toronto", "hourly-toronto"), ("forecast Toronto --parts", "parts-toronto"),
            ] {
                let text = await harness.run(line)
                #expect(!text.isEmpty, "\(line)")
                #expect(text.split(separator: "\n").allSatisfy { DisplayWidth.columns(of: $0) <= width }, "\(line)")
                // Nothing the terminal would show as a stand-in (an invisible mark CLDR put in a number).
                #expect(!text.contains("\u{FFFD}"), "\(line)")
                let english = StringCatalogCheck.untranslated(in: text, catalogue: catalogue, language: language)
                #expect(english.isEmpty, "\(code) \(line): \(english)")
                Golden.assertMatches(text, named: "\(name)-\(code)-\(width)")
            }
            let help = await harness.run("help forecast")
            let helpEnglish = StringCatalogCheck.untranslated(in: help, catalogue: catalogue, language: language)
            #expect(helpEnglish.isEmpty, "\(code) help: \(helpEnglish)")
            // A usage error, in the language.
            _ = await harness.run("forecast Toronto --days 99")
            #expect(!harness.output.stderr.isEmpty)
            let errors = StringCatalogCheck.untranslated(
                in: harness.output.stderr, catalogue: catalogue, language: language)
            #expect(errors.isEmpty, "\(code) errors: \(errors)")
        }
    }
}

@MainActor @Suite struct WeatherJSONLanguageTests {
    @Test func jsonsWordsFollowTheLanguageAndItsCodesDoNot() async throws {
        let directory = try TemporaryDirectory()
        let server = try LoopbackServer(always: .json(try providerFixture("open-meteo-toronto.json")))
        func document(_ language: Language) async throws -> [String: Any] {
            let harness = try WeatherHarness(server: server, format: .json, directory: directory, language: language)
            let text = await harness.run("forecast Toronto")
            return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        }
        let english = try await document(.english)
        let englishCurrent = try #require(english["current"] as? [String: Any])
        for code in ["de", "ja"] {
            let translated = try await document(try #require(Language.named(code)))
            let current = try #require(translated["current"] as? [String: Any])
            // The words in the language, the code the same in every language.
            #expect(current["conditionCode"] as? String == englishCurrent["conditionCode"] as? String)
            #expect(current["conditionCode"] as? String != nil)
            #expect(current["condition"] as? String != englishCurrent["condition"] as? String, "\(code)")
            let days = try #require(translated["days"] as? [[String: Any]])
            #expect(!days.isEmpty && days.allSatisfy { $0["conditionCode"] is String })
        }
    }
}

/// A view in a language: it fits, shows no stand-in character and no English of the catalogue, and matches its golden
/// file (`<name>-<code>-<width>`).
@MainActor enum LanguageGolden {
    nonisolated static let codes = ["de", "ja", "ar"]

    static func check(_ text: String, _ name: String, _ language: Language, width: Int) throws {
        #expect(!text.isEmpty, "\(name)")
        #expect(text.split(separator: "\n").allSatisfy { DisplayWidth.columns(of: $0) <= width }, "\(name)")
        #expect(!text.contains("\u{FFFD}"), "\(name)")
        let english = StringCatalogCheck.untranslated(
            in: text, catalogue: try WeatherCatalogueTests.catalogue(), language: language)
        #expect(english.isEmpty, "\(language.code) \(name): \(english)")
        Golden.assertMatches(text, named: "\(name)-\(language.code)-\(width)")
    }
}
