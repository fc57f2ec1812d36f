import Architecture
import CitiesService
import Contracts
import CoreKit
import Foundation
import WeatherAlerts
import WeatherService

extension WeatherModel {
    /// Runs a command's work, the kept units read first; the note that the default place was used is told once,
    /// whatever the outcome.
    func answer(
        _ context: CommandContext, _ work: () async throws(CommandError) -> CommandOutput
    ) async throws(CommandError) -> CommandOutput {
        await send(.started)
        defer { if let note = state.defaultPlaceNote { context.notice("Note: " + note) } }
        return try await work()
    }

    /// The last action's problem, as the command's error.
    func checkProblem() throws(CommandError) {
        if let problem = state.problem { throw problem.commandError }
    }
}

/// The model's state as a command's output: text from the views, the JSON document, whether it is old. What a
/// command returns after its action; it moves the router to the weather view when weather is shown.
@MainActor
struct WeatherOutput {
    let model: WeatherModel
    let context: CommandContext

    init(_ model: WeatherModel, _ context: CommandContext) {
        self.model = model
        self.context = context
    }

    var state: WeatherModel.State { model.state }

    var frame: WeatherViews.Frame {
        WeatherViews.Frame(
            units: state.units, now: model.now(), painter: context.painter, width: context.terminal.width,
            interactive: !context.isOneShot)
    }

    /// The weather fetched, in the weather view (one on the stack at a time).
    func shown() throws(CommandError) -> CommandOutput {
        try model.checkProblem()
        if case .failed(let error) = state.weather { throw error.commandError }
        showPlace()
        return rendered()
    }

    /// The weather view of the place on top of the router (one on the stack at a time).
    func showPlace() {
        guard let location = state.place?.location else { return }
        let destination =
            location.id.map { CityWeather(city: CityReference(id: $0, name: location.name)) }
            ?? CityWeather(coordinatesNamed: location.name)
        if context.router.top(as: CityWeather.self) != nil { context.router.pop(through: CityWeather.self) }
        context.router.push(destination)
    }

    /// The view of the state as it is (the mode last asked for).
    func rendered() -> CommandOutput {
        // `forecast --range`: the ensemble is what is shown (no forecast was asked).
        if state.mode == .forecast, state.options.range != nil, let ensemble = state.ensemble.value {
            return rangeOutput(ensemble)
        }
        guard let shown = state.weather.value else {
            return CommandOutput(text: state.weather.failure?.message ?? "No weather yet: 'weather PLACE' fetches it.")
        }
        let frame = frame
        let note = state.forecastNote(now: frame.now)
        let text: String =
            switch state.mode {
            case .current:
                WeatherViews.current(
                    shown, place: state.place, almanac: state.almanac, frame: frame,
                    normals: state.normals.value?.normals)
            case .hourly:
                WeatherViews.hourly(
                    shown, place: state.place, step: state.options.step, frame: frame,
                    ensemble: state.options.range == nil ? nil : state.ensemble)
            case .forecast:
                WeatherViews.forecast(
                    shown, place: state.place, days: state.options.days, frame: frame, note: note,
                    normals: state.normals.value?.normals)
            case .parts: WeatherViews.parts(shown, place: state.place, frame: frame)
            case .rain: WeatherViews.rain(shown, place: state.place, within: state.options.within, frame: frame)
            case .panels: WeatherViews.panels(shown, place: state.place, frame: frame, days: state.options.days)
            case .normals:
                state.normals.value.map {
                    WeatherViews.normals(shown, normals: $0.normals, place: state.place, frame: frame)
                } ?? ""
            }
        // A warning in force: one line at the top, whatever the view.
        let warning = WeatherViews.warningLine(
            state.warnings, utcOffset: shown.report.utcOffset,
            zone: state.place.flatMap { TimeZone(identifier: $0.timeZone) }, frame: frame)
        return CommandOutput(
            text: warning.map { $0 + "\n" + text } ?? text,
            json: WeatherDocument(state, shown: shown, now: frame.now, note: note),
            isOld: shown.isOld(now: frame.now))
    }

    /// What one line is made of: the weather shown, a frame without colour, the most severe warning in force; nil
    /// when nothing was fetched.
    private func lineParts() throws(CommandError) -> (
        shown: WeatherRepository.Shown, frame: WeatherViews.Frame, warning: WeatherAlert?
    )? {
        try model.checkProblem()
        if case .failed(let error) = state.weather { throw error.commandError }
        guard let shown = state.weather.value else { return nil }
        var frame = frame
        frame.painter = Painter(enabled: false)
        return (shown, frame, state.warnings?.inForce(at: frame.now).first)
    }

    /// `--line` or `--template`: one line for a status bar or a script.
    func oneLine(template: String?) throws(CommandError) -> CommandOutput {
        guard let (shown, frame, warning) = try lineParts() else { return .empty }
        let line =
            template.map {
                WeatherViews.template(
                    $0, shown, place: state.place, almanac: state.almanac, frame: frame, warning: warning)
            } ?? WeatherViews.line(shown, place: state.place, frame: frame, warning: warning)
        return CommandOutput(
            text: line, json: LineDocument(line: line, state: state, shown: shown, now: frame.now),
            isOld: shown.isOld(now: frame.now))
    }

    /// `--line --format BAR`: what the bar reads, written as it is whatever the session's format; exit 0 whenever it
    /// is written (a bar hides or reddens a script that fails), the data's age in its class and tooltip.
    func statusBar(_ bar: StatusBar) throws(CommandError) -> CommandOutput {
        guard let (shown, frame, warning) = try lineParts() else { return .empty }
        let content = WeatherViews.barContent(shown, place: state.place, frame: frame, warning: warning)
        return CommandOutput(text: WeatherViews.bar(bar, content), isOwnFormat: true)
    }

    /// `rain [PLACE] [--within D]`: the view, its document, and with `--within` a yes or a no (exit 0 or 1); a no
    /// is never said where the forecast kept does not reach that far (exit 69).
    func rain() throws(CommandError) -> CommandOutput {
        let output = try shown()
        let within = state.options.within
        guard let shown = state.weather.value else {
            if within != nil { throw WeatherError.notConfigured("No forecast to answer from.").commandError }
            return output
        }
        let frame = frame
        let span = within ?? 2 * 3600
        let outlook = RainOutlook(shown.report, now: frame.now, horizon: max(span, 2 * 3600))
        let deadline = frame.now.addingTimeInterval(span)
        let expected = outlook.expected(before: deadline)
        // A script reads only the status: an old forecast must not pass for a current one.
        if within != nil, shown.isOld(now: frame.now) {
            throw .failure(
                "rain_unknown",
                "Cannot tell whether it rains within \(WeatherViews.span(span)): the forecast kept is "
                    + "\(WeatherViews.shortAge(shown.age(now: frame.now))) old ('rain' alone shows it, with its age).",
                kind: .unavailable)
        }
        if within != nil, !expected, !outlook.covers(deadline) {
            throw .failure(
                "rain_unknown",
                "Cannot tell whether it rains within \(WeatherViews.span(span)): "
                    + WeatherViews.rainReach(outlook, report: shown.report, frame: frame),
                kind: .unavailable)
        }
        let document = RainDocument(
            shown, place: state.place, outlook: outlook, within: within, now: frame.now, units: state.units,
            sentence: WeatherViews.rainSentence(outlook, report: shown.report, horizon: deadline, frame: frame))
        return CommandOutput(
            text: output.text, json: document, isOld: shown.isOld(now: frame.now),
            yesOrNo: within == nil ? nil : expected)
    }

    /// `normals [PLACE]`: the usual year, or why it cannot be had (the weather itself may have been answered).
    func normals() throws(CommandError) -> CommandOutput {
        try model.checkProblem()
        if case .failed(let error) = state.weather { throw error.commandError }
        switch state.normals {
        case .failed(let error): throw error.commandError
        case .loaded(let normals):
            let output = try shown()
            guard let shown = state.weather.value else { return output }
            let frame = frame
            return CommandOutput(
                text: output.text,
                json: NormalsDocument(
                    normals.normals, report: shown.report, fetchedAt: normals.fetchedAt, now: frame.now,
                    units: state.units),
                isOld: shown.isOld(now: frame.now))
        default:
            throw WeatherError.notConfigured("No source of the usual weather is set up.").commandError
        }
    }

    /// `forecast --range`: the ensemble's spread, or why it cannot be had.
    func range() throws(CommandError) -> CommandOutput {
        try model.checkProblem()
        switch state.ensemble {
        case .failed(let error): throw error.commandError
        case .loaded(let ensemble):
            showPlace()
            return rangeOutput(ensemble)
        default:
            throw WeatherError.notConfigured("No ensemble source is set up.").commandError
        }
    }

    /// The ensemble's view and document.
    func rangeOutput(_ ensemble: EnsembleRepository.Shown) -> CommandOutput {
        let frame = frame
        let note = ensemble.staleBecause.map {
            "Fetched \(WeatherViews.shortAge(frame.now.timeIntervalSince(ensemble.fetchedAt))) ago: "
                + "the ensemble could not be had now (\($0.message))."
        }
        return CommandOutput(
            text: WeatherViews.range(
                ensemble, place: state.place, days: state.options.days, frame: frame, fetchedNote: note),
            json: RangeDocument(ensemble, days: state.options.days, now: frame.now, units: state.units),
            isOld: ensemble.staleBecause != nil)
    }

    func air() throws(CommandError) -> CommandOutput {
        switch state.air {
        case .failed(let error): throw error.commandError
        case .loaded(let shown):
            let frame = frame
            return CommandOutput(
                text: WeatherViews.air(shown, place: state.airPlace, frame: frame),
                json: AirDocument(shown, place: state.airPlace, now: frame.now), isOld: shown.isOld(now: frame.now))
        default: return .empty
        }
    }

    func comparison() throws(CommandError) -> CommandOutput {
        switch state.comparison {
        case .failed(let error): throw error.commandError
        case .loaded(let places):
            let frame = frame
            let document = ComparisonDocument(places, units: state.units, now: frame.now)
            return CommandOutput(
                text: WeatherViews.comparison(places, frame: frame), json: document,
                isOld: document.places.contains { $0.stale == true })
        default: return .empty
        }
    }

    func presets() -> CommandOutput {
        let presets = state.presets ?? Presets(cities: [], fromFile: false)
        return CommandOutput(
            text: WeatherViews.presets(
                presets.cities, fromFile: presets.fromFile, painter: context.painter, width: context.terminal.width),
            json: PresetsDocument(presets))
    }

    func favorite(_ favorite: Bool) -> CommandOutput {
        guard let location = state.place?.location, let id = location.id else { return .empty }
        let changed = state.favoriteChanged ?? false
        let name = "\(location.name.terminalSafe), \(location.country)"
        let text =
            favorite
            ? (changed ? "★ \(name) is now a favourite." : "\(name) was already a favourite.")
            : (changed ? "\(name) is no longer a favourite." : "\(name) was not a favourite.")
        return CommandOutput(
            text: text, json: FavoriteDocument(id: id, name: location.name, favorite: favorite, changed: changed))
    }

    /// Each favourite with its last stored weather: what is there offline. A document of its own in JSON mode, never
    /// the text table inside one.
    func favorites() -> CommandOutput {
        let list = state.favorites ?? []
        let now = model.now()
        return CommandOutput(
            text: WeatherViews.favorites(
                list, unit: state.units.temperature, now: now, painter: context.painter, width: context.terminal.width),
            json: FavoriteWeatherDocument(list, unit: state.units.temperature, now: now))
    }
}
