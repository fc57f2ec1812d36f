import CoreKit
import Foundation

/// °C or °F. Values are stored in °C and converted when shown.
public enum TemperatureUnit: String, Sendable, Equatable, CaseIterable {
    case celsius, fahrenheit

    public var symbol: String { self == .celsius ? "°C" : "°F" }

    public func temperature(_ celsius: Double) -> Double { self == .celsius ? celsius : celsius * 9 / 5 + 32 }

    /// The words `unit` and the config file take: `c`, `celsius`, `metric`; `f`, `fahrenheit`, `imperial`.
    public init?(argument: String) {
        switch argument.lowercased() {
        case "c", "celsius", "°c", "metric": self = .celsius
        case "f", "fahrenheit", "°f", "imperial": self = .fahrenheit
        default: return nil
        }
    }
}

/// The temperature unit a person chose, for every feature that shows a temperature (the weather's views, the map's
/// labels): the one kept by `unit` (under `settingsKey`), else the configured default (`units:` in the config file,
/// `SKYLENS_UNITS`), else °C.
public struct TemperaturePreference: Sendable {
    /// Where `unit` keeps the temperature's unit.
    public static let settingsKey = "weather.unit"

    public var current: @Sendable () async -> TemperatureUnit

    public init(current: @escaping @Sendable () async -> TemperatureUnit) {
        self.current = current
    }

    /// Read from `settings` at each call (another session may have changed it); a store that cannot be read gives
    /// the default.
    public static func stored(in settings: SettingsClient, default fallback: TemperatureUnit?) -> Self {
        Self {
            if let text = try? await settings.value(for: settingsKey), let unit = TemperatureUnit(rawValue: text) {
                return unit
            }
            return fallback ?? .celsius
        }
    }

    /// Always `unit` (tests).
    public static func fixed(_ unit: TemperatureUnit) -> Self { Self { unit } }
}
