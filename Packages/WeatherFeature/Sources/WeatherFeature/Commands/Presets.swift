import Architecture

/// `presets`: the preset cities (the user's own from `locations.json`).
struct PresetsCommand: FeatureCommand {
    static let declaration = CommandDeclaration(
        "presets", summary: "The preset cities (yours from locations.json in the data directory)",
        examples: ["presets"])

    init(arguments: ParsedArguments) {}

    func run(_ model: WeatherModel, context: CommandContext) async throws(CommandError) -> CommandOutput {
        try await model.answer(context) { () async throws(CommandError) -> CommandOutput in
            await model.send(.presetsRequested)
            if let problem = model.state.problem {
                throw .failure("presets", problem.message(model.words, places: model.placeWords))
            }
            return WeatherOutput(model, context).presets()
        }
    }
}
