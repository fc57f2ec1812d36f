import CoreKit
import Foundation

/// The city list as a whole, as the features use it: opening it (imported on first use, with progress), which list
/// it is, and replacing it (`cities reload`, `cities reset`). A client (a struct of closures): the live value is
/// the App's `CatalogueStore`; tests pass their own closures.
public struct CityListClient: Sendable {
    public typealias Progress = CatalogueStore.Progress

    /// The list in use, as a directory to query.
    public var open: @Sendable (_ progress: Progress?) async throws(CatalogueError) -> CityDirectory
    public var info: @Sendable (_ progress: Progress?) async throws(CatalogueError) -> CatalogueStore.ListInfo
    /// Loads the list again (from `SKYLENS_CITIES_URL` when set) or, `toBuiltIn`, goes back to the built-in list.
    /// A list that fails keeps the one that was there.
    public var replace:
        @Sendable (_ toBuiltIn: Bool, _ progress: Progress?) async throws(CatalogueError) -> ReloadReport
    /// What the last operations had to tell the user (a download that failed and the list that was kept).
    /// Said in the user's language (`words(notice)`).
    public var takeNotices: @Sendable () async -> [Sentence]
    /// Tab completion: the next word of the city names that start with the words typed (never waits).
    public var nameCompletions: @Sendable (_ words: [String], _ partial: String) -> [String]

    public init(
        open: @escaping @Sendable (Progress?) async throws(CatalogueError) -> CityDirectory,
        info: @escaping @Sendable (Progress?) async throws(CatalogueError) -> CatalogueStore.ListInfo,
        replace: @escaping @Sendable (Bool, Progress?) async throws(CatalogueError) -> ReloadReport,
        takeNotices: @escaping @Sendable () async -> [Sentence] = { [] },
        nameCompletions: @escaping @Sendable ([String], String) -> [String] = { _, _ in [] }
    ) {
        self.open = open
        self.info = info
        self.replace = replace
        self.takeNotices = takeNotices
        self.nameCompletions = nameCompletions
    }

    /// The App's catalogue store.
    public static func live(_ store: CatalogueStore) -> CityListClient {
        CityListClient(
            open: { (progress: Progress?) async throws(CatalogueError) -> CityDirectory in
                let catalogue = try await store.catalogue(progress: progress)
                return CityDirectory.catalogue(catalogue, zones: { store.zoneGrid() })
            },
            info: { (progress: Progress?) async throws(CatalogueError) -> CatalogueStore.ListInfo in
                try await store.info(progress: progress)
            },
            replace: { (toBuiltIn: Bool, progress: Progress?) async throws(CatalogueError) -> ReloadReport in
                toBuiltIn
                    ? try await store.resetToBuiltIn(progress: progress) : try await store.reload(progress: progress)
            },
            takeNotices: { await store.takeNotices() },
            nameCompletions: { words, partial in store.nameCompletions(words: words, partial: partial) })
    }
}
