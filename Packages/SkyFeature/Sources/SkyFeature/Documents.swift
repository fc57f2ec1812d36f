import Architecture
import Astronomy
import CitiesService
import CoreKit
import Foundation

/// `--format json sky …`: times ISO 8601 with the place's offset, null for what does not happen that local day.
struct SkyDocument: JSONDocument {
    static let kind = "sky"

    var location: LocationDocument
    var date: String
    var sun: SunDocument?
    var moon: MoonDocument
    /// Other places that answer to the text the place was named by, the likeliest first (left out when none).
    var alternatives: [PlaceAlternative]?

    init(_ sky: SkyDay, place: Place, includeSun: Bool = true) {
        location = LocationDocument(place)
        alternatives = PlaceAlternative.list(place.alternatives)
        date = sky.day.isoDate
        let zone = sky.day.timeZone
        sun = includeSun ? SunDocument(sky, zone: zone) : nil
        moon = MoonDocument(sky.moon, zone: zone)
    }

    enum CodingKeys: String, CodingKey { case location, date, sun, moon, alternatives }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(location, forKey: .location)
        try container.encode(date, forKey: .date)
        if let sun { try container.encode(sun, forKey: .sun) }
        try container.encode(moon, forKey: .moon)
        if let alternatives { try container.encode(alternatives, forKey: .alternatives) }
    }
}

struct LocationDocument: Encodable, Sendable {
    var id: Int?
    var name: String
    var country: String
    var lat: Double
    var lon: Double
    var timezone: String

    init(_ place: Place) {
        (id, name, country, lat, lon, timezone) =
            (place.id, place.name, place.country, place.latitude, place.longitude, place.timeZone)
    }

    enum CodingKeys: String, CodingKey { case id, name, country, lat, lon, timezone }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(country, forKey: .country)
        try container.encode(lat, forKey: .lat)
        try container.encode(lon, forKey: .lon)
        try container.encode(timezone, forKey: .timezone)
    }
}

struct SunDocument: Encodable, Sendable {
    var astronomicalDawn, nauticalDawn, civilDawn, sunrise, solarNoon: String?
    var sunset, civilDusk, nauticalDusk, astronomicalDusk: String?
    var dayLength: Int
    var dayLengthChange: Int
    var polar: String?

    init(_ sky: SkyDay, zone: TimeZone) {
        let sun = sky.sun
        let time = { (date: Date?) in date.map { ISOTime.string($0, zone) } }
        (astronomicalDawn, nauticalDawn, civilDawn, sunrise, solarNoon) =
            (
                time(sun.astronomicalDawn), time(sun.nauticalDawn), time(sun.civilDawn), time(sun.sunrise),
                time(sun.solarNoon)
            )
        (sunset, civilDusk, nauticalDusk, astronomicalDusk) =
            (time(sun.sunset), time(sun.civilDusk), time(sun.nauticalDusk), time(sun.astronomicalDusk))
        dayLength = Int(sun.dayLength.rounded())
        dayLengthChange = Int(sky.dayLengthChange.rounded())
        polar = sun.polar?.rawValue
    }

    enum CodingKeys: String, CodingKey {
        case astronomicalDawn, nauticalDawn, civilDawn, sunrise, solarNoon, sunset, civilDusk, nauticalDusk
        case astronomicalDusk, dayLength, dayLengthChange, polar
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        for (value, key) in [
            (astronomicalDawn, CodingKeys.astronomicalDawn), (nauticalDawn, .nauticalDawn), (civilDawn, .civilDawn),
            (sunrise, .sunrise), (solarNoon, .solarNoon), (sunset, .sunset), (civilDusk, .civilDusk),
            (nauticalDusk, .nauticalDusk), (astronomicalDusk, .astronomicalDusk),
        ] {
            try container.encode(value, forKey: key)
        }
        try container.encode(dayLength, forKey: .dayLength)
        try container.encode(dayLengthChange, forKey: .dayLengthChange)
        try container.encode(polar, forKey: .polar)
    }
}

struct MoonDocument: Encodable, Sendable {
    var phase: String
    var illumination: Double
    var age: Double
    var moonrise: String?
    var moonset: String?
    var nextNewMoon: String
    var nextFullMoon: String

    init(_ moon: MoonDay, zone: TimeZone) {
        phase = moon.phase.rawValue
        illumination = (moon.illumination * 1_000).rounded() / 1_000
        age = (moon.age * 100).rounded() / 100
        moonrise = moon.moonrise.map { ISOTime.string($0, zone) }
        moonset = moon.moonset.map { ISOTime.string($0, zone) }
        nextNewMoon = ISOTime.string(moon.nextNewMoon, zone)
        nextFullMoon = ISOTime.string(moon.nextFullMoon, zone)
    }

    enum CodingKeys: String, CodingKey {
        case phase, illumination, age, moonrise, moonset, nextNewMoon, nextFullMoon
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(phase, forKey: .phase)
        try container.encode(illumination, forKey: .illumination)
        try container.encode(age, forKey: .age)
        try container.encode(moonrise, forKey: .moonrise)
        try container.encode(moonset, forKey: .moonset)
        try container.encode(nextNewMoon, forKey: .nextNewMoon)
        try container.encode(nextFullMoon, forKey: .nextFullMoon)
    }
}

/// `moon --month`: each day's phase at local noon, and the principal phases with their times.
struct MonthDocument: JSONDocument {
    static let kind = "moon-month"

    struct Day: Encodable, Sendable {
        var date: String
        var phase: String
        var illumination: Double
        var age: Double
    }

    struct Phase: Encodable, Sendable {
        var phase: String
        var time: String
    }

    var location: LocationDocument
    var month: String
    var days: [Day]
    var phases: [Phase]
    /// Other places that answer to the text the place was named by, the likeliest first (left out when none).
    var alternatives: [PlaceAlternative]?

    init(_ month: MoonMonth, place: Place) {
        location = LocationDocument(place)
        alternatives = PlaceAlternative.list(place.alternatives)
        self.month = month.isoMonth
        days = month.days.map {
            Day(
                date: $0.day.isoDate, phase: $0.phase.rawValue,
                illumination: ($0.illumination * 1_000).rounded() / 1_000,
                age: ($0.age * 100).rounded() / 100)
        }
        let zone = month.days.first?.day.timeZone ?? TimeZone(secondsFromGMT: 0)!
        phases = month.phases.map { Phase(phase: $0.phase.name, time: ISOTime.string($0.date, zone)) }
    }
}

/// `2026-12-21T11:58:03+01:00`: the local time with its offset from UTC.
enum ISOTime {
    static func string(_ date: Date, _ zone: TimeZone) -> String {
        let offset = zone.secondsFromGMT(for: date)
        let local = Int((date.timeIntervalSince1970 + Double(offset)).rounded())
        let days = Int((Double(local) / 86_400).rounded(.down))
        let civil = CivilDate.date(daysSince1970: days)
        let seconds = local - days * 86_400
        let minutes = abs(offset) / 60
        let pad = FixedDigits.padded
        return pad(civil.year, 4) + "-" + pad(civil.month, 2) + "-" + pad(civil.day, 2) + "T" + pad(seconds / 3_600, 2)
            + ":" + pad(seconds % 3_600 / 60, 2) + ":" + pad(seconds % 60, 2) + (offset < 0 ? "-" : "+")
            + pad(minutes / 60, 2) + ":" + pad(minutes % 60, 2)
    }
}
