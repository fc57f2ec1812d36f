import Architecture

/// `air [PLACE] [--refresh]`: the air now.
struct AirCommand: FeatureCommand {
    static let declaration = CommandDeclaration(
        "air", arguments: [PlaceArguments.place, PlaceArguments.refresh],
        summary: "The air now: European and US indices, PM2.5, PM10, ozone, nitrogen dioxide, UV",
        discussion: "From Open-Meteo's air-quality API (CAMS data); kept 10 minutes like the weather.",
        examples: ["air", "air Delhi"])

    var place: String
    var refresh: Bool

    init(arguments: ParsedArguments) {
        place = arguments[PlaceArguments.place] ?? ""
        refresh = arguments[PlaceArguments.refresh]
    }

    func run(_ model: WeatherModel, context: CommandContext) async throws(CommandError) -> CommandOutput {
        try await model.answer(context) { () async throws(CommandError) -> CommandOutput in
            await model.send(.airRequested(place, forceRefresh: refresh))
            try model.checkProblem()
            return try WeatherOutput(model, context).air()
        }
    }
}
