import CitiesService
import CoreKit
import Foundation
import WeatherService

/// A place as resolved from what the user typed, with the other cities of the same name.
struct ResolvedPlace: Sendable, Equatable {
    var location: WeatherLocation
    /// The region as the name shows it (`TX`, `Ile-de-France`).
    var region: String?
    /// Other places that answer to the text it was named by, the likeliest first (for the JSON's `alternatives`).
    var alternatives: [City]
    /// The runner-up, when it was nearly as likely meant ("Also: …").
    var closeRunnerUp: City?
    /// The place's IANA time zone (for the day's length and the Moon).
    var timeZone: String

    init(_ place: Place) {
        location = WeatherLocation(
            id: place.id, name: place.name, country: place.country, latitude: place.latitude,
            longitude: place.longitude)
        region = place.region
        alternatives = place.alternatives
        closeRunnerUp = place.closeRunnerUp
        timeZone = place.timeZone
    }
}

/// Places for the weather: the App's one resolution of a place (`PlaceFinder`), and the presets.
struct PlaceResolver: Sendable {
    /// Toronto, Vancouver, Montréal, Calgary, Ottawa.
    static let presetIDs = [6167865, 6173331, 6077243, 5913490, 6094817]

    typealias Failure = PlaceFailure

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
        ResolvedPlace(try await PlaceFinder(cities: cities).resolve(text))
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
}
