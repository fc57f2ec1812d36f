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
    /// `hourly`, `forecast`…), so that they all answer a name the same way: `#2988507`; `Paris` (the most populous
    /// city called exactly that, folded as search folds); `Paris, US`; `Paris, TX, US` (a US state before the
    /// country). A name no city has is an error naming up to three cities that start with it: never some other
    /// city silently.
    public func resolve(name text: String) -> Result<CityResolution, CityResolutionError> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("#") {
            guard let id = Int(trimmed.dropFirst()), let city = city(id: id) else {
                return .failure(.notFound("No city has the id \(String(trimmed.dropFirst()).quotedPreview)."))
            }
            return .success(CityResolution(city: city, alternatives: [], alternativeCount: 0))
        }
        var query = CityQuery(parsing: trimmed)
        var state: String?
        let parts = trimmed.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if parts.count == 3, parts[1].count == 2, parts[2].count == 2, parts[1].allSatisfy(\.isLetter),
            parts[2].allSatisfy(\.isLetter)
        {
            query = CityQuery(prefix: NameFolding.fold(parts[0]), country: parts[2].uppercased())
            state = parts[1].uppercased()
        }
        guard !query.prefix.isEmpty else { return .failure(.invalid("Name a city, or give its id as #ID.")) }
        let page = search(query, limit: 5_000)
        let candidates = page.positions.map(city(at:))
        let exact = candidates.filter {
            NameFolding.fold($0.name) == query.prefix && (state == nil || $0.state == state)
        }
        guard !exact.isEmpty else {
            let near = candidates.filter { state == nil || $0.state == state }
                .sorted { ($0.population ?? 0) > ($1.population ?? 0) }.prefix(3)
                .map { "\($0.name.terminalSafe), \($0.country)" }
            let hint = near.isEmpty ? "" : " Did you mean \(near.joined(separator: " or "))?"
            return .failure(.notFound("No city is called '\(trimmed.quotedPreview)'.\(hint)"))
        }
        // The most populous; ties in search order.
        let ranked = exact.enumerated().sorted { a, b in
            (a.element.population ?? -1) != (b.element.population ?? -1)
                ? (a.element.population ?? -1) > (b.element.population ?? -1) : a.offset < b.offset
        }.map(\.element)
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
