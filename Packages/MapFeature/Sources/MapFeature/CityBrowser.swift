import Architecture
import Astronomy
import CitiesService
import CoreKit
import Foundation
import MapRendering
import WeatherAlerts
import WeatherService

/// A city as a row of a list, with whether it is a favourite.
struct CityRow: Equatable, Sendable {
    var city: City
    var favorite: Bool
}

/// The map feature's behaviour: the list of the last search, the city opened, the map, the favourites, and which
/// city a command names. Everything a command does happens in `send`; the plugin turns a line into an action and the
/// state into text or JSON, and moves the router.
@MainActor
final class CityBrowser: ObservableViewModel {
    struct Results: Equatable, Sendable {
        var query: String
        var favoritesOnly: Bool
        var order: CityQuery.Order = .name
        var offset: Int
        var limit: Int
        var total: Int
        var rows: [CityRow]
        /// Favourites the list in use lacks (for a favourites list): kept with their stored name and place.
        var absent: [Favorite] = []
        /// The most important match, when the first page in name order does not show it (`search par`: Paris is
        /// row 150 of 723); said above the rows.
        var likeliest: CityRow? = nil

        var pageCount: Int { max(1, (total + limit - 1) / limit) }
        var pageIndex: Int { offset / max(1, limit) }
    }

    struct Detail: Equatable, Sendable {
        var city: City
        var countryName: String?
        var favorite: Bool
        var nearby: [NearbyCity]
        /// The point the place was opened for (`open 43.7,-79.4`), with the place's distance and bearing from it.
        var origin: Origin?
        /// The other places that answered to the text it was opened by, the likeliest first.
        var alternatives: [City] = []
    }

    /// A point given as coordinates, and where the nearest place is from it.
    struct Origin: Equatable, Sendable {
        var latitude: Double
        var longitude: Double
        var distanceKm: Double
        var bearing: Double
    }

    struct MapView: Equatable, Sendable {
        var city: City?
        var favorite: Bool
        var center: GeoPoint
        var zoom: Int
        var style: MapStyle
        var width: Int
        var height: Int
        var layers: MapLayers = .all
        /// The night side shaded (`--night`, `n` full-screen), as it is at the time of drawing.
        var night = false
        /// The largest places labelled with their weather (`--weather`, `t` full-screen).
        var weather = false
        /// The official warnings' areas shaded (`--alerts`, `!` full-screen): those of the map's place.
        var alerts = false
        /// A map of a point (no city): the place nearest it, which the route, the prompt and `fav` or `weather`
        /// without a name take.
        var filedUnder: City?
    }

    /// What `fav` or `unfav` did.
    struct FavoriteChange: Equatable, Sendable {
        var city: City
        var favorite: Bool
        /// False when it already was (or was not) a favourite.
        var changed: Bool
        /// The point the place was named by, when it was (`fav 43.7,-79.4` keeps the nearest place).
        var origin: Origin?
    }

    /// Why the last action did not do what it was asked.
    enum Problem: Equatable, Sendable {
        /// A row, an id or a name that names no city.
        case notFound(NotFound)
        /// No city named and none on screen.
        case whichCity
        /// `next`, `prev`, `page` with no list.
        case noList
        /// A page before the first or after the last.
        case noPage(first: Bool, count: Int)
        /// A favourite that the city list in use lacks, asked to be opened.
        case notInList(City)
        /// The favourites cannot be read (the store's reason).
        case storage(Sentence)
        /// A favourite could not be kept (`favorite` true) or forgotten: said plainly, never claimed kept.
        case notKept(City, favorite: Bool, reason: Sentence)
    }

    /// How a reference named no city.
    enum NotFound: Equatable, Sendable {
        /// `#…` that is not a number.
        case notAnID(String)
        /// Coordinates, with a list that has no place at all.
        case nothingNear(String)
        /// A row number with no list on screen.
        case noListForRow(Int)
        /// A row number past the list on screen.
        case rowNotOnScreen(Int, count: Int)
        /// A name: the city list's own problem (not found, did you mean).
        case place(PlaceProblem)
    }

    /// Why the map's weather is not shown.
    enum WeatherProblem: Equatable, Sendable {
        /// The App gave the feature no weather.
        case notInThisBuild
        /// The provider failed (its reason).
        case failed(Sentence)
    }

    struct State: Equatable, Sendable {
        var results: Results?
        var detail: Detail?
        var map: MapView?
        var favorites: Set<Int> = []
        /// The favourites that the city list in use lacks (one from another source), as stored.
        var absentFavorites: [Favorite] = []
        /// The city the last `open` named (the plugin then moves the router to its page).
        var opened: City?
        var favoriteChange: FavoriteChange?
        /// The other places of the name the last command resolved (for "Also: …" and the JSON's `alternatives`).
        var alsoCalled: AlsoCalled?
        /// The point the last command named by coordinates, and the nearest place's distance and bearing from it.
        var origin: Origin?
        var problem: Problem?
        /// The weather known for places, by city id (this session's; older than `MapWeather.freshFor` is asked again).
        var currents: [Int: MapCurrent] = [:]
        /// The unit of the labels' temperatures: read when the weather is loaded.
        var temperatureUnit: TemperatureUnit = .celsius
        /// Why the last request for the map's weather failed, and when.
        var weatherProblem: WeatherProblem?
        var weatherFailedAt: Date?
        /// The last map asked for nothing and was drawn for the last place shown, or the default place: said once.
        var startNote: StartNote?
        /// With `alerts` on: the warnings of the map's place (its city, or the place nearest its centre).
        var mapWarnings: MapWarnings?
    }

    /// The official warnings of the place a map shows, as a lookup answered them.
    struct MapWarnings: Equatable, Sendable {
        var place: City
        /// Nil: no warnings can be had here (no service is set up).
        var answer: AlertsLookup.Answer?
    }

    /// Other places a name could have meant: the first few (the likeliest first), and the runner-up when it was
    /// nearly as likely meant.
    struct AlsoCalled: Equatable, Sendable {
        var cities: [City]
        var closeRunnerUp: City?
        /// The place the name was resolved to.
        var chosen: Int
    }

    /// How a command names a city: its words, and the city on screen (a city's page or map) for when they are none.
    struct Reference: Sendable, Equatable {
        var text: String
        var onScreen: Int?

        init(_ text: String, onScreen: Int? = nil) {
            self.text = text
            self.onScreen = onScreen
        }
    }

    enum Action: Sendable {
        /// Reads the favourites again (another session may have changed them); `required` when they are what was
        /// asked for, so that a store that cannot be read is a problem rather than no favourites.
        case favoritesReloaded(required: Bool)
        case searchSubmitted(query: String, favoritesOnly: Bool, limit: Int, order: CityQuery.Order = .name)
        case pageRequested(Int)
        /// `open`: the city named, for its page.
        case openRequested(Reference)
        /// The page of a city is shown (by `open`, or `back` to it).
        case citySelected(id: Int)
        case favoriteSet(Reference, Bool)
        case mapRequested(
            Reference, zoom: Int, style: MapStyle, width: Int, height: Int, layers: MapLayers = .all,
            night: Bool = false, weather: Bool = false, alerts: Bool = false)
        /// The warnings' areas shaded or not.
        case alertsToggled
        /// The night side shaded or not.
        case nightToggled
        case zoomChanged(by: Int)
        case panned(dx: Double, dy: Double)
        /// The map's area changed (a full-screen map follows its window).
        case resized(width: Int, height: Int)
        /// Temperatures on the map or not.
        case weatherToggled
        /// The weather of these places (the labelled ones, the largest first) is wanted: from the cache while
        /// fresh, the rest in one request (at most 10 places).
        case weatherNeeded([MapPlace])
    }

    /// The language the warnings' own texts are asked in, where a service writes several (the command's).
    var warningsLanguage = "en"
    private(set) var state = State()
    private let directory: CityDirectory
    private let countries: Countries
    private let favoritesClient: FavoritesClient
    let now: @Sendable () -> Date

    private let weather: MapWeather?
    /// The last place any feature showed, else the default place: what `map` alone draws; told what `open` and `map`
    /// show.
    private let places: PlaceMemory?
    /// The official warnings (`map --alerts`); nil: none can be had.
    private let alerts: AlertsLookup?

    init(
        directory: CityDirectory, countries: Countries, favorites: FavoritesClient, weather: MapWeather? = nil,
        places: PlaceMemory? = nil, alerts: AlertsLookup? = nil, now: @escaping @Sendable () -> Date
    ) {
        self.alerts = alerts
        self.weather = weather
        self.places = places
        self.directory = directory
        self.countries = countries
        self.favoritesClient = favorites
        self.now = now
    }

    func send(_ action: Action) async {
        state.problem = nil
        switch action {
        case .favoritesReloaded(let required):
            await reloadFavorites(required: required)
        case .searchSubmitted(let query, let favoritesOnly, let limit, let order):
            // The stars (or, favourites only, the list itself) as another session may have left them.
            await reloadFavorites(required: favoritesOnly)
            guard state.problem == nil else { return }
            state.results = search(
                query: query, favoritesOnly: favoritesOnly, order: order, offset: 0, limit: limit)
        case .pageRequested(let index):
            guard let results = state.results else {
                state.problem = .noList
                return
            }
            guard index >= 0, index < results.pageCount else {
                state.problem = .noPage(first: index < 0, count: results.pageCount)
                return
            }
            state.results = search(
                query: results.query, favoritesOnly: results.favoritesOnly, order: results.order,
                offset: index * results.limit, limit: results.limit)
        case .openRequested(let reference):
            state.opened = nil
            guard let city = resolve(reference) else { return }
            guard directory.has(city.id) else {
                state.problem = .notInList(city)
                return
            }
            state.opened = city
            try? await places?.remember(id: city.id, latitude: city.latitude, longitude: city.longitude)
        case .citySelected(let id):
            await reloadFavorites(required: false)
            guard let city = directory.city(id) else {
                state.problem = .notFound(.place(.noSuchID(String(id))))
                return
            }
            // How it was named (its alternatives, the point it was opened for) belongs to this opening only.
            let alternatives = state.alsoCalled?.chosen == id ? state.alsoCalled?.cities ?? [] : []
            let origin = state.opened?.id == id ? state.origin : nil
            guard
                state.detail?.city.id != id || state.detail?.origin != origin
                    || state.detail?.alternatives != alternatives
            else { return }
            state.detail = Detail(
                city: city, countryName: countries.name(city.country), favorite: state.favorites.contains(id),
                nearby: directory.nearest(id, 5), origin: origin, alternatives: alternatives)
        case .favoriteSet(let reference, let favorite):
            state.favoriteChange = nil
            guard let city = resolve(reference) else { return }
            do {
                let changed =
                    favorite
                    ? try await favoritesClient.add(city, at: now()) : try await favoritesClient.remove(city.id)
                state.favoriteChange = FavoriteChange(
                    city: city, favorite: favorite, changed: changed, origin: state.origin)
            } catch {
                state.problem = .notKept(city, favorite: favorite, reason: error.sentence)
                return
            }
            await reloadFavorites(required: false)
        case .mapRequested(
            var reference, let zoom, let style, let width, let height, let layers, let night, let weather,
            let alerts):
            state.startNote = nil
            // No city named and none on screen: the last place any feature showed, else the default place.
            var start: PlaceMemory.Start?
            if reference.text.trimmingSpaces.isEmpty, reference.onScreen == nil, let places {
                start = await places.start()
                reference.text = start?.text ?? ""
            }
            // Coordinates centre the map on the point itself.
            let point = PlaceFinder.coordinates(reference.text)
            let city: City?
            if point != nil {
                state.alsoCalled = nil
                state.origin = nil
                city = nil
            } else {
                guard let named = resolve(reference) else { return }
                city = named
            }
            await reloadFavorites(required: false)
            let filedUnder = point.flatMap { directory.nearestPlace($0.latitude, $0.longitude)?.city }
            state.map = MapView(
                city: city, favorite: city.map { state.favorites.contains($0.id) } ?? false,
                center: point.map { GeoPoint(latitude: $0.latitude, longitude: $0.longitude) }
                    ?? GeoPoint(latitude: city?.latitude ?? 0, longitude: city?.longitude ?? 0),
                zoom: min(MapRequest.zoomRange.upperBound, max(MapRequest.zoomRange.lowerBound, zoom)), style: style,
                width: width, height: height, layers: layers, night: night, weather: weather, alerts: alerts,
                filedUnder: filedUnder)
            // A map of a point is filed under the place nearest it, and remembered as the point.
            if let shown = city ?? filedUnder {
                state.startNote = start?.startNote(shown.qualifiedName)
                try? await places?.remember(
                    id: point == nil ? shown.id : nil, latitude: point?.latitude ?? shown.latitude,
                    longitude: point?.longitude ?? shown.longitude)
            }
            await loadWarnings()
        case .alertsToggled:
            state.map?.alerts.toggle()
            await loadWarnings()
        case .nightToggled:
            state.map?.night.toggle()
        case .weatherToggled:
            state.map?.weather.toggle()
        case .weatherNeeded(let places):
            await loadWeather(places)
        case .resized(let width, let height):
            state.map?.width = width
            state.map?.height = height
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
        }
    }

    // MARK: - Steps

    /// Favourites as stored; those kept before their details were stored get them from the list that has them. A
    /// store that cannot be read leaves them as they were, unless they are what was asked for.
    private func reloadFavorites(required: Bool) async {
        var stored: [Favorite]
        do {
            stored = try await favoritesClient.all()
            let lacking = stored.filter { $0.name == nil }.compactMap { directory.city($0.id) }
            if !lacking.isEmpty {
                try await favoritesClient.recordDetails(lacking)
                stored = try await favoritesClient.all()
            }
        } catch {
            if required { state.problem = .storage(error.sentence) }
            return
        }
        // Nothing else to do when they are as they were (another session may have changed them, usually not).
        let before = (state.favorites, state.absentFavorites)
        state.favorites = Set(stored.map(\.id))
        state.absentFavorites = stored.filter { !directory.has($0.id) }
        guard before != (state.favorites, state.absentFavorites) else { return }
        let favorites = state.favorites
        if let results = state.results {
            // A favourites-only list changes with them; a plain list only changes its stars.
            state.results =
                results.favoritesOnly
                ? search(
                    query: results.query, favoritesOnly: true, order: results.order, offset: results.offset,
                    limit: results.limit)
                : Results(
                    query: results.query, favoritesOnly: false, order: results.order, offset: results.offset,
                    limit: results.limit,
                    total: results.total,
                    rows: results.rows.map { CityRow(city: $0.city, favorite: favorites.contains($0.city.id)) })
        }
        if let detail = state.detail { state.detail?.favorite = favorites.contains(detail.city.id) }
        if let city = state.map?.city { state.map?.favorite = favorites.contains(city.id) }
    }

    /// The city a command names: `#ID`, a row number of the list on screen, a name, or (no words) the city on
    /// screen; nil, with the problem, when it names none.
    private func resolve(_ reference: Reference) -> City? {
        state.alsoCalled = nil
        state.origin = nil
        let trimmed = reference.text.trimmingSpaces
        // Coordinates name the place nearest them (however far: the page says how far, and which way).
        if let point = PlaceFinder.coordinates(trimmed) {
            guard let nearest = directory.nearestPlace(point.latitude, point.longitude) else {
                state.problem = .notFound(.nothingNear(trimmed))
                return nil
            }
            state.origin = Origin(
                latitude: point.latitude, longitude: point.longitude, distanceKm: nearest.distanceKm,
                bearing: nearest.bearing)
            return nearest.city
        }
        if trimmed.isEmpty {
            if let id = reference.onScreen {
                if let city = state.detail?.city, city.id == id { return city }
                if let city = state.map?.city ?? state.map?.filedUnder, city.id == id { return city }
            }
            state.problem = .whichCity
            return nil
        }
        if trimmed.hasPrefix("#") {
            guard let id = Int(trimmed.dropFirst()) else {
                state.problem = .notFound(.notAnID(trimmed))
                return nil
            }
            if let city = directory.city(id) { return city }
            // A favourite from another list: known by what was stored, so that it can be forgotten.
            if let city = state.absentFavorites.first(where: { $0.id == id })?.city { return city }
            state.problem = .notFound(.place(.noSuchID(String(id))))
            return nil
        }
        if let row = Int(trimmed) {
            guard let results = state.results, !results.rows.isEmpty else {
                state.problem = .notFound(.noListForRow(row))
                return nil
            }
            guard row >= 1, row <= results.rows.count else {
                state.problem = .notFound(.rowNotOnScreen(row, count: results.rows.count))
                return nil
            }
            return results.rows[row - 1].city
        }
        // A name resolves as in every other command that takes a place: `map X` and `weather X` are the same X.
        switch directory.resolve(trimmed) {
        case .success(let resolution):
            if resolution.alternativeCount > 0 {
                state.alsoCalled = AlsoCalled(
                    cities: resolution.alternatives, closeRunnerUp: resolution.closeRunnerUp,
                    chosen: resolution.city.id)
            }
            return resolution.city
        case .failure(let failure):
            state.problem = .notFound(.place(failure.problem))
            return nil
        }
    }

    func request(for map: MapView) -> MapRequest {
        let marker = map.city.map { city in
            MapPlace(
                name: city.name, location: GeoPoint(latitude: city.latitude, longitude: city.longitude),
                population: city.population ?? 0, id: city.id)
        }
        let favorites = state.favorites.sorted().compactMap { id -> MapPlace? in
            guard id != map.city?.id, let city = directory.city(id) else { return nil }
            return MapPlace(
                name: city.name, location: GeoPoint(latitude: city.latitude, longitude: city.longitude),
                population: city.population ?? 0, id: city.id)
        }
        var night: GeoPoint?
        if map.night {
            let overhead = SunPosition.subsolarPoint(at: Instant(now()))
            night = GeoPoint(latitude: overhead.latitude, longitude: overhead.longitude)
        }
        var annotations: [Int: String] = [:]
        if map.weather {
            for (id, current) in state.currents where now().timeIntervalSince(current.at) < MapWeather.freshFor {
                annotations[id] = current.label(state.temperatureUnit)
            }
        }
        return MapRequest(
            center: map.center, zoom: map.zoom, width: map.width, height: map.height, style: map.style, marker: marker,
            favorites: favorites, layers: map.layers, night: night, annotations: annotations,
            shades: map.alerts ? shades(now: now()) : [])
    }

    /// The warnings of the map's place, when its areas are to be shaded and they are not those of that place yet (or
    /// no longer hold): asked with a patience of 2.5 s, the kept answer then.
    private func loadWarnings() async {
        guard let map = state.map, map.alerts, let place = map.city ?? map.filedUnder else { return }
        if let kept = state.mapWarnings, kept.place.id == place.id,
            case .answered(let report, let fetchedAt, nil)? = kept.answer,
            now().timeIntervalSince(fetchedAt) < AlertsLookup.freshFor(report)
        {
            return
        }
        guard let alerts else {
            state.mapWarnings = MapWarnings(place: place, answer: nil)
            return
        }
        let query = AlertQuery(
            latitude: place.latitude, longitude: place.longitude, country: place.country, placeName: place.name,
            region: place.region?.name, language: warningsLanguage)
        state.mapWarnings = MapWarnings(place: place, answer: await alerts.answer(query, within: .milliseconds(2500)))
    }

    /// The areas of the warnings in force that the service drew, the least severe first (the most severe is shaded
    /// over them).
    func shades(now: Date) -> [MapShade] {
        guard case .answered(let report, _, _)? = state.mapWarnings?.answer else { return [] }
        return report.alerts.shown(at: now).filter { $0.isInForce(at: now) && !$0.areas.isEmpty }.reversed().map {
            alert in
            let ink: MapInk =
                switch alert.drawnSeverity {
                case .extreme: .warningExtreme
                case .severe: .warningSevere
                default: .warningModerate
                }
            return MapShade(
                rings: alert.areas.map { ring in ring.map { GeoPoint(latitude: $0.latitude, longitude: $0.longitude) }
                },
                ink: ink)
        }
    }

    /// The map as it is now. With its weather on, the weather of the labelled places (the chosen city, the
    /// favourites, the largest places: found by drawing once) is loaded, and the map drawn again with it.
    func renderedMap(geography: GeoData?, footer: FooterWords = .english) async -> RenderedMap? {
        guard let map = state.map else { return nil }
        var request = request(for: map)
        request.footerWords = footer
        let places = places(for: request)
        let rendered = MapRenderer.render(request, geography: geography, places: places)
        guard map.weather else { return rendered }
        var byID: [Int: MapPlace] = [:]
        for place in places + request.favorites + (request.marker.map { [$0] } ?? []) { byID[place.id] = place }
        await send(.weatherNeeded(rendered.labels.compactMap { byID[$0.id] }))
        guard let again = state.map else { return rendered }
        var redrawn = self.request(for: again)
        redrawn.footerWords = footer
        return MapRenderer.render(redrawn, geography: geography, places: places)
    }

    /// The weather of up to 10 places: fresh entries of the cache first, then one request for the rest. A failed
    /// request is said (`weatherProblem`) and not repeated for `MapWeather.retryAfter`.
    private func loadWeather(_ places: [MapPlace]) async {
        guard let weather else {
            state.weatherProblem = .notInThisBuild
            return
        }
        state.temperatureUnit = await weather.temperature.current()
        let date = now()
        let wanted = places.prefix(CurrentConditionsClient.limit).filter { place in
            state.currents[place.id].map { date.timeIntervalSince($0.at) >= MapWeather.freshFor } ?? true
        }
        var missing: [(place: MapPlace, location: WeatherLocation)] = []
        for place in wanted {
            let location = WeatherLocation(
                id: place.id, name: place.name, country: "", latitude: place.location.latitude,
                longitude: place.location.longitude)
            if let cached = try? await weather.cache.entry(
                provider: weather.conditions.provider, place: location.cacheKey),
                date.timeIntervalSince(cached.fetchedAt) < MapWeather.freshFor,
                date >= cached.fetchedAt.addingTimeInterval(-60)
            {
                state.currents[place.id] = MapCurrent(weather: cached.report.current, at: cached.fetchedAt)
            } else {
                missing.append((place, location))
            }
        }
        guard !missing.isEmpty else { return }
        if let failed = state.weatherFailedAt, date.timeIntervalSince(failed) < MapWeather.retryAfter { return }
        let locations = missing.map(\.location)
        do throws(WeatherError) {
            let answers = try await weather.conditions.fetch(locations)
            for (wanted, answer) in zip(missing, answers) {
                if let answer { state.currents[wanted.place.id] = MapCurrent(weather: answer, at: date) }
            }
            state.weatherProblem = nil
            state.weatherFailedAt = nil
        } catch {
            state.weatherProblem = .failed(error.sentence)
            state.weatherFailedAt = date
        }
    }

    /// The town nearest a point, however far (nil for a list without towns).
    func nearestPlace(to point: GeoPoint) -> City? {
        directory.nearestPlace(point.latitude, point.longitude)?.city
    }

    /// The city nearest a point, within about 100 km (nil at sea).
    func nearestCity(to point: GeoPoint) -> City? {
        directory.nearestCity(latitude: point.latitude, longitude: point.longitude)
    }

    /// The cities inside the map's view as places; far out, only as many as the map can show
    /// (`MapRequest.citySampling`).
    func places(for request: MapRequest) -> [MapPlace] {
        let box = MapRenderer.visibleBox(request)
        let sampling = CitySampling(
            blockDegrees: request.citySampling.blockDegrees, perBlock: request.citySampling.perBlock)
        return directory.places(box.south, box.west, box.north, box.east, sampling).map { place in
            MapPlace(
                name: place.name, location: GeoPoint(latitude: place.latitude, longitude: place.longitude),
                population: place.population, id: place.id)
        }
    }

    private func search(
        query: String, favoritesOnly: Bool, order: CityQuery.Order = .name, offset: Int, limit: Int
    ) -> Results {
        let parsed = CityQuery(parsing: query, order: order)
        let page = directory.search(parsed, favoritesOnly ? state.favorites : nil, offset, limit)
        let rows = page.cities.map { CityRow(city: $0, favorite: state.favorites.contains($0.id)) }
        var absent: [Favorite] = []
        if favoritesOnly {
            absent = state.absentFavorites.filter { favorite in
                NameFolding.fold(favorite.name ?? "").hasPrefix(parsed.prefix)
                    && (parsed.country == nil || favorite.country?.uppercased() == parsed.country?.uppercased())
            }
        }
        var likeliest: CityRow?
        if !favoritesOnly, order == .name, offset == 0, !parsed.prefix.isEmpty, page.total > rows.count,
            let top = directory.search(CityQuery(parsing: query, order: .population), nil, 0, 1).cities.first,
            !rows.contains(where: { $0.city.id == top.id })
        {
            likeliest = CityRow(city: top, favorite: state.favorites.contains(top.id))
        }
        return Results(
            query: query, favoritesOnly: favoritesOnly, order: order, offset: offset, limit: limit, total: page.total,
            rows: rows, absent: absent, likeliest: likeliest)
    }
}
