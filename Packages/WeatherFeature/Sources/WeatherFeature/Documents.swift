import Foundation
import WeatherService

/// `weather` in JSON; `hourly` adds `hours`, `forecast` adds `days`.
struct WeatherDocument: Encodable, Sendable {
    struct Location: Encodable, Sendable {
        var id: Int?
        var name: String
        var country: String
        var lat: Double
        var lon: Double
    }

    struct Current: Encodable, Sendable {
        var temperature: Double
        var feelsLike: Double?
        var humidity: Double?
        var windSpeed: Double?
        var windSpeedUnit: String
        var windDirection: Double?
        var condition: String
        var code: Int
    }

    struct Hour: Encodable, Sendable {
        var time: Date
        var temperature: Double
        var feelsLike: Double?
        var precipitationProbability: Double?
        var condition: String
    }

    struct Day: Encodable, Sendable {
        var date: String
        var min: Double
        var max: Double
        var average: Double
        var condition: String
    }

    var location: Location
    var provider: String
    var unit: String
    var observedAt: Date
    var fetchedAt: Date
    var stale: Bool
    var staleReason: String?
    /// What the provider sent that was impossible, left out (see `Plausible`).
    var leftOut: [String]?
    var current: Current
    var hours: [Hour]?
    var days: [Day]?

    init(_ shown: WeatherRepository.Shown, unit: TemperatureUnit, mode: WeatherModel.Mode) {
        let report = shown.report
        func round(_ value: Double) -> Double { (value * 10).rounded() / 10 }
        func temperature(_ celsius: Double) -> Double { round(unit.temperature(celsius)) }
        location = Location(
            id: report.location.id, name: report.location.name, country: report.location.country,
            lat: report.location.latitude, lon: report.location.longitude)
        provider = report.provider
        self.unit = unit.rawValue
        observedAt = report.observedAt
        fetchedAt = shown.fetchedAt
        stale = shown.staleBecause != nil
        staleReason = shown.staleBecause?.message
        leftOut = report.repairs.isEmpty ? nil : report.repairs
        current = Current(
            temperature: temperature(report.current.temperature), feelsLike: report.current.feelsLike.map(temperature),
            humidity: report.current.humidity, windSpeed: report.current.windSpeed.map { round(unit.wind($0)) },
            windSpeedUnit: unit.windUnit, windDirection: report.current.windDirection,
            condition: report.current.condition.words, code: report.current.code)
        if mode == .hourly {
            hours = WeatherViews.nextHours(report).map {
                Hour(
                    time: $0.time, temperature: temperature($0.temperature), feelsLike: $0.feelsLike.map(temperature),
                    precipitationProbability: $0.precipitationProbability, condition: $0.condition.words)
            }
        }
        if mode == .forecast {
            days = report.days.map {
                Day(
                    date: $0.date, min: temperature($0.minimum), max: temperature($0.maximum),
                    average: temperature($0.average), condition: $0.condition.words)
            }
        }
    }
}

struct UnitDocument: Encodable, Sendable {
    var unit: String
}

struct PresetsDocument: Encodable, Sendable {
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
struct FavoriteWeatherDocument: Encodable, Sendable {
    struct Entry: Encodable, Sendable {
        var id: Int
        var name: String?
        var country: String?
        var temperature: Double?
        var condition: String?
        var fetchedAt: Date?
    }

    var unit: String
    var favorites: [Entry]
}
