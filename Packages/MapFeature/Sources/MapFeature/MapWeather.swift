import Architecture
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
    let temperature: TemperaturePreference

    /// - Parameters:
    ///   - conditions: the weather now at many places in one request (Open-Meteo in the App).
    ///   - cache: the Weather feature's cache, read for fresh entries of the same provider.
    ///   - temperature: the unit the labels are in (the one `unit` keeps, as the weather's views).
    public init(conditions: CurrentConditionsClient, cache: WeatherCacheClient, temperature: TemperaturePreference) {
        self.conditions = conditions
        self.cache = cache
        self.temperature = temperature
    }
}

/// A place's weather as the map shows it, and when it was known.
struct MapCurrent: Equatable, Sendable {
    var weather: CurrentWeather
    var at: Date

    /// `3°☁`: the temperature in whole degrees of `unit` (no "-0"), and the condition's symbol.
    func label(_ unit: TemperatureUnit) -> String {
        let degrees = Int(unit.temperature(weather.temperature).rounded())
        return "\(degrees == 0 ? 0 : degrees)°\(weather.condition.glyph)"
    }

    /// The colour of a label written by `label(_:)`: the temperature scale of every view, read from the degrees the
    /// label shows (so that two labels that read alike are alike).
    static func style(ofLabel text: String, unit: TemperatureUnit) -> Painter.Style? {
        let number = text.prefix { $0 == "-" || $0.isNumber }
        guard text.dropFirst(number.count).first == "°", let degrees = Double(number) else { return nil }
        return ColorScale.temperature(unit == .celsius ? degrees : (degrees - 32) * 5 / 9)
    }
}
