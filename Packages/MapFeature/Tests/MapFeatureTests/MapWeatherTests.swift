import Architecture
import CommandShell
import CoreKit
import Foundation
import ShellTesting
import Synchronization
import Testing
import WeatherService

@testable import MapFeature

/// `map --weather`: the largest places labelled with their temperature and sky, from the cache while fresh, the rest
/// in one request of at most 10 places.
@MainActor @Suite struct MapWeatherTests {
    /// A conditions client that answers every place with `temperature` and overcast, and counts what it was asked.
    final class Recorder: Sendable {
        let requests = Mutex<[[WeatherLocation]]>([])
        var all: [[WeatherLocation]] { requests.withLock { $0 } }

        func client(temperature: Double = 3.4, failing: WeatherError? = nil) -> CurrentConditionsClient {
            CurrentConditionsClient(provider: "open-meteo") { places throws(WeatherError) in
                self.requests.withLock { $0.append(places) }
                if let failing { throw failing }
                return places.map { _ in
                    CurrentWeather(
                        temperature: temperature, feelsLike: nil, humidity: nil, windSpeed: nil, windDirection: nil,
                        condition: .overcast, code: 3, isDay: true)
                }
            }
        }
    }

    static let clock: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_795_456_000) }

    @Test func theLargestPlacesGetTheirWeatherInOneRequest() async throws {
        let recorder = Recorder()
        let harness = try MapHarness(
            weather: MapWeather(conditions: recorder.client(), cache: .inMemory(), temperature: .fixed(.celsius)),
            now: Self.clock)
        let map = await harness.run("map Toronto --zoom 7 --width 80 --height 24 --weather")
        #expect(map.contains("◉ Toronto 3°☁"))
        #expect(recorder.all.count == 1)
        let asked = try #require(recorder.all.first)
        #expect(asked.count <= 10 && asked.first?.id == 6_167_865)
        // Every name on the map was asked for, and shows its weather.
        #expect(map.components(separatedBy: "3°☁").count - 1 == asked.count)
        // The same view again: nothing asked, the weather known this session is shown.
        #expect(await harness.run("map Toronto --zoom 7 --width 80 --height 24 --weather").contains("◉ Toronto 3°☁"))
        #expect(recorder.all.count == 1)
        // Without --weather, none.
        #expect(!(await harness.run("map Toronto --zoom 7 --width 80 --height 24")).contains("°☁"))
    }

    /// Issue 25: the map's weather showed °C whatever `unit` said, and its labels were all one colour; now they are in
    /// the unit kept (the settings `unit imperial` writes), coloured on the temperature scale of every view.
    @Test func labelsFollowTheUnitAndTheTemperatureScale() async throws {
        let settings = SettingsClient.inMemory([TemperaturePreference.settingsKey: "fahrenheit"])
        let harness = try MapHarness(
            terminal: TerminalInfo(isInteractive: false, colorEnabled: true),
            weather: MapWeather(
                conditions: Recorder().client(temperature: -7.6), cache: .inMemory(),
                temperature: .stored(in: settings, default: nil)), now: Self.clock)
        let map = await harness.run("map Toronto --zoom 7 --width 80 --height 24 --weather")
        // -7.6 °C is 18.3 °F; the label reads 18°, painted as -7.6 °C is everywhere else (18 °F back in °C: -7.8).
        let painted = Painter(enabled: true).paint("18°☁", ColorScale.temperature((18.0 - 32) * 5 / 9))
        #expect(map.contains(painted), "\(map)")
        #expect(!map.contains("-8°"))
        // With no unit kept, the configured default; then °C.
        let metric = try MapHarness(
            weather: MapWeather(
                conditions: Recorder().client(temperature: -7.6), cache: .inMemory(),
                temperature: .stored(in: .inMemory(), default: nil)), now: Self.clock)
        #expect(await metric.run("map Toronto --zoom 7 --width 80 --height 24 --weather").contains("◉ Toronto -8°☁"))
    }

    @Test func freshCacheEntriesAreUsedAndNotAskedFor() async throws {
        let recorder = Recorder()
        let cache = WeatherCacheClient.inMemory()
        let report = WeatherReport(
            location: WeatherLocation(id: 6_167_865, name: "Toronto", country: "CA", latitude: 43.7, longitude: -79.4),
            provider: "open-meteo", observedAt: Self.clock(), utcOffset: 0,
            current: CurrentWeather(
                temperature: -7.6, feelsLike: nil, humidity: nil, windSpeed: nil, windDirection: nil, condition: .snow,
                code: 71, isDay: true),
            hours: [], days: [])
        try await cache.store(
            report, provider: "open-meteo", place: "city:6167865", at: Self.clock().addingTimeInterval(-60))
        let harness = try MapHarness(
            weather: MapWeather(conditions: recorder.client(), cache: cache, temperature: .fixed(.celsius)),
            now: Self.clock)
        let map = await harness.run("map Toronto --zoom 7 --width 80 --height 24 --weather")
        #expect(map.contains("◉ Toronto -8°❄"))
        #expect(recorder.all.count == 1)
        #expect(!(recorder.all.first ?? []).contains { $0.id == 6_167_865 })
    }

    @Test func aFailedRequestIsSaidAndTheMapIsStillDrawn() async throws {
        let recorder = Recorder()
        let harness = try MapHarness(
            weather: MapWeather(
                conditions: recorder.client(failing: .unreachable("api.open-meteo.com is not reachable (offline).")),
                cache: .inMemory(), temperature: .fixed(.celsius)), now: Self.clock)
        let map = await harness.run("map Toronto --zoom 7 --width 80 --height 24 --weather")
        #expect(map.contains("◉ Toronto") && !map.contains("°☁"))
        #expect(harness.output.stderr.contains("the map's weather is unavailable"))
        // Not asked again at once (a full-screen map redraws at every key).
        _ = await harness.run("pan e")
        #expect(recorder.all.count == 1)
    }

    @Test func theJSONGivesEachLabelsWeather() async throws {
        let harness = try MapHarness(
            format: .json,
            weather: MapWeather(
                conditions: Recorder().client(temperature: 21.5), cache: .inMemory(), temperature: .fixed(.celsius)),
            now: Self.clock)
        let json = await harness.run("map Toronto --zoom 7 --width 80 --height 24 --weather")
        #expect(json.contains(#""weather":{"condition":"overcast","temperature":21.5}"#))
    }
}
