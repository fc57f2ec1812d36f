import CoreKit
import Foundation

/// The national service a warning comes from.
public enum AlertSource: String, Codable, Sendable, CaseIterable {
    case nws
    case metNorway = "met-norway"
    case meteoAlarm = "meteoalarm"
    case eccc

    /// How a person knows it: "National Weather Service", "Environment Canada".
    public var name: String {
        switch self {
        case .nws: "National Weather Service"
        case .metNorway: "MET Norway"
        case .meteoAlarm: "MeteoAlarm"
        case .eccc: "Environment Canada"
        }
    }
}

/// How serious a warning is, on CAP's scale (every service gives it, or a colour that maps to it).
public enum AlertSeverity: String, Codable, Sendable, Comparable, CaseIterable {
    case unknown, minor, moderate, severe, extreme

    private var rank: Int {
        switch self {
        case .unknown: 0
        case .minor: 1
        case .moderate: 2
        case .severe: 3
        case .extreme: 4
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }

    /// CAP's word (`Extreme`, `Severe`…), any case; unknown for anything else.
    public init(cap text: String?) {
        self = Self(rawValue: (text ?? "").lowercased()) ?? .unknown
    }

    /// The European awareness colours: yellow is moderate, orange severe, red extreme (green is no warning).
    public init(colour text: String?) {
        switch (text ?? "").lowercased() {
        case "yellow": self = .moderate
        case "orange": self = .severe
        case "red": self = .extreme
        case "green": self = .minor
        default: self = .unknown
        }
    }
}

/// One warning, as SkyLens shows it whatever service gave it. Every text is the service's, kept as sent: views and
/// documents make it safe for a terminal.
public struct WeatherAlert: Codable, Sendable, Equatable {
    /// The service's identifier (several regions of one Canadian warning share it).
    public var id: String
    /// `Tornado Warning`, `Kuling`, `Yellow wind warning`.
    public var event: String
    public var severity: AlertSeverity
    /// The service's own word for the level, when it has one beside CAP's severity: `yellow`, `orange`, `red`.
    public var level: String?
    public var headline: String?
    public var description: String?
    public var instruction: String?
    /// The area as the service names it: `Gospic region`, `City of Toronto`, NWS's list of zones.
    public var area: String
    /// When the weather it warns of begins (else when the warning took effect) and ends (else when it expires).
    public var onset: Date?
    public var expires: Date?
    /// The office or service that issued it: `NWS Phoenix AZ`, `DHMZ`.
    public var sender: String?
    public var url: String?
    /// The warning's polygons (longitude, latitude rings), where the service gives them: for the map.
    public var areas: [[Coordinate]]

    public struct Coordinate: Codable, Sendable, Equatable, DegreePoint {
        public var latitude: Double
        public var longitude: Double

        public init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    public init(
        id: String, event: String, severity: AlertSeverity, level: String? = nil, headline: String? = nil,
        description: String? = nil, instruction: String? = nil, area: String, onset: Date? = nil,
        expires: Date? = nil, sender: String? = nil, url: String? = nil, areas: [[Coordinate]] = []
    ) {
        self.id = id
        self.event = event
        self.severity = severity
        self.level = level
        self.headline = headline
        self.description = description
        self.instruction = instruction
        self.area = area
        self.onset = onset
        self.expires = expires
        self.sender = sender
        self.url = url
        self.areas = areas
    }

    /// Over: it expired (a warning with no end is in force until the service drops it).
    public func isOver(at now: Date) -> Bool { expires.map { $0 <= now } ?? false }

    /// In force now (begun and not over), as against announced for later.
    public func isInForce(at now: Date) -> Bool { !isOver(at: now) && (onset.map { $0 <= now } ?? true) }
}

extension Array where Element == WeatherAlert {
    /// What a person is shown: nothing over, the most severe first, then the soonest, then by event.
    public func shown(at now: Date) -> [WeatherAlert] {
        filter { !$0.isOver(at: now) }.sorted { a, b in
            if a.severity != b.severity { return a.severity > b.severity }
            let x = a.onset ?? .distantPast, y = b.onset ?? .distantPast
            if x != y { return x < y }
            return a.event < b.event
        }
    }
}

/// What a service answered for a place: the warnings it gives there, and the area it was asked about.
public struct AlertReport: Codable, Sendable, Equatable {
    public var source: AlertSource
    public var alerts: [WeatherAlert]
    /// MeteoAlarm's areas are matched by name: the other areas of the country with a warning, and until when, so
    /// that a person can judge.
    public var otherAreas: [OtherArea]
    /// Until when the service says its answer holds (`Cache-Control: max-age`, else `Expires` against its `Date`).
    public var freshFor: TimeInterval?
    /// The answer's `Last-Modified`, sent back as `If-Modified-Since` (MET Norway asks for it).
    public var lastModified: String?

    public init(
        source: AlertSource, alerts: [WeatherAlert], otherAreas: [OtherArea] = [], freshFor: TimeInterval? = nil,
        lastModified: String? = nil
    ) {
        self.source = source
        self.alerts = alerts
        self.otherAreas = otherAreas
        self.freshFor = freshFor
        self.lastModified = lastModified
    }
}

/// An area of the country under a warning that is not the place's (MeteoAlarm): its name, and when its last warning
/// ends (nil: one has no end).
public struct OtherArea: Codable, Sendable, Equatable {
    public var name: String
    public var until: Date?

    public init(name: String, until: Date?) {
        self.name = name
        self.until = until
    }
}

extension AlertReport {
    /// The other areas with a warning not over at `now`.
    public func otherAreas(at now: Date) -> [String] {
        otherAreas.filter { $0.until.map { $0 > now } ?? true }.map(\.name)
    }

    /// MeteoAlarm: the country has warnings in force, and no area named in the feed is the place's: whether the place
    /// is under one cannot be told (never said as "no warnings").
    public func isUnmatched(at now: Date) -> Bool {
        source == .meteoAlarm && alerts.isEmpty && !otherAreas(at: now).isEmpty
    }
}

extension Sentence.Table {
    /// The warning services' words (WeatherAlerts's catalogue): why no warnings could be had.
    public static let alerts = Self(bundle: "Services_WeatherAlerts")
}

/// Why no warnings could be had: a sentence said in the user's language where it is shown (`words(error.sentence)`;
/// `notCovered` is the feature's to say, with the country's name in the language), in English as `message`.
public enum AlertError: Error, Equatable, Sendable {
    /// No service SkyLens knows covers the country.
    case notCovered(country: String)
    case unreachable(Sentence)
    case timedOut(Sentence)
    case server(Sentence)
    case malformed(Sentence)
    case cancelled

    /// In English (logs, tests).
    public var message: String {
        switch self {
        case .notCovered(let country):
            "No warning service SkyLens knows covers \(country): it asks the national services of the United States (NWS), Canada (Environment Canada), Norway (MET Norway) and \(MeteoAlarmCountries.count) European countries (MeteoAlarm)."
        default: sentence.english
        }
    }

    /// The reason to say (for `notCovered`, the English sentence: the feature says it with the country's name).
    public var sentence: Sentence {
        switch self {
        case .notCovered: .verbatim(message)
        case .unreachable(let detail), .timedOut(let detail), .server(let detail), .malformed(let detail): detail
        case .cancelled: Sentence("The request was cancelled.", table: .alerts)
        }
    }
}

/// Where to ask for a place's warnings.
public struct AlertQuery: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    /// ISO 3166 alpha-2.
    public var country: String
    /// The place's name and its first-level region's, for services whose areas are named, not drawn (MeteoAlarm).
    public var placeName: String
    public var region: String?
    /// The language of the warnings' texts where the service gives several (`en`).
    public var language: String
    /// The kept answer's `Last-Modified`: the service may answer that nothing changed (the fetch is then nil).
    public var ifModifiedSince: String?

    public init(
        latitude: Double, longitude: Double, country: String, placeName: String, region: String? = nil,
        language: String = "en", ifModifiedSince: String? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.country = country
        self.placeName = placeName
        self.region = region
        self.language = language
        self.ifModifiedSince = ifModifiedSince
    }

    /// The key an answer is kept under: the source and the place (rounded to 0.01°, as the services' areas are
    /// kilometres wide).
    public var cacheKey: String {
        let point =
            country + ":" + FixedDigits.decimal(latitude, digits: 2) + "," + FixedDigits.decimal(longitude, digits: 2)
        let source = alertSource(forCountry: country)
        // A service that answers in several languages: the texts of another language are another answer.
        // (Environment Canada writes English and French only: other languages share the English answer.)
        let language =
            source == .meteoAlarm && textLanguage != "en" || source == .eccc && textLanguage == "fr"
            ? ":" + textLanguage : ""
        // MeteoAlarm's answer is the country's feed matched to these names: they are part of what was asked.
        guard source == .meteoAlarm else { return point + language }
        let names = [placeName, region ?? ""].map { MeteoAlarmAnswer.words($0).joined(separator: " ") }
        return point + ":" + names.joined(separator: "|") + language
    }

    /// The language's primary subtag, lower case (`pt` for `pt-BR`): what the services' texts are tagged with.
    var textLanguage: String {
        String(language.lowercased().split(separator: "-").first ?? "en")
    }
}

extension AlertSeverity {
    /// The colour of the level on the European services' scale (moderate yellow, severe orange, extreme red; minor a
    /// pale blue): (r, g, b); nil for a severity the service did not give. One scale for every view of warnings.
    public var colour: (red: UInt8, green: UInt8, blue: UInt8)? {
        switch self {
        case .extreme: (230, 30, 30)
        case .severe: (255, 135, 0)
        case .moderate: (245, 205, 0)
        case .minor: (120, 180, 230)
        case .unknown: nil
        }
    }
}

extension WeatherAlert {
    /// The warning's level as its service draws it (its colour word: yellow, orange, red), else its severity.
    public var drawnSeverity: AlertSeverity {
        switch level?.lowercased() {
        case "red"?: .extreme
        case "orange"?: .severe
        case "yellow"?: .moderate
        default: severity
        }
    }

    /// The warning's colour (`AlertSeverity.colour` of `drawnSeverity`).
    public var colour: (red: UInt8, green: UInt8, blue: UInt8)? { drawnSeverity.colour }
}
