import Architecture
import CitiesService
import CoreKit
import Foundation
import WeatherAlerts

/// `--format json alerts PLACE` (`Schemas/alerts.schema.json`): the warnings shown, most severe first, with every
/// text the service gave (made safe: no control characters), times ISO 8601 with the place's offset.
struct AlertsDocument: JSONDocument {
    static let kind = "alerts"

    struct Location: Encodable, Sendable {
        var id: Int?
        var name: String
        var region: String?
        var country: String
        var lat: Double
        var lon: Double
        var timezone: String
    }

    struct Alert: Encodable, Sendable {
        var event: String
        /// CAP's scale: minor, moderate, severe, extreme; unknown when the service gives none (NWS may).
        var severity: String
        /// The service's own word: `yellow`, `orange`, `red`; null where it has none (NWS).
        var level: String?
        var headline: String?
        var description: String?
        var instruction: String?
        var area: String
        var onset: String?
        var expires: String?
        /// In force now, or announced for later.
        var inForce: Bool
        var sender: String?
        var url: String?
    }

    var location: Location
    /// `nws`, `met-norway`, `meteoalarm`, `eccc`; null when no service covers the place.
    var source: String?
    var checkedAt: String?
    /// The last answer, kept because the service could not be asked now (`problem` says why).
    var stale: Bool
    var covered: Bool
    var alerts: [Alert]
    /// MeteoAlarm: the other areas of the country under a warning (its areas are matched by name).
    var otherAreas: [String]?
    /// MeteoAlarm: false when the country has warnings and no area under one is named as the place is: whether it is
    /// under one cannot be told (`alerts` is then empty, and means nothing).
    var matched: Bool?
    var problem: String?

    init(place: Place, country: String, shown: AlertsModel.Shown?, now: Date) {
        let zone = TimeZone(identifier: place.timeZone) ?? .gmt
        let text = { (value: String?) in value.map { TerminalText.sanitize($0, allowNewlines: true) } }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssxxx"
        let time = { (date: Date?) in date.map(formatter.string(from:)) }
        location = Location(
            id: place.id, name: text(place.name) ?? "", region: text(place.region),
            country: place.country.isEmpty ? country : place.country, lat: place.latitude, lon: place.longitude,
            timezone: place.timeZone)
        source = shown?.report.source.rawValue
        checkedAt = time(shown?.fetchedAt)
        stale = shown?.isStale ?? false
        covered = shown != nil
        alerts = (shown?.report.alerts.shown(at: now) ?? []).map { alert in
            Alert(
                event: text(alert.event) ?? "", severity: alert.severity.rawValue, level: text(alert.level),
                headline: text(alert.headline), description: text(alert.description),
                instruction: text(alert.instruction), area: text(alert.area) ?? "", onset: time(alert.onset),
                expires: time(alert.expires), inForce: alert.isInForce(at: now), sender: text(alert.sender),
                url: text(alert.url))
        }
        if let report = shown?.report, report.source == .meteoAlarm {
            otherAreas = report.otherAreas(at: now).compactMap(text)
            matched = !report.isUnmatched(at: now)
        }
        problem = text(shown?.failure?.message)
    }

    init(place: Place, country: String, notCovered message: String) {
        self.init(place: place, country: country, shown: nil, now: .distantPast)
        problem = TerminalText.sanitize(message)
    }
}
