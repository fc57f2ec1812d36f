import CoreKit
import Foundation
import MapRendering
import WeatherService

/// Where the map's temperatures come from: the weather cache the Weather feature fills (fresh entries only), then
/// one request for what is missing (`CurrentConditionsClient`, at most 10 places).
public struct MapWeather: Sendable {
    /// How long a temperature is shown without asking again (as the Weather feature's cache).
    static let freshFor: TimeInterval = 600
    /// After a failed request, how long the map waits before it asks again (a full-screen map redraws at every key).
    static let retryAfter: TimeInterval = 30

    let conditions: CurrentConditionsClient
    let cache: WeatherCacheClient

    /// - Parameters:
    ///   - conditions: the weather now at many places in one request (Open-Meteo in the App).
    ///   - cache: the Weather feature's cache, read for fresh entries of the same provider.
    public init(conditions: CurrentConditionsClient, cache: WeatherCacheClient) {
        self.conditions = conditions
        self.cache = cache
    }
}

/// A place's weather as the map shows it, and when it was known.
struct MapCurrent: Equatable, Sendable {
    var weather: CurrentWeather
    var at: Date

    /// `3°☁`: the temperature in whole °C (no "-0"), and the condition's symbol.
    var label: String {
        let degrees = Int(weather.temperature.rounded())
        return "\(degrees == 0 ? 0 : degrees)°\(weather.condition.glyph)"
    }
}
