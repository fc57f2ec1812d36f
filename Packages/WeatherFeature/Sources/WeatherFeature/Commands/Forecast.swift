import Architecture
import CoreKit
import WeatherService

/// `forecast [PLACE] [--refresh] [--days N] [--parts | --range [--model M]]`: the days from today, the parts of the
/// next three, or how sure each day is.
struct ForecastCommand: FeatureCommand {
    static let days = Argument.integer(
        "days", in: 1...16, help: "Days from today: up to 16 with Open-Meteo, 5 with OpenWeatherMap (7 by default)")
    static let parts = Argument.flag("parts", help: "Morning, afternoon, evening and night of the next 3 days")
    static let panels = Argument.flag(
        "panels", help: "wttr.in's three days: morning, noon, evening and night side by side, with their pictures")
    static let range = Argument.flag(
        "range", help: "How sure each day is: the spread of an ensemble's runs ('12 to 17 °C, most likely 15')")
    static let model = Argument.option(
        "model", value: "NAME",
        help:
            "With --range, the ensemble: ecmwf (51 runs, 15 days; the default), gfs (31, 10), icon (40, 7), gem (21, 16)"
    )
    static let declaration = CommandDeclaration(
        "forecast", arguments: [PlaceArguments.place, PlaceArguments.refresh, days, parts, panels, range, model],
        summary: "The days from today: min, max, rain, wind; --parts for the parts of each day; --range how sure",
        examples: [
            "forecast", "forecast Paris --days 14", "forecast --parts", "forecast --panels", "forecast Paris --range",
        ])

    var place: String
    var refresh: Bool
    var mode: WeatherModel.Mode = .forecast
    var options = WeatherModel.ViewOptions()
    /// Views or an ensemble that cannot be had together: said in the user's language when the command runs.
    var refused: UsageProblem?

    init(arguments: ParsedArguments) {
        place = arguments[PlaceArguments.place] ?? ""
        refresh = arguments[PlaceArguments.refresh]
        let views = [Self.parts, Self.panels, Self.range].filter { arguments[$0] }
        guard views.count <= 1 else {
            refused = .oneView
            return
        }
        mode = arguments[Self.parts] ? .parts : arguments[Self.panels] ? .panels : .forecast
        // wttr.in's three days for the panels, unless others are asked for.
        options.days = arguments[Self.days] ?? (mode == .panels ? 3 : options.days)
        do throws(UsageProblem) {
            options.range = try Self.ensemble(range: arguments[Self.range], model: arguments[Self.model])
        } catch {
            refused = error
        }
    }

    /// The ensemble `--range` and `--model` ask for (ECMWF's by default); nil without `--range`.
    static func ensemble(range: Bool, model name: String?) throws(UsageProblem) -> EnsembleModel? {
        guard let name else { return range ? .ecmwf : nil }
        guard range else { throw .modelWithoutRange }
        guard let model = EnsembleModel(name: name) else { throw .unknownModel(name) }
        return model
    }

    func run(_ model: WeatherModel, context: CommandContext) async throws(CommandError) -> CommandOutput {
        if let refused { throw refused.commandError(WeatherOutput(model, context).words) }
        return try await model.answer(context) { () async throws(CommandError) -> CommandOutput in
            await model.send(.placeRequested(place, mode: mode, forceRefresh: refresh, options: options))
            if options.range != nil { return try WeatherOutput(model, context).range() }
            return try WeatherOutput(model, context).shown()
        }
    }
}
