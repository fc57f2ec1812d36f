import Architecture
import CoreKit
import Foundation
import Localization
import WeatherService

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
            return tenths % 10 == 0 ? "\(tenths / 10) mm" : FixedDigits.decimal(Double(tenths) / 10, digits: 1) + " mm"
        case .inch: return FixedDigits.decimal(mm / 25.4, digits: 2) + " in"
        }
    }

    /// The same with the number in the language's digits and decimal sign (`0,2 mm` in German), for prose; the
    /// symbol as it is.
    func amount(_ mm: Double, _ words: Words) -> String {
        switch self {
        case .mm:
            let tenths = whole(mm * 10)
            let number =
                tenths % 10 == 0 ? words.number(tenths / 10) : words.number(Double(tenths) / 10, digits: 1)
            return "\(number) mm"
        case .inch: return "\(words.number(mm / 25.4, digits: 2)) in"
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

/// Air pressure at sea level: stored in hPa; inches of mercury where the units are imperial.
enum PressureUnit: String, Sendable, Equatable, CaseIterable {
    case hPa
    case inHg

    var symbol: String { rawValue }

    /// hPa to the unit: hPa as sent, hundredths of an inch.
    func value(_ hPa: Double) -> Double {
        self == .hPa ? hPa : (hPa * 0.029_529_98 * 100).rounded() / 100
    }

    /// `1016 hPa`, `30.01 inHg`.
    func text(_ hPa: Double) -> String {
        self == .hPa ? "\(whole(hPa)) hPa" : FixedDigits.decimal(value(hPa), digits: 2) + " inHg"
    }

    /// The same with the number in the language's digits and decimal sign, for prose (`1016 hPa`: never grouped).
    func text(_ hPa: Double, _ words: Words) -> String {
        self == .hPa
            ? "\(words.number(whole(hPa), minimumDigits: 1)) hPa" : "\(words.number(value(hPa), digits: 2)) inHg"
    }
}

/// Distances (visibility): stored in metres; miles where the units are imperial.
enum DistanceUnit: String, Sendable, Equatable, CaseIterable {
    case km
    case mi

    /// The JSON's unit for visibility: metres, as it always was, or miles.
    var visibilitySymbol: String { self == .km ? "m" : "mi" }

    /// Metres to the JSON's unit: metres, or tenths of a mile.
    func value(_ metres: Double) -> Double {
        self == .km ? metres : (metres / 1_609.344 * 10).rounded() / 10
    }

    /// `24 km`, `4.5 km`, `800 m`; `15 mi`, `2.5 mi`, `0.3 mi`.
    func visibility(_ metres: Double) -> String {
        switch self {
        case .km:
            if metres >= 10_000 { return "\(whole(metres / 1000)) km" }
            if metres >= 1000 { return FixedDigits.decimal(metres / 1000, digits: 1) + " km" }
            return "\(whole(metres)) m"
        case .mi:
            let miles = metres / 1_609.344
            return miles >= 10 ? "\(whole(miles)) mi" : FixedDigits.decimal(miles, digits: 1) + " mi"
        }
    }

    /// The same with the number in the language's digits and decimal sign (`4,5 km` in German), for prose.
    func visibility(_ metres: Double, _ words: Words) -> String {
        switch self {
        case .km:
            if metres >= 10_000 { return "\(words.number(whole(metres / 1000))) km" }
            if metres >= 1000 { return "\(words.number(metres / 1000, digits: 1)) km" }
            return "\(words.number(whole(metres))) m"
        case .mi:
            let miles = metres / 1_609.344
            return miles >= 10 ? "\(words.number(whole(miles))) mi" : "\(words.number(miles, digits: 1)) mi"
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
/// temperature's: `unit f` alone gives mph and inches, as it always has; pressure (hPa or inHg) and visibility (km or
/// mi) always follow it. `unit metric` and `unit imperial` set every quantity at once (a wind or rain unit chosen
/// before is dropped).
struct Units: Sendable, Equatable {
    var temperature: TemperatureUnit = .celsius
    var chosenWind: WindUnit?
    var chosenRain: RainUnit?
    var clock: ClockStyle = .h24

    var wind: WindUnit { chosenWind ?? (temperature == .fahrenheit ? .mph : .kmh) }
    var rain: RainUnit { chosenRain ?? (temperature == .fahrenheit ? .inch : .mm) }
    var pressure: PressureUnit { temperature == .fahrenheit ? .inHg : .hPa }
    var distance: DistanceUnit { temperature == .fahrenheit ? .mi : .km }

    /// The settings each is kept under.
    static let temperatureKey = TemperaturePreference.settingsKey
    static let windKey = "weather.unit.wind"
    static let rainKey = "weather.unit.rain"
    static let clockKey = "weather.unit.clock"

    /// `°C, km/h, mm, hPa, km, 24-hour clock`: the symbols as they are, the clock in the language.
    func summary(_ words: Words) -> String {
        [
            temperature.symbol, wind.symbol, rain.symbol, pressure.symbol, distance.rawValue,
            clock == .h24 ? words("24-hour clock") : words("12-hour clock"),
        ].joined(separator: ", ")
    }

    /// The same in English, for a caller not yet given the user's words.
    var summary: String { summary(.english()) }
}

/// Where units start when no `unit` choice is kept in the data directory: the config file's `units` or
/// SKYLENS_UNITS, in the words `unit` takes: `metric`, `imperial`, or any of `c f kmh ms mph kn mm in 12 24`
/// (`f kmh`: °F with the wind in km/h). A choice made with `unit` is kept, and wins over these.
public struct UnitDefaults: Sendable, Equatable {
    var temperature: TemperatureUnit?
    var wind: WindUnit?
    var rain: RainUnit?
    var clock: ClockStyle?

    /// A word that is no unit.
    public struct UnknownWord: Error, Equatable {
        public var word: String
    }

    /// What the words may be, for a message.
    public static let accepted = "metric, imperial, or unit words such as 'f mph in 12'"

    public init() {}

    public init(parsing text: String) throws(UnknownWord) {
        for word in text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init) {
            if let unit = TemperatureUnit(argument: word) {
                temperature = unit
            } else if let unit = WindUnit(argument: word) {
                wind = unit
            } else if let unit = RainUnit(argument: word) {
                rain = unit
            } else if let style = ClockStyle(argument: word) {
                clock = style
            } else {
                throw UnknownWord(word: word)
            }
        }
    }

    /// The temperature unit these defaults choose, if any (the map's weather follows it too).
    public var temperatureUnit: TemperatureUnit? { temperature }

    func applied(to units: Units) -> Units {
        var units = units
        if let temperature { units.temperature = temperature }
        if let wind { units.chosenWind = wind }
        if let rain { units.chosenRain = rain }
        if let clock { units.clock = clock }
        return units
    }
}

extension WeatherModel.UnitChoice {
    /// Why the words given to `unit` choose no unit: said in the user's words by `message(_:)`.
    struct Refusal: Error, Equatable {
        enum Reason: Equatable {
            /// `unit wind`, `unit rain` or `unit clock` without its unit.
            case needsUnit(quantity: String)
            /// A wind, rain or clock unit that is none (the text typed, made safe to show).
            case notWind(String)
            case notRain(String)
            case notClock(String)
            /// A second word after a choice that takes none: the word and the choice, both as typed.
            case unexpected(String, after: String)
            /// A first word that is no unit and no quantity.
            case notAUnit(String)
        }

        var reason: Reason

        /// The refusal in the user's language.
        func message(_ words: Words) -> String {
            switch reason {
            case .needsUnit(quantity: "wind"): words("'unit wind' needs a unit: kmh, ms, mph or kn.")
            case .needsUnit(quantity: "rain"): words("'unit rain' needs a unit: mm or in.")
            case .needsUnit: words("'unit clock' needs a unit: 24 or 12.")
            case .notWind(let text): words("The wind's unit is kmh, ms, mph or kn, not '%@'.", text)
            case .notRain(let text): words("The rain's unit is mm or in, not '%@'.", text)
            case .notClock(let text): words("The clock is 24 or 12, not '%@'.", text)
            case .unexpected(let second, let first):
                words("Unexpected argument '%1$@': 'unit %2$@' takes none.", second, first)
            case .notAUnit(let text):
                words(
                    "The unit is metric, imperial, c (celsius) or f (fahrenheit), or 'wind', 'rain' or 'clock' and a unit, not '%@'.",
                    text)
            }
        }

        /// The refusal in English, for a caller not yet given the user's words.
        var message: String { message(.english()) }
    }

    /// The units a quantity takes (`wind` → kmh, ms, mph, kn), for Tab.
    static func values(of quantity: String) -> [String] {
        switch quantity.lowercased() {
        case "wind": ["kmh", "ms", "mph", "kn"]
        case "rain": ["mm", "in"]
        case "clock": ["24", "12"]
        default: []
        }
    }

    /// What `unit` was given: `metric`, `imperial`, `c`, `f`, or a quantity and its unit.
    init(_ first: String, _ second: String?) throws(Refusal) {
        let quantity = first.lowercased()
        switch quantity {
        case "wind", "rain", "clock":
            guard let value = second else { throw Refusal(reason: .needsUnit(quantity: quantity)) }
            switch quantity {
            case "wind":
                guard let unit = WindUnit(argument: value) else {
                    throw Refusal(reason: .notWind(value.terminalPreview))
                }
                self = .wind(unit)
            case "rain":
                guard let unit = RainUnit(argument: value) else {
                    throw Refusal(reason: .notRain(value.terminalPreview))
                }
                self = .rain(unit)
            default:
                guard let style = ClockStyle(argument: value) else {
                    throw Refusal(reason: .notClock(value.terminalPreview))
                }
                self = .clock(style)
            }
        case "metric", "imperial":
            if let second {
                throw Refusal(reason: .unexpected(second.terminalPreview, after: first.terminalPreview))
            }
            self = .system(quantity == "metric" ? .celsius : .fahrenheit)
        default:
            guard let unit = TemperatureUnit(argument: first) else {
                throw Refusal(reason: .notAUnit(first.terminalPreview))
            }
            if let second {
                throw Refusal(reason: .unexpected(second.terminalPreview, after: first.terminalPreview))
            }
            self = .temperature(unit)
        }
    }
}
