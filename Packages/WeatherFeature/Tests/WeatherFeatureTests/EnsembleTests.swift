import Architecture
import CommandShell
import CoreKit
import Foundation
import Localization
import OpenMeteo
import ShellTesting
import TestSupport
import Testing
import WeatherService

@testable import WeatherFeature

/// Issue 28, "how sure is it?": Open-Meteo's ensemble answers as recorded (Fixtures/SOURCES.md).
@MainActor @Suite struct EnsembleTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    func answer(_ name: String) throws -> OpenMeteoEnsembleDTO {
        try OpenMeteo.decoder.decode(OpenMeteoEnsembleDTO.self, from: Data(try providerFixture(name).utf8))
    }

    @Test func everyRunIsReadInOrderAndOnlyTheVariableAsked() throws {
        // GEM: the control run and 20 members, beside 21 runs of the 850 hPa temperature that must not be mixed in.
        let gem = try answer("open-meteo-ensemble-gem-2-hours.json")
        let runs = gem.members("temperature_2m")
        #expect(runs.count == 21)
        #expect(runs.first == [10.5, 10.1] && runs.last == [11.1, 10.8])
        #expect(gem.members("precipitation").isEmpty)
        // 31 runs (GEFS's count) at one hour: their percentiles as NumPy gives them (18.7, 18.8, 19.1).
        let one = try answer("open-meteo-ensemble-31-runs-1-hour.json")
        let values = one.members("temperature_2m").compactMap { $0.first ?? nil }
        #expect(values.count == 31)
        let spread = try #require(EnsembleForecast.Percentiles(values))
        #expect(abs(spread.p10 - 18.7) < 1e-9 && abs(spread.p50 - 18.8) < 1e-9 && abs(spread.p90 - 19.1) < 1e-9)
        // Hours are summed up; too few for a day, so no day is made up.
        let location = WeatherLocation(id: nil, name: "X", country: "NL", latitude: 52.25, longitude: 5)
        let summed = try #require(
            EnsembleForecast.summed(
                location: location, model: .gfs, times: one.time, utcOffset: one.utcOffsetSeconds,
                temperature: one.members("temperature_2m"), precipitation: one.members("precipitation")))
        #expect(summed.hours.count == 1 && summed.days.isEmpty && summed.members == 31)
        // No precipitation asked: no chance said, never 0 %.
        #expect(summed.hours.first?.rainChance == nil)
    }

    /// The recorded Whistler answer (GEM GEPS, 21 runs, 5 days in GMT from 2025-12-15), its dates moved to the tests'
    /// 2026-11-22 (the values and hours as recorded).
    static func whistler() throws -> String {
        var text = try providerFixture("open-meteo-ensemble-gem-whistler-5-days.json")
        for (from, to) in zip(
            ["2025-12-15", "2025-12-16", "2025-12-17", "2025-12-18", "2025-12-19"],
            ["2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26"])
        {
            text = text.replacingOccurrences(of: from, with: to)
        }
        return text
    }

    func harness(
        format: OutputFormat = .text, width: Int = 80, ensemble: LoopbackServer, language: Language = .english
    ) throws -> WeatherHarness {
        try WeatherHarness(
            server: try LoopbackServer(always: .json(try providerFixture("open-meteo-toronto.json"))), format: format,
            terminal: TerminalInfo(isInteractive: false, colorEnabled: false, width: width), directory: directory,
            ensemble: ensemble, language: language)
    }

    @Test("The range in German, Japanese and Arabic at 40 and 80 columns", arguments: LanguageGolden.codes)
    func theRangeInOtherLanguages(code: String) async throws {
        let language = try #require(Language.named(code))
        let server = try LoopbackServer(always: .json(try Self.whistler()))
        for width in [40, 80] {
            let text = try await harness(width: width, ensemble: server, language: language)
                .run("forecast 50,-123 --range --model gem")
            try LanguageGolden.check(text, "range-whistler", language, width: width)
        }
    }

    @Test func eachDaysSpreadAsNumPyGivesIt() async throws {
        // NumPy over the same runs: day 1's highs 1.9 / 3.1 / 4.6 °C (10th, 50th, 90th percentile), lows -1.6 / -1.4 /
        // -0.9, precipitation 99.6 / 113.1 / 139.8 mm (the hours stamped 01:00 to the next 00:00: each amount is the
        // hour before its time); day 5's highs -5.6 / -4.2 / -3.1.
        let server = try LoopbackServer(always: .json(try Self.whistler()))
        let json = try harness(format: .json, ensemble: server)
        let document = try #require(
            try JSONSerialization.jsonObject(
                with: Data(await json.run("forecast 50,-123 --range --model gem --days 5").utf8)) as? [String: Any])
        #expect(document["schema"] as? String == "skylens.forecast-range/1")
        #expect(document["model"] as? String == "gem_global_ensemble" && document["members"] as? Int == 21)
        let days = try #require(document["days"] as? [[String: Any]])
        #expect(days.count == 5)
        func percentiles(_ day: Int, _ key: String) -> [Double] {
            let p = days[day][key] as? [String: Any] ?? [:]
            return ["p10", "p50", "p90"].map { p[$0] as? Double ?? .nan }
        }
        #expect(percentiles(0, "high") == [1.9, 3.1, 4.6])
        #expect(percentiles(0, "low") == [-1.6, -1.4, -0.9])
        #expect(percentiles(0, "precipitation") == [99.6, 113.1, 139.8])
        #expect(percentiles(4, "precipitation") == [6.8, 12.9, 17.5])
        #expect(percentiles(4, "high") == [-5.6, -4.2, -3.1])
        // Every run wet every day (Whistler's snowy week): 100 %.
        #expect(days[0]["wetChance"] as? Double == 100)
        #expect(days[0]["summary"] as? String == "Sun 22 Nov 2 to 5 °C, most likely 3; rain 100 %")
        // The model asked, for every day it reaches, once; the request's variables.
        let asked = try #require(server.requests.first)
        #expect(asked.path == "/v1/ensemble" && asked.queryItems["models"] == "gem_global_ensemble")
        #expect(asked.queryItems["hourly"] == "temperature_2m,precipitation")
        #expect(asked.queryItems["forecast_days"] == "16")
        _ = await json.run("forecast --range --model gem --days 3")
        #expect(server.requests.count == 1)
    }

    @Test(arguments: [40, 80, 200, 300])
    func theRangeViewFits(width: Int) async throws {
        let server = try LoopbackServer(always: .json(try Self.whistler()))
        let text = try await harness(width: width, ensemble: server).run("forecast 50,-123 --range --model gem")
        #expect(text.split(separator: "\n").allSatisfy { DisplayWidth.columns(of: $0) <= width }, "\(text)")
        #expect(text.contains("how sure") || width < 60, "\(text)")
        // Seven days asked, five reached: said.
        #expect(text.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains("CMC GEPS reaches 5 days"))
        if width < 300 { Golden.assertMatches(text, named: "range-whistler-\(width)") }
    }

    @Test func theHourlyChartHasTheBandToo() async throws {
        let server = try LoopbackServer(always: .json(try Self.whistler()))
        for width in [40, 80, 200] {
            let hourly = try harness(width: width, ensemble: server)
            let text = await hourly.run("hourly 50,-123 --range --model gem")
            #expect(text.split(separator: "\n").allSatisfy { DisplayWidth.columns(of: $0) <= width }, "\(text)")
            #expect(
                text.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains(
                    "How sure: CMC GEPS, 21 runs; 8 in 10 within the band"), "\(text)")
        }
        // Without the ensemble: the hours as ever, and why the band is missing.
        let down = try harness(ensemble: try LoopbackServer(always: .text("down", status: 503)))
        #expect(await down.status("hourly Toronto --range") == .completed(status: 0))
        #expect(down.output.stdout.contains("The ensemble could not be had"))
        #expect(await down.status("hourly Toronto --model gem") == .completed(status: 64))
    }

    @Test func withoutTheEnsembleRangeSaysWhyAndModelIsChecked() async throws {
        let down = try LoopbackServer(always: .text("down", status: 503))
        let range = try harness(ensemble: down)
        #expect(await range.status("forecast Toronto --range") == .completed(status: 69))
        #expect(await range.status("forecast Toronto --model gem") == .completed(status: 64))
        #expect(await range.status("forecast Toronto --range --model ukmo") == .completed(status: 64))
        #expect(range.output.stderr.contains("ecmwf, gfs, icon, gem"))
        // A forecast answer at the ensemble's address (one run): refused, never a spread of one.
        let one = try harness(
            ensemble: try LoopbackServer(always: .json(try providerFixture("open-meteo-toronto.json"))))
        #expect(await one.status("forecast Toronto --range") == .completed(status: 69))
        #expect(
            one.output.stderr.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains(
                "to tell how sure it is"), "\(one.output.stderr)")
        #expect(await range.status("forecast Toronto --range --parts") == .completed(status: 64))
    }
}
