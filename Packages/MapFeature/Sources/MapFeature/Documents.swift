import Architecture
import CitiesService
import CoreKit
import Foundation
import WeatherAlerts

// The JSON documents of `--format json`.

struct CityDocument: Encodable, Sendable {
    var id: Int
    var name: String
    var country: String
    /// The region's name, when known (`Ontario`).
    var region: String?
    /// The other name the place was found by (`NYC`), when it was not its name.
    var foundBy: String?
    var population: Int?
    var lat: Double
    var lon: Double
    var favorite: Bool

    init(_ city: City, favorite: Bool) {
        id = city.id
        name = city.name
        country = city.country
        region = city.region?.name
        foundBy = city.otherName
        population = city.population
        lat = city.latitude
        lon = city.longitude
        self.favorite = favorite
    }
}

/// `{"query":"Al","total":2714,"offset":0,"results":[…]}`
struct SearchDocument: JSONDocument {
    static let kind = "search"

    var query: String
    var favoritesOnly: Bool
    var total: Int
    var offset: Int
    var results: [CityDocument]
    /// Favourites the city list in use lacks, as stored (only in a favourites list).
    var notInList: [AbsentFavorite]?
    /// The place a person most likely meant, when name order put it past this page (the text's "Largest:" line).
    var largest: CityDocument?

    struct AbsentFavorite: Encodable, Sendable {
        var id: Int
        var name: String?
        var country: String?
        var latitude: Double?
        var longitude: Double?
    }

    init(_ results: CityBrowser.Results) {
        query = results.query
        favoritesOnly = results.favoritesOnly
        total = results.total
        offset = results.offset
        self.results = results.rows.map { CityDocument($0.city, favorite: $0.favorite) }
        largest = results.likeliest.map { CityDocument($0.city, favorite: $0.favorite) }
        notInList =
            results.favoritesOnly
            ? results.absent.map {
                AbsentFavorite(
                    id: $0.id, name: $0.name, country: $0.country, latitude: $0.latitude, longitude: $0.longitude)
            } : nil
    }
}

struct DetailDocument: JSONDocument {
    static let kind = "place"

    struct Nearby: Encodable, Sendable {
        var id: Int
        var name: String
        var country: String
        var distanceKm: Double
        var bearing: Double
    }

    var id: Int
    var name: String
    var country: String
    var countryName: String?
    var state: String?
    /// `{"name":"Ontario","code":"ON","inferred":false}`, when known.
    var region: RegionDocument?
    var isTown: Bool
    var lat: Double
    var lon: Double
    var population: Int?
    var timeZone: String?
    var favorite: Bool
    var nearest: [Nearby]
    /// Opened for a point (`open 43.7,-79.4`): the point, and the place's distance and bearing from it.
    var from: Origin?
    /// Other places that answer to the text it was opened by, the likeliest first (left out when none).
    var alternatives: [PlaceAlternative]?

    struct Origin: Encodable, Sendable {
        var lat: Double
        var lon: Double
        var distanceKm: Double
        var bearing: Double
    }

    init(_ detail: CityBrowser.Detail) {
        let city = detail.city
        id = city.id
        name = city.name
        country = city.country
        countryName = detail.countryName
        state = city.state
        region = city.region.map { RegionDocument(name: $0.name, code: $0.isoCode, inferred: $0.inferred) }
        isTown = city.isTown
        lat = city.latitude
        lon = city.longitude
        population = city.population
        timeZone = city.timeZone
        favorite = detail.favorite
        from = detail.origin.map {
            Origin(
                lat: $0.latitude, lon: $0.longitude, distanceKm: ($0.distanceKm * 10).rounded() / 10,
                bearing: $0.bearing.rounded())
        }
        alternatives = PlaceAlternative.list(detail.alternatives)
        nearest = detail.nearby.map {
            Nearby(
                id: $0.city.id, name: $0.city.name, country: $0.city.country,
                distanceKm: ($0.distanceKm * 10).rounded() / 10, bearing: $0.bearing.rounded())
        }
    }
}

struct RegionDocument: Encodable, Sendable {
    var name: String
    /// ISO 3166-2 without the country, where one matches.
    var code: String?
    /// True when inferred from the nearest town.
    var inferred: Bool
}

/// `--format json map`: the map as text rows, with where each name on it is.
struct MapDocument: JSONDocument {
    static let kind = "map"

    struct Label: Encodable, Sendable {
        /// With `--weather`, for the places whose weather is known: °C and the condition (`overcast`).
        struct Weather: Encodable, Sendable {
            var temperature: Double
            var condition: String
        }

        var name: String
        var id: Int
        var row: Int
        var col: Int
        var weather: Weather?
    }

    var city: CityDocument?
    /// Latitude, longitude.
    var center: [Double]
    var zoom: Int
    /// Columns and rows of `rows`.
    var width: Int
    var height: Int
    /// The map's text lines.
    var rows: [String]
    var labels: [Label]
    var footer: String
    /// Other places that answer to the text the map's place was named by (left out when none).
    var alternatives: [PlaceAlternative]?
    /// With `--alerts`: the official warnings in force for the map's place, and whether each area is shaded; left
    /// out when none could be had (`warningsNote` says why).
    var warnings: [Warning]?
    /// With `--alerts`, what the text says under the map when the warnings are not simply those listed: none could
    /// be had and why, the answer is an old one, or whether the place is under one cannot be told.
    var warningsNote: String?

    /// The note under the map when the warnings are not simply those listed; nil when they are.
    static func warningsNote(_ warnings: CityBrowser.MapWarnings?, now: Date) -> String? {
        switch warnings?.answer {
        case .answered(let report, _, let failure)?:
            guard failure != nil || report.isUnmatched(at: now) else { return nil }
        case .failed?, nil:
            break
        }
        let lines = MapViews.warningLines(warnings, now: now, painter: Painter(enabled: false), width: 10_000)
        return lines.filter { !$0.hasPrefix("▒") && !$0.hasPrefix("·") && !$0.hasPrefix("'alerts") }
            .joined(separator: " ")
    }

    struct Warning: Encodable, Sendable {
        var event: String
        var severity: String
        var level: String?
        var area: String
        /// The service drew its area, and the map shades it.
        var shaded: Bool

        static func list(_ warnings: CityBrowser.MapWarnings?, now: Date) -> [Warning]? {
            guard case .answered(let report, _, _)? = warnings?.answer, !report.isUnmatched(at: now) else { return nil }
            return report.alerts.shown(at: now).filter { $0.isInForce(at: now) }.map {
                Warning(
                    event: TerminalText.sanitize($0.event), severity: $0.severity.rawValue,
                    level: $0.level.map { TerminalText.sanitize($0) }, area: TerminalText.sanitize($0.area),
                    shaded: !$0.areas.isEmpty)
            }
        }
    }
}

struct ReloadDocument: JSONDocument {
    static let kind = "cities"

    var source: String
    var count: Int
    var skipped: Int
}

struct ListInfoDocument: JSONDocument {
    static let kind = "list"

    var source: String
    var count: Int
    var createdAt: Date?
    var configuredURL: String?
    var builtInChosen: Bool
}
