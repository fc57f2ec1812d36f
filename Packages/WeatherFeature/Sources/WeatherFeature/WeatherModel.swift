import Architecture
import Astronomy
import CitiesService
import CoreKit
import Foundation
import Localization
import Synchronization
import WeatherAlerts
import WeatherService

/// The weather feature's behaviour: which place, which view, which unit, what the last fetch brought, the
/// favourites' last weather and the presets, and the favourites' weather fetched in the background of a session.
/// Everything a command does happens in `send`; a command (`Commands/`) turns its typed arguments into an action and
/// the state into text or JSON (`WeatherOutput`, the documents).
@MainActor
final class WeatherModel: ObservableViewModel {
    enum Mode: String, Sendable, Equatable {
        case current, hourly, forecast
        /// `forecast --parts`: morning, afternoon, evening and night of 3 days.
        case parts
        /// `rain`: the next hours' rain, in quarter hours where they are given.
        case rain
        /// `normals`: the usual year at the place, with the forecast on it.
        case normals
        /// `forecast --panels`: wttr.in's three days of four panels.
        case panels
    }

    /// How much a view shows: `forecast --days N`, `hourly --step N`.
    struct ViewOptions: Sendable, Equatable {
        /// Days of `forecast`, 1-16.
        var days = 7
        /// Hours between the rows of `hourly`: 3 (24 hours) or 1 and 2 (48 hours).
        var step = 3
        /// `rain --within`: how far ahead the question reaches, seconds (nil: no question, the next two hours).
        var within: TimeInterval?
        /// `forecast --range`: the ensemble whose spread is shown (nil: the forecast alone).
        var range: EnsembleModel?
        /// `weather --line`, `--template`, `--format BAR`: one line, which never shows the normals.
        var oneLine = false
        /// The sun's and moon's day at the place (`Almanac`): what `weather` shows, and a template's `%M %D %z %d
        /// %Z %m`; not worked out for a line without them (its time zone and the day's sky: half a millisecond of a
        /// status bar's every minute, issue 30).
        var almanac = true
    }

    /// One unit chosen with `unit`.
    enum UnitChoice: Sendable, Equatable {
        /// `unit metric` or `unit imperial`: every quantity at once.
        case system(TemperatureUnit)
        case temperature(TemperatureUnit)
        case wind(WindUnit)
        case rain(RainUnit)
        case clock(ClockStyle)
    }

    /// Why the last action did not do what it was asked (the weather's own failures are in `weather`). Said in the
    /// user's language by the output (`message(_:)`); the city list's and the store's reasons in their own words.
    enum Problem: Equatable, Sendable {
        /// No city has that name (said with near names, in the city list's words).
        case notFound(PlaceProblem)
        /// The default place (the `place` setting) names no city.
        case defaultPlaceNotFound(PlaceProblem)
        /// Not a name, an id or coordinates.
        case invalid(PlaceProblem)
        /// The city list cannot be read.
        case catalogue(Sentence)
        /// Settings or favourites cannot be read.
        case storage(Sentence)
        /// A setting or a favourite could not be kept: said plainly (exit 73), never claimed kept.
        case notKept(NotKept)
        /// `presets`: the user's `locations.json` cannot be used.
        case presets(Presets.Failure)
        /// `fav` with no weather on screen.
        case noPlace
        /// `fav` on bare coordinates.
        case notACity
    }

    /// What could not be kept, with the store's reason (in its own words).
    enum NotKept: Equatable, Sendable {
        /// The units chosen: in use for this session only.
        case units(Units, reason: Sentence)
        /// `fav`: the city (`Paris, FR`) is not a favourite.
        case favorite(String, reason: Sentence)
        /// `unfav`: the city is still a favourite.
        case unfavorite(String, reason: Sentence)
    }

    /// A favourite with the last weather kept for it (nil when none is), or alone when the city list in use lacks it
    /// and no place was stored for it.
    struct FavoriteWeather: Equatable, Sendable {
        var id: Int
        var location: WeatherLocation?
        var cached: CachedWeather?
        /// The most severe warning in force there, as last fetched (by `weather`, `alerts` or the session's
        /// background refresh; the list itself asks nothing).
        var warning: WeatherAlert?
    }

    /// The official warnings of the place shown, as the weather's views show them: the most severe in force at their
    /// top, with the time it ends.
    struct Warnings: Equatable, Sendable {
        var report: AlertReport
        var fetchedAt: Date
        /// Kept from an earlier answer: the service could not be asked now.
        var isStale: Bool

        /// In force at `now`, the most severe first.
        func inForce(at now: Date) -> [WeatherAlert] { report.alerts.shown(at: now).filter { $0.isInForce(at: now) } }
    }

    struct State: Equatable, Sendable {
        var units = Units()
        var mode: Mode = .current
        var options = ViewOptions()
        var place: Place?
        var weather: DataState<WeatherRepository.Shown, WeatherError> = .idle
        var problem: Problem?
        /// Set when no place was named and none shown before: the default place was used, said once.
        var defaultPlaceNote: StartNote?
        /// After `favoriteSet`: whether the list changed.
        var favoriteChanged: Bool?
        /// After `favoritesRequested`.
        var favorites: [FavoriteWeather]?
        /// After `presetsRequested`: the cities, and whether they came from `locations.json`.
        var presets: Presets?
        /// The day's length and the moon at the place on screen, today there (computed, never fetched).
        var almanac: Almanac?
        /// The ensemble's spread at the place shown (`forecast --range`).
        var ensemble: DataState<EnsembleRepository.Shown, WeatherError> = .idle
        /// The usual weather at the place shown (asked with the weather, waited for 2.5 s unless `normals` asked).
        var normals: DataState<NormalsRepository.Shown, WeatherError> = .idle
        /// After `airRequested`: the place and its air.
        var air: DataState<AirRepository.Shown, WeatherError> = .idle
        var airPlace: Place?
        /// After `compareRequested`: each place with today's weather (nil where the answer was unusable).
        var comparison: DataState<[Compared], WeatherError> = .idle
        /// The warnings of the place shown (nil: none could be had, or no service covers it).
        var warnings: Warnings?
    }

    /// One place of `compare`.
    struct Compared: Equatable, Sendable {
        var place: Place
        var today: PlaceToday?
    }

    /// One line of the sky beside the weather: how long the day is, and the moon.
    struct Almanac: Equatable, Sendable {
        var dayLength: TimeInterval
        var dayLengthChange: TimeInterval
        var polar: SunDay.Polar?
        var moonPhase: MoonPhase
        var illumination: Double
        /// Days since the new moon (wttr.in's `%M`).
        var moonAge: Double = 0
        /// Civil dawn and dusk, solar noon (wttr.in's `%D`, `%d`, `%z`); nil where they do not happen that day.
        var dawn: Date?
        var noon: Date?
        var dusk: Date?
        /// The place's zone (wttr.in's `%Z`, `%T`).
        var timeZone: String = "GMT"

        init(place: Place, now: Date) {
            let zone = TimeZone(identifier: place.timeZone) ?? TimeZone(secondsFromGMT: 0)!
            let sky = SkyDay(
                on: LocalDay(containing: now, timeZone: zone),
                at: Observer(latitude: place.location.latitude, longitude: place.location.longitude))
            dayLength = sky.sun.dayLength
            dayLengthChange = sky.dayLengthChange
            polar = sky.sun.polar
            moonPhase = sky.moon.phase
            illumination = sky.moon.illumination
            moonAge = sky.moon.age
            dawn = sky.sun.civilDawn
            noon = sky.sun.solarNoon
            dusk = sky.sun.civilDusk
            timeZone = zone.identifier
        }
    }

    enum Action: Sendable {
        /// Reads the unit kept from an earlier session (once; later calls do nothing).
        case started
        /// A session began: the favourites' weather is fetched in the background when it is older than 10 minutes,
        /// so that it is there offline.
        case sessionStarted
        /// The session ends: the background fetch is given 2 seconds to finish, then stopped.
        case sessionEnded
        /// What the user typed after `weather`, `hourly` or `forecast`; empty: the last place used (Toronto first).
        case placeRequested(String, mode: Mode, forceRefresh: Bool, options: ViewOptions = ViewOptions())
        /// The place on screen again, fetched now (the last place when none is on screen).
        case refreshRequested
        /// Another feature opened a city's weather: fetched unless it is the one on screen.
        case cityOpened(id: Int)
        /// A unit, kept for the next sessions; values are converted when shown, nothing is fetched again.
        case unitChosen(UnitChoice)
        /// Keeps or forgets the city on screen as a favourite.
        case favoriteSet(Bool)
        case favoritesRequested
        case presetsRequested
        /// The air now at a place (the last place when empty).
        case airRequested(String, forceRefresh: Bool)
        /// Today at several places, in one request.
        case compareRequested([String])
    }

    private(set) var state = State()
    private let repository: WeatherRepository
    private let airRepository: AirRepository
    private let normalsRepository: NormalsRepository?
    private let ensembleRepository: EnsembleRepository?
    private let today: TodayClient
    /// The city list in use, opened on first use: every place is resolved in it (`PlaceFinder`).
    private let cities: @Sendable () async throws(CatalogueError) -> CityDirectory
    private let settings: SettingsClient
    private let favorites: FavoritesClient
    private let dataDirectory: URL
    let now: @Sendable () -> Date
    private let unitDefaults: UnitDefaults
    /// The last place any feature showed, else the default place: what `weather` alone shows.
    private let places: PlaceMemory
    private var started = false
    private var backgroundRefresh: Task<Void, Never>?
    /// The official warnings (Services' `WeatherAlerts`), shown at the top of the views; nil: none are shown.
    private let alerts: AlertsLookup?
    /// The feature's words in every language (its String Catalog), read when first needed: for the views.
    let catalogue: StringCatalogSource
    /// The city list's words (not found, did you mean, the default place), read when first needed.
    let placeCatalogue = PlaceWords.catalogue()
    /// Places' own names in the last language asked for (東京), read once for it.
    private var localNamesRead: LocalNames?

    /// Places' own names in `language`, read when that language is first asked for.
    func localNames(_ language: Language) -> LocalNames {
        if let read = localNamesRead, read.language == language { return read }
        let read = LocalNames.builtIn(language)
        localNamesRead = read
        return read
    }
    /// The language of the command under way (`answer` sets it from the command's context): what a problem is said
    /// in where no context is at hand (`checkProblem`).
    var language: Language = .english

    init(
        repository: WeatherRepository,
        air: AirRepository = AirRepository(
            client: .failing(.notConfigured("No air-quality source.")), cache: .inMemory(), now: { Date() }),
        today: TodayClient = .failing(.notConfigured("No source for several places.")),
        cities: @escaping @Sendable () async throws(CatalogueError) -> CityDirectory, settings: SettingsClient,
        favorites: FavoritesClient, dataDirectory: URL, now: @escaping @Sendable () -> Date,
        unitDefaults: UnitDefaults = UnitDefaults(), defaultPlace: String? = nil, alerts: AlertsLookup? = nil,
        normals: NormalsRepository? = nil, ensemble: EnsembleRepository? = nil,
        catalogue: StringCatalogSource = StringCatalogSource(bundle: "WeatherFeature_WeatherFeature")
    ) {
        self.catalogue = catalogue
        self.ensembleRepository = ensemble
        self.alerts = alerts
        self.normalsRepository = normals
        self.unitDefaults = unitDefaults
        self.places = PlaceMemory(settings: settings, defaultPlace: defaultPlace)
        self.repository = repository
        self.airRepository = air
        self.today = today
        self.cities = cities
        self.settings = settings
        self.favorites = favorites
        self.dataDirectory = dataDirectory
        self.now = now
    }

    func send(_ action: Action) async {
        state.problem = nil
        state.defaultPlaceNote = nil
        switch action {
        case .started:
            guard !started else { return }
            started = true
            func stored(_ key: String) async -> String? { try? await settings.value(for: key) }
            state.units = unitDefaults.applied(to: state.units)
            if let text = await stored(Units.temperatureKey), let unit = TemperatureUnit(rawValue: text) {
                state.units.temperature = unit
            }
            if let text = await stored(Units.windKey) { state.units.chosenWind = WindUnit(rawValue: text) }
            if let text = await stored(Units.rainKey) { state.units.chosenRain = RainUnit(rawValue: text) }
            if let text = await stored(Units.clockKey), let clock = ClockStyle(rawValue: text) {
                state.units.clock = clock
            }
        case .placeRequested(let text, let mode, let force, let options):
            guard let place = await resolve(text) else { return }
            state.options = options
            await fetch(place, mode: mode, force: force)
        case .refreshRequested:
            // A refresh shows the view: what one line leaves out (the normals, the sun's and moon's day) is back.
            (state.options.oneLine, state.options.almanac) = (false, true)
            guard let place = state.place else {
                await send(.placeRequested("", mode: state.mode, forceRefresh: true))
                return
            }
            await fetch(place, mode: state.mode, force: true)
        case .cityOpened(let id):
            guard state.place?.location.id != id || state.weather.value == nil else { return }
            guard let place = await resolve("#\(id)") else { return }
            (state.options.oneLine, state.options.almanac) = (false, true)
            await fetch(place, mode: .current, force: false)
        case .unitChosen(let choice):
            var units = state.units
            var kept: [(key: String, value: String)]
            switch choice {
            case .system(let unit):
                // Every quantity: the temperature, and the wind and rain of that system (pressure and visibility
                // follow the temperature).
                let imperial = unit == .fahrenheit
                units.temperature = unit
                units.chosenWind = imperial ? .mph : .kmh
                units.chosenRain = imperial ? .inch : .mm
                kept = [
                    (Units.temperatureKey, unit.rawValue), (Units.windKey, units.wind.rawValue),
                    (Units.rainKey, units.rain.rawValue),
                ]
            case .temperature(let unit):
                units.temperature = unit
                kept = [(Units.temperatureKey, unit.rawValue)]
            case .wind(let unit):
                units.chosenWind = unit
                kept = [(Units.windKey, unit.rawValue)]
            case .rain(let unit):
                units.chosenRain = unit
                kept = [(Units.rainKey, unit.rawValue)]
            case .clock(let style):
                units.clock = style
                kept = [(Units.clockKey, style.rawValue)]
            }
            // In use for this session whatever happens; kept for the next ones when the store can be written.
            state.units = units
            do {
                for (key, value) in kept { try await settings.set(value, for: key) }
            } catch {
                state.problem = .notKept(.units(units, reason: error.sentence))
                return
            }
        case .favoriteSet(let favorite):
            await setFavorite(favorite)
        case .favoritesRequested:
            await loadFavorites()
        case .presetsRequested:
            do { state.presets = try await Presets.load(dataDirectory: dataDirectory, cities: cities) } catch {
                switch error {
                case .catalogue(let message): state.problem = .catalogue(message)
                case .unreadable, .notCities: state.problem = .presets(error)
                }
            }
        case .sessionStarted:
            let favorites = self.favorites, cities = self.cities, repository = self.repository, alerts = self.alerts
            let language = self.language.code
            backgroundRefresh = Task.detached(priority: .utility) {
                guard let stored = try? await favorites.all() else { return }
                for favorite in stored.sorted(by: { $0.id < $1.id }) {
                    if Task.isCancelled { return }
                    guard let location = await Self.location(of: favorite, cities: cities) else { continue }
                    _ = try? await repository.weather(for: location, forceRefresh: false)
                    // Their warnings too, so that `favorites` can mark the places under one.
                    if let alerts, let query = Self.alertQuery(location, language: language) {
                        _ = await alerts.answer(query)
                    }
                }
            }
        case .sessionEnded:
            guard let refresh = backgroundRefresh else { return }
            backgroundRefresh = nil
            let deadline = Task {
                try? await Task.sleep(for: .seconds(2))
                refresh.cancel()
            }
            await refresh.value
            deadline.cancel()
        case .airRequested(let text, let force):
            guard let place = await resolve(text) else { return }
            state.airPlace = place
            state.air = .loading
            do {
                state.air = .loaded(try await airRepository.air(for: place.location, forceRefresh: force))
                await remember(place)
            } catch {
                state.air = .failed(error)
            }
        case .compareRequested(let texts):
            var places: [Place] = []
            for text in texts {
                guard let place = await resolve(text) else { return }
                places.append(place)
            }
            state.comparison = .loading
            do {
                let answers = try await today.fetch(places.map(\.location))
                state.comparison = .loaded(
                    places.enumerated().map { index, place in
                        Compared(place: place, today: index < answers.count ? answers[index] : nil)
                    })
            } catch {
                state.comparison = .failed(error)
            }
        }
    }

    // MARK: - Steps

    /// What the user typed, or the last place any feature showed (`PlaceMemory`), else the default place (said
    /// once: `defaultPlaceNote`); nil, with the problem, when it names no place.
    private func resolve(_ text: String) async -> Place? {
        var text = text.trimmingSpaces
        var start: PlaceMemory.Start?
        if text.isEmpty {
            start = await places.start()
            text = start?.text ?? ""
        }
        let isDefault = start?.isDefault ?? false
        do {
            let place = try await PlaceFinder(cities: cities).resolve(text)
            if let start {
                let location = place.location
                let name = [location.name, place.region, location.country].compactMap { $0 }.filter { !$0.isEmpty }
                state.defaultPlaceNote = start.startNote(name.joined(separator: ", "))
            }
            return place
        } catch {
            state.problem = Self.problem(error)
            if isDefault, case .notFound(let problem) = state.problem {
                state.problem = .defaultPlaceNotFound(problem)
            }
            return nil
        }
    }

    /// The place shown, for every feature's next command without one. Not kept: what was asked is still shown.
    private func remember(_ place: Place) async {
        let location = place.location
        try? await places.remember(id: location.id, latitude: location.latitude, longitude: location.longitude)
    }

    private func fetch(_ place: Place, mode: Mode, force: Bool) async {
        if !state.options.almanac {
            state.almanac = nil
        } else if state.place != place || state.almanac == nil {
            state.almanac = Almanac(place: place, now: now())
        }
        state.place = place
        state.mode = mode
        state.weather = .loading
        state.warnings = nil
        state.normals = .idle
        state.ensemble = .idle
        // `forecast --range` needs the ensemble alone: one request.
        if mode == .forecast, let model = state.options.range {
            state.ensemble = await Self.ensemble(ensembleRepository, place.location, model: model, force: force)
            state.weather = .idle
            await remember(place)
            return
        }
        // The warnings and the normals are asked at the same time as the weather, and waited for 2.5 s at most (the
        // normals as long as they take when they are what was asked for).
        async let warnings = Self.warnings(
            alerts, Self.alertQuery(place.location, region: place.region, language: language.code))
        // `hourly --range`: the ensemble beside the forecast.
        async let ensemble = Self.ensemble(
            ensembleRepository, place.location, model: mode == .hourly ? state.options.range : nil, force: force)
        // The normals only where a view shows them (never for one line, which a status bar may run every minute).
        let showsNormals = [.current, .forecast, .normals].contains(mode) && !state.options.oneLine
        async let normals = Self.normals(
            showsNormals ? normalsRepository : nil, place.location, force: force && mode == .normals,
            patience: mode == .normals ? nil : .milliseconds(2500))
        do {
            state.weather = .loaded(try await repository.weather(for: place.location, forceRefresh: force))
        } catch {
            state.weather = .failed(error)
            return
        }
        state.warnings = await warnings
        state.normals = await normals
        state.ensemble = await ensemble
        // The place to show when `weather` (or `sky`, or `map`) is typed alone next time.
        await remember(place)
    }

    private func setFavorite(_ favorite: Bool) async {
        state.favoriteChanged = nil
        guard let location = state.place?.location else {
            state.problem = .noPlace
            return
        }
        guard let id = location.id else {
            state.problem = .notACity
            return
        }
        let city = City(
            id: id, name: location.name, country: location.country, latitude: location.latitude,
            longitude: location.longitude)
        do {
            state.favoriteChanged =
                favorite ? try await favorites.add(city, at: now()) : try await favorites.remove(id)
        } catch {
            let name = "\(location.name.terminalSafe), \(location.country)"
            state.problem = .notKept(
                favorite ? .favorite(name, reason: error.sentence) : .unfavorite(name, reason: error.sentence))
        }
    }

    /// Each favourite with its last stored weather, by id: what is there offline (no request is made).
    private func loadFavorites() async {
        let stored: [Favorite]
        do { stored = try await favorites.all() } catch {
            state.problem = .storage(error.sentence)
            return
        }
        var list: [FavoriteWeather] = []
        for favorite in stored.sorted(by: { $0.id < $1.id }) {
            let location = await Self.location(of: favorite, cities: cities)
            var cached: CachedWeather?
            if let location {
                cached = try? await repository.cache.entry(
                    provider: repository.client.provider, place: location.cacheKey)
            }
            var warning: WeatherAlert?
            if let alerts, let location, let query = Self.alertQuery(location, language: language.code) {
                warning = await alerts.kept(query).flatMap {
                    Warnings(report: $0.value, fetchedAt: $0.fetchedAt, isStale: false).inForce(at: now()).first
                }
            }
            list.append(FavoriteWeather(id: favorite.id, location: location, cached: cached, warning: warning))
        }
        state.favorites = list
    }

    /// Where to ask for a place's warnings, in the reader's language where the service writes several; nil for a
    /// point (no country is known for it here).
    nonisolated static func alertQuery(
        _ location: WeatherLocation, region: String? = nil, language: String = "en"
    ) -> AlertQuery? {
        guard !location.country.isEmpty else { return nil }
        return AlertQuery(
            latitude: location.latitude, longitude: location.longitude, country: location.country,
            placeName: location.name, region: region, language: language)
    }

    /// The place's warnings, given up after 2.5 s (the kept ones then): the weather is not held up by a slow service.
    nonisolated static func warnings(_ lookup: AlertsLookup?, _ query: AlertQuery?) async -> Warnings? {
        guard let lookup, let query else { return nil }
        switch await lookup.answer(query, within: .milliseconds(2500)) {
        case .answered(let report, let fetchedAt, let failure):
            return Warnings(report: report, fetchedAt: fetchedAt, isStale: failure != nil)
        case .failed:
            return nil
        }
    }

    /// The ensemble of `model` at the place, when asked (nil: `.idle`).
    nonisolated static func ensemble(
        _ repository: EnsembleRepository?, _ location: WeatherLocation, model: EnsembleModel?, force: Bool
    ) async -> DataState<EnsembleRepository.Shown, WeatherError> {
        guard let model else { return .idle }
        guard let repository else { return .failed(.notConfigured("No ensemble source is set up.")) }
        do throws(WeatherError) {
            return .loaded(try await repository.ensemble(for: location, model: model, forceRefresh: force))
        } catch {
            return .failed(error)
        }
    }

    /// The place's normals: kept ones at once, else fetched and waited for `patience` (nil: as long as it takes);
    /// a fetch that outlasts it goes on and keeps its answer for the next time.
    nonisolated static func normals(
        _ repository: NormalsRepository?, _ location: WeatherLocation, force: Bool, patience: Duration?
    ) async -> DataState<NormalsRepository.Shown, WeatherError> {
        guard let repository else { return .idle }
        let fetch = Task { () async -> Result<NormalsRepository.Shown, WeatherError> in
            do throws(WeatherError) {
                return .success(try await repository.normals(for: location, forceRefresh: force))
            } catch {
                return .failure(error)
            }
        }
        let result: Result<NormalsRepository.Shown, WeatherError>?
        if let patience {
            // Whichever comes first, the answer or the end of patience; the fetch is never waited for beyond it.
            let first = FirstAnswer<Result<NormalsRepository.Shown, WeatherError>?>()
            result = await withCheckedContinuation { continuation in
                first.wait(continuation)
                Task { first.give(await fetch.value) }
                Task {
                    try? await Task.sleep(for: patience)
                    first.give(nil)
                }
            }
        } else {
            result = await fetch.value
        }
        switch result {
        case .success(let shown): return .loaded(shown)
        case .failure(let error): return .failed(error)
        case nil: return .idle
        }
    }

    /// Where a favourite is: as the city list in use has it, else as it was stored when it was kept (a list from
    /// `SKYLENS_CITIES_URL` may lack it).
    nonisolated static func location(
        of favorite: Favorite, cities: @escaping @Sendable () async throws(CatalogueError) -> CityDirectory
    ) async -> WeatherLocation? {
        if let place = try? await PlaceFinder(cities: cities).resolve("#\(favorite.id)") { return place.location }
        return favorite.city.map(WeatherLocation.init)
    }

    private static func problem(_ failure: PlaceFailure) -> Problem {
        switch failure {
        case .notFound(let message): .notFound(message)
        case .invalid(let message): .invalid(message)
        case .catalogue(let message): .catalogue(message)
        }
    }
}

/// The first of several answers, to one waiting continuation; later ones are dropped.
final class FirstAnswer<Value: Sendable>: Sendable {
    private let waiting = Mutex<CheckedContinuation<Value, Never>?>(nil)

    func wait(_ continuation: CheckedContinuation<Value, Never>) { waiting.withLock { $0 = continuation } }

    func give(_ value: Value) {
        waiting.withLock {
            $0?.resume(returning: value)
            $0 = nil
        }
    }
}
