import CitiesService
import CitiesTesting
import CoreKit
import Foundation
import Localization
import MapRendering
import TestSupport
import Testing

@testable import MapFeature

/// The map feature's behaviour through `CityBrowser.send`, with test clients (the small fixture city list and
/// in-memory favourites), the state checked after each action; the shell-level tests are in MapFeatureTests.
@MainActor
struct CityBrowserTests {
    let directory: TemporaryDirectory
    let cities: CityDirectory
    let favorites = FavoritesClient.inMemory()
    let browser: CityBrowser

    init() throws {
        directory = try TemporaryDirectory()
        cities = try FixtureCities.directory(in: directory.url)
        browser = CityBrowser(
            directory: cities,
            countries: Countries(
                csv: "iso,iso3,name,capital,continent,population\nCA,CAN,Canada,Ottawa,NA,1\nFR,FRA,France,Paris,EU,1\n"
            ),
            favorites: favorites, now: { Date(timeIntervalSince1970: 100) })
    }

    @Test func aSearchPagesThroughEveryMatchInOrder() async {
        await browser.send(.searchSubmitted(query: "", favoritesOnly: false, limit: 4))
        let first = browser.state.results
        // The list's two rows of Paris, France are one place.
        #expect(first?.total == FixtureCities.all.count - 1 && first?.pageCount == 4 && first?.pageIndex == 0)
        #expect(first?.rows.map(\.city.name) == ["Alert Bay", "Calgary", "London", "London"])
        await browser.send(.pageRequested(3))
        #expect(browser.state.results?.pageIndex == 3 && browser.state.problem == nil)
        await browser.send(.pageRequested(4))
        #expect(browser.state.problem == .noPage(first: false, count: 4))
        #expect(browser.state.results?.pageIndex == 3, "the page on screen stays")
        await browser.send(.pageRequested(-1))
        #expect(browser.state.problem == .noPage(first: true, count: 4))

        await browser.send(.searchSubmitted(query: "paris, us", favoritesOnly: false, limit: 10))
        #expect(browser.state.results?.rows.map(\.city.id) == [4717560])
    }

    @Test func pagingWithoutAListIsAProblem() async {
        await browser.send(.pageRequested(1))
        #expect(browser.state.problem == .noList)
    }

    @Test func rowsIdsNamesAndTheCityOnScreenNameACity() async {
        await browser.send(.openRequested(.init("")))
        #expect(browser.state.problem == .whichCity)
        await browser.send(.openRequested(.init("2")))
        #expect(
            browser.state.problem
                == .notFound(.noListForRow(2)))

        await browser.send(.searchSubmitted(query: "london", favoritesOnly: false, limit: 10))
        await browser.send(.openRequested(.init("2")))
        #expect(browser.state.opened?.id == 2643743 && browser.state.problem == nil)
        await browser.send(.openRequested(.init("3")))
        #expect(browser.state.problem == .notFound(.rowNotOnScreen(3, count: 2)))
        await browser.send(.openRequested(.init("#6167865")))
        #expect(browser.state.opened?.name == "Toronto")
        await browser.send(.openRequested(.init("#42")))
        #expect(browser.state.problem == .notFound(.place(.noSuchID("42"))) && browser.state.opened == nil)
        await browser.send(.openRequested(.init("Paris")))
        #expect(browser.state.opened?.id == 2988507, "the most populous Paris, as the weather resolves it")
        await browser.send(.openRequested(.init("Alert")))
        #expect(browser.state.problem.map { if case .notFound = $0 { true } else { false } } == true)

        await browser.send(.citySelected(id: 2988507))
        #expect(browser.state.detail?.countryName == "France")
        // #2968815, the other row of Paris, France, is this place: the nearest is London.
        #expect(browser.state.detail?.nearby.first?.city.id == 2643743)
        await browser.send(.favoriteSet(.init("", onScreen: 2988507), true))
        #expect(browser.state.favoriteChange?.city.id == 2988507)
    }

    @Test func favouritesAreKeptStarredAndListedEvenWhenTheListLacksThem() async throws {
        await browser.send(.searchSubmitted(query: "toronto", favoritesOnly: false, limit: 10))
        await browser.send(.favoriteSet(.init("1"), true))
        #expect(browser.state.favoriteChange == .init(city: FixtureCities.toronto, favorite: true, changed: true))
        #expect(browser.state.results?.rows.first?.favorite == true, "the list on screen gains its star")
        await browser.send(.favoriteSet(.init("#6167865"), true))
        #expect(browser.state.favoriteChange?.changed == false)
        #expect(try await favorites.ids() == [6167865])

        // Kept from another list: listed apart, and can be forgotten by id; opening it says why it cannot be.
        _ = try await favorites.add(
            City(id: 77, name: "Toronto Island", country: "CA", latitude: 43.6, longitude: -79.4), at: Date())
        await browser.send(.searchSubmitted(query: "tor", favoritesOnly: true, limit: 10))
        #expect(browser.state.results?.rows.map(\.city.id) == [6167865])
        #expect(browser.state.results?.absent.map(\.id) == [77])
        await browser.send(.openRequested(.init("#77")))
        #expect(
            browser.state.problem
                == .notInList(City(id: 77, name: "Toronto Island", country: "CA", latitude: 43.6, longitude: -79.4)))
        await browser.send(.favoriteSet(.init("#77"), false))
        #expect(browser.state.favoriteChange?.changed == true)
        #expect(browser.state.results?.absent.isEmpty == true)
    }

    @Test func aFavouritesStoreThatCannotBeReadIsAProblemOnlyWhenFavouritesWereAsked() async {
        var broken = FavoritesClient.inMemory()
        broken.all = { () async throws(StoreError) -> [Favorite] in throw .readOnly(path: "/data") }
        let browser = CityBrowser(directory: cities, countries: Countries(csv: ""), favorites: broken, now: { Date() })
        await browser.send(.searchSubmitted(query: "paris", favoritesOnly: false, limit: 5))
        #expect(browser.state.problem == nil && browser.state.results?.total == 2)
        await browser.send(.searchSubmitted(query: "", favoritesOnly: true, limit: 5))
        #expect(browser.state.problem == .storage(StoreError.readOnly(path: "/data").sentence))
    }

    @Test func aMapOfNothingIsTheLastPlaceShownElseTheDefaultSaidOnce() async throws {
        let settings = SettingsClient.inMemory()
        let browser = CityBrowser(
            directory: cities, countries: Countries(csv: "iso,iso3,name,capital,continent,population\n"),
            favorites: favorites, places: PlaceMemory(settings: settings, defaultPlace: "Calgary"),
            now: { Date(timeIntervalSince1970: 100) })
        await browser.send(.mapRequested(.init(""), zoom: 6, style: .braille, width: 60, height: 20))
        #expect(
            browser.state.map?.city?.name == "Calgary"
                && browser.state.startNote?.text(.english())?.contains("default") == true)
        #expect(try await settings.value(PlaceMemory.key) == "#5913490")
        // `open` is remembered: the next map of nothing is of that place, and says nothing.
        await browser.send(.openRequested(.init("Tokyo")))
        await browser.send(.mapRequested(.init(""), zoom: 6, style: .braille, width: 60, height: 20))
        #expect(browser.state.map?.city?.id == 1850147 && browser.state.startNote == nil)
        // A point is remembered as the point, the map filed under the place nearest it.
        await browser.send(.mapRequested(.init("35.0,139.0"), zoom: 6, style: .braille, width: 60, height: 20))
        #expect(try await settings.value(PlaceMemory.key) == "35.0,139.0")
    }

    @Test func theMapCentresOnTheCityZoomsWithinBoundsAndPansByHalfAScreen() async throws {
        await browser.send(.mapRequested(.init("Tokyo"), zoom: 6, style: .braille, width: 60, height: 20))
        let map = try #require(browser.state.map)
        #expect(map.city?.id == 1850147 && map.center == GeoPoint(latitude: 35.689499, longitude: 139.691711))
        await browser.send(.zoomChanged(by: 100))
        #expect(browser.state.map?.zoom == MapRequest.zoomRange.upperBound)
        await browser.send(.zoomChanged(by: -100))
        #expect(browser.state.map?.zoom == MapRequest.zoomRange.lowerBound)
        await browser.send(.zoomChanged(by: 6))
        // The places in view come from the directory, the most populous named; Sydney is not in view.
        let places = browser.places(for: browser.request(for: try #require(browser.state.map)))
        #expect(places.map(\.name) == ["Tokyo"])
        await browser.send(.panned(dx: 1, dy: 0))
        let moved = try #require(browser.state.map?.center)
        #expect(moved.longitude > 139.7 && moved.latitude == 35.689499)

        await browser.send(.mapRequested(.init("Nowhere"), zoom: 6, style: .braille, width: 60, height: 20))
        #expect(browser.state.problem.map { if case .notFound = $0 { true } else { false } } == true)
        #expect(browser.state.map?.city?.id == 1850147, "the map on screen stays")
    }
}
