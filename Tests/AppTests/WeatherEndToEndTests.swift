import Foundation
import Synchronization
import TestSupport
import Testing

/// The providers' recorded responses these tests serve (their own copies, in `Fixtures/`), moved to today: views
/// start from now, so every date and time in them is shifted by the whole days from the day they were recorded
/// (22 November 2026 in Toronto) to today there. The time of day stays as recorded, but for the observation itself,
/// which is made 10 to 25 minutes before now: an answer observed more than 3 hours ago is old (exit 3), so with
/// 09:00 kept, these tests failed whenever they ran after noon in Toronto.
func weatherFixture(_ name: String, filePath: StaticString = #filePath) throws -> String {
    redated(try fixture(name, filePath: filePath))
}

/// `text` with its dates (`2026-11-22`, `2026-11-22T09:00`) and its Unix times (`1795356000`) moved by the days
/// from the recording to today in Toronto.
func redated(_ text: String, now: Date = Date()) -> String {
    let recordedDay = 20_779  // 2026-11-22, in days since 1970
    let shift = Int(((now.timeIntervalSince1970 - 18_000) / 86_400).rounded(.down)) - recordedDay
    guard shift != 0 else { return text }
    var result = text
    // Unix times of the recording's week (OpenWeatherMap).
    guard let times = try? NSRegularExpression(pattern: #"(?<![0-9.])17[0-9]{8}(?![0-9])"#),
        let dates = try? NSRegularExpression(pattern: #"20[0-9]{2}-[01][0-9]-[0-3][0-9]"#)
    else { return text }
    for match in times.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
        guard let range = Range(match.range, in: result), let value = Int(result[range]) else { continue }
        result.replaceSubrange(range, with: String(value + shift * 86_400))
    }
    // Local dates (Open-Meteo).
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0)!
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.dateFormat = "yyyy-MM-dd"
    for match in dates.matches(in: result, range: NSRange(result.startIndex..., in: result)).reversed() {
        guard let range = Range(match.range, in: result), let day = formatter.date(from: String(result[range])),
            let moved = calendar.date(byAdding: .day, value: shift, to: day)
        else { continue }
        result.replaceSubrange(range, with: formatter.string(from: moved))
    }
    return observedJustBefore(now, in: result)
}

/// `text` with its observation time (Open-Meteo's `"current": {"time": …}` in the answer's local time,
/// OpenWeatherMap's current `"dt"`) moved to the quarter hour at least 10 minutes before `now`.
func observedJustBefore(_ now: Date, in text: String) -> String {
    let observed = (now.timeIntervalSince1970 - 600) / 900
    let instant = Int(observed.rounded(.down)) * 900
    var result = text
    if let current = try? NSRegularExpression(pattern: #""current":\s*\{\s*"time":\s*"([0-9T:-]+)""#),
        let match = current.firstMatch(in: result, range: NSRange(result.startIndex..., in: result)),
        let range = Range(match.range(at: 1), in: result)
    {
        let offset =
            (try? NSRegularExpression(pattern: #""utc_offset_seconds":\s*(-?[0-9]+)"#))
            .flatMap { $0.firstMatch(in: result, range: NSRange(result.startIndex..., in: result)) }
            .flatMap { Range($0.range(at: 1), in: result) }.flatMap { Int(result[$0]) } ?? 0
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: offset)
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        result.replaceSubrange(range, with: formatter.string(from: Date(timeIntervalSince1970: Double(instant))))
    } else if !result.contains(#""list""#), let dt = try? NSRegularExpression(pattern: #""dt":\s*([0-9]+)"#),
        let match = dt.firstMatch(in: result, range: NSRange(result.startIndex..., in: result)),
        let range = Range(match.range(at: 1), in: result)
    {
        result.replaceSubrange(range, with: String(instant))
    }
    return result
}

/// Both providers on one server on 127.0.0.1, answering with recorded responses, or on purpose badly.
final class WeatherServer: Sendable {
    enum Mode: Sendable { case normal, status(Int, String), malformed, hang }

    private final class ModeBox: Sendable {
        let mode = Mutex(Mode.normal)
    }

    let server: LoopbackServer
    private let box = ModeBox()

    init() throws {
        let openMeteo = try weatherFixture("open-meteo-toronto.json")
        let current = try weatherFixture("owm-current-toronto.json")
        let forecast = try weatherFixture("owm-forecast-toronto.json")
        let box = self.box
        server = try LoopbackServer { request in
            switch box.mode.withLock({ $0 }) {
            case .status(let code, let body): return .respond(.json(body, status: code))
            case .malformed: return .respond(.json(#"{"latitude": 43.7, "current": "#))
            case .hang: return .hang
            case .normal:
                switch request.path {
                case "/v1/forecast": return .respond(.json(openMeteo))
                case "/data/2.5/weather": return .respond(.json(current))
                case "/data/2.5/forecast": return .respond(.json(forecast))
                default: return .respond(.json(#"{"cod":"404","message":"not found"}"#, status: 404))
                }
            }
        }
    }

    func set(_ newMode: Mode) { box.mode.withLock { $0 = newMode } }
    var url: String { server.baseURL.absoluteString }
    var requests: [RecordedRequest] { server.requests }
}

@Suite(.serialized) struct WeatherEndToEndTests {
    let key = "E2E-SECRET-KEY-4242"

    func runner(_ home: TemporaryDirectory, _ server: WeatherServer, _ extra: [String: String] = [:]) -> ProcessRunner {
        AppBinary.runner(
            home: home,
            environment: ["SKYLENS_OPEN_METEO_URL": server.url, "SKYLENS_OPENWEATHER_URL": server.url].merging(extra) {
                $1
            })
    }

    @Test func everyViewOfOpenMeteoInBothUnitsTextAndJSON() throws {
        let home = try TemporaryDirectory()
        let server = try WeatherServer()
        let run = runner(home, server)
        let now = try run.run(["--", "weather", "Toronto"])
        #expect(
            now.status == 0 && now.stdout.contains("Toronto, Ontario, CA")
                && now.stdout.contains("3 °C, feels like -1 °C"))
        #expect(try run.run(["--", "hourly"]).stdout.contains("Temperature  "))
        let forecast = try run.run(["--", "forecast"]).stdout
        #expect(forecast.contains("7 days") && forecast.contains("Overcast"), "\(forecast)")
        #expect(try run.run(["--", "unit", "f"]).status == 0)
        #expect(try run.run(["--", "weather"]).stdout.contains("38 °F"))
        let json = try run.run(["--format", "json", "forecast"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["unit"] as? String == "fahrenheit" && (document["days"] as? [Any])?.count == 7)
        // Everything after the first answer came from the cache: one request in all.
        #expect(server.requests.count == 1)
    }

    @Test func everyViewOfOpenWeatherMapAndTheKeyNeverShows() throws {
        let home = try TemporaryDirectory()
        let server = try WeatherServer()
        let run = runner(home, server, ["SKYLENS_WEATHER_PROVIDER": "openweathermap", "OPENWEATHER_API_KEY": key])
        var outputs: [ProcessResult] = []
        for view in ["weather", "hourly", "forecast"] {
            outputs.append(try run.run(["--", view, "Toronto"]))
            outputs.append(try run.run(["--format", "json", "--", view, "Toronto"]))
        }
        #expect(outputs.allSatisfy { $0.status == 0 })
        #expect(outputs[0].stdout.contains("OpenWeatherMap") && outputs[0].stdout.contains("3 °C"))
        #expect(outputs[5].stdout.contains(#""provider":"openweathermap""#))
        #expect(server.requests.count == 2)  // current + forecast, once
        #expect(server.requests.allSatisfy { $0.queryItems["appid"] == key })
        server.set(.status(401, try weatherFixture("owm-401.json")))
        let refused = try run.run(["--log-level", "debug", "--", "weather", "Toronto", "--refresh"])
        #expect(refused.status == 78)
        #expect(refused.stderr.contains("refused the API key (401)"))
        let everything = outputs.map { $0.stdout + $0.stderr }.joined() + refused.stdout + refused.stderr
        #expect(!everything.contains(key))
        let database = try Data(contentsOf: home.file("skylens.sqlite"))
        #expect(database.range(of: Data(key.utf8)) == nil)
    }

    @Test func theCacheTheStaleFallbackAndTheFailures() throws {
        let home = try TemporaryDirectory()
        let server = try WeatherServer()
        let run = runner(home, server)
        #expect(try run.run(["--", "weather", "Toronto"]).status == 0)
        #expect(try run.run(["--", "weather", "Toronto"]).status == 0)
        #expect(server.requests.count == 1)
        // The server fails: the stored answer is shown, marked stale.
        server.set(.status(500, #"{"error":true,"reason":"boom"}"#))
        let stale = try run.run(["--", "weather", "Toronto", "--refresh"])
        #expect(stale.status == 3 && stale.stdout.contains("Offline: data from"))
        #expect(stale.stdout.contains("500"))
        // Nothing stored for Ottawa: the failure is the answer.
        let failed = try run.run(["--", "weather", "Ottawa"])
        #expect(failed.status == 69 && failed.stderr.contains("answered 500"))
        server.set(.malformed)
        let malformed = try run.run(["--", "weather", "Vancouver"])
        #expect(malformed.status == 69 && malformed.stderr.contains("not valid Open-Meteo weather data"))
        // The server is gone: still the stored answer.
        server.server.stop()
        let gone = try run.run(["--", "weather", "Toronto", "--refresh"])
        #expect(gone.status == 3 && gone.stdout.contains("Offline: data from"))
    }

    @Test func aSilentServerTimesOutAndAnUnknownCityMakesNoRequest() throws {
        let home = try TemporaryDirectory()
        let server = try WeatherServer()
        server.set(.hang)
        let started = ContinuousClock.now
        let result = try runner(home, server, ["SKYLENS_TIMEOUT": "1"]).run(["--", "weather", "Toronto"])
        #expect(result.status == 75 && result.stderr.contains("did not answer within 1 s"))
        #expect(ContinuousClock.now - started < .seconds(20))
        let before = server.requests.count
        let unknown = try runner(home, server).run(["--", "weather", "Nowhereville"])
        #expect(unknown.status == 67 && unknown.stderr.contains("No place called 'Nowhereville'"))
        #expect(server.requests.count == before)
        server.server.stop()
    }

    @Test func everyRequestNamesTheContactGivenAndALineBreakIsRefused() throws {
        let home = try TemporaryDirectory()
        let server = try WeatherServer()
        #expect(try runner(home, server).run(["--", "weather", "Toronto"]).status == 0)
        #expect(server.requests.last?.header("user-agent")?.hasPrefix("SkyLens/") == true)
        #expect(server.requests.last?.header("user-agent")?.contains("(") == false)
        let named = try runner(home, server, ["SKYLENS_USER_AGENT_CONTACT": "ops@example.org"])
            .run(["--", "weather", "Toronto", "--refresh"])
        #expect(named.status == 0)
        #expect(server.requests.last?.header("user-agent")?.hasSuffix(" (ops@example.org)") == true)
        let before = server.requests.count
        let smuggled = try runner(home, server, ["SKYLENS_USER_AGENT_CONTACT": "a@b.org\r\nX-Evil: 1"])
            .run(["--", "weather", "Toronto", "--refresh"])
        #expect(smuggled.status == 64 && smuggled.stderr.contains("SKYLENS_USER_AGENT_CONTACT must be an e-mail"))
        #expect(server.requests.count == before)
    }

    @Test func withNoNetworkTheHostIsNamedAndStoredDataIsShownAfterOneFetch() throws {
        let home = try TemporaryDirectory()
        let offline = AppBinary.runner(
            home: home, environment: ["SKYLENS_OPEN_METEO_URL": "http://skylens-test.invalid"])
        let started = ContinuousClock.now
        let first = try offline.run(["--", "weather", "Toronto"])
        #expect(first.status == 69 && first.stderr.contains("skylens-test.invalid"))
        #expect(ContinuousClock.now - started < .seconds(15))
        let server = try WeatherServer()
        #expect(try runner(home, server).run(["--", "weather", "Toronto"]).status == 0)
        let later = try AppBinary.runner(home: home).run(["--offline", "weather", "Toronto", "--refresh"])
        #expect(later.status == 3 && later.stdout.contains("Offline: data from"))
    }

    @Test func theMapOpensACitysWeatherThroughTheRouter() throws {
        let home = try TemporaryDirectory()
        let server = try WeatherServer()
        let result = try runner(home, server).run([], stdin: "open #6167865\nweather\nback\n")
        #expect(result.stdout.contains("Nearest cities"))
        #expect(result.stdout.contains("3 °C, feels like -1 °C"))
        #expect(!result.stderr.contains("not installed"))
    }

    @Test func favouritesAreRefreshedInTheBackgroundOfASession() throws {
        let home = try TemporaryDirectory()
        let server = try WeatherServer()
        let run = runner(home, server)
        _ = try run.run(["--", "search", "ottawa"])
        #expect(try run.run([], stdin: "search ottawa\nfav 1\n").status == 0)
        #expect(server.requests.isEmpty)
        _ = try run.run([], stdin: "about\n")
        #expect(server.requests.count == 1)
        // Now it is there offline.
        let offline = try AppBinary.runner(home: home).run(["--offline", "weather", "Ottawa"])
        #expect(offline.status == 0 && offline.stdout.contains("Ottawa"))
    }
}
