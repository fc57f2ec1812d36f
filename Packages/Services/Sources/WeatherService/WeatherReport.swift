import Foundation

/// Where a forecast is for: a city of the catalogue, or bare coordinates.
public struct WeatherLocation: Sendable, Equatable, Codable, Hashable {
    /// The catalogue id, when the place is a city of it.
    public var id: Int?
    public var name: String
    public var country: String
    public var latitude: Double
    public var longitude: Double

    public init(id: Int?, name: String, country: String, latitude: Double, longitude: Double) {
        self.id = id
        self.name = name
        self.country = country
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The key of its cached weather: the id, or the coordinates to four decimals (about 10 m).
    public var cacheKey: String {
        if let id { return "city:\(id)" }
        return String(format: "coord:%.4f,%.4f", latitude, longitude)
    }
}

/// The sky, in the few kinds people care about. Both providers' codes map onto it.
public enum Condition: String, Sendable, Equatable, Codable, CaseIterable {
    case clear, mainlyClear, partlyCloudy, overcast, fog, drizzle, freezingDrizzle, rain, heavyRain, freezingRain
    case snow, heavySnow, sleet, rainShowers, snowShowers, thunderstorm, thunderstormWithHail, unknown

    public var words: String {
        switch self {
        case .clear: "Clear sky"
        case .mainlyClear: "Mainly clear"
        case .partlyCloudy: "Partly cloudy"
        case .overcast: "Overcast"
        case .fog: "Fog"
        case .drizzle: "Drizzle"
        case .freezingDrizzle: "Freezing drizzle"
        case .rain: "Rain"
        case .heavyRain: "Heavy rain"
        case .freezingRain: "Freezing rain"
        case .snow: "Snow"
        case .heavySnow: "Heavy snow"
        case .sleet: "Sleet"
        case .rainShowers: "Rain showers"
        case .snowShowers: "Snow showers"
        case .thunderstorm: "Thunderstorm"
        case .thunderstormWithHail: "Thunderstorm with hail"
        case .unknown: "Unknown"
        }
    }

    /// A one-column symbol: ☀ ☁ ≡ ☂ ❄ ϟ (? when unknown).
    public var glyph: String {
        switch self {
        case .clear, .mainlyClear: "☀"
        case .partlyCloudy, .overcast: "☁"
        case .fog: "≡"
        case .drizzle, .rain, .heavyRain, .rainShowers, .freezingDrizzle, .freezingRain: "☂"
        case .snow, .heavySnow, .snowShowers, .sleet: "❄"
        case .thunderstorm, .thunderstormWithHail: "ϟ"
        case .unknown: "?"
        }
    }

    /// WMO weather interpretation codes (WW), as Open-Meteo sends them.
    public init(wmo code: Int) {
        self =
            switch code {
            case 0: .clear
            case 1: .mainlyClear
            case 2: .partlyCloudy
            case 3: .overcast
            case 45, 48: .fog
            case 51, 53, 55: .drizzle
            case 56, 57: .freezingDrizzle
            case 61, 63: .rain
            case 65: .heavyRain
            case 66, 67: .freezingRain
            case 71, 73, 77: .snow
            case 75: .heavySnow
            case 80, 81, 82: .rainShowers
            case 85, 86: .snowShowers
            case 95: .thunderstorm
            case 96, 99: .thunderstormWithHail
            default: .unknown
            }
    }

    /// OpenWeatherMap condition ids (2xx thunderstorm … 8xx clouds).
    public init(openWeatherMap id: Int) {
        self =
            switch id {
            case 200...202, 230...232: .thunderstorm
            case 210...221: .thunderstorm
            case 300...321: .drizzle
            case 500, 501: .rain
            case 502...504: .heavyRain
            case 511: .freezingRain
            case 520...531: .rainShowers
            case 600, 601: .snow
            case 602: .heavySnow
            case 611...616: .sleet
            case 620...622: .snowShowers
            case 701, 711, 721, 741: .fog
            case 731, 751, 761, 762, 771, 781: .overcast
            case 800: .clear
            case 801: .mainlyClear
            case 802: .partlyCloudy
            case 803, 804: .overcast
            default: .unknown
            }
    }
}

/// Weather now.
public struct CurrentWeather: Sendable, Equatable, Codable {
    /// °C.
    public var temperature: Double
    /// °C; nil when the provider sent none, or an impossible one (see `Plausible`).
    public var feelsLike: Double?
    /// Percent.
    public var humidity: Double?
    /// km/h.
    public var windSpeed: Double?
    /// Degrees, where the wind comes from.
    public var windDirection: Double?
    public var condition: Condition
    /// The provider's own code (WMO for Open-Meteo, the condition id for OpenWeatherMap).
    public var code: Int
    public var isDay: Bool
    /// mm, rain and snow (as water) of the last hour.
    public var precipitation: Double?
    /// km/h.
    public var windGusts: Double?
    public var uvIndex: Double?
    /// hPa, at sea level.
    public var pressure: Double?
    /// Metres.
    public var visibility: Double?
    /// Percent.
    public var cloudCover: Double?
    /// °C.
    public var dewPoint: Double?
    /// Today's sunrise and sunset at the place, when the provider says them with the weather now (OpenWeatherMap);
    /// else the day's forecast has them.
    public var sunrise: Date?
    public var sunset: Date?

    public init(
        temperature: Double, feelsLike: Double?, humidity: Double?, windSpeed: Double?, windDirection: Double?,
        condition: Condition, code: Int, isDay: Bool, precipitation: Double? = nil, windGusts: Double? = nil,
        uvIndex: Double? = nil, pressure: Double? = nil, visibility: Double? = nil, cloudCover: Double? = nil,
        dewPoint: Double? = nil, sunrise: Date? = nil, sunset: Date? = nil
    ) {
        self.temperature = temperature
        self.feelsLike = feelsLike
        self.humidity = humidity
        self.windSpeed = windSpeed
        self.windDirection = windDirection
        self.condition = condition
        self.code = code
        self.isDay = isDay
        self.precipitation = precipitation
        self.windGusts = windGusts
        self.uvIndex = uvIndex
        self.pressure = pressure
        self.visibility = visibility
        self.cloudCover = cloudCover
        self.dewPoint = dewPoint
        self.sunrise = sunrise
        self.sunset = sunset
    }
}

/// One hour (or 3-hour step) of the forecast.
public struct HourForecast: Sendable, Equatable, Codable {
    public var time: Date
    public var temperature: Double
    public var feelsLike: Double?
    /// Percent, 0…100.
    public var precipitationProbability: Double?
    public var condition: Condition
    /// mm in the hour (in the 3 hours of an OpenWeatherMap step).
    public var precipitation: Double?
    /// km/h.
    public var windSpeed: Double?
    /// Degrees, where the wind comes from.
    public var windDirection: Double?
    /// Metres (answers kept before it was asked have none).
    public var visibility: Double?

    public init(
        time: Date, temperature: Double, feelsLike: Double?, precipitationProbability: Double?, condition: Condition,
        precipitation: Double? = nil, windSpeed: Double? = nil, windDirection: Double? = nil,
        visibility: Double? = nil
    ) {
        self.time = time
        self.temperature = temperature
        self.feelsLike = feelsLike
        self.precipitationProbability = precipitationProbability
        self.condition = condition
        self.precipitation = precipitation
        self.windSpeed = windSpeed
        self.windDirection = windDirection
        self.visibility = visibility
    }
}

/// Fifteen minutes of precipitation (Open-Meteo's `minutely_15`): what falls in the quarter hour that *ends* at
/// `time` (the provider's convention: a sum over the preceding 15 minutes).
public struct QuarterHour: Sendable, Equatable, Codable {
    /// The end of the quarter hour.
    public var time: Date
    /// mm of water, rain, showers and snow together.
    public var precipitation: Double?
    /// mm of rain from large-scale systems (not showers).
    public var rain: Double?
    /// cm of snow.
    public var snowfall: Double?
    /// The WMO code of the quarter hour, when sent.
    public var code: Int?

    public init(time: Date, precipitation: Double?, rain: Double? = nil, snowfall: Double? = nil, code: Int? = nil) {
        self.time = time
        self.precipitation = precipitation
        self.rain = rain
        self.snowfall = snowfall
        self.code = code
    }

    /// The quarter hour's length: the rate of an amount is `amount × 4` mm/h.
    public static let length: TimeInterval = 900
}

/// One day of the forecast.
public struct DayForecast: Sendable, Equatable, Codable {
    /// The local date, `2026-11-22`.
    public var date: String
    public var minimum: Double
    public var maximum: Double
    /// The mean of the day's hourly temperatures (of its min and max where hours are missing).
    public var average: Double
    public var condition: Condition
    public var sunrise: Date?
    public var sunset: Date?
    /// mm over the day.
    public var precipitation: Double?
    /// The day's highest chance of precipitation, percent.
    public var precipitationProbability: Double?
    /// The day's strongest wind, km/h.
    public var windSpeed: Double?

    public init(
        date: String, minimum: Double, maximum: Double, average: Double, condition: Condition, sunrise: Date?,
        sunset: Date?, precipitation: Double? = nil, precipitationProbability: Double? = nil, windSpeed: Double? = nil
    ) {
        self.date = date
        self.minimum = minimum
        self.maximum = maximum
        self.average = average
        self.condition = condition
        self.sunrise = sunrise
        self.sunset = sunset
        self.precipitation = precipitation
        self.precipitationProbability = precipitationProbability
        self.windSpeed = windSpeed
    }
}

/// A value the provider sent that was impossible, left out (`WeatherReport.checked(days:)`): in words, and where it
/// would have been shown, so that a view says so only when it would have shown it.
public struct LeftOutValue: Sendable, Equatable, Codable {
    public enum Scope: Sendable, Equatable, Codable {
        /// A value of the weather now.
        case now
        /// A value of the day of this date (`2026-11-25`), or the whole day.
        case day(String)
        /// A value of an hour of this date, or the whole hour.
        case hour(String)
        /// Beyond what was asked for, or repeated: never on screen.
        case extra
    }

    /// `chance of precipitation 110 % on 2026-12-06`.
    public var text: String
    public var scope: Scope

    public init(_ text: String, _ scope: Scope) {
        self.text = text
        self.scope = scope
    }
}

/// Everything one fetch brought: the weather now, by hour and by day, in °C and km/h.
public struct WeatherReport: Sendable, Equatable, Codable {
    public var location: WeatherLocation
    /// `open-meteo` or `openweathermap`.
    public var provider: String
    public var observedAt: Date
    /// The place's offset from UTC, in seconds, for local times.
    public var utcOffset: Int
    public var current: CurrentWeather
    public var hours: [HourForecast]
    public var days: [DayForecast]
    /// The next hours in quarter hours, when the provider gives them (Open-Meteo); else empty.
    public var quarters: [QuarterHour]
    /// What `checked(days:)` found impossible and left out: empty for a sound answer.
    public var leftOut: [LeftOutValue]

    /// What was left out, in words (the JSON's `leftOut`, the log).
    public var repairs: [String] { leftOut.map(\.text) }

    public init(
        location: WeatherLocation, provider: String, observedAt: Date, utcOffset: Int, current: CurrentWeather,
        hours: [HourForecast], days: [DayForecast], quarters: [QuarterHour] = [], leftOut: [LeftOutValue] = []
    ) {
        self.location = location
        self.provider = provider
        self.observedAt = observedAt
        self.utcOffset = utcOffset
        self.current = current
        self.hours = hours
        self.days = days
        self.quarters = quarters
        self.leftOut = leftOut
    }

    enum CodingKeys: String, CodingKey {
        case location, provider, observedAt, utcOffset, current, hours, days, quarters, leftOut
    }

    /// The words-only list that reports cached before `leftOut` carried.
    private enum LegacyKeys: String, CodingKey { case repairs }

    /// Reports cached before `leftOut` existed decode with none, or with their `repairs` in words only (never on
    /// screen: where they were is not known).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        location = try container.decode(WeatherLocation.self, forKey: .location)
        provider = try container.decode(String.self, forKey: .provider)
        observedAt = try container.decode(Date.self, forKey: .observedAt)
        utcOffset = try container.decode(Int.self, forKey: .utcOffset)
        current = try container.decode(CurrentWeather.self, forKey: .current)
        hours = try container.decode([HourForecast].self, forKey: .hours)
        days = try container.decode([DayForecast].self, forKey: .days)
        // Reports cached before the quarter hours were asked for have none.
        quarters = try container.decodeIfPresent([QuarterHour].self, forKey: .quarters) ?? []
        if let leftOut = try container.decodeIfPresent([LeftOutValue].self, forKey: .leftOut) {
            self.leftOut = leftOut
        } else {
            let legacy = try decoder.container(keyedBy: LegacyKeys.self)
            leftOut = (try legacy.decodeIfPresent([String].self, forKey: .repairs) ?? []).map { .init($0, .extra) }
        }
    }
}
