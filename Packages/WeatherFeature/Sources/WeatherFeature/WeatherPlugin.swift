import Architecture
import CitiesService
import Contracts
import CoreKit
import Foundation
import Logging
import WeatherService

/// The weather, as a plugin of the App. This file is the feature's whole public API.
///
/// `weather`, `hourly`, `forecast` for any place (a name, `#ID`, `lat,lon`), `unit`, `presets`,
/// `refresh`; in the weather view also `fav`, `unfav`, `favorites`. It shows `CityWeather` (a contract), which the
/// map opens for a city. See `docs/features/weather.md`.
@MainActor
public final class WeatherPlugin: FeaturePlugin {
    static let unitKey = "weather.unit"
    static let lastPlaceKey = "weather.lastPlace"

    private let client: WeatherClient
    private let resolver: PlaceResolver
    private let repository: WeatherRepository
    private let favorites: FavoritesClient
    private let now: @Sendable () -> Date
    private let model: WeatherModel
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
        client: WeatherClient, catalogue: CityListClient, favorites: FavoritesClient, cache: WeatherCacheClient,
        settings: SettingsClient, dataDirectory: URL, now: @escaping @Sendable () -> Date,
        logger: Logger = Logger(label: "skylens.weather")
    ) {
        self.client = client
        let resolver = PlaceResolver(catalogue: catalogue)
        self.resolver = resolver
        self.cityNames = .words { [catalogue] before, prefix in catalogue.nameCompletions(before, prefix) }
        let repository = WeatherRepository(client: client, cache: cache, now: now, logger: logger)
        self.repository = repository
        self.favorites = favorites
        self.now = now
        self.model = WeatherModel(
            repository: repository, resolver: resolver, settings: settings, favorites: favorites,
            dataDirectory: dataDirectory, now: now)
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
        await model.send(.started)
        let arguments = invocation.arguments
        switch invocation.command.name {
        case "weather", "hourly", "forecast":
            let mode =
                WeatherModel.Mode(rawValue: invocation.command.name == "weather" ? "current" : invocation.command.name)
                ?? .current
            await model.send(
                .placeRequested(arguments["place"] ?? "", mode: mode, forceRefresh: arguments.flag("refresh")))
            return try show(context)
        case "refresh":
            await model.send(.refreshRequested)
            return try show(context)
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
            await model.send(.unitChosen(unit))
            try checkProblem()
            if context.router.top(as: CityWeather.self) != nil, model.state.weather.value != nil {
                return render(context)
            }
            return CommandOutput(
                text: "Temperatures are now in \(unit.symbol).", json: UnitDocument(unit: unit.rawValue))
        case "presets":
            await model.send(.presetsRequested)
            if let problem = model.state.problem { throw .failure("presets", Self.message(problem)) }
            return presetsOutput(context)
        case "fav", "unfav":
            let favorite = invocation.command.name == "fav"
            await model.send(.favoriteSet(favorite))
            try checkProblem()
            return favoriteOutput(favorite)
        case "favorites":
            await model.send(.favoritesRequested)
            try checkProblem()
            return favoritesOutput(context)
        default:
            throw .usage("Unknown weather command '\(invocation.command.name)'.")
        }
    }

    public func present(
        _ destination: AnyDestination, context: CommandContext
    ) async throws(CommandError)
        -> CommandOutput
    {
        await model.send(.started)
        // Opened by another feature (the map) for a city: fetched if it is not the one on screen.
        if let id = destination.as(CityWeather.self)?.city?.id {
            await model.send(.cityOpened(id: id))
            try checkProblem()
            try checkWeather()
        }
        return render(context)
    }

    public func sessionStarted(context: CommandContext) async {
        let favorites = self.favorites, resolver = self.resolver, repository = self.repository
        // Favourites' weather, fetched in the background when it is older than 10 minutes, so it is there offline.
        backgroundRefresh = Task.detached(priority: .utility) {
            guard let stored = try? await favorites.all() else { return }
            for favorite in stored.sorted(by: { $0.id < $1.id }) {
                if Task.isCancelled { return }
                guard let location = await WeatherModel.location(of: favorite, resolver: resolver) else { continue }
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

    /// The action's problem as the command's error: a place that is not one is a usage error.
    private func checkProblem() throws(CommandError) {
        guard let problem = model.state.problem else { return }
        switch problem {
        case .notFound: throw .failure("not_found", Self.message(problem))
        case .invalid: throw .usage(Self.message(problem))
        case .catalogue: throw .failure("catalogue", Self.message(problem))
        case .storage: throw .failure("storage", Self.message(problem))
        case .noPlace: throw .failure("no_city", Self.message(problem))
        case .notACity: throw .failure("not_a_city", Self.message(problem))
        }
    }

    private func checkWeather() throws(CommandError) {
        if case .failed(let error) = model.state.weather { throw .failure(Self.code(error), error.message) }
    }

    static func message(_ problem: WeatherModel.Problem) -> String {
        switch problem {
        case .notFound(let message), .catalogue(let message), .storage(let message): message
        case .invalid(let message): message
        case .noPlace: "No city on screen."
        case .notACity: "Only cities of the list can be favourites, not bare coordinates."
        }
    }

    /// The weather on screen after a fetch, in the weather view (one on the stack at a time).
    private func show(_ context: CommandContext) throws(CommandError) -> CommandOutput {
        try checkProblem()
        try checkWeather()
        guard let location = model.state.place?.location else { return render(context) }
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
                WeatherViews.current(
                    shown, place: state.place, almanac: state.almanac, unit: state.unit, now: now(), painter: painter)
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

    private func presetsOutput(_ context: CommandContext) -> CommandOutput {
        let presets = model.state.presets ?? PlaceResolver.Presets(cities: [], fromFile: false)
        return CommandOutput(
            text: WeatherViews.presets(presets.cities, fromFile: presets.fromFile, painter: context.painter),
            json: PresetsDocument(
                source: presets.fromFile ? "locations.json" : "built-in",
                cities: presets.cities.map {
                    .init(id: $0.id, name: $0.name, country: $0.country, lat: $0.latitude, lon: $0.longitude)
                }))
    }

    private func favoriteOutput(_ favorite: Bool) -> CommandOutput {
        guard let location = model.state.place?.location, let id = location.id else { return .empty }
        let changed = model.state.favoriteChanged ?? false
        let name = "\(location.name.terminalSafe), \(location.country)"
        let text =
            favorite
            ? (changed ? "★ \(name) is now a favourite." : "\(name) was already a favourite.")
            : (changed ? "\(name) is no longer a favourite." : "\(name) was not a favourite.")
        return CommandOutput(text: text, json: ["id": id, "favorite": favorite ? 1 : 0])
    }

    /// Each favourite with its last stored weather: what is there offline. A document of its own in JSON mode, never
    /// the text table inside one.
    private func favoritesOutput(_ context: CommandContext) -> CommandOutput {
        let list = model.state.favorites ?? []
        let unit = model.state.unit
        return CommandOutput(
            text: WeatherViews.favorites(
                list, unit: unit, now: now(), painter: context.painter, width: context.terminal.width),
            json: FavoriteWeatherDocument(
                unit: unit.rawValue,
                favorites: list.map { entry in
                    guard let location = entry.location else { return .init(id: entry.id) }
                    guard let cached = entry.cached else {
                        return .init(id: entry.id, name: location.name, country: location.country)
                    }
                    return .init(
                        id: entry.id, name: location.name, country: location.country,
                        temperature: (unit.temperature(cached.report.current.temperature) * 10).rounded() / 10,
                        condition: cached.report.current.condition.words, fetchedAt: cached.fetchedAt)
                }))
    }
}
