import Architecture
import CitiesService
import CitiesTesting
import CoreKit
import Diagnostics
import Foundation
import NIOTransport
import Networking
import OpenMeteo
import ShellTesting
import Synchronization
import TestSupport
import Testing
import WeatherFeature
import WeatherService

/// The providers' recorded responses this package's tests serve (its own copies, in `Fixtures/`).
func providerFixture(_ name: String, filePath: StaticString = #filePath) throws -> String {
    try fixture(name, filePath: filePath)
}

final class Clock: Sendable {
    private let time = Mutex(Date(timeIntervalSince1970: 1_795_356_300))  // 2026-11-22 14:05 UTC
    var now: Date { time.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { time.withLock { $0 += seconds } }
}

@MainActor
struct WeatherHarness {
    let harness: ShellHarness
    let clock: Clock
    let favorites: FavoritesClient
    var shell: Shell { harness.shell }
    var output: CapturedOutput { harness.output }

    init(
        server: LoopbackServer, format: OutputFormat = .text, terminal: TerminalInfo = .plain,
        directory: TemporaryDirectory, settings: SettingsClient = .inMemory(),
        favorites: FavoritesClient = .inMemory()
    ) throws {
        let clock = Clock()
        // The small fixture list, not the built-in catalogue: the tests name only places it has.
        let store = try FixtureCities.store(in: directory.url, now: { clock.now })
        let transport = HTTPTransport(
            engine: NIOHTTPEngine(),
            configuration: .init(timeout: .seconds(2)), logger: InMemoryLog().logger(), now: { clock.now })
        let plugin = WeatherPlugin(
            client: OpenMeteo.client(http: HTTPClient(baseURL: server.baseURL, transport: transport)),
            catalogue: .live(store),
            favorites: favorites, cache: .inMemory(), settings: settings,
            dataDirectory: directory.url,
            now: { clock.now })
        harness = ShellHarness(plugins: [plugin], format: format, terminal: terminal)
        self.clock = clock
        self.favorites = favorites
    }

    @discardableResult
    func run(_ line: String) async -> String { await harness.run(line) }

    func status(_ line: String) async -> Shell.Outcome { await harness.status(line) }
}

@MainActor @Suite struct WeatherViewTests {
    let directory: TemporaryDirectory
    let server: LoopbackServer

    init() throws {
        directory = try TemporaryDirectory()
        server = try LoopbackServer(always: .json(try providerFixture("open-meteo-toronto.json")))
    }

    @Test func everyViewInBothUnitsGolden() async throws {
        let harness = try WeatherHarness(server: server, directory: directory)
        Golden.assertMatches(await harness.run("weather Toronto"), named: "weather-toronto")
        Golden.assertMatches(await harness.run("hourly"), named: "hourly-toronto")
        Golden.assertMatches(await harness.run("forecast"), named: "forecast-toronto")
        Golden.assertMatches(await harness.run("unit f"), named: "forecast-toronto-fahrenheit")
        Golden.assertMatches(await harness.run("weather"), named: "weather-toronto-fahrenheit")
        // One request: everything after the first answer came from the cache, and the unit only converts.
        #expect(server.requests.count == 1)
    }

    @Test func colourFollowsTheTemperatureGolden() async throws {
        let harness = try WeatherHarness(
            server: server, terminal: TerminalInfo(isInteractive: false, colorEnabled: true), directory: directory)
        let text = await harness.run("forecast Toronto")
        Golden.assertMatches(text, named: "forecast-toronto-ansi")
        #expect(text.contains("\u{1B}[38;5;99m"))  // below 10 °C: indigo-purple
    }

    @Test func plainOutputHasNoEscapeSequence() async throws {
        let harness = try WeatherHarness(server: server, directory: directory)
        for line in ["weather Toronto", "hourly", "forecast"] {
            #expect(!(await harness.run(line)).contains("\u{1B}"))
        }
    }

    @Test func theUnitIsKeptAndTheLastPlaceToo() async throws {
        let settings = SettingsClient.inMemory()
        let harness = try WeatherHarness(server: server, directory: directory, settings: settings)
        #expect(await harness.run("unit").contains("°C (celsius)"))
        _ = await harness.run("unit f")
        #expect(await harness.run("unit").contains("°F (fahrenheit)"))
        _ = await harness.run("weather Paris")
        #expect(await harness.run("weather").contains("Paris, Ile-de-France, FR"))
        #expect(await harness.status("unit k") == .completed(status: 64))
        // The next session, with the same settings: the unit and the place are still there.
        let next = try WeatherHarness(server: server, directory: directory, settings: settings)
        #expect(await next.run("unit").contains("°F (fahrenheit)"))
        #expect(await next.run("weather").contains("Paris, Ile-de-France, FR"))
        #expect(try await settings.value(for: "weather.unit") == "fahrenheit")
    }

    @Test func jsonHasTheDocumentedShape() async throws {
        let harness = try WeatherHarness(server: server, format: .json, directory: directory)
        let current = try #require(
            try JSONSerialization.jsonObject(with: Data(await harness.run("weather Toronto").utf8)) as? [String: Any])
        #expect(
            Set(current.keys).isSuperset(of: [
                "location", "provider", "unit", "observedAt", "fetchedAt", "stale", "current",
            ]))
        #expect(current["unit"] as? String == "celsius" && current["stale"] as? Bool == false)
        let now = try #require(current["current"] as? [String: Any])
        #expect(
            Set(now.keys).isSuperset(of: [
                "temperature", "feelsLike", "humidity", "windSpeed", "windSpeedUnit", "windDirection", "condition",
                "code",
            ]))
        let hourly = try #require(
            try JSONSerialization.jsonObject(with: Data(await harness.run("hourly").utf8)) as? [String: Any])
        let hours = try #require(hourly["hours"] as? [[String: Any]])
        #expect(hours.count == 8)
        #expect(
            Set(hours[0].keys).isSuperset(of: [
                "time", "temperature", "feelsLike", "precipitationProbability", "condition",
            ]))
        let forecast = try #require(
            try JSONSerialization.jsonObject(with: Data(await harness.run("forecast").utf8)) as? [String: Any])
        let days = try #require(forecast["days"] as? [[String: Any]])
        #expect(days.count == 7 && Set(days[0].keys) == ["date", "min", "max", "average", "condition"])
    }
}

@MainActor @Suite struct WeatherPlacesAndCacheTests {
    @Test func namesCoordinatesAndIdsResolveOfflineAndAnUnknownNameMakesNoRequest() async throws {
        let directory = try TemporaryDirectory()
        let server = try LoopbackServer(always: .json(try providerFixture("open-meteo-toronto.json")))
        let harness = try WeatherHarness(server: server, directory: directory)
        #expect(await harness.status("weather Nowhereville") == .completed(status: 1))
        #expect(harness.output.stderr.contains("No place called 'Nowhereville'."))
        #expect(server.requests.isEmpty)
        #expect(await harness.run("weather Paris, TX, US").contains("Paris, TX, US"))
        #expect(server.requests.last?.queryItems["latitude"] == "33.6609")
        _ = await harness.run("weather 19.54,110")
        #expect(server.requests.last?.queryItems["latitude"] == "19.5400")
        _ = await harness.run("weather -33.9, 18.4")
        #expect(server.requests.last?.queryItems["longitude"] == "18.4000")
        #expect(await harness.run("weather #2988507").contains("Paris, Ile-de-France, FR"))
    }

    @Test func theCacheAnswersForTenMinutesThenTheServerAgainAndStaleDataWhenItFails() async throws {
        let directory = try TemporaryDirectory()
        let fixture = try providerFixture("open-meteo-toronto.json")
        let failing = Mutex(false)
        let server = try LoopbackServer { _ in
            failing.withLock { $0 } ? .respond(.text("down", status: 503)) : .respond(.json(fixture))
        }
        let harness = try WeatherHarness(server: server, directory: directory)
        _ = await harness.run("weather Toronto")
        harness.clock.advance(9 * 60)
        _ = await harness.run("weather Toronto")
        #expect(server.requests.count == 1)
        harness.clock.advance(2 * 60)
        _ = await harness.run("weather Toronto")
        #expect(server.requests.count == 2)
        _ = await harness.run("refresh")
        #expect(server.requests.count == 3)
        failing.withLock { $0 = true }
        harness.clock.advance(2 * 3600)
        let stale = await harness.run("weather Toronto")
        #expect(stale.contains("offline — data from 2 h ago"))
        #expect(stale.contains("503"))
        // With nothing stored, the failure is the answer.
        #expect(await harness.status("weather Ottawa") == .completed(status: 1))
        #expect(harness.output.stderr.contains("answered 503"))
    }

    @Test func presetsAreBuiltInOrTheUsersOwn() async throws {
        let directory = try TemporaryDirectory()
        let server = try LoopbackServer(always: .json("{}"))
        let harness = try WeatherHarness(server: server, directory: directory)
        let builtIn = await harness.run("presets")
        for name in ["Toronto", "Vancouver", "Montréal", "Calgary", "Ottawa"] { #expect(builtIn.contains(name)) }
        try Data(#"[{"country":"FR","name":"Lyon","_id":2996944,"coord":{"lon":4.85,"lat":45.75}}]"#.utf8)
            .write(to: directory.file("locations.json"))
        let mine = await harness.run("presets")
        #expect(mine.contains("Your cities (locations.json)") && mine.contains("Lyon, FR"))
    }

    @Test func favouritesHereAreTheMapsFavourites() async throws {
        let directory = try TemporaryDirectory()
        let server = try LoopbackServer(always: .json(try providerFixture("open-meteo-toronto.json")))
        let harness = try WeatherHarness(server: server, directory: directory)
        _ = await harness.run("weather Toronto")
        #expect(await harness.run("fav").contains("★ Toronto, CA is now a favourite."))
        #expect(try await harness.favorites.ids() == [6167865])
        let list = await harness.run("favorites")
        #expect(list.contains("Toronto, CA") && list.contains("Overcast"))
        #expect(await harness.run("unfav").contains("no longer a favourite"))
    }
}
