import Architecture
import CitiesService
import Foundation
import Localization
import WeatherAlerts
import WeatherService

/// Official warnings (tornado, storm, flood, heat) from the national services, as a plugin of the App. This file is
/// the feature's whole public API.
///
/// `alerts [PLACE] [--fail-on LEVEL] [--refresh]`. With no place: the last place any feature showed, else the default
/// place. See `docs/features/alerts.md`.
@MainActor
public final class AlertsPlugin: FeaturePlugin {
    private let model: AlertsModel

    /// - Parameters:
    ///   - alerts: the official warnings (`AlertsLookup` over the live services and the answers kept; the App's one,
    ///     which the weather's views and the map use too).
    ///   - catalogue: the city list, to find places by name offline (their country says which service covers them).
    ///   - places: the last place any feature showed, else the default place.
    ///   - now: the clock.
    public init(
        alerts: AlertsLookup, catalogue: CityListClient, places: PlaceMemory, now: @escaping @Sendable () -> Date
    ) {
        model = AlertsModel(lookup: alerts, finder: PlaceFinder(catalogue: catalogue), places: places, now: now)
    }

    public var name: String { "Alerts" }
    public var words: StringCatalogSource? { model.catalogue }
    public var routes: [RouteSpec] { [] }

    public var commands: [RegisteredCommand] { [RegisteredCommand(AlertsCommand.self, on: model)] }

    public var attributions: [Attribution] {
        [
            Attribution(
                "National Weather Service", detail: "warnings for the United States (api.weather.gov)",
                licence: "public domain (US Government)"),
            Attribution(
                "Environment and Climate Change Canada", detail: "warnings for Canada (MSC GeoMet, api.weather.gc.ca)",
                licence: "Environment and Climate Change Canada Data Servers End-use Licence"),
            Attribution(
                "MET Norway", detail: "warnings for Norway (MetAlerts 2.0, api.met.no)",
                licence: "CC BY 4.0 and NLOD 2.0"),
            Attribution(
                "MeteoAlarm (EUMETNET)",
                // Which countries: `alerts` says where a place is not covered; the JSON's `covered`.
                detail: "warnings for most European countries, from their national weather services",
                licence: "free to reuse with attribution"),
        ]
    }
}
