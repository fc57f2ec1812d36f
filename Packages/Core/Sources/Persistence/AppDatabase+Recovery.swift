import CoreKit
import Foundation
import GRDB
import Logging

/// What the App finds at the store's path before it opens it, and how it saves what it can from a damaged store.
extension AppDatabase {
    /// SkyLens's mark in the SQLite header (`PRAGMA application_id`): "SkyL".
    public static let applicationID: Int32 = 0x536B_794C

    enum Identity: Equatable {
        /// Nothing there yet, an empty file, or a database without tables.
        case fresh
        /// Marked as SkyLens's.
        case ours
        /// A SkyLens store from before the mark: every schema step it records is one of SkyLens's modules'.
        case legacy
        /// Another application's SQLite file, in words: "another application's database (application id 0x…)".
        case foreign(Sentence)
    }

    /// The first 100 bytes of the store (SQLite's header), read without writing or changing the file; fewer when the
    /// file is shorter; nil when there is no plain file or it is empty.
    static func header(atPath path: String) -> [UInt8]? {
        guard let (descriptor, size) = try? RegularFile.open(path, limit: .max) else { return nil }
        defer { close(descriptor) }
        guard size > 0 else { return nil }
        var header = [UInt8](repeating: 0, count: 100)
        let read = try? header.withUnsafeMutableBytes { buffer throws(FileReadError) in
            try RegularFile.readFully(descriptor, into: buffer, path: path)
        }
        return Array(header.prefix(read ?? 0))
    }

    /// True when a header (`header(atPath:)`) says WAL (its read and write versions are 2).
    static func isWAL(_ header: [UInt8]?) -> Bool {
        guard let header, header.count == 100 else { return false }
        return header[18] == 2 && header[19] == 2
    }

    /// What the store's header says (never writing, never changing the file) and, for an unmarked file, its table
    /// names.
    /// A file that is not SQLite at all is `ours` here: opening it fails as unreadable, and it is salvaged from.
    func identify(_ path: String, header: [UInt8]?, migrations: [DatabaseMigration]) -> Identity {
        guard let header else { return .fresh }
        guard header.count == 100, header.starts(with: Array("SQLite format 3\0".utf8)) else { return .ours }
        let identifier = header[68..<72].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        if Int32(bitPattern: identifier) == Self.applicationID { return .ours }
        if identifier != 0 {
            return .foreign(
                Sentence(
                    "another application's database (application id 0x%@)", .text(String(identifier, radix: 16)),
                    table: .core))
        }
        var configuration = configuration()
        configuration.readonly = true
        guard let queue = try? DatabaseQueue(path: path, configuration: configuration),
            let (tables, steps) = try? queue.read({ db -> ([String], [String]) in
                let tables = try String.fetchAll(
                    db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
                let steps =
                    tables.contains("grdb_migrations")
                    ? try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") : []
                return (tables, steps)
            })
        else { return .ours }
        if tables.isEmpty { return .fresh }
        let modules = Set(migrations.map { Self.module(of: $0.identifier) })
        if tables.contains("grdb_migrations"), !steps.isEmpty,
            steps.allSatisfy({ modules.contains(Self.module(of: $0)) })
        {
            return .legacy
        }
        let names = tables.prefix(3).map { $0.terminalSafe }.joined(separator: ", ")
        return .foreign(
            Sentence(
                "another application's SQLite database (tables %@)", .text(names + (tables.count > 3 ? ", …" : "")),
                table: .core))
    }

    private static func module(of identifier: String) -> Substring {
        identifier.prefix { $0 != "." }
    }

    /// What `PRAGMA quick_check` found wrong, or nil when the store is sound. Quick: it reads every page once
    /// (a store of a few MB takes milliseconds), without checking indexes against tables.
    /// Read only, so the file is unchanged if it is kept aside. Nil too when the check cannot run for another
    /// reason (a file that is not SQLite at all, a folder that cannot be read): opening then says why.
    func damage(atPath path: String) -> String? {
        var configuration = configuration()
        configuration.readonly = true
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT {
            return error.message ?? "damaged"
        } catch {
            return nil
        }
        defer { try? queue.close() }
        return damage(in: queue)
    }

    /// Whether the store's WAL holds nothing (no `-wal` file, or an empty one).
    static func walIsEmpty(_ path: String) -> Bool {
        switch FileKind.at(path + "-wal") {
        case .missing, .regular(size: 0): true
        default: false
        }
    }

    /// What `PRAGMA quick_check` found wrong through a connection already open, or nil (as `damage(atPath:)`).
    func damage(in reader: some DatabaseReader) -> String? {
        do {
            let findings = try reader.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check(3)") }
            return findings == ["ok"] ? nil : findings.joined(separator: "; ")
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT {
            return error.message ?? "damaged"
        } catch {
            return nil
        }
    }

    /// Keeps the damaged store aside, starts a fresh one and copies into it every row that can still be read from
    /// each of the fresh store's tables, then says what happened in `notices`.
    func salvage(
        _ path: String, reason: String, migrations: [DatabaseMigration], notices: inout [Sentence]
    ) throws(StoreError) -> DatabasePool {
        let aside = try moveAside(path, tag: "damaged")
        logger.notice("database damaged; kept aside", metadata: ["path": "\(path)", "reason": "\(reason)"])
        let fresh: DatabasePool
        do { fresh = try openPool(at: path, migrations: migrations) } catch { throw map(error, path: path) }
        let outcome = Self.copyReadableRows(from: aside, into: fresh, configuration: configuration())
        let safe = path.terminalSafe
        let tables = Sentence.Value.text(
            outcome.copied.map { "\($0.table.terminalSafe): \($0.rows)" }.joined(separator: ", "))
        let what =
            outcome.copied.isEmpty
            ? Sentence("nothing in it could be read", table: .core)
            : outcome.lostSome
                ? Sentence(
                    "what could be read was copied into a new store (%@); some rows were beyond saving", tables,
                    table: .core)
                : Sentence("what could be read was copied into a new store (%@)", tables, table: .core)
        logger.notice(
            "database salvaged",
            metadata: ["rows": "\(outcome.copied.reduce(0) { $0 + $1.rows })", "lost": "\(outcome.lostSome)"])
        notices.append(
            Sentence(
                "The store %1$@ was damaged (%2$@). It was kept as %3$@; %4$@.", .text(safe),
                .text(reason.terminalSafe),
                .text(aside.terminalSafe), .sentence(what), table: .core))
        return fresh
    }

    struct SalvageOutcome {
        var copied: [(table: String, rows: Int)] = []
        var lostSome = false
    }

    /// Copies, table by table, the columns the fresh store and the damaged one share. A table is read in rowid order;
    /// where a damaged page stops the read, later rowids are probed one by one until a readable row is found, and
    /// the read goes on from there.
    static func copyReadableRows(
        from damaged: String, into fresh: DatabasePool, configuration base: Configuration
    ) -> SalvageOutcome {
        var outcome = SalvageOutcome()
        var configuration = base
        configuration.readonly = true
        configuration.foreignKeysEnabled = false
        guard let source = try? DatabaseQueue(path: damaged, configuration: configuration) else {
            outcome.lostSome = true
            return outcome
        }
        let tables =
            (try? fresh.read { db in
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
                        AND name != 'grdb_migrations' ORDER BY name
                        """)
            }) ?? []
        for table in tables {
            guard
                let freshColumns = try? fresh.read({ db in try db.columns(in: table).map(\.name) }),
                let oldColumns = try? source.read({ db in try db.columns(in: table).map(\.name) })
            else {
                outcome.lostSome = true
                continue
            }
            let columns = freshColumns.filter(oldColumns.contains)
            guard !columns.isEmpty else { continue }
            let list = columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
            let (rows, lost) = readRows(of: table, columns: list, from: source)
            if lost { outcome.lostSome = true }
            guard !rows.isEmpty else { continue }
            let inserted =
                (try? fresh.write { db -> Int in
                    let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
                    let statement = try db.makeStatement(
                        sql: "INSERT OR IGNORE INTO \(table.quotedDatabaseIdentifier)(\(list)) VALUES (\(placeholders))"
                    )
                    var count = 0
                    for row in rows {
                        try statement.execute(arguments: StatementArguments(row))
                        count += db.changesCount
                    }
                    return count
                }) ?? 0
            if inserted < rows.count { outcome.lostSome = true }
            if inserted > 0 { outcome.copied.append((table, inserted)) }
        }
        return outcome
    }

    /// How far past a damaged stretch rowids are probed before the rest of a table is given up.
    static let probeLimit: Int64 = 100_000

    private static func readRows(
        of table: String, columns: String, from source: DatabaseQueue
    ) -> (
        rows: [[DatabaseValue]], lost: Bool
    ) {
        let name = table.quotedDatabaseIdentifier
        var rows: [[DatabaseValue]] = []
        var lost = false
        var after = Int64.min
        var lastFailure: Int64?
        while true {
            do {
                try source.read { db in
                    let cursor = try Row.fetchCursor(
                        db, sql: "SELECT rowid, \(columns) FROM \(name) WHERE rowid > ? ORDER BY rowid",
                        arguments: [after])
                    while let row = try cursor.next() {
                        after = row[0]
                        rows.append(Array(row.databaseValues.dropFirst()))
                    }
                }
                return (rows, lost)
            } catch {
                lost = true
                // Find the next rowid that can be read, past the damage.
                // A row that a probe found but the read then failed on is stepped over.
                let start = (after == Int64.min ? 0 : after) + (lastFailure == after ? 1 : 0)
                lastFailure = after
                var next: Int64?
                var candidate = start
                while candidate < start + probeLimit {
                    candidate += 1
                    let found = try? source.read { db in
                        try Int64.fetchOne(db, sql: "SELECT rowid FROM \(name) WHERE rowid = ?", arguments: [candidate])
                    }
                    if let found {
                        next = found
                        break
                    }
                }
                guard let next else { return (rows, lost) }
                after = next - 1
            }
        }
    }
}
