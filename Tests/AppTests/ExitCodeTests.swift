import Foundation
import TestSupport
import Testing

/// Exit statuses a script can act on (`sysexits.h` where one fits), one-shot, text and JSON alike.
@Suite(.serialized) struct ExitCodeTests {
    @Test func eachKindOfFailureHasItsOwnStatus() throws {
        let home = try TemporaryDirectory()
        let forecast = try weatherFixture("open-meteo-toronto.json")
        let good = try LoopbackServer(always: .json(forecast))
        defer { good.stop() }
        let failing = try LoopbackServer(always: .json(#"{"error":true,"reason":"boom"}"#, status: 500))
        defer { failing.stop() }
        let limited = try LoopbackServer(always: .json(#"{"error":true,"reason":"slow down"}"#, status: 429))
        defer { limited.stop() }
        let silent = try LoopbackServer { _ in .hang }
        defer { silent.stop() }
        func run(_ arguments: [String], _ environment: [String: String] = [:]) throws -> ProcessResult {
            try AppBinary.runner(home: home, environment: environment).run(arguments)
        }
        func openMeteo(_ server: LoopbackServer) -> [String: String] {
            ["SKYLENS_OPEN_METEO_URL": server.baseURL.absoluteString]
        }
        // 0: success.
        #expect(try run(["--", "weather", "Toronto"], openMeteo(good)).status == 0)
        // 3: the answer in full, but old (kept because the server failed): the document is there, and says so.
        let stale = try run(["--format", "json", "weather", "Toronto", "--refresh"], openMeteo(failing))
        #expect(stale.status == 3 && stale.stdout.contains(#""stale":true"#))
        let staleLine = try run(["--", "weather", "Toronto", "--line", "--refresh"], openMeteo(failing))
        #expect(staleLine.status == 3 && staleLine.stdout.contains(" old)"), "\(staleLine.stdout)")
        // 64: usage.
        #expect(try run(["--", "search", "x", "--limit", "0"]).status == 64)
        // 65: the contact form's fields are not valid.
        let invalid = try run([
            "--", "contact", "send", "--name", "Ann", "--email", "ann@", "--subject", "Hi", "--message", "Hello there",
        ])
        #expect(invalid.status == 65 && invalid.stderr.contains("email"))
        // 67: a place that cannot be resolved, in every feature that takes one; no request made.
        for command in [["weather", "Nowhereville"], ["open", "Nowhereville"], ["sky", "Nowhereville"]] {
            #expect(try run(["--"] + command, openMeteo(good)).status == 67, "\(command)")
        }
        let json = try run(["--format", "json", "weather", "Tornto"], openMeteo(good))
        #expect(json.status == 67 && json.stdout.contains(#""code":"not_found""#))
        // 69: the provider fails and nothing is kept for the place.
        #expect(try run(["--", "weather", "Ottawa"], openMeteo(failing)).status == 69)
        #expect(
            try run(
                ["--", "weather", "Ottawa"], ["SKYLENS_OPEN_METEO_URL": "http://127.0.0.1:\(closedLoopbackPort())"]
            ).status == 69)
        // 75: worth trying again: a rate limit, a timeout.
        #expect(try run(["--", "weather", "Calgary"], openMeteo(limited)).status == 75)
        let timedOut = try run(
            ["--", "weather", "Calgary"], openMeteo(silent).merging(["SKYLENS_TIMEOUT": "1"]) { $1 })
        #expect(timedOut.status == 75 && timedOut.stderr.contains("did not answer within 1 s"))
        // 78: a setting to fix: OpenWeatherMap without a key, and Open-Meteo down too.
        let unconfigured = try run(
            ["--", "weather", "Vancouver"],
            ["SKYLENS_WEATHER_PROVIDER": "openweathermap", "SKYLENS_OPEN_METEO_URL": failing.baseURL.absoluteString])
        #expect(unconfigured.status == 78 && unconfigured.stderr.contains("OPENWEATHER_API_KEY"))
    }
}
