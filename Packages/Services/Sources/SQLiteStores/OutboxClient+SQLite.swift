import ContactService
import CoreKit
import Foundation
import GRDB
import Persistence

extension OutboxClient {
    /// The `contact_outbox` table of the App's database, shared by every session (claims keep two sessions from
    /// sending a message twice); registers its migrations (once, whoever makes it first).
    public static func sqlite(_ database: AppDatabase) -> OutboxClient {
        database.register(outboxMigrations)
        let location: String =
            switch database.location {
            case .file(let path): path
            case .inMemory: "memory"
            }
        return OutboxClient(
            location: location,
            insert: { (message: ContactMessage, dueAt: Date) async throws(StoreError) in
                try await database.write { db in
                    try db.execute(
                        sql: """
                            INSERT INTO contact_outbox(id, name, email, phone, subject, message, createdAt, state,
                            nextAttemptAt) VALUES (?, ?, ?, ?, ?, ?, ?, 'queued', ?)
                            """,
                        arguments: [
                            message.id, message.name, message.email, message.phone, message.subject, message.message,
                            message.createdAt.timeIntervalSince1970, dueAt.timeIntervalSince1970,
                        ])
                }
            },
            entry: { (id: String) async throws(StoreError) -> OutboxEntry? in
                try await database.read { db in
                    try Row.fetchOne(db, sql: "SELECT * FROM contact_outbox WHERE id = ?", arguments: [id])
                        .map(outboxEntry)
                }
            },
            all: { (limit: Int) async throws(StoreError) -> [OutboxEntry] in
                try await database.read { db in
                    try Row.fetchAll(
                        db, sql: "SELECT * FROM contact_outbox ORDER BY createdAt DESC, id LIMIT ?", arguments: [limit]
                    )
                    .map(outboxEntry)
                }
            },
            counts: { () async throws(StoreError) -> [OutboxEntry.State: Int] in
                try await database.read { db in
                    var counts: [OutboxEntry.State: Int] = [:]
                    for row in try Row.fetchAll(
                        db, sql: "SELECT state, count(*) AS n FROM contact_outbox GROUP BY state")
                    {
                        if let state = OutboxEntry.State(rawValue: row["state"]) { counts[state] = row["n"] }
                    }
                    return counts
                }
            },
            dueIDs: { (now: Date, force: Bool) async throws(StoreError) -> [String] in
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
            },
            claim: { (claim: OutboxClient.Claim) async throws(StoreError) -> Bool in
                try await database.write { db in
                    guard
                        let row = try Row.fetchOne(
                            db, sql: "SELECT state, claimedUntil, claimedBy FROM contact_outbox WHERE id = ?",
                            arguments: [claim.id]),
                        row["state"] as String? == "queued"
                    else { return false }
                    if let held = row["claimedUntil"] as Double?, held >= claim.now.timeIntervalSince1970,
                        let holder = row["claimedBy"] as Int32?, holder == claim.owner || claim.isAlive(holder)
                    {
                        return false
                    }
                    try db.execute(
                        sql: "UPDATE contact_outbox SET claimedUntil = ?, claimedBy = ? WHERE id = ?",
                        arguments: [claim.until.timeIntervalSince1970, claim.owner, claim.id])
                    return true
                }
            },
            markSent: { (id: String, date: Date) async throws(StoreError) in
                try await database.write { db in
                    try db.execute(
                        sql: """
                            UPDATE contact_outbox SET state = 'sent', sentAt = ?, attempts = attempts + 1,
                            lastError = NULL, nextAttemptAt = NULL, claimedUntil = NULL, claimedBy = NULL WHERE id = ?
                            """,
                        arguments: [date.timeIntervalSince1970, id])
                }
            },
            markFailed: { (id: String, reason: Sentence) async throws(StoreError) in
                try await database.write { db in
                    try db.execute(
                        sql: """
                            UPDATE contact_outbox SET state = 'failed', attempts = attempts + 1, lastError = ?,
                            nextAttemptAt = NULL, claimedUntil = NULL, claimedBy = NULL WHERE id = ?
                            """,
                        arguments: [LastError.text(reason), id])
                }
            },
            markRetry: { (id: String, reason: Sentence, next: @escaping Schedule) async throws(StoreError) -> Date in
                try await database.write { db in
                    let attempts =
                        try
                        (Int.fetchOne(db, sql: "SELECT attempts FROM contact_outbox WHERE id = ?", arguments: [id])
                        ?? 0) + 1
                    let due = next(attempts)
                    try db.execute(
                        sql: """
                            UPDATE contact_outbox SET attempts = ?, lastError = ?, nextAttemptAt = ?, claimedUntil = NULL,
                            claimedBy = NULL WHERE id = ? AND state = 'queued'
                            """,
                        arguments: [attempts, LastError.text(reason), due.timeIntervalSince1970, id])
                    return due
                }
            },
            release: { (id: String) async throws(StoreError) in
                try await database.write { db in
                    try db.execute(
                        sql: "UPDATE contact_outbox SET claimedUntil = NULL, claimedBy = NULL WHERE id = ?",
                        arguments: [id])
                }
            })
    }

    static let outboxMigrations: [DatabaseMigration] = [
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
}

private func outboxEntry(_ row: Row) -> OutboxEntry {
    let message = ContactMessage(
        id: row["id"], name: row["name"], email: row["email"], phone: row["phone"], subject: row["subject"],
        message: row["message"], createdAt: Date(timeIntervalSince1970: row["createdAt"]))
    return OutboxEntry(
        message: message,
        state: OutboxEntry.State(rawValue: row["state"]) ?? .queued,
        attempts: row["attempts"],
        lastError: (row["lastError"] as String?).map(LastError.sentence),
        nextAttemptAt: (row["nextAttemptAt"] as Double?).map(Date.init(timeIntervalSince1970:)),
        sentAt: (row["sentAt"] as Double?).map(Date.init(timeIntervalSince1970:)))
}

/// The `lastError` column: a sentence to translate is kept as its JSON (key, catalogue, values), so that it is said in
/// the language of whoever reads the outbox later; text said as it is (a server's words) and rows written before
/// are plain text.
enum LastError {
    static func text(_ sentence: Sentence) -> String {
        guard sentence.table != nil, let data = try? JSONEncoder().encode(sentence) else { return sentence.english }
        return String(decoding: data, as: UTF8.self)
    }

    static func sentence(_ text: String) -> Sentence {
        // Only a catalogue of SkyLens's own (`Services_ContactService`): a row is never a path to another file.
        guard text.hasPrefix("{\""), let sentence = try? JSONDecoder().decode(Sentence.self, from: Data(text.utf8)),
            sentence.isOwnCatalogue
        else { return .verbatim(text) }
        return sentence
    }
}

extension Sentence {
    /// Its catalogues (its own and its values') are named as SkyLens names them: `Module_Target`, letters only.
    fileprivate var isOwnCatalogue: Bool {
        let named =
            table.map { table in
                let parts = table.bundle.split(separator: "_", omittingEmptySubsequences: false)
                return parts.count == 2
                    && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isLetter } }
            } ?? true
        return named
            && values.allSatisfy { value in
                if case .sentence(let inner) = value { return inner.isOwnCatalogue }
                return true
            }
    }
}

/// When the next attempt is due, from the number of attempts so far.
private typealias Schedule = @Sendable (Int) -> Date
