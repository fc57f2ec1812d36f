import Architecture

/// `refresh`: the weather on screen (or the last place) fetched again now.
struct RefreshCommand: FeatureCommand {
    static let declaration = CommandDeclaration(
        "refresh", summary: "Fetch the weather on screen (or the last place) again now", examples: ["refresh"])

    init(arguments: ParsedArguments) {}

    func run(_ model: WeatherModel, context: CommandContext) async throws(CommandError) -> CommandOutput {
        try await model.answer(context) { () async throws(CommandError) -> CommandOutput in
            await model.send(.refreshRequested)
            return try WeatherOutput(model, context).shown()
        }
    }
}
