import Architecture
import Astronomy
import CitiesService
import Contracts
import CoreKit
import Foundation
import Localization

extension SkyModel.Problem {
    /// What the user is told, in their language, and the exit status a script can act on.
    func commandError(_ words: Words, places: Words) -> CommandError {
        switch self {
        case .notFound(let problem): .failure("not_found", problem.message(places), kind: .unknownPlace)
        case .invalid(let problem): .usage(problem.message(places))
        case .badDate(let problem): .usage(problem.message(words))
        case .catalogue(let reason): .failure("catalogue", words(reason))
        case .storage(let reason): .failure("storage", words(reason))
        }
    }
}

extension SkyModel.DateProblem {
    func message(_ words: Words) -> String {
        switch self {
        case .notADate(let text):
            words("A date is YYYY-MM-DD (2026-12-21), today, tomorrow or yesterday; not '%@'.", text)
        case .notAMonth(let text): words("A month is YYYY-MM (2026-12); not '%@'.", text)
        case .outsideYears(let year):
            words("The sky is computed for the years 1900 to 2100; %@ is outside them.", String(year))
        case .noMonth(let text, let month, isMonth: false):
            words("%1$@ is not a date: there is no month %2$@.", text, words.number(month))
        case .noMonth(let text, let month, isMonth: true):
            words("%1$@ is not a month: there is no month %2$@.", text, words.number(month))
        case .noDay(let text, let year, let month, let length):
            words(
                "%1$@ is not a date: %2$@ has %3$@ days.", text,
                words.monthAndYear(
                    Date(
                        timeIntervalSince1970: Double(CivilDate.daysSince1970(year: year, month: month, day: 15))
                            * 86_400),
                    TimeZone(identifier: "UTC")!), words.number(length))
        case .skipped(let text, let zone):
            words("%1$@ did not happen in %2$@: its clocks skipped that day.", text, zone)
        }
    }
}

/// The model's state as a command's output (text, JSON), in the sky view.
@MainActor
struct SkyOutput {
    let model: SkyModel
    let context: CommandContext

    init(_ model: SkyModel, _ context: CommandContext) {
        self.model = model
        self.context = context
    }

    /// The feature's words in the user's language.
    var words: Words { Words(model.catalogue, language: context.language) }
    /// The city list's words (place messages) in that language.
    var placeWords: Words { Words(model.placeCatalogue, language: context.language) }

    /// The note said when the default place was used, in the user's language.
    func startNote() {
        if let note = model.state.defaultPlaceNote?.text(placeWords) { context.notice(words("Note: %@", note)) }
    }

    /// The city another feature shows: a city's page or map, or its weather.
    static func cityOnScreen(_ router: Router) -> Int? {
        router.top(as: CityPage.self)?.city.id ?? router.top(as: CityMap.self)?.city.id
            ?? router.top(as: CityWeather.self)?.city?.id
    }

    func checkProblem() throws(CommandError) {
        if let problem = model.state.problem { throw problem.commandError(words, places: placeWords) }
    }

    /// What was asked, in the sky view (one on the stack at a time).
    func shown(moonOnly: Bool) throws(CommandError) -> CommandOutput {
        try checkProblem()
        guard let shown = model.state.place else { return .empty }
        let date =
            model.state.sky?.day.isoDate
            ?? model.state.month?.isoMonth ?? ""
        let destination = SkyPage(
            place: shown.id.map { "#\($0)" } ?? "\(shown.latitude),\(shown.longitude)", name: shown.name, date: date,
            isMonth: model.state.month != nil, isMoonOnly: moonOnly)
        if context.router.top(as: SkyPage.self) != nil { context.router.pop(through: SkyPage.self) }
        context.router.push(destination)
        return rendered(moonOnly: moonOnly)
    }

    func rendered(moonOnly: Bool) -> CommandOutput {
        let state = model.state
        guard let place = state.place else { return .empty }
        // The views say the place's own name in the language where it has one (東京); the JSON keeps the listed name.
        let named = place.named(in: LocalNames.builtIn(context.language))
        let width = context.terminal.width, painter = context.painter
        let frame = SkyViews.Frame(width: width, painter: painter, words: words)
        // One line when another place was nearly as likely meant (the JSON lists every alternative).
        let also =
            place.closeRunnerUp.map { "\n" + painter.paint($0.alsoLine(fitting: width, words: placeWords), .dim) } ?? ""
        if let month = state.month {
            return CommandOutput(
                text: SkyViews.month(month, place: named, frame: frame) + also,
                json: MonthDocument(month, place: place))
        }
        guard let sky = state.sky else { return .empty }
        if moonOnly {
            return CommandOutput(
                text: SkyViews.moonDay(sky, place: named, frame: frame) + also,
                json: SkyDocument(sky, place: place, includeSun: false))
        }
        return CommandOutput(
            text: SkyViews.day(sky, place: named, today: state.today, now: model.now(), frame: frame)
                + also,
            json: SkyDocument(sky, place: place))
    }
}
