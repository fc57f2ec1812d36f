import Architecture
import Contracts
import CoreKit
import Localization

/// `unit [UNIT] [VALUE]`: the units in use, or one choice of them (kept).
struct UnitCommand: FeatureCommand {
    static let unit = Argument.positional(
        "unit", help: "metric or imperial (every quantity); c or f; or wind, rain or clock, followed by its unit",
        completion: .values(["metric", "imperial", "c", "f", "wind", "rain", "clock"]))
    static let value = Argument.positional(
        "value", help: "wind: kmh, ms, mph or kn; rain: mm or in; clock: 24 or 12",
        completion: .words { before, prefix in
            WeatherModel.UnitChoice.values(of: before.last ?? "").filter { $0.hasPrefix(prefix.lowercased()) }
        })
    static let declaration = CommandDeclaration(
        "unit", arguments: [unit, value],
        summary:
            "Show or switch units: all at once (metric, imperial), or temperature, wind, rain, clock (kept; every view follows at once)",
        discussion:
            "Pressure (hPa or inHg) and visibility (km or mi) follow the temperature's unit; a wind or rain unit never chosen does too.",
        examples: ["unit", "unit imperial", "unit f", "unit wind kn", "unit rain in", "unit clock 12"])

    /// Nil: show the units in use.
    var choice: WeatherModel.UnitChoice?
    /// Words that choose no unit: said in the user's language when the command runs.
    var refused: UsageProblem?

    init(arguments: ParsedArguments) {
        guard let text = arguments[Self.unit] else {
            choice = nil
            return
        }
        do throws(WeatherModel.UnitChoice.Refusal) {
            choice = try WeatherModel.UnitChoice(text, arguments[Self.value])
        } catch {
            refused = .unit(error)
        }
    }

    func run(_ model: WeatherModel, context: CommandContext) async throws(CommandError) -> CommandOutput {
        let words = WeatherOutput(model, context).words
        if let refused { throw refused.commandError(words) }
        return try await model.answer(context) { () async throws(CommandError) -> CommandOutput in
            guard let choice else {
                let units = model.state.units
                return CommandOutput(
                    text: DisplayWidth.wrapped(
                        words(
                            "Units: %@. 'unit metric|imperial' switches them all; 'unit c|f', 'unit wind kmh|ms|mph|kn', 'unit rain mm|in' and 'unit clock 24|12' one at a time.",
                            units.summary(words)),
                        width: context.terminal.width
                    ).joined(separator: "\n"),
                    json: UnitDocument(units))
            }
            await model.send(.unitChosen(choice))
            try model.checkProblem()
            // The weather on screen follows at once.
            if context.router.top(as: CityWeather.self) != nil, model.state.weather.value != nil {
                return WeatherOutput(model, context).rendered()
            }
            return CommandOutput(
                text: words("Units are now %@.", model.state.units.summary(words)),
                json: UnitDocument(model.state.units))
        }
    }
}
