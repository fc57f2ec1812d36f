import Architecture
import CitiesService
import Contracts
import CoreKit
import Foundation
import Logging
import WeatherService

/// The weather, as a plugin of the App. This file is the feature's whole public API.
///
/// `weather`, `hourly`, `forecast` for any place (a name, `#ID`, `lat,lon`), `unit`, `cities` (the presets),
/// `refresh`; in the weather view also `fav`, `unfav`, `favorites`. It shows `CityWeather` (a contract), which the
/// map opens for a city. See `docs/features/weather.md`.
@MainActor
public final class WeatherPlugin: FeaturePlugin {
    static let unitKey = "weather.unit"
    static let lastPlaceKey = "weather.lastPlace"

    private let client: WeatherClient
    private let resolver: PlaceResolver
    private let repository: WeatherRepository
    private let favorites: FavoritesStore
    private let settings: SettingsClient
    private let dataDirectory: URL
    private let now: @Sendable () -> Date
    private let model: WeatherModel
    private var unitLoaded = false
    private var backgroundRefresh: Task<Void, Never>?
    /// Tab completion of city names, from the catalogue.
    private let cityNames: Completion

    /// - Parameters:
    ///   - client: the weather provider (Open-Meteo or OpenWeatherMap, chosen by the App).
    ///   - catalogue: the city catalogue, to find places by name offline.
    ///   - favorites: the favourites the map keeps too.
    ///   - cache: the answers kept (`WeatherCacheClient.sqlite` in the App).
    ///   - settings: where the unit and the last place are kept (`SettingsClient.sqlite` in the App).
    ///   - dataDirectory: where a user's `locations.json` replaces the five presets.
    ///   - now: the clock.
    ///   - logger: where impossible values from the provider are recorded.
    public init(
        client: WeatherClient, catalogue: CatalogueStore, favorites: FavoritesStore, cache: WeatherCacheClient,
        settings: SettingsClient,
        dataDirectory: URL, now: @escaping @Sendable () -> Date, logger: Logger = Logger(label: "skylens.weather")
    ) {
        self.client = client
        self.resolver = PlaceResolver(catalogue: catalogue)
        self.cityNames = .words { [catalogue] before, prefix in
            catalogue.nameCompletions(words: before, partial: prefix)
        }
        let repository = WeatherRepository(client: client, cache: cache, now: now, logger: logger)
        self.repository = repository
        self.favorites = favorites
        self.settings = settings
        self.dataDirectory = dataDirectory
        self.now = now
        self.model = WeatherModel(repository: repository)
    }

    public var name: String { "Weather" }
    public var routes: [RouteSpec] { [RouteSpec(CityWeather.self, label: "weather")] }

    public var attributions: [Attribution] {
        [
            Attribution("Weather", detail: "Weather data by Open-Meteo.com", licence: "CC BY 4.0"),
            Attribution(
                "Weather (with --provider openweathermap)", detail: "OpenWeatherMap",
                licence: "CC BY-SA 4.0, © OpenWeather"),
        ]
    }

    public var commands: [CommandSpec] {
        let place = ArgumentSpec.remainder(
            "place",
            help: "A city name ('Paris', 'Paris, US', 'Paris, TX, US'), #ID or lat,lon; the last one when left out",
            completion: cityNames)
        let refresh = ArgumentSpec.flag(
            "refresh", help: "Fetch now, even if the last answer is less than 10 minutes old")
        return [
            CommandSpec(
                "weather", arguments: [place, refresh], summary: "The weather now: sky, temperature, wind, sun",
                discussion: """
                    Names are found offline in the city list: the most populous city of that name, and the others named \
                    below it. Answers are kept: within 10 minutes no request is made, and when the network fails the \
                    last answer is shown, marked with its age.
                    """,
                examples: [
                    "weather", "weather Paris", "weather Paris, TX, US", "weather #6167865", "weather 19.54,110",
                ]),
            CommandSpec(
                "hourly", arguments: [place, refresh], summary: "The next 24 hours in 3-hour steps, with a chart"),
            CommandSpec("forecast", arguments: [place, refresh], summary: "The days ahead: min, max, average, sky"),
            CommandSpec(
                "unit",
                arguments: [.positional("unit", help: "c or f", required: false, completion: .values(["c", "f"]))],
                summary: "Show or switch the temperature unit (kept; every view follows at once)"),
            CommandSpec("presets", summary: "The preset cities (yours from locations.json in the data directory)"),
            CommandSpec("refresh", summary: "Fetch the weather on screen (or the last place) again now"),
            CommandSpec("fav", summary: "Keep this city as a favourite", scope: .within(CityWeather.self)),
            CommandSpec("unfav", summary: "Forget this favourite", scope: .within(CityWeather.self)),
            CommandSpec(
                "favorites", summary: "Your favourites with their last known weather (no request made)",
                scope: .within(CityWeather.self)),
        ]
    }

    // MARK: - Running

    public func run(_ invocation: Invocation, context: CommandContext) async throws(CommandError) -> CommandOutput {
        try await loadUnit()
        let arguments = invocation.arguments
        switch invocation.command.name {
        case "weather", "hourly", "forecast":
            let mode =
                WeatherModel.Mode(rawValue: invocation.command.name == "weather" ? "current" : invocation.command.name)
                ?? .current
            let place = try await resolve(arguments["place"] ?? "")
            return try await show(place, mode: mode, force: arguments.flag("refresh"), context: context)
        case "refresh":
            let place: ResolvedPlace
            if let shown = model.state.place { place = shown } else { place = try await resolve("") }
            return try await show(place, mode: model.state.mode, force: true, context: context)
        case "unit":
            guard let text = arguments["unit"] else {
                let unit = model.state.unit
                return CommandOutput(
                    text:
                        "Temperatures are in \(unit.symbol) (\(unit.rawValue)); 'unit \(unit == .celsius ? "f" : "c")' switches.",
                    json: UnitDocument(unit: unit.rawValue))
            }
            guard let unit = TemperatureUnit(argument: text) else {
                throw .usage("The unit is c (celsius) or f (fahrenheit), not '\(text.terminalPreview)'.")
            }
            do { try await settings.set(unit.rawValue, for: Self.unitKey) } catch {
                throw .failure("storage", error.message)
            }
            await model.send(.unitChosen(unit))
            if context.router.top(as: CityWeather.self) != nil, model.state.weather.value != nil {
                return render(context)
            }
            return CommandOutput(
                text: "Temperatures are now in \(unit.symbol).", json: UnitDocument(unit: unit.rawValue))
        case "presets":
            return try await presets(context)
        case "fav", "unfav":
            return try await setFavorite(invocation.command.name == "fav")
        case "favorites":
            return try await favoriteWeather(context)
        default:
            throw .usage("Unknown weather command '\(invocation.command.name)'.")
        }
    }

    public func present(
        _ destination: AnyDestination, context: CommandContext
    ) async throws(CommandError)
        -> CommandOutput
    {
        try await loadUnit()
        // Opened by another feature (the map) for a city: fetch it if it is not the one on screen.
        if let id = destination.as(CityWeather.self)?.city?.id, model.state.place?.location.id != id {
            let place = try await resolve("#\(id)")
            try await fetch(place, mode: .current, force: false)
        }
        return render(context)
    }

    /// Where a favourite is: as the city list in use has it, else as it was stored when it was kept (a list from
    /// `SKYLENS_CITIES_URL` may lack it).
    nonisolated static func location(of favorite: Favorite, resolver: PlaceResolver) async -> WeatherLocation? {
        if let place = try? await resolver.resolve("#\(favorite.id)") { return place.location }
        return favorite.city.map(PlaceResolver.location)
    }

    public func sessionStarted(context: CommandContext) async {
        let favorites = self.favorites, resolver = self.resolver, repository = self.repository
        // Favourites' weather, fetched in the background when it is older than 10 minutes, so it is there offline.
        backgroundRefresh = Task.detached(priority: .utility) {
            guard let stored = try? await favorites.all() else { return }
            for favorite in stored.sorted(by: { $0.id < $1.id }) {
                if Task.isCancelled { return }
                guard let location = await Self.location(of: favorite, resolver: resolver) else { continue }
                _ = try? await repository.weather(for: location, forceRefresh: false)
            }
        }
    }

    public func sessionEnded() async {
        guard let refresh = backgroundRefresh else { return }
        let deadline = Task {
            try? await Task.sleep(for: .seconds(2))
            refresh.cancel()
        }
        await refresh.value
        deadline.cancel()
    }

    // MARK: - Steps

    private func loadUnit() async throws(CommandError) {
        guard !unitLoaded else { return }
        unitLoaded = true
        if let stored = try? await settings.value(for: Self.unitKey), let unit = TemperatureUnit(rawValue: stored) {
            await model.send(.unitChosen(unit))
        }
    }

    /// What the user typed, or the last place used (Toronto on a first start).
    private func resolve(_ text: String) async throws(CommandError) -> ResolvedPlace {
        var text = text.trimmingCharacters(in: .whitespaces)
        if text.isEmpty {
            if let stored = try? await settings.value(for: Self.lastPlaceKey), !stored.isEmpty {
                text = stored
            } else {
                text = "#\(PlaceResolver.presetIDs[0])"
            }
        }
        do {
            return try await resolver.resolve(text)
        } catch {
            switch error {
            case .notFound(let message): throw .failure("not_found", message)
            case .invalid(let message): throw .usage(message)
            case .catalogue(let message): throw .failure("catalogue", message)
            }
        }
    }

    private func fetch(_ place: ResolvedPlace, mode: WeatherModel.Mode, force: Bool) async throws(CommandError) {
        await model.send(.placeRequested(place, mode: mode, forceRefresh: force))
        if case .failed(let error) = model.state.weather {
            throw .failure(Self.code(error), error.message)
        }
        // The place to show when `weather` is typed alone next time.
        let remembered = place.location.id.map { "#\($0)" } ?? "\(place.location.latitude),\(place.location.longitude)"
        try? await settings.set(remembered, for: Self.lastPlaceKey)
    }

    private func show(
        _ place: ResolvedPlace, mode: WeatherModel.Mode, force: Bool, context: CommandContext
    ) async throws(CommandError)
        -> CommandOutput
    {
        try await fetch(place, mode: mode, force: force)
        let location = place.location
        let destination =
            location.id.map { CityWeather(city: CityReference(id: $0, name: location.name)) }
            ?? CityWeather(coordinatesNamed: location.name)
        if context.router.top(as: CityWeather.self) != nil { context.router.pop() }
        context.router.push(destination)
        return render(context)
    }

    private func render(_ context: CommandContext) -> CommandOutput {
        let state = model.state
        guard let shown = state.weather.value else {
            return CommandOutput(text: state.weather.failure?.message ?? "No weather yet: 'weather PLACE' fetches it.")
        }
        let painter = context.painter
        let text: String =
            switch state.mode {
            case .current:
                WeatherViews.current(shown, place: state.place, unit: state.unit, now: now(), painter: painter)
            case .hourly: WeatherViews.hourly(shown, place: state.place, unit: state.unit, now: now(), painter: painter)
            case .forecast:
                WeatherViews.forecast(shown, place: state.place, unit: state.unit, now: now(), painter: painter)
            }
        return CommandOutput(text: text, json: WeatherDocument(shown, unit: state.unit, mode: state.mode))
    }

    private static func code(_ error: WeatherError) -> String {
        switch error {
        case .unreachable: "unreachable"
        case .server: "server_error"
        case .badKey: "bad_key"
        case .rateLimited: "rate_limited"
        case .notFound: "not_found"
        case .malformed: "malformed_response"
        case .notConfigured: "not_configured"
        case .cancelled: "cancelled"
        }
    }

    private func presets(_ context: CommandContext) async throws(CommandError) -> CommandOutput {
        let presets: (cities: [City], fromFile: Bool)
        do { presets = try await resolver.presets(dataDirectory: dataDirectory) } catch {
            throw .failure("presets", error.message)
        }
        var lines = [
            context.painter.paint(presets.fromFile ? "Your cities (locations.json)" : "Preset cities", .bold)
        ]
        let labels = presets.cities.map { "\($0.name.terminalSafe), \($0.country)" }
        let width = labels.map { DisplayWidth.columns(of: $0) }.max() ?? 10
        for (city, label) in zip(presets.cities, labels) {
            lines.append(
                "  \(DisplayWidth.pad(label, to: width))  \(String(format: "%8.4f %9.4f", city.latitude, city.longitude))  #\(city.id)"
            )
        }
        lines.append(context.painter.paint("'weather NAME' or 'weather #ID' shows one.", .dim))
        return CommandOutput(
            text: lines.joined(separator: "\n"),
            json: PresetsDocument(
                source: presets.fromFile ? "locations.json" : "built-in",
                cities: presets.cities.map {
                    .init(id: $0.id, name: $0.name, country: $0.country, lat: $0.latitude, lon: $0.longitude)
                }))
    }

    private func setFavorite(_ favorite: Bool) async throws(CommandError) -> CommandOutput {
        guard let location = model.state.place?.location else { throw .failure("no_city", "No city on screen.") }
        guard let id = location.id else {
            throw .failure("not_a_city", "Only cities of the list can be favourites, not bare coordinates.")
        }
        let changed: Bool
        let city = City(
            id: id, name: location.name, country: location.country, latitude: location.latitude,
            longitude: location.longitude)
        do { changed = favorite ? try await favorites.add(city, at: now()) : try await favorites.remove(id) } catch {
            throw .failure("storage", error.message)
        }
        let name = "\(location.name.terminalSafe), \(location.country)"
        let text =
            favorite
            ? (changed ? "★ \(name) is now a favourite." : "\(name) was already a favourite.")
            : (changed ? "\(name) is no longer a favourite." : "\(name) was not a favourite.")
        return CommandOutput(text: text, json: ["id": id, "favorite": favorite ? 1 : 0])
    }

    /// Each favourite with its last stored weather: what is there offline.
    private func favoriteWeather(_ context: CommandContext) async throws(CommandError) -> CommandOutput {
        let stored: [Favorite]
        do { stored = try await favorites.all() } catch { throw .failure("storage", error.message) }
        guard !stored.isEmpty else {
            return CommandOutput(
                text: "You have no favourites yet: 'fav' keeps the city on screen.",
                json: FavoriteWeatherDocument(unit: model.state.unit.rawValue, favorites: []))
        }
        var lines = [context.painter.paint("Favourites, with the last weather SkyLens has for them", .bold)]
        var entries: [FavoriteWeatherDocument.Entry] = []
        let cache = repository.cache
        // The name gets what the temperature (8), the sky (18) and the age (~10) leave of the line.
        let nameWidth = max(8, min(28, context.terminal.width - 2 - 8 - 18 - 12))
        for favorite in stored.sorted(by: { $0.id < $1.id }) {
            guard let location = await Self.location(of: favorite, resolver: resolver) else {
                lines.append("  #\(favorite.id)  (not in the city list in use, and no place stored for it)")
                entries.append(.init(id: favorite.id))
                continue
            }
            let label = "\(location.name.terminalSafe), \(location.country)"
            if let entry = try? await cache.entry(provider: client.provider, place: location.cacheKey) {
                let current = entry.report.current
                entries.append(
                    .init(
                        id: favorite.id, name: location.name, country: location.country,
                        temperature: (model.state.unit.temperature(current.temperature) * 10).rounded() / 10,
                        condition: current.condition.words, fetchedAt: entry.fetchedAt))
                lines.append(
                    "  \(DisplayWidth.fit(label, to: nameWidth))  \(WeatherViews.temperature(current.temperature, model.state.unit, context.painter, width: 6))  \(DisplayWidth.fit(current.condition.words, to: 16))  \(WeatherViews.age(now().timeIntervalSince(entry.fetchedAt))) ago"
                )
            } else {
                lines.append("  \(DisplayWidth.fit(label, to: nameWidth))  (no weather stored yet)")
                entries.append(.init(id: favorite.id, name: location.name, country: location.country))
            }
        }
        // A document of its own in JSON mode, never the text table inside one.
        return CommandOutput(
            text: lines.joined(separator: "\n"),
            json: FavoriteWeatherDocument(unit: model.state.unit.rawValue, favorites: entries))
    }
}
