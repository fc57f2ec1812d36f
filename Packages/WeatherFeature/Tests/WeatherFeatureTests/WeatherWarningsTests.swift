import Architecture
import CoreKit
import Foundation
import ShellTesting
import TestSupport
import Testing
import WeatherAlerts
import WeatherAlertsTesting
import WeatherService

@testable import WeatherFeature

/// The official warnings in the weather's views: Environment Canada's recorded freezing rain warning for the City of
/// Toronto (Services' `WeatherAlertsTesting`), moved to the tests' clock (2026-11-22 14:05 UTC, 09:05 in Toronto):
/// in force until 14:05 there.
@MainActor @Suite struct WeatherWarningsTests {
    let directory: TemporaryDirectory
    let weather: LoopbackServer
    let alerts: RecordedAlerts.Server

    init() throws {
        directory = try TemporaryDirectory()
        weather = try LoopbackServer(always: .json(try providerFixture("open-meteo-toronto.json")))
        let ice = try RecordedAlerts.moved(
            RecordedAlerts.ecccToronto, recorded: "2026-03-06T01:00:00Z", to: Date(timeIntervalSince1970: 1_795_356_300)
        )
        alerts = try RecordedAlerts.Server(.init(eccc: .respond(.json(ice))))
    }

    func harness(format: OutputFormat = .text, width: Int = 80, colour: Bool = false) throws -> WeatherHarness {
        let server = alerts
        return try WeatherHarness(
            server: weather, format: format,
            terminal: TerminalInfo(isInteractive: false, colorEnabled: colour, width: width), directory: directory,
            alerts: { clock in
                AlertsLookup(client: server.client(now: { clock.now }), cache: .inMemory(), now: { clock.now })
            })
    }

    func flat(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }

    @Test func aWarningInForceIsTheFirstLineOfEveryView() async throws {
        for width in [40, 80, 200] {
            let weather = try harness(width: width)
            for command in ["weather Toronto", "hourly Toronto", "forecast Toronto", "forecast Toronto --parts"] {
                let text = await weather.run(command)
                #expect(
                    flat(text).hasPrefix("⚠ Freezing rain warning until 14:05 — 'alerts' for more"),
                    "\(command) at \(width): \(text.prefix(200))")
                #expect(text.split(separator: "\n").allSatisfy { DisplayWidth.columns(of: $0) <= width })
            }
        }
        let asked = try #require(alerts.requests.first)
        #expect(asked.path == "/collections/weather-alerts/items")
    }

    @Test func theLineTheTemplateTheJSONAndTheFavouritesMarkIt() async throws {
        let weather = try harness()
        let line = await weather.run("weather Toronto --line")
        #expect(line.hasPrefix("⚠ Toronto: "), "\(line)")
        let template = await weather.run("weather Toronto --template '%l:%W'")
        #expect(template == "Toronto:⚠ Freezing rain warning\n")
        _ = await weather.run("weather Toronto")
        _ = await weather.run("fav")
        let favorites = await weather.run("favorites")
        #expect(favorites.contains("⚠ Toronto, CA"), "\(favorites)")

        let json = try harness(format: .json)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(await json.run("weather Toronto").utf8)) as? [String: Any])
        let warnings = try #require(document["warnings"] as? [[String: Any]])
        #expect(warnings.count == 1 && warnings[0]["event"] as? String == "Freezing rain warning")
        #expect(warnings[0]["severity"] as? String == "moderate" && warnings[0]["level"] as? String == "yellow")
        #expect(warnings[0]["area"] as? String == "City of Toronto")
        let lineDocument = try #require(
            try JSONSerialization.jsonObject(with: Data(await json.run("weather Toronto --line").utf8))
                as? [String: Any])
        #expect((lineDocument["warnings"] as? [Any])?.count == 1)
    }

    @Test func aSlowOrFailingWarningServiceNeverHoldsUpTheWeather() async throws {
        alerts.answer { $0.eccc = .hang }
        let weather = try harness()
        let started = ContinuousClock.now
        let text = await weather.run("weather Toronto")
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(text.hasPrefix("Toronto") && !text.contains("⚠"))
        alerts.answer { $0.eccc = .respond(.text("down", status: 503)) }
        #expect(try await harness().run("weather Toronto --line").hasPrefix("Toronto: "))
        // No warning in force, no line: the answer as recorded, in March, has ended.
        weather.clock.advance(6 * 3600)
        alerts.answer { $0.eccc = .recorded(RecordedAlerts.ecccToronto) }
        #expect(!(await weather.run("weather Toronto --refresh")).contains("⚠"))
    }

    @Test func theLineIsInTheWarningsColour() async throws {
        let text = try await harness(colour: true).run("weather Toronto")
        // Yellow, at the 256 colours of the harness's painter (xterm's 220), bold.
        #expect(text.hasPrefix("\u{1B}[38;5;220;1m⚠ Freezing rain warning"), "\(text.debugDescription.prefix(80))")
    }
}
