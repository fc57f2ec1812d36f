import Architecture
import Astronomy
import CitiesService
import Contracts
import CoreKit
import Foundation

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
/// public API.
///
/// `sky [PLACE] [--date DATE]`, `moon [PLACE] [--date DATE]`, `moon --month [YYYY-MM] [PLACE]`. With no place: the
/// city on screen (a city's page, map or weather, shown by another feature), else the last place asked for. See
/// `docs/features/sky.md`.
@MainActor
public final class SkyPlugin: FeaturePlugin {
    private let model: SkyModel
    private let now: @Sendable () -> Date
    private let cityNames: Completion

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
        self.now = now
        self.cityNames = .words { [catalogue] before, prefix in catalogue.nameCompletions(before, prefix) }
    }

    public var name: String { "Sky" }
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

    public var commands: [CommandSpec] {
        let place = ArgumentSpec.remainder(
            "place",
            help:
                "A city name ('Tromsø', 'Paris, TX, US'), #ID or lat,lon; the city on screen or the last one when left out",
            completion: cityNames)
        let date = ArgumentSpec.option(
            "date", value: "DATE", help: "YYYY-MM-DD (1900 to 2100), today, tomorrow or yesterday; today when left out",
            completion: .values(["today", "tomorrow", "yesterday"]))
        return [
            CommandSpec(
                "sky", arguments: [place, date],
                summary: "Sun and moon: twilights, sunrise, noon, sunset, day length, moon phase, rise and set",
                discussion: """
                    Computed offline from published algorithms (Meeus; within a minute of the U.S. Naval Observatory's \
                    tables for the Sun, three for the Moon), in the place's own time zone. Sunrise and sunset are the \
                    upper limb at −0.833°; civil, nautical and astronomical twilight end at −6°, −12° and −18°. The \
                    timeline shows the day from midnight to midnight; the moon is drawn lit as it looks from the place \
                    (mirrored in the southern hemisphere).
                    """,
                examples: ["sky", "sky Tromsø --date 2026-12-21", "sky Sydney", "sky 78.22,15.65 --date tomorrow"]),
            CommandSpec(
                "moon",
                arguments: [
                    place, date,
                    .flag("month", help: "A calendar of the phases of a month: YYYY-MM after it, this month without"),
                ],
                summary: "The moon: phase, light, age, rise and set, next new and full moon; --month for a calendar",
                examples: ["moon", "moon Sydney", "moon --month", "moon --month 2026-12 Sydney"]),
        ]
    }

    public func run(_ invocation: Invocation, context: CommandContext) async throws(CommandError) -> CommandOutput {
        defer { if let note = model.state.defaultPlaceNote { context.notice("Note: " + note) } }
        let arguments = invocation.arguments
        var place = arguments["place"] ?? ""
        let onScreen = Self.cityOnScreen(context.router)
        switch invocation.command.name {
        case "moon" where arguments.flag("month"):
            if arguments["date"] != nil { throw .usage("--month takes a month (YYYY-MM), not --date.") }
            // `moon --month 2026-12 Sydney`: a YYYY-MM word first or last is the month, the rest the place.
            var words = place.split(separator: " ").map(String.init)
            var month: String?
            if let first = words.first, Self.looksLikeMonth(first) {
                month = words.removeFirst()
            } else if let last = words.last, Self.looksLikeMonth(last) {
                month = words.removeLast()
            }
            place = words.joined(separator: " ")
            await model.send(.monthRequested(place: place, month: month, onScreen: onScreen))
        default:
            await model.send(.skyRequested(place: place, date: arguments["date"], onScreen: onScreen))
        }
        try checkProblem()
        guard let shown = model.state.place else { return .empty }
        let date =
            model.state.sky?.day.isoDate
            ?? model.state.month.map { String(format: "%04d-%02d", $0.year, $0.month) } ?? ""
        let destination = SkyPage(
            place: shown.id.map { "#\($0)" } ?? "\(shown.latitude),\(shown.longitude)", name: shown.name, date: date,
            isMonth: model.state.month != nil, isMoonOnly: invocation.command.name == "moon")
        if context.router.top(as: SkyPage.self) != nil { context.router.pop() }
        context.router.push(destination)
        return render(context, moonOnly: invocation.command.name == "moon")
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
        try checkProblem()
        return render(context, moonOnly: page.isMoonOnly)
    }

    // MARK: - Steps

    /// The city another feature shows: a city's page or map, or its weather.
    static func cityOnScreen(_ router: Router) -> Int? {
        router.top(as: CityPage.self)?.city.id ?? router.top(as: CityMap.self)?.city.id
            ?? router.top(as: CityWeather.self)?.city?.id
    }

    static func looksLikeMonth(_ word: String) -> Bool {
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2 && parts[0].count == 4 && parts[1].count <= 2
            && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    private func checkProblem() throws(CommandError) {
        guard let problem = model.state.problem else { return }
        switch problem {
        case .notFound(let message): throw .failure("not_found", message, kind: .unknownPlace)
        case .invalid(let message): throw .usage(message)
        case .badDate(let message): throw .usage(message)
        case .catalogue(let message): throw .failure("catalogue", message)
        case .storage(let message): throw .failure("storage", message)
        }
    }

    private func render(_ context: CommandContext, moonOnly: Bool) -> CommandOutput {
        let state = model.state
        guard let place = state.place else { return .empty }
        let width = context.terminal.width, painter = context.painter
        // One line when another place was nearly as likely meant (the JSON lists every alternative).
        let also = place.closeRunnerUp.map { "\n" + painter.paint($0.alsoLine(fitting: width), .dim) } ?? ""
        if let month = state.month {
            return CommandOutput(
                text: SkyViews.month(month, place: place, width: width, painter: painter) + also,
                json: MonthDocument(month, place: place))
        }
        guard let sky = state.sky else { return .empty }
        if moonOnly {
            return CommandOutput(
                text: SkyViews.moonDay(sky, place: place, width: width, painter: painter) + also,
                json: SkyDocument(sky, place: place, includeSun: false))
        }
        return CommandOutput(
            text: SkyViews.day(sky, place: place, today: state.today, now: now(), width: width, painter: painter)
                + also,
            json: SkyDocument(sky, place: place))
    }
}
