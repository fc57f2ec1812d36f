import Localization

/// Why a text names no place, said in the user's language (`message(_:)`, with CitiesService's words) or in English
/// (`message`).
public enum PlaceProblem: Error, Equatable, Sendable {
    /// `#123`: no city has that id (the id as typed).
    case noSuchID(String)
    /// No place has that name (as typed); `near`: the places it may be a typo of, or that start with it, the likeliest
    /// first.
    case noSuchName(String, near: [String])
    /// An empty name.
    case nameNeeded
    /// Not a name, an id or coordinates.
    case notAPlace

    /// In English (logs, tests).
    public var message: String { message(.english()) }

    /// In the user's language: `words` are CitiesService's (`PlaceWords.catalogue()`).
    public func message(_ words: Words) -> String {
        switch self {
        case .noSuchID(let id): return words("No city has the id %@.", id)
        case .noSuchName(let name, let near):
            var text = words("No place called '%@'.", name)
            if let first = near.first { text += " " + words("Did you mean %@?", first) }
            if near.count > 1 { text += " " + words("Also close: %@.", near.dropFirst().joined(separator: "; ")) }
            return text
        case .nameNeeded: return words("Name a city, or give its id as #ID.")
        case .notAPlace: return words("Name a city, an id as #ID, or coordinates as lat,lon.")
        }
    }
}

/// Where CitiesService's words are: its String Catalog, beside the city list in its resource bundle.
public enum PlaceWords {
    /// A feature keeps one (read once, when a language first needs it) for the place messages it shows.
    public static func catalogue() -> StringCatalogSource { StringCatalogSource(bundle: "Services_CitiesService") }
}

/// The note a feature shows when it started from the default place (or could not read the last one): kept by the
/// model, said by the command in the user's language.
public struct StartNote: Equatable, Sendable {
    public var start: PlaceMemory.Start
    /// The place shown.
    public var name: String

    public init(start: PlaceMemory.Start, name: String) {
        self.start = start
        self.name = name
    }

    /// The note (`words`: CitiesService's); nil when the place shown was the last one.
    public func text(_ words: Words) -> String? { start.note(name, words: words) }
}

extension PlaceMemory.Start {
    /// The note to say for `name`, the place shown; nil when it was the last place (nothing to say).
    public func startNote(_ name: String) -> StartNote? { isDefault ? StartNote(start: self, name: name) : nil }
}
