import Foundation
import Networking

/// Why there is no weather, in words that say what failed.
public enum WeatherError: Error, Equatable, Sendable {
    /// No connection, a timeout, `--offline`: the message names the host.
    case unreachable(String)
    /// A 5xx (or another unexpected status) from the provider.
    case server(status: Int, message: String)
    case badKey(String)
    case rateLimited(retryAfter: Double?, message: String)
    case notFound(String)
    /// The answer was not the weather data expected.
    case malformed(String)
    case notConfigured(String)
    case cancelled

    public var message: String {
        switch self {
        case .unreachable(let message), .badKey(let message), .notFound(let message), .malformed(let message),
            .notConfigured(let message):
            message
        case .server(_, let message), .rateLimited(_, let message): message
        case .cancelled: "The request was cancelled."
        }
    }

    /// Worth showing cached data instead: the network or the server failed, not the request.
    public var allowsStaleData: Bool {
        switch self {
        case .unreachable, .server, .rateLimited, .cancelled, .malformed: true
        case .badKey, .notFound, .notConfigured: false
        }
    }

    /// A transport or status failure, for a provider's client.
    public static func from(_ error: HTTPError, provider: String) -> WeatherError {
        switch error {
        case .transport: return .unreachable(error.message)
        case .cancelled: return .cancelled
        case .decoding(let failure): return .malformed(failure.message)
        case .invalidRequest(let reason): return .notConfigured("The \(provider) request could not be made: \(reason).")
        case .status(let status):
            switch status.code {
            case 401, 403:
                return .badKey("\(status.host) refused the API key (\(status.code)). Check OPENWEATHER_API_KEY.")
            case 404: return .notFound("\(status.host) has no weather for this place (404).")
            case 429:
                let wait = status.retryAfter.map { " Try again in \(Int($0.rounded())) s." } ?? " Try again later."
                return .rateLimited(
                    retryAfter: status.retryAfter, message: "\(status.host) limits the requests (429).\(wait)")
            default:
                return .server(status: status.code, message: error.message)
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

/// Local dates and times from the provider's UTC offset.
public enum LocalTime {
    /// `2026-11-22T14:00` (no offset) in the zone `offset` seconds from UTC.
    public static func date(fromLocal text: String, utcOffset offset: Int) -> Date? {
        Parser(utcOffset: offset).date(text)
    }

    /// Reads local times of one zone; made once for a whole response (a formatter is costly to make).
    public struct Parser {
        private let formatters: [DateFormatter]

        public init(utcOffset offset: Int) {
            let offset = LocalTime.wholeMinutes(offset)
            formatters = ["yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd"].map { format in
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.timeZone = TimeZone(secondsFromGMT: offset)
                formatter.dateFormat = format
                return formatter
            }
        }

        public func date(_ text: String) -> Date? {
            for formatter in formatters {
                if let date = formatter.date(from: text) { return date }
            }
            return nil
        }

        /// `2026-11-22`: the local date of `date`.
        public func day(_ date: Date) -> String { formatters[2].string(from: date) }
    }

    /// `2026-11-22` for `date` in the zone `offset` seconds from UTC.
    public static func day(_ date: Date, utcOffset offset: Int) -> String {
        Parser(utcOffset: offset).day(date)
    }

    /// Real offsets are whole minutes from UTC−12 to UTC+14; anything else a server sends is brought there.
    /// Foundation's formatter crashes on an offset beyond about −14 h (found by FuzzOpenWeatherMap).
    public static func wholeMinutes(_ offset: Int) -> Int {
        max(-12 * 3600, min(14 * 3600, offset)) / 60 * 60
    }
}
