import CoreKit
import GRDB

extension SettingsClient {
    /// The settings in the App's database: the `setting` table (a core migration), one string per key, shared by
    /// every feature.
    public static func sqlite(_ database: AppDatabase) -> SettingsClient {
        SettingsClient(
            value: { (key: String) async throws(StoreError) -> String? in
                try await database.read { db in
                    try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key])
                }
            },
            set: { (value: String?, key: String) async throws(StoreError) in
                try await database.write { db in
                    if let value {
                        try db.execute(
                            sql: """
                                INSERT INTO setting(key, value) VALUES (?, ?)
                                ON CONFLICT(key) DO UPDATE SET value = excluded.value
                                """,
                            arguments: [key, value])
                    } else {
                        try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key])
                    }
                }
            })
    }
}
