import Architecture
import CitiesService
import Contracts
import CoreKit
import Foundation
import Localization
import WeatherAlerts
import WeatherService

extension WeatherModel {
    /// Runs a command's work in the user's language, the kept units read first; the note that the default place was
    /// used is told once, whatever the outcome.
    func answer(
        _ context: CommandContext, _ work: () async throws(CommandError) -> CommandOutput
    ) async throws(CommandError) -> CommandOutput {
        language = context.language
        await send(.started)
        defer {
            // The note itself is the city list's (`PlaceMemory`), in its catalogue's words.
            if let note = state.defaultPlaceNote?.text(placeWords) { context.notice(words("Note: %@", note)) }
        }
        return try await work()
    }

    /// The feature's words in the language of the command under way.
    var words: Words { Words(catalogue, language: language) }
    /// The city list's words (place messages) in that language.
    var placeWords: Words { Words(placeCatalogue, language: language) }

    /// The last action's problem, as the command's error, in the language of the command under way.
    func checkProblem() throws(CommandError) {
        if let problem = state.problem { throw problem.commandError(words, places: placeWords) }
    }
}

extension WeatherModel.Problem {
    /// What the user is told, in their language, and the exit status a script can act on.
    func commandError(_ words: Words, places: Words) -> CommandError {
        let text = self.message(words, places: places)
        return switch self {
        case .notFound, .defaultPlaceNotFound: .failure("not_found", text, kind: .unknownPlace)
        case .invalid: .usage(text)
        case .catalogue: .failure("catalogue", text)
        case .storage: .failure("storage", text)
        case .notKept: .failure("not_kept", text, kind: .notKept)
        case .presets: .failure("presets", text)
        case .noPlace: .failure("no_city", text)
        case .notACity: .failure("not_a_city", text)
        }
    }

    /// The problem in the user's language (`places`: the city list's words); the store's reasons in their own words.
    func message(_ words: Words, places: Words) -> String {
        switch self {
        case .notFound(let problem), .invalid(let problem): problem.message(places)
        case .catalogue(let reason), .storage(let reason): words(reason)
        case .defaultPlaceNotFound(let problem):
            words("The default place ('place' setting): %@", problem.message(places))
        case .notKept(.units(let units, let reason)):
            words(
                "Units are now %1$@ for this session only: they could not be kept (%2$@)", units.summary(words),
                words(reason))
        case .notKept(.favorite(let name, let reason)):
            words("%1$@ is not a favourite: it could not be kept (%2$@)", name, words(reason))
        case .notKept(.unfavorite(let name, let reason)):
            words("%1$@ could not be forgotten as a favourite (%2$@)", name, words(reason))
        case .presets(let failure): failure.message(words)
        case .noPlace: words("No city on screen.")
        case .notACity: words("Only cities of the list can be favourites, not bare coordinates.")
        }
    }
}

extension Presets.Failure {
    /// Why the presets cannot be listed, in the user's language (the file system's and the city list's reasons in
    /// their own words).
    func message(_ words: Words) -> String {
        switch self {
        case .unreadable(let path, let reason):
            words("%1$@ cannot be used as a list of places: %2$@.", path.terminalSafe, reason)
        case .notCities(let path, let reason):
            words("%1$@ is not a list of cities like the city list: %2$@", path.terminalSafe, words(reason))
        case .catalogue(let reason): words(reason)
        }
    }
}

/// What is wrong with a command's arguments, found when they are parsed (which knows no language) and said in the
/// user's language as the command's first step, before anything is done.
enum UsageProblem: Error, Equatable, Sendable {
    /// `compare` with fewer than 2 or more than `TodayClient.limit` places: how many were given.
    case comparePlaces(Int)
    /// `forecast` with more than one of `--parts`, `--panels` and `--range`.
    case oneView
    /// `--model` without `--range`.
    case modelWithoutRange
    /// `--model` naming no ensemble: the name typed.
    case unknownModel(String)
    /// `--within` that is no duration: the text typed.
    case notADuration(String)
    /// `--within` outside 15 minutes to 24 hours: the text typed.
    case outsideWithin(String)
    /// `weather --format` naming no status bar: the name typed.
    case notABar(String)
    /// `--line` and `--template` together.
    case lineAndTemplate
    /// `--format BAR` with `--template`.
    case barWithTemplate
    /// `--format BAR` without `--line`.
    case barWithoutLine
    /// Words `unit` cannot read.
    case unit(WeatherModel.UnitChoice.Refusal)

    /// The usage error, in the user's language.
    func commandError(_ words: Words) -> CommandError { .usage(message(words)) }

    func message(_ words: Words) -> String {
        switch self {
        case .comparePlaces(let count):
            words.count(
                "compare takes 2 to %lld places (each one word or in quotes), not %2$@.", TodayClient.limit,
                words.number(count))
        case .oneView: words("--parts, --panels and --range are three views: give one of them.")
        case .modelWithoutRange: words("--model chooses the ensemble of --range: add --range.")
        case .unknownModel(let name):
            words(
                "--model is one of %1$@, not '%2$@'.", EnsembleModel.allCases.map(\.name).joined(separator: ", "),
                name.terminalPreview)
        case .notADuration(let text):
            words("--within takes a duration such as 30m, 2h or 1h30m, not '%@'.", text.terminalPreview)
        case .outsideWithin(let text):
            words("--within reaches from 15m to 24h: '%@' is outside that.", text.terminalPreview)
        case .notABar(let name):
            // `--format json` after the command: the global option was meant.
            ["json", "text"].contains(name.lowercased())
                ? words(
                    "--format after 'weather' names a status bar: %1$@, not '%2$@'. For %3$@, put --format before the command: 'skylens --format %3$@ weather --line'.",
                    StatusBar.names, name.terminalPreview, name.lowercased())
                : words(
                    "--format after 'weather' names a status bar: %1$@, not '%2$@'.", StatusBar.names,
                    name.terminalPreview)
        case .lineAndTemplate: words("--line and --template each make one line: give one of them.")
        case .barWithTemplate: words("--format BAR goes with --line, not with --template.")
        case .barWithoutLine: words("--format BAR is for a status bar: add --line.")
        case .unit(let refusal): refusal.message(words)
        }
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

    /// The feature's words in the user's language.
    var words: Words { Words(model.catalogue, language: context.language) }

    var frame: WeatherViews.Frame {
        WeatherViews.Frame(
            units: state.units, now: model.now(), painter: context.painter, words: words,
            places: Words(model.placeCatalogue, language: context.language),
            width: context.terminal.width, interactive: !context.isOneShot,
            localNames: model.localNames(context.language))
    }

    /// The weather fetched, in the weather view (one on the stack at a time).
    func shown() throws(CommandError) -> CommandOutput {
        try model.checkProblem()
        if case .failed(let error) = state.weather { throw error.commandError(words) }
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
            return CommandOutput(
                text: state.weather.failure.map { words($0.sentence) }
                    ?? words("No weather yet: 'weather PLACE' fetches it."))
        }
        let frame = frame
        let note = state.forecastNote(now: frame.now, words: words)
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
            json: WeatherDocument(state, shown: shown, now: frame.now, note: note, words: frame.words),
            isOld: shown.isOld(now: frame.now))
    }

    /// What one line is made of: the weather shown, a frame without colour, the most severe warning in force; nil
    /// when nothing was fetched.
    private func lineParts() throws(CommandError) -> (
        shown: WeatherRepository.Shown, frame: WeatherViews.Frame, warning: WeatherAlert?
    )? {
        try model.checkProblem()
        if case .failed(let error) = state.weather { throw error.commandError(words) }
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
        let words = words
        guard let shown = state.weather.value else {
            if within != nil { throw Self.notConfigured(words("No forecast to answer from.")) }
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
                words(
                    "Cannot tell whether it rains within %1$@: the forecast kept is %2$@ old ('rain' alone shows it, with its age).",
                    WeatherViews.span(span, words), WeatherViews.shortAge(shown.age(now: frame.now), words)),
                kind: .unavailable)
        }
        if within != nil, !expected, !outlook.covers(deadline) {
            throw .failure(
                "rain_unknown",
                words(
                    "Cannot tell whether it rains within %1$@: %2$@", WeatherViews.span(span, words),
                    WeatherViews.rainReach(outlook, report: shown.report, frame: frame)),
                kind: .unavailable)
        }
        let document = RainDocument(
            shown, place: state.place, outlook: outlook, within: within, now: frame.now, units: state.units,
            sentence: WeatherViews.rainSentence(outlook, report: shown.report, horizon: deadline, frame: frame),
            words: frame.words)
        return CommandOutput(
            text: output.text, json: document, isOld: shown.isOld(now: frame.now),
            yesOrNo: within == nil ? nil : expected)
    }

    /// `normals [PLACE]`: the usual year, or why it cannot be had (the weather itself may have been answered).
    func normals() throws(CommandError) -> CommandOutput {
        try model.checkProblem()
        if case .failed(let error) = state.weather { throw error.commandError(words) }
        switch state.normals {
        case .failed(let error): throw error.commandError(words)
        case .loaded(let normals):
            let output = try shown()
            guard let shown = state.weather.value else { return output }
            let frame = frame
            return CommandOutput(
                text: output.text,
                json: NormalsDocument(
                    normals.normals, report: shown.report, fetchedAt: normals.fetchedAt, now: frame.now,
                    units: state.units, words: frame.words),
                isOld: shown.isOld(now: frame.now))
        default:
            throw Self.notConfigured(words("No source of the usual weather is set up."))
        }
    }

    /// `forecast --range`: the ensemble's spread, or why it cannot be had.
    func range() throws(CommandError) -> CommandOutput {
        try model.checkProblem()
        switch state.ensemble {
        case .failed(let error): throw error.commandError(words)
        case .loaded(let ensemble):
            showPlace()
            return rangeOutput(ensemble)
        default:
            throw Self.notConfigured(words("No ensemble source is set up."))
        }
    }

    /// A source that is not set up, as `WeatherError.notConfigured` says it (exit 78), in the user's words.
    static func notConfigured(_ message: String) -> CommandError {
        .failure("not_configured", message, kind: .configuration)
    }

    /// The ensemble's view and document.
    func rangeOutput(_ ensemble: EnsembleRepository.Shown) -> CommandOutput {
        let frame = frame, words = frame.words
        let note = ensemble.staleBecause.map {
            words(
                "Fetched %1$@ ago: the ensemble could not be had now (%2$@).",
                WeatherViews.shortAge(frame.now.timeIntervalSince(ensemble.fetchedAt), words), words($0.sentence))
        }
        return CommandOutput(
            text: WeatherViews.range(
                ensemble, place: state.place, days: state.options.days, frame: frame, fetchedNote: note),
            json: RangeDocument(
                ensemble, days: state.options.days, now: frame.now, units: state.units, words: frame.words),
            isOld: ensemble.staleBecause != nil)
    }

    func air() throws(CommandError) -> CommandOutput {
        switch state.air {
        case .failed(let error): throw error.commandError(words)
        case .loaded(let shown):
            let frame = frame
            return CommandOutput(
                text: WeatherViews.air(shown, place: state.airPlace, frame: frame),
                json: AirDocument(shown, place: state.airPlace, now: frame.now, words: frame.words),
                isOld: shown.isOld(now: frame.now))
        default: return .empty
        }
    }

    func comparison() throws(CommandError) -> CommandOutput {
        switch state.comparison {
        case .failed(let error): throw error.commandError(words)
        case .loaded(let places):
            let frame = frame
            let document = ComparisonDocument(places, units: state.units, now: frame.now, words: frame.words)
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
                presets.cities, fromFile: presets.fromFile, painter: context.painter, width: context.terminal.width,
                words: words),
            json: PresetsDocument(presets))
    }

    func favorite(_ favorite: Bool) -> CommandOutput {
        guard let location = state.place?.location, let id = location.id else { return .empty }
        let changed = state.favoriteChanged ?? false
        let name = "\(location.name.terminalSafe), \(location.country)"
        let text =
            switch (favorite, changed) {
            case (true, true): words("★ %@ is now a favourite.", name)
            case (true, false): words("%@ was already a favourite.", name)
            case (false, true): words("%@ is no longer a favourite.", name)
            case (false, false): words("%@ was not a favourite.", name)
            }
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
                list, unit: state.units.temperature, now: now, painter: context.painter, width: context.terminal.width,
                words: words),
            json: FavoriteWeatherDocument(list, unit: state.units.temperature, now: now, words: words))
    }
}
