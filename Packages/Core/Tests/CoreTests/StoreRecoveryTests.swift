import CoreKit
import Diagnostics
import Foundation
import GRDB
import Persistence
import TestSupport
import Testing

/// Files that are not what the store expects where it belongs: a named pipe, another application's SQLite file, a
/// SkyLens store from before the application id, a store with damaged pages.
@Suite struct StoreRecoveryTests {
    let migrations = [
        DatabaseMigration("test.v1.notes") { db in
            try db.create(table: "note") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("text", .text).notNull()
            }
            try db.create(table: "tag") { table in
                table.primaryKey("name", .text)
            }
        }
    ]

    func open(_ path: String, connections: AppDatabase.Connections = .pool) -> AppDatabase {
        let database = AppDatabase(
            location: .file(path: path), logger: InMemoryLog().logger(), connections: connections)
        database.register(migrations)
        return database
    }

    /// Writes a database file directly, as another program (or an older SkyLens) would have.
    func prepare(_ path: String, migrated: Bool = false, _ body: (Database) throws -> Void) throws {
        let queue = try DatabaseQueue(path: path)
        if migrated {
            var migrator = DatabaseMigrator()
            for migration in migrations { migrator.registerMigration(migration.identifier, migrate: migration.migrate) }
            try migrator.migrate(queue)
        }
        try queue.write(body)
        try queue.close()
    }

    func entries(_ directory: TemporaryDirectory, containing part: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(part) }.sorted()
    }

    @Test func aNamedPipeWhereTheStoreBelongsIsKeptAsideUnopened() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("skylens.sqlite").path
        #expect(mkfifo(path, 0o600) == 0)
        let database = open(path)
        // Before the fix, opening the pipe waited for ever (or SQLite read it as an empty file and then failed).
        try await SettingsClient.sqlite(database).set("kept", for: "k")
        #expect(try await SettingsClient.sqlite(database).value(for: "k") == "kept")
        let notice = try #require(database.notices.first)
        #expect(notice.contains("was a named pipe (FIFO), not a database; it was kept as"), "\(notice)")
        let aside = try entries(directory, containing: ".not-a-database-")
        #expect(aside.count == 1)
        #expect(FileKind.at(directory.file(aside[0]).path) == .other("a named pipe (FIFO)"))
    }

    @Test func anotherApplicationsSQLiteFileIsKeptAsideUnchanged() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("skylens.sqlite").path
        try prepare(path) { db in
            try db.execute(sql: "CREATE TABLE recipe(name TEXT); INSERT INTO recipe VALUES ('bread')")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let database = open(path)
        try await database.write { db in try db.execute(sql: "INSERT INTO note(text) VALUES ('mine')") }
        let notice = try #require(database.notices.first)
        #expect(notice.contains("another application's SQLite database (tables recipe)"), "\(notice)")
        let aside = try entries(directory, containing: ".foreign-").filter {
            !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm")
        }
        #expect(aside.count == 1)
        // Before the fix SkyLens added its tables to the other application's file.
        #expect(try Data(contentsOf: directory.file(aside[0])) == before)
        let id = try await database.read { db in try Int32.fetchOne(db, sql: "PRAGMA application_id") }
        #expect(id == AppDatabase.applicationID)
    }

    @Test func aFileMarkedByAnotherApplicationIsForeignEvenWithoutTables() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("skylens.sqlite").path
        try prepare(path) { db in try db.execute(sql: "PRAGMA application_id = 1234") }
        let database = open(path)
        _ = try await database.writer()
        #expect(database.notices.first?.contains("application id 0x4d2") == true, "\(database.notices)")
    }

    /// From review: a one-shot command's connection would merge a WAL's frames into a damaged file when it closes;
    /// with frames in the WAL the store is checked read-only first, and the file and its WAL are kept aside unchanged.
    @Test func aDamagedStoreWithFramesInItsWALIsKeptAsideUnchangedByAOneShotCommand() async throws {
        let directory = try TemporaryDirectory()
        let original = directory.file("original.sqlite").path
        let path = directory.file("skylens.sqlite").path
        try prepare(original, migrated: true) { db in
            for index in 1...2000 {
                try db.execute(
                    sql: "INSERT INTO note(text) VALUES (?)",
                    arguments: ["note \(index) " + String(repeating: "y", count: 40)])
            }
            try db.execute(sql: "PRAGMA application_id = \(AppDatabase.applicationID)")
        }
        let queue = try DatabaseQueue(path: original)
        try await queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
        }
        try await queue.write { db in try db.execute(sql: "INSERT INTO tag(name) VALUES ('in the WAL')") }
        // The files as a process killed now leaves them: the rows of the tag in the WAL only.
        try FileManager.default.copyItem(atPath: original, toPath: path)
        try FileManager.default.copyItem(atPath: original + "-wal", toPath: path + "-wal")
        try queue.close()
        let wal = try Data(contentsOf: URL(fileURLWithPath: path + "-wal"))
        #expect(!wal.isEmpty)
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        let pages = Int(try handle.seekToEnd()) / 4096
        try handle.seek(toOffset: UInt64(pages / 2 * 4096))
        try handle.write(contentsOf: Data(repeating: 0xAB, count: 4096))
        try handle.close()
        let damaged = try Data(contentsOf: URL(fileURLWithPath: path))

        let database = open(path, connections: .single)
        let tags = try await database.read { db in try String.fetchAll(db, sql: "SELECT name FROM tag") }
        #expect(tags == ["in the WAL"])
        let aside = try entries(directory, containing: "skylens.sqlite.damaged-")
        let file = try #require(aside.first { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") })
        #expect(try Data(contentsOf: directory.file(file)) == damaged)
        let keptWAL = try #require(aside.first { $0.hasSuffix("-wal") })
        #expect(try Data(contentsOf: directory.file(keptWAL)) == wal)
    }

    @Test func aSkyLensStoreFromBeforeTheMarkIsAdoptedWithItsData() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("skylens.sqlite").path
        // As every store was before SkyLens marked its files: migrated, with data, application id 0.
        try prepare(path, migrated: true) { db in try db.execute(sql: "INSERT INTO note(text) VALUES ('old')") }
        let database = open(path)
        let notes = try await database.read { db in try String.fetchAll(db, sql: "SELECT text FROM note") }
        #expect(notes == ["old"])
        #expect(database.notices.isEmpty, "\(database.notices)")
        let id = try await database.read { db in try Int32.fetchOne(db, sql: "PRAGMA application_id") }
        #expect(id == AppDatabase.applicationID)
        #expect(try entries(directory, containing: ".foreign-").isEmpty)
    }

    /// Also through the one connection of a one-shot command (issue 30), which checks the store it opened, in WAL
    /// mode as every store SkyLens has opened is, before writing anything through it; also when it was asked to be
    /// connected ahead of its first use (which leaves a damaged store to the first use).
    @Test(arguments: [
        (AppDatabase.Connections.pool, false, false), (.pool, true, false), (.single, true, false),
        (.single, true, true),
    ])
    func aStoreWithDamagedPagesIsKeptAsideAndEveryReadableRowSalvaged(
        connections: AppDatabase.Connections, wal: Bool, ahead: Bool
    ) async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("skylens.sqlite").path
        let total = 3000
        if wal {
            let queue = try DatabaseQueue(path: path)
            try await queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
            try queue.close()
        }
        try prepare(path, migrated: true) { db in
            for index in 1...total {
                try db.execute(
                    sql: "INSERT INTO note(text) VALUES (?)",
                    arguments: ["note \(index) " + String(repeating: "x", count: 40)])
            }
            try db.execute(sql: "INSERT INTO tag(name) VALUES ('home'), ('work')")
            try db.execute(sql: "PRAGMA application_id = \(AppDatabase.applicationID)")
        }
        // Scribble over one page in the middle of the notes (each page holds ~70 of them).
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        let pageSize = 4096
        let pages = Int(try handle.seekToEnd()) / pageSize
        try handle.seek(toOffset: UInt64(pages / 2 * pageSize))
        try handle.write(contentsOf: Data(repeating: 0xAB, count: pageSize))
        try handle.close()
        let damaged = try Data(contentsOf: URL(fileURLWithPath: path))
        // The header's read and write versions: 2 and 2 in WAL mode.
        #expect((damaged[18] == 2 && damaged[19] == 2) == wal)

        let database = open(path, connections: connections)
        if ahead { database.connectAhead() }
        // Before the fix: "database disk image is malformed", at every use, for ever.
        let notes = try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM note") ?? 0 }
        let tags = try await database.read { db in try String.fetchAll(db, sql: "SELECT name FROM tag ORDER BY name") }
        #expect(notes < total && notes >= total - 200, "\(notes) of \(total) salvaged")
        #expect(tags == ["home", "work"])
        let notice = try #require(database.notices.first)
        #expect(notice.contains("was damaged"), "\(notice)")
        #expect(notice.contains("note: \(notes)"), "\(notice)")
        #expect(notice.contains("some rows were beyond saving"), "\(notice)")
        let aside = try entries(directory, containing: ".damaged-").filter {
            !$0.contains("-wal") && !$0.contains("-shm")
        }
        #expect(aside.count == 1)
        #expect(try Data(contentsOf: directory.file(aside[0])) == damaged)
        // The new store is sound and takes writes.
        try await database.write { db in try db.execute(sql: "INSERT INTO note(text) VALUES ('after')") }
        let check = try await database.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        #expect(check == ["ok"])
    }
}
