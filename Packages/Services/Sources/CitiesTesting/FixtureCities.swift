import CitiesService
import Foundation

/// A small city list for the features' tests, instead of the 13 MB built-in catalogue: real ids, names, coordinates,
/// regions and populations (GeoNames, as the built-in list has them) of places the tests talk about, with the cases
/// that matter (two Parises in one country, a Paris and a London in two, a name that is the start of another).
public enum FixtureCities {
    public static let toronto = City(
        id: 6167865, name: "Toronto", country: "CA", latitude: 43.700111, longitude: -79.416298, population: 2_794_356,
        timeZone: "America/Toronto", region: Region(name: "Ontario", isoCode: "ON", geonamesCode: "08"))
    public static let paris = City(
        id: 2988507, name: "Paris", country: "FR", latitude: 48.853409, longitude: 2.3488, population: 2_138_551,
        timeZone: "Europe/Paris", region: Region(name: "Ile-de-France", isoCode: "IDF", geonamesCode: "11"))
    public static let tokyo = City(
        id: 1850147, name: "Tokyo", country: "JP", latitude: 35.689499, longitude: 139.691711, population: 9_733_276,
        timeZone: "Asia/Tokyo", region: Region(name: "Tokyo", isoCode: "13", geonamesCode: "40"))

    public static let all: [City] = [
        toronto,
        City(
            id: 5174095, name: "Toronto", country: "US", latitude: 40.46423, longitude: -80.600906, state: "OH",
            population: 4_882, timeZone: "America/New_York",
            region: Region(name: "Ohio", isoCode: "OH", geonamesCode: "OH")),
        City(
            id: 6173331, name: "Vancouver", country: "CA", latitude: 49.24966, longitude: -123.119339,
            population: 662_248, timeZone: "America/Vancouver",
            region: Region(name: "British Columbia", isoCode: "BC", geonamesCode: "02")),
        City(
            id: 6077243, name: "Montréal", country: "CA", latitude: 45.508839, longitude: -73.587807,
            population: 1_762_949, timeZone: "America/Toronto",
            region: Region(name: "Quebec", isoCode: "QC", geonamesCode: "10")),
        City(
            id: 5913490, name: "Calgary", country: "CA", latitude: 51.05011, longitude: -114.085289,
            population: 1_306_784, timeZone: "America/Edmonton",
            region: Region(name: "Alberta", isoCode: "AB", geonamesCode: "01")),
        City(
            id: 6094817, name: "Ottawa", country: "CA", latitude: 45.411171, longitude: -75.69812,
            population: 1_017_449, timeZone: "America/Toronto",
            region: Region(name: "Ontario", isoCode: "ON", geonamesCode: "08")),
        paris,
        City(
            id: 2968815, name: "Paris", country: "FR", latitude: 48.853401, longitude: 2.3486,
            region: Region(name: "Ile-de-France", isoCode: "IDF", geonamesCode: "11", inferred: true)),
        City(
            id: 4717560, name: "Paris", country: "US", latitude: 33.660938, longitude: -95.555511, state: "TX",
            population: 24_782, timeZone: "America/Chicago",
            region: Region(name: "Texas", isoCode: "TX", geonamesCode: "TX")),
        City(
            id: 2643743, name: "London", country: "GB", latitude: 51.50853, longitude: -0.12574, population: 8_961_989,
            timeZone: "Europe/London", region: Region(name: "England", isoCode: "ENG", geonamesCode: "ENG")),
        City(
            id: 6058560, name: "London", country: "CA", latitude: 42.983391, longitude: -81.23304, population: 422_324,
            timeZone: "America/Toronto", region: Region(name: "Ontario", isoCode: "ON", geonamesCode: "08")),
        tokyo,
        City(
            id: 5883385, name: "Alert Bay", country: "CA", latitude: 50.582932, longitude: -126.919792,
            region: Region(name: "British Columbia", isoCode: "BC", geonamesCode: "02", inferred: true)),
        City(
            id: 3448439, name: "São Paulo", country: "BR", latitude: -23.547501, longitude: -46.636108,
            population: 12_400_232, timeZone: "America/Sao_Paulo",
            region: Region(name: "Sao Paulo", isoCode: "SP", geonamesCode: "27")),
        City(
            id: 2147714, name: "Sydney", country: "AU", latitude: -33.867851, longitude: 151.207321,
            population: 5_638_830, timeZone: "Australia/Sydney",
            region: Region(name: "New South Wales", isoCode: "NSW", geonamesCode: "02")),
    ]

    /// A catalogue store over `cities`, with `directory` as its data directory: the list is built there (a few
    /// milliseconds) and imported on first use, as the built-in list is.
    public static func store(
        in directory: URL, cities: [City] = all,
        now: @escaping @Sendable () -> Date = { Date(timeIntervalSince1970: 0) }
    ) throws -> CatalogueStore {
        let file = try write(cities, in: directory, named: "fixture-cities.skycat")
        return CatalogueStore(directory: directory, builtIn: file, remote: nil, now: now)
    }
}

extension FixtureCities {
    /// The fixture list as a directory, read from a catalogue file built in `directory`.
    public static func directory(in directory: URL, cities: [City] = all) throws -> CityDirectory {
        let file = try write(cities, in: directory, named: "fixture-directory.skycat")
        return CityDirectory.catalogue(try CityCatalogue(path: file.path))
    }

    /// The cities as a catalogue file, built as the App builds a downloaded list.
    private static func write(_ cities: [City], in directory: URL, named name: String) throws -> URL {
        let file = directory.appendingPathComponent(name)
        try CatalogueBuilder.build(cities, source: "fixture", createdAt: Date(timeIntervalSince1970: 0)).write(to: file)
        return file
    }
}
