import CoreKit
import Foundation

/// The countries MeteoAlarm publishes a feed for (`feeds-<name>`), by ISO code: every European member but Norway,
/// whose warnings come from MET Norway itself (with polygons, and in English).
public enum MeteoAlarmCountries {
    public static let feeds: [String: String] = [
        "AT": "austria", "BE": "belgium", "BA": "bosnia-herzegovina", "BG": "bulgaria", "HR": "croatia",
        "CY": "cyprus", "CZ": "czechia", "DK": "denmark", "EE": "estonia", "FI": "finland", "FR": "france",
        "DE": "germany", "GR": "greece", "HU": "hungary", "IS": "iceland", "IE": "ireland", "IL": "israel",
        "IT": "italy", "LV": "latvia", "LT": "lithuania", "LU": "luxembourg", "MT": "malta", "MD": "moldova",
        "ME": "montenegro", "NL": "netherlands", "MK": "republic-of-north-macedonia", "PL": "poland",
        "PT": "portugal", "RO": "romania", "RS": "serbia", "SK": "slovakia", "SI": "slovenia", "ES": "spain",
        "SE": "sweden", "CH": "switzerland", "UA": "ukraine", "GB": "united-kingdom",
    ]

    public static var count: Int { feeds.count }
}

/// Which service covers a country: NWS the United States and its territories, Environment Canada Canada, MET Norway
/// Norway (and Svalbard), MeteoAlarm the rest of its members; nil for the rest of the world.
public func alertSource(forCountry code: String) -> AlertSource? {
    switch code.uppercased() {
    case "US", "PR", "GU", "VI", "AS", "MP": .nws
    case "CA": .eccc
    case "NO", "SJ": .metNorway
    case let other where MeteoAlarmCountries.feeds[other] != nil: .meteoAlarm
    default: nil
    }
}

// MARK: - Reading each service's answer

/// Dates as the services write them: ISO 8601 with an offset, with or without fractions of a second.
enum AlertDates {
    static func parse(_ text: String?) -> Date? {
        guard let text = text?.trimmingSpacesAndNewlines, !text.isEmpty else { return nil }
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        if let date = plain.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)
    }
}

/// A GeoJSON geometry's rings, for the map: a Polygon's or a MultiPolygon's outer rings; nothing for the rest.
struct GeoJSONGeometry: Decodable {
    var rings: [[WeatherAlert.Coordinate]] = []

    private enum Keys: String, CodingKey { case type, coordinates }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        func ring(_ points: [[Double]]) -> [WeatherAlert.Coordinate] {
            points.compactMap { point in
                guard point.count >= 2, point[0].isFinite, point[1].isFinite, abs(point[1]) <= 90,
                    abs(point[0]) <= 180
                else { return nil }
                return WeatherAlert.Coordinate(latitude: point[1], longitude: point[0])
            }
        }
        switch try container.decodeIfPresent(String.self, forKey: .type) {
        case "Polygon":
            let polygon = (try? container.decode([[[Double]]].self, forKey: .coordinates)) ?? []
            rings = polygon.prefix(1).map(ring)
        case "MultiPolygon":
            let polygons = (try? container.decode([[[[Double]]]].self, forKey: .coordinates)) ?? []
            rings = polygons.compactMap { $0.first }.map(ring)
        default:
            rings = []
        }
        rings = rings.filter { $0.count >= 3 }
    }

    /// Whether a point is inside any ring (even-odd rule, in degrees: the areas are small).
    static func contains(_ rings: [[WeatherAlert.Coordinate]], latitude: Double, longitude: Double) -> Bool {
        Rings.contains(rings, latitude: latitude, longitude: longitude)
    }
}

/// NWS: `GET /alerts/active?point=LAT,LON`, a GeoJSON FeatureCollection (`application/geo+json`).
enum NWSAnswer {
    struct Collection: Decodable { var features: [Feature]? }
    struct Feature: Decodable {
        var properties: Properties?
        var geometry: GeoJSONGeometry?
    }
    struct Properties: Decodable {
        var id: String?
        var link: String?
        var event: String?
        var severity: String?
        var headline: String?
        var description: String?
        var instruction: String?
        var areaDesc: String?
        var onset: String?
        var effective: String?
        var expires: String?
        var ends: String?
        var senderName: String?
        /// `Actual`, `Exercise`, `System`, `Test`, `Draft`: only actual warnings are shown.
        var status: String?
        /// `Alert`, `Update`, `Cancel`: a cancellation is no warning.
        var messageType: String?

        enum CodingKeys: String, CodingKey {
            case id, event, severity, headline, description, instruction, areaDesc, onset, effective, expires, ends
            case senderName, status, messageType
            case link = "@id"
        }
    }

    static func alerts(_ data: Data) throws -> [WeatherAlert] {
        let collection = try JSONDecoder().decode(Collection.self, from: data)
        return (collection.features ?? []).compactMap { feature in
            guard let properties = feature.properties, let event = properties.event,
                CAPMessage.isShown(status: properties.status, type: properties.messageType)
            else { return nil }
            return WeatherAlert(
                id: properties.id ?? properties.link ?? event, event: event,
                severity: AlertSeverity(cap: properties.severity), headline: properties.headline,
                description: properties.description, instruction: properties.instruction,
                area: properties.areaDesc ?? "", onset: AlertDates.parse(properties.onset ?? properties.effective),
                // `expires` is when the message is replaced, `ends` when the weather is over.
                expires: AlertDates.parse(properties.ends) ?? AlertDates.parse(properties.expires),
                sender: properties.senderName, url: properties.link, areas: feature.geometry?.rings ?? [])
        }
    }
}

/// MET Norway MetAlerts 2.0: `GET /current.json?lat=&lon=&lang=en`, GeoJSON whose properties carry the awareness
/// level (`2; yellow; Moderate`) and whose `when.interval` says from and until.
enum METNorwayAnswer {
    struct Collection: Decodable { var features: [Feature]? }
    struct Feature: Decodable {
        var properties: Properties?
        var geometry: GeoJSONGeometry?
        var when: When?
    }
    struct When: Decodable { var interval: [String]? }
    struct Properties: Decodable {
        var id: String?
        var title: String?
        var event: String?
        var eventAwarenessName: String?
        var awarenessLevel: String?
        var severity: String?
        var description: String?
        var consequences: String?
        var instruction: String?
        var area: String?
        var web: String?

        enum CodingKeys: String, CodingKey {
            case id, title, event, eventAwarenessName, severity, description, consequences, instruction, area, web
            case awarenessLevel = "awareness_level"
        }
    }

    static func alerts(_ data: Data) throws -> [WeatherAlert] {
        let collection = try JSONDecoder().decode(Collection.self, from: data)
        return (collection.features ?? []).compactMap { feature in
            guard let properties = feature.properties,
                let event = properties.eventAwarenessName ?? properties.event
            else { return nil }
            // `2; yellow; Moderate`: the colour is the service's own level; the severity CAP's.
            let parts = (properties.awarenessLevel ?? "").split(separator: ";").map {
                $0.trimmingSpaces
            }
            let colour = parts.count > 1 ? parts[1].lowercased() : nil
            var severity = AlertSeverity(cap: properties.severity)
            if severity == .unknown { severity = AlertSeverity(colour: colour) }
            let interval = feature.when?.interval ?? []
            let description = [properties.description, properties.consequences].compactMap { $0 }
                .filter { !$0.isEmpty }.joined(separator: "\n")
            return WeatherAlert(
                id: properties.id ?? event, event: event, severity: severity, level: colour,
                headline: properties.title, description: description.isEmpty ? nil : description,
                instruction: properties.instruction, area: properties.area ?? "",
                onset: AlertDates.parse(interval.first),
                expires: interval.count > 1 ? AlertDates.parse(interval[1]) : nil,
                sender: "MET Norway",
                url: properties.web?.trimmingSpacesAndNewlines,
                areas: feature.geometry?.rings ?? [])
        }
    }
}

/// MeteoAlarm: `GET /api/v1/warnings/feeds-<country>`, CAP as JSON, one `info` per language, areas named (EMMA_ID
/// geocodes) but not drawn.
enum MeteoAlarmAnswer {
    struct Feed: Decodable { var warnings: [Warning]? }
    struct Warning: Decodable {
        var alert: Alert?
        var uuid: String?
    }
    struct Alert: Decodable {
        var identifier: String?
        var status: String?
        var msgType: String?
        var info: [Info]?
    }
    struct Info: Decodable {
        var language: String?
        var event: String?
        var severity: String?
        var headline: String?
        var description: String?
        var instruction: String?
        var onset: String?
        var effective: String?
        var expires: String?
        var senderName: String?
        var web: String?
        var parameter: [Parameter]?
        var area: [Area]?
    }
    struct Parameter: Decodable {
        var valueName: String?
        var value: String?
    }
    struct Area: Decodable { var areaDesc: String? }

    /// Every warning of the feed (in `language` where it is given), one per area it names; green ones (no warning)
    /// left out.
    static func alerts(_ data: Data, language: String) throws -> [WeatherAlert] {
        let feed = try JSONDecoder().decode(Feed.self, from: data)
        var found: [WeatherAlert] = []
        for warning in feed.warnings ?? [] {
            guard CAPMessage.isShown(status: warning.alert?.status, type: warning.alert?.msgType) else { continue }
            let infos = warning.alert?.info ?? []
            guard
                let info = infos.first(where: { ($0.language ?? "").lowercased().hasPrefix(language.lowercased()) })
                    ?? infos.first(where: { ($0.language ?? "").lowercased().hasPrefix("en") }) ?? infos.first
            else { continue }
            let level = info.parameter?.first { $0.valueName == "awareness_level" }?.value ?? ""
            let parts = level.split(separator: ";").map { $0.trimmingSpaces }
            let colour = parts.count > 1 ? parts[1].lowercased() : nil
            if colour == "green" { continue }
            var severity = AlertSeverity(cap: info.severity)
            if severity == .unknown { severity = AlertSeverity(colour: colour) }
            // The areas as the English info names them (the place is matched against those, whatever the reader's
            // language); the words in the reader's.
            let areas = infos.first(where: { ($0.language ?? "").lowercased().hasPrefix("en") })?.area ?? info.area
            for area in areas ?? [] {
                guard let name = area.areaDesc, !name.isEmpty else { continue }
                found.append(
                    WeatherAlert(
                        id: (warning.alert?.identifier ?? warning.uuid ?? name) + "/" + name,
                        event: info.event ?? "Warning", severity: severity, level: colour, headline: info.headline,
                        description: info.description, instruction: info.instruction, area: name,
                        onset: AlertDates.parse(info.onset ?? info.effective), expires: AlertDates.parse(info.expires),
                        sender: info.senderName, url: info.web))
            }
        }
        return found
    }

    /// The warnings of the areas whose names are the place's or its region's, word for word (case, accents and
    /// words such as "region" or "county" aside; a name of 4 letters or more may be a run of the area's words:
    /// "London" is "London & South East England"), and the other areas under a warning. Never a part of a word:
    /// "Nin" is not "Knin region", "Ain" not "Saint-Étienne", "Rhône" not "Auvergne-Rhône-Alpes".
    static func matching(
        _ alerts: [WeatherAlert], placeName: String, region: String?
    ) -> (alerts: [WeatherAlert], otherAreas: [OtherArea]) {
        let names = [placeName, region].compactMap { $0 }.map(words).filter { !$0.isEmpty }
        func matches(_ area: String) -> Bool {
            let area = words(area)
            return names.contains { name in
                name == area || (name.joined().count >= 4 && area.count > name.count && contains(area, run: name))
            }
        }
        let matched = alerts.filter { matches($0.area) }
        var others: [OtherArea] = []
        for alert in alerts where !matches(alert.area) {
            if let index = others.firstIndex(where: { $0.name == alert.area }) {
                // Until the last of its warnings ends (nil: one has no end).
                let until = others[index].until
                others[index].until = until.flatMap { a in alert.expires.map { max(a, $0) } }
            } else {
                others.append(OtherArea(name: alert.area, until: alert.expires))
            }
        }
        return (matched, others)
    }

    /// Words that say what kind of area a name is, not which.
    static let genericWords: Set<String> = [
        "region", "regions", "county", "district", "province", "provincia", "regione", "area", "zone", "department",
        "departement", "kreis", "landkreis", "bezirk", "comarca", "of", "the", "and",
    ]

    /// A name's words, folded (case and accents aside), without the generic ones.
    static func words(_ text: String) -> [String] {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
            .filter { !genericWords.contains($0) }
    }

    static func contains(_ words: [String], run: [String]) -> Bool {
        guard !run.isEmpty, run.count <= words.count else { return false }
        return (0...(words.count - run.count)).contains { Array(words[$0..<($0 + run.count)]) == run }
    }
}

/// CAP's message kinds: only actual warnings are shown (not tests, exercises or drafts), and a cancellation is none.
enum CAPMessage {
    static func isShown(status: String?, type: String?) -> Bool {
        (status.map { $0.caseInsensitiveCompare("Actual") == .orderedSame } ?? true)
            && (type.map { $0.caseInsensitiveCompare("Cancel") != .orderedSame } ?? true)
    }
}

/// Environment Canada: `GET /collections/weather-alerts/items?f=json&bbox=…&lang=en`, an OGC API – Features answer:
/// one feature per forecast region a warning covers, each with its polygon.
enum ECCCAnswer {
    struct Collection: Decodable { var features: [Feature]? }
    struct Feature: Decodable {
        var id: String?
        var properties: Properties?
        var geometry: GeoJSONGeometry?
    }
    struct Properties: Decodable {
        var id: String?
        var alertType: String?
        var alertName: String?
        var text: String?
        var colour: String?
        var region: String?
        var province: String?
        var status: String?
        var validity: String?
        var publication: String?
        var eventEnd: String?
        var expiration: String?

        enum CodingKeys: String, CodingKey {
            case id, province
            case alertType = "alert_type"
            case alertName = "alert_name_en"
            case text = "alert_text_en"
            case colour = "risk_colour_en"
            case region = "feature_name_en"
            case status = "status_en"
            case validity = "validity_datetime"
            case publication = "publication_datetime"
            case eventEnd = "event_end_datetime"
            case expiration = "expiration_datetime"
        }
    }

    /// The warnings whose region contains the point, each once (a warning repeats once per region), none ended.
    static func alerts(_ data: Data, latitude: Double, longitude: Double) throws -> [WeatherAlert] {
        let collection = try JSONDecoder().decode(Collection.self, from: data)
        var seen = Set<String>()
        var found: [WeatherAlert] = []
        for feature in collection.features ?? [] {
            guard let properties = feature.properties, let name = properties.alertName,
                (properties.status ?? "").lowercased() != "ended"
            else { continue }
            let rings = feature.geometry?.rings ?? []
            guard rings.isEmpty || GeoJSONGeometry.contains(rings, latitude: latitude, longitude: longitude) else {
                continue
            }
            let whole = feature.id ?? properties.id ?? name
            let id = String(whole.prefix { $0 != "_" })
            guard seen.insert(id).inserted else { continue }
            // A statement has no colour: it is minor.
            var severity = AlertSeverity(colour: properties.colour)
            if severity == .unknown { severity = properties.alertType == "statement" ? .minor : .moderate }
            let event = name.prefix(1).uppercased() + name.dropFirst()
            // The text's first line is its headline ("Freezing rain on tap."), the rest what and when.
            let text = properties.text?.trimmingSpacesAndNewlines ?? ""
            let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            let headline = lines.first.map { $0.trimmingSpaces } ?? ""
            let description = lines.dropFirst().first.map { $0.trimmingSpacesAndNewlines } ?? ""
            found.append(
                WeatherAlert(
                    id: id, event: event, severity: severity, level: properties.colour?.lowercased(),
                    headline: headline.isEmpty ? nil : headline, description: description.isEmpty ? nil : description,
                    area: properties.region ?? "",
                    onset: AlertDates.parse(properties.validity ?? properties.publication),
                    expires: AlertDates.parse(properties.eventEnd) ?? AlertDates.parse(properties.expiration),
                    sender: "Environment Canada",
                    url: "https://weather.gc.ca/warnings/index_e.html"
                        + (properties.province.map { "?prov=\($0.lowercased())" } ?? ""),
                    areas: rings))
        }
        return found
    }
}
