import Foundation
import GRDB
import Logging
import Persistence
import WeatherService

/// Every weather response, stored with its fetch time, by provider and place: answers within 10 minutes come from
/// here without a network call, and when the network fails the last one is shown, marked stale.
struct WeatherCache: Sendable {
    let database: AppDatabase

    static let migrations: [DatabaseMigration] = [
        DatabaseMigration("weather.v1.cache") { db in
            try db.create(table: "weather_cache") { table in
                table.column("provider", .text).notNull()
                table.column("place", .text).notNull()
                table.column("fetchedAt", .double).notNull()
                table.column("report", .blob).notNull()
                table.primaryKey(["provider", "place"])
            }
        }
    ]

    struct Entry: Sendable, Equatable {
        var report: WeatherReport
        var fetchedAt: Date
    }

    func entry(provider: String, place: String) async throws(StoreError) -> Entry? {
        let stored = try await database.read { db -> (Data, Double)? in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT report, fetchedAt FROM weather_cache WHERE provider = ? AND place = ?",
                    arguments: [provider, place]),
                let data = row["report"] as Data?
            else { return nil }
            return (data, row["fetchedAt"])
        }
        guard let (data, fetchedAt) = stored, let report = try? Self.decoder.decode(WeatherReport.self, from: data)
        else {
            return nil
        }
        return Entry(report: report, fetchedAt: Date(timeIntervalSince1970: fetchedAt))
    }

    func store(_ report: WeatherReport, provider: String, place: String, at date: Date) async throws(StoreError) {
        let data = (try? Self.encoder.encode(report)) ?? Data()
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO weather_cache(provider, place, fetchedAt, report) VALUES (?, ?, ?, ?)
                    ON CONFLICT(provider, place) DO UPDATE SET fetchedAt = excluded.fetchedAt, report = excluded.report
                    """,
                arguments: [provider, place, date.timeIntervalSince1970, data])
        }
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }()
}

/// The weather of a place: from the cache while fresh, else from the provider (and stored), else the last stored
/// data, marked stale, when the network or the server failed.
struct WeatherRepository: Sendable {
    static let freshFor: TimeInterval = 600

    struct Shown: Sendable, Equatable {
        var report: WeatherReport
        var fetchedAt: Date
        /// Shown because a fetch failed: why.
        var staleBecause: WeatherError?
        var fromCache: Bool
    }

    let client: WeatherClient
    let cache: WeatherCache
    let now: @Sendable () -> Date
    let logger: Logger

    func weather(for location: WeatherLocation, forceRefresh: Bool) async throws(WeatherError) -> Shown {
        let cached = try? await cache.entry(provider: client.provider, place: location.cacheKey)
        if !forceRefresh, let cached, now().timeIntervalSince(cached.fetchedAt) < Self.freshFor,
            now().timeIntervalSince(cached.fetchedAt) >= -60
        {
            return Shown(
                report: relabel(cached.report, location), fetchedAt: cached.fetchedAt, staleBecause: nil,
                fromCache: true)
        }
        do {
            let report = try await client.fetch(location)
            let fetchedAt = now()
            if report.repairs.isEmpty {
                try? await cache.store(report, provider: client.provider, place: location.cacheKey, at: fetchedAt)
            } else {
                // Not kept as a good answer: the next request asks again, and offline the last sound one is shown.
                // Said on screen already; recorded where logs go (`--log-level notice`, `--log-file`).
                logger.notice(
                    "impossible values from the weather provider, left out",
                    metadata: [
                        "provider": "\(client.provider)", "place": "\(location.cacheKey)",
                        "values": "\(report.repairs.joined(separator: "; "))",
                    ])
            }
            return Shown(report: report, fetchedAt: fetchedAt, staleBecause: nil, fromCache: false)
        } catch {
            if error.allowsStaleData, let cached {
                return Shown(
                    report: relabel(cached.report, location), fetchedAt: cached.fetchedAt, staleBecause: error,
                    fromCache: true)
            }
            throw error
        }
    }

    /// The cached data with the place as the user named it now.
    private func relabel(_ report: WeatherReport, _ location: WeatherLocation) -> WeatherReport {
        var report = report
        report.location = location
        return report
    }
}
