import Architecture
import Astronomy
import CitiesService
import Contracts
import CoreKit
import Foundation
import Localization

/// The sky of a place on a day, as the feature's own destination: what to compute again when it is shown after
/// `back`.
public struct SkyPage: Destination {
    public static let feature = "Sky"
    /// What finds the place again: `#ID` or `lat,lon`.
    public var place: String
    public var name: String
    /// `YYYY-MM-DD`, or `YYYY-MM` for a month of phases.
    public var date: String
    public var isMonth: Bool
    /// `moon`: the Moon alone.
    public var isMoonOnly: Bool

    public var title: String? { name }
}

/// Sun and Moon for any place and date, computed offline, as a plugin of the App. This file is the feature's whole
/// public API (with `SkyPage`, above).
///
/// `sky [PLACE] [--date DATE]`, `moon [PLACE] [--date DATE]`, `moon --month [YYYY-MM] [PLACE]`. With no place: the
/// city on screen (a city's page, map or weather, shown by another feature), else the last place asked for. See
/// `docs/features/sky.md`.
@MainActor
public final class SkyPlugin: FeaturePlugin {
    private let model: SkyModel

    /// - Parameters:
    ///   - catalogue: the city list, to find places by name offline (and their time zones).
    ///   - settings: where the last place is kept (`SettingsClient.sqlite` in the App).
    ///   - now: the clock.
    ///   - defaultPlace: where every feature starts before any place was shown (the `place` setting; Toronto).
    public init(
        catalogue: CityListClient, settings: SettingsClient, now: @escaping @Sendable () -> Date,
        defaultPlace: String? = nil
    ) {
        self.model = SkyModel(
            finder: PlaceFinder(catalogue: catalogue), settings: settings, now: now, defaultPlace: defaultPlace)
    }

    public var name: String { "Sky" }
    public var words: StringCatalogSource? { model.catalogue }
    public var routes: [RouteSpec] { [RouteSpec(SkyPage.self, label: "sky")] }

    public var attributions: [Attribution] {
        [
            Attribution(
                "Sun and Moon", detail: "computed with the algorithms of Jean Meeus, Astronomical Algorithms (1998)",
                licence: "no data used"),
            Attribution(
                "Time zones",
                detail: "GeoNames; timezonefinder 9.0.0 with timezone-boundary-builder's boundaries",
                licence: "CC BY 4.0; MIT; ODbL"),
        ]
    }

    /// Its commands, one type each (`Commands/`).
    public var commands: [RegisteredCommand] {
        [RegisteredCommand(SkyCommand.self, on: model), RegisteredCommand(MoonCommand.self, on: model)]
    }

    public func present(
        _ destination: AnyDestination, context: CommandContext
    ) async throws(CommandError) -> CommandOutput {
        guard let page = destination.as(SkyPage.self) else { return .empty }
        if page.isMonth {
            await model.send(.monthRequested(place: page.place, month: page.date, onScreen: nil))
        } else {
            await model.send(.skyRequested(place: page.place, date: page.date, onScreen: nil))
        }
        let output = SkyOutput(model, context)
        try output.checkProblem()
        return output.rendered(moonOnly: page.isMoonOnly)
    }
}
