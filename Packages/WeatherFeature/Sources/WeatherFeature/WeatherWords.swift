import Astronomy
import CitiesService
import Localization
import WeatherService

/// The weather's words that many views share, in the user's language.
extension WeatherViews {
    /// A condition in words: "Partly cloudy", "Teilweise bewölkt", "晴れ時々曇り".
    static func conditionWords(_ condition: Condition, _ words: Words) -> String {
        switch condition {
        case .clear: words("Clear sky")
        case .mainlyClear: words("Mainly clear")
        case .partlyCloudy: words("Partly cloudy")
        case .overcast: words("Overcast")
        case .fog: words("Fog")
        case .drizzle: words("Drizzle")
        case .freezingDrizzle: words("Freezing drizzle")
        case .rain: words("Rain")
        case .heavyRain: words("Heavy rain")
        case .freezingRain: words("Freezing rain")
        case .snow: words("Snow")
        case .heavySnow: words("Heavy snow")
        case .sleet: words("Sleet")
        case .rainShowers: words("Rain showers")
        case .snowShowers: words("Snow showers")
        case .thunderstorm: words("Thunderstorm")
        case .thunderstormWithHail: words("Thunderstorm with hail")
        case .unknown: words("Unknown")
        }
    }

    /// The moon's phase in the language (the sky feature says the same in its own words).
    static func phaseName(_ phase: MoonPhase, _ words: Words) -> String {
        switch phase {
        case .newMoon: words("New Moon")
        case .waxingCrescent: words("Waxing Crescent")
        case .firstQuarter: words("First Quarter")
        case .waxingGibbous: words("Waxing Gibbous")
        case .fullMoon: words("Full Moon")
        case .waningGibbous: words("Waning Gibbous")
        case .lastQuarter: words("Last Quarter")
        case .waningCrescent: words("Waning Crescent")
        }
    }
}
