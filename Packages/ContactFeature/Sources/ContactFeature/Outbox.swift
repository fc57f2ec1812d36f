import ContactService
import Foundation
import GRDB
import Persistence

/// One message in the outbox, with its delivery state.
struct OutboxEntry: Sendable, Equatable {
    enum State: String, Sendable, Codable {
        /// Not delivered yet; will be tried again.
        case queued
        case sent
        /// The server refused it (a 4xx other than 408/429); not tried again.
        case failed
    }

    var message: ContactMessage
    var state: State
    var attempts: Int
    var lastError: String?
    var nextAttemptAt: Date?
    var sentAt: Date?
}

/// The outbox table: every accepted message is written here first, before any delivery is tried, so that nothing
/// typed is lost to a crash, a kill or a network failure.
struct OutboxStore: Sendable {
    let database: AppDatabase

    /// Registers the outbox's migrations: the table is this store's (a second store on the database adds nothing).
    init(database: AppDatabase) {
        self.database = database
        database.register(Self.migrations)
    }

    static let migrations: [DatabaseMigration] = [
        DatabaseMigration("contact.v1.outbox") { db in
            try db.create(table: "contact_outbox") { table in
                table.primaryKey("id", .text)
                table.column("name", .text).notNull()
                table.column("email", .text).notNull()
                table.column("phone", .text)
                table.column("subject", .text).notNull()
                table.column("message", .text).notNull()
                table.column("createdAt", .double).notNull()
                table.column("state", .text).notNull().check(sql: "state IN ('queued', 'sent', 'failed')")
                table.column("attempts", .integer).notNull().defaults(to: 0)
                table.column("lastError", .text)
                table.column("nextAttemptAt", .double)
                table.column("sentAt", .double)
                /// Until when one process has taken the message for a delivery attempt (so two never send it at once).
                table.column("claimedUntil", .double)
            }
            try db.create(index: "contact_outbox_due", on: "contact_outbox", columns: ["state", "nextAttemptAt"])
        },
        DatabaseMigration("contact.v2.outbox-claimant") { db in
            /// The process id of the process holding the claim: a claim of a process that died is taken over.
            try db.alter(table: "contact_outbox") { table in table.add(column: "claimedBy", .integer) }
        },
    ]

    func insert(_ message: ContactMessage, dueAt: Date) async throws(StoreError) {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO contact_outbox(id, name, email, phone, subject, message, createdAt, state, nextAttemptAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, 'queued', ?)
                    """,
                arguments: [
                    message.id, message.name, message.email, message.phone, message.subject, message.message,
                    message.createdAt.timeIntervalSince1970, dueAt.timeIntervalSince1970,
                ])
        }
    }

    func entry(id: String) async throws(StoreError) -> OutboxEntry? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM contact_outbox WHERE id = ?", arguments: [id]).map(Self.entry)
        }
    }

    /// Newest first.
    func all(limit: Int = 1_000) async throws(StoreError) -> [OutboxEntry] {
        try await database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM contact_outbox ORDER BY createdAt DESC, id LIMIT ?", arguments: [limit]
            )
            .map(Self.entry)
        }
    }

    /// How many messages there are in each state.
    func counts() async throws(StoreError) -> [OutboxEntry.State: Int] {
        try await database.read { db in
            var counts: [OutboxEntry.State: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT state, count(*) AS n FROM contact_outbox GROUP BY state") {
                if let state = OutboxEntry.State(rawValue: row["state"]) { counts[state] = row["n"] }
            }
            return counts
        }
    }

    /// Queued messages whose next attempt is due (all queued ones when `force`), oldest first.
    func dueIDs(at now: Date, force: Bool) async throws(StoreError) -> [String] {
        try await database.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT id FROM contact_outbox
                    WHERE state = 'queued' AND (? OR nextAttemptAt IS NULL OR nextAttemptAt <= ?)
                    ORDER BY createdAt, id
                    """,
                arguments: [force, now.timeIntervalSince1970])
        }
    }

    /// Takes a queued message for one delivery attempt until `until`, for process `owner`. False when it is no
    /// longer queued, or an unexpired claim is held by this process or another that is still alive (a claim of a
    /// process that died is taken over at once).
    func claim(
        id: String, now: Date, until: Date, owner: Int32, isAlive: @escaping @Sendable (Int32) -> Bool
    )
        async throws(StoreError) -> Bool
    {
        try await database.write { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT state, claimedUntil, claimedBy FROM contact_outbox WHERE id = ?", arguments: [id]),
                row["state"] as String? == "queued"
            else { return false }
            if let held = row["claimedUntil"] as Double?, held >= now.timeIntervalSince1970,
                let holder = row["claimedBy"] as Int32?, holder == owner || isAlive(holder)
            {
                return false
            }
            try db.execute(
                sql: "UPDATE contact_outbox SET claimedUntil = ?, claimedBy = ? WHERE id = ?",
                arguments: [until.timeIntervalSince1970, owner, id])
            return true
        }
    }

    func markSent(id: String, at date: Date) async throws(StoreError) {
        try await database.write { db in
            try db.execute(
                sql: """
                    UPDATE contact_outbox SET state = 'sent', sentAt = ?, attempts = attempts + 1, lastError = NULL,
                    nextAttemptAt = NULL, claimedUntil = NULL, claimedBy = NULL WHERE id = ?
                    """,
                arguments: [date.timeIntervalSince1970, id])
        }
    }

    func markFailed(id: String, reason: String) async throws(StoreError) {
        try await database.write { db in
            try db.execute(
                sql: """
                    UPDATE contact_outbox SET state = 'failed', attempts = attempts + 1, lastError = ?,
                    nextAttemptAt = NULL, claimedUntil = NULL, claimedBy = NULL WHERE id = ?
                    """,
                arguments: [reason, id])
        }
    }

    /// Records a failed attempt, in one transaction; returns when the next attempt is due.
    func markRetry(
        id: String, reason: String, next: @escaping @Sendable (_ attempts: Int) -> Date
    ) async throws(StoreError)
        -> Date
    {
        try await database.write { db in
            let attempts =
                try (Int.fetchOne(db, sql: "SELECT attempts FROM contact_outbox WHERE id = ?", arguments: [id]) ?? 0)
                + 1
            let due = next(attempts)
            try db.execute(
                sql: """
                    UPDATE contact_outbox SET attempts = ?, lastError = ?, nextAttemptAt = ?, claimedUntil = NULL,
                    claimedBy = NULL WHERE id = ? AND state = 'queued'
                    """,
                arguments: [attempts, reason, due.timeIntervalSince1970, id])
            return due
        }
    }

    /// Gives the message back without counting an attempt (no endpoint configured).
    func release(id: String) async throws(StoreError) {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE contact_outbox SET claimedUntil = NULL, claimedBy = NULL WHERE id = ?", arguments: [id])
        }
    }

    private static func entry(_ row: Row) -> OutboxEntry {
        let message = ContactMessage(
            id: row["id"], name: row["name"], email: row["email"], phone: row["phone"], subject: row["subject"],
            message: row["message"], createdAt: Date(timeIntervalSince1970: row["createdAt"]))
        return OutboxEntry(
            message: message,
            state: OutboxEntry.State(rawValue: row["state"]) ?? .queued,
            attempts: row["attempts"],
            lastError: row["lastError"],
            nextAttemptAt: (row["nextAttemptAt"] as Double?).map(Date.init(timeIntervalSince1970:)),
            sentAt: (row["sentAt"] as Double?).map(Date.init(timeIntervalSince1970:)))
    }
}
