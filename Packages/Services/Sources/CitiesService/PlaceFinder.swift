import CoreKit
import Foundation

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
    /// The IANA time zone the place keeps: the city's; for coordinates, the nearest city's within about 100 km,
    /// else the nautical zone of the longitude (`Etc/GMT-8`).
    public var timeZone: String
    /// Other cities with exactly this name (for "also: …"), and how many there are in all.
    public var alternatives: [City]
    public var alternativeCount: Int

    public init(
        id: Int?, name: String, country: String, region: String? = nil, latitude: Double, longitude: Double,
        timeZone: String, alternatives: [City] = [], alternativeCount: Int = 0
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
    }

    public init(city: City, alternatives: [City] = [], alternativeCount: Int = 0) {
        self.init(
            id: city.id, name: city.name, country: city.country, region: city.regionLabel, latitude: city.latitude,
            longitude: city.longitude,
            timeZone: city.timeZone ?? Self.nauticalZone(longitude: city.longitude),
            alternatives: alternatives, alternativeCount: alternativeCount)
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
    case notFound(String)
    /// Not a name, id or coordinates.
    case invalid(String)
    /// The city list could not be opened.
    case catalogue(String)

    public var message: String {
        switch self {
        case .notFound(let m), .invalid(let m), .catalogue(let m): m
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
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let (latitude, longitude) = Self.coordinates(trimmed) {
            let name = String(
                format: "%.2f°%@ %.2f°%@", abs(latitude), latitude >= 0 ? "N" : "S", abs(longitude),
                longitude >= 0 ? "E" : "W")
            // The zone of the nearest city; the list is only a help here, so coordinates work without it.
            let nearest = try? await cities().nearestCity(latitude: latitude, longitude: longitude)
            return Place(
                id: nil, name: name, country: "", latitude: latitude, longitude: longitude,
                timeZone: nearest?.timeZone ?? Place.nauticalZone(longitude: longitude))
        }
        let directory: CityDirectory
        do { directory = try await cities() } catch { throw .catalogue(error.message) }
        // Names and ids resolve as in every other command that takes a place (`CityDirectory.resolve`).
        switch directory.resolve(trimmed) {
        case .success(let resolution):
            return Place(
                city: resolution.city, alternatives: resolution.alternatives,
                alternativeCount: resolution.alternativeCount)
        case .failure(.notFound(let message)):
            throw .notFound(message)
        case .failure(.invalid):
            throw .invalid("Name a city, an id as #ID, or coordinates as lat,lon.")
        }
    }

    /// `19.54,110`, `-33.9, 18.4`: latitude and longitude in degrees.
    public static func coordinates(_ text: String) -> (latitude: Double, longitude: Double)? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]),
            parts.allSatisfy({ $0.allSatisfy { $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" } }),
            (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        return (latitude, longitude)
    }
}

extension CityDirectory {
    /// The city nearest a point, within a degree of latitude (about 110 km); nil at sea.
    public func nearestCity(latitude: Double, longitude: Double) -> City? {
        let south = max(-90, latitude - 1), north = min(90, latitude + 1)
        let span = min(180, 1 / max(0.05, cos(latitude * .pi / 180)))
        var west = longitude - span, east = longitude + span
        if west < -180 { west += 360 }
        if east > 180 { east -= 360 }
        let candidates = places(south, west, north, east, .all)
        func distance(_ place: CityPlace) -> Double {
            var dLon = abs(place.longitude - longitude)
            if dLon > 180 { dLon = 360 - dLon }
            let x = dLon * cos(latitude * .pi / 180), y = place.latitude - latitude
            return x * x + y * y
        }
        guard let best = candidates.min(by: { distance($0) < distance($1) }), distance(best) <= 1 else { return nil }
        return city(best.id)
    }
}
