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
    public static func inMemory() -> WeatherCacheClient { WeatherCacheClient(AnswerCache<WeatherReport>.inMemory()) }

    /// Over a cache of answers of any kind (`AnswerCache.sqlite` in the App).
    public init(_ answers: AnswerCache<WeatherReport>) {
        self.init(
            entry: { provider, place throws(StoreError) in
                try await answers.entry(provider, place).map {
                    CachedWeather(report: $0.value, fetchedAt: $0.fetchedAt)
                }
            },
            store: { report, provider, place, date throws(StoreError) in
                try await answers.store(report, provider, place, date)
            })
    }
}

/// Answers kept with their fetch time, by provider and place: weather reports, air quality. The live value
/// (`AnswerCache.sqlite(_:)`, module `SQLiteStores`) is one table of the App's database; `inMemory()` is for tests.
public struct AnswerCache<Value: Codable & Sendable>: Sendable {
    public var entry: @Sendable (_ provider: String, _ place: String) async throws(StoreError) -> Kept?
    public var store:
        @Sendable (_ value: Value, _ provider: String, _ place: String, _ at: Date) async throws(StoreError)
            -> Void

    /// An answer as it was stored.
    public struct Kept: Sendable {
        public var value: Value
        public var fetchedAt: Date

        public init(value: Value, fetchedAt: Date) {
            self.value = value
            self.fetchedAt = fetchedAt
        }
    }

    public init(
        entry: @escaping @Sendable (String, String) async throws(StoreError) -> Kept?,
        store: @escaping @Sendable (Value, String, String, Date) async throws(StoreError) -> Void
    ) {
        self.entry = entry
        self.store = store
    }

    /// How an answer is kept: JSON, its dates as seconds since 1970 (as the App's table has always held them). What
    /// the SQLite cache writes and reads, and what its tests check the stored form with.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }

    /// A cache in memory.
    public static func inMemory() -> Self {
        let entries = Mutex<[AnswerKey: Kept]>([:])
        return Self(
            entry: { provider, place in entries.withLock { $0[AnswerKey(provider: provider, place: place)] } },
            store: { value, provider, place, date in
                entries.withLock {
                    $0[AnswerKey(provider: provider, place: place)] = Kept(value: value, fetchedAt: date)
                }
            })
    }
}

/// Where an answer is kept in memory.
private struct AnswerKey: Hashable {
    var provider: String
    var place: String
}
