import Foundation
import TestSupport
import Testing

/// Outside text never carries escape sequences to the terminal, and the OpenWeatherMap key never shows anywhere.
@Suite(.serialized) struct TerminalInjectionTests {
    static let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}[10;10H\u{07}"

    /// No ESC, BEL or C1 control in the bytes.
    func clean(_ data: Data) -> Bool {
        !data.contains(0x1B) && !data.contains(0x07)
            && !String(decoding: data, as: UTF8.self).unicodeScalars.contains { (0x80...0x9F).contains($0.value) }
    }

    @Test func cityNamesFromADownloadedListReachTheTerminalClean() throws {
        let home = try TemporaryDirectory()
        let name = "Evil\(Self.hostile)ville"
        let escaped = name.unicodeScalars.map { $0.value < 0x20 ? String(format: "\\u%04x", $0.value) : String($0) }
            .joined()
        let list =
            #"[{"country":"US","name":"\#(escaped)","_id":4829764,"coord":{"lon":-86.75,"lat":32.75}},{"country":"FR","name":"Paris","_id":2988507,"coord":{"lon":2.35,"lat":48.85}}]"#
        let server = try LoopbackServer(always: .json(list))
        let runner = AppBinary.runner(home: home, environment: ["SKYLENS_CITIES_URL": server.baseURL.absoluteString])
        let result = try runner.run([], stdin: "search evil\nopen 1\nmap --width 40 --height 8\nsearch \"\"\n")
        #expect(result.stdout.contains("Evil"))
        #expect(clean(result.stdoutData), "\(result.stdout.debugDescription)")
        #expect(clean(Data(result.stderr.utf8)))
        // In JSON the name is kept exactly, escaped as JSON escapes it.
        let json = try runner.run(["--format", "json", "search", "evil"])
        #expect(json.stdout.contains(#"\u001b]0;pwned"#) && clean(json.stdoutData))
    }

    @Test func errorBodiesAndDescriptionsReachTheTerminalClean() throws {
        let home = try TemporaryDirectory()
        let current = try weatherFixture("owm-current-toronto.json")
            .replacingOccurrences(of: "broken clouds", with: "clouds\\u001b]0;pwned\\u0007\\u001b[2J\\u0007")
        let forecast = try weatherFixture("owm-forecast-toronto.json")
        let server = try LoopbackServer { request in
            request.path == "/data/2.5/weather" ? .respond(.json(current)) : .respond(.json(forecast))
        }
        let owm = AppBinary.runner(
            home: home,
            environment: [
                "SKYLENS_WEATHER_PROVIDER": "openweathermap", "OPENWEATHER_API_KEY": "k",
                "SKYLENS_OPENWEATHER_URL": server.baseURL.absoluteString,
            ])
        for view in ["weather", "hourly", "forecast"] {
            let result = try owm.run(["--color", "never", view, "Toronto"])
            #expect(result.status == 0 && clean(result.stdoutData))
        }
        let failing = try LoopbackServer(always: .text("bad \(Self.hostile) gateway", status: 502))
        let error = try AppBinary.runner(
            home: home, environment: ["SKYLENS_OPEN_METEO_URL": failing.baseURL.absoluteString]
        )
        .run(["--log-level", "trace", "--log-file", home.file("skylens.log").path, "weather", "Ottawa"])
        #expect(error.status == 69 && error.stderr.contains("bad") && clean(Data(error.stderr.utf8)))
        // The log holds the failure (and the description above, at trace level), made as safe as the screen.
        for view in ["weather", "forecast"] {
            _ = try owm.run(["--log-level", "trace", "--log-file", home.file("skylens.log").path, view, "Toronto"])
        }
        let logged = try Data(contentsOf: home.file("skylens.log"))
        #expect(String(decoding: logged, as: UTF8.self).contains("bad") && clean(logged))
        // And on standard error, where the log goes without a file.
        let traced = try owm.run(["--log-level", "trace", "weather", "Toronto", "--refresh"])
        #expect(traced.stderr.contains("HTTP response") && clean(Data(traced.stderr.utf8)))
        let contact = try LoopbackServer(
            always: .json(
                #"{"error":"no \#(Self.hostile.unicodeScalars.map { $0.value < 0x20 ? String(format: "\\u%04x", $0.value) : String($0) }.joined())"}"#,
                status: 422))
        let refused = try AppBinary.runner(
            home: home, environment: ["SKYLENS_CONTACT_URL": contact.baseURL.absoluteString]
        )
        .run([
            "--", "contact", "send", "--name", "A", "--email", "a@example.org", "--subject", "S", "--message",
            "0123456789",
        ])
        #expect(refused.status == 1 && clean(Data(refused.stderr.utf8)))
        let outbox = try AppBinary.runner(home: home).run(["--color", "always", "contact", "outbox"])
        #expect(!outbox.stdout.contains("pwned\u{07}") && !outbox.stdout.contains("\u{1B}]0;"))
    }
}

@Suite(.serialized) struct SecretTests {
    let key = "SKYLENS-SECRET-KEY-5150"

    @Test func theKeyNeverAppearsInOutputLogsErrorsOrTheDatabase() throws {
        let home = try TemporaryDirectory()
        let log = home.file("skylens.log").path
        let good = (try weatherFixture("owm-current-toronto.json"), try weatherFixture("owm-forecast-toronto.json"))
        var captured = ""
        for (status, body) in [
            (200, ""), (401, try weatherFixture("owm-401.json")), (404, try weatherFixture("owm-404.json")),
            (429, try weatherFixture("owm-429.json")), (500, #"{"cod":500,"message":"echo \#(key)"}"#),
            (200, "{not json"),
        ] {
            let server = try LoopbackServer { request in
                if status == 200 && body.isEmpty {
                    return request.path == "/data/2.5/weather" ? .respond(.json(good.0)) : .respond(.json(good.1))
                }
                return .respond(.json(body, status: status))
            }
            let runner = AppBinary.runner(
                home: home,
                environment: [
                    "SKYLENS_WEATHER_PROVIDER": "openweathermap", "OPENWEATHER_API_KEY": key,
                    "SKYLENS_OPENWEATHER_URL": server.baseURL.absoluteString,
                ])
            for arguments in [
                ["--log-level", "trace", "--log-file", log, "weather", "Toronto", "--refresh"],
                ["--format", "json", "--log-level", "trace", "--log-file", log, "forecast", "Toronto", "--refresh"],
                ["--log-level", "trace", "hourly", "Toronto", "--refresh"],
            ] {
                let result = try runner.run(arguments)
                captured += result.stdout + result.stderr
            }
            server.stop()
            // A server that is gone: the timeout and connection paths too.
            let gone = try runner.run(["--log-level", "trace", "--timeout", "1", "weather", "Ottawa", "--refresh"])
            captured += gone.stdout + gone.stderr
        }
        #expect(captured.contains("refused the API key (401)"))
        #expect(!captured.contains(key))
        let logged = try String(contentsOfFile: log, encoding: .utf8)
        #expect(!logged.isEmpty && !logged.contains(key))
        for file in try FileManager.default.contentsOfDirectory(atPath: home.path) {
            let data = (try? Data(contentsOf: home.file(file))) ?? Data()
            #expect(data.range(of: Data(key.utf8)) == nil, "\(file) holds the key")
        }
    }
}
