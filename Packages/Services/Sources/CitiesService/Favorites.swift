import CoreKit
import Foundation
import GRDB
import Persistence

/// A favourite city as stored: its id, and its name, country and coordinates as they were when it was kept (or first
/// seen since), so that a city list that lacks it (one from `SKYLENS_CITIES_URL`) cannot make it vanish.
public struct Favorite: Sendable, Equatable {
    public var id: Int
    public var name: String?
    public var country: String?
    public var latitude: Double?
    public var longitude: Double?
    public var addedAt: Date

    public init(
        id: Int, name: String? = nil, country: String? = nil, latitude: Double? = nil, longitude: Double? = nil,
        addedAt: Date
    ) {
        self.id = id
        self.name = name
        self.country = country
        self.latitude = latitude
        self.longitude = longitude
        self.addedAt = addedAt
    }

    /// The city as stored, when its details are known (a favourite kept before they were stored has none until a
    /// list that has it is opened).
    public var city: City? {
        guard let name, let latitude, let longitude else { return nil }
        return City(id: id, name: name, country: country ?? "", latitude: latitude, longitude: longitude)
    }
}

/// Favourite cities in the App's database: one store for every feature (the map and the weather). They survive
/// restarts and catalogue reloads; one the current catalogue lacks keeps its name and place, is listed and can be
/// removed, and comes back whole with a list that has it.
public struct FavoritesStore: Sendable {
    private let database: AppDatabase

    /// Contributed by every feature that uses favourites; the database runs each step once.
    public static let migrations: [DatabaseMigration] = [
        DatabaseMigration("cities.v1.favorites") { db in
            try db.create(table: "favorite_city") { table in
                table.primaryKey("id", .integer)
                table.column("addedAt", .double).notNull()
            }
        },
        DatabaseMigration("cities.v2.favorite-details") { db in
            try db.alter(table: "favorite_city") { table in
                table.add(column: "name", .text)
                table.add(column: "country", .text)
                table.add(column: "latitude", .double)
                table.add(column: "longitude", .double)
            }
        },
    ]

    /// Registers the favourites' migrations (the table is this store's; a second store on the same database adds
    /// nothing).
    public init(database: AppDatabase) {
        self.database = database
        database.register(Self.migrations)
    }

    public func ids() async throws(StoreError) -> Set<Int> {
        try await database.read { db in Set(try Int.fetchAll(db, sql: "SELECT id FROM favorite_city")) }
    }

    /// Every favourite, oldest first.
    public func all() async throws(StoreError) -> [Favorite] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT id, name, country, latitude, longitude, addedAt FROM favorite_city ORDER BY addedAt, id"
            ).map { row in
                Favorite(
                    id: row["id"], name: row["name"], country: row["country"], latitude: row["latitude"],
                    longitude: row["longitude"], addedAt: Date(timeIntervalSince1970: row["addedAt"]))
            }
        }
    }

    /// Keeps `city` as a favourite, with its details. True when it was not a favourite before.
    @discardableResult
    public func add(_ city: City, at date: Date) async throws(StoreError) -> Bool {
        try await database.write { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO favorite_city(id, addedAt) VALUES (?, ?)",
                arguments: [city.id, date.timeIntervalSince1970])
            let added = db.changesCount == 1
            try Self.store(city, in: db)
            return added
        }
    }

    /// Records the details of favourites kept before they were stored (or stored from another list), as the open
    /// list has them.
    public func recordDetails(_ cities: [City]) async throws(StoreError) {
        guard !cities.isEmpty else { return }
        try await database.write { db in
            for city in cities { try Self.store(city, in: db) }
        }
    }

    private static func store(_ city: City, in db: Database) throws {
        try db.execute(
            sql: "UPDATE favorite_city SET name = ?, country = ?, latitude = ?, longitude = ? WHERE id = ?",
            arguments: [city.name, city.country, city.latitude, city.longitude, city.id])
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
