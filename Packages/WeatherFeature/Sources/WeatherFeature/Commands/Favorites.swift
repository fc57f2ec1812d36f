import Architecture
import Contracts

/// `fav` and `unfav` in the weather view: the city on screen kept, or forgotten, as a favourite.
struct FavCommand: FeatureCommand {
    static let declaration = CommandDeclaration(
        "fav", summary: "Keep this city as a favourite", scope: .within(CityWeather.self), examples: ["fav"])

    init(arguments: ParsedArguments) {}

    func run(_ model: WeatherModel, context: CommandContext) async throws(CommandError) -> CommandOutput {
        try await model.answer(context) { () async throws(CommandError) -> CommandOutput in
            await model.send(.favoriteSet(true))
            try model.checkProblem()
            return WeatherOutput(model, context).favorite(true)
        }
    }
}

struct UnfavCommand: FeatureCommand {
    static let declaration = CommandDeclaration(
        "unfav", summary: "Forget this favourite", scope: .within(CityWeather.self), examples: ["unfav"])

    init(arguments: ParsedArguments) {}

    func run(_ model: WeatherModel, context: CommandContext) async throws(CommandError) -> CommandOutput {
        try await model.answer(context) { () async throws(CommandError) -> CommandOutput in
            await model.send(.favoriteSet(false))
            try model.checkProblem()
            return WeatherOutput(model, context).favorite(false)
        }
    }
}

/// `favorites`: each favourite with its last known weather, no request made.
struct FavoritesCommand: FeatureCommand {
    static let declaration = CommandDeclaration(
        "favorites", summary: "Your favourites with their last known weather (no request made)",
        examples: ["favorites"])

    init(arguments: ParsedArguments) {}

    func run(_ model: WeatherModel, context: CommandContext) async throws(CommandError) -> CommandOutput {
        try await model.answer(context) { () async throws(CommandError) -> CommandOutput in
            await model.send(.favoritesRequested)
            try model.checkProblem()
            return WeatherOutput(model, context).favorites()
        }
    }
}
