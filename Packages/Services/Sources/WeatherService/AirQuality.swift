import Foundation

/// The air now at a place: the European and US air quality indices and what they are made of.
public struct AirQuality: Sendable, Equatable, Codable {
    public var location: WeatherLocation
    public var observedAt: Date
    /// The place's offset from UTC, in seconds, for local times.
    public var utcOffset: Int
    /// The European index (EEA): 0-20 good … above 100 extremely poor.
    public var europeanAqi: Double?
    /// The US index (EPA): 0-50 good … above 300 hazardous.
    public var usAqi: Double?
    /// µg/m³.
    public var pm25: Double?
    /// µg/m³.
    public var pm10: Double?
    /// µg/m³.
    public var ozone: Double?
    /// µg/m³.
    public var nitrogenDioxide: Double?
    public var uvIndex: Double?

    public init(
        location: WeatherLocation, observedAt: Date, utcOffset: Int, europeanAqi: Double?, usAqi: Double?,
        pm25: Double?, pm10: Double?, ozone: Double?, nitrogenDioxide: Double?, uvIndex: Double?
    ) {
        self.location = location
        self.observedAt = observedAt
        self.utcOffset = utcOffset
        self.europeanAqi = europeanAqi
        self.usAqi = usAqi
        self.pm25 = pm25
        self.pm10 = pm10
        self.ozone = ozone
        self.nitrogenDioxide = nitrogenDioxide
        self.uvIndex = uvIndex
    }

    /// The EEA's words for the European index.
    public static func europeanLevel(_ index: Double) -> String {
        switch index {
        case ..<20: "good"
        case 20..<40: "fair"
        case 40..<60: "moderate"
        case 60..<80: "poor"
        case 80..<100: "very poor"
        default: "extremely poor"
        }
    }

    /// The EPA's words for the US index.
    public static func usLevel(_ index: Double) -> String {
        switch index.rounded() {
        case ...50: "good"
        case ...100: "moderate"
        case ...150: "unhealthy for sensitive groups"
        case ...200: "unhealthy"
        case ...300: "very unhealthy"
        default: "hazardous"
        }
    }
}

/// Where the air's data comes from (Open-Meteo's air-quality API, from CAMS): one fetch gives the air now.
public struct AirQualityClient: Sendable {
    /// The cache's name for these answers.
    public var provider: String
    public var fetch: @Sendable (WeatherLocation) async throws(WeatherError) -> AirQuality

    public init(
        provider: String, fetch: @escaping @Sendable (WeatherLocation) async throws(WeatherError) -> AirQuality
    ) {
        self.provider = provider
        self.fetch = fetch
    }

    /// Fails every request with `error` (for tests).
    public static func failing(_ error: WeatherError) -> Self {
        Self(provider: "test-air") { _ throws(WeatherError) in throw error }
    }
}

/// Today at several places in one request (`compare`): the weather now and the day's extremes.
public struct PlaceToday: Sendable, Equatable {
    public var current: CurrentWeather
    public var observedAt: Date
    public var utcOffset: Int
    /// °C.
    public var minimum: Double?
    public var maximum: Double?
    /// The day's condition.
    public var condition: Condition?

    public init(
        current: CurrentWeather, observedAt: Date, utcOffset: Int, minimum: Double?, maximum: Double?,
        condition: Condition?
    ) {
        self.current = current
        self.observedAt = observedAt
        self.utcOffset = utcOffset
        self.minimum = minimum
        self.maximum = maximum
        self.condition = condition
    }
}

/// Today at up to `limit` places, in one request: nil for a place whose answer is unusable.
public struct TodayClient: Sendable {
    public static let limit = 10

    public var provider: String
    public var fetch: @Sendable (_ places: [WeatherLocation]) async throws(WeatherError) -> [PlaceToday?]

    public init(
        provider: String, fetch: @escaping @Sendable ([WeatherLocation]) async throws(WeatherError) -> [PlaceToday?]
    ) {
        self.provider = provider
        self.fetch = fetch
    }

    /// Fails every request with `error` (for tests).
    public static func failing(_ error: WeatherError) -> Self {
        Self(provider: "test") { _ throws(WeatherError) in throw error }
    }
}
