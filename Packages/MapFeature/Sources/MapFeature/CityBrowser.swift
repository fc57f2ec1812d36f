import Architecture
import CitiesService
import Foundation
import MapRendering

/// A city as a row of a list, with whether it is a favourite.
struct CityRow: Equatable, Sendable {
    var city: City
    var favorite: Bool
}

/// What is on screen and what can be moved: the list of the last search, the city opened, the map.
@MainActor
final class CityBrowser: ObservableViewModel {
    struct Results: Equatable, Sendable {
        var query: String
        var favoritesOnly: Bool
        var offset: Int
        var limit: Int
        var total: Int
        var rows: [CityRow]
        /// Favourites the list in use lacks (for a favourites list): kept with their stored name and place.
        var absent: [Favorite] = []

        var pageCount: Int { max(1, (total + limit - 1) / limit) }
        var pageIndex: Int { offset / max(1, limit) }
    }

    struct Detail: Equatable, Sendable {
        var city: City
        var countryName: String?
        var favorite: Bool
        var nearby: [NearbyCity]
    }

    struct MapView: Equatable, Sendable {
        var city: City?
        var favorite: Bool
        var center: GeoPoint
        var zoom: Int
        var style: MapStyle
        var width: Int
        var height: Int
    }

    struct State: Equatable, Sendable {
        var results: Results?
        var detail: Detail?
        var map: MapView?
        var favorites: Set<Int> = []
        /// The favourites that the city list in use lacks (one from another source), as stored.
        var absentFavorites: [Favorite] = []
    }

    enum Action: Sendable {
        case searchSubmitted(query: String, favoritesOnly: Bool, limit: Int)
        case pageRequested(Int)
        case citySelected(id: Int)
        case favoritesChanged([Favorite])
        case mapRequested(id: Int, zoom: Int, style: MapStyle, width: Int, height: Int)
        case zoomChanged(by: Int)
        case panned(dx: Double, dy: Double)
        case catalogueReplaced
    }

    private(set) var state = State()
    private let catalogue: CityCatalogue
    private let countries: Countries

    init(catalogue: CityCatalogue, countries: Countries, favorites: [Favorite]) {
        self.catalogue = catalogue
        self.countries = countries
        setFavorites(favorites)
    }

    private func setFavorites(_ favorites: [Favorite]) {
        state.favorites = Set(favorites.map(\.id))
        state.absentFavorites = favorites.filter { catalogue.position(ofID: $0.id) == nil }
    }

    /// Whether the city list in use has the city (a favourite from another list may be missing from it).
    func listHas(_ id: Int) -> Bool { catalogue.position(ofID: id) != nil }

    func send(_ action: Action) async {
        switch action {
        case .searchSubmitted(let query, let favoritesOnly, let limit):
            state.results = search(query: query, favoritesOnly: favoritesOnly, offset: 0, limit: limit)
        case .pageRequested(let index):
            guard let results = state.results else { return }
            let offset = max(0, min(index, results.pageCount - 1)) * results.limit
            state.results = search(
                query: results.query, favoritesOnly: results.favoritesOnly, offset: offset, limit: results.limit)
        case .citySelected(let id):
            guard let position = catalogue.position(ofID: id) else { return }
            let city = catalogue.city(at: position)
            state.detail = Detail(
                city: city, countryName: countries.name(city.country), favorite: state.favorites.contains(id),
                nearby: catalogue.nearest(to: position))
        case .favoritesChanged(let stored):
            // Nothing to do when they are as they were (another session may have changed them, usually not).
            let before = (state.favorites, state.absentFavorites)
            setFavorites(stored)
            guard before != (state.favorites, state.absentFavorites) else { return }
            let favorites = state.favorites
            if let results = state.results {
                // A favourites-only list changes with them; a plain list only changes its stars.
                state.results =
                    results.favoritesOnly
                    ? search(query: results.query, favoritesOnly: true, offset: results.offset, limit: results.limit)
                    : Results(
                        query: results.query, favoritesOnly: false, offset: results.offset, limit: results.limit,
                        total: results.total,
                        rows: results.rows.map { CityRow(city: $0.city, favorite: favorites.contains($0.city.id)) })
            }
            if let detail = state.detail { state.detail?.favorite = favorites.contains(detail.city.id) }
            if let city = state.map?.city { state.map?.favorite = favorites.contains(city.id) }
        case .mapRequested(let id, let zoom, let style, let width, let height):
            guard let city = catalogue.city(id: id) ?? state.absentFavorites.first(where: { $0.id == id })?.city
            else { return }
            state.map = MapView(
                city: city, favorite: state.favorites.contains(id),
                center: GeoPoint(latitude: city.latitude, longitude: city.longitude),
                zoom: min(MapRequest.zoomRange.upperBound, max(MapRequest.zoomRange.lowerBound, zoom)), style: style,
                width: width, height: height)
        case .zoomChanged(let step):
            guard let map = state.map else { return }
            state.map?.zoom = min(
                MapRequest.zoomRange.upperBound, max(MapRequest.zoomRange.lowerBound, map.zoom + step))
        case .panned(let dx, let dy):
            guard let map = state.map else { return }
            let box = MapRenderer.visibleBox(request(for: map))
            let span = (box.east - box.west + 360).truncatingRemainder(dividingBy: 360)
            let lonSpan = span == 0 ? 360 : span
            var longitude = map.center.longitude + dx * lonSpan / 2
            longitude = (longitude + 540).truncatingRemainder(dividingBy: 360) - 180
            let latitude = min(85, max(-85, map.center.latitude + dy * (box.north - box.south) / 2))
            state.map?.center = GeoPoint(latitude: latitude, longitude: longitude)
        case .catalogueReplaced:
            state.results = nil
        }
    }

    /// The city a command names: `#ID`, a row number of the list on screen, or (for `map`) a name.
    func resolve(_ reference: String, allowName: Bool) -> Resolution {
        let trimmed = reference.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("#") {
            guard let id = Int(trimmed.dropFirst()) else {
                return .invalid("'\(trimmed)' is not an id: write it as #6167865.")
            }
            if let city = catalogue.city(id: id) { return .city(city) }
            // A favourite from another list: known by what was stored, so that it can be forgotten.
            if let city = state.absentFavorites.first(where: { $0.id == id })?.city { return .city(city) }
            return .invalid("No city has the id \(id).")
        }
        if let row = Int(trimmed) {
            guard let results = state.results, !results.rows.isEmpty else {
                return .invalid(
                    "There is no list on screen to pick row \(row) from; search first, or give an id as #ID.")
            }
            guard row >= 1, row <= results.rows.count else {
                return .invalid("Row \(row) is not on screen: pick 1 to \(results.rows.count), or give an id as #ID.")
            }
            return .city(results.rows[row - 1].city)
        }
        guard allowName, !trimmed.isEmpty else { return .invalid("Name a row number or an id (#ID).") }
        // A name resolves as in every other command that takes a place: `map X` and `weather X` are the same X.
        switch catalogue.resolve(name: trimmed) {
        case .success(let resolution): return .city(resolution.city)
        case .failure(let failure): return .invalid(failure.message)
        }
    }

    enum Resolution: Equatable {
        case city(City)
        case invalid(String)
    }

    func request(for map: MapView) -> MapRequest {
        let marker = map.city.map { city in
            MapPlace(
                name: city.name, location: GeoPoint(latitude: city.latitude, longitude: city.longitude),
                population: city.population ?? 0, id: city.id)
        }
        return MapRequest(
            center: map.center, zoom: map.zoom, width: map.width, height: map.height, style: map.style, marker: marker)
    }

    /// The cities inside the map's view as places: all as dots, and the most populous ones with their names.
    func places(for request: MapRequest) -> [MapPlace] {
        let box = MapRenderer.visibleBox(request)
        let positions = catalogue.positions(south: box.south, west: box.west, north: box.north, east: box.east)
        var ranked: [(position: Int, population: Int)] = positions.map { ($0, catalogue.population(at: $0)) }
        ranked.sort { a, b in a.population != b.population ? a.population > b.population : a.position < b.position }
        let named = Set(ranked.prefix(400).map(\.position))
        return positions.map { position in
            MapPlace(
                name: named.contains(position) ? catalogue.name(at: position) : "",
                location: GeoPoint(
                    latitude: catalogue.latitude(at: position), longitude: catalogue.longitude(at: position)),
                population: catalogue.population(at: position), id: catalogue.id(at: position))
        }
    }

    private func search(query: String, favoritesOnly: Bool, offset: Int, limit: Int) -> Results {
        let page = catalogue.search(
            CityQuery(parsing: query), favorites: favoritesOnly ? state.favorites : nil, offset: offset, limit: limit)
        let rows = page.positions.map { position in
            CityRow(city: catalogue.city(at: position), favorite: state.favorites.contains(catalogue.id(at: position)))
        }
        var absent: [Favorite] = []
        if favoritesOnly {
            let parsed = CityQuery(parsing: query)
            absent = state.absentFavorites.filter { favorite in
                NameFolding.fold(favorite.name ?? "").hasPrefix(parsed.prefix)
                    && (parsed.country == nil || favorite.country?.uppercased() == parsed.country?.uppercased())
            }
        }
        return Results(
            query: query, favoritesOnly: favoritesOnly, offset: offset, limit: limit, total: page.total, rows: rows,
            absent: absent)
    }
}
