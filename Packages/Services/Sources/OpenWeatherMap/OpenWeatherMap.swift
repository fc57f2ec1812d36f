import CoreKit
import Foundation
import Networking
import WeatherService

/// OpenWeatherMap's `cod`: a number in some answers, a string in others.
public struct FlexibleCode: Decodable, Sendable, Equatable {
    public var value: Int?

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            value = number
        } else if let text = try? container.decode(String.self) {
            value = Int(text)
        } else {
            value = nil
        }
    }
}

/// `/data/2.5/weather`, as sent.
public struct OWMCurrentDTO: Decodable, Sendable, Equatable {
    public struct Weather: Decodable, Sendable, Equatable {
        public var id: Int
        public var main: String?
        public var description: String?
    }

    public struct Main: Decodable, Sendable, Equatable {
        public var temp: Double
        public var feelsLike: Double?
        public var humidity: Double?
        /// hPa, at sea level.
        public var pressure: Double?

        enum CodingKeys: String, CodingKey {
            case temp, humidity, pressure
            case feelsLike = "feels_like"
        }
    }

    public struct Wind: Decodable, Sendable, Equatable {
        /// m/s.
        public var speed: Double?
        public var deg: Double?
        public var gust: Double?
    }

    public struct Clouds: Decodable, Sendable, Equatable {
        public var all: Double?
    }

    /// `rain` and `snow`: mm in the last hour (current weather) or the 3 hours of a step (forecast); absent when dry.
    public struct Amount: Decodable, Sendable, Equatable {
        public var oneHour: Double?
        public var threeHours: Double?

        enum CodingKeys: String, CodingKey {
            case oneHour = "1h"
            case threeHours = "3h"
        }
    }

    public struct Sys: Decodable, Sendable, Equatable {
        public var sunrise: Double?
        public var sunset: Double?
        public var country: String?
    }

    public var weather: [Weather]
    public var main: Main
    public var wind: Wind?
    public var clouds: Clouds?
    public var rain: Amount?
    public var snow: Amount?
    /// Metres (at most 10,000).
    public var visibility: Double?
    public var dt: Double
    public var sys: Sys?
    public var timezone: Int?
    public var name: String?
    public var cod: FlexibleCode?
}

/// `/data/2.5/forecast` (3-hourly, 5 days), as sent.
public struct OWMForecastDTO: Decodable, Sendable, Equatable {
    public struct Entry: Decodable, Sendable, Equatable {
        public struct Main: Decodable, Sendable, Equatable {
            public var temp: Double
            public var feelsLike: Double?
            public var tempMin: Double?
            public var tempMax: Double?

            enum CodingKeys: String, CodingKey {
                case temp
                case feelsLike = "feels_like"
                case tempMin = "temp_min"
                case tempMax = "temp_max"
            }
        }

        public var dt: Double
        public var main: Main
        public var weather: [OWMCurrentDTO.Weather]
        public var pop: Double?
        public var wind: OWMCurrentDTO.Wind?
        public var rain: OWMCurrentDTO.Amount?
        public var snow: OWMCurrentDTO.Amount?
    }

    public struct City: Decodable, Sendable, Equatable {
        public var timezone: Int?
        public var sunrise: Double?
        public var sunset: Double?
    }

    public var cod: FlexibleCode?
    public var list: [Entry]
    public var city: City?
}

/// An error body: `{"cod":401,"message":"Invalid API key…"}` (cod a number or a string).
public struct OWMErrorDTO: Decodable, Sendable, Equatable {
    public var cod: FlexibleCode?
    public var message: String?
}

/// OpenWeatherMap: current weather and the 3-hourly forecast for 5 days, in metric units. The key goes in the
/// query as a secret item: sent, never logged, never in a message.
public enum OpenWeatherMap {
    /// The 5-day, 3-hourly forecast spans six local dates at most (today's rest, then five more).
    public static let forecastDays = 6

    public static let defaultBaseURL = URL(string: "https://api.openweathermap.org")!

    public static func client(http: HTTPClient, apiKey: String?) -> WeatherClient {
        guard let apiKey, !apiKey.isEmpty else {
            return .failing(
                .notConfigured(
                    Sentence(
                        "OpenWeatherMap needs an API key: set OPENWEATHER_API_KEY, or use the default provider (Open-Meteo).",
                        table: .weather)),
                provider: "openweathermap")
        }
        return WeatherClient(provider: "openweathermap", displayName: "OpenWeatherMap") {
            location throws(WeatherError) in
            let query = [
                QueryItem("lat", FixedDigits.decimal(location.latitude, digits: 4)),
                QueryItem("lon", FixedDigits.decimal(location.longitude, digits: 4)), QueryItem("units", "metric"),
                QueryItem("appid", apiKey, secret: true),
            ]
            do {
                let currentResponse = try await http.send(.get("/data/2.5/weather", query: query))
                let current = try decode(
                    OWMCurrentDTO.self, currentResponse.body, host: http.host,
                    what: Sentence("OpenWeatherMap current weather", table: .weather))
                let forecastResponse = try await http.send(.get("/data/2.5/forecast", query: query))
                let forecast = try decode(
                    OWMForecastDTO.self, forecastResponse.body, host: http.host,
                    what: Sentence("OpenWeatherMap forecast", table: .weather))
                return try report(current: current, forecast: forecast, for: location).checked(days: forecastDays)
            } catch let error as WeatherError {
                throw scrub(error, key: apiKey)
            } catch let error as HTTPError {
                throw scrub(specific(error), key: apiKey)
            } catch {
                throw WeatherError.malformed(
                    Sentence("OpenWeatherMap: %@", .text("\(error)".terminalSafe), table: .weather))
            }
        }
    }

    static func decode<T: Decodable>(_ type: T.Type, _ body: Data, host: String, what: Sentence) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: body)
        } catch {
            throw HTTPError.decoding(DecodingFailure(host: host, expected: what, error: error))
        }
    }

    /// What a failed exchange means: 401, 404 and 429 bodies become messages of their own, with the server's
    /// words made safe for a terminal; other failures are described as for any provider.
    public static func specific(_ error: HTTPError) -> WeatherError {
        guard case .status(let status) = error else { return WeatherError.from(error, provider: "OpenWeatherMap") }
        let said =
            (try? JSONDecoder().decode(OWMErrorDTO.self, from: status.body))?.message.map { $0.terminalSafeSentence }
            ?? ""
        switch status.code {
        case 401 where said.isEmpty:
            return .badKey(
                Sentence("OpenWeatherMap refused the API key (401). Check OPENWEATHER_API_KEY.", table: .weather))
        case 401:
            return .badKey(
                Sentence(
                    "OpenWeatherMap refused the API key (401): %@. Check OPENWEATHER_API_KEY.", .text(said),
                    table: .weather))
        case 404 where said.isEmpty:
            return .notFound(Sentence("OpenWeatherMap has no weather for this place (404).", table: .weather))
        case 404:
            return .notFound(
                Sentence("OpenWeatherMap has no weather for this place (404): %@.", .text(said), table: .weather))
        case 429:
            let sentence =
                status.retryAfter.map {
                    Sentence(
                        "OpenWeatherMap limits the requests (429): try again in %@ s.", .number(Int($0.rounded())),
                        table: .weather)
                }
                ?? Sentence(
                    "OpenWeatherMap limits the requests (429): try again in a while (free keys allow 60 calls a minute).",
                    table: .weather)
            return .rateLimited(retryAfter: status.retryAfter, message: sentence)
        default:
            return WeatherError.from(error, provider: "OpenWeatherMap")
        }
    }

    /// The key must never appear in a message, even if a server echoes it.
    public static func scrub(_ error: WeatherError, key: String) -> WeatherError {
        func clean(_ sentence: Sentence) -> Sentence {
            sentence.mapTexts { $0.replacingEvery(key, with: "***") }
        }
        return switch error {
        case .unreachable(let m): .unreachable(clean(m))
        case .timedOut(let m): .timedOut(clean(m))
        case .server(let s, let m): .server(status: s, message: clean(m))
        case .badKey(let m): .badKey(clean(m))
        case .rateLimited(let r, let m): .rateLimited(retryAfter: r, message: clean(m))
        case .notFound(let m): .notFound(clean(m))
        case .malformed(let m): .malformed(clean(m))
        case .notConfigured(let m): .notConfigured(clean(m))
        case .cancelled: .cancelled
        }
    }

    public static func report(
        current: OWMCurrentDTO, forecast: OWMForecastDTO, for location: WeatherLocation
    ) throws(WeatherError)
        -> WeatherReport
    {
        let offset = current.timezone ?? forecast.city?.timezone ?? 0
        guard plausible(celsius: current.main.temp), plausible(time: current.dt), abs(offset) <= 18 * 3600 else {
            throw .malformed(Sentence("OpenWeatherMap sent an impossible temperature or UTC offset.", table: .weather))
        }
        let local = LocalTime.Parser(utcOffset: offset)
        let code = current.weather.first?.id ?? -1
        let observed = Date(timeIntervalSince1970: current.dt)
        let isDay: Bool = {
            guard let rise = current.sys?.sunrise, let set = current.sys?.sunset else { return true }
            return current.dt >= rise && current.dt < set
        }()
        // Entries with an impossible time are left out here; impossible values, by `checked(days:)`, which says so.
        let list = forecast.list.filter { plausible(time: $0.dt) }
        let hours = list.map { entry in
            HourForecast(
                time: Date(timeIntervalSince1970: entry.dt), temperature: entry.main.temp,
                feelsLike: entry.main.feelsLike,
                precipitationProbability: entry.pop.map { $0 * 100 },
                condition: entry.weather.first.map { Condition(openWeatherMap: $0.id) } ?? .unknown,
                precipitation: amount(entry.rain, entry.snow, \.threeHours),
                windSpeed: entry.wind?.speed.map { $0 * 3.6 }, windDirection: entry.wind?.deg)
        }
        // Days from the 3-hourly entries, by local date: extremes, mean, and the condition at midday.
        var byDate: [String: [OWMForecastDTO.Entry]] = [:]
        for entry in list {
            byDate[local.day(Date(timeIntervalSince1970: entry.dt)), default: []].append(entry)
        }
        let today = local.day(observed)
        let days = byDate.keys.sorted().map { date -> DayForecast in
            let entries = byDate[date] ?? []
            // The extremes of the forecast's own temperatures: `temp_min` and `temp_max` are documented as the
            // spread over a large city's stations now, not the day's extremes (real answers gave a "16 °C" minimum
            // on a day forecast 19-23 °C).
            let temperatures = entries.map(\.main.temp)
            let low = temperatures.min() ?? 0
            let high = temperatures.max() ?? 0
            let midday = entries.min { abs(localHour($0.dt, offset) - 13) < abs(localHour($1.dt, offset) - 13) }
            let amounts = entries.compactMap { amount($0.rain, $0.snow, \.threeHours) }
            return DayForecast(
                date: date, minimum: low, maximum: high,
                average: temperatures.reduce(0, +) / Double(max(1, temperatures.count)),
                condition: midday?.weather.first.map { Condition(openWeatherMap: $0.id) } ?? .unknown,
                sunrise: date == today ? current.sys?.sunrise.map(Date.init(timeIntervalSince1970:)) : nil,
                sunset: date == today ? current.sys?.sunset.map(Date.init(timeIntervalSince1970:)) : nil,
                precipitation: amounts.isEmpty ? (entries.isEmpty ? nil : 0) : amounts.reduce(0, +),
                precipitationProbability: entries.compactMap(\.pop).max().map { $0 * 100 },
                windSpeed: entries.compactMap { $0.wind?.speed }.max().map { $0 * 3.6 })
        }
        return WeatherReport(
            location: location, provider: "openweathermap", observedAt: observed, utcOffset: offset,
            current: CurrentWeather(
                temperature: current.main.temp, feelsLike: current.main.feelsLike,
                humidity: current.main.humidity, windSpeed: current.wind?.speed.map { $0 * 3.6 },
                windDirection: current.wind?.deg, condition: Condition(openWeatherMap: code), code: code, isDay: isDay,
                precipitation: amount(current.rain, current.snow, \.oneHour) ?? 0,
                windGusts: current.wind?.gust.map { $0 * 3.6 }, uvIndex: nil, pressure: current.main.pressure,
                visibility: current.visibility, cloudCover: current.clouds?.all,
                dewPoint: current.main.humidity.flatMap { dewPoint(celsius: current.main.temp, humidity: $0) },
                // Said with the weather now, so they are there all day (the forecast's days may start tomorrow).
                sunrise: current.sys?.sunrise.map(Date.init(timeIntervalSince1970:)),
                sunset: current.sys?.sunset.map(Date.init(timeIntervalSince1970:))),
            hours: hours, days: days)
    }

    /// Rain and snow together (mm), nil when the answer says neither: OpenWeatherMap leaves them out when it is dry
    /// (so the current weather's absence means none fell in the last hour).
    static func amount(
        _ rain: OWMCurrentDTO.Amount?, _ snow: OWMCurrentDTO.Amount?, _ period: KeyPath<OWMCurrentDTO.Amount, Double?>
    ) -> Double? {
        let values = [rain?[keyPath: period], snow?[keyPath: period]].compactMap { $0 }
        return values.isEmpty ? nil : values.reduce(0, +)
    }

    /// The dew point from the temperature and the relative humidity (Magnus formula, Alduchov and Eskridge's
    /// constants: within 0.4 °C from −40 to 50 °C); OpenWeatherMap's current weather does not send it.
    static func dewPoint(celsius: Double, humidity: Double) -> Double? {
        guard humidity > 0, humidity <= 100, celsius.isFinite else { return nil }
        let a = 17.625, b = 243.04
        let gamma = log(humidity / 100) + a * celsius / (b + celsius)
        return b * gamma / (a - gamma)
    }

    static func localHour(_ time: Double, _ offset: Int) -> Int {
        guard time.isFinite, abs(time) < 1e12 else { return 0 }
        return ((Int(time) + offset) % 86_400 + 86_400) % 86_400 / 3600
    }

    /// Seconds since 1970 that a real answer can hold (1970 to 2100), and temperatures a planet can have.
    static func plausible(time: Double) -> Bool { time.isFinite && (0...4_102_444_800).contains(time) }
    static func plausible(celsius: Double) -> Bool { Plausible.temperature.contains(celsius) }
}

extension String {
    /// Made terminal-safe, without a final full stop (the message adds its own).
    fileprivate var terminalSafeSentence: String {
        var text = TerminalText.sanitize(self)
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
