import CoreKit
import Foundation
import Synchronization

/// A weather answer as it was stored, with when it was fetched.
public struct CachedWeather: Sendable, Equatable {
    public var report: WeatherReport
    public var fetchedAt: Date

    public init(report: WeatherReport, fetchedAt: Date) {
        self.report = report
        self.fetchedAt = fetchedAt
    }
}

/// Every weather answer, kept with its fetch time, by provider and place: answers within 10 minutes come from here
/// without a network call, and when the network fails the last one is shown, marked stale. A client: the live value
/// (`WeatherCacheClient.sqlite(_:)`, module `SQLiteStores`) is a table of the App's database; `inMemory()` is for
/// tests.
public struct WeatherCacheClient: Sendable {
    public var entry: @Sendable (_ provider: String, _ place: String) async throws(StoreError) -> CachedWeather?
    public var store:
        @Sendable (_ report: WeatherReport, _ provider: String, _ place: String, _ at: Date) async throws(StoreError)
            -> Void

    public init(
        entry: @escaping @Sendable (String, String) async throws(StoreError) -> CachedWeather?,
        store: @escaping @Sendable (WeatherReport, String, String, Date) async throws(StoreError) -> Void
    ) {
        self.entry = entry
        self.store = store
    }

    public func entry(provider: String, place: String) async throws(StoreError) -> CachedWeather? {
        try await entry(provider, place)
    }

    public func store(_ report: WeatherReport, provider: String, place: String, at date: Date) async throws(StoreError)
    {
        try await store(report, provider, place, date)
    }

    /// A cache in memory.
    public static func inMemory() -> WeatherCacheClient {
        struct Key: Hashable {
            var provider: String
            var place: String
        }
        let entries = Mutex<[Key: CachedWeather]>([:])
        return WeatherCacheClient(
            entry: { provider, place in entries.withLock { $0[Key(provider: provider, place: place)] } },
            store: { report, provider, place, date in
                entries.withLock {
                    $0[Key(provider: provider, place: place)] = CachedWeather(report: report, fetchedAt: date)
                }
            })
    }
}
