import CoreKit
import Foundation
import Localization

/// A place as the user named it: a city of the list (with the other cities of that name), or a point given by its
/// coordinates.
public struct Place: Sendable, Equatable {
    /// The city's id; nil for coordinates.
    public var id: Int?
    public var name: String
    /// ISO 3166 code; empty for coordinates.
    public var country: String
    /// The region as a place's name shows it (`TX`, `Ile-de-France`; see `City.regionLabel`).
    public var region: String?
    public var latitude: Double
    public var longitude: Double
    /// The IANA time zone the place keeps: the city's; for coordinates, the zone grid's (`PlaceZone`).
    public var timeZone: String
    /// Other places that answer to the same text (at most five, the likeliest first), and how many in all.
    public var alternatives: [City]
    public var alternativeCount: Int
    /// The runner-up when it was nearly as likely meant: worth one line ("Also: …").
    public var closeRunnerUp: City?

    public init(
        id: Int?, name: String, country: String, region: String? = nil, latitude: Double, longitude: Double,
        timeZone: String, alternatives: [City] = [], alternativeCount: Int = 0, closeRunnerUp: City? = nil
    ) {
        self.id = id
        self.name = name
        self.country = country
        self.region = region
        self.latitude = latitude
        self.longitude = longitude
        self.timeZone = timeZone
        self.alternatives = alternatives
        self.alternativeCount = alternativeCount
        self.closeRunnerUp = closeRunnerUp
    }

    public init(city: City, alternatives: [City] = [], alternativeCount: Int = 0, closeRunnerUp: City? = nil) {
        self.init(
            id: city.id, name: city.name, country: city.country, region: city.regionLabel, latitude: city.latitude,
            longitude: city.longitude,
            timeZone: city.timeZone ?? Self.nauticalZone(longitude: city.longitude),
            alternatives: alternatives, alternativeCount: alternativeCount, closeRunnerUp: closeRunnerUp)
    }

    /// `43.70°N 79.40°W`: how a point is named.
    public static func name(latitude: Double, longitude: Double) -> String {
        FixedDigits.decimal(abs(latitude), digits: 2) + "°" + (latitude >= 0 ? "N" : "S") + " "
            + FixedDigits.decimal(abs(longitude), digits: 2) + "°" + (longitude >= 0 ? "E" : "W")
    }

    /// The time zone of the longitude at sea: `Etc/GMT-8` is UTC+8 (the IANA names count the other way).
    public static func nauticalZone(longitude: Double) -> String {
        let hours = Int((longitude / 15).rounded())
        return hours == 0 ? "Etc/GMT" : "Etc/GMT\(hours > 0 ? "-" : "+")\(abs(hours))"
    }
}

/// Why a place could not be found.
public enum PlaceFailure: Error, Equatable, Sendable {
    /// No city of that name (the message says so, with the name).
    case notFound(PlaceProblem)
    /// Not a name, id or coordinates.
    case invalid(PlaceProblem)
    /// The city list could not be opened (its reason, as the store says it).
    case catalogue(Sentence)

    /// In English (logs, tests).
    public var message: String { message(.english()) }

    /// In the user's language: `words` are CitiesService's (`PlaceWords.catalogue()`).
    public func message(_ words: Words) -> String {
        switch self {
        case .notFound(let problem), .invalid(let problem): problem.message(words)
        case .catalogue(let reason): words(reason)
        }
    }
}

/// Turns `Paris`, `Paris, US`, `Paris, TX, US`, `#2988507` or `48.85, 2.35` into a place, offline, through the city
/// list: the one resolution every command that takes a place uses. A name with no city is an error that says so,
/// never some other place.
public struct PlaceFinder: Sendable {
    /// The city list in use, opened on first use.
    public let cities: @Sendable () async throws(CatalogueError) -> CityDirectory

    public init(cities: @escaping @Sendable () async throws(CatalogueError) -> CityDirectory) {
        self.cities = cities
    }

    /// Over the city list client (the App's catalogue store).
    public init(catalogue: CityListClient) {
        self.cities = { () async throws(CatalogueError) -> CityDirectory in try await catalogue.open(nil) }
    }

    public func resolve(_ text: String) async throws(PlaceFailure) -> Place {
        let trimmed = text.trimmingSpaces
        if let (latitude, longitude) = Self.coordinates(trimmed) {
            // The zone of the point (the zone grid); the list is only a help here, so coordinates work without it.
            let directory = try? await cities()
            return Place(
                id: nil, name: Place.name(latitude: latitude, longitude: longitude), country: "", latitude: latitude,
                longitude: longitude,
                timeZone: directory?.timeZone(latitude, longitude) ?? Place.nauticalZone(longitude: longitude))
        }
        let directory: CityDirectory
        do { directory = try await cities() } catch { throw .catalogue(error.sentence) }
        // Names and ids resolve as in every other command that takes a place (`CityDirectory.resolve`).
        switch directory.resolve(trimmed) {
        case .success(let resolution):
            return Place(
                city: resolution.city, alternatives: resolution.alternatives,
                alternativeCount: resolution.alternativeCount, closeRunnerUp: resolution.closeRunnerUp)
        case .failure(.notFound(let problem)):
            throw .notFound(problem)
        case .failure(.invalid):
            throw .invalid(.notAPlace)
        }
    }

    /// A point as people write one, in degrees: `43.7,-79.4`, `-33.9, 18.4`, `43.7 -79.4`, `43.7N 79.4W`,
    /// `43.7°N, 79.4°W`, `33.9S 18.4E`. Latitude first; a hemisphere letter (N, S, E, W, either case) gives the sign
    /// and then may not be contradicted by a minus. Nil for anything else, or a point off the globe.
    public static func coordinates(_ text: String) -> (latitude: Double, longitude: Double)? {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty, trimmed.utf8.count <= 64 else { return nil }
        // Two parts: split at a comma, else at blanks.
        var parts = trimmed.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingSpaces
        }
        if parts.count == 1 { parts = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init) }
        guard parts.count == 2 else { return nil }
        /// A signed number of degrees and its hemisphere letter, if any.
        func degrees(_ part: String, positive: Character, negative: Character) -> (value: Double, lettered: Bool)? {
            var text = part.replacingEvery("°", with: "").trimmingSpaces
            var sign = 1.0
            var lettered = false
            if let last = text.last?.uppercased().first, last == positive || last == negative {
                sign = last == negative ? -1 : 1
                lettered = true
                text = String(text.dropLast()).trimmingSpaces
            }
            guard !text.isEmpty,
                text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }),
                let number = Double(text), number.isFinite
            else { return nil }
            if lettered, number < 0 { return nil }
            return (sign * number, lettered)
        }
        guard let latitude = degrees(parts[0], positive: "N", negative: "S"),
            let longitude = degrees(parts[1], positive: "E", negative: "W"),
            (-90...90).contains(latitude.value), (-180...180).contains(longitude.value)
        else { return nil }
        return (latitude.value, longitude.value)
    }
}

extension CityDirectory {
    /// The city nearest a point, within a degree of latitude (about 110 km); nil at sea.
    public func nearestCity(latitude: Double, longitude: Double) -> City? {
        guard let nearest = nearestPlace(latitude, longitude), nearest.distanceKm <= 111.2 else { return nil }
        return nearest.city
    }
}
