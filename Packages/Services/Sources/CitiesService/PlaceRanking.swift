import CoreKit
import Foundation

/// The one rule that ranks the places answering to a query, for every command that takes a place: how the text
/// matched, plus how important the place is. `docs/features/map.md` ("Places: how one is chosen") gives the reasons
/// and worked examples; `PlaceQueriesTests` holds it to a table of real queries.
///
/// A score is in "orders of magnitude of people": a place ten times as populous scores one more. So a weight says how
/// many times more people a place found another way needs to beat one found by its exact name:
///
/// | what | weight | so that |
/// |---|---:|---|
/// | its own name, folded (`paris`, `Köln` as `koln`) | 0 | |
/// | another name (`Bombay`, `Cologne`, `Peking`, `New York` for New York City) | −0.8 | a place found by another name needs 6.3 times the people: `Cologne` is Köln (1 M), not Cologne, IT (7,000) |
/// | a code typed in capitals (`MAD`, `YYZ`, `NYC`) | −0.3 | `MAD` is Madrid (3.3 M) rather than Mád, HU (2,589) |
/// | a code typed otherwise (`mad`, `cdg`) | −1.0 | lower case reads as a name first, but a big airport's city still wins |
///
/// and importance is `log10(population)` (an unknown population counts as 250: the list's places of unknown size
/// are villages and hamlets), +0.3 for a country's capital (`Washington` is Washington, D.C., not Washington, GB;
/// yet `San Jose` stays San Jose, US, 1 M, over San José, CR, 335,000), and −2 for a row that is not a town (a
/// region's or a country's own row, such as the state's `New York`).
public enum PlaceRanking {
    /// How the query's text matched a place.
    public enum Match: Sendable, Equatable {
        /// Its own name.
        case name
        /// Another name of the place.
        case otherName
        /// A code: an airport's IATA code or a common code (`NYC`); `typedAsCode` when the query was in capitals.
        case code(typedAsCode: Bool)
    }

    public static let otherNameWeight = -0.8
    public static let codeWeight = -0.3
    public static let lowerCaseCodeWeight = -1.0
    public static let capitalBonus = 0.3
    public static let notATownPenalty = -2.0
    /// The importance of a place whose population is not known: that of 250 people.
    public static let unknownImportance = log10(250.0)
    /// A runner-up scoring within this of the chosen place is worth a line ("Also: …"): about three times fewer
    /// people at most.
    public static let closeMargin = 0.5

    /// People on a log scale, a capital's bonus, a penalty for a row that is not a town.
    public static func importance(population: Int?, isCapital: Bool, isTown: Bool) -> Double {
        var value = population.map { $0 > 0 ? log10(Double($0)) : unknownImportance } ?? unknownImportance
        if isCapital { value += capitalBonus }
        if !isTown { value += notATownPenalty }
        return value
    }

    public static func weight(_ match: Match) -> Double {
        switch match {
        case .name: 0
        case .otherName: otherNameWeight
        case .code(let typedAsCode): typedAsCode ? codeWeight : lowerCaseCodeWeight
        }
    }

    /// The score of a place found this way: the higher, the likelier meant.
    public static func score(importance: Double, match: Match) -> Double { importance + weight(match) }

    /// True when the query's name (before any comma) reads as a code (`MAD`, `YYZ, CA`).
    public static func typedAsCode(_ text: String) -> Bool {
        let name = text.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return isCodeLike(name.trimmingSpaces)
    }

    /// Two to four capital ASCII letters (`MAD`, `YYZ`, `NYC`, `NY`): how codes are written.
    public static func isCodeLike(_ text: String) -> Bool {
        (2...4).contains(text.utf8.count) && text.utf8.allSatisfy { (0x41...0x5A).contains($0) }
    }
}

/// Another place that answers to the same text, as every JSON document that resolved a place carries it
/// (`alternatives`), so that a script can tell another place may have been meant.
public struct PlaceAlternative: Codable, Sendable, Equatable {
    public var id: Int
    public var name: String
    /// As a place's name shows it (`TX`, `Ontario`), when known.
    public var region: String?
    public var country: String
    public var population: Int?

    public init(_ city: City) {
        id = city.id
        name = city.name
        region = city.regionLabel
        country = city.country
        population = city.population
    }

    /// The alternatives of a resolution as JSON gives them: nil (left out) when there are none.
    public static func list(_ cities: [City]) -> [PlaceAlternative]? {
        cities.isEmpty ? nil : cities.map(PlaceAlternative.init)
    }
}
