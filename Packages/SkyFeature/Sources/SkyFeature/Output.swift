import Architecture
import Astronomy
import CitiesService
import Contracts
import CoreKit
import Foundation

extension SkyModel.Problem {
    /// What the user is told, and the exit status a script can act on.
    var commandError: CommandError {
        switch self {
        case .notFound(let message): .failure("not_found", message, kind: .unknownPlace)
        case .invalid(let message): .usage(message)
        case .badDate(let message): .usage(message)
        case .catalogue(let message): .failure("catalogue", message)
        case .storage(let message): .failure("storage", message)
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

    /// The city another feature shows: a city's page or map, or its weather.
    static func cityOnScreen(_ router: Router) -> Int? {
        router.top(as: CityPage.self)?.city.id ?? router.top(as: CityMap.self)?.city.id
            ?? router.top(as: CityWeather.self)?.city?.id
    }

    func checkProblem() throws(CommandError) {
        if let problem = model.state.problem { throw problem.commandError }
    }

    /// What was asked, in the sky view (one on the stack at a time).
    func shown(moonOnly: Bool) throws(CommandError) -> CommandOutput {
        try checkProblem()
        guard let shown = model.state.place else { return .empty }
        let date =
            model.state.sky?.day.isoDate
            ?? model.state.month.map { String(format: "%04d-%02d", $0.year, $0.month) } ?? ""
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
            text: SkyViews.day(sky, place: place, today: state.today, now: model.now(), width: width, painter: painter)
                + also,
            json: SkyDocument(sky, place: place))
    }
}
