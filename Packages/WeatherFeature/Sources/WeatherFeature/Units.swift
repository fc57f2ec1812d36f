import Foundation

/// °C or °F. Values are stored in °C and converted when shown.
enum TemperatureUnit: String, Sendable, Equatable, CaseIterable {
    case celsius, fahrenheit

    var symbol: String { self == .celsius ? "°C" : "°F" }

    func temperature(_ celsius: Double) -> Double { self == .celsius ? celsius : celsius * 9 / 5 + 32 }

    init?(argument: String) {
        switch argument.lowercased() {
        case "c", "celsius", "°c", "metric": self = .celsius
        case "f", "fahrenheit", "°f", "imperial": self = .fahrenheit
        default: return nil
        }
    }
}

/// Wind speeds: stored in km/h.
enum WindUnit: String, Sendable, Equatable, CaseIterable {
    case kmh, ms, mph, kn

    var symbol: String {
        switch self {
        case .kmh: "km/h"
        case .ms: "m/s"
        case .mph: "mph"
        case .kn: "kn"
        }
    }

    func speed(_ kmh: Double) -> Double {
        switch self {
        case .kmh: kmh
        case .ms: kmh / 3.6
        case .mph: kmh / 1.609344
        case .kn: kmh / 1.852
        }
    }

    init?(argument: String) {
        switch argument.lowercased() {
        case "kmh", "km/h", "kph": self = .kmh
        case "ms", "m/s", "mps": self = .ms
        case "mph": self = .mph
        case "kn", "kt", "kts", "knots": self = .kn
        default: return nil
        }
    }
}

/// Rain and snow (as water): stored in mm.
enum RainUnit: String, Sendable, Equatable, CaseIterable {
    case mm
    case inch = "in"

    var symbol: String { rawValue }

    /// `4 mm`, `0.2 mm`, `0.16 in`: tenths of a millimetre, hundredths of an inch.
    func amount(_ mm: Double) -> String {
        switch self {
        case .mm:
            let tenths = whole(mm * 10)
            return tenths % 10 == 0 ? "\(tenths / 10) mm" : String(format: "%.1f mm", Double(tenths) / 10)
        case .inch: return String(format: "%.2f in", mm / 25.4)
        }
    }

    func value(_ mm: Double) -> Double { self == .mm ? (mm * 10).rounded() / 10 : (mm / 25.4 * 100).rounded() / 100 }

    init?(argument: String) {
        switch argument.lowercased() {
        case "mm", "millimetres", "millimeters": self = .mm
        case "in", "inch", "inches", "\"": self = .inch
        default: return nil
        }
    }
}

/// Times of day: `14:00` or `2 PM`.
enum ClockStyle: String, Sendable, Equatable, CaseIterable {
    case h24 = "24"
    case h12 = "12"

    init?(argument: String) {
        switch argument.lowercased() {
        case "24", "24h": self = .h24
        case "12", "12h", "am/pm", "ampm": self = .h12
        default: return nil
        }
    }
}

/// How each quantity is shown, each chosen on its own (`unit wind kn`) and kept. A unit never chosen follows the
/// temperature's: `unit f` alone gives mph and inches, as it always has.
struct Units: Sendable, Equatable {
    var temperature: TemperatureUnit = .celsius
    var chosenWind: WindUnit?
    var chosenRain: RainUnit?
    var clock: ClockStyle = .h24

    var wind: WindUnit { chosenWind ?? (temperature == .fahrenheit ? .mph : .kmh) }
    var rain: RainUnit { chosenRain ?? (temperature == .fahrenheit ? .inch : .mm) }

    /// The settings each is kept under.
    static let temperatureKey = "weather.unit"
    static let windKey = "weather.unit.wind"
    static let rainKey = "weather.unit.rain"
    static let clockKey = "weather.unit.clock"

    /// `°C, km/h, mm, 24-hour clock`.
    var summary: String {
        "\(temperature.symbol), \(wind.symbol), \(rain.symbol), \(clock == .h24 ? "24-hour" : "12-hour") clock"
    }
}
