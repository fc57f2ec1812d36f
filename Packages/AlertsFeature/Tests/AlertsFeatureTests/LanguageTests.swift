import Architecture
import CoreKit
import Foundation
import Localization
import ShellTesting
import TestSupport
import Testing
import WeatherAlertsTesting

@testable import AlertsFeature

/// The warnings' own catalogue: complete in every language, every key of the sources in it.
@Suite struct AlertsCatalogueTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/AlertsFeature").standardizedFileURL

    static func catalogue() throws -> StringCatalog {
        try StringCatalog(
            xcstrings: Data(contentsOf: sources.appendingPathComponent("Resources/Localizable.xcstrings")))
    }

    @Test func theCatalogueIsCompleteAndHoldsEveryKeyTheSourcesUse() throws {
        let verdict = try StringCatalogCheck.verify(sourcesAt: Self.sources)
        #expect(
            verdict.problems.isEmpty, "\(verdict.problems.count) problems, the first: \(verdict.problems.prefix(10))")
        #expect(verdict.missing.isEmpty, "not in the catalogue: \(verdict.missing)")
        #expect(verdict.used > 30)
    }
}

@MainActor @Suite struct AlertsLanguageTests {
    nonisolated static let codes = ["de", "ja", "ar"]

    @Test(
        "Warnings in German, Japanese and Arabic at 80 and 40 columns: SkyLens's words in the language, the services' as sent",
        arguments: codes)
    func views(code: String) async throws {
        let language = try #require(Language.named(code))
        let catalogue = try AlertsCatalogueTests.catalogue()
        for width in [80, 40] {
            for (line, moment, name) in [
                ("alerts Phoenix", Moments.phoenixHeat, "alerts-phoenix-heat"),
                ("alerts Toronto", Moments.torontoIce, "alerts-toronto-ice"),
                ("alerts Gospić", Moments.croatia, "alerts-gospic"),
            ] {
                let alerts = try AlertsHarness(width: width, at: moment, language: language)
                let text = await alerts.run(line)
                #expect(!text.isEmpty && !text.contains("\u{FFFD}"), "\(line)")
                #expect(text.split(separator: "\n").allSatisfy { DisplayWidth.columns(of: $0) <= width }, "\(line)")
                let english = StringCatalogCheck.untranslated(in: text, catalogue: catalogue, language: language)
                #expect(english.isEmpty, "\(code) \(line): \(english)")
                Golden.assertMatches(text, named: "\(name)-\(code)-\(width)")
            }
        }
    }
}

@MainActor @Suite struct AlertsTextLanguageTests {
    @Test func aServiceThatWritesSeveralLanguagesIsAskedForTheReadersOne() async throws {
        // Environment Canada writes English and French: French for a French reader, English for the others.
        let french = try AlertsHarness(at: Moments.torontoIce, language: try #require(Language.named("fr")))
        _ = await french.run("alerts Toronto")
        #expect(french.server.requests.last { $0.path.hasSuffix("items") }?.queryItems["lang"] == "fr")
        let german = try AlertsHarness(at: Moments.torontoIce, language: try #require(Language.named("de")))
        _ = await german.run("alerts Toronto")
        #expect(german.server.requests.last { $0.path.hasSuffix("items") }?.queryItems["lang"] == "en")
    }
}
