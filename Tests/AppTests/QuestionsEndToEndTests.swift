import CoreKit
import Foundation
import TestSupport
import Testing

/// Issue 28 through the built App against a server on 127.0.0.1: `rain` and its `--within` exit status, its JSON, the
/// hours of a provider without quarter hours, and the status bars' formats.
@Suite(.serialized) struct QuestionsEndToEndTests {
    /// Toronto's recorded answer (moved to today) with the quarter hours of a recorded Berlin thunderstorm (see
    /// the weather feature's Fixtures/SOURCES.md) from its 09:00, stamped from the quarter hour under way in
    /// Toronto: the rain starts 1 h 45 min from now, the downpour 2 h 30 min from now. Values as recorded.
    static func forecast(now: Date = Date()) throws -> String {
        var toronto = try #require(
            try JSONSerialization.jsonObject(with: Data(weatherFixture("open-meteo-toronto.json").utf8))
                as? [String: Any])
        let berlin = try #require(
            try JSONSerialization.jsonObject(with: Data(fixture("open-meteo-minutely15-berlin-storm.json").utf8))
                as? [String: Any])
        var block = try #require(berlin["minutely_15"] as? [String: Any])
        let offset = try #require(toronto["utc_offset_seconds"] as? Int)
        let start = try #require((block["time"] as? [String])?.firstIndex(of: "2026-06-21T09:00"))
        let local = (now.timeIntervalSince1970 + Double(offset)) / 900
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        // The quarter hour under way ends at the next quarter.
        let first = (local.rounded(.down) + 1) * 900
        let count = 24
        block["time"] = (0..<count).map {
            formatter.string(from: Date(timeIntervalSince1970: first + Double($0) * 900))
        }
        for key in ["precipitation", "rain"] {
            block[key] = Array(try #require(block[key] as? [Any])[start..<(start + count)])
        }
        block = block.filter { ["time", "precipitation", "rain"].contains($0.key) }
        toronto["minutely_15"] = block
        return String(decoding: try JSONSerialization.data(withJSONObject: toronto), as: UTF8.self)
    }

    func runner(_ home: TemporaryDirectory, _ server: LoopbackServer, _ extra: [String: String] = [:]) -> ProcessRunner
    {
        AppBinary.runner(
            home: home,
            environment: [
                "SKYLENS_OPEN_METEO_URL": server.baseURL.absoluteString,
                "SKYLENS_OPENWEATHER_URL": server.baseURL.absoluteString,
            ].merging(extra) { $1 })
    }

    @Test func rainWithinAnswersByItsStatusFromOneRequest() throws {
        let home = try TemporaryDirectory()
        let body = try Self.forecast()
        let server = try LoopbackServer(always: .json(body))
        let run = runner(home, server)
        let soon = try run.run(["--", "rain", "Toronto", "--within", "30m"])
        #expect(soon.status == 1, "\(soon.stderr)")
        #expect(
            soon.stdout.contains("Dry for the next 30 minutes; rain from") && soon.stdout.contains("⣀"),
            "\(soon.stdout)")
        let later = try run.run(["--", "rain", "Toronto", "--within", "3h"])
        #expect(later.status == 0, "\(later.stderr)")
        #expect(later.stdout.unwrapped.contains("(61.6 mm/h)"), "\(later.stdout)")
        let document = try #require(
            try JSONSerialization.jsonObject(
                with: Data(try run.run(["--format", "json", "rain", "Toronto", "--within", "3h"]).stdout.utf8))
                as? [String: Any])
        #expect(document["schema"] as? String == "skylens.rain/1")
        #expect((document["spell"] as? [String: Any])?["kind"] as? String == "rain")
        // The weather's rain line from the same answer, and one request for everything (kept 10 minutes).
        let weather = try run.run(["--", "weather", "Toronto"])
        #expect(weather.stdout.unwrapped.contains("(61.6 mm/h), dry again by"), "\(weather.stdout)")
        #expect(server.requests.filter { $0.path == "/v1/forecast" }.count == 1)
        #expect(try run.run(["--", "rain", "Toronto", "--within", "never"]).status == 64)
    }

    @Test func aProviderWithoutQuarterHoursIsToldInItsSteps() throws {
        let home = try TemporaryDirectory()
        let current = try weatherFixture("owm-current-toronto.json")
        let forecast = try weatherFixture("owm-forecast-toronto.json")
        let server = try LoopbackServer { request in
            .respond(.json(request.path.hasSuffix("/forecast") ? forecast : current))
        }
        let run = runner(
            home, server, ["SKYLENS_WEATHER_PROVIDER": "openweathermap", "OPENWEATHER_API_KEY": "K"])
        let result = try run.run(["--", "rain", "Toronto"])
        #expect([0, 3].contains(result.status), "\(result.stderr)")
        #expect(result.stdout.unwrapped.contains("In 3-hour steps"), "\(result.stdout)")
    }

    /// The recorded 1940–2024 archive answer for Sacramento (1 MB, kept once, in the weather feature's fixtures).
    static func archive(filePath: StaticString = #filePath) throws -> String {
        let here = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent()
        return try String(
            contentsOf: here.appendingPathComponent(
                "../../Packages/WeatherFeature/Tests/WeatherFeatureTests/Fixtures/"
                    + "open-meteo-archive-sacramento-1940-2024-fahrenheit.json"), encoding: .utf8)
    }

    /// The recorded Whistler ensemble (GEM GEPS, 21 runs, 5 days in GMT; the weather feature's fixtures), its days
    /// moved to today in UTC onward, the values as recorded.
    static func ensemble(now: Date = Date(), filePath: StaticString = #filePath) throws -> String {
        let here = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent()
        var text = try String(
            contentsOf: here.appendingPathComponent(
                "../../Packages/WeatherFeature/Tests/WeatherFeatureTests/Fixtures/"
                    + "open-meteo-ensemble-gem-whistler-5-days.json"), encoding: .utf8)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd"
        for day in 0..<5 {
            text = text.replacingOccurrences(
                of: String(format: "2025-12-%02d", 15 + day),
                with: formatter.string(from: now.addingTimeInterval(Double(day) * 86_400)))
        }
        return text
    }

    @Test func rangeSaysHowSureFromOneEnsembleRequest() throws {
        let home = try TemporaryDirectory()
        let server = try LoopbackServer(always: .json(try Self.forecast()))
        let ensemble = try LoopbackServer(always: .json(try Self.ensemble()))
        let run = runner(home, server, ["SKYLENS_ENSEMBLE_URL": ensemble.baseURL.absoluteString])
        let text = try run.run(["--", "forecast", "Whistler", "--range", "--model", "gem"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("how sure: CMC GEPS, 21 runs"), "\(text.stdout)")
        let document = try #require(
            try JSONSerialization.jsonObject(
                with: Data(
                    try run.run(["--format", "json", "forecast", "Whistler", "--range", "--model", "gem"]).stdout.utf8))
                as? [String: Any])
        #expect((document["days"] as? [Any])?.count == 5)
        #expect(ensemble.requests.count == 1)
        // None to be had: 69.
        let other = try TemporaryDirectory()
        #expect(try runner(other, server).run(["--", "forecast", "Whistler", "--range"]).status == 69)
    }

    @Test func normalsAreFetchedOnceAndTheWeatherComparesWithThem() throws {
        let home = try TemporaryDirectory()
        let forecast = try Self.forecast()
        let server = try LoopbackServer(always: .json(forecast))
        let archive = try LoopbackServer(always: .json(try Self.archive()))
        let run = runner(home, server, ["SKYLENS_ARCHIVE_URL": archive.baseURL.absoluteString])
        let normals = try run.run(["--", "normals", "Sacramento"])
        #expect(normals.status == 0, "\(normals.stderr)")
        #expect(normals.stdout.contains("the usual year, 1991–2020") && normals.stdout.contains("Jul"))
        let weather = try run.run(["--", "weather", "Sacramento"])
        #expect(weather.stdout.unwrapped.contains("than usual for"), "\(weather.stdout)")
        let document = try #require(
            try JSONSerialization.jsonObject(
                with: Data(try run.run(["--format", "json", "weather", "Sacramento"]).stdout.utf8))
                as? [String: Any])
        #expect((document["normal"] as? [String: Any])?["usualHigh"] is Double)
        // Kept in the database: one archive request for all of it.
        #expect(archive.requests.count == 1)
        // Without the archive, the weather is as before and normals says why (69).
        let other = try TemporaryDirectory()
        let without = runner(other, server)
        #expect(try without.run(["--", "weather", "Sacramento"]).status == 0)
        #expect(try without.run(["--", "normals", "Sacramento"]).status == 69)
    }

    @Test func statusBarsReadTheirOwnShapes() throws {
        let home = try TemporaryDirectory()
        let server = try LoopbackServer(always: .json(try Self.forecast()))
        let run = runner(home, server)
        let waybar = try run.run(["--", "weather", "Toronto", "--line", "--format", "waybar"])
        #expect(waybar.status == 0, "\(waybar.stderr)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(waybar.stdout.utf8)) as? [String: Any])
        #expect((object["text"] as? String)?.hasPrefix("Toronto: ") == true)
        #expect((object["class"] as? [String])?.first == "cold")
        let i3 = try run.run(["--", "weather", "Toronto", "--line", "--format", "i3blocks"])
        #expect(i3.stdout.split(separator: "\n").count == 3 && i3.stdout.split(separator: "\n")[2].hasPrefix("#"))
        let polybar = try run.run(["--", "weather", "Toronto", "--line", "--format", "polybar"])
        #expect(polybar.stdout.hasPrefix("%{F#") && polybar.stdout.hasSuffix("%{F-}\n"))
        // A configured JSON format does not break a bar.
        let configured = try run.run(["--format", "json", "weather", "Toronto", "--line", "--format", "waybar"])
        #expect(configured.stdout.hasPrefix("{\"class\""), "\(configured.stdout)")
        let wrong = try run.run(["--", "weather", "Toronto", "--line", "--format", "json"])
        #expect(wrong.status == 64 && wrong.stderr.contains("skylens --format json weather --line"))
    }
}
