import Architecture
import CitiesService
import Contracts

/// How a command names a city: a row number of the list on screen, an id, a name.
enum CityArguments {
    static let onScreen = Argument.remainder(
        "city",
        help:
            "A row number of the list on screen, a city id as #ID, or a name (the most populous); the city on screen when left out",
        completion: .placeNames)
}

/// `open CITY`: a city's page.
struct OpenCommand: FeatureCommand {
    static let city = Argument.words(
        "city", help: "A row number of the list on screen, a city id as #ID, or a name (the most populous)",
        required: true, completion: .placeNames)
    static let declaration = CommandDeclaration(
        "open", arguments: [city], summary: "Show a city: country, state, population, time zone, nearest cities",
        examples: ["open 3", "open #6167865", "open Toronto"])

    var city: String

    init(arguments: ParsedArguments) { city = arguments[Self.city].joined(separator: " ") }

    func run(_ feature: CitiesAndMap, context: CommandContext) async throws(CommandError) -> CommandOutput {
        let browser = try await feature.loadBrowser(context)
        await browser.send(.openRequested(feature.reference(city, context)))
        try feature.check(browser, context)
        guard let opened = browser.state.opened else { throw .failure("internal", "No city was opened.") }
        let output = try await feature.show(
            CityPage(city: CityReference(id: opened.id, name: opened.name)), context: context)
        return feature.withAlsoCalled(output, browser, context)
    }
}

/// `fav [CITY]` and `unfav [CITY]`: a city kept, or forgotten, as a favourite.
struct FavCommand: FeatureCommand {
    static let declaration = CommandDeclaration(
        "fav", arguments: [CityArguments.onScreen], summary: "Keep a city as a favourite",
        examples: ["fav Toronto", "fav 3", "fav #2988507"])

    var city: String?

    init(arguments: ParsedArguments) { city = arguments[CityArguments.onScreen] }

    func run(_ feature: CitiesAndMap, context: CommandContext) async throws(CommandError) -> CommandOutput {
        try await feature.setFavorite(city, true, context: context)
    }
}

struct UnfavCommand: FeatureCommand {
    static let declaration = CommandDeclaration(
        "unfav", arguments: [CityArguments.onScreen], summary: "Forget a favourite",
        examples: ["unfav Toronto", "unfav #2988507"])

    var city: String?

    init(arguments: ParsedArguments) { city = arguments[CityArguments.onScreen] }

    func run(_ feature: CitiesAndMap, context: CommandContext) async throws(CommandError) -> CommandOutput {
        try await feature.setFavorite(city, false, context: context)
    }
}

/// `weather` on a city's page or map: that city's weather, in the Weather feature (through the router).
struct PageWeatherCommand: FeatureCommand {
    static let declaration = CommandDeclaration(
        "weather", summary: "The weather of this city", scope: .within(CityPage.self), examples: ["weather"])

    init(arguments: ParsedArguments) {}

    func run(_ feature: CitiesAndMap, context: CommandContext) async throws(CommandError) -> CommandOutput {
        try await feature.weatherOnScreen(context)
    }
}

struct MapWeatherCommand: FeatureCommand {
    static let declaration = CommandDeclaration(
        "weather", summary: "The weather of this city", scope: .within(CityMap.self), examples: ["weather"])

    init(arguments: ParsedArguments) {}

    func run(_ feature: CitiesAndMap, context: CommandContext) async throws(CommandError) -> CommandOutput {
        try await feature.weatherOnScreen(context)
    }
}

/// `cities`, `cities reset`, `cities reload`: the city list as a whole.
struct CitiesCommand: FeatureCommand {
    static let declaration = CommandDeclaration(
        "cities", summary: "Which city list is in use: built in, or downloaded from SKYLENS_CITIES_URL",
        examples: ["cities"])

    init(arguments: ParsedArguments) {}

    func run(_ feature: CitiesAndMap, context: CommandContext) async throws(CommandError) -> CommandOutput {
        try await feature.listInfo(context)
    }
}

struct CitiesResetCommand: FeatureCommand {
    static let declaration = CommandDeclaration(
        "cities reset", summary: "Go back to the built-in city list (until 'cities reload')",
        discussion: "Favourites stay; those the built-in list lacks are listed as they were stored and can be removed.",
        examples: ["cities reset"])

    init(arguments: ParsedArguments) {}

    func run(_ feature: CitiesAndMap, context: CommandContext) async throws(CommandError) -> CommandOutput {
        try await feature.reload(context, toBuiltIn: true)
    }
}

struct CitiesReloadCommand: FeatureCommand {
    static let declaration = CommandDeclaration(
        "cities reload", summary: "Load the city list again (from SKYLENS_CITIES_URL when set)",
        discussion:
            "A download that fails or does not parse keeps the list that was there, and says why. Favourites stay.",
        examples: ["cities reload"])

    init(arguments: ParsedArguments) {}

    func run(_ feature: CitiesAndMap, context: CommandContext) async throws(CommandError) -> CommandOutput {
        try await feature.reload(context)
    }
}
