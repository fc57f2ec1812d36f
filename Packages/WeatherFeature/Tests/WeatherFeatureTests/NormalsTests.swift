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

/// Issue 28, "is this normal?". The archive server answers with a recorded 1940–2024 answer for Sacramento (in °F,
/// without precipitation: Fixtures/SOURCES.md); the forecast server with Toronto's recorded answer, the only whole
/// forecast recorded — so "today" (2026-11-22, the tests' clock) is Toronto's high of 5.5 °C set against
/// Sacramento's late November. The place asked is Sacramento's coordinates.
@MainActor @Suite struct NormalsTests {
    let directory: TemporaryDirectory
    let weather: LoopbackServer
    let archive: LoopbackServer
    static let sacramento = "38.5816,-121.4944"

    init() throws {
        directory = try TemporaryDirectory()
        weather = try LoopbackServer(always: .json(try providerFixture("open-meteo-toronto.json")))
        archive = try LoopbackServer(
            always: .json(try providerFixture("open-meteo-archive-sacramento-1940-2024-fahrenheit.json")))
    }

    func harness(
        format: OutputFormat = .text, width: Int = 80, archive: LoopbackServer? = nil, language: Language = .english
    ) throws
        -> WeatherHarness
    {
        try WeatherHarness(
            server: weather, format: format,
            terminal: TerminalInfo(isInteractive: false, colorEnabled: false, width: width), directory: directory,
            archive: archive ?? self.archive, language: language)
    }

    @Test("The usual year in German, Japanese and Arabic at 40 and 80 columns", arguments: LanguageGolden.codes)
    func theYearInOtherLanguages(code: String) async throws {
        let language = try #require(Language.named(code))
        for width in [40, 80] {
            let text = try await harness(width: width, language: language).run("normals \(Self.sacramento)")
            try LanguageGolden.check(text, "normals-sacramento", language, width: width)
        }
    }

    @Test func oneRequestForThirtyYearsKeptForMonths() async throws {
        let normals = try harness()
        let text = await normals.run("normals \(Self.sacramento)")
        #expect(text.contains("the usual year, 1991–2020"), "\(text)")
        let asked = try #require(archive.requests.first)
        #expect(asked.path == "/v1/archive")
        #expect(asked.queryItems["start_date"] == "1991-01-01" && asked.queryItems["end_date"] == "2020-12-31")
        #expect(asked.queryItems["daily"] == "temperature_2m_max,temperature_2m_min,precipitation_sum")
        // Kept: the weather, the forecast and normals again ask nothing more of the archive for months.
        _ = await normals.run("weather")
        _ = await normals.run("forecast")
        _ = await normals.run("normals")
        normals.clock.advance(150 * 86_400)
        _ = await normals.run("normals")
        #expect(archive.requests.count == 1)
        normals.clock.advance(40 * 86_400)
        _ = await normals.run("normals")
        #expect(archive.requests.count == 2)
    }

    @Test func theMonthsAgreeWithNOAAsNormalsForTheAirport() async throws {
        // NCEI's 1991–2020 monthly normals for Sacramento Executive Airport (as quoted by Wikipedia's Sacramento
        // article): daily mean 75.9 °F in July, 47.3 °F in December. The archive's grid cell is ERA5's, 5 km away:
        // within 2 °F.
        let json = try harness(format: .json)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(await json.run("normals \(Self.sacramento)").utf8))
                as? [String: Any])
        #expect(document["schema"] as? String == "skylens.normals/1")
        #expect(document["firstYear"] as? Int == 1991 && document["lastYear"] as? Int == 2020)
        let months = try #require(document["months"] as? [[String: Any]])
        #expect(months.count == 12)
        func mean(_ month: Int) -> Double {
            let row = months[month - 1]
            return ((row["high"] as? Double ?? .nan) + (row["low"] as? Double ?? .nan)) / 2 * 9 / 5 + 32
        }
        #expect(abs(mean(7) - 75.9) < 2, "\(mean(7))")
        #expect(abs(mean(12) - 47.3) < 2, "\(mean(12))")
        // No precipitation in this answer: none claimed.
        #expect(months.allSatisfy { $0["precipitation"] == nil })
        #expect((document["days"] as? [Any])?.count == 366)
    }

    @Test func todayIsComparedWithTheSameDaysOfThirtyYears() async throws {
        // The days within a week of November 22 in 1991–2020 (450 days): mean high 16.278 °C, 10th percentile
        // 12.211, 90th 20.167 (NumPy's percentile over the same days of the recorded answer).
        let answer = try OpenMeteo.decoder.decode(
            OpenMeteoArchiveDTO.self,
            from: Data(try providerFixture("open-meteo-archive-sacramento-1940-2024-fahrenheit.json").utf8))
        let location = WeatherLocation(id: nil, name: "S", country: "US", latitude: 38.58, longitude: -121.49)
        let normals = try #require(OpenMeteo.normals(from: answer, for: location))
        let november22 = try #require(normals.normal(for: "2026-11-22"))
        #expect(november22.count == 450)
        #expect(abs(november22.high.mean - 16.278) < 0.001, "\(november22.high.mean)")
        #expect(abs(november22.high.p10 - 12.211) < 0.001 && abs(november22.high.p90 - 20.167) < 0.001)
        #expect(normals.firstYear == 1991 && normals.lastYear == 2020)

        let weather = try harness()
        let text = await weather.run("weather \(Self.sacramento)")
        let line =
            "Today's high 6 °C is 10 °C colder than usual for late November (1991–2020: 16 °C; among the coldest 10 % of days)"
        #expect(text.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains(line), "\(text)")
        let forecast = await weather.run("forecast")
        #expect(forecast.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains(line))
        // In °F: the difference in °F.
        _ = await weather.run("unit f")
        let fahrenheit = await weather.run("weather")
        #expect(
            fahrenheit.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains(
                "Today's high 42 °F is 19 °F colder than usual"), "\(fahrenheit)")
    }

    @Test func theYearInBrailleFitsEveryWidthGolden() async throws {
        for width in [40, 80, 200, 300] {
            let text = try await harness(width: width).run("normals \(Self.sacramento)")
            #expect(text.split(separator: "\n").allSatisfy { DisplayWidth.columns(of: $0) <= width }, "\(text)")
            if width < 300 { Golden.assertMatches(text, named: "normals-sacramento-\(width)") }
        }
    }

    @Test func withoutTheArchiveTheWeatherIsUnchangedAndNormalsSaysWhy() async throws {
        let down = try LoopbackServer(always: .text("down", status: 503))
        let weather = try harness(archive: down)
        #expect(await weather.status("weather \(Self.sacramento)") == .completed(status: 0))
        #expect(!weather.output.stdout.contains("than usual"))
        #expect(await weather.status("normals") == .completed(status: 69))
        #expect(weather.output.stderr.contains("503"), "\(weather.output.stderr)")
        // A slow archive holds the weather up 2.5 s at most.
        let slow = try LoopbackServer { _ in .hang }
        let patient = try harness(archive: slow)
        let started = Date()
        #expect(await patient.status("weather \(Self.sacramento)") == .completed(status: 0))
        #expect(Date().timeIntervalSince(started) < 5)
        slow.stop()
    }
}
