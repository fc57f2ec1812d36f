import CoreKit
import Foundation
import Localization

/// The place every feature starts from when none is named: the last place any feature showed (`weather Paris`, then
/// `sky` is Paris's sky, and `map` Paris's map), kept across sessions; before any, the default place (the `place`
/// setting: `place:` in the config file or SKYLENS_PLACE; Toronto, as the original app had it). One memory for the
/// App, not one per feature: after `sky Tromsø`, `weather` is Tromsø's.
public struct PlaceMemory: Sendable {
    /// The settings key of the last place: `#ID` or `LAT,LON`.
    public static let key = "place.last"
    /// The keys each feature kept its own last place under before there was one memory: read when there is none.
    static let formerKeys = ["weather.lastPlace", "sky.lastPlace"]
    /// Toronto (#6167865), as the original app started.
    public static let builtInDefault = "#6167865"

    /// What the features start from when nothing has been shown yet.
    public struct Start: Sendable, Equatable {
        /// What to resolve: `#6167865`, `Paris, FR`, `43.7,-79.4`.
        public var text: String
        /// True when it is the default place (nothing shown yet, or the store cannot be read): said by the view.
        public var isDefault: Bool
        /// Why the last place could not be read (a data directory that is a file, a store from a newer SkyLens):
        /// the default place stands in, said, and the feature still answers.
        public var problem: String? = nil

        /// What the view says about where it started, for `name`, the place shown; nil when it was the last place.
        /// In English; `note(_:words:)` in the user's language.
        public func note(_ name: String) -> String? { note(name, words: .english()) }

        /// The same in the user's language (`words`: CitiesService's, `PlaceWords.catalogue()`).
        public func note(_ name: String, words: Words) -> String? {
            guard isDefault else { return nil }
            if let problem {
                let reason = problem.trimmingCharacters(in: CharacterSet(charactersIn: "."))
                return words("The last place cannot be read (%1$@); showing %2$@, the default place.", reason, name)
            }
            return PlaceMemory.defaultNote(name, words: words)
        }
    }

    private let settings: SettingsClient
    /// The `place` setting, or `builtInDefault`.
    public let defaultPlace: String

    public init(settings: SettingsClient, defaultPlace: String? = nil) {
        self.settings = settings
        let trimmed = defaultPlace?.trimmingSpaces ?? ""
        self.defaultPlace = trimmed.isEmpty ? Self.builtInDefault : trimmed
    }

    /// The last place shown, else the default. A store that cannot be read gives the default with the reason (said
    /// by the view, never silently in place of a place that is kept): the feature still answers.
    public func start() async -> Start {
        do throws(StoreError) {
            if let last = try await settings.value(for: Self.key), !last.isEmpty {
                return Start(text: last, isDefault: false)
            }
            for key in Self.formerKeys {
                if let former = try await settings.value(for: key), !former.isEmpty {
                    return Start(text: former, isDefault: false)
                }
            }
            return Start(text: defaultPlace, isDefault: true)
        } catch {
            return Start(text: defaultPlace, isDefault: true, problem: error.message)
        }
    }

    /// Keeps `place` as the last place shown.
    public func remember(_ place: Place) async throws(StoreError) {
        try await remember(id: place.id, latitude: place.latitude, longitude: place.longitude)
    }

    /// Keeps a city (by id) or a point as the last place shown.
    public func remember(id: Int?, latitude: Double, longitude: Double) async throws(StoreError) {
        try await settings.set(id.map { "#\($0)" } ?? "\(latitude),\(longitude)", for: Self.key)
    }

    /// The note the first view from the default place shows (once: the place is then the last one shown).
    public static func defaultNote(_ name: String, words: Words = .english()) -> String {
        words(
            "No place named yet: %@, the default place ('place:' in the config file, or SKYLENS_PLACE, changes it).",
            name)
    }
}
