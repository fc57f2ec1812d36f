import Architecture
import CitiesService
import CitiesTesting
import CommandShell
import CoreKit
import Diagnostics
import Foundation
import Localization
import NIOTransport
import Networking
import OpenMeteo
import ShellTesting
import Synchronization
import TestSupport
import Testing
import WeatherAlerts
import WeatherService

@testable import WeatherFeature

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
        favorites: FavoritesClient = .inMemory(), client: WeatherClient? = nil, fallback: WeatherClient? = nil,
        alerts: ((Clock) -> AlertsLookup)? = nil, archive: LoopbackServer? = nil, ensemble: LoopbackServer? = nil,
        language: Language = .english
    ) throws {
        let clock = Clock()
        // The small fixture list, not the built-in catalogue: the tests name only places it has.
        let store = try FixtureCities.store(in: directory.url, now: { clock.now })
        let transport = HTTPTransport(
            engine: NIOHTTPEngine(),
            configuration: .init(timeout: .seconds(2)), logger: InMemoryLog().logger(), now: { clock.now })
        let http = HTTPClient(baseURL: server.baseURL, transport: transport)
        let plugin = WeatherPlugin(
            client: client ?? OpenMeteo.client(http: http), fallback: fallback,
            catalogue: .live(store),
            favorites: favorites, cache: .inMemory(), settings: settings,
            dataDirectory: directory.url,
            now: { clock.now }, air: OpenMeteo.airQuality(http: http), airCache: .inMemory(),
            today: OpenMeteo.today(http: http), alerts: alerts?(clock),
            climate: archive.map { OpenMeteo.climate(http: HTTPClient(baseURL: $0.baseURL, transport: transport)) },
            ensemble: ensemble.map { OpenMeteo.ensemble(http: HTTPClient(baseURL: $0.baseURL, transport: transport)) })
        harness = ShellHarness(
            plugins: [plugin], format: format, terminal: terminal,
            placeNames: { before, prefix in store.nameCompletions(words: before, partial: prefix) }, language: language)
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
        // A continuous scale: -3 °C and 6 °C are not the same colour (they were one purple below 10 °C).
        let minus3 = Painter(enabled: true).paint("x", ColorScale.temperature(-3))
        let plus6 = Painter(enabled: true).paint("x", ColorScale.temperature(6))
        #expect(minus3 != plus6 && text.contains(String(minus3.prefix(while: { $0 != "x" }))))
        // The sky's glyph and the wind are coloured too.
        #expect(text.contains(Painter(enabled: true).paint("22 km/h", ColorScale.wind(22.4))))
    }

    @Test func colourDepthFollowsTheTerminal() async throws {
        for (depth, code) in [
            (ColorDepth.truecolor, "\u{1B}[38;2;"), (.ansi16, "\u{1B}[9"), (.ansi256, "\u{1B}[38;5;"),
        ] {
            let harness = try WeatherHarness(
                server: server, terminal: TerminalInfo(isInteractive: false, colorEnabled: true, colorDepth: depth),
                directory: directory)
            let text = await harness.run("weather Toronto")
            #expect(text.contains(code), "\(depth)")
        }
    }

    @Test func theNewViewsGolden() async throws {
        let harness = try WeatherHarness(server: server, directory: directory)
        Golden.assertMatches(await harness.run("forecast Toronto --parts"), named: "parts-toronto")
        Golden.assertMatches(await harness.run("hourly --step 1"), named: "hourly-step1-toronto")
        Golden.assertMatches(await harness.run("forecast --days 3"), named: "forecast-3-days-toronto")
        _ = await harness.run("unit wind kn")
        _ = await harness.run("unit rain in")
        _ = await harness.run("unit clock 12")
        Golden.assertMatches(await harness.run("weather"), named: "weather-toronto-knots-inches-12h")
    }

    @Test func everyViewFitsFortyColumnsAndUsesTwoHundred() async throws {
        for width in [40, 80, 200] {
            let harness = try WeatherHarness(
                server: server, terminal: TerminalInfo(isInteractive: false, colorEnabled: false, width: width),
                directory: directory)
            for line in [
                "weather Toronto", "hourly", "hourly --step 1", "forecast", "forecast --days 16", "forecast --parts",
                "unit", "presets", "favorites", "weather --line",
            ] {
                let text = await harness.run(line)
                let widest = text.split(separator: "\n").map { DisplayWidth.columns(of: $0) }.max() ?? 0
                #expect(widest <= width, "\(line) at \(width) columns: \(widest)")
                if width == 40, line == "weather Toronto" { Golden.assertMatches(text, named: "weather-toronto-40") }
                if width == 40, line == "forecast --parts" { Golden.assertMatches(text, named: "parts-toronto-40") }
                // Issue 25: at 200 columns the weather now used 75; the hours ahead now stand beside it.
                if width == 200, line == "weather Toronto" {
                    Golden.assertMatches(text, named: "weather-toronto-200")
                    #expect(widest > 120 && text.contains("Next 18 hours, every 3 hours"), "\(widest)")
                }
                if width == 80, line == "weather Toronto" { #expect(!text.contains("Next 18 hours")) }
            }
        }
    }

    @Test func theRainSummarySaysWhenAndHowMuch() async throws {
        let harness = try WeatherHarness(server: server, directory: directory)
        // The recorded hours from 09:00: 52 % at 16:00 and 59 % at 17:00 (1.3 and 1.5 mm), 6 % at 18:00.
        #expect(await harness.run("weather Toronto").contains("Rain from 16:00 to 18:00 (59 %), 2.8 mm"))
        let base = Date(timeIntervalSince1970: 1_795_356_000)  // 09:00 in Toronto
        func report(_ hours: [(Double?, Double?)]) -> WeatherReport {
            WeatherReport(
                location: WeatherLocation(id: nil, name: "X", country: "", latitude: 0, longitude: 0),
                provider: "open-meteo", observedAt: base, utcOffset: -18000,
                current: CurrentWeather(
                    temperature: 1, feelsLike: nil, humidity: nil, windSpeed: nil, windDirection: nil,
                    condition: .rain, code: 61, isDay: true),
                hours: hours.enumerated().map { index, hour in
                    HourForecast(
                        time: base.addingTimeInterval(Double(index) * 3600), temperature: 1, feelsLike: nil,
                        precipitationProbability: hour.0, condition: .rain, precipitation: hour.1)
                }, days: [])
        }
        let units = Units()
        #expect(
            WeatherViews.rainSummary(report(Array(repeating: (10, 0), count: 30)), now: base, units: units)
                == "Dry for the next 24 hours")
        #expect(
            WeatherViews.rainSummary(
                report([(90, 1), (80, 2.5), (20, 0)] + Array(repeating: (0, 0), count: 30)), now: base, units: units)
                == "Rain now, until 11:00 (90 %), 3.5 mm")
        #expect(
            WeatherViews.rainSummary(report(Array(repeating: (60, 0.5), count: 30)), now: base, units: units)
                == "Rain now and for the next 24 hours (60 %), 12 mm")
        #expect(WeatherViews.rainSummary(report([]), now: base, units: units) == nil)
    }

    @Test func unitsArePerQuantityAndKept() async throws {
        let settings = SettingsClient.inMemory()
        let harness = try WeatherHarness(server: server, format: .json, directory: directory, settings: settings)
        _ = await harness.run("unit wind ms")
        _ = await harness.run("unit rain in")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(await harness.run("weather Toronto").utf8)) as? [String: Any])
        let now = try #require(document["current"] as? [String: Any])
        // 14.8 km/h is 4.1 m/s; the temperature stays in °C.
        #expect(now["windSpeed"] as? Double == 4.1 && now["windSpeedUnit"] as? String == "m/s")
        #expect(now["precipitationUnit"] as? String == "in" && document["unit"] as? String == "celsius")
        #expect(try await settings.value(for: "weather.unit.wind") == "ms")
        let text = try WeatherHarness(server: server, directory: directory, settings: settings)
        #expect(await text.run("unit").contains("Units: °C, m/s, in, hPa, km, 24-hour clock."))
        for bad in ["unit wind furlongs", "unit rain", "unit clock 13", "unit c f", "unit imperial kn"] {
            #expect(await text.status(bad) == .completed(status: 64), "\(bad)")
        }
    }

    /// Issue 25: `unit imperial` kept knots chosen before and left visibility in km and pressure in hPa.
    @Test func imperialAndMetricSwitchEveryQuantity() async throws {
        let settings = SettingsClient.inMemory()
        let text = try WeatherHarness(server: server, directory: directory, settings: settings)
        _ = await text.run("unit wind kn")
        #expect(await text.run("unit imperial").contains("°F, mph, in, inHg, mi"))
        let imperial = await text.run("weather Toronto")
        // 1016.3 hPa is 30.01 inHg; 24,140 m is 15 mi; 14.8 km/h is 9 mph.
        #expect(imperial.contains("Pressure 30.01 inHg") && imperial.contains("Visibility 15 mi"), "\(imperial)")
        #expect(imperial.contains("Wind 9 mph") && imperial.contains("°F"))
        #expect(try await settings.value(for: "weather.unit.wind") == "mph")
        let json = try WeatherHarness(server: server, format: .json, directory: directory, settings: settings)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(await json.run("weather Toronto").utf8)) as? [String: Any])
        let now = try #require(document["current"] as? [String: Any])
        #expect(now["pressure"] as? Double == 30.01 && now["pressureUnit"] as? String == "inHg")
        #expect(now["visibility"] as? Double == 15 && now["visibilityUnit"] as? String == "mi")
        // With the weather on screen, the view is drawn again in the new units.
        let metric = await text.run("unit metric")
        #expect(await text.run("unit").contains("°C, km/h, mm, hPa, km"))
        #expect(
            metric.contains("Pressure 1016 hPa") && metric.contains("Visibility 24 km") && metric.contains("15 km/h"))
        // Tab after `unit wind ` offers the wind's units, not the clock's or the rain's.
        let completion = text.shell.completionModel()
        #expect(completion.complete("unit wind ").candidates == ["kmh", "kn", "mph", "ms"])
        #expect(completion.complete("unit rain ").candidates == ["in", "mm"])
        #expect(completion.complete("unit im").candidates == ["imperial"])
    }

    @Test func everyCodeOfWttrInsFormatHasItsMeaning() async throws {
        // wttr.in's README lists c C x h t f w l m M p P e u D S z s d T Z. Toronto at 09:05 (14:05 UTC) on
        // 2026-11-22; PyEphem 4.2 for the place gives civil dawn 11:49:19, solar noon 17:03:50 and civil dusk
        // 22:17:58 UTC, and the new moon 2026-11-09 07:02 UTC (13.3 days before).
        let harness = try WeatherHarness(server: server, directory: directory)
        let wttr = await harness.run("weather Toronto --template '%x|%M|%e|%D|%S|%z|%s|%d|%T|%Z'")
            .trimmingCharacters(in: .newlines)
        #expect(wttr == "mmm|13|0 °C|06:49|07:12|12:03|16:45|17:17|09:05|America/Toronto", "\(wttr)")
        // The codes SkyLens had keep their meaning; one wttr.in lacks is still refused.
        #expect(
            await harness.status("weather Toronto --template '%c %C %h %t %f %w %l %m %p %P %u'")
                == .completed(status: 0))
        #expect(await harness.status("weather Toronto --template '%q'") == .completed(status: 64))
        #expect(WeatherViews.plainSymbol(.clear) == "o" && WeatherViews.plainSymbol(.thunderstorm) == "!/")
        // wttr.in's code (lib/view/line.py, FORMAT_SYMBOL) also has %o, the chance of rain: the recorded hour to 10:00
        // says 10 %.
        #expect(await harness.run("weather Toronto --template '%o'") == "10 %\n")
    }

    @Test func aLineAndATemplateForStatusBars() async throws {
        let harness = try WeatherHarness(server: server, directory: directory)
        let line = await harness.run("weather Toronto --line").trimmingCharacters(in: .newlines)
        // Overcast, 3.4 °C, wind 14.8 km/h from 292° (west-north-west: blowing east).
        #expect(line == "Toronto: ☁ 3 °C → 15 km/h")
        #expect(DisplayWidth.columns(of: line) <= 60)
        let templated = await harness.run("weather Toronto --template '%l: %c %t (%f) %w %h %p %P %u %m %%'")
            .trimmingCharacters(in: .newlines)
        #expect(templated == "Toronto: ☁ 3 °C (-1 °C) →15 km/h 81 % 0 mm 1016 hPa 1 🌔 %")
        #expect(await harness.status("weather Toronto --template '%q'") == .completed(status: 64))
        #expect(harness.output.stderr.contains("unknown code '%q'"))
        #expect(await harness.status("weather Toronto --line --template '%t'") == .completed(status: 64))
        // One request in all: the line came from the cache.
        #expect(server.requests.count == 1)
    }

    @Test func aLineSaysTheAgeOfAnOldAnswerEvenWhenItWasJustFetched() async throws {
        // The server answers with an observation three days old: fetched now, but old, and said so everywhere.
        let text = try WeatherHarness(server: server, directory: directory)
        let json = try WeatherHarness(server: server, format: .json, directory: directory)
        text.clock.advance(3 * 86_400)
        json.clock.advance(3 * 86_400)
        let line = await text.run("weather Toronto --line").trimmingCharacters(in: .newlines)
        #expect(line == "Toronto: ☁ 3 °C → 15 km/h (3 d old)")
        let templated = await text.run("weather Toronto --template '%t%A'").trimmingCharacters(in: .newlines)
        #expect(templated == "3 °C3 d")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(await json.run("weather Toronto --line").utf8))
                as? [String: Any])
        #expect(document["stale"] as? Bool == true && document["observedAt"] is String)
        let full = try #require(
            try JSONSerialization.jsonObject(with: Data(await json.run("weather Toronto").utf8)) as? [String: Any])
        #expect(full["stale"] as? Bool == true)
        #expect((full["staleReason"] as? String)?.contains("3 days old") == true, "\(full["staleReason"] ?? "")")
    }

    @Test func aFreshAnswerHasNoAgeOnItsLine() async throws {
        let harness = try WeatherHarness(server: server, directory: directory)
        #expect(await harness.run("weather Toronto --template '[%A]'").trimmingCharacters(in: .newlines) == "[]")
        let json = try WeatherHarness(server: server, format: .json, directory: directory)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(await json.run("weather Toronto --line").utf8))
                as? [String: Any])
        #expect(document["stale"] as? Bool == false)
    }

    @Test func viewsStartFromNowEvenWhenTheAnswerIsDaysOld() async throws {
        let text = try WeatherHarness(server: server, directory: directory)
        let json = try WeatherHarness(server: server, format: .json, directory: directory)
        _ = await text.run("weather Toronto")
        _ = await json.run("hourly Toronto")
        // Three days later, with the network down: the kept answer, shown from now.
        text.clock.advance(3 * 86_400)
        json.clock.advance(3 * 86_400)
        server.stop()
        let now = await text.run("weather Toronto")
        #expect(now.contains("Observed Sun 22 Nov 09:00 local time, 3 days ago") && now.contains("Offline"))
        let hourly = await text.run("hourly").split(separator: "\n")
        #expect(hourly.count > 2 && hourly[2].hasPrefix("09:00"))
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(await json.run("hourly").utf8)) as? [String: Any])
        let hours = try #require(document["hours"] as? [[String: Any]])
        #expect((hours.first?["time"] as? String)?.hasPrefix("2026-11-25T14:00") == true && hours.count == 8)
        let forecast = await text.run("forecast")
        #expect(!forecast.contains("Sun 22 Nov") && forecast.contains("Wed 25 Nov"))
        #expect(forecast.contains("4 days"))
    }

    @Test func aPolarNightSaysSo() async throws {
        let harness = try WeatherHarness(server: server, directory: directory)
        // Longyearbyen, 78° N, on 22 November: the sun stays down.
        let text = await harness.run("weather 78.22,15.65")
        #expect(text.contains("Polar night: the sun does not rise today") && !text.contains("Sunrise —"))
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
        #expect(await harness.run("unit").contains("Units: °C, km/h, mm, hPa, km, 24-hour clock."))
        _ = await harness.run("unit f")
        #expect(await harness.run("unit").contains("Units: °F, mph, in, inHg, mi, 24-hour clock."))
        _ = await harness.run("weather Paris")
        #expect(await harness.run("weather").contains("Paris, Ile-de-France, FR"))
        #expect(await harness.status("unit k") == .completed(status: 64))
        // The next session, with the same settings: the unit and the place are still there.
        let next = try WeatherHarness(server: server, directory: directory, settings: settings)
        #expect(await next.run("unit").contains("°F, mph, in"))
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
                "code", "precipitation", "windGusts", "uvIndex", "pressure", "visibility", "cloudCover", "dewPoint",
            ]))
        #expect(now["pressure"] as? Double == 1016.3 && now["windGusts"] as? Double == 29.2)
        #expect(now["dewPoint"] as? Double == 0.4 && now["windSpeedUnit"] as? String == "km/h")
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
        #expect(
            days.count == 7
                && Set(days[0].keys) == [
                    "date", "min", "max", "average", "condition", "conditionCode", "precipitationProbability",
                    "precipitation", "windSpeed",
                ])
        let parted = try #require(
            try JSONSerialization.jsonObject(with: Data(await harness.run("forecast --parts").utf8)) as? [String: Any])
        let parts = try #require(parted["parts"] as? [[String: Any]])
        // From 09:05: this morning (from sunrise), then 2 more parts today and 4 a day for the next two days, each
        // day's night first (its hours before sunrise).
        #expect(parts.count == 11 && parts.first?["part"] as? String == "morning")
        #expect(
            Set(parts[0].keys) == [
                "date", "part", "from", "to", "temperature", "condition", "conditionCode", "precipitationProbability",
                "precipitation", "windSpeed",
            ])
        #expect(parts.map { $0["part"] as? String }.suffix(4) == ["night", "morning", "afternoon", "evening"])
        // The morning starts at sunrise (07:12 local, 12:12 UTC) and ends at solar noon, halfway to sunset (16:45).
        #expect(
            parts[0]["from"] as? String == "2026-11-22T12:12:00Z" && parts[0]["to"] as? String == "2026-11-22T16:58:30Z"
        )
    }
}

@MainActor @Suite struct WeatherPlacesAndCacheTests {
    @Test func namesCoordinatesAndIdsResolveOfflineAndAnUnknownNameMakesNoRequest() async throws {
        let directory = try TemporaryDirectory()
        let server = try LoopbackServer(always: .json(try providerFixture("open-meteo-toronto.json")))
        let harness = try WeatherHarness(server: server, directory: directory)
        #expect(await harness.status("weather Nowhereville") == .completed(status: 67))
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
        #expect(stale.contains("Offline: data from 2 h ago"))
        #expect(stale.contains("503"))
        // With nothing stored, the failure is the answer.
        #expect(await harness.status("weather Ottawa") == .completed(status: 69))
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

@MainActor @Suite struct AirCompareAndFallbackTests {
    /// Open-Meteo's forecast, its air quality, and today at several places (an array as long as the list asked).
    static func server() throws -> LoopbackServer {
        let forecast = try providerFixture("open-meteo-toronto.json")
        let air = try providerFixture("open-meteo-air-toronto.json")
        return try LoopbackServer { request in
            switch request.path {
            case "/v1/air-quality": return .respond(.json(air))
            case "/v1/forecast" where request.queryItems["forecast_days"] == "1":
                let count = (request.queryItems["latitude"] ?? "").split(separator: ",").count
                let places = (0..<count).map { index in
                    """
                    {"latitude":\(40 + index),"longitude":-79,"utc_offset_seconds":\(-18000 + index * 3600),\
                    "current":{"time":"2026-11-22T\(String(format: "%02d", 9 + index)):00","temperature_2m":\(3.4 + Double(index)),\
                    "apparent_temperature":-0.6,"weather_code":\(index == 1 ? 61 : 3),"is_day":1,"wind_speed_10m":14.8},\
                    "daily":{"time":["2026-11-22"],"weather_code":[\(index == 1 ? 63 : 3)],\
                    "temperature_2m_max":[\(5.5 + Double(index))],"temperature_2m_min":[\(-2.5 + Double(index))]}}
                    """
                }
                return .respond(.json(count == 1 ? places[0] : "[" + places.joined(separator: ",") + "]"))
            default: return .respond(.json(forecast))
            }
        }
    }

    @Test func theAirNowWithBothIndicesKeptTenMinutes() async throws {
        let directory = try TemporaryDirectory()
        let server = try Self.server()
        let harness = try WeatherHarness(server: server, directory: directory)
        let text = await harness.run("air Toronto")
        Golden.assertMatches(text, named: "air-toronto")
        #expect(text.contains("European AQI") && text.contains("23") && text.contains("fair"))
        #expect(text.contains("US AQI") && text.contains("41") && text.contains("good"))
        let asked = try #require(server.requests.last)
        #expect(asked.path == "/v1/air-quality" && asked.queryItems["latitude"] == "43.7001")
        #expect(
            asked.queryItems["current"] == "european_aqi,us_aqi,pm2_5,pm10,ozone,nitrogen_dioxide,uv_index")
        _ = await harness.run("air Toronto")
        #expect(server.requests.count == 1)
        let json = try WeatherHarness(server: server, format: .json, directory: directory)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(await json.run("air Toronto").utf8)) as? [String: Any])
        let current = try #require(document["current"] as? [String: Any])
        #expect(
            Set(current.keys) == [
                "europeanAqi", "usAqi", "pm2_5", "pm10", "ozone", "nitrogenDioxide", "uvIndex",
            ])
        #expect(current["pm2_5"] as? Double == 8.1 && current["usAqi"] as? Double == 41)
        // Days later with the network down: the kept answer, marked.
        json.clock.advance(2 * 86_400)
        server.stop()
        let stale = try #require(
            try JSONSerialization.jsonObject(with: Data(await json.run("air Toronto").utf8)) as? [String: Any])
        #expect(stale["stale"] as? Bool == true)
    }

    @Test(
        "The air, a comparison and the favourites in German, Japanese and Arabic at 40 and 80 columns",
        arguments: LanguageGolden.codes)
    func theAirAComparisonAndTheFavouritesInOtherLanguages(code: String) async throws {
        let language = try #require(Language.named(code))
        let server = try Self.server()
        for width in [40, 80] {
            let directory = try TemporaryDirectory()
            let harness = try WeatherHarness(
                server: server, terminal: TerminalInfo(isInteractive: false, colorEnabled: false, width: width),
                directory: directory, language: language)
            try LanguageGolden.check(await harness.run("air Toronto"), "air-toronto", language, width: width)
            try LanguageGolden.check(
                await harness.run("compare Toronto Paris 'Paris, TX, US'"), "compare-three", language, width: width)
            _ = await harness.run("weather Toronto")
            _ = await harness.run("fav")
            try LanguageGolden.check(await harness.run("favorites"), "favourites", language, width: width)
            try LanguageGolden.check(await harness.run("weather --line"), "line-toronto", language, width: width)
        }
    }

    @Test func compareAsksOnceForEveryPlace() async throws {
        let directory = try TemporaryDirectory()
        let server = try Self.server()
        let harness = try WeatherHarness(server: server, directory: directory)
        let text = await harness.run("compare Toronto Paris 'Paris, TX, US'")
        Golden.assertMatches(text, named: "compare-three")
        #expect(server.requests.count == 1)
        let asked = try #require(server.requests.first)
        #expect(asked.queryItems["latitude"]?.split(separator: ",").count == 3)
        #expect(text.contains("Paris, FR") && text.contains("Paris, US") && text.contains("Rain"))
        let json = try WeatherHarness(server: server, format: .json, directory: directory)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(await json.run("compare Toronto Ottawa").utf8))
                as? [String: Any])
        let places = try #require(document["places"] as? [[String: Any]])
        #expect(places.count == 2 && places[1]["temperature"] as? Double == 4.4 && places[1]["max"] as? Double == 6.5)
        #expect(await harness.status("compare Toronto") == .completed(status: 64))
        #expect(
            await harness.status("compare a b c d e f g h i j k") == .completed(status: 64))
        #expect(await harness.status("compare Toronto Nowhereville") == .completed(status: 67))
        #expect(harness.output.stderr.contains("No place called 'Nowhereville'"))
    }

    @Test func theOtherProviderAnswersWhenTheChosenOneFailsAndSaysSo() async throws {
        let directory = try TemporaryDirectory()
        let server = try Self.server()
        let failing = WeatherClient.failing(
            .badKey("OpenWeatherMap refused the API key (401). Check OPENWEATHER_API_KEY."),
            provider: "openweathermap")
        let harness = try WeatherHarness(
            server: server, directory: directory, client: failing,
            fallback: OpenMeteo.client(
                http: HTTPClient(
                    baseURL: server.baseURL,
                    transport: HTTPTransport(
                        engine: NIOHTTPEngine(), configuration: .init(timeout: .seconds(2)),
                        logger: InMemoryLog().logger(), now: { Date() }))))
        let text = await harness.run("weather Toronto")
        #expect(text.contains("3 °C") && text.contains("Observed 09:00 local time · Open-Meteo"))
        #expect(text.contains("Open-Meteo answered; OpenWeatherMap refused the API key (401)."), "\(text)")
        // Nothing else to fall back to: the failure is the answer.
        let alone = try WeatherHarness(server: server, directory: directory, client: failing)
        #expect(await alone.status("weather Toronto") == .completed(status: 78))
    }
}
