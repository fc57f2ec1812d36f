import Architecture
import CitiesService
import CommandShell
import Contracts
import Diagnostics
import Foundation
import Localization
import MapFeature
import ShellTesting
import TestSupport
import Testing
import WeatherAlerts

@MainActor
struct MapHarness {
    let harness: ShellHarness
    let directory: TemporaryDirectory
    let favorites: FavoritesClient
    var shell: Shell { harness.shell }
    var output: CapturedOutput { harness.output }

    init(
        format: OutputFormat = .text, terminal: TerminalInfo = .plain, favorites: FavoritesClient = .inMemory(),
        directory: TemporaryDirectory? = nil, weather: MapWeather? = nil,
        now: @escaping @Sendable () -> Date = {
            Date(timeIntervalSince1970: 0)
        }, alerts: AlertsLookup? = nil, language: Language = .english
    ) throws {
        let directory = try directory ?? TemporaryDirectory()
        let store = CatalogueStore(
            directory: directory.url, builtIn: try #require(CitiesResources.builtInCatalogue), remote: nil,
            now: { Date(timeIntervalSince1970: 0) })
        let plugin = MapPlugin(
            catalogue: .live(store), favorites: favorites, countries: { Countries.builtIn() }, weather: weather,
            now: now, alerts: alerts)
        harness = ShellHarness(
            plugins: [plugin], format: format, terminal: terminal,
            placeNames: { before, prefix in store.nameCompletions(words: before, partial: prefix) },
            language: language)
        self.directory = directory
        self.favorites = favorites
    }

    /// Runs a line and returns what it printed on standard output.
    @discardableResult
    func run(_ line: String) async -> String { await harness.run(line) }

    func status(_ line: String) async -> Shell.Outcome { await harness.status(line) }
}

@MainActor @Suite struct MapFeatureTests {
    @Test func aSearchPageGolden() async throws {
        let harness = try MapHarness()
        Golden.assertMatches(await harness.run("search tor --limit 8"), named: "search-tor")
        #expect(harness.shell.prompt == "skylens search> ")
    }

    @Test func pagingWalksThroughEveryMatch() async throws {
        let harness = try MapHarness()
        _ = await harness.run("search alb --limit 100")
        #expect(await harness.run("next").contains("Cities starting with \"alb\": 293 matches (101–200)"))
        #expect(await harness.run("page 3").contains("(201–293)"))
        #expect(await harness.status("next") == .completed(status: 1))
        #expect(harness.output.stderr.contains("This is the last page (3)."))
        #expect(await harness.run("prev").contains("(101–200)"))
        #expect(await harness.status("page 0") == .completed(status: 64))
    }

    @Test func aCityWithItsNearestNeighboursGolden() async throws {
        let harness = try MapHarness()
        Golden.assertMatches(await harness.run("open #6167865"), named: "open-toronto")
        #expect(harness.shell.prompt == "skylens Toronto·city> ")
    }

    @Test func torontoOnTheMapGolden() async throws {
        let harness = try MapHarness()
        let braille = await harness.run("map Toronto --width 80 --height 22")
        Golden.assertMatches(braille, named: "map-toronto-braille")
        #expect(braille.contains("◉ Toronto"))
        #expect(harness.shell.prompt == "skylens Toronto·map> ")
        Golden.assertMatches(
            await harness.run("map #6167865 --width 80 --height 22 --blocks"), named: "map-toronto-blocks")
    }

    @Test func zoomAndPanMoveTheMap() async throws {
        let harness = try MapHarness()
        _ = await harness.run("map #6167865 --width 60 --height 12")
        #expect(await harness.run("zoom out").contains("zoom 8"))
        #expect(await harness.run("zoom in").contains("zoom 9"))
        let east = await harness.run("pan e")
        #expect(!east.contains("43.70°N 79.42°W") && east.contains("43.70°N"))
        #expect(await harness.status("zoom sideways") == .completed(status: 64))
        _ = await harness.run("back")
        #expect(harness.shell.isAtStart)
    }

    @Test func mapByNamePicksTheMostPopulousExactMatch() async throws {
        let harness = try MapHarness()
        #expect(await harness.run("map paris --width 40 --height 8").contains("Paris, Ile-de-France, FR"))
        #expect(await harness.run("map paris, us --width 40 --height 8").contains("Paris, TX, US"))
        #expect(await harness.status("map Nowhereville") == .completed(status: 67))
        #expect(harness.output.stderr.contains("No place called 'Nowhereville'."))
    }

    @Test func favouritesAreMarkedListedAndForgotten() async throws {
        let harness = try MapHarness()
        _ = await harness.run("search toronto")
        #expect(await harness.run("fav 1").contains("★ Toronto, Ontario, CA is now a favourite."))
        #expect(await harness.run("fav 1").contains("was already a favourite"))
        let list = await harness.run("search --favorites")
        #expect(list.contains("Favourites: 1 match") && list.contains("★"))
        #expect(await harness.run("search --favorites tor").contains("Toronto, Ontario, CA"))
        #expect(await harness.run("search --favorites par").contains("no match"))
        _ = await harness.run("open #6167865")
        #expect(await harness.run("unfav").contains("Toronto, Ontario, CA is no longer a favourite."))
        #expect(await harness.run("search --favorites").contains("You have no favourites yet"))
    }

    @Test func rowsAndIdsThatDoNotExistAreClearErrors() async throws {
        let harness = try MapHarness()
        #expect(await harness.status("open 3") == .completed(status: 67))
        #expect(harness.output.stderr.contains("There is no list on screen to pick row 3 from"))
        _ = await harness.run("search toronto")
        #expect(await harness.status("open 99") == .completed(status: 67))
        #expect(harness.output.stderr.contains("Row 99 is not on screen"))
        #expect(await harness.status("open #1") == .completed(status: 67))
        #expect(harness.output.stderr.contains("No city has the id 1."))
        #expect(await harness.status("search x --limit 0") == .completed(status: 64))
    }

    @Test func favWithoutACityOnScreenAsksWhich() async throws {
        let harness = try MapHarness()
        _ = await harness.run("open #6167865")
        _ = await harness.run("search paris")
        #expect(await harness.status("fav") == .completed(status: 64))
        #expect(harness.output.stderr.contains("Which city?"))
        #expect(await harness.run("search --favorites").contains("You have no favourites yet"))
    }

    @Test func theListInColourGolden() async throws {
        let harness = try MapHarness(terminal: TerminalInfo(isInteractive: false, colorEnabled: true))
        _ = await harness.run("search toronto")
        _ = await harness.run("fav 1")
        Golden.assertMatches(await harness.run("search toronto"), named: "search-toronto-ansi")
    }

    @Test func weatherGoesThroughTheRouterAndSaysItIsNotInstalled() async throws {
        let harness = try MapHarness()
        _ = await harness.run("open #6167865")
        #expect(await harness.status("weather") == .completed(status: 1))
        #expect(harness.output.stderr.contains("The Weather feature is not installed"))
        #expect(harness.shell.router.top(as: CityPage.self)?.city == CityReference(id: 6167865, name: "Toronto"))
    }

    @Test func jsonSearchHasTheDocumentedShape() async throws {
        let harness = try MapHarness(format: .json)
        let text = await harness.run("search Al --limit 2")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(document["query"] as? String == "Al")
        #expect(document["total"] as? Int == 2857)
        #expect(document["offset"] as? Int == 0)
        let results = try #require(document["results"] as? [[String: Any]])
        #expect(results.count == 2)
        #expect(Set(results[0].keys) == ["id", "name", "country", "region", "population", "lat", "lon", "favorite"])
        let sorted = try #require(
            try JSONSerialization.jsonObject(
                with: Data(await harness.run("search san --sort population --limit 3").utf8)) as? [String: Any])
        let people = try #require(sorted["results"] as? [[String: Any]]).compactMap { $0["population"] as? Int }
        #expect(people.count == 3 && people == people.sorted(by: >), "\(people)")
        #expect(await harness.status("search san --sort size") == .completed(status: 64))
    }

    @Test func jsonMapHasRowsAndWhereEachLabelIs() async throws {
        let harness = try MapHarness(format: .json)
        let text = await harness.run("map Toronto --width 60 --height 16")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(
            Set(document.keys) == [
                "city", "center", "zoom", "width", "height", "rows", "labels", "footer", "schema", "alternatives",
            ])
        let rows = try #require(document["rows"] as? [String])
        #expect(document["width"] as? Int == 60 && document["height"] as? Int == 16 && rows.count == 16)
        let labels = try #require(document["labels"] as? [[String: Any]])
        #expect(labels.first?["id"] as? Int == 6167865 && labels.first?["name"] as? String == "Toronto")
        for label in labels {
            #expect(Set(label.keys) == ["name", "id", "row", "col"])
            let row = try #require(label["row"] as? Int), name = try #require(label["name"] as? String)
            #expect(rows[row].contains(name), "\(name) is not on row \(row)")
        }
    }
}
