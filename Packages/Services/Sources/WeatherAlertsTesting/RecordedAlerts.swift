import Diagnostics
import Foundation
import NIOTransport
import Networking
import Synchronization
import TestSupport
import WeatherAlerts

/// The warning services' real recorded answers (`Recorded/SOURCES.md` says where each came from), and a server on
/// 127.0.0.1 that answers each service's path with one of them: for the tests of the services, of the features that
/// show warnings, and of the App.
public enum RecordedAlerts {
    /// NWS, `?point=33.25,-112.30` (Phoenix, AZ), 2024-07-18: an Excessive Heat Warning (severe) announced for the
    /// 19th 10:00 until the 20th 20:00 (-07:00), and an Air Quality Alert (unknown severity, no end, no instruction).
    public static let nwsPhoenix = "nws-phoenix-2-alerts.json"
    /// NWS: one Heat Advisory, `?point=45.176,-93.43`.
    public static let nwsMinneapolis = "nws-minneapolis-1-alert.json"
    /// NWS: no warnings, `?point=40.7128,-74.006`.
    public static let nwsNone = "nws-new-york-0-alerts.json"
    /// NWS: an `application/problem+json` 404.
    public static let nwsProblem = "nws-problem-404.json"
    /// MET Norway MetAlerts 2.0, in Norwegian: 29 yellow gale warnings at sea, 2026-03-07 20:00 to 03-08 10:00 UTC.
    public static let metNorwayGales = "metno-29-marine-alerts.json"
    /// MeteoAlarm `feeds-croatia`, messages sent from 2023-12-25 to 2024-01-07 08:47 +01:00: 63 warnings, yellow to
    /// red, in Croatian and English.
    public static let meteoAlarmCroatia = "meteoalarm-croatia.json"
    /// MeteoAlarm `feeds-netherlands`: green entries only, which are no warnings.
    public static let meteoAlarmGreen = "meteoalarm-netherlands-green.json"
    /// Environment Canada (GeoMet `weather-alerts`), 2026-03-06: a freezing rain warning for six regions (one the City
    /// of Toronto), and a statement for St. Catharines.
    public static let ecccToronto = "eccc-toronto-7-features.json"

    /// A recorded answer's text.
    public static func text(_ name: String) throws -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Recorded") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: name])
        }
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// A recorded answer with every ISO 8601 time that has an offset (`2024-07-19T10:00:00-07:00`, `…Z`) moved by the
    /// time from `recorded` to `now`, its offset kept: a warning recorded as in force for two more hours is in force
    /// for two more hours at `now` (so that no time of day can break a test).
    public static func moved(_ name: String, recorded: String, to now: Date) throws -> String {
        let text = try text(name)
        guard let from = parse(recorded),
            let pattern = try? NSRegularExpression(
                pattern: #"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:\d{2}|Z)"#)
        else { return text }
        let shift = now.timeIntervalSince(from)
        var result = text
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
            guard let range = Range(match.range, in: result) else { continue }
            let original = String(result[range])
            guard let date = parse(original) else { continue }
            var offset = 0
            if !original.hasSuffix("Z") {
                let sign = original.dropLast(5).hasSuffix("-") ? -1 : 1
                offset = sign * ((Int(original.suffix(5).prefix(2)) ?? 0) * 3600 + (Int(original.suffix(2)) ?? 0) * 60)
            }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(secondsFromGMT: offset)
            formatter.dateFormat = original.hasSuffix("Z") ? "yyyy-MM-dd'T'HH:mm:ss'Z'" : "yyyy-MM-dd'T'HH:mm:ssxxx"
            result.replaceSubrange(range, with: formatter.string(from: date.addingTimeInterval(shift)))
        }
        return result
    }

    /// When each answer's warnings were in force: the moment `moved(_:recorded:to:)` moves to now.
    public static let recordedMoments: [String: String] = [
        nwsPhoenix: "2024-07-19T12:00:00-07:00", ecccToronto: "2026-03-06T01:00:00Z",
        metNorwayGales: "2026-03-07T21:00:00Z", meteoAlarmCroatia: "2024-01-07T11:00:00Z",
    ]

    static func parse(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }

    /// What the server answers for each service: a recorded answer's name, or another behaviour (`.hang`, a huge
    /// body, an escape sequence in a description…).
    public struct Answers: Sendable {
        public var nws: StubBehavior
        public var metNorway: StubBehavior
        public var meteoAlarm: StubBehavior
        public var eccc: StubBehavior

        public init(
            nws: StubBehavior = .recorded(nwsPhoenix), metNorway: StubBehavior = .recorded(metNorwayGales),
            meteoAlarm: StubBehavior = .recorded(meteoAlarmCroatia), eccc: StubBehavior = .recorded(ecccToronto)
        ) {
            self.nws = nws
            self.metNorway = metNorway
            self.meteoAlarm = meteoAlarm
            self.eccc = eccc
        }
    }

    /// A server on 127.0.0.1 for the four services' paths (`/alerts/active`, `/weatherapi/metalerts/2.0/current.json`,
    /// `/api/v1/warnings/feeds-…`, `/collections/weather-alerts/items`); what it answers can be changed while it runs.
    public final class Server: Sendable {
        private final class Box: Sendable {
            let answers: Mutex<Answers>
            init(_ answers: Answers) { self.answers = Mutex(answers) }
        }

        public let server: LoopbackServer
        private let box: Box

        public init(_ answers: Answers = Answers()) throws {
            let box = Box(answers)
            self.box = box
            server = try LoopbackServer { request in
                let now = box.answers.withLock { $0 }
                if request.path == "/alerts/active" { return now.nws }
                if request.path.hasSuffix("/metalerts/2.0/current.json") { return now.metNorway }
                if request.path.hasPrefix("/api/v1/warnings/feeds-") { return now.meteoAlarm }
                if request.path == "/collections/weather-alerts/items" { return now.eccc }
                return .respond(.text("no such path", status: 404))
            }
        }

        public func answer(_ change: (inout Answers) -> Void) { box.answers.withLock { change(&$0) } }
        public var url: String { server.baseURL.absoluteString }
        public var requests: [RecordedRequest] { server.requests }

        /// The four services' variables, all at this server: for the App's environment.
        public var environment: [String: String] {
            Dictionary(uniqueKeysWithValues: AlertSource.allCases.map { ($0.baseURL.variable, url) })
        }

        /// The live client, over a transport of its own (2 s timeout, the usual size limit), asking this server.
        /// - Parameters:
        ///   - now: the transport's clock, which says how long an answer in its memory holds (the test's clock).
        ///   - remembers: whether the transport keeps answers in memory (off: every request reaches the server, as
        ///     from a new process).
        public func client(
            timeout: Duration = .seconds(2), now: @escaping @Sendable () -> Date = { Date() }, remembers: Bool = true
        ) -> AlertsClient {
            let transport = HTTPTransport(
                engine: NIOHTTPEngine(readTimeout: timeout),
                configuration: .init(
                    timeout: timeout, userAgent: "SkyLens/test (tests@example.org)", cacheCapacity: remembers ? 64 : 0),
                logger: InMemoryLog().logger(), now: now)
            return .live(transport, environment: environment)
        }
    }
}

extension StubBehavior {
    /// A recorded answer, as JSON (`RecordedAlerts`); a file that cannot be read is a 500 saying which.
    public static func recorded(_ name: String, status: Int = 200, headers: [(String, String)] = []) -> Self {
        guard let text = try? RecordedAlerts.text(name) else {
            return .respond(.text("no recorded answer \(name)", status: 500))
        }
        return .respond(.json(text, status: status, headers: headers))
    }
}
