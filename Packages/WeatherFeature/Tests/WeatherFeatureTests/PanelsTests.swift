import Architecture
import CommandShell
import CoreKit
import Foundation
import Localization
import ShellTesting
import TestSupport
import Testing

@testable import WeatherFeature

/// Issue 28: `forecast --panels`, wttr.in's three days of four panels, from Toronto's recorded answer.
@MainActor @Suite struct PanelsTests {
    let directory: TemporaryDirectory
    let server: LoopbackServer

    init() throws {
        directory = try TemporaryDirectory()
        server = try LoopbackServer(always: .json(try providerFixture("open-meteo-toronto.json")))
    }

    @Test(arguments: [40, 80, 125, 200, 300])
    func fourPanelsADayWhereTheyFitFewerBelow(width: Int) async throws {
        let harness = try WeatherHarness(
            server: server, terminal: TerminalInfo(isInteractive: false, colorEnabled: false, width: width),
            directory: directory)
        let text = await harness.run("forecast Toronto --panels")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { DisplayWidth.columns(of: $0) <= width }, "\(text)")
        // Each day's parts, in wttr.in's order, under the day; every panel has its hour.
        let perRow = width >= 125 ? 4 : width >= 63 ? 2 : 1
        #expect(lines.filter { $0.hasPrefix("┌") }.count == 3 * (4 / perRow), "\(width): \(text)")
        let titles = lines.filter { $0.hasPrefix("│") && ($0.contains("Morning") || $0.contains("Night")) }
        #expect(titles.count == (perRow == 4 ? 3 : 6), "\(titles)")
        #expect(!text.contains("not in the forecast"))
        #expect(text.contains("Sun 22 Nov") && text.contains("Mon 23 Nov") && text.contains("Tue 24 Nov"))
        if [40, 80, 125, 200].contains(width) { Golden.assertMatches(text, named: "panels-toronto-\(width)") }
    }

    @Test("The panels in German, Japanese and Arabic at 40 and 80 columns", arguments: LanguageGolden.codes)
    func thePanelsInOtherLanguages(code: String) async throws {
        let language = try #require(Language.named(code))
        for width in [40, 80] {
            let harness = try WeatherHarness(
                server: server, terminal: TerminalInfo(isInteractive: false, colorEnabled: false, width: width),
                directory: directory, language: language)
            try LanguageGolden.check(
                await harness.run("forecast Toronto --panels"), "panels-toronto", language, width: width)
        }
    }

    @Test func thePanelsAreTheHoursOfWttrInsPartsOfTheDay() async throws {
        let json = try WeatherHarness(server: server, format: .json, directory: directory)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(await json.run("forecast Toronto --panels").utf8))
                as? [String: Any])
        let hours = try #require(document["hours"] as? [[String: Any]])
        // Three days of 09:00, 12:00, 18:00 and 21:00 in Toronto (14:00, 17:00, 23:00 and 02:00 UTC).
        #expect(hours.count == 12)
        #expect(hours.first?["time"] as? String == "2026-11-22T14:00:00Z")
        #expect(await json.status("forecast Toronto --panels --parts") == .completed(status: 64))
    }

    @Test func aPlaceHalfAnHourOffTheHourHasItsPanels() async throws {
        // Toronto's answer as a place at UTC+05:30 would have it: its hours stamped at :30 (09:30, 12:30…).
        var answer = try #require(
            try JSONSerialization.jsonObject(with: Data(try providerFixture("open-meteo-toronto.json").utf8))
                as? [String: Any])
        answer["utc_offset_seconds"] = 19_800
        var hourly = try #require(answer["hourly"] as? [String: Any])
        hourly["time"] = try #require(hourly["time"] as? [String]).map {
            $0.replacingOccurrences(of: ":00", with: ":30")
        }
        answer["hourly"] = hourly
        let server = try LoopbackServer(
            always: .json(String(decoding: try JSONSerialization.data(withJSONObject: answer), as: UTF8.self)))
        let harness = try WeatherHarness(server: server, directory: directory)
        let text = await harness.run("forecast Toronto --panels")
        #expect(!text.contains("not in the forecast"), "\(text)")
        #expect(text.contains("Morning"))
    }
}
