import Architecture
import CoreKit
import WeatherService

/// `hourly [PLACE] [--refresh] [--step N] [--range [--model M]]`: the hours from now, with a chart.
struct HourlyCommand: FeatureCommand {
    static let step = Argument.integer(
        "step", in: 1...3, help: "Hours between rows: 3 (24 hours, the default), 1 or 2 (48 hours)")
    static let range = Argument.flag(
        "range", help: "Under the chart, the spread of an ensemble's runs over the same hours, as a shaded band")
    static let declaration = CommandDeclaration(
        "hourly", arguments: [PlaceArguments.place, PlaceArguments.refresh, step, range, ForecastCommand.model],
        summary: "The hours from now: temperature, rain, wind, with a chart",
        examples: ["hourly", "hourly Oslo --step 1", "hourly --range"])

    var place: String
    var refresh: Bool
    var options = WeatherModel.ViewOptions()
    /// An ensemble that cannot be had: said in the user's language when the command runs.
    var refused: UsageProblem?

    init(arguments: ParsedArguments) {
        place = arguments[PlaceArguments.place] ?? ""
        refresh = arguments[PlaceArguments.refresh]
        if let step = arguments[Self.step] { options.step = step }
        do throws(UsageProblem) {
            options.range = try ForecastCommand.ensemble(
                range: arguments[Self.range], model: arguments[ForecastCommand.model])
        } catch {
            refused = error
        }
    }

    func run(_ model: WeatherModel, context: CommandContext) async throws(CommandError) -> CommandOutput {
        if let refused { throw refused.commandError(WeatherOutput(model, context).words) }
        return try await model.answer(context) { () async throws(CommandError) -> CommandOutput in
            await model.send(.placeRequested(place, mode: .hourly, forceRefresh: refresh, options: options))
            return try WeatherOutput(model, context).shown()
        }
    }
}
