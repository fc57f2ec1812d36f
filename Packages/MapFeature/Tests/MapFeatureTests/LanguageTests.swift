import Architecture
import CitiesService
import CoreKit
import Foundation
import Localization
import ShellTesting
import TestSupport
import Testing

@testable import MapFeature

/// The cities and map catalogue: read from where the App finds it, every key of the sources in it, every language
/// complete.
@Suite struct MapCatalogueTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/MapFeature").standardizedFileURL

    static func catalogue() throws -> StringCatalog {
        try StringCatalog(
            xcstrings: Data(contentsOf: sources.appendingPathComponent("Resources/Localizable.xcstrings")))
    }

    @Test func theCatalogueIsCompleteAndHoldsEveryKeyTheSourcesUse() throws {
        let verdict = try StringCatalogCheck.verify(sourcesAt: Self.sources)
        #expect(
            verdict.problems.isEmpty, "\(verdict.problems.count) problems, the first: \(verdict.problems.prefix(10))")
        #expect(verdict.missing.isEmpty, "not in the catalogue: \(verdict.missing)")
        #expect(verdict.used > 80)
    }

    @Test func theBuiltBundleHoldsTheCatalogue() throws {
        // What the App reads beside the binary: the same file, copied by the build.
        let source = StringCatalogSource(bundle: "MapFeature_MapFeature")
        #expect(source.catalogue.entries.count == (try Self.catalogue()).entries.count)
        #expect(source.problem == nil)
    }
}

@MainActor @Suite struct MapLanguageTests {
    nonisolated static let codes = ["de", "ja", "ar"]

    /// The feature's catalogue and the city list's: a view shows words of both.
    static func untranslated(_ text: String, _ language: Language) throws -> [String] {
        let places = PlaceWords.catalogue().catalogue
        return try StringCatalogCheck.untranslated(
            in: text, catalogue: MapCatalogueTests.catalogue(), language: language)
            + StringCatalogCheck.untranslated(in: text, catalogue: places, language: language)
    }

    @Test("Every view in German, Japanese and Arabic at 80 and 40 columns, with no English left", arguments: codes)
    func views(code: String) async throws {
        let language = try #require(Language.named(code))
        for width in [80, 40] {
            let terminal = TerminalInfo(isInteractive: false, colorEnabled: false, width: width, height: 24)
            let map = try MapHarness(terminal: terminal, language: language)
            for (line, name) in [
                ("search tor --limit 8", "search-tor"), ("open #6167865", "open-toronto"),
                ("fav #6167865", "fav-toronto"), ("search --favorites", "favourites"),
                ("open 43.7,-79.4", "open-point"), ("map Toronto --width \(width) --height 12", "map-toronto"),
                ("cities", "cities"),
            ] {
                let text = await map.run(line)
                #expect(!text.isEmpty, "\(line)")
                #expect(text.split(separator: "\n").allSatisfy { DisplayWidth.columns(of: $0) <= width }, "\(line)")
                #expect(!text.contains("\u{FFFD}"), "\(line)")
                let english = try Self.untranslated(text, language)
                #expect(english.isEmpty, "\(code) \(line): \(english)")
                Golden.assertMatches(text, named: "\(name)-\(code)-\(width)")
            }
            // Errors, and the help, in the language too.
            for line in ["open #42", "page 2", "zoom sideways", "search a --sort size"] {
                let before = map.output.stderr
                _ = await map.run(line)
                let error = String(map.output.stderr.dropFirst(before.count))
                #expect(!error.isEmpty, "\(line)")
                let english = try Self.untranslated(error, language)
                #expect(english.isEmpty, "\(code) \(line): \(english)")
            }
            for command in ["search", "open", "map", "cities"] {
                let help = await map.run("help \(command)")
                let english = try Self.untranslated(help, language)
                #expect(english.isEmpty, "\(code) help \(command): \(english)")
            }
        }
    }
}

@MainActor @Suite struct MapNumbersTests {
    @Test func populationsDistancesAndTheFooterFollowTheLanguage() async throws {
        let german = try MapHarness(language: try #require(Language.named("de")))
        let page = await german.run("open #6167865")
        #expect(page.contains("Einwohner    2.794.356"), "\(page)")
        #expect(page.contains("1,9 km  ONO"), "a decimal comma, Nordost as NO: \(page)")
        #expect(page.contains("Land         Kanada (CA)"))
        let list = await german.run("search toronto --limit 3")
        // CLDR keeps number and unit together with a no-break space.
        #expect(list.contains("Toronto, Ontario, CA · 2,8\u{A0}Mio."), "\(list)")
        let map = await german.run("map Toronto --width 80 --height 10 --zoom 6")
        #expect(map.contains("Zoom 6 · 1 Zeichen ≈ 3,5 km"), "\(map)")
        let japanese = try MapHarness(language: try #require(Language.named("ja")))
        #expect(await japanese.run("search toronto --limit 3").contains("280万"))
        // A place's own name in the language's script, where it has one; its JSON keeps the listed name.
        #expect(await japanese.run("open Tokyo").hasPrefix("東京, Tokyo, JP"))
        // Country names are the common ones, not ISO's formal "Korea, Republik".
        #expect(await german.run("open Seoul").contains("Südkorea (KR)"))
    }
}

@MainActor @Suite struct MapEmptyPageTests {
    @Test func aPagePastTheMatchesNamesTheListAndHowMany() throws {
        let source = StringCatalogSource(bundle: "MapFeature_MapFeature")
        let words = Words(source, language: .english)
        let results = CityBrowser.Results(query: "tor", favoritesOnly: false, offset: 40, limit: 20, total: 5, rows: [])
        let english = MapViews.results(results, painter: Painter(enabled: false), words: words)
        #expect(english == "Cities starting with \"tor\": 5 matches, none on page 3. 'page 1' goes back.")
        let one = CityBrowser.Results(query: "", favoritesOnly: true, offset: 20, limit: 20, total: 1, rows: [])
        #expect(
            MapViews.results(one, painter: Painter(enabled: false), words: words)
                .hasPrefix("Favourites: 1 match, none on page 2."))
        let german = MapViews.results(
            results, painter: Painter(enabled: false),
            words: Words(source, language: try #require(Language.named("de"))))
        #expect(german.hasPrefix("Städte, die mit „tor“ beginnen: 5 Treffer, keiner auf Seite 3."), "\(german)")
    }
}

@MainActor @Suite struct MapHelpTests {
    @Test func theZoomsHelpSaysTheDefaultTheMapUses() async throws {
        // The help is a catalogue key, so it cannot be built from `defaultZoom`: this keeps the two together.
        let help = try await MapHarness().run("help map")
        #expect(help.contains("default \(CitiesAndMap.defaultZoom), a city"), "\(help)")
    }
}
