import CoreKit
import Foundation
import GRDB
import Persistence
import WeatherService

extension WeatherCacheClient {
    /// The `weather_cache` table of the App's database; registers its migration (once, whoever makes it first).
    public static func sqlite(_ database: AppDatabase) -> WeatherCacheClient {
        WeatherCacheClient(AnswerCache<WeatherReport>.sqlite(database))
    }
}

extension AnswerCache {
    /// The `weather_cache` table of the App's database (the provider names the kind of answer: `open-meteo`,
    /// `open-meteo-air`); registers its migration (once, whoever makes it first).
    public static func sqlite(_ database: AppDatabase) -> Self {
        database.register(WeatherCacheClient.weatherCacheMigrations)
        return Self(
            entry: { (provider: String, place: String) async throws(StoreError) -> Kept? in
                let stored = try await database.read { db -> (Data, Double)? in
                    guard
                        let row = try Row.fetchOne(
                            db, sql: "SELECT report, fetchedAt FROM weather_cache WHERE provider = ? AND place = ?",
                            arguments: [provider, place]),
                        let data = row["report"] as Data?
                    else { return nil }
                    return (data, row["fetchedAt"])
                }
                // An entry this version cannot read is no entry: the next answer replaces it.
                guard let (data, fetchedAt) = stored, let value = try? Self.decoder().decode(Value.self, from: data)
                else { return nil }
                return Kept(value: value, fetchedAt: Date(timeIntervalSince1970: fetchedAt))
            },
            store: { (value: Value, provider: String, place: String, date: Date) async throws(StoreError) in
                let data = (try? Self.encoder().encode(value)) ?? Data()
                try await database.write { db in
                    try db.execute(
                        sql: """
                            INSERT INTO weather_cache(provider, place, fetchedAt, report) VALUES (?, ?, ?, ?)
                            ON CONFLICT(provider, place) DO UPDATE SET fetchedAt = excluded.fetchedAt,
                            report = excluded.report
                            """,
                        arguments: [provider, place, date.timeIntervalSince1970, data])
                }
            })
    }
}

extension WeatherCacheClient {
    static let weatherCacheMigrations: [DatabaseMigration] = [
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
}
