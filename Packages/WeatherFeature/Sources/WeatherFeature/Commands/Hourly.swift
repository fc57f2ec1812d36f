import Architecture

/// `hourly [PLACE] [--refresh] [--step N]`: the hours from now, with a chart.
struct HourlyCommand: FeatureCommand {
    static let step = Argument.integer(
        "step", in: 1...3, help: "Hours between rows: 3 (24 hours, the default), 1 or 2 (48 hours)")
    static let declaration = CommandDeclaration(
        "hourly", arguments: [PlaceArguments.place, PlaceArguments.refresh, step],
        summary: "The hours from now: temperature, rain, wind, with a chart",
        examples: ["hourly", "hourly Oslo --step 1"])

    var place: String
    var refresh: Bool
    var options = WeatherModel.ViewOptions()

    init(arguments: ParsedArguments) {
        place = arguments[PlaceArguments.place] ?? ""
        refresh = arguments[PlaceArguments.refresh]
        if let step = arguments[Self.step] { options.step = step }
    }

    func run(_ model: WeatherModel, context: CommandContext) async throws(CommandError) -> CommandOutput {
        try await model.answer(context) { () async throws(CommandError) -> CommandOutput in
            await model.send(.placeRequested(place, mode: .hourly, forceRefresh: refresh, options: options))
            return try WeatherOutput(model, context).shown()
        }
    }
}
