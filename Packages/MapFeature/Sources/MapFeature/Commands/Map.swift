import Architecture
import Contracts
import CoreKit
import MapRendering

/// `map [CITY] [--zoom Z] [--layers LIST] [--night] [--weather] [--alerts] [--blocks] [--width W] [--height H]`.
struct MapCommand: FeatureCommand {
    static let city = Argument.remainder(
        "city", help: "A row number, #ID or a name; the city on screen when left out", completion: .placeNames)
    static let zoomLevel = Argument.integer(
        "zoom", value: "Z", in: MapRequest.zoomRange,
        // The default is `CitiesAndMap.defaultZoom`.
        help: "0 (the world) to 14 (streets); default 9, a city and its surroundings")
    static let layerList = Argument.option(
        "layers", value: "LIST",
        help: "What to draw, comma-separated: coast, lakes, rivers, borders, states, cities, labels (default: all)")
    static let nightSide = Argument.flag(
        "night", help: "Shade the night side, as it is now (the day/night line shows far out)")
    static let weatherLabels = Argument.flag(
        "weather",
        help: "Temperatures and skies of the largest places shown (the cache, then one request for up to 10)")
    static let warningAreas = Argument.flag(
        "alerts", help: "Shade the areas of the official warnings in force for the place, where the service draws them")
    static let blocks = Argument.flag("blocks", help: "Draw with block characters, for terminals without braille")
    static let plain = Argument.flag("plain", help: "The same as --blocks")
    static let mapWidth = Argument.integer(
        "width", value: "COLUMNS", in: MapRequest.minimumWidth...MapRequest.maximumWidth,
        help: "Map width (default: the terminal's)")
    static let mapHeight = Argument.integer(
        "height", value: "ROWS", in: MapRequest.minimumHeight...MapRequest.maximumHeight,
        help: "Map height (default: the terminal's)")
    static let declaration = CommandDeclaration(
        "map",
        arguments: [
            city, zoomLevel, layerList, nightSide, weatherLabels, warningAreas, blocks, plain, mapWidth, mapHeight,
        ],
        summary: "Draw the world around a city",
        discussion: """
            Shorelines, lakes, rivers, borders and state lines in braille (GSHHG and WDBII, offline), cities as \
            dots thinned by population and the largest named, favourites ★, the city ◉. Zoom as in \
            OpenStreetMap: at zoom Z the world is 256 × 2^Z dots wide.
            """,
        examples: [
            "map Toronto", "map 2 --zoom 4", "map #6167865 --blocks", "map Oslo --layers coast,lakes,rivers",
            "map Toronto --alerts --zoom 8",
        ])

    var city: String?
    var zoom: Int?
    var width: Int?
    var height: Int?
    var style: MapStyle
    var layers = MapLayers.all
    var night: Bool
    var weather: Bool
    var alerts: Bool
    /// A usage problem found while parsing, said in the user's language when the command runs.
    var refused: MapUsageProblem?

    init(arguments: ParsedArguments) {
        city = arguments[Self.city]
        // Checked against their ranges when the line was parsed.
        zoom = arguments[Self.zoomLevel]
        width = arguments[Self.mapWidth]
        height = arguments[Self.mapHeight]
        style = arguments[Self.blocks] || arguments[Self.plain] ? .blocks : .braille
        night = arguments[Self.nightSide]
        weather = arguments[Self.weatherLabels]
        alerts = arguments[Self.warningAreas]
        if let list = arguments[Self.layerList] {
            if let chosen = MapLayers(names: list) { layers = chosen } else { refused = .unknownLayer(list) }
        }
    }

    func run(_ feature: CitiesAndMap, context: CommandContext) async throws(CommandError) -> CommandOutput {
        if let refused { throw refused.commandError(feature.words(context)) }
        let output = try await feature.showMap(self, context: context)
        return feature.withAlsoCalled(output, try await feature.loadBrowser(context), context)
    }
}

/// `zoom in|out` and `pan n|s|e|w` on the map.
struct ZoomCommand: FeatureCommand {
    static let direction = Argument.positional("direction", help: "in or out", completion: .values(["in", "out"]))
        .required
    static let declaration = CommandDeclaration(
        "zoom", arguments: [direction], summary: "Zoom the map in or out", scope: .within(CityMap.self),
        examples: ["zoom in", "zoom out"])

    var step: Int
    var refused: MapUsageProblem?

    init(arguments: ParsedArguments) {
        switch arguments[Self.direction].lowercased() {
        case "in", "+": step = 1
        case "out", "-": step = -1
        default: (step, refused) = (0, .zoomDirection)
        }
    }

    func run(_ feature: CitiesAndMap, context: CommandContext) async throws(CommandError) -> CommandOutput {
        if let refused { throw refused.commandError(feature.words(context)) }
        let browser = try await feature.loadBrowser(context)
        await browser.send(.zoomChanged(by: step))
        return await feature.mapOutput(browser, context: context)
    }
}

struct PanCommand: FeatureCommand {
    static let direction = Argument.positional(
        "direction", help: "n, s, e or w", completion: .values(["n", "s", "e", "w"])
    ).required
    static let declaration = CommandDeclaration(
        "pan", arguments: [direction], summary: "Move the map by half a screen", scope: .within(CityMap.self),
        examples: ["pan n", "pan e"])

    var dx: Double
    var dy: Double
    var refused: MapUsageProblem?

    init(arguments: ParsedArguments) {
        switch arguments[Self.direction].lowercased() {
        case "n", "north", "up": (dx, dy) = (0, 1)
        case "s", "south", "down": (dx, dy) = (0, -1)
        case "e", "east", "right": (dx, dy) = (1, 0)
        case "w", "west", "left": (dx, dy) = (-1, 0)
        default: (dx, dy, refused) = (0, 0, .panDirection)
        }
    }

    func run(_ feature: CitiesAndMap, context: CommandContext) async throws(CommandError) -> CommandOutput {
        if let refused { throw refused.commandError(feature.words(context)) }
        let browser = try await feature.loadBrowser(context)
        await browser.send(.panned(dx: dx, dy: dy))
        return await feature.mapOutput(browser, context: context)
    }
}
