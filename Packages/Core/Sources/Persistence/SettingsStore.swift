import GRDB

/// Persistent settings (the unit, the last city): one string per key, shared by every feature.
public struct SettingsStore: Sendable {
    private let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    public func value(for key: String) async throws(StoreError) -> String? {
        try await database.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key])
        }
    }

    public func set(_ value: String?, for key: String) async throws(StoreError) {
        try await database.write { db in
            if let value {
                try db.execute(
                    sql:
                        "INSERT INTO setting(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                    arguments: [key, value])
            } else {
                try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key])
            }
        }
    }
}
