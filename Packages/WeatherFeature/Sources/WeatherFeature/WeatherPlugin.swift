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
    ///   - fallback: the other provider, asked when `client` fails (before stale data is shown).
    ///   - catalogue: the city catalogue, to find places by name offline.
    ///   - favorites: the favourites the map keeps too.
    ///   - cache: the answers kept (`WeatherCacheClient.sqlite` in the App).
    ///   - settings: where the unit and the last place are kept (`SettingsClient.sqlite` in the App).
    ///   - dataDirectory: where a user's `locations.json` replaces the five presets.
    ///   - now: the clock.
    ///   - unitDefaults: where units start when no `unit` choice is kept (the config file's `units`).
    ///   - defaultPlace: where every feature starts before any place was shown (the `place` setting; Toronto).
    ///   - logger: where impossible values from the provider are recorded.
    public init(
        client: WeatherClient, fallback: WeatherClient? = nil, catalogue: CityListClient, favorites: FavoritesClient,
        cache: WeatherCacheClient, settings: SettingsClient, dataDirectory: URL, now: @escaping @Sendable () -> Date,
        air: AirQualityClient = .failing(.notConfigured("No air-quality source is set up.")),
        airCache: AnswerCache<AirQuality> = .inMemory(),
        today: TodayClient = .failing(.notConfigured("No source for several places at once is set up.")),
        unitDefaults: UnitDefaults = UnitDefaults(), defaultPlace: String? = nil,
        logger: Logger = Logger(label: "skylens.weather")
    ) {
        self.client = client
        let resolver = PlaceResolver(catalogue: catalogue)
        self.resolver = resolver
        self.cityNames = .words { [catalogue] before, prefix in catalogue.nameCompletions(before, prefix) }
        let repository = WeatherRepository(
            client: client, fallback: fallback, cache: cache, now: now, logger: logger)
        self.repository = repository
        self.favorites = favorites
        self.now = now
        self.model = WeatherModel(
            repository: repository, air: AirRepository(client: air, cache: airCache, now: now), today: today,
            resolver: resolver, settings: settings, favorites: favorites,
            dataDirectory: dataDirectory, now: now, unitDefaults: unitDefaults, defaultPlace: defaultPlace)
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
                "weather",
                arguments: [
                    place, refresh,
                    .flag(
                        "line", help: "One line of at most 60 columns, for a status bar: 'Toronto: ☁ 6 °C ↘ 15 km/h'"),
                    .option(
                        "template", value: "TEXT",
                        help: "One line from a template of wttr.in's codes: \(WeatherViews.templateCodesHelp)"),
                ],
                summary: "The weather now: sky, temperature, wind, rain, air pressure, sun",
                discussion: """
                    Names are found offline in the city list: the most populous city of that name, and the others named \
                    below it. Answers are kept: within 10 minutes no request is made, and when the network fails the \
                    other provider is asked (Open-Meteo needs no key), then the last answer is shown, marked with its age.
                    """,
                examples: [
                    "weather", "weather Paris", "weather Paris, TX, US", "weather #6167865", "weather 19.54,110",
                    "weather Toronto --line", "weather Toronto --template '%l: %c %t (%f) %w %h %p %m'",
                ]),
            CommandSpec(
                "hourly",
                arguments: [
                    place, refresh,
                    .integer(
                        "step", in: 1...3,
                        help: "Hours between rows: 3 (24 hours, the default), 1 or 2 (48 hours)"),
                ],
                summary: "The hours from now: temperature, rain, wind, with a chart",
                examples: ["hourly", "hourly Oslo --step 1"]),
            CommandSpec(
                "forecast",
                arguments: [
                    place, refresh,
                    .integer(
                        "days", in: 1...16,
                        help: "Days from today: up to 16 with Open-Meteo, 5 with OpenWeatherMap (7 by default)"),
                    .flag("parts", help: "Morning, afternoon, evening and night of the next 3 days"),
                ],
                summary: "The days from today: min, max, rain, wind; --parts for the parts of each day",
                examples: ["forecast", "forecast Paris --days 14", "forecast --parts"]),
            CommandSpec(
                "unit",
                arguments: [
                    .positional(
                        "unit",
                        help:
                            "metric or imperial (every quantity); c or f; or wind, rain or clock, followed by its unit",
                        required: false,
                        completion: .values(["metric", "imperial", "c", "f", "wind", "rain", "clock"])),
                    .positional(
                        "value", help: "wind: kmh, ms, mph or kn; rain: mm or in; clock: 24 or 12", required: false,
                        completion: .words { before, prefix in
                            let units: [String] =
                                switch before.last?.lowercased() {
                                case "wind": ["kmh", "ms", "mph", "kn"]
                                case "rain": ["mm", "in"]
                                case "clock": ["24", "12"]
                                default: []
                                }
                            return units.filter { $0.hasPrefix(prefix.lowercased()) }
                        }),
                ],
                summary:
                    "Show or switch units: all at once (metric, imperial), or temperature, wind, rain, clock (kept; every view follows at once)",
                discussion:
                    "Pressure (hPa or inHg) and visibility (km or mi) follow the temperature's unit; a wind or rain unit never chosen does too.",
                examples: ["unit", "unit imperial", "unit f", "unit wind kn", "unit rain in", "unit clock 12"]),
            CommandSpec(
                "air", arguments: [place, refresh],
                summary: "The air now: European and US indices, PM2.5, PM10, ozone, nitrogen dioxide, UV",
                discussion: "From Open-Meteo's air-quality API (CAMS data); kept 10 minutes like the weather.",
                examples: ["air", "air Delhi"]),
            CommandSpec(
                "compare",
                arguments: [
                    .remainder(
                        "places",
                        help: "2 to 10 places, each one word or in quotes ('New York', 'Paris, TX, US', '#6167865')",
                        required: true, completion: cityNames)
                ],
                summary: "Today at several places side by side: now, min, max, sky (one request for all)",
                examples: ["compare Toronto Vancouver Montreal", "compare 'New York' London 'Paris, FR'"]),
            CommandSpec("presets", summary: "The preset cities (yours from locations.json in the data directory)"),
            CommandSpec("refresh", summary: "Fetch the weather on screen (or the last place) again now"),
            CommandSpec("fav", summary: "Keep this city as a favourite", scope: .within(CityWeather.self)),
            CommandSpec("unfav", summary: "Forget this favourite", scope: .within(CityWeather.self)),
            CommandSpec(
                "favorites", summary: "Your favourites with their last known weather (no request made)"),
        ]
    }

    // MARK: - Running

    public func run(_ invocation: Invocation, context: CommandContext) async throws(CommandError) -> CommandOutput {
        await model.send(.started)
        defer { if let note = model.state.defaultPlaceNote { context.notice("Note: " + note) } }
        let arguments = invocation.arguments
        switch invocation.command.name {
        case "weather", "hourly", "forecast":
            var mode =
                WeatherModel.Mode(rawValue: invocation.command.name == "weather" ? "current" : invocation.command.name)
                ?? .current
            if arguments.flag("parts") { mode = .parts }
            var options = WeatherModel.ViewOptions()
            if let days = arguments.integer("days") { options.days = days }
            if let step = arguments.integer("step") { options.step = step }
            let template = arguments["template"]
            if arguments.flag("line"), template != nil {
                throw .usage("--line and --template each make one line: give one of them.")
            }
            if arguments.flag("line") || template != nil {
                // Checked before anything is fetched.
                if let template { try WeatherViews.checkTemplate(template) }
                await model.send(
                    .placeRequested(
                        arguments["place"] ?? "", mode: .current, forceRefresh: arguments.flag("refresh"),
                        options: options))
                return try oneLine(template: template, context)
            }
            await model.send(
                .placeRequested(
                    arguments["place"] ?? "", mode: mode, forceRefresh: arguments.flag("refresh"), options: options))
            return try show(context)
        case "refresh":
            await model.send(.refreshRequested)
            return try show(context)
        case "unit":
            guard let text = arguments["unit"] else {
                let units = model.state.units
                return CommandOutput(
                    text: DisplayWidth.wrapped(
                        "Units: \(units.summary). 'unit metric|imperial' switches them all; 'unit c|f', 'unit wind kmh|ms|mph|kn', 'unit rain mm|in' and 'unit clock 24|12' one at a time.",
                        width: context.terminal.width
                    ).joined(separator: "\n"),
                    json: UnitDocument(units))
            }
            let choice = try Self.unitChoice(text, arguments["value"])
            await model.send(.unitChosen(choice))
            try checkProblem()
            if context.router.top(as: CityWeather.self) != nil, model.state.weather.value != nil {
                return render(context)
            }
            return CommandOutput(
                text: "Units are now \(model.state.units.summary).", json: UnitDocument(model.state.units))
        case "air":
            await model.send(.airRequested(arguments["place"] ?? "", forceRefresh: arguments.flag("refresh")))
            try checkProblem()
            return try airOutput(context)
        case "compare":
            let places = arguments.remainder.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            guard (2...TodayClient.limit).contains(places.count) else {
                throw .usage(
                    "compare takes 2 to \(TodayClient.limit) places (each one word or in quotes), not \(places.count).")
            }
            await model.send(.compareRequested(places))
            try checkProblem()
            return try comparisonOutput(context)
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
        case .notFound: throw .failure("not_found", Self.message(problem), kind: .unknownPlace)
        case .invalid: throw .usage(Self.message(problem))
        case .catalogue: throw .failure("catalogue", Self.message(problem))
        case .storage: throw .failure("storage", Self.message(problem))
        case .notKept: throw .failure("not_kept", Self.message(problem), kind: .notKept)
        case .noPlace: throw .failure("no_city", Self.message(problem))
        case .notACity: throw .failure("not_a_city", Self.message(problem))
        }
    }

    private func checkWeather() throws(CommandError) {
        if case .failed(let error) = model.state.weather { throw Self.failure(error) }
    }

    static func message(_ problem: WeatherModel.Problem) -> String {
        switch problem {
        case .notFound(let message), .catalogue(let message), .storage(let message), .notKept(let message): message
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

    private func frame(_ context: CommandContext) -> WeatherViews.Frame {
        WeatherViews.Frame(
            units: model.state.units, now: now(), painter: context.painter, width: context.terminal.width,
            interactive: !context.isOneShot)
    }

    private func render(_ context: CommandContext) -> CommandOutput {
        let state = model.state
        guard let shown = state.weather.value else {
            return CommandOutput(text: state.weather.failure?.message ?? "No weather yet: 'weather PLACE' fetches it.")
        }
        let frame = frame(context)
        var note: String?
        if state.mode == .forecast {
            let shownDays = WeatherViews.upcomingDays(shown.report, now: frame.now, count: state.options.days).count
            if shownDays < state.options.days, !shown.report.days.isEmpty {
                note =
                    shown.report.provider == "openweathermap"
                    ? "OpenWeatherMap forecasts 5 days; \(state.options.days) were asked for (Open-Meteo gives 16)."
                    : "The forecast on hand has \(shownDays) days from today; \(state.options.days) were asked for."
            }
        }
        let text: String =
            switch state.mode {
            case .current: WeatherViews.current(shown, place: state.place, almanac: state.almanac, frame: frame)
            case .hourly: WeatherViews.hourly(shown, place: state.place, step: state.options.step, frame: frame)
            case .forecast:
                WeatherViews.forecast(shown, place: state.place, days: state.options.days, frame: frame, note: note)
            case .parts: WeatherViews.parts(shown, place: state.place, frame: frame)
            }
        return CommandOutput(
            text: text,
            json: WeatherDocument(
                shown, units: state.units, mode: state.mode, options: state.options, now: frame.now, note: note,
                alternatives: alternatives(of: state.place, for: shown)),
            isOld: shown.isOld(now: frame.now))
    }

    /// `--line` or `--template`: one line for a status bar or a script.
    private func oneLine(template: String?, _ context: CommandContext) throws(CommandError) -> CommandOutput {
        try checkProblem()
        try checkWeather()
        guard let shown = model.state.weather.value else { return .empty }
        var frame = frame(context)
        frame.painter = Painter(enabled: false)
        let line =
            template.map {
                WeatherViews.template($0, shown, place: model.state.place, almanac: model.state.almanac, frame: frame)
            } ?? WeatherViews.line(shown, place: model.state.place, frame: frame)
        return CommandOutput(
            text: line,
            json: LineDocument(
                line: line, stale: shown.isOld(now: frame.now), observedAt: shown.report.observedAt,
                fetchedAt: shown.fetchedAt,
                location: WeatherDocument.Location(shown.report.location),
                alternatives: PlaceAlternative.list(alternatives(of: model.state.place, for: shown))),
            isOld: shown.isOld(now: frame.now))
    }

    /// The other places that answer to what named the place shown (none when the weather is another place's).
    private func alternatives(of place: ResolvedPlace?, for shown: WeatherRepository.Shown) -> [City] {
        guard let place, place.location.id == shown.report.location.id else { return [] }
        return place.alternatives
    }

    private func airOutput(_ context: CommandContext) throws(CommandError) -> CommandOutput {
        switch model.state.air {
        case .failed(let error): throw Self.failure(error)
        case .loaded(let shown):
            let frame = frame(context)
            return CommandOutput(
                text: WeatherViews.air(shown, place: model.state.airPlace, frame: frame),
                json: AirDocument(
                    shown, now: frame.now,
                    alternatives: model.state.airPlace?.location.id == shown.air.location.id
                        ? model.state.airPlace?.alternatives ?? [] : []),
                isOld: shown.isOld(now: frame.now))
        default: return .empty
        }
    }

    private func comparisonOutput(_ context: CommandContext) throws(CommandError) -> CommandOutput {
        switch model.state.comparison {
        case .failed(let error): throw Self.failure(error)
        case .loaded(let places):
            let units = model.state.units, frame = frame(context)
            let document = ComparisonDocument(places, units: units, now: frame.now)
            return CommandOutput(
                text: WeatherViews.comparison(places, frame: frame), json: document,
                isOld: document.places.contains { $0.stale == true })
        default: return .empty
        }
    }

    /// What `unit` was given: `c`, `f`, or a quantity and its unit.
    static func unitChoice(_ first: String, _ second: String?) throws(CommandError) -> WeatherModel.UnitChoice {
        let quantity = first.lowercased()
        switch quantity {
        case "wind", "rain", "clock":
            guard let value = second else {
                throw .usage(
                    "'unit \(quantity)' needs a unit: \(quantity == "wind" ? "kmh, ms, mph or kn" : quantity == "rain" ? "mm or in" : "24 or 12")."
                )
            }
            switch quantity {
            case "wind":
                guard let unit = WindUnit(argument: value) else {
                    throw .usage("The wind's unit is kmh, ms, mph or kn, not '\(value.terminalPreview)'.")
                }
                return .wind(unit)
            case "rain":
                guard let unit = RainUnit(argument: value) else {
                    throw .usage("The rain's unit is mm or in, not '\(value.terminalPreview)'.")
                }
                return .rain(unit)
            default:
                guard let style = ClockStyle(argument: value) else {
                    throw .usage("The clock is 24 or 12, not '\(value.terminalPreview)'.")
                }
                return .clock(style)
            }
        case "metric", "imperial":
            if let second {
                throw .usage(
                    "Unexpected argument '\(second.terminalPreview)': 'unit \(first.terminalPreview)' takes none.")
            }
            return .system(quantity == "metric" ? .celsius : .fahrenheit)
        default:
            guard let unit = TemperatureUnit(argument: first) else {
                throw .usage(
                    "The unit is metric, imperial, c (celsius) or f (fahrenheit), or 'wind', 'rain' or 'clock' and a unit, not '\(first.terminalPreview)'."
                )
            }
            if let second {
                throw .usage(
                    "Unexpected argument '\(second.terminalPreview)': 'unit \(first.terminalPreview)' takes none.")
            }
            return .temperature(unit)
        }
    }

    /// A weather failure as the command's: its code, and the exit status a script can act on.
    static func failure(_ error: WeatherError) -> CommandError {
        let kind: CommandError.Kind =
            switch error {
            case .unreachable, .server, .malformed, .notFound: .unavailable
            case .timedOut, .rateLimited: .temporary
            case .badKey, .notConfigured: .configuration
            case .cancelled: .failure
            }
        // An interrupted request: the session says "Cancelled." itself (`Shell`).
        return .failure(
            code(error), error.message, details: error == .cancelled ? ["interrupted": "true"] : [:], kind: kind)
    }

    private static func code(_ error: WeatherError) -> String {
        switch error {
        case .unreachable: "unreachable"
        case .timedOut: "timed_out"
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
            text: WeatherViews.presets(
                presets.cities, fromFile: presets.fromFile, painter: context.painter, width: context.terminal.width),
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
        return CommandOutput(
            text: text, json: FavoriteDocument(id: id, name: location.name, favorite: favorite, changed: changed))
    }

    /// Each favourite with its last stored weather: what is there offline. A document of its own in JSON mode, never
    /// the text table inside one.
    private func favoritesOutput(_ context: CommandContext) -> CommandOutput {
        let list = model.state.favorites ?? []
        let units = model.state.units
        let unit = units.temperature
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
                        condition: cached.report.current.condition.words, fetchedAt: cached.fetchedAt,
                        observedAt: cached.report.observedAt,
                        stale: cached.isOld(now: now()))
                }))
    }
}
