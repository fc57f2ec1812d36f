import Architecture
import CitiesService
import Contracts
import CoreKit
import Foundation
import Localization
import MapRendering
import WeatherAlerts
import WeatherService

/// What the cities and map commands run with: the list as a whole (`CityListModel`), the browser of lists, pages
/// and the map (`CityBrowser`, made when the list is first opened), the map's geography (read on first use), and
/// the App's memory of the last place. Its methods turn the models' state into a command's output.
@MainActor
final class CitiesAndMap {
    nonisolated static let defaultZoom = 9

    let list: CityListModel
    private let favoritesStore: FavoritesClient
    private let loadCountries: @Sendable () -> Countries
    private let now: @Sendable () -> Date
    private let weather: MapWeather?
    /// The last place any feature showed, else the default place: the browser's, for `map` and `open`.
    private let places: PlaceMemory?
    private let alerts: AlertsLookup?
    private var browser: CityBrowser?
    private var geography: GeoData?
    /// The feature's words in every language (its String Catalog), read when a language first needs them.
    let catalogue = StringCatalogSource(bundle: "MapFeature_MapFeature")
    /// The city list's words (not found, did you mean, compass points, the default place).
    let placeCatalogue = PlaceWords.catalogue()

    /// The feature's words in the user's language.
    func words(_ context: CommandContext) -> Words { Words(catalogue, language: context.language) }
    /// The city list's words in the user's language.
    func placeWords(_ context: CommandContext) -> Words { Words(placeCatalogue, language: context.language) }
    /// The map's footer in the user's language.
    func footerWords(_ words: Words) -> FooterWords {
        FooterWords(
            zoom: words("zoom %@", "%@"), cell: words("1 cell ≈ %@", "%@"),
            decimalSign: words.decimalSign)
    }

    init(
        catalogue: CityListClient, favorites: FavoritesClient, countries: @escaping @Sendable () -> Countries,
        weather: MapWeather?, now: @escaping @Sendable () -> Date, places: PlaceMemory?, alerts: AlertsLookup? = nil
    ) {
        self.weather = weather
        self.places = places
        self.alerts = alerts
        self.list = CityListModel(client: catalogue)
        self.favoritesStore = favorites
        self.loadCountries = countries
        self.now = now
    }

    /// Shows one of the feature's destinations, after the router moved there.
    func present(_ destination: AnyDestination, context: CommandContext) async throws(CommandError) -> CommandOutput {
        let browser = try await loadBrowser(context)
        if destination.is(SearchResults.self) {
            return resultsOutput(browser, context: context)
        } else if let page = destination.as(CityPage.self) {
            await browser.send(.citySelected(id: page.city.id))
            try check(browser, context)
            guard let detail = browser.state.detail else {
                throw .failure("no_city", words(context)("No city to show."))
            }
            var shown = detail
            shown.countryName = countryName(detail.city.country, english: detail.countryName, context)
            // Its own name in the language where it has one (東京); the JSON keeps the listed name.
            shown.city = detail.city.named(in: LocalNames.builtIn(context.language))
            return CommandOutput(
                text: MapViews.detail(
                    shown, painter: context.painter, width: context.terminal.width, hints: !context.isOneShot,
                    words: words(context), places: placeWords(context)),
                json: DetailDocument(detail))
        } else if destination.is(CityMap.self) {
            return await mapOutput(browser, context: context)
        }
        throw .failure("unknown_route", "Nothing to show for \(destination).")
    }

    /// A country's name in the user's language: the common name of the city list's table (`CountryNames`), else
    /// the English one (`countries.csv`).
    func countryName(_ code: String, english: String?, _ context: CommandContext) -> String? {
        guard context.language != .english else { return english }
        return CountryNames.builtIn(context.language).name(code) ?? english
    }

    /// The city of the page or the map on top of the router.
    func cityOnScreen(_ context: CommandContext) -> CityReference? {
        context.router.top(as: CityPage.self)?.city ?? context.router.top(as: CityMap.self)?.city
    }

    /// What a command typed to name a city, with the city on screen for when it typed nothing.
    func reference(_ text: String?, _ context: CommandContext) -> CityBrowser.Reference {
        CityBrowser.Reference(text ?? "", onScreen: cityOnScreen(context)?.id)
    }

    /// The last action's problem as the command's error.
    func check(_ browser: CityBrowser, _ context: CommandContext) throws(CommandError) {
        if let problem = browser.state.problem {
            throw problem.commandError(words(context), places: placeWords(context))
        }
    }

    // MARK: - Steps

    /// Pushes the destination, or replaces the top when it is already of that kind (so the stack stays shallow).
    func show(
        _ destination: some Destination, context: CommandContext
    ) async throws(CommandError)
        -> CommandOutput
    {
        if context.router.top(as: type(of: destination)) != nil { context.router.pop(through: type(of: destination)) }
        return try await context.navigate(to: destination)
    }

    func loadBrowser(_ context: CommandContext) async throws(CommandError) -> CityBrowser {
        if let browser { return browser }
        await list.send(.openRequested(progress: progressReporter(context)))
        context.progress.finish()
        try report(context)
        guard let directory = list.directory else {
            throw .failure("catalogue", words(context)("The city list is not open."))
        }
        let browser = CityBrowser(
            directory: directory, countries: loadCountries(), favorites: favoritesStore, weather: weather,
            places: places, alerts: alerts, now: now)
        await browser.send(.favoritesReloaded(required: true))
        // Without the database the cities still answer, without stars.
        if case .storage(let message) = browser.state.problem {
            let words = words(context)
            context.notice(words("Note: favourites are unavailable: %@", TerminalText.sanitize(words(message))))
        }
        self.browser = browser
        return browser
    }

    nonisolated static func label(_ phase: ImportPhase, _ words: Words) -> String {
        switch phase {
        case .copying: words("Importing the city list")
        case .downloading: words("Downloading the city list")
        case .parsing: words("Reading the city list")
        case .building: words("Indexing the city list")
        case .saving: words("Saving the city list")
        }
    }

    /// After a place chosen by its name: once, briefly, the other places of that name (a dim line; text only).
    func withAlsoCalled(
        _ output: CommandOutput, _ browser: CityBrowser, _ context: CommandContext
    )
        -> CommandOutput
    {
        guard let also = browser.state.alsoCalled, !output.text.isEmpty,
            let line = MapViews.alsoCalled(also, width: context.terminal.width, places: placeWords(context))
        else { return output }
        var output = output
        output.text += "\n" + context.painter.paint(line, .dim)
        return output
    }

    /// Another page of the list on screen (pages from 0).
    func page(_ target: Int, context: CommandContext) async throws(CommandError) -> CommandOutput {
        let browser = try await loadBrowser(context)
        await browser.send(.pageRequested(target))
        try check(browser, context)
        return resultsOutput(browser, context: context)
    }

    /// `fav` or `unfav` of a city named, or of the city on screen.
    func setFavorite(
        _ city: String?, _ favorite: Bool, context: CommandContext
    ) async throws(CommandError)
        -> CommandOutput
    {
        let browser = try await loadBrowser(context)
        await browser.send(.favoriteSet(reference(city, context), favorite))
        try check(browser, context)
        return withAlsoCalled(favoriteOutput(browser, context), browser, context)
    }

    /// The weather of the city on screen, in the Weather feature (through the router).
    func weatherOnScreen(_ context: CommandContext) async throws(CommandError) -> CommandOutput {
        guard let city = cityOnScreen(context) else { throw .failure("no_city", words(context)("Open a city first.")) }
        return try await context.navigate(to: CityWeather(city: city))
    }

    /// `fav` or `unfav`: what changed.
    func favoriteOutput(_ browser: CityBrowser, _ context: CommandContext) -> CommandOutput {
        guard let change = browser.state.favoriteChange else { return .empty }
        let city = change.city, words = words(context)
        let name = TerminalText.sanitize(city.qualifiedName)
        var text: String =
            switch (change.favorite, change.changed) {
            case (true, true): "★ " + words("%@ is now a favourite.", name)
            case (true, false): words("%@ was already a favourite.", name)
            case (false, true): words("%@ is no longer a favourite.", name)
            case (false, false): words("%@ was not a favourite.", name)
            }
        if let origin = change.origin {
            // Named by a point: which place that was, and how far.
            text += " " + MapViews.originText(origin, words: words, places: placeWords(context))
        }
        return CommandOutput(
            text: text,
            json: FavoriteDocument(id: city.id, name: city.name, favorite: change.favorite, changed: change.changed))
    }

    /// `map`: the map asked for, drawn (full-screen on a terminal, unless a size was asked for).
    func showMap(_ asked: MapCommand, context: CommandContext) async throws(CommandError) -> CommandOutput {
        let zoom = asked.zoom ?? Self.defaultZoom
        let width = asked.width ?? context.terminal.width
        let height = asked.height ?? max(MapRequest.minimumHeight, context.terminal.height - 4)
        let browser = try await loadBrowser(context)
        browser.warningsLanguage = context.language.code
        await browser.send(
            .mapRequested(
                reference(asked.city, context), zoom: zoom, style: asked.style, width: width, height: height,
                layers: asked.layers, night: asked.night, weather: asked.weather, alerts: asked.alerts))
        try check(browser, context)
        // A map of a point is filed under the place nearest it (its name in the prompt; `weather` from it).
        guard let map = browser.state.map, let city = map.city ?? map.filedUnder else {
            throw .failure("internal", "No map was drawn.")
        }
        if let note = browser.state.startNote?.text(placeWords(context)) {
            context.notice(words(context)("Note: %@", note))
        }
        var output = try await show(CityMap(city: CityReference(id: city.id, name: city.name)), context: context)
        // A size asked for is a map to print, not one to fill the window with.
        if asked.width != nil || asked.height != nil { output.fullScreen = nil }
        return output
    }

    func resultsOutput(_ browser: CityBrowser, context: CommandContext) -> CommandOutput {
        guard let results = browser.state.results else {
            return CommandOutput(text: words(context)("No search yet: 'search PREFIX' starts one."))
        }
        return CommandOutput(
            text: MapViews.results(
                results, painter: context.painter, width: context.terminal.width, hints: !context.isOneShot,
                words: words(context)),
            json: SearchDocument(results))
    }

    func mapOutput(_ browser: CityBrowser, context: CommandContext) async -> CommandOutput {
        let words = words(context)
        guard browser.state.map != nil else { return CommandOutput(text: words("No map yet: 'map CITY' draws one.")) }
        if geography == nil {
            geography =
                ResourceLocator.url(bundle: "MapFeature_MapFeature", file: "world.skygeo")
                .flatMap { try? GeoData(contentsOf: $0) } ?? .empty
        }
        guard let rendered = await browser.renderedMap(geography: geography, footer: footerWords(words)),
            let map = browser.state.map
        else {
            return CommandOutput(text: words("No map yet: 'map CITY' draws one."))
        }
        if map.weather, let problem = browser.state.weatherProblem {
            context.notice(words("Note: the map's weather is unavailable: %@", problem.message(words)))
        }
        let currents = map.weather ? browser.state.currents : [:]
        let router = context.router
        // Read once for the title and the full screen's footer.
        let localNames = LocalNames.builtIn(context.language)
        let screen = MapScreen(
            browser: browser, geography: geography ?? .empty, words: words, places: placeWords(context),
            footer: footerWords(words), localNames: localNames
        ) { city in
            // A search moved the map: the prompt names the city it shows now.
            if router.top(as: CityMap.self) != nil { router.pop(through: CityMap.self) }
            router.push(CityMap(city: CityReference(id: city.id, name: city.name)))
        }
        var titled = map
        titled.city = map.city?.named(in: localNames)
        return CommandOutput(
            text: MapViews.map(
                titled, rendered: rendered, painter: context.painter, unit: browser.state.temperatureUnit,
                hints: !context.isOneShot,
                warnings: map.alerts
                    ? MapViews.warningLines(
                        browser.state.mapWarnings, now: now(), painter: context.painter,
                        width: rendered.lines.first.map { DisplayWidth.columns(of: $0) } ?? context.terminal.width,
                        words: words)
                    : []),
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
                    browser.state.alsoCalled.flatMap { $0.chosen == map.city?.id ? $0.cities : nil } ?? []),
                warnings: map.alerts ? MapDocument.Warning.list(browser.state.mapWarnings, now: now()) : nil,
                warningsNote: map.alerts ? MapDocument.warningsNote(browser.state.mapWarnings, now: now()) : nil),
            fullScreen: screen)
    }

    /// Progress of a long list operation on standard error (on a terminal only).
    func progressReporter(_ context: CommandContext) -> CityListClient.Progress {
        let progress = context.progress, words = words(context)
        return { phase, fraction in progress.update(Self.label(phase, words), fraction: fraction) }
    }

    /// The list model's notices, shown once; its problem as the command's error.
    func report(_ context: CommandContext) throws(CommandError) {
        let words = words(context)
        for notice in list.state.notices { context.notice(words("Note: %@", TerminalText.sanitize(words(notice)))) }
        if let error = list.state.commandError(words) { throw error }
    }

    func listInfo(_ context: CommandContext) async throws(CommandError) -> CommandOutput {
        await list.send(.infoRequested(progress: progressReporter(context)))
        context.progress.finish()
        try report(context)
        guard let info = list.state.info else {
            throw .failure("catalogue", words(context)("The city list is not open."))
        }
        return CommandOutput(
            text: MapViews.listInfo(
                info, painter: context.painter, width: context.terminal.width, words: words(context)),
            json: ListInfoDocument(info))
    }

    func reload(_ context: CommandContext, toBuiltIn: Bool = false) async throws(CommandError) -> CommandOutput {
        await list.send(.replaceRequested(toBuiltIn: toBuiltIn, progress: progressReporter(context)))
        context.progress.finish()
        try report(context)
        let words = words(context)
        guard let report = list.state.replaced else {
            throw .failure("catalogue", words("The city list was not loaded."))
        }
        // The browser read the list that was replaced: the next command opens the new one.
        browser = nil
        context.router.pop(through: SearchResults.self)
        var text =
            report.source == "built-in"
            ? words.count("Loaded %lld cities (the built-in list).", report.count)
            : words.count("Loaded %lld cities (%2$@).", report.count, TerminalText.sanitize(report.source))
        if report.skipped > 0 {
            text +=
                " "
                + words.count(
                    "%lld broken entries were left out (first: %2$@).", report.skipped,
                    TerminalText.sanitize(report.firstProblem ?? "?"))
        }
        return CommandOutput(text: text, json: ReloadDocument(report))
    }
}
