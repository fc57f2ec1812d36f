import CoreKit
import Foundation
import Networking

extension Sentence.Table {
    /// The weather services' words (WeatherService's catalogue): the providers' failures.
    public static let weather = Self(bundle: "Services_WeatherService")
}

/// Why there is no weather: what failed, in a sentence said in the user's language where it is shown
/// (`words(error.sentence)`), in English as `message`.
public enum WeatherError: Error, Equatable, Sendable {
    /// No connection, `--offline`: the sentence names the host.
    case unreachable(Sentence)
    /// No answer within the timeout: worth trying again.
    case timedOut(Sentence)
    /// A 5xx (or another unexpected status) from the provider.
    case server(status: Int, message: Sentence)
    case badKey(Sentence)
    case rateLimited(retryAfter: Double?, message: Sentence)
    case notFound(Sentence)
    /// The answer was not the weather data expected.
    case malformed(Sentence)
    case notConfigured(Sentence)
    case cancelled

    /// In English (logs, tests, the JSON's English fields).
    public var message: String { sentence.english }

    public var sentence: Sentence {
        switch self {
        case .unreachable(let sentence), .timedOut(let sentence), .badKey(let sentence), .notFound(let sentence),
            .malformed(let sentence), .notConfigured(let sentence):
            sentence
        case .server(_, let sentence), .rateLimited(_, let sentence): sentence
        case .cancelled: Sentence("The request was cancelled.", table: .weather)
        }
    }

    /// Worth showing cached data instead: the network or the server failed, not the request.
    public var allowsStaleData: Bool {
        switch self {
        case .unreachable, .timedOut, .server, .rateLimited, .cancelled, .malformed: true
        case .badKey, .notFound, .notConfigured: false
        }
    }

    /// A transport or status failure, for a provider's client.
    public static func from(_ error: HTTPError, provider: String) -> WeatherError {
        switch error {
        case .transport(_, .timedOut): return .timedOut(error.sentence)
        case .transport: return .unreachable(error.sentence)
        case .cancelled: return .cancelled
        case .decoding(let failure): return .malformed(failure.sentence)
        case .invalidRequest(let reason):
            return .notConfigured(
                Sentence(
                    "The %1$@ request could not be made: %2$@.", .text(provider), .sentence(reason), table: .weather))
        case .status(let status):
            let host = Sentence.Value.text(status.host.terminalSafe)
            switch status.code {
            case 401, 403:
                return .badKey(
                    Sentence(
                        "%1$@ refused the API key (%2$@). Check OPENWEATHER_API_KEY.", host, .text(String(status.code)),
                        table: .weather))
            case 404: return .notFound(Sentence("%@ has no weather for this place (404).", host, table: .weather))
            case 429:
                let sentence =
                    status.retryAfter.map {
                        Sentence(
                            "%1$@ limits the requests (429). Try again in %2$@ s.", host, .number(Int($0.rounded())),
                            table: .weather)
                    } ?? Sentence("%@ limits the requests (429). Try again later.", host, table: .weather)
                return .rateLimited(retryAfter: status.retryAfter, message: sentence)
            default:
                return .server(status: status.code, message: error.sentence)
            }
        }
    }
}

/// A weather provider: one fetch gives the weather now, the hours and the days, in °C and km/h.
public struct WeatherClient: Sendable {
    /// `open-meteo`, `openweathermap`.
    public var provider: String
    /// For messages and `about`: "Open-Meteo".
    public var displayName: String
    public var fetch: @Sendable (WeatherLocation) async throws(WeatherError) -> WeatherReport

    public init(
        provider: String, displayName: String,
        fetch: @escaping @Sendable (WeatherLocation) async throws(WeatherError) -> WeatherReport
    ) {
        self.provider = provider
        self.displayName = displayName
        self.fetch = fetch
    }

    /// Fails every request with `error`: a provider that cannot work (a missing key), and tests.
    public static func failing(_ error: WeatherError, provider: String = "test") -> Self {
        Self(provider: provider, displayName: provider) { _ throws(WeatherError) in throw error }
    }
}

/// Local dates and times from the provider's UTC offset, read and written by hand: Foundation's `DateFormatter`
/// aborts on some server text (a combining mark inside a date, found by FuzzOpenMeteo) and on zones beyond −14 h
/// (found by FuzzOpenWeatherMap), so no text from outside ever reaches one.
public enum LocalTime {
    /// `2026-11-22T14:00` (no offset) in the zone `offset` seconds from UTC.
    public static func date(fromLocal text: String, utcOffset offset: Int) -> Date? {
        Parser(utcOffset: offset).date(text)
    }

    /// `2026-11-22` for `date` in the zone `offset` seconds from UTC.
    public static func day(_ date: Date, utcOffset offset: Int) -> String {
        Parser(utcOffset: offset).day(date)
    }

    /// Real offsets are whole minutes from UTC−12 to UTC+14; anything else a server sends is brought there.
    public static func wholeMinutes(_ offset: Int) -> Int {
        max(-12 * 3600, min(14 * 3600, offset)) / 60 * 60
    }

    /// Reads `yyyy-MM-dd`, `yyyy-MM-ddTHH:mm` and `yyyy-MM-ddTHH:mm:ss` in one zone.
    public struct Parser: Sendable {
        private let offset: Int

        public init(utcOffset offset: Int) {
            self.offset = LocalTime.wholeMinutes(offset)
        }

        public func date(_ text: String) -> Date? {
            let bytes = Array(text.utf8)
            guard [10, 16, 19].contains(bytes.count) else { return nil }
            func number(_ range: Range<Int>) -> Int? {
                var value = 0
                for index in range {
                    guard (0x30...0x39).contains(bytes[index]) else { return nil }
                    value = value * 10 + Int(bytes[index] - 0x30)
                }
                return value
            }
            guard let year = number(0..<4), bytes[4] == UInt8(ascii: "-"), let month = number(5..<7),
                bytes[7] == UInt8(ascii: "-"), let day = number(8..<10), (1...12).contains(month),
                (1...CivilDate.days(inMonth: month, year: year)).contains(day)
            else { return nil }
            var seconds = 0
            if bytes.count >= 16 {
                guard bytes[10] == UInt8(ascii: "T"), let hour = number(11..<13), bytes[13] == UInt8(ascii: ":"),
                    let minute = number(14..<16), hour < 24, minute < 60
                else { return nil }
                seconds = hour * 3600 + minute * 60
            }
            if bytes.count == 19 {
                guard bytes[16] == UInt8(ascii: ":"), let second = number(17..<19), second < 60 else { return nil }
                seconds += second
            }
            let days = CivilDate.daysSince1970(year: year, month: month, day: day)
            return Date(timeIntervalSince1970: Double(days * 86_400 + seconds - offset))
        }

        /// `2026-11-22`: the local date of `date`.
        public func day(_ date: Date) -> String {
            let seconds = date.timeIntervalSince1970
            guard seconds.isFinite, abs(seconds) < 1e12 else { return "????-??-??" }
            let local = Int(seconds.rounded(.down)) + offset
            let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
            let (year, month, day) = CivilDate.date(daysSince1970: days)
            func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
            return "\(year)-\(two(month))-\(two(day))"
        }
    }
}

/// The weather now at several places in one request (the map labels its largest places with it): Open-Meteo takes
/// lists of coordinates. At most `limit` places a request.
public struct CurrentConditionsClient: Sendable {
    /// How many places one request may ask for.
    public static let limit = 10

    public var provider: String
    /// The weather now at each place, in the same order: nil where the answer for a place is unusable.
    public var fetch: @Sendable (_ places: [WeatherLocation]) async throws(WeatherError) -> [CurrentWeather?]

    public init(
        provider: String, fetch: @escaping @Sendable ([WeatherLocation]) async throws(WeatherError) -> [CurrentWeather?]
    ) {
        self.provider = provider
        self.fetch = fetch
    }

    /// Fails every request with `error` (for tests).
    public static func failing(_ error: WeatherError, provider: String = "test") -> Self {
        CurrentConditionsClient(provider: provider) { _ throws(WeatherError) in throw error }
    }
}
