import Architecture
import CitiesService
import CitiesTesting
import CommandShell
import CoreKit
import Diagnostics
import Foundation
import Localization
import ShellTesting
import Synchronization
import TestSupport
import Testing
import WeatherService

@testable import WeatherFeature

/// A provider for tests: answers every place with `temperature`, counts requests, fails while `failure` is set.
final class ScriptedProvider: Sendable {
    private let state = Mutex<(requests: [WeatherLocation], failure: WeatherError?, temperature: Double)>(
        ([], nil, 6))
    let clock: Clock

    init(clock: Clock) { self.clock = clock }

    var requests: [WeatherLocation] { state.withLock { $0.requests } }
    func fail(with error: WeatherError?) { state.withLock { $0.failure = error } }
    func answer(_ temperature: Double) { state.withLock { $0.temperature = temperature } }

    var client: WeatherClient {
        WeatherClient(provider: "test", displayName: "Test") { location throws(WeatherError) in
            let (failure, temperature) = self.state.withLock { state in
                state.requests.append(location)
                return (state.failure, state.temperature)
            }
            if let failure { throw failure }
            return WeatherReport(
                location: location, provider: "test", observedAt: self.clock.now, utcOffset: 0,
                current: CurrentWeather(
                    temperature: temperature, feelsLike: nil, humidity: 50, windSpeed: 10, windDirection: 90,
                    condition: Condition(wmo: 3), code: 3, isDay: true),
                hours: [], days: [])
        }
    }
}

/// The weather feature's behaviour through `WeatherModel.send`, with test clients (a scripted provider, an
/// in-memory cache, settings and favourites, the small fixture city list), the state checked after each action.
@MainActor
struct WeatherModelTests {
    let directory: TemporaryDirectory
    let clock = Clock()
    let provider: ScriptedProvider
    let settings = SettingsClient.inMemory()
    let favorites = FavoritesClient.inMemory()
    let cache = WeatherCacheClient.inMemory()
    /// The small fixture list, not the built-in catalogue.
    let cities: CityDirectory
    let model: WeatherModel

    init() throws {
        directory = try TemporaryDirectory()
        provider = ScriptedProvider(clock: clock)
        let cities = try FixtureCities.directory(in: directory.url)
        self.cities = cities
        let clock = self.clock
        model = WeatherModel(
            repository: WeatherRepository(
                client: provider.client, cache: cache, now: { clock.now }, logger: InMemoryLog().logger()),
            cities: { cities }, settings: settings, favorites: favorites,
            dataDirectory: directory.url, now: { clock.now })
    }

    @Test func aFirstStartShowsTorontoAndKeepsTheLastPlace() async throws {
        await model.send(.started)
        #expect(model.state.units.temperature == .celsius && model.state.place == nil && model.state.weather == .idle)
        await model.send(.placeRequested("", mode: .current, forceRefresh: false))
        #expect(model.state.place?.location.id == FixtureCities.toronto.id)
        #expect(model.state.weather.value?.report.current.temperature == 6)
        #expect(model.state.problem == nil)
        #expect(try await settings.value(for: PlaceMemory.key) == "#6167865")

        await model.send(.placeRequested("Paris", mode: .hourly, forceRefresh: false))
        let paris = try #require(model.state.place)
        #expect(paris.location.id == FixtureCities.paris.id && model.state.mode == .hourly)
        // The other Paris is named (that the duplicate row of the same Paris is too is issue 12's to fix).
        #expect(paris.alternatives.map(\.id).contains(4717560))
        #expect(try await settings.value(for: PlaceMemory.key) == "#2988507")
        await model.send(.placeRequested("", mode: .current, forceRefresh: false))
        #expect(model.state.place?.location.id == FixtureCities.paris.id)
    }

    @Test func aNameNoCityHasIsAProblemAndNoRequestIsMade() async {
        await model.send(.placeRequested("Tokyo", mode: .current, forceRefresh: false))
        let before = provider.requests.count
        await model.send(.placeRequested("Pariss", mode: .current, forceRefresh: false))
        guard case .notFound(let message) = model.state.problem else {
            Issue.record("expected notFound, got \(String(describing: model.state.problem))")
            return
        }
        #expect(message.message.contains("Pariss") && message.message.contains("Paris"))
        #expect(provider.requests.count == before)
        #expect(model.state.place?.location.id == FixtureCities.tokyo.id, "the weather on screen stays")

    }

    @Test func answersComeFromTheCacheForTenMinutesThenStaleWhenTheProviderFails() async throws {
        await model.send(.placeRequested("Toronto", mode: .current, forceRefresh: false))
        #expect(model.state.weather.value?.fromCache == false && provider.requests.count == 1)
        clock.advance(300)
        await model.send(.placeRequested("Toronto", mode: .forecast, forceRefresh: false))
        #expect(model.state.weather.value?.fromCache == true && provider.requests.count == 1)

        provider.answer(8)
        await model.send(.refreshRequested)
        #expect(provider.requests.count == 2 && model.state.mode == .forecast)
        #expect(model.state.weather.value?.report.current.temperature == 8)

        provider.fail(with: .unreachable("no network"))
        clock.advance(3_600)
        await model.send(.refreshRequested)
        let stale = try #require(model.state.weather.value)
        #expect(stale.staleBecause == .unreachable("no network") && stale.report.current.temperature == 8)

        // Nothing kept for this place: the failure itself.
        await model.send(.placeRequested("London, GB", mode: .current, forceRefresh: false))
        #expect(model.state.weather == .failed(.unreachable("no network")))
    }

    @Test func theUnitIsKeptAndReadAtTheNextStart() async throws {
        await model.send(.unitChosen(.temperature(.fahrenheit)))
        #expect(model.state.units.temperature == .fahrenheit && model.state.problem == nil)
        #expect(try await settings.value(for: Units.temperatureKey) == "fahrenheit")

        let next = WeatherModel(
            repository: WeatherRepository(
                client: provider.client, cache: cache, now: { [clock] in clock.now }, logger: InMemoryLog().logger()),
            cities: { [cities] in cities }, settings: settings,
            favorites: favorites, dataDirectory: directory.url, now: { [clock] in clock.now })
        #expect(next.state.units.temperature == .celsius)
        await next.send(.started)
        #expect(next.state.units.temperature == .fahrenheit)
    }

    @Test func aUnitThatCannotBeKeptIsUsedForTheSessionAndSaidNotKept() async throws {
        let broken = WeatherModel(
            repository: WeatherRepository(
                client: provider.client, cache: cache, now: { [clock] in clock.now }, logger: InMemoryLog().logger()),
            cities: { [cities] in cities },
            settings: .failing(.readOnly(path: "/data")), favorites: favorites, dataDirectory: directory.url,
            now: { [clock] in clock.now })
        await broken.send(.unitChosen(.temperature(.fahrenheit)))
        #expect(
            broken.state.problem
                == .notKept(.units(broken.state.units, reason: StoreError.readOnly(path: "/data").sentence)))
        #expect(
            broken.state.problem?.message(testWords, places: .english())
                == "Units are now °F, mph, in, inHg, mi, 24-hour clock for this session only: they could not be kept (\(StoreError.readOnly(path: "/data").message))"
        )
        #expect(broken.state.units.temperature == .fahrenheit)
        // The weather is still shown: the last place is simply not kept.
        await broken.send(.placeRequested("Tokyo", mode: .current, forceRefresh: false))
        #expect(broken.state.problem == nil && broken.state.weather.value != nil)
    }

    @Test func favouritesAreKeptAndListedWithTheirLastWeatherWithoutARequest() async throws {
        await model.send(.favoriteSet(true))
        #expect(model.state.problem == .noPlace)

        await model.send(.placeRequested("19.54,110", mode: .current, forceRefresh: false))
        await model.send(.favoriteSet(true))
        #expect(model.state.problem == .notACity)

        await model.send(.placeRequested("Toronto", mode: .current, forceRefresh: false))
        await model.send(.favoriteSet(true))
        #expect(model.state.favoriteChanged == true)
        await model.send(.favoriteSet(true))
        #expect(model.state.favoriteChanged == false)
        #expect(try await favorites.ids() == [6167865])

        // Kept elsewhere: one the list has with no weather yet, one it lacks with its place stored.
        try await favorites.add(FixtureCities.tokyo, at: clock.now)
        try await favorites.add(
            City(id: 99, name: "Elsewhere", country: "XX", latitude: 1, longitude: 2), at: clock.now)
        let requests = provider.requests.count
        await model.send(.favoritesRequested)
        let list = try #require(model.state.favorites)
        #expect(list.map(\.id) == [99, 1850147, 6167865])
        #expect(list[0].location?.name == "Elsewhere" && list[0].cached == nil)
        #expect(list[1].location?.name == "Tokyo" && list[1].cached == nil)
        #expect(list[2].cached?.report.current.temperature == 6)
        #expect(provider.requests.count == requests)

        await model.send(.favoriteSet(false))
        #expect(model.state.favoriteChanged == true)
        #expect(try await favorites.ids() == [99, 1850147])
    }

    @Test func aCityOpenedFromElsewhereIsFetchedUnlessItIsOnScreen() async {
        await model.send(.cityOpened(id: FixtureCities.tokyo.id))
        #expect(model.state.place?.location.name == "Tokyo" && provider.requests.count == 1)
        await model.send(.cityOpened(id: FixtureCities.tokyo.id))
        #expect(provider.requests.count == 1)
        await model.send(.cityOpened(id: 42))
        #expect(model.state.problem.map { if case .notFound = $0 { true } else { false } } == true)
        #expect(model.state.place?.location.name == "Tokyo")
    }

    @Test func presetsAreBuiltInOrTheUsersOwn() async throws {
        await model.send(.presetsRequested)
        #expect(model.state.presets?.fromFile == false)
        #expect(model.state.presets?.cities.map(\.id) == Presets.builtInIDs)

        try Data(#"[{"_id": 1, "name": "Home", "country": "XX", "coord": {"lat": 1.5, "lon": 2.5}}]"#.utf8)
            .write(to: directory.url.appendingPathComponent("locations.json"))
        await model.send(.presetsRequested)
        #expect(model.state.presets?.fromFile == true && model.state.presets?.cities.map(\.name) == ["Home"])

        try Data("not json".utf8).write(to: directory.url.appendingPathComponent("locations.json"))
        await model.send(.presetsRequested)
        #expect(model.state.problem.map { if case .presets(.notCities) = $0 { true } else { false } } == true)
    }
}

/// Every view of random answers (missing values, odd offsets, hours far from now, absurd names) at random widths:
/// no crash, no line wider than the terminal, no escape sequence without colour.
@Suite struct RandomAnswersTests {
    @Test func everyViewOfRandomAnswersFitsItsWidth() {
        var state: UInt64 = 20_261_124
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % max(1, bound)
        }
        func maybe(_ value: Double) -> Double? { next(4) == 0 ? nil : value }
        let names = [
            "Toronto", "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch", "東京", "", "Ḩeşār-e Sefīd",
        ]
        let now = Date(timeIntervalSince1970: 1_795_356_300)
        for round in 0..<300 {
            let offset = (next(53) - 24) * 1800
            let start = now.addingTimeInterval(Double(next(400) - 200) * 3600)
            let step = [1, 3][next(2)]
            let hours = (0..<next(200)).map { index in
                HourForecast(
                    time: start.addingTimeInterval(Double(index * step) * 3600), temperature: Double(next(120) - 60),
                    feelsLike: maybe(Double(next(100) - 50)), precipitationProbability: maybe(Double(next(101))),
                    condition: Condition.allCases[next(Condition.allCases.count)],
                    precipitation: maybe(Double(next(500)) / 10), windSpeed: maybe(Double(next(300))),
                    windDirection: maybe(Double(next(361))))
            }
            let days = (0..<next(17)).map { index in
                DayForecast(
                    date: LocalTime.day(start.addingTimeInterval(Double(index) * 86_400), utcOffset: offset),
                    minimum: -5, maximum: Double(next(40)), average: 3, condition: .rain, sunrise: nil, sunset: nil,
                    precipitation: maybe(3), precipitationProbability: maybe(40), windSpeed: maybe(20))
            }
            let report = WeatherReport(
                location: WeatherLocation(
                    id: round, name: names[next(names.count)], country: ["CA", ""][next(2)], latitude: 10,
                    longitude: 10),
                provider: ["open-meteo", "openweathermap"][next(2)], observedAt: start, utcOffset: offset,
                current: CurrentWeather(
                    temperature: Double(next(100) - 50), feelsLike: maybe(1), humidity: maybe(50),
                    windSpeed: maybe(Double(next(200))), windDirection: maybe(Double(next(400) - 20)),
                    condition: Condition.allCases[next(Condition.allCases.count)], code: 3, isDay: next(2) == 0,
                    precipitation: maybe(0.2), windGusts: maybe(40), uvIndex: maybe(Double(next(15))),
                    pressure: maybe(1000), visibility: maybe(Double(next(30_000))), cloudCover: maybe(50),
                    dewPoint: maybe(2)),
                hours: hours, days: days, leftOut: next(5) == 0 ? [.init("wind speed 1,000 km/h now", .now)] : [])
            let shown = WeatherRepository.Shown(
                report: report, fetchedAt: start, staleBecause: next(3) == 0 ? .unreachable("down") : nil,
                fromCache: next(2) == 0)
            // The widths SkyLens fits: 40 to 300 columns.
            let width = 40 + next(261)
            var units = Units()
            units.temperature = TemperatureUnit.allCases[next(2)]
            units.chosenWind = WindUnit.allCases[next(4)]
            units.clock = ClockStyle.allCases[next(2)]
            let frame = WeatherViews.Frame(
                units: units, now: now, painter: Painter(enabled: false), words: testWords, width: width,
                interactive: next(2) == 0)
            let views = [
                WeatherViews.current(shown, place: nil, frame: frame),
                WeatherViews.hourly(shown, place: nil, step: [1, 2, 3][next(3)], frame: frame),
                WeatherViews.forecast(shown, place: nil, days: 1 + next(16), frame: frame),
                WeatherViews.parts(shown, place: nil, frame: frame),
                WeatherViews.line(shown, place: nil, frame: frame),
                WeatherViews.template(
                    "%l %c %C %t %f %w %h %p %P %u %m %S %s %%", shown, place: nil, almanac: nil, frame: frame),
            ]
            for (index, view) in views.enumerated() {
                let widest = view.split(separator: "\n").map { DisplayWidth.columns(of: $0) }.max() ?? 0
                // The template makes what it is asked to, whatever the width.
                if index < 5 {
                    #expect(widest <= width, "round \(round), view \(index), width \(width):\n\(view)")
                }
                #expect(!view.contains("\u{1B}"), "round \(round), view \(index)")
            }
        }
    }
}

/// The weather's English, from its catalogue beside the test bundle (as the App reads it): plural forms included.
let testWords = Words(StringCatalogSource(bundle: "WeatherFeature_WeatherFeature"), language: .english)
