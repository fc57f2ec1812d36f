import Architecture
import CommandShell
import CoreKit
import Foundation
import Localization
import OpenMeteo
import ShellTesting
import Synchronization
import TestSupport
import Testing
import WeatherService

@testable import WeatherFeature

/// Issue 28, rain in the next hours. The answers served are Toronto's recorded answer (every test's) with the
/// `minutely_15` block of a recorded Open-Meteo answer for Berlin-Steglitz (Fixtures/SOURCES.md), its date moved to
/// Toronto's 2026-11-22 (the times of day kept): the tests' clock is 09:05 there. Every value is a recorded one; only
/// the date of the quarter hours is moved, so that they are the hours after the clock.
@MainActor @Suite struct RainTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    /// Toronto's answer with the quarter hours of `file`, recorded on `date`.
    static func answer(quarters file: String, recordedOn date: String) throws -> String {
        var toronto = try #require(
            try JSONSerialization.jsonObject(with: Data(try providerFixture("open-meteo-toronto.json").utf8))
                as? [String: Any])
        let berlin = try #require(
            try JSONSerialization.jsonObject(with: Data(try providerFixture(file).utf8)) as? [String: Any])
        var block = try #require(berlin["minutely_15"] as? [String: Any])
        let times = try #require(block["time"] as? [String])
        block["time"] = times.map { $0.replacingOccurrences(of: date, with: "2026-11-22") }
        toronto["minutely_15"] = block
        toronto["minutely_15_units"] = berlin["minutely_15_units"]
        return String(decoding: try JSONSerialization.data(withJSONObject: toronto), as: UTF8.self)
    }

    func harness(
        _ server: LoopbackServer, format: OutputFormat = .text, width: Int = 80, language: Language = .english
    ) throws -> WeatherHarness {
        try WeatherHarness(
            server: server, format: format,
            terminal: TerminalInfo(isInteractive: false, colorEnabled: false, width: width), directory: directory,
            language: language)
    }

    @Test("The storm in German, Japanese and Arabic at 40 and 80 columns", arguments: LanguageGolden.codes)
    func theStormInOtherLanguages(code: String) async throws {
        let language = try #require(Language.named(code))
        let server = try storm()
        for width in [40, 80] {
            let text = try await harness(server, width: width, language: language).run("rain Toronto")
            try LanguageGolden.check(text, "rain-toronto-storm", language, width: width)
        }
    }

    func storm() throws -> LoopbackServer {
        try LoopbackServer(
            always: .json(
                try Self.answer(
                    quarters: "open-meteo-minutely15-berlin-storm.json", recordedOn: "2026-06-21")))
    }

    @Test func theStormIsToldToTheQuarterHourWithItsBar() async throws {
        // Recorded: 0.10 mm by 11:00, 0.30 by 11:30, 15.40 by 11:45 (61.6 mm/h), 1.80 by 12:00, 0.10 by 12:15; each
        // the sum of the 15 minutes before. So rain from 10:45, heaviest 11:30–11:45, dry by 12:15.
        let server = try storm()
        for width in [40, 80, 200, 300] {
            let text = try await harness(server, width: width).run("rain Toronto")
            let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(
                flat.contains("Rain from 10:45, heaviest 11:30 (61.6 mm/h), dry again by 12:15"), "\(text)")
            #expect(text.split(separator: "\n").allSatisfy { DisplayWidth.columns(of: $0) <= width })
            if width < 300 { Golden.assertMatches(text, named: "rain-toronto-storm-\(width)") }
        }
        // Three hours asked: the bar reaches the downpour.
        Golden.assertMatches(
            try await harness(server).run("rain Toronto --within 3h"), named: "rain-toronto-storm-3h-80")
        // The weather view's rain line says the same, from the same request.
        let weather = try await harness(server).run("weather Toronto")
        #expect(weather.contains("Rain from 10:45, heaviest 11:30 (61.6 mm/h), dry again by 12:15"), "\(weather)")
        let asked = try #require(server.requests.first)
        #expect(asked.queryItems["minutely_15"] == "precipitation,rain,snowfall,weather_code")
        #expect(asked.queryItems["forecast_minutely_15"] == "24")
    }

    @Test func withinAnswersByItsExitStatus() async throws {
        let server = try storm()
        let rain = try harness(server)
        // 09:05 + 30 minutes: dry (the rain starts at 10:45); + 2 hours: rain.
        #expect(await rain.status("rain Toronto --within 30m") == .completed(status: 1))
        #expect(rain.output.stdout.contains("Dry for the next 30 minutes; rain from 10:45"), "\(rain.output.stdout)")
        #expect(await rain.status("rain Toronto --within 2h") == .completed(status: 0))
        #expect(await rain.status("rain Toronto --within 1h40m") == .completed(status: 1))
        #expect(await rain.status("rain Toronto --within 1h41m") == .completed(status: 0))
        // One request for all of them (and the view's): the answer is kept 10 minutes.
        #expect(server.requests.count == 1)

        let json = try harness(server, format: .json)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(await json.run("rain Toronto --within 2h").utf8))
                as? [String: Any])
        #expect(document["schema"] as? String == "skylens.rain/1")
        #expect((document["within"] as? [String: Any])?["expected"] as? Bool == true)
        #expect((document["within"] as? [String: Any])?["seconds"] as? Int == 7200)
        #expect(document["resolutionMinutes"] as? Int == 15)
        let spell = try #require(document["spell"] as? [String: Any])
        #expect(spell["kind"] as? String == "rain" && spell["heaviestRate"] as? Double == 61.6)
        #expect(spell["total"] as? Double == 17.7)
        let steps = try #require(document["steps"] as? [[String: Any]])
        // From the quarter hour under way (09:00–09:15) to the one holding 11:05.
        #expect(steps.count == 9, "\(steps.count)")
        #expect(await json.status("rain Toronto --within 30m") == .completed(status: 1))
    }

    @Test func theTemplatesRainCodeSaysTheHourAhead() async throws {
        let server = try storm()
        let rain = try harness(server)
        // 09:05: the rain starts at 10:45, beyond the hour: nothing.
        #expect(await rain.run("weather Toronto --template '[%R]'") == "[]\n")
        // 10:05: within the hour.
        rain.clock.advance(3600)
        #expect(await rain.run("weather Toronto --template '[%R]'") == "[☂ 10:45]\n")
        // 11:35: falling.
        rain.clock.advance(90 * 60)
        #expect(await rain.run("weather Toronto --template '[%R]'") == "[☂ now]\n")
    }

    @Test func lightRainAndASecondSpell() async throws {
        // Recorded: 0.1 mm by 15:00 and by 15:15, 0.3 by 16:00, 0.1 by 16:15, 0.7 by 19:45, 0.4 by 20:00.
        let server = try LoopbackServer(
            always: .json(
                try Self.answer(
                    quarters: "open-meteo-minutely15-berlin-light-rain.json", recordedOn: "2026-06-10")))
        let rain = try harness(server)
        #expect(await rain.status("rain Toronto --within 2h") == .completed(status: 1))
        #expect(await rain.status("rain Toronto --within 6h") == .completed(status: 0))
        // One rate throughout is said once; the next spell (after a dry half hour) only within the time asked.
        let six = await rain.run("rain Toronto --within 6h")
        #expect(six.contains("Rain from 14:45 (0.4 mm/h), dry again by 15:15\n"), "\(six)")
        let seven = await rain.run("rain Toronto --within 7h")
        #expect(seven.contains("Rain from 14:45 (0.4 mm/h), dry again by 15:15; again from 15:45"), "\(seven)")
        // The weather view looks a day ahead.
        let weather = await rain.run("weather")
        #expect(weather.contains("Rain from 14:45 (0.4 mm/h), dry again by 15:15; again from 15:45"), "\(weather)")
    }

    @Test func aForecastThatEndsTooSoonCannotSayNo() async throws {
        // Answers once, then fails.
        let body = try Self.answer(quarters: "open-meteo-minutely15-berlin-storm.json", recordedOn: "2026-06-21")
        let answered = Mutex(false)
        let server = try LoopbackServer { _ in
            answered.withLock { done in
                defer { done = true }
                return done ? .respond(.text("down", status: 503)) : .respond(.json(body))
            }
        }
        let rain = try harness(server)
        _ = await rain.run("rain Toronto")
        // Three days later the kept answer's hours are behind: no answer, never "dry".
        rain.clock.advance(3 * 86_400)
        #expect(await rain.status("rain Toronto --within 2h") == .completed(status: 69))
        #expect(rain.output.stderr.contains("Cannot tell whether it rains within 2 hours"), "\(rain.output.stderr)")
    }

    @Test func aForecastThatEndsBeforeTheTimeAskedCannotSayNo() async throws {
        // Toronto's answer cut after its 11:00 hour, with no quarter hours: dry as far as it goes, which is not 6 h.
        var toronto = try #require(
            try JSONSerialization.jsonObject(with: Data(try providerFixture("open-meteo-toronto.json").utf8))
                as? [String: Any])
        var hourly = try #require(toronto["hourly"] as? [String: Any])
        for (key, value) in hourly { hourly[key] = Array(try #require(value as? [Any]).prefix(12)) }
        toronto["hourly"] = hourly
        let server = try LoopbackServer(
            always: .json(String(decoding: try JSONSerialization.data(withJSONObject: toronto), as: UTF8.self)))
        let rain = try harness(server)
        #expect(await rain.status("rain Toronto --within 90m") == .completed(status: 1))
        #expect(await rain.status("rain Toronto --within 6h") == .completed(status: 69))
        #expect(rain.output.stderr.contains("where the forecast kept ends"), "\(rain.output.stderr)")
    }

    @Test func theHourTheQuarterHoursEndInIsKeptWithoutAGap() async throws {
        // The shape Open-Meteo sends for forecast_minutely_15=24 (the recorded Berlin evening: 24 quarter hours from
        // the one under way), moved to start at 09:00 on the tests' day: they end at 14:45, inside the hour to 15:00.
        var toronto = try #require(
            try JSONSerialization.jsonObject(with: Data(try providerFixture("open-meteo-toronto.json").utf8))
                as? [String: Any])
        let berlin = try #require(
            try JSONSerialization.jsonObject(
                with: Data(try providerFixture("open-meteo-minutely15-berlin-evening.json").utf8)) as? [String: Any])
        var block = try #require(berlin["minutely_15"] as? [String: Any])
        let count = try #require(block["time"] as? [String]).count
        block["time"] = (0..<count).map { String(format: "2026-11-22T%02d:%02d", 9 + $0 / 4, $0 % 4 * 15) }
        toronto["minutely_15"] = block
        let server = try LoopbackServer(
            always: .json(String(decoding: try JSONSerialization.data(withJSONObject: toronto), as: UTF8.self)))
        let json = try harness(server, format: .json)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(await json.run("rain Toronto --within 8h").utf8))
                as? [String: Any])
        let steps = try #require(document["steps"] as? [[String: Any]])
        let starts = steps.compactMap { $0["start"] as? String }, ends = steps.compactMap { $0["end"] as? String }
        // Each step starts where the one before ended: no hour is lost at the hand-over.
        #expect(Array(starts.dropFirst()) == Array(ends.dropLast()), "\(zip(starts, ends).map { "\($0)–\($1)" })")
        #expect(ends.contains("2026-11-22T19:45:00Z") && starts.contains("2026-11-22T19:45:00Z"))
    }

    @Test func durationsAreReadAsPeopleWriteThem() async throws {
        #expect(RainCommand.duration("30m") == 1800 && RainCommand.duration("2h") == 7200)
        #expect(RainCommand.duration("1h30m") == 5400 && RainCommand.duration("90min") == 5400)
        #expect(RainCommand.duration("45") == 2700 && RainCommand.duration("1 hour") == 3600)
        #expect(
            RainCommand.duration("2x") == nil && RainCommand.duration("h") == nil && RainCommand.duration("") == nil)
        #expect(RainCommand.duration("30m5") == nil && RainCommand.duration("999999999999999999") != nil)
        #expect(RainCommand.duration("99999999999h") == nil)
        let rain = try harness(try storm())
        #expect(await rain.status("rain Toronto --within soon") == .completed(status: 64))
        #expect(await rain.status("rain Toronto --within 5m") == .completed(status: 64))
        #expect(await rain.status("rain Toronto --within 25h") == .completed(status: 64))
        #expect(await rain.status("rain Toronto --within 999999999999999999") == .completed(status: 64))
    }

    @Test func aQuarterHoursAmountIsTheFifteenMinutesBeforeIt() throws {
        // Recorded in one answer (Berlin, 2026-06-12 from 19:45): the hour to 21:00 has 2.5 mm, the sum of the
        // quarter hours stamped 20:15, 20:30, 20:45 and 21:00 — so each holds the 15 minutes before its time, the
        // convention RainOutlook's steps follow.
        let dto = try OpenMeteo.decoder.decode(
            OpenMeteoForecastDTO.self, from: Data(try providerFixture("open-meteo-minutely15-berlin-evening.json").utf8)
        )
        let quarters = try #require(dto.minutely15)
        #expect(quarters.time.count == 24 && quarters.time.first == "2026-06-12T19:45")
        let hourly = try #require(dto.hourly)
        let hour = try #require(hourly.time.firstIndex(of: "2026-06-12T21:00"))
        let sum = ["20:15", "20:30", "20:45", "21:00"].compactMap { time in
            quarters.time.firstIndex(of: "2026-06-12T" + time).flatMap { quarters.precipitation?[$0] ?? nil }
        }.reduce(0, +)
        #expect(abs(sum - (hourly.precipitation?[hour] ?? nil ?? -1)) < 0.001, "\(sum)")
    }

    @Test func whatFallsIsSaidAsSuch() {
        func step(
            _ minutes: Double, _ amount: Double, rain: Double? = nil, snow: Double? = nil, code: Int? = nil
        )
            -> RainOutlook.Step
        {
            let start = Date(timeIntervalSince1970: minutes * 60)
            return RainOutlook.Step(
                start: start, end: start.addingTimeInterval(900), amount: amount, rain: rain, snowfall: snow,
                code: code)
        }
        // Codes first: thunder anywhere wins; else the heaviest step's code.
        #expect(RainOutlook.kind(of: [step(0, 1, code: 61), step(15, 2, code: 95)]) == .thunderstorms)
        #expect(RainOutlook.kind(of: [step(0, 1, code: 61), step(15, 2, code: 81)]) == .showers)
        #expect(RainOutlook.kind(of: [step(0, 1, code: 86)]) == .snowShowers)
        #expect(RainOutlook.kind(of: [step(0, 1, code: 53)]) == .drizzle)
        // Else amounts: 0.7 cm of snow is 1 mm of water (Open-Meteo's rule).
        #expect(RainOutlook.kind(of: [step(0, 1, rain: 0, snow: 0.7)]) == .snow)
        #expect(RainOutlook.kind(of: [step(0, 1, rain: 0.5, snow: 0.35)]) == .sleet)
        #expect(RainOutlook.kind(of: [step(0, 1, rain: 0.2)]) == .showers)
        #expect(RainOutlook.kind(of: [step(0, 1, rain: 0.9)]) == .rain)
        #expect(RainOutlook.kind(of: [step(0, 1)]) == .rain)
    }
}
