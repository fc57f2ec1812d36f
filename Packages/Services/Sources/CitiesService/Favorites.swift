import Foundation
import GRDB
import Persistence

/// Favourite cities, by city id, in the App's database: one store for every feature (the map and the weather).
/// They survive restarts and catalogue reloads; an id the current catalogue lacks stays, and comes back with it.
public struct FavoritesStore: Sendable {
    private let database: AppDatabase

    /// Contributed by every feature that uses favourites; the database runs it once.
    public static let migrations: [DatabaseMigration] = [
        DatabaseMigration("cities.v1.favorites") { db in
            try db.create(table: "favorite_city") { table in
                table.primaryKey("id", .integer)
                table.column("addedAt", .double).notNull()
            }
        }
    ]

    public init(database: AppDatabase) {
        self.database = database
    }

    public func ids() async throws(StoreError) -> Set<Int> {
        try await database.read { db in Set(try Int.fetchAll(db, sql: "SELECT id FROM favorite_city")) }
    }

    /// True when it was not a favourite before.
    @discardableResult
    public func add(_ id: Int, at date: Date) async throws(StoreError) -> Bool {
        try await database.write { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO favorite_city(id, addedAt) VALUES (?, ?)",
                arguments: [id, date.timeIntervalSince1970])
            return db.changesCount == 1
        }
    }

    /// True when it was a favourite.
    @discardableResult
    public func remove(_ id: Int) async throws(StoreError) -> Bool {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM favorite_city WHERE id = ?", arguments: [id])
            return db.changesCount == 1
        }
    }
}
