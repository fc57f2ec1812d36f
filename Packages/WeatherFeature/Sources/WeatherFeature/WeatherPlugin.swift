import Architecture
import CitiesService
import Contracts
import CoreKit
import Foundation
import Localization
import Logging
import WeatherAlerts
import WeatherService

/// The weather, as a plugin of the App: with `UnitDefaults` (Units.swift, the configured units it starts from), the
/// feature's whole public API.
///
/// `weather`, `hourly`, `forecast` for any place (a name, `#ID`, `lat,lon`), `unit`, `presets`, `air`, `compare`,
/// `refresh`, `favorites`; in the weather view also `fav`, `unfav` (one type each in `Commands/`). It shows
/// `CityWeather` (a contract), which the map opens for a city. See `docs/features/weather.md`.
@MainActor
public final class WeatherPlugin: FeaturePlugin {

    private let model: WeatherModel

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
    ///   - alerts: the official warnings, shown at the top of the views and marked in `favorites` (nil: none).
    ///   - climate: the usual weather of places (Open-Meteo's historical weather in the App; nil: `normals` is not
    ///     offered an answer and no view compares with the usual).
    ///   - climateCache: where normals are kept, for months (`AnswerCache.sqlite` in the App).
    ///   - ensemble: the spread of an ensemble's runs (`forecast --range`; Open-Meteo's ensemble API in the App).
    ///   - ensembleCache: where ensembles are kept, an hour.
    public init(
        client: WeatherClient, fallback: WeatherClient? = nil, catalogue: CityListClient, favorites: FavoritesClient,
        cache: WeatherCacheClient, settings: SettingsClient, dataDirectory: URL, now: @escaping @Sendable () -> Date,
        air: AirQualityClient = .failing(.notConfigured("No air-quality source is set up.")),
        airCache: AnswerCache<AirQuality> = .inMemory(),
        today: TodayClient = .failing(.notConfigured("No source for several places at once is set up.")),
        unitDefaults: UnitDefaults = UnitDefaults(), defaultPlace: String? = nil,
        logger: Logger = Logger(label: "skylens.weather"), alerts: AlertsLookup? = nil,
        climate: ClimateClient? = nil, climateCache: AnswerCache<ClimateNormals> = .inMemory(),
        ensemble: EnsembleClient? = nil, ensembleCache: AnswerCache<EnsembleForecast> = .inMemory()
    ) {
        let repository = WeatherRepository(
            client: client, fallback: fallback, cache: cache, now: now, logger: logger)
        self.model = WeatherModel(
            repository: repository, air: AirRepository(client: air, cache: airCache, now: now), today: today,
            cities: { () async throws(CatalogueError) -> CityDirectory in try await catalogue.open(nil) },
            settings: settings, favorites: favorites,
            dataDirectory: dataDirectory, now: now, unitDefaults: unitDefaults, defaultPlace: defaultPlace,
            alerts: alerts,
            normals: climate.map { NormalsRepository(client: $0, cache: climateCache, now: now) },
            ensemble: ensemble.map { EnsembleRepository(client: $0, cache: ensembleCache, now: now) })
    }

    public var name: String { "Weather" }
    public var words: StringCatalogSource? { model.catalogue }
    public var routes: [RouteSpec] { [RouteSpec(CityWeather.self, label: "weather")] }

    public var attributions: [Attribution] {
        [
            Attribution("Weather", detail: "Weather data by Open-Meteo.com", licence: "CC BY 4.0"),
            Attribution(
                "Weather (with --provider openweathermap)", detail: "OpenWeatherMap",
                licence: "CC BY-SA 4.0, © OpenWeather"),
        ]
    }

    /// Its commands, one type each (`Commands/`).
    public var commands: [RegisteredCommand] {
        [
            RegisteredCommand(WeatherCommand.self, on: model), RegisteredCommand(HourlyCommand.self, on: model),
            RegisteredCommand(ForecastCommand.self, on: model), RegisteredCommand(UnitCommand.self, on: model),
            RegisteredCommand(AirCommand.self, on: model), RegisteredCommand(CompareCommand.self, on: model),
            RegisteredCommand(PresetsCommand.self, on: model), RegisteredCommand(RefreshCommand.self, on: model),
            RegisteredCommand(FavCommand.self, on: model), RegisteredCommand(UnfavCommand.self, on: model),
            RegisteredCommand(FavoritesCommand.self, on: model), RegisteredCommand(RainCommand.self, on: model),
            RegisteredCommand(NormalsCommand.self, on: model),
        ]
    }

    public func present(
        _ destination: AnyDestination, context: CommandContext
    ) async throws(CommandError)
        -> CommandOutput
    {
        try await model.answer(context) { () async throws(CommandError) -> CommandOutput in
            // Opened by another feature (the map) for a city: fetched if it is not the one on screen.
            if let id = destination.as(CityWeather.self)?.city?.id {
                await model.send(.cityOpened(id: id))
                try model.checkProblem()
                if case .failed(let error) = model.state.weather {
                    throw error.commandError(WeatherOutput(model, context).words)
                }
            }
            return WeatherOutput(model, context).rendered()
        }
    }

    public func sessionStarted(context: CommandContext) async {
        // The favourites' warnings are refreshed in the session's language (the services that write several).
        model.language = context.language
        await model.send(.sessionStarted)
    }

    public func sessionEnded() async { await model.send(.sessionEnded) }
}
