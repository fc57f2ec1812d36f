import CitiesService
import CoreKit
import Foundation
import WeatherService

/// A place as resolved from what the user typed, with the other cities of the same name.
struct ResolvedPlace: Sendable, Equatable {
    var location: WeatherLocation
    var state: String?
    /// Other cities with exactly this name (for "Paris: also …"), and how many there are in all.
    var alternatives: [City]
    var alternativeCount: Int
}

/// Turns `Paris`, `Paris, US`, `Paris, TX, US`, `#2988507` or `48.85, 2.35` into a place, offline, through the city
/// catalogue. A name with no city is an error that says so: never the weather of some other place.
struct PlaceResolver: Sendable {
    /// Toronto, Vancouver, Montréal, Calgary, Ottawa.
    static let presetIDs = [6167865, 6173331, 6077243, 5913490, 6094817]

    enum Failure: Error, Equatable {
        case notFound(String)
        case invalid(String)
        case catalogue(String)

        var message: String {
            switch self {
            case .notFound(let m), .invalid(let m), .catalogue(let m): m
            }
        }
    }

    /// The city list in use, opened on first use (imported from the built-in list or the configured URL).
    let cities: @Sendable () async throws(CatalogueError) -> CityDirectory

    init(cities: @escaping @Sendable () async throws(CatalogueError) -> CityDirectory) {
        self.cities = cities
    }

    /// Over the city list client (the App's catalogue store).
    init(catalogue: CityListClient) {
        self.cities = { () async throws(CatalogueError) -> CityDirectory in try await catalogue.open(nil) }
    }

    func resolve(_ text: String) async throws(Failure) -> ResolvedPlace {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let coordinates = Self.coordinates(trimmed) { return coordinates }
        let directory: CityDirectory
        do { directory = try await cities() } catch { throw .catalogue(error.message) }
        // Names and ids resolve as in every other command that takes a place (`CityDirectory.resolve`).
        switch directory.resolve(trimmed) {
        case .success(let resolution):
            return ResolvedPlace(
                location: Self.location(resolution.city), state: resolution.city.state,
                alternatives: resolution.alternatives, alternativeCount: resolution.alternativeCount)
        case .failure(.notFound(let message)):
            throw .notFound(message)
        case .failure(.invalid):
            throw .invalid("Name a city, an id as #ID, or coordinates as lat,lon.")
        }
    }

    /// The cities `presets` lists, and whether they came from the user's `locations.json`.
    struct Presets: Equatable, Sendable {
        var cities: [City]
        var fromFile: Bool
    }

    /// The five presets: from `locations.json` in the data directory when there is one, else built in.
    func presets(dataDirectory: URL) async throws(Failure) -> Presets {
        let file = dataDirectory.appendingPathComponent("locations.json")
        let contents: Data?
        do {
            contents = try RegularFile.read(file.path, limit: 16 * 1_048_576)
        } catch {
            throw .invalid("\(file.path.terminalSafe) cannot be used as a list of places: \(error.reason).")
        }
        if let data = contents {
            do throws(CatalogueError) {
                let parsed = try CityListParser.parse(data)
                guard !parsed.cities.isEmpty else {
                    throw CatalogueError.unusable(valid: 0, skipped: parsed.skipped, firstProblem: parsed.firstProblem)
                }
                return Presets(cities: parsed.cities, fromFile: true)
            } catch {
                throw .invalid("\(file.path.terminalSafe) is not a list of cities like the city list: \(error.message)")
            }
        }
        let directory: CityDirectory
        do { directory = try await cities() } catch { throw .catalogue(error.message) }
        return Presets(cities: Self.presetIDs.compactMap(directory.city), fromFile: false)
    }

    static func location(_ city: City) -> WeatherLocation {
        WeatherLocation(
            id: city.id, name: city.name, country: city.country, latitude: city.latitude, longitude: city.longitude)
    }

    /// `19.54,110`, `-33.9, 18.4`: latitude and longitude in degrees.
    static func coordinates(_ text: String) -> ResolvedPlace? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]),
            parts.allSatisfy({ $0.allSatisfy { $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" } }),
            (-90...90).contains(lat), (-180...180).contains(lon)
        else { return nil }
        let name = String(format: "%.2f°%@ %.2f°%@", abs(lat), lat >= 0 ? "N" : "S", abs(lon), lon >= 0 ? "E" : "W")
        return ResolvedPlace(
            location: WeatherLocation(id: nil, name: name, country: "", latitude: lat, longitude: lon), state: nil,
            alternatives: [], alternativeCount: 0)
    }
}
