import Architecture

/// `normals [PLACE] [--refresh]`: the usual year at the place, with the forecast on it.
struct NormalsCommand: FeatureCommand {
    static let declaration = CommandDeclaration(
        "normals", arguments: [PlaceArguments.place, PlaceArguments.refresh],
        summary: "The usual year at a place (1991–2020): highs and lows in braille with the forecast on them, by month",
        discussion: """
            Each day's normal is made of the days within a week of it in 1991–2020, from Open-Meteo's historical \
            weather (one request, some 350 kB, the first time a place is asked; kept for half a year). `weather` \
            and `forecast` then say how today compares. --refresh fetches the normals again.
            """,
        examples: ["normals", "normals Oslo"])

    var place: String
    var refresh: Bool

    init(arguments: ParsedArguments) {
        place = arguments[PlaceArguments.place] ?? ""
        refresh = arguments[PlaceArguments.refresh]
    }

    func run(_ model: WeatherModel, context: CommandContext) async throws(CommandError) -> CommandOutput {
        try await model.answer(context) { () async throws(CommandError) -> CommandOutput in
            await model.send(.placeRequested(place, mode: .normals, forceRefresh: refresh))
            return try WeatherOutput(model, context).normals()
        }
    }
}
