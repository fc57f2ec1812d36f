import Architecture
import CitiesService
import CoreKit
import Foundation
import Localization
import WeatherService

extension WeatherViews {
    /// `air`: the two indices with their words, what they are made of, and the UV index.
    static func air(_ shown: AirRepository.Shown, place: Place?, frame: Frame) -> String {
        let air = shown.air, painter = frame.painter, words = frame.words
        var lines = [header(air.location, place: place, frame: frame, note: words("air quality"))]
        func number(_ value: Double?, unit: String = "") -> String {
            guard let value else { return "—" }
            // Tenths below 10; whole numbers never grouped, as the column always showed them.
            let text =
                value < 10 && value != value.rounded()
                ? words.number(value, digits: 1) : words.number(whole(value), minimumDigits: 1)
            return unit.isEmpty ? text : "\(text) \(unit)"
        }
        let rows: [(String, String, String)] = [
            (
                words("European AQI"), number(air.europeanAqi),
                air.europeanAqi.map { airLevel(AirQuality.europeanLevel($0), words) } ?? ""
            ),
            (words("US AQI"), number(air.usAqi), air.usAqi.map { airLevel(AirQuality.usLevel($0), words) } ?? ""),
            ("PM2.5", number(air.pm25, unit: "µg/m³"), ""),
            ("PM10", number(air.pm10, unit: "µg/m³"), ""),
            (words("Ozone"), number(air.ozone, unit: "µg/m³"), ""),
            (words("Nitrogen dioxide"), number(air.nitrogenDioxide, unit: "µg/m³"), ""),
            (words("UV index"), number(air.uvIndex), air.uvIndex.map { uvLevel($0, words) } ?? ""),
        ]
        let table = FittedTable(columns: [
            .init(header: "", cells: rows.map(\.0)),
            .init(header: "", cells: rows.map(\.1), alignRight: true),
            .init(
                header: "", cells: rows.map(\.2), priority: 1, flexible: true,
                paint: { row, text in
                    guard row < 2, let index = row == 0 ? air.europeanAqi : air.usAqi else { return text }
                    let level = row == 0 ? index / 20 : index / 50
                    return painter.paint(text, level < 1 ? .green : level < 3 ? .yellow : .red)
                }),
        ])
        lines += table.lines(width: frame.width, painter: painter)
        let observed = observed(
            air.observedAt, utcOffset: air.utcOffset, by: words("%@ air quality (CAMS)", "Open-Meteo"),
            now: frame.now, units: frame.units, words: words)
        lines += DisplayWidth.wrapped(observed, width: frame.width, indent: "  ").map { painter.paint($0, .dim) }
        // One line under it at most, as under the weather.
        let fetched = Self.age(frame.now.timeIntervalSince(shown.fetchedAt), words)
        if let error = shown.staleBecause {
            lines.append(
                painter.paint(
                    DisplayWidth.truncated(
                        words("Offline: data from %1$@ ago (%2$@)", fetched, words(error.sentence).terminalSafe),
                        toColumns: frame.width),
                    .yellow))
        } else if let runnerUp = place?.closeRunnerUp, place?.location.id == air.location.id {
            lines.append(frame.painter.paint(runnerUp.alsoLine(fitting: frame.width, words: frame.places), .dim))
        } else if shown.fromCache {
            let hint = words("Fetched %@ ago; 'air --refresh' fetches again.", fetched)
            let text =
                frame.interactive && DisplayWidth.columns(of: hint) <= frame.width
                ? hint : words("Fetched %@ ago.", fetched)
            lines.append(painter.paint(DisplayWidth.truncated(text, toColumns: frame.width), .dim))
        }
        return lines.joined(separator: "\n")
    }

    /// The words of an air-quality level (`AirQuality.europeanLevel`, `usLevel`: the EEA's and the EPA's) in the
    /// language.
    static func airLevel(_ level: String, _ words: Words) -> String {
        switch level {
        case "good": words("good")
        case "fair": words("fair")
        case "moderate": words("moderate")
        case "poor": words("poor")
        case "very poor": words("very poor")
        case "extremely poor": words("extremely poor")
        case "unhealthy for sensitive groups": words("unhealthy for sensitive groups")
        case "unhealthy": words("unhealthy")
        case "very unhealthy": words("very unhealthy")
        case "hazardous": words("hazardous")
        default: level
        }
    }

    /// `compare`: one row a place.
    static func comparison(_ places: [WeatherModel.Compared], frame: Frame) -> String {
        let units = frame.units, painter = frame.painter, t = units.temperature, words = frame.words
        func degrees(_ celsius: Double?) -> String { celsius.map { "\(whole(t.temperature($0))) \(t.symbol)" } ?? "—" }
        let table = FittedTable(columns: [
            .init(
                header: words("Place"),
                cells: places.map { compared in
                    let location = compared.place.location
                    return location.country.isEmpty
                        ? location.name.terminalSafe : "\(location.name.terminalSafe), \(location.country)"
                }, flexible: true, minimumWidth: 16),
            .init(
                header: words("Sky"), cells: places.map { $0.today.map { glyph($0.current.condition) } ?? "" },
                paint: { row, text in
                    places[row].today.map { painter.paint(text, .color256(iconColor($0.current.condition))) } ?? text
                }),
            .init(
                header: words("Now"), cells: places.map { degrees($0.today?.current.temperature) }, alignRight: true,
                paint: { row, text in
                    places[row].today.map { painter.paint(text, ColorScale.temperature($0.current.temperature)) }
                        ?? text
                }),
            .init(
                header: words("Min"), cells: places.map { degrees($0.today?.minimum) }, alignRight: true,
                priority: 2),
            .init(
                header: words("Max"), cells: places.map { degrees($0.today?.maximum) }, alignRight: true,
                priority: 1),
            .init(
                header: words("Local"),
                cells: places.map { $0.today.map { clock(frame.now, $0.utcOffset, units.clock, words) } ?? "" },
                alignRight: true, priority: 4),
            .init(
                header: words("Today"),
                cells: places.map { compared in
                    guard let today = compared.today else { return words("no usable answer") }
                    return conditionWords(today.condition ?? today.current.condition, words)
                }, priority: 3, flexible: false),
        ])
        var lines = [painter.paint(words.count("Today at %lld places", places.count), .bold)]
        lines += table.lines(width: frame.width, painter: painter)
        lines += DisplayWidth.wrapped(words("From %@, in one request.", "Open-Meteo"), width: frame.width)
            .map { painter.paint($0, .dim) }
        let old = places.compactMap { compared -> String? in
            guard let today = compared.today else { return nil }
            let age = frame.now.timeIntervalSince(today.observedAt)
            return age > oldAfter ? "\(compared.place.location.name.terminalSafe) (\(shortAge(age, words)))" : nil
        }
        if !old.isEmpty {
            lines += DisplayWidth.wrapped(
                words("Observed long ago: %@.", old.joined(separator: ", ")), width: frame.width
            ).map { painter.paint($0, .yellow) }
        }
        return lines.joined(separator: "\n")
    }
}

/// `air` in JSON.
struct AirDocument: JSONDocument {
    static let kind = "air"

    struct Current: Encodable, Sendable {
        var europeanAqi: Double?
        var usAqi: Double?
        var pm25: Double?
        var pm10: Double?
        var ozone: Double?
        var nitrogenDioxide: Double?
        var uvIndex: Double?

        enum CodingKeys: String, CodingKey {
            case europeanAqi, usAqi, pm10, ozone, nitrogenDioxide, uvIndex
            case pm25 = "pm2_5"
        }
    }

    var location: WeatherDocument.Location
    var provider = "open-meteo-air-quality"
    var observedAt: Date
    var fetchedAt: Date
    var stale: Bool
    var staleReason: String?
    /// µg/m³ for the particles and gases.
    var concentrationUnit = "µg/m³"
    var current: Current
    /// Other places that answer to the text the place was named by, the likeliest first (left out when none).
    var alternatives: [PlaceAlternative]?

    init(_ shown: AirRepository.Shown, now: Date, alternatives: [City] = [], words: Words = .english()) {
        let air = shown.air
        location = WeatherDocument.Location(air.location)
        self.alternatives = PlaceAlternative.list(alternatives)
        observedAt = air.observedAt
        fetchedAt = shown.fetchedAt
        stale = shown.isOld(now: now)
        staleReason = shown.oldBecause(now: now, words)
        current = Current(
            europeanAqi: air.europeanAqi, usAqi: air.usAqi, pm25: air.pm25, pm10: air.pm10, ozone: air.ozone,
            nitrogenDioxide: air.nitrogenDioxide, uvIndex: air.uvIndex)
    }
}

/// `compare` in JSON.
struct ComparisonDocument: JSONDocument {
    static let kind = "compare"

    struct Entry: Encodable, Sendable {
        var location: WeatherDocument.Location
        var temperature: Double?
        var min: Double?
        var max: Double?
        /// In the user's language; `conditionCode` is the same in every language (`partlyCloudy`).
        var condition: String?
        var conditionCode: String?
        var observedAt: Date?
        /// True when the place's weather was observed more than three hours ago (`oldAfter`); left out with no answer.
        var stale: Bool?
    }

    var unit: String
    var provider = "open-meteo"
    var places: [Entry]

    init(_ places: [WeatherModel.Compared], units: Units, now: Date, words: Words = .english()) {
        func round(_ celsius: Double?) -> Double? {
            celsius.map { (units.temperature.temperature($0) * 10).rounded() / 10 }
        }
        unit = units.temperature.rawValue
        self.places = places.map { compared in
            let location = compared.place.location
            return Entry(
                location: WeatherDocument.Location(location),
                temperature: round(compared.today?.current.temperature), min: round(compared.today?.minimum),
                max: round(compared.today?.maximum),
                condition: compared.today.map {
                    WeatherViews.conditionWords($0.condition ?? $0.current.condition, words)
                },
                conditionCode: compared.today.map { ($0.condition ?? $0.current.condition).rawValue },
                observedAt: compared.today?.observedAt,
                stale: compared.today.map { now.timeIntervalSince($0.observedAt) > oldAfter })
        }
    }
}
