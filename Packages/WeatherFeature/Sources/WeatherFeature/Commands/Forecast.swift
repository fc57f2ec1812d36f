import Architecture

/// `forecast [PLACE] [--refresh] [--days N] [--parts]`: the days from today, or the parts of the next three.
struct ForecastCommand: FeatureCommand {
    static let days = Argument.integer(
        "days", in: 1...16, help: "Days from today: up to 16 with Open-Meteo, 5 with OpenWeatherMap (7 by default)")
    static let parts = Argument.flag("parts", help: "Morning, afternoon, evening and night of the next 3 days")
    static let declaration = CommandDeclaration(
        "forecast", arguments: [PlaceArguments.place, PlaceArguments.refresh, days, parts],
        summary: "The days from today: min, max, rain, wind; --parts for the parts of each day",
        examples: ["forecast", "forecast Paris --days 14", "forecast --parts"])

    var place: String
    var refresh: Bool
    var mode: WeatherModel.Mode
    var options = WeatherModel.ViewOptions()

    init(arguments: ParsedArguments) {
        place = arguments[PlaceArguments.place] ?? ""
        refresh = arguments[PlaceArguments.refresh]
        mode = arguments[Self.parts] ? .parts : .forecast
        if let days = arguments[Self.days] { options.days = days }
    }

    func run(_ model: WeatherModel, context: CommandContext) async throws(CommandError) -> CommandOutput {
        try await model.answer(context) { () async throws(CommandError) -> CommandOutput in
            await model.send(.placeRequested(place, mode: mode, forceRefresh: refresh, options: options))
            return try WeatherOutput(model, context).shown()
        }
    }
}
