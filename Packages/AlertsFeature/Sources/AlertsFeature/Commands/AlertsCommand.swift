import Architecture
import CitiesService
import Contracts
import CoreKit
import Foundation
import Localization
import WeatherAlerts

/// `alerts [PLACE] [--fail-on LEVEL] [--refresh]`: the official warnings in force and announced for a place.
struct AlertsCommand: FeatureCommand {
    static let place = Argument.remainder(
        "place",
        help: "A city name ('Tulsa', 'Bergen, NO'), #ID or lat,lon; the city on screen or the last one when left out",
        completion: .placeNames)
    static let failOn = Argument.option(
        "fail-on", value: "LEVEL",
        help:
            "Exit with status 4 when a warning at or above this level is in force: moderate (yellow), severe (orange) or extreme (red)",
        completion: .values(["moderate", "severe", "extreme"]))
    static let refresh = Argument.flag(
        "refresh", help: "Ask the service now, even if its last answer is still fresh (it says for how long)")
    static let full = Argument.flag("full", help: "Every warning's whole description (else its first four lines)")
    static let declaration = CommandDeclaration(
        "alerts", arguments: [place, failOn, refresh, full],
        summary: "Official warnings for a place: tornado, storm, flood, heat; in force and announced",
        discussion: """
            From the national services: the United States (National Weather Service), Canada (Environment \
            Canada), Norway (MET Norway) and the other European countries of MeteoAlarm. The most severe first, \
            in the service's own colours; times in the place's own time. MeteoAlarm names areas, not points: its \
            warnings are matched to the place's name or its region's, and the area is always said. A place no \
            service covers is said to be one, never "no warnings"; when the service cannot be asked, its last \
            answer is shown with its age (exit status 3). With --fail-on, a place no service covers, or one \
            MeteoAlarm names no area for while its country has warnings, exits 69: nothing can be watched there.
            """,
        examples: [
            "alerts", "alerts Tulsa --full", "alerts Bergen, NO --refresh", "alerts 35.47,-97.52 --fail-on severe",
        ])

    var place: String
    var failOn: AlertSeverity?
    /// A `--fail-on` value that names no level: refused by `run`, in the user's words.
    var unknownLevel: String?
    var refresh: Bool
    var full: Bool

    init(arguments: ParsedArguments) {
        place = arguments[Self.place] ?? ""
        refresh = arguments[Self.refresh]
        full = arguments[Self.full]
        failOn = arguments[Self.failOn].flatMap(Self.level)
        unknownLevel = arguments[Self.failOn].flatMap { Self.level($0) == nil ? $0 : nil }
    }

    /// `severe`, or the European colour for it (`orange`).
    static func level(_ text: String) -> AlertSeverity? {
        switch text.lowercased() {
        case "moderate", "yellow": .moderate
        case "severe", "orange": .severe
        case "extreme", "red": .extreme
        default: nil
        }
    }

    func run(_ model: AlertsModel, context: CommandContext) async throws(CommandError) -> CommandOutput {
        let words = Words(model.catalogue, language: context.language)
        if let text = unknownLevel {
            throw .usage(
                words(
                    "--fail-on takes moderate, severe or extreme (or yellow, orange, red), not '%@'.",
                    text.terminalPreview))
        }
        // A city's page, map or weather on screen (another feature's): that city.
        let router = context.router
        let onScreen =
            router.top(as: CityPage.self)?.city.id ?? router.top(as: CityMap.self)?.city.id
            ?? router.top(as: CityWeather.self)?.city?.id
        await model.send(
            .alertsRequested(place, forceRefresh: refresh, onScreen: onScreen, language: context.language.code))
        // The note and the place's problems are the city list's, in its catalogue's words.
        let places = Words(model.placeCatalogue, language: context.language)
        if let note = model.state.defaultPlaceNote?.text(places) { context.notice(words("Note: %@", note)) }
        let state = model.state
        if let problem = state.problem { throw problem.commandError(words, places: places) }
        guard let place = state.place else { return .empty }
        let width = context.terminal.width
        switch state.alerts {
        case .loaded(let shown):
            let now = model.now()
            let inForce = shown.report.alerts.shown(at: now).filter { $0.isInForce(at: now) }
            let alarm = failOn.map { level in inForce.contains { $0.severity >= level } } ?? false
            // MeteoAlarm has warnings in the country and none for an area of the place's name: a script watching
            // for warnings cannot be told "none".
            if failOn != nil, shown.report.isUnmatched(at: now) {
                throw .failure(
                    "not_matched",
                    words(
                        "Whether %1$@ is under a warning cannot be told: no area under a MeteoAlarm warning is named as it is ('alerts %2$@' lists them).",
                        AlertsViews.name(place), place.name),
                    kind: .unavailable)
            }
            let frame = AlertsViews.Frame(width: width, painter: context.painter, words: words)
            return CommandOutput(
                text: AlertsViews.report(
                    shown, place: place, areaNames: state.areaNames, now: now, frame: frame, full: full),
                json: AlertsDocument(place: place, country: state.country, shown: shown, now: now),
                isOld: shown.isStale, isAlarm: alarm)
        case .failed(.notCovered(let country)):
            let error = AlertError.notCovered(country: country)
            let message = error.message(words)
            // A script watching for warnings cannot be told "none" for a place nobody watches.
            if failOn != nil { throw .failure("not_covered", message, kind: .unavailable) }
            // The JSON's problem is in English, whatever the language.
            return CommandOutput(
                text: AlertsViews.notCovered(message, width: width),
                json: AlertsDocument(place: place, country: state.country, notCovered: error.message(.english())))
        case .failed(let error):
            throw error.commandError(words)
        case .idle, .loading:
            return .empty
        }
    }
}
