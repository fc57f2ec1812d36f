import Architecture
import CitiesService
import CoreKit
import Foundation
import Localization

/// `search [PREFIX] [--favorites] [--limit N] [--sort name|population]`: places whose name starts with a prefix.
struct SearchCommand: FeatureCommand {
    static let prefix = Argument.remainder(
        "prefix", help: "The start of a name; then ', REGION', ', CC' or ', REGION, CC' to narrow it",
        completion: .placeNames)
    static let favorites = Argument.flag("favorites", help: "Only favourites")
    static let limit = Argument.integer(
        "limit", in: 1...500, help: "Rows a page (1 to 500; default: what fits the terminal)")
    static let sort = Argument.option(
        "sort", value: "name|population", help: "The order: name (the default) or population")
    static let declaration = CommandDeclaration(
        "search", arguments: [prefix, favorites, limit, sort],
        summary: "Find places whose name starts with a prefix",
        discussion: """
            Matching ignores case and accents (sao finds São Paulo), and outer spaces. Results are in name \
            order, then country, then the more populous; '--sort population' ranks the same matches by \
            population. A row shows the region and the population: 'Paris, Ile-de-France, FR · 2.1 M'. \
            Rows of the list with the same name and country within 0.01° are one place. 'paris, us' keeps \
            the US ones; 'paris, texas', 'paris, tx' or 'Paris, TX, US' those of a region (by name or \
            code). With no prefix, lists every place, the most populous first.
            """,
        examples: [
            "search sao paulo", "search paris, us", "search paris, texas", "search san --sort population",
            "search al --limit 50", "search --favorites",
        ])

    var prefix: String
    var favoritesOnly: Bool
    var limit: Int?
    var order: CityQuery.Order
    var refused: MapUsageProblem?

    init(arguments: ParsedArguments) {
        prefix = arguments[Self.prefix] ?? ""
        favoritesOnly = arguments[Self.favorites]
        limit = arguments[Self.limit]
        switch arguments[Self.sort]?.lowercased() {
        case "name": order = .name
        case "population", "pop": order = .population
        // Every place, with no prefix: the most populous first, not names that start with a quote or a digit.
        case nil:
            let everyPlace = prefix.trimmingSpaces.isEmpty
            order = everyPlace && !favoritesOnly ? .population : .name
        case let other?:
            (order, refused) = (.name, .sortOrder(other))
        }
    }

    func run(_ feature: CitiesAndMap, context: CommandContext) async throws(CommandError) -> CommandOutput {
        if let refused { throw refused.commandError(feature.words(context)) }
        let limit = self.limit ?? max(5, min(50, context.terminal.height - 4))
        let browser = try await feature.loadBrowser(context)
        await browser.send(.searchSubmitted(query: prefix, favoritesOnly: favoritesOnly, limit: limit, order: order))
        try feature.check(browser, context)
        return try await feature.show(SearchResults(), context: context)
    }
}

/// `next`, `prev` and `page N` in a list: another page of it.
struct NextCommand: FeatureCommand {
    static let declaration = CommandDeclaration(
        "next", summary: "The next page of the list", scope: .within(SearchResults.self), examples: ["next"])

    init(arguments: ParsedArguments) {}

    func run(_ feature: CitiesAndMap, context: CommandContext) async throws(CommandError) -> CommandOutput {
        let browser = try await feature.loadBrowser(context)
        return try await feature.page((browser.state.results?.pageIndex ?? 0) + 1, context: context)
    }
}

struct PrevCommand: FeatureCommand {
    static let declaration = CommandDeclaration(
        "prev", summary: "The previous page of the list", scope: .within(SearchResults.self), examples: ["prev"])

    init(arguments: ParsedArguments) {}

    func run(_ feature: CitiesAndMap, context: CommandContext) async throws(CommandError) -> CommandOutput {
        let browser = try await feature.loadBrowser(context)
        return try await feature.page((browser.state.results?.pageIndex ?? 0) - 1, context: context)
    }
}

struct PageCommand: FeatureCommand {
    static let number = Argument.positional("number", help: "Which page, from 1").required
    static let declaration = CommandDeclaration(
        "page", arguments: [number], summary: "Go to a page of the list", scope: .within(SearchResults.self),
        examples: ["page 2"])

    var number: String

    init(arguments: ParsedArguments) { number = arguments[Self.number] }

    func run(_ feature: CitiesAndMap, context: CommandContext) async throws(CommandError) -> CommandOutput {
        let browser = try await feature.loadBrowser(context)
        guard let page = Int(number), page >= 1 else {
            throw .usage(
                feature.words(context)(
                    "The page number must be a whole number from 1 (there are %@).",
                    String(browser.state.results?.pageCount ?? 1)))
        }
        return try await feature.page(page - 1, context: context)
    }
}
