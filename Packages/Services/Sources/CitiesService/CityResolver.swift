import CoreKit
import Foundation

/// A city named by what a user typed, and the other cities of that name.
public struct CityResolution: Sendable, Equatable {
    public var city: City
    /// Other cities with exactly this name (elsewhere), most populous first: at most four.
    public var alternatives: [City]
    /// How many other cities have this name in all.
    public var alternativeCount: Int
}

/// Why no city answers to a name, in words for the user.
public enum CityResolutionError: Error, Equatable, Sendable {
    case notFound(String)
    case invalid(String)

    public var message: String {
        switch self {
        case .notFound(let message), .invalid(let message): message
        }
    }
}

extension CityCatalogue {
    /// The one resolution of a place's name, for every command that takes one (`open`, `fav`, `map`, `weather`,
    /// `hourly`, `forecast`…), so that they all answer a name the same way: `#2988507` (or the id of any row merged
    /// into that place); `Paris` (the most populous place called exactly that, folded as search folds); `Paris, US`;
    /// `paris, texas`, `Paris, TX, US`, `london, on` (a region's name or code, then perhaps the country); then
    /// another name (`NYC`, `Cologne`). A name no place has is an error naming up to three places that start with
    /// it: never some other place silently.
    public func resolve(name text: String) -> Result<CityResolution, CityResolutionError> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("#") {
            guard let id = Int(trimmed.dropFirst()), let city = city(id: id) else {
                return .failure(.notFound("No city has the id \(String(trimmed.dropFirst()).quotedPreview)."))
            }
            return .success(CityResolution(city: city, alternatives: [], alternativeCount: 0))
        }
        let query = CityQuery(parsing: trimmed)
        guard !query.prefix.isEmpty else { return .failure(.invalid("Name a city, or give its id as #ID.")) }
        let plan = plan(query)
        let candidates = matches(plan)
        var exact = candidates.filter { folded(at: $0) == plan.prefix }.map { city(at: $0) }
        // Then the places with another name equal to it (`NYC`, `Cologne`), said with the name that found them.
        let exactOthers = otherNameCandidates(plan.prefix, exact: true)
        let byOtherName = merged([], withOtherNames: exactOthers, plan: plan, favorites: nil)
            .filter { entry in !exact.contains { $0.id == id(at: entry.row) } }
            .map { entry in
                var city = city(at: entry.row)
                city.otherName = otherName(entry.otherName)
                return city
            }
        guard !exact.isEmpty || !byOtherName.isEmpty else {
            // Places within two edits (never chosen silently), else those whose name starts with it.
            var near = suggestions(for: trimmed).map(\.city)
            if near.isEmpty {
                near = candidates.sorted { population(at: $0) > population(at: $1) }.prefix(3).map { city(at: $0) }
            }
            let names = near.map { city in
                (city.qualifiedName + (city.otherName.map { " (\($0))" } ?? "")).terminalSafe
            }
            var hint = names.first.map { " Did you mean \($0)?" } ?? ""
            if names.count > 1 { hint += " Also close: \(names.dropFirst().joined(separator: "; "))." }
            return .failure(.notFound("No place called '\(trimmed.quotedPreview)'.\(hint)"))
        }
        // An exact name first, the most populous (known population first; ties in search order); then another name.
        func ranked(_ cities: [City]) -> [City] {
            cities.enumerated().sorted { a, b in
                let x = a.element.population ?? -1, y = b.element.population ?? -1
                return x != y ? x > y : a.offset < b.offset
            }.map(\.element)
        }
        exact = ranked(exact) + ranked(byOtherName)
        let ranked = exact
        let chosen = ranked[0]
        let others = ranked.dropFirst().filter { !($0.latitude == chosen.latitude && $0.longitude == chosen.longitude) }
        return .success(
            CityResolution(city: chosen, alternatives: Array(others.prefix(4)), alternativeCount: others.count))
    }
}

extension String {
    /// At most 40 characters, safe for a terminal: for quoting what was typed in an error.
    fileprivate var quotedPreview: String {
        let safe = terminalSafe
        return safe.count > 40 ? String(safe.prefix(40)) + "…" : safe
    }
}
