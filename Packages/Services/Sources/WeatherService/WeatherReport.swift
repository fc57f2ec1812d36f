import CoreKit
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
        return "coord:" + FixedDigits.decimal(latitude, digits: 4) + "," + FixedDigits.decimal(longitude, digits: 4)
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
        /// The hours and the quarter hours as columns of numbers (`PackedRows`): what is written now.
        case hourRows, quarterRows
    }

    /// Written with the hours and the quarter hours packed (`PackedRows`): a cached 16-day answer's 384 hours read
    /// back as objects took JSONDecoder a millisecond of every `weather` answered from the cache (issue 30).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(location, forKey: .location)
        try container.encode(provider, forKey: .provider)
        try container.encode(observedAt, forKey: .observedAt)
        try container.encode(utcOffset, forKey: .utcOffset)
        try container.encode(current, forKey: .current)
        try container.encode(PackedRows(hours), forKey: .hourRows)
        try container.encode(days, forKey: .days)
        try container.encode(PackedRows(quarters), forKey: .quarterRows)
        try container.encode(leftOut, forKey: .leftOut)
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
        // Reports cached before the rows were packed hold them as objects.
        if let packed = try container.decodeIfPresent(PackedRows.self, forKey: .hourRows) {
            hours = try packed.hours()
        } else {
            hours = try container.decode([HourForecast].self, forKey: .hours)
        }
        days = try container.decode([DayForecast].self, forKey: .days)
        // Reports cached before the quarter hours were asked for have none.
        if let packed = try container.decodeIfPresent(PackedRows.self, forKey: .quarterRows) {
            quarters = try packed.quarters()
        } else {
            quarters = try container.decodeIfPresent([QuarterHour].self, forKey: .quarters) ?? []
        }
        if let leftOut = try container.decodeIfPresent([LeftOutValue].self, forKey: .leftOut) {
            self.leftOut = leftOut
        } else {
            let legacy = try decoder.container(keyedBy: LegacyKeys.self)
            leftOut = (try legacy.decodeIfPresent([String].self, forKey: .repairs) ?? []).map { .init($0, .extra) }
        }
    }
}

/// Rows of numbers kept as columns: each row's numbers as 64-bit floats, little-endian, one row after another, in one
/// base64 text (nil as NaN, which no value of a report is: JSON cannot carry one), and a text per row (the hour's
/// condition) joined by commas. Read as bytes, not as a JSON object a row.
struct PackedRows: Codable, Equatable {
    var count: Int
    var numbers: String
    var texts: String

    static let hourColumns = 8
    static let quarterColumns = 5

    init(_ hours: [HourForecast]) {
        var values: [Double] = []
        values.reserveCapacity(hours.count * Self.hourColumns)
        for hour in hours {
            values += [
                hour.time.timeIntervalSinceReferenceDate, hour.temperature, hour.feelsLike ?? .nan,
                hour.precipitationProbability ?? .nan, hour.precipitation ?? .nan, hour.windSpeed ?? .nan,
                hour.windDirection ?? .nan, hour.visibility ?? .nan,
            ]
        }
        self.init(count: hours.count, values: values, texts: hours.map(\.condition.rawValue))
    }

    init(_ quarters: [QuarterHour]) {
        var values: [Double] = []
        values.reserveCapacity(quarters.count * Self.quarterColumns)
        for quarter in quarters {
            values += [
                quarter.time.timeIntervalSinceReferenceDate, quarter.precipitation ?? .nan, quarter.rain ?? .nan,
                quarter.snowfall ?? .nan, quarter.code.map(Double.init) ?? .nan,
            ]
        }
        self.init(count: quarters.count, values: values, texts: [])
    }

    private init(count: Int, values: [Double], texts: [String]) {
        self.count = count
        var bytes = Data(capacity: values.count * 8)
        for value in values { withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) } }
        numbers = bytes.base64EncodedString()
        self.texts = texts.joined(separator: ",")
    }

    func hours() throws -> [HourForecast] {
        let values = try self.values(columns: Self.hourColumns)
        let conditions = texts.split(separator: ",", omittingEmptySubsequences: false)
        guard conditions.count == count || (count == 0 && texts.isEmpty) else { throw Self.damaged("conditions") }
        return try (0..<count).map { row in
            let at = row * Self.hourColumns
            func optional(_ column: Int) -> Double? { values[at + column].isNaN ? nil : values[at + column] }
            guard let condition = Condition(rawValue: String(conditions[row])) else { throw Self.damaged("condition") }
            guard !values[at].isNaN, !values[at + 1].isNaN else { throw Self.damaged("times or temperatures") }
            return HourForecast(
                time: Date(timeIntervalSinceReferenceDate: values[at]), temperature: values[at + 1],
                feelsLike: optional(2), precipitationProbability: optional(3), condition: condition,
                precipitation: optional(4), windSpeed: optional(5), windDirection: optional(6),
                visibility: optional(7))
        }
    }

    func quarters() throws -> [QuarterHour] {
        let values = try self.values(columns: Self.quarterColumns)
        return try (0..<count).map { row in
            let at = row * Self.quarterColumns
            func optional(_ column: Int) -> Double? { values[at + column].isNaN ? nil : values[at + column] }
            let code = try optional(4).map { value in
                guard let code = Int(exactly: value) else { throw Self.damaged("codes") }
                return code
            }
            guard !values[at].isNaN else { throw Self.damaged("times") }
            return QuarterHour(
                time: Date(timeIntervalSinceReferenceDate: values[at]), precipitation: optional(1), rain: optional(2),
                snowfall: optional(3), code: code)
        }
    }

    private func values(columns: Int) throws -> [Double] {
        // Compared by division: a damaged count (2^60) must be refused, not overflow a multiplication and trap.
        guard count >= 0, let bytes = Data(base64Encoded: numbers), bytes.count % (columns * 8) == 0,
            bytes.count / (columns * 8) == count
        else {
            throw Self.damaged("numbers")
        }
        return bytes.withUnsafeBytes { raw in
            (0..<(count * columns)).map { index in
                Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)))
            }
        }
    }

    private static func damaged(_ what: String) -> DecodingError {
        DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "packed rows: \(what) do not match"))
    }
}
