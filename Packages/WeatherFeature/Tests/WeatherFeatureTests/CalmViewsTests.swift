import Architecture
import CommandShell
import CoreKit
import Foundation
import ShellTesting
import TestSupport
import Testing

@testable import WeatherFeature

/// Issue 25: one footnote line at most, a note about impossible values only when one would have been on screen,
/// parts of the day by the place's sun and in the date they fall in, and no rain of 0 mm.
@MainActor @Suite struct CalmViewsTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    /// The recorded Toronto answer with changes (`daily`/`hourly` arrays by index).
    func server(_ change: (inout [String: Any]) -> Void) throws -> LoopbackServer {
        var answer = try #require(
            try JSONSerialization.jsonObject(with: Data(try providerFixture("open-meteo-toronto.json").utf8))
                as? [String: Any])
        change(&answer)
        let body = String(decoding: try JSONSerialization.data(withJSONObject: answer), as: UTF8.self)
        return try LoopbackServer(always: .json(body))
    }

    static func set(_ answer: inout [String: Any], _ block: String, _ field: String, _ index: Int, _ value: Any) {
        var section = answer[block] as? [String: Any] ?? [:]
        var values = section[field] as? [Any] ?? []
        values[index] = value
        section[field] = values
        answer[block] = section
    }

    func footnotes(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter {
            $0.hasPrefix("Left out") || $0.hasPrefix("Fetched") || $0.hasPrefix("Also") || $0.hasPrefix("Offline")
        }
    }

    @Test func aLeftOutValueIsSaidOnlyWhereItWouldHaveBeenShownInOneLine() async throws {
        // A chance of rain of 110 % on the sixth day (2026-11-27) and of 150 % at 20:00 today (2026-11-22).
        let server = try server { answer in
            Self.set(&answer, "daily", "precipitation_probability_max", 5, 110)
            Self.set(&answer, "hourly", "precipitation_probability", 20, 150)
        }
        let harness = try WeatherHarness(
            server: server, terminal: TerminalInfo(isInteractive: false, colorEnabled: false, width: 40),
            directory: directory)
        // Three days: the sixth is not on screen, and no hour is: nothing said.
        let three = await harness.run("forecast Toronto --days 3")
        #expect(footnotes(three).isEmpty, "\(three)")
        // Seven days: the sixth is, once, in one line cut to the width.
        let seven = await harness.run("forecast")
        #expect(footnotes(seven).count == 1 && footnotes(seven)[0].hasPrefix("Left out, impossible: chance of"))
        #expect(seven.split(separator: "\n").allSatisfy { DisplayWidth.columns(of: $0) <= 40 })
        #expect(seven.split(separator: "\n").last.map(String.init) == footnotes(seven).first)
        // The hours of today: the hour is on screen.
        let hourly = await harness.run("hourly")
        #expect(footnotes(hourly) == ["Left out, impossible: chance of precipi…"], "\(hourly)")
        // The weather now shows neither the sixth day nor (at 09:05) an hour it cannot summarise: but the rain
        // summary reads today's hours, the 20:00 one among them.
        #expect(footnotes(await harness.run("weather")).count == 1)
        // Every value is in the JSON all the same.
        let json = try WeatherHarness(server: server, format: .json, directory: directory)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(await json.run("forecast Toronto --days 3").utf8))
                as? [String: Any])
        #expect((document["leftOut"] as? [String])?.count == 2)
    }

    @Test func oneFootnoteLineAtMostAndNoHintsThatNeedASessionInOneShot() async throws {
        let server = try server { answer in Self.set(&answer, "hourly", "precipitation_probability", 20, 150) }
        let harness = try WeatherHarness(server: server, directory: directory)
        _ = await harness.run("weather Toronto")
        // From the cache, with a value left out: the left-out note, not also "Fetched…".
        let again = await harness.run("hourly")
        #expect(footnotes(again).count == 1 && footnotes(again)[0].hasPrefix("Left out"), "\(again)")
        // Sound and from the cache in one-shot mode: "Fetched …" without the session's "'refresh' fetches again".
        let sound = try self.server { _ in }
        let oneShot = try WeatherHarness(
            server: sound, terminal: TerminalInfo(isInteractive: false, colorEnabled: false, width: 80),
            directory: directory)
        _ = await oneShot.run("weather Toronto")
        let before = oneShot.output.stdout.count
        #expect(await oneShot.shell.execute(words: ["weather", "Toronto"], oneShot: true) == .completed(status: 0))
        let text = String(oneShot.output.stdout.dropFirst(before))
        #expect(text.contains("Fetched 0 s ago.") && !text.contains("'refresh'"), "\(text)")
    }

    @Test func theNightYouAreInIsShownInTheDateItFallsIn() async throws {
        let server = try server { _ in }
        let harness = try WeatherHarness(server: server, format: .json, directory: directory)
        // 03:40 in Toronto on Monday 23 November.
        harness.clock.advance(18 * 3600 + 35 * 60)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(await harness.run("forecast Toronto --parts").utf8))
                as? [String: Any])
        let parts = try #require(document["parts"] as? [[String: Any]])
        // The night under way: 00:00 to sunrise (07:13) of the 23rd, then that day's morning to solar noon.
        #expect(parts.first?["part"] as? String == "night" && parts.first?["date"] as? String == "2026-11-23")
        #expect(parts.first?["from"] as? String == "2026-11-23T05:00:00Z")
        #expect(parts.first?["to"] as? String == "2026-11-23T12:13:00Z")
        #expect(parts[1]["part"] as? String == "morning" && parts[1]["date"] as? String == "2026-11-23")
        // The text: the night first, under Monday.
        let text = try WeatherHarness(server: server, directory: directory)
        text.clock.advance(18 * 3600 + 35 * 60)
        let lines = await text.run("forecast Toronto --parts").split(separator: "\n").map(String.init)
        let monday = try #require(lines.firstIndex { $0.hasPrefix("Mon 23 Nov") })
        #expect(lines[monday + 1].hasPrefix(" Night") && lines[monday + 1].contains("00:00–07:13"), "\(lines)")
    }

    @Test func aChanceOfRainWithNothingMeasurableIsNeverRainOfZeroMillimetres() async throws {
        let server = try server { answer in
            var hourly = answer["hourly"] as? [String: Any] ?? [:]
            hourly["precipitation"] = (hourly["precipitation"] as? [Any] ?? []).map { _ in 0 }
            answer["hourly"] = hourly
        }
        let harness = try WeatherHarness(server: server, directory: directory)
        let text = await harness.run("weather Toronto")
        #expect(text.contains("A chance of rain from 16:00 to 18:00 (59 %)"), "\(text)")
        #expect(!text.contains("0 mm\n") && !text.contains("Rain from"))
    }
}
