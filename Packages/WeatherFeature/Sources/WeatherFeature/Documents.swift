import Architecture
import CitiesService
import Foundation
import Localization
import WeatherService

/// `weather` in JSON; `hourly` adds `hours`, `forecast` adds `days`, `forecast --parts` adds `parts`. Every view
/// starts from now: hours from the current hour, days from today at the place.
struct WeatherDocument: JSONDocument {
    static let kind = "weather"

    struct Location: Encodable, Sendable {
        var id: Int?
        var name: String
        var country: String
        var lat: Double
        var lon: Double

        init(_ location: WeatherLocation) {
            id = location.id
            name = location.name
            country = location.country
            lat = location.latitude
            lon = location.longitude
        }
    }

    struct Current: Encodable, Sendable {
        var temperature: Double
        var feelsLike: Double?
        var humidity: Double?
        var windSpeed: Double?
        var windSpeedUnit: String
        var windDirection: Double?
        var windGusts: Double?
        var precipitation: Double?
        var precipitationUnit: String
        var uvIndex: Double?
        /// In `pressureUnit`: hPa, or inHg where the units are imperial.
        var pressure: Double?
        var pressureUnit: String
        /// In `visibilityUnit`: metres, or miles where the units are imperial.
        var visibility: Double?
        var visibilityUnit: String
        /// Percent.
        var cloudCover: Double?
        var dewPoint: Double?
        /// In the user's language; `conditionCode` is the same for every language (`partlyCloudy`).
        var condition: String
        var conditionCode: String
        var code: Int
        var sunrise: Date?
        var sunset: Date?
    }

    struct Hour: Encodable, Sendable {
        var time: Date
        var temperature: Double
        var feelsLike: Double?
        var precipitationProbability: Double?
        var precipitation: Double?
        var windSpeed: Double?
        var windDirection: Double?
        var condition: String
        var conditionCode: String
    }

    struct Day: Encodable, Sendable {
        var date: String
        var min: Double
        var max: Double
        var average: Double
        var condition: String
        var conditionCode: String
        var precipitationProbability: Double?
        var precipitation: Double?
        var windSpeed: Double?
    }

    struct Part: Encodable, Sendable {
        /// The local date the part falls in; `night` is its first hours, before sunrise.
        var date: String
        var part: String
        /// When it starts and ends: midnight, sunrise, solar noon, sunset (see `forecast --parts`).
        var from: Date
        var to: Date
        var temperature: Double
        var condition: String
        var conditionCode: String
        var precipitationProbability: Double?
        var precipitation: Double?
        var windSpeed: Double?
    }

    var location: Location
    /// Other places that answer to the text the place was named by (`[{id,name,region,country,population}]`, at
    /// most five, the likeliest first), so that a script can tell another may have been meant; left out when none.
    var alternatives: [PlaceAlternative]?
    var provider: String
    /// The temperature's unit (`celsius`, `fahrenheit`); the others are named beside their values.
    var unit: String
    var observedAt: Date
    var fetchedAt: Date
    var stale: Bool
    var staleReason: String?
    /// Said when the other provider answered because the chosen one failed.
    var fallback: String?
    /// What the provider sent that was impossible, left out (see `Plausible`).
    var leftOut: [String]?
    var current: Current
    /// "Rain from 14:00 to 18:00 (80 %), 4 mm", "Dry for the next 24 hours".
    var rain: String?
    var note: String?
    var hours: [Hour]?
    var days: [Day]?
    var parts: [Part]?
    /// The official warnings in force at the place, most severe first (left out when none, or none could be had).
    var warnings: [WarningDocument]?
    /// How today's high compares with the usual (left out while the normals are not known).
    var normal: NormalsDocument.Today?

    init(
        _ shown: WeatherRepository.Shown, units: Units, mode: WeatherModel.Mode,
        options: WeatherModel.ViewOptions = .init(), now: Date, note: String? = nil, alternatives: [City] = [],
        words: Words = .english()
    ) {
        let report = shown.report
        func round(_ value: Double) -> Double { (value * 10).rounded() / 10 }
        func temperature(_ celsius: Double) -> Double { round(units.temperature.temperature(celsius)) }
        func speed(_ kmh: Double) -> Double { round(units.wind.speed(kmh)) }
        func amount(_ mm: Double) -> Double { units.rain.value(mm) }
        location = Location(report.location)
        self.alternatives = PlaceAlternative.list(alternatives)
        provider = report.provider
        self.unit = units.temperature.rawValue
        observedAt = report.observedAt
        fetchedAt = shown.fetchedAt
        stale = shown.isOld(now: now)
        staleReason = shown.oldBecause(now: now, words)
        fallback = shown.answeredBy
        leftOut = report.repairs.isEmpty ? nil : report.repairs
        let currently = report.current
        current = Current(
            temperature: temperature(currently.temperature), feelsLike: currently.feelsLike.map(temperature),
            humidity: currently.humidity, windSpeed: currently.windSpeed.map(speed), windSpeedUnit: units.wind.symbol,
            windDirection: currently.windDirection, windGusts: currently.windGusts.map(speed),
            precipitation: currently.precipitation.map(amount), precipitationUnit: units.rain.symbol,
            uvIndex: currently.uvIndex,
            pressure: currently.pressure.map(units.pressure.value), pressureUnit: units.pressure.symbol,
            visibility: currently.visibility.map(units.distance.value), visibilityUnit: units.distance.visibilitySymbol,
            cloudCover: currently.cloudCover,
            dewPoint: currently.dewPoint.map(temperature),
            condition: WeatherViews.conditionWords(currently.condition, words),
            conditionCode: currently.condition.rawValue, code: currently.code,
            sunrise: currently.sunrise, sunset: currently.sunset)
        self.note = note
        let clock = now
        rain = WeatherViews.rainSummary(report, now: clock, units: units, words: words)
        switch mode {
        case .current, .rain, .normals: break
        case .panels:
            // The hours the panels show: 09:00, 12:00, 18:00 and 21:00 of today and the next two days.
            let today = LocalTime.day(clock, utcOffset: report.utcOffset)
            let dates = report.days.map(\.date).filter { $0 >= today }.prefix(options.days)
            hours = dates.flatMap { date in
                WeatherViews.panelParts.compactMap { WeatherViews.panelHour(report, date: date, hour: $0.hour) }
            }.map {
                Hour(
                    time: $0.time, temperature: temperature($0.temperature), feelsLike: $0.feelsLike.map(temperature),
                    precipitationProbability: $0.precipitationProbability, precipitation: $0.precipitation.map(amount),
                    windSpeed: $0.windSpeed.map(speed), windDirection: $0.windDirection,
                    condition: WeatherViews.conditionWords($0.condition, words), conditionCode: $0.condition.rawValue)
            }
        case .hourly:
            hours = WeatherViews.upcomingHours(report, now: clock, step: options.step).map {
                Hour(
                    time: $0.time, temperature: temperature($0.temperature), feelsLike: $0.feelsLike.map(temperature),
                    precipitationProbability: $0.precipitationProbability, precipitation: $0.precipitation.map(amount),
                    windSpeed: $0.windSpeed.map(speed), windDirection: $0.windDirection,
                    condition: WeatherViews.conditionWords($0.condition, words), conditionCode: $0.condition.rawValue)
            }
        case .forecast:
            days = WeatherViews.upcomingDays(report, now: clock, count: options.days).map {
                Day(
                    date: $0.date, min: temperature($0.minimum), max: temperature($0.maximum),
                    average: temperature($0.average), condition: WeatherViews.conditionWords($0.condition, words),
                    conditionCode: $0.condition.rawValue,
                    precipitationProbability: $0.precipitationProbability, precipitation: $0.precipitation.map(amount),
                    windSpeed: $0.windSpeed.map(speed))
            }
        case .parts:
            parts = WeatherViews.dayParts(report, now: clock).map {
                Part(
                    date: $0.date, part: $0.part.rawValue, from: $0.from, to: $0.to,
                    temperature: temperature($0.temperature),
                    condition: WeatherViews.conditionWords($0.condition, words), conditionCode: $0.condition.rawValue,
                    precipitationProbability: $0.precipitationProbability,
                    precipitation: $0.precipitation.map(amount), windSpeed: $0.windSpeed.map(speed))
            }
        }
    }
}

/// `unit`: every unit in use (`unit` is the temperature's, as before the others could be chosen).
struct UnitDocument: JSONDocument {
    static let kind = "units"

    var unit: String
    var windSpeedUnit: String
    var precipitationUnit: String
    var pressureUnit: String
    var visibilityUnit: String
    var clock: String

    init(_ units: Units) {
        unit = units.temperature.rawValue
        windSpeedUnit = units.wind.symbol
        precipitationUnit = units.rain.symbol
        pressureUnit = units.pressure.symbol
        visibilityUnit = units.distance.visibilitySymbol
        clock = units.clock.rawValue
    }
}

struct PresetsDocument: JSONDocument {
    static let kind = "presets"

    struct Preset: Encodable, Sendable {
        var id: Int
        var name: String
        var country: String
        var lat: Double
        var lon: Double
    }

    var source: String
    var cities: [Preset]
}

/// `favorites` in the weather view: each favourite with the last weather stored for it (none when there is none).
struct FavoriteWeatherDocument: JSONDocument {
    static let kind = "favorites-weather"

    struct Entry: Encodable, Sendable {
        var id: Int
        var name: String?
        var country: String?
        var temperature: Double?
        /// In the user's language; `conditionCode` is the same in every language (`partlyCloudy`).
        var condition: String?
        var conditionCode: String?
        var fetchedAt: Date?
        var observedAt: Date?
        /// True when the stored weather was observed more than three hours ago (`oldAfter`).
        var stale: Bool?
        /// The most severe official warning in force there, as last fetched (left out when none).
        var warning: String?
    }

    var unit: String
    var favorites: [Entry]
}
