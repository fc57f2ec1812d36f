import CitiesService
import CoreKit
import Foundation
import WeatherService

extension Place {
    /// Where the weather is asked for: the place's id (none for coordinates), name, country and coordinates.
    var location: WeatherLocation {
        WeatherLocation(id: id, name: name, country: country, latitude: latitude, longitude: longitude)
    }
}

extension WeatherLocation {
    /// A city of the list, as a place the weather is asked for.
    init(_ city: City) {
        self.init(
            id: city.id, name: city.name, country: city.country, latitude: city.latitude, longitude: city.longitude)
    }
}

/// The cities `presets` lists, and whether they came from the user's `locations.json`.
struct Presets: Equatable, Sendable {
    /// Toronto, Vancouver, Montréal, Calgary, Ottawa.
    static let builtInIDs = [6167865, 6173331, 6077243, 5913490, 6094817]

    var cities: [City]
    var fromFile: Bool

    /// Why the presets cannot be listed (said in the user's language by the output: `message(_:)`).
    enum Failure: Error, Equatable, Sendable {
        /// `locations.json` cannot be read (a directory, a pipe, too large): its path and why, in the file system's
        /// words.
        case unreadable(path: String, reason: String)
        /// `locations.json` is there but is no list of cities: its path and why, in the city list's words.
        case notCities(path: String, reason: Sentence)
        /// The city list cannot be read.
        case catalogue(Sentence)
    }

    /// From `locations.json` in the data directory when there is one, else the five built in.
    static func load(
        dataDirectory: URL, cities: @Sendable () async throws(CatalogueError) -> CityDirectory
    ) async throws(Failure) -> Presets {
        let file = dataDirectory.appendingPathComponent("locations.json")
        let contents: Data?
        do {
            contents = try RegularFile.read(file.path, limit: 16 * 1_048_576)
        } catch {
            throw .unreadable(path: file.path, reason: error.reason)
        }
        if let data = contents {
            do throws(CatalogueError) {
                let parsed = try CityListParser.parse(data)
                guard !parsed.cities.isEmpty else {
                    throw CatalogueError.unusable(valid: 0, skipped: parsed.skipped, firstProblem: parsed.firstProblem)
                }
                return Presets(cities: parsed.cities, fromFile: true)
            } catch {
                throw .notCities(path: file.path, reason: error.sentence)
            }
        }
        let directory: CityDirectory
        do { directory = try await cities() } catch { throw .catalogue(error.sentence) }
        return Presets(cities: builtInIDs.compactMap(directory.city), fromFile: false)
    }
}
