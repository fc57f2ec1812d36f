import CoreKit
import Foundation
import Localization

/// A city named by what a user typed, and the other cities that answer to the same text.
public struct CityResolution: Sendable, Equatable {
    public var city: City
    /// Other places that answer to the same text (by their name, another name or a code), most likely meant first
    /// (`PlaceRanking`): at most five.
    public var alternatives: [City]
    /// How many other places answer to it in all.
    public var alternativeCount: Int
    /// The runner-up when it scores close to the chosen place (`PlaceRanking.closeMargin`): worth one line, `Also:
    /// San José, San Jose, CR`.
    public var closeRunnerUp: City?

    public init(city: City, alternatives: [City] = [], alternativeCount: Int = 0, closeRunnerUp: City? = nil) {
        self.city = city
        self.alternatives = alternatives
        self.alternativeCount = alternativeCount
        self.closeRunnerUp = closeRunnerUp
    }
}

/// Why no city answers to a name: said in the user's language by `problem.message(_:)`.
public enum CityResolutionError: Error, Equatable, Sendable {
    case notFound(PlaceProblem)
    case invalid(PlaceProblem)

    public var problem: PlaceProblem {
        switch self {
        case .notFound(let problem), .invalid(let problem): problem
        }
    }

    /// In English (logs, tests).
    public var message: String { problem.message }
}

extension CityCatalogue {
    /// The one resolution of a place's name, for every command that takes one (`open`, `fav`, `map`, `weather`,
    /// `hourly`, `forecast`, `sky`…), so that they all answer a name the same way: `#2988507` (or the id of any row
    /// merged into that place); a name, another name or a code (`Paris`, `Bombay`, `MAD`), narrowed by a region and a
    /// country (`Paris, US`, `paris, texas`, `Paris, TX, US`, `london, on`). Every place that answers to the text is
    /// ranked by `PlaceRanking` (how it matched, how important it is) and the best is chosen; the others are its
    /// alternatives. A name no place has is an error naming the places it could be a typo of, or that start with it:
    /// never some other place silently.
    public func resolve(name text: String) -> Result<CityResolution, CityResolutionError> {
        let trimmed = text.trimmingSpaces
        if trimmed.hasPrefix("#") {
            guard let id = Int(trimmed.dropFirst()), let city = city(id: id) else {
                return .failure(.notFound(.noSuchID(String(trimmed.dropFirst()).quotedPreview)))
            }
            return .success(CityResolution(city: city))
        }
        let query = CityQuery(parsing: trimmed)
        guard !query.prefix.isEmpty else { return .failure(.invalid(.nameNeeded)) }
        var ranked = rankedCandidates(query, typedAsCode: PlaceRanking.typedAsCode(trimmed))
        // One place listed twice, under its own name and as another name of a larger neighbour (`New Delhi`, and
        // Delhi's other name "New Delhi"): the place of that name, when it is a town of known size within 25 km.
        if let first = ranked.first, first.city.otherName != nil,
            let own = ranked.firstIndex(where: { candidate in
                candidate.city.otherName == nil && candidate.city.isTown && (candidate.city.population ?? 0) > 0
                    && Geo.distance(
                        latitude1: candidate.city.latitude, longitude1: candidate.city.longitude,
                        latitude2: first.city.latitude, longitude2: first.city.longitude) <= 25
            })
        {
            ranked.insert(ranked.remove(at: own), at: 0)
        }
        guard let chosen = ranked.first else {
            // Places within two edits (never chosen silently), else those whose name starts with it.
            var near = suggestions(for: trimmed).map(\.city)
            if near.isEmpty {
                near = matches(plan(query)).sorted { importance(at: $0) > importance(at: $1) }.prefix(3).map {
                    city(at: $0)
                }
            }
            let names = near.map { city in
                (city.qualifiedName + (city.otherName.map { " (\($0))" } ?? "")).terminalSafe
            }
            return .failure(.notFound(.noSuchName(trimmed.quotedPreview, near: names)))
        }
        // Rows at the very same point are one place listed twice (a region's row at its capital's point): not an
        // alternative.
        let others = ranked.dropFirst().filter {
            !($0.city.latitude == chosen.city.latitude && $0.city.longitude == chosen.city.longitude)
        }
        let runnerUp = others.first.flatMap { chosen.score - $0.score < PlaceRanking.closeMargin ? $0.city : nil }
        return .success(
            CityResolution(
                city: chosen.city, alternatives: others.prefix(5).map(\.city), alternativeCount: others.count,
                closeRunnerUp: runnerUp))
    }

    /// Every place that answers to the query (its folded name equal to the query's, or another name or code equal to
    /// it, within the qualifiers), each once with its best score, the likeliest first (ties: its own name first,
    /// then search order).
    func rankedCandidates(_ query: CityQuery, typedAsCode: Bool) -> [(city: City, score: Double)] {
        let plan = plan(query)
        var best: [Int: (score: Double, otherName: Int, order: Int)] = [:]
        func consider(_ row: Int, _ match: PlaceRanking.Match, otherName: Int, order: Int) {
            let score = PlaceRanking.score(importance: importance(at: row), match: match)
            if let known = best[row], known.score >= score { return }
            best[row] = (score, otherName, order)
        }
        for (order, row) in matches(plan).enumerated() where folded(at: row) == plan.prefix {
            consider(row, .name, otherName: -1, order: order)
        }
        let table = otherNames
        let exactOthers = otherNameCandidates(plan.prefix, exact: true)
        for index in exactOthers {
            let row = table.row(index)
            if let country = plan.country, countries[row] != country { continue }
            if let filter = plan.filter, !filter(row) { continue }
            let match: PlaceRanking.Match =
                switch table.kind(index) {
                case .name: .otherName
                case .code, .airport: .code(typedAsCode: typedAsCode)
                }
            consider(row, match, otherName: index, order: count + index)
        }
        return best.sorted { a, b in
            if a.value.score != b.value.score { return a.value.score > b.value.score }
            return a.value.order < b.value.order
        }.map { entry in
            var city = city(at: entry.key)
            if entry.value.otherName >= 0 { city.otherName = otherName(entry.value.otherName) }
            return (city, entry.value.score)
        }
    }
}

extension String {
    /// At most 40 characters, safe for a terminal: for quoting what was typed in an error.
    fileprivate var quotedPreview: String {
        let safe = terminalSafe
        return safe.count > 40 ? String(safe.prefix(40)) + "…" : safe
    }
}
