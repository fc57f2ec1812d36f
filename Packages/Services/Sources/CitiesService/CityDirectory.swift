import Foundation

/// A page of search results: the cities, and how many match in all.
public struct CityPage: Sendable, Equatable {
    public var total: Int
    public var offset: Int
    public var cities: [City]

    public init(total: Int, offset: Int, cities: [City]) {
        self.total = total
        self.offset = offset
        self.cities = cities
    }
}

/// Which cities of a box a map asks for: all (`perBlock` 0), or the `perBlock` most populous of each block of
/// `blockDegrees` × `blockDegrees` degrees.
public struct CitySampling: Sendable, Equatable {
    public var blockDegrees: Int
    public var perBlock: Int

    public init(blockDegrees: Int = 1, perBlock: Int) {
        self.blockDegrees = blockDegrees
        self.perBlock = perBlock
    }

    /// Every city in the box.
    public static let all = CitySampling(perBlock: 0)
}

/// A city as a map draws it: a dot, and a name for the most populous ones ("" for the others).
public struct CityPlace: Sendable, Equatable {
    public var id: Int
    public var name: String
    public var latitude: Double
    public var longitude: Double
    public var population: Int

    public init(id: Int, name: String, latitude: Double, longitude: Double, population: Int) {
        self.id = id
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.population = population
    }
}

/// The city list in use, as the features query it: search, the one resolution of a name, lookup by id, the nearest
/// places, the places in a map's view. A client (a struct of closures): the live value reads a `CityCatalogue`
/// (`catalogue(_:)`); the features' tests use a small fixture list (module `CitiesTesting`). No row positions or
/// other insides of the catalogue reach a feature.
public struct CityDirectory: Sendable {
    /// How many cities the list has, and where it came from (`built-in`, or the URL it was downloaded from).
    public var count: Int
    public var source: String {
        get { readSource() }
        set { readSource = { newValue } }
    }
    /// Read when asked (the catalogue's meta section is JSON: most commands never need it).
    private var readSource: @Sendable () -> String
    /// The cities whose folded name starts with the query's prefix (in its country, if it names one), in search
    /// order (name, country, id), `limit` of them from `offset`; with `only`, only those ids.
    public var search: @Sendable (_ query: CityQuery, _ only: Set<Int>?, _ offset: Int, _ limit: Int) -> CityPage
    public var city: @Sendable (_ id: Int) -> City?
    /// The one resolution of a place's name, for every command that takes one (see `CityCatalogue.resolve(name:)`).
    public var resolve: @Sendable (_ name: String) -> Result<CityResolution, CityResolutionError>
    /// The cities nearest the city with this id, nearest first.
    public var nearest: @Sendable (_ id: Int, _ limit: Int) -> [NearbyCity]
    /// The cities inside a box (`west > east` crosses the antimeridian): all of them, or only the most populous of
    /// each block of the grid (`CitySampling`: a world map needs no more).
    public var places:
        @Sendable (_ south: Double, _ west: Double, _ north: Double, _ east: Double, _ sampling: CitySampling) ->
            [CityPlace]
    /// The town nearest any point (at sea too: however far), with its distance and the bearing to it; nil for a list
    /// without towns.
    public var nearestPlace: @Sendable (_ latitude: Double, _ longitude: Double) -> NearbyCity?
    /// The IANA time zone of a point that is not a listed place (`PlaceZone`).
    public var timeZone: @Sendable (_ latitude: Double, _ longitude: Double) -> String

    public init(
        count: Int, source: String,
        search: @escaping @Sendable (CityQuery, Set<Int>?, Int, Int) -> CityPage,
        city: @escaping @Sendable (Int) -> City?,
        resolve: @escaping @Sendable (String) -> Result<CityResolution, CityResolutionError>,
        nearest: @escaping @Sendable (Int, Int) -> [NearbyCity],
        places: @escaping @Sendable (Double, Double, Double, Double, CitySampling) -> [CityPlace],
        nearestPlace: @escaping @Sendable (Double, Double) -> NearbyCity? = { _, _ in nil },
        timeZone: @escaping @Sendable (Double, Double) -> String = { _, longitude in
            Place.nauticalZone(longitude: longitude)
        }
    ) {
        self.count = count
        self.readSource = { source }
        self.search = search
        self.city = city
        self.resolve = resolve
        self.nearest = nearest
        self.places = places
        self.nearestPlace = nearestPlace
        self.timeZone = timeZone
    }

    /// True when the list has the city (a favourite kept from another list may be missing).
    public func has(_ id: Int) -> Bool { city(id) != nil }

    /// The live value: a catalogue read from its file, and the time-zone grid (nil: the zones of coordinates come
    /// from the nearest town alone).
    public static func catalogue(_ catalogue: CityCatalogue, zones: TimeZoneGrid? = nil) -> CityDirectory {
        Self.catalogue(catalogue, zones: { zones })
    }

    /// The live value, the time-zone grid read the first time coordinates need a zone (`zones` is asked then).
    public static func catalogue(
        _ catalogue: CityCatalogue, zones: @escaping @Sendable () -> TimeZoneGrid?
    ) -> CityDirectory {
        var directory = CityDirectory(
            count: catalogue.count, source: "",
            search: { query, only, offset, limit in
                let page = catalogue.search(query, favorites: only, offset: offset, limit: limit)
                return CityPage(
                    total: page.total, offset: page.offset,
                    cities: page.positions.map { position in
                        var city = catalogue.city(at: position)
                        city.otherName = page.otherNames[position]
                        return city
                    })
            },
            city: { catalogue.city(id: $0) },
            resolve: { catalogue.resolve(name: $0) },
            nearest: { id, limit in
                catalogue.position(ofID: id).map { catalogue.nearest(to: $0, limit: limit) } ?? []
            },
            places: { south, west, north, east, sampling in
                catalogue.positions(
                    south: south, west: west, north: north, east: east, mostPopulousPerCell: sampling.perBlock,
                    blockDegrees: sampling.blockDegrees
                )
                .map { position in
                    CityPlace(
                        id: catalogue.id(at: position), name: catalogue.name(at: position),
                        latitude: catalogue.latitude(at: position), longitude: catalogue.longitude(at: position),
                        population: catalogue.population(at: position))
                }
            },
            nearestPlace: { latitude, longitude in catalogue.nearestPlace(latitude: latitude, longitude: longitude) },
            timeZone: { latitude, longitude in
                PlaceZone.zone(latitude: latitude, longitude: longitude, grid: zones()) {
                    catalogue.nearestPlace(latitude: latitude, longitude: longitude)
                }
            })
        directory.readSource = { catalogue.source }
        return directory
    }
}

/// The time zone of coordinates that are not a listed place: the zone grid's (time-zone boundaries, 0.1° cells); where
/// the grid says open sea but land is within 12 nautical miles (territorial waters: a harbour, a bay, a point just
/// off a coast), the zone of the nearest town; with no grid, the nearest town's within about 100 km; else the
/// nautical zone of the longitude.
public enum PlaceZone {
    /// 12 nautical miles: where a country's waters, and its clocks, end.
    public static let territorialWatersKm = 22.224

    /// - Parameter nearest: the town nearest the point, asked only where the grid says sea (or there is no grid).
    public static func zone(
        latitude: Double, longitude: Double, grid: TimeZoneGrid?, nearest: () -> NearbyCity?
    ) -> String {
        if let grid {
            let zone = grid.zone(latitude: latitude, longitude: longitude)
            guard TimeZoneGrid.isSea(zone) else { return zone }
            if let town = nearest()?.city.timeZone,
                grid.isNearLand(latitude: latitude, longitude: longitude, kilometres: territorialWatersKm)
            {
                return town
            }
            return zone
        }
        if let nearest = nearest(), nearest.distanceKm <= 111, let zone = nearest.city.timeZone { return zone }
        return Place.nauticalZone(longitude: longitude)
    }
}
