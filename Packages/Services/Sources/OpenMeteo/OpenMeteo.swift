import Foundation
import Networking
import WeatherService

/// Open-Meteo's `/v1/forecast` answer, exactly as sent: parallel arrays in which any value may be `null`, local
/// times without an offset next to `utcOffsetSeconds`.
public struct OpenMeteoForecastDTO: Decodable, Sendable, Equatable {
    public struct Current: Decodable, Sendable, Equatable {
        public var time: String
        public var temperature2m: Double?
        public var apparentTemperature: Double?
        public var relativeHumidity2m: Double?
        public var windSpeed10m: Double?
        public var windDirection10m: Double?
        public var weatherCode: Int?
        public var isDay: Int?

        enum CodingKeys: String, CodingKey {
            case time
            case temperature2m = "temperature_2m"
            case apparentTemperature = "apparent_temperature"
            case relativeHumidity2m = "relative_humidity_2m"
            case windSpeed10m = "wind_speed_10m"
            case windDirection10m = "wind_direction_10m"
            case weatherCode = "weather_code"
            case isDay = "is_day"
        }
    }

    public struct Hourly: Decodable, Sendable, Equatable {
        public var time: [String]
        public var temperature2m: [Double?]?
        public var apparentTemperature: [Double?]?
        public var precipitationProbability: [Double?]?
        public var weatherCode: [Int?]?

        enum CodingKeys: String, CodingKey {
            case time
            case temperature2m = "temperature_2m"
            case apparentTemperature = "apparent_temperature"
            case precipitationProbability = "precipitation_probability"
            case weatherCode = "weather_code"
        }
    }

    public struct Daily: Decodable, Sendable, Equatable {
        public var time: [String]
        public var weatherCode: [Int?]?
        public var temperature2mMax: [Double?]?
        public var temperature2mMin: [Double?]?
        public var sunrise: [String?]?
        public var sunset: [String?]?

        enum CodingKeys: String, CodingKey {
            case time, sunrise, sunset
            case weatherCode = "weather_code"
            case temperature2mMax = "temperature_2m_max"
            case temperature2mMin = "temperature_2m_min"
        }
    }

    public var latitude: Double
    public var longitude: Double
    public var utcOffsetSeconds: Int
    public var timezone: String?
    public var current: Current?
    public var hourly: Hourly?
    public var daily: Daily?

    enum CodingKeys: String, CodingKey {
        case latitude, longitude, timezone, current, hourly, daily
        case utcOffsetSeconds = "utc_offset_seconds"
    }
}

/// Open-Meteo: no key. `GET {base}/v1/forecast` with the variables SkyLens shows, in °C and km/h.
public enum OpenMeteo {
    public static let defaultBaseURL = URL(string: "https://api.open-meteo.com")!
    /// Days asked for; an answer with more has them dropped (see `WeatherReport.checked`).
    public static let forecastDays = 7

    /// The DTOs name their keys (`temperature_2m`); a plain decoder.
    public static var decoder: JSONDecoder { JSONDecoder() }

    public static func client(http: HTTPClient) -> WeatherClient {
        WeatherClient(provider: "open-meteo", displayName: "Open-Meteo") { location throws(WeatherError) in
            let request = HTTPRequest.get("/v1/forecast", query: query(for: location))
            let dto: OpenMeteoForecastDTO
            do throws(HTTPError) {
                dto = try await http.send(
                    request, decoding: OpenMeteoForecastDTO.self, expected: "Open-Meteo weather data", decoder: decoder)
            } catch {
                throw WeatherError.from(error, provider: "Open-Meteo")
            }
            return try report(from: dto, for: location).checked(days: forecastDays)
        }
    }

    /// The weather now at up to `CurrentConditionsClient.limit` places in one request:
    /// `latitude=a,b,c&longitude=x,y,z`, which Open-Meteo answers with an array (an object for one place).
    public static func currentConditions(http: HTTPClient) -> CurrentConditionsClient {
        CurrentConditionsClient(provider: "open-meteo") { places throws(WeatherError) in
            guard !places.isEmpty else { return [] }
            let asked = Array(places.prefix(CurrentConditionsClient.limit))
            let request = HTTPRequest.get(
                "/v1/forecast",
                query: [
                    QueryItem("latitude", asked.map { String(format: "%.4f", $0.latitude) }.joined(separator: ",")),
                    QueryItem("longitude", asked.map { String(format: "%.4f", $0.longitude) }.joined(separator: ",")),
                    QueryItem("current", "temperature_2m,weather_code,is_day"),
                    QueryItem("timezone", "GMT"),
                    QueryItem("temperature_unit", "celsius"),
                ])
            let answer: OpenMeteoCurrentBatchDTO
            do throws(HTTPError) {
                answer = try await http.send(
                    request, decoding: OpenMeteoCurrentBatchDTO.self, expected: "Open-Meteo weather data",
                    decoder: decoder)
            } catch {
                throw WeatherError.from(error, provider: "Open-Meteo")
            }
            guard answer.places.count == asked.count else {
                throw .malformed(
                    "Open-Meteo answered for \(answer.places.count) places where \(asked.count) were asked for.")
            }
            return answer.places.map { place in
                guard let current = place.current, let temperature = current.temperature2m,
                    Plausible.temperature.contains(temperature)
                else { return nil }
                let code = current.weatherCode ?? -1
                return CurrentWeather(
                    temperature: temperature, feelsLike: nil, humidity: nil, windSpeed: nil, windDirection: nil,
                    condition: Condition(wmo: code), code: code, isDay: (current.isDay ?? 1) == 1)
            }
        }
    }

    static func query(for location: WeatherLocation) -> [QueryItem] {
        [
            QueryItem("latitude", String(format: "%.4f", location.latitude)),
            QueryItem("longitude", String(format: "%.4f", location.longitude)),
            QueryItem(
                "current",
                "temperature_2m,apparent_temperature,relative_humidity_2m,wind_speed_10m,wind_direction_10m,weather_code,is_day"
            ),
            QueryItem("hourly", "temperature_2m,apparent_temperature,precipitation_probability,weather_code"),
            QueryItem("daily", "weather_code,temperature_2m_max,temperature_2m_min,sunrise,sunset"),
            QueryItem("timezone", "auto"),
            QueryItem("forecast_days", String(forecastDays)),
            QueryItem("temperature_unit", "celsius"),
            QueryItem("wind_speed_unit", "kmh"),
        ]
    }

    /// The domain model from the DTO; a response without the current temperature or times that do not parse is
    /// malformed (it is never shown as weather).
    public static func report(
        from dto: OpenMeteoForecastDTO, for location: WeatherLocation, fetchedAt: Date = Date()
    )
        throws(WeatherError) -> WeatherReport
    {
        let offset = dto.utcOffsetSeconds
        guard abs(offset) <= 18 * 3600 else {
            throw .malformed("Open-Meteo sent an impossible UTC offset (\(offset) s).")
        }
        let local = LocalTime.Parser(utcOffset: offset)
        guard let current = dto.current, let temperature = current.temperature2m,
            Plausible.temperature.contains(temperature),
            let observed = local.date(current.time)
        else {
            throw .malformed("Open-Meteo sent no current temperature or time for \(location.name).")
        }
        let code = current.weatherCode ?? -1
        var hours: [HourForecast] = []
        if let hourly = dto.hourly {
            for (index, time) in hourly.time.enumerated() {
                // Impossible values are left for `checked(days:)`, which says what it dropped.
                guard let date = local.date(time), let value = element(hourly.temperature2m, index) else { continue }
                hours.append(
                    HourForecast(
                        time: date, temperature: value, feelsLike: element(hourly.apparentTemperature, index),
                        precipitationProbability: element(hourly.precipitationProbability, index),
                        condition: element(hourly.weatherCode, index).map { Condition(wmo: $0) } ?? .unknown))
            }
        }
        let hourDays = hours.map { local.day($0.time) }
        var days: [DayForecast] = []
        if let daily = dto.daily {
            for (index, date) in daily.time.enumerated() {
                guard let high = element(daily.temperature2mMax, index),
                    let low = element(daily.temperature2mMin, index)
                else { continue }
                let sameDay = hours.indices.filter { hourDays[$0] == date }.map { hours[$0].temperature }
                let average = sameDay.isEmpty ? (high + low) / 2 : sameDay.reduce(0, +) / Double(sameDay.count)
                days.append(
                    DayForecast(
                        date: date, minimum: low, maximum: high, average: average,
                        condition: element(daily.weatherCode, index).map { Condition(wmo: $0) } ?? .unknown,
                        sunrise: element(daily.sunrise, index).flatMap {
                            local.date($0)
                        },
                        sunset: element(daily.sunset, index).flatMap {
                            local.date($0)
                        }))
            }
        }
        return WeatherReport(
            location: location, provider: "open-meteo", observedAt: observed, utcOffset: offset,
            current: CurrentWeather(
                temperature: temperature, feelsLike: current.apparentTemperature,
                humidity: current.relativeHumidity2m, windSpeed: current.windSpeed10m,
                windDirection: current.windDirection10m, condition: Condition(wmo: code), code: code,
                isDay: (current.isDay ?? 1) == 1),
            hours: hours, days: days)
    }

    /// `array[index]` when the array exists, is long enough and the value is not null.
    static func element<T>(_ array: [T?]?, _ index: Int) -> T? {
        guard let array, index < array.count else { return nil }
        return array[index]
    }
}

/// Open-Meteo's answer for a list of coordinates: an array of forecasts, or one forecast when one place was asked.
public struct OpenMeteoCurrentBatchDTO: Decodable, Sendable, Equatable {
    public var places: [OpenMeteoForecastDTO]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let many = try? container.decode([OpenMeteoForecastDTO].self) {
            places = many
        } else {
            places = [try container.decode(OpenMeteoForecastDTO.self)]
        }
    }
}
