import CoreKit
import Diagnostics
import Foundation
import GRDB
import Logging
import Persistence
import Synchronization
import TestSupport
import Testing

@Suite struct PersistenceTests {
    let featureMigrations = [
        DatabaseMigration("test.v1.notes") { db in
            try db.create(table: "note") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("text", .text).notNull()
            }
        },
        DatabaseMigration("test.v2.note-pinned") { db in
            try db.alter(table: "note") { table in table.add(column: "pinned", .boolean).notNull().defaults(to: false) }
        },
    ]

    /// Issue 30: a one-shot command opens an existing WAL store with one connection; a new store is made a WAL one
    /// by the pool all the same; what one writes, the other reads, and a session's pool shares the file meanwhile.
    @Test func aOneShotOpensOneConnectionOnAWALStoreAndANewStoreStillBecomesOne() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("skylens.sqlite").path
        // The first command of a data directory (the store closed when it ends, as a process's is).
        func firstCommand() async throws {
            let first = AppDatabase(location: .file(path: path), logger: InMemoryLog().logger(), connections: .single)
            first.register(featureMigrations)
            #expect(try await first.writer() is DatabasePool)
            try await first.write { db in try db.execute(sql: "INSERT INTO note(text) VALUES ('new store')") }
            #expect(try await first.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "wal")
        }
        try await firstCommand()

        let session = AppDatabase(location: .file(path: path), logger: InMemoryLog().logger())
        session.register(featureMigrations)
        let oneShot = AppDatabase(location: .file(path: path), logger: InMemoryLog().logger(), connections: .single)
        oneShot.register(featureMigrations)
        #expect(try await oneShot.writer() is DatabaseQueue)
        #expect(try await oneShot.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "wal")
        try await oneShot.write { db in try db.execute(sql: "INSERT INTO note(text) VALUES ('one shot')") }
        try await session.write { db in try db.execute(sql: "INSERT INTO note(text) VALUES ('session')") }
        let seen = try await oneShot.read { db in try String.fetchAll(db, sql: "SELECT text FROM note ORDER BY id") }
        #expect(seen == ["new store", "one shot", "session"])
    }

    /// Issue 30: a one-shot command writes on its own thread. A session writing at the same moment makes it wait for
    /// the store (its busy timeout), not fail; a write that throws leaves nothing behind.
    @Test func aOneShotWriteWaitsForASessionsAndOneThatThrowsLeavesNothing() async throws {
        struct Refused: Error {}
        let directory = try TemporaryDirectory()
        let path = directory.file("skylens.sqlite").path
        let first = AppDatabase(location: .file(path: path), logger: InMemoryLog().logger(), connections: .single)
        first.register(featureMigrations)
        try await first.write { db in try db.execute(sql: "INSERT INTO note(text) VALUES ('new store')") }
        await first.closeConnections()

        let session = AppDatabase(location: .file(path: path), logger: InMemoryLog().logger())
        session.register(featureMigrations)
        let oneShot = AppDatabase(location: .file(path: path), logger: InMemoryLog().logger(), connections: .single)
        oneShot.register(featureMigrations)
        #expect(try await oneShot.writer() is DatabaseQueue)
        // The session holds the write lock a while on another thread.
        let holding = Task.detached {
            try await session.write { db in
                try db.execute(sql: "INSERT INTO note(text) VALUES ('session')")
                Thread.sleep(forTimeInterval: 0.3)
            }
        }
        try await Task.sleep(for: .milliseconds(50))
        try await oneShot.write { db in try db.execute(sql: "INSERT INTO note(text) VALUES ('one shot')") }
        try await holding.value
        await #expect(throws: StoreError.self) {
            try await oneShot.write { db in
                try db.execute(sql: "INSERT INTO note(text) VALUES ('half')")
                throw Refused()
            }
        }
        let seen = try await oneShot.read { db in try String.fetchAll(db, sql: "SELECT text FROM note") }
        #expect(Set(seen) == ["new store", "session", "one shot"] && seen.count == 3)
    }

    /// Issue 30: a one-shot command closes its store before it ends, without waiting for its objects to go. The
    /// first command of a data directory opens a pool: closed so that the next finds a file whose header says it is
    /// SkyLens's (in the WAL until checkpointed) and opens one connection. Every close removes the WAL's files.
    @Test func aStoreClosedAtTheEndOfACommandIsOneTheNextOpensWithOneConnection() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("skylens.sqlite").path
        for (index, pool) in [true, false, false].enumerated() {
            let command = AppDatabase(location: .file(path: path), logger: InMemoryLog().logger(), connections: .single)
            command.register(featureMigrations)
            let writer = try await command.writer()
            #expect((writer is DatabasePool) == pool, "command \(index)")
            try await command.write { db in
                try db.execute(sql: "INSERT INTO note(text) VALUES (?)", arguments: ["\(index)"])
            }
            await command.closeConnections()
            let header = try #require(FileHandle(forReadingAtPath: path)?.readData(ofLength: 100))
            #expect(header[18] == 2 && header[19] == 2, "WAL mode")
            #expect(header[68..<72].reduce(0) { $0 << 8 | Int($1) } == Int(AppDatabase.applicationID))
            // The pool's too, its readers closed before its writer (left, they would make a store in a folder made
            // read-only later open as if it could be written).
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "command \(index)")
            #expect(!FileManager.default.fileExists(atPath: path + "-shm"), "command \(index)")
        }
        // A session's pool, with its readers open and used, closed the same way.
        let session = AppDatabase(location: .file(path: path), logger: InMemoryLog().logger())
        session.register(featureMigrations)
        #expect(try await session.writer() is DatabasePool)
        async let first = session.read { db in try String.fetchAll(db, sql: "SELECT text FROM note") }
        async let second = session.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM note") }
        let (texts, count) = try await (first, second)
        #expect(texts.count == 3 && count == 3)
        await session.closeConnections()
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
        let reader = AppDatabase(location: .file(path: path), logger: InMemoryLog().logger(), connections: .single)
        reader.register(featureMigrations)
        #expect(
            try await reader.read { db in try String.fetchAll(db, sql: "SELECT text FROM note") } == ["0", "1", "2"])
    }

    /// Issue 30: a one-shot command's store is connected while the App makes its plugins, which register their
    /// tables after: a step registered then is still run, at the first use, through the connection made ahead. One
    /// connected ahead and never used is closed at the end like any other (its WAL's files removed).
    @Test func aStoreConnectedAheadIsMigratedAtItsFirstUseAndClosedWhenNeverUsed() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("skylens.sqlite").path
        // The first command of a data directory makes the store (with a pool); the next finds it in WAL mode.
        for text in ["kept", "again"] {
            let earlier = AppDatabase(
                location: .file(path: path), logger: InMemoryLog().logger(), connections: .single)
            earlier.register(featureMigrations)
            try await earlier.write { db in try db.execute(sql: "INSERT INTO note(text) VALUES (?)", arguments: [text])
            }
            await earlier.closeConnections()
        }
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))

        let unused = AppDatabase(location: .file(path: path), logger: InMemoryLog().logger(), connections: .single)
        unused.connectAhead()
        unused.register(featureMigrations)
        await unused.closeConnections()
        #expect(!unused.isOpen)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))

        let command = AppDatabase(location: .file(path: path), logger: InMemoryLog().logger(), connections: .single)
        command.connectAhead()
        // Registered after the connection was asked for, as the features' stores are.
        let tags = DatabaseMigration("test.v3.tag") { db in
            try db.create(table: "tag") { table in table.primaryKey("name", .text) }
        }
        command.register(featureMigrations + [tags])
        #expect(try await command.writer() is DatabaseQueue)
        try await command.write { db in try db.execute(sql: "INSERT INTO tag(name) VALUES ('home')") }
        let notes = try await command.read { db in try String.fetchAll(db, sql: "SELECT text FROM note ORDER BY id") }
        #expect(notes == ["kept", "again"])
        #expect(try await command.read { db in try String.fetchAll(db, sql: "SELECT name FROM tag") } == ["home"])
        #expect(command.notices.isEmpty, "\(command.notices)")
        await command.closeConnections()

        // A session's pool, and a store not yet made, are never connected ahead: opened at their first use as ever.
        let session = AppDatabase(location: .file(path: path), logger: InMemoryLog().logger())
        session.connectAhead()
        #expect(!session.isOpen)
        session.register(featureMigrations + [tags])
        #expect(try await session.writer() is DatabasePool)
        let fresh = directory.file("new/skylens.sqlite").path
        let new = AppDatabase(location: .file(path: fresh), logger: InMemoryLog().logger(), connections: .single)
        new.connectAhead()
        new.register(featureMigrations)
        #expect(try await new.writer() is DatabasePool)
    }

    /// Issue 30: the App's start, made on a thread of its own, connects the store there after handing the rest
    /// over; a first use that comes before waits for that connection rather than open a second one.
    @Test func aConnectionMadeLaterByTheCallerIsTheOneTheFirstUseWaitsFor() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("skylens.sqlite").path
        let earlier = AppDatabase(location: .file(path: path), logger: InMemoryLog().logger(), connections: .single)
        earlier.register(featureMigrations)
        try await earlier.write { db in try db.execute(sql: "INSERT INTO note(text) VALUES ('kept')") }
        await earlier.closeConnections()

        let command = AppDatabase(location: .file(path: path), logger: InMemoryLog().logger(), connections: .single)
        let connect = try #require(command.connectAheadLater())
        // Asked for twice: the second finds the first under way (as `connectAhead` after it does).
        #expect(command.connectAheadLater() == nil)
        command.connectAhead()
        command.register(featureMigrations)
        let done = Mutex(false)
        let reading = Task {
            defer { done.withLock { $0 = true } }
            return try await command.read { db in try String.fetchAll(db, sql: "SELECT text FROM note") }
        }
        try await Task.sleep(for: .milliseconds(50))
        #expect(!done.withLock { $0 }, "the read waits for the connection promised")
        Thread.detachNewThread { connect() }
        #expect(try await reading.value == ["kept"])
        #expect(try await command.writer() is DatabaseQueue)
        #expect(command.notices.isEmpty, "\(command.notices)")
        await command.closeConnections()
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))

        // A session's pool is never connected ahead.
        let session = AppDatabase(location: .file(path: path), logger: InMemoryLog().logger())
        #expect(session.connectAheadLater() == nil)
    }

    @Test func opensLazilyInWALModeAndRunsEveryMigrationOnce() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("nested/skylens.sqlite").path
        let database = AppDatabase(location: .file(path: path), logger: InMemoryLog().logger())
        database.register(featureMigrations)
        #expect(!database.isOpen)
        #expect(!FileManager.default.fileExists(atPath: path))

        try await database.write { db in try db.execute(sql: "INSERT INTO note(text, pinned) VALUES ('a', 1)") }
        let mode = try await database.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")

        // A second process (here: a second instance) opens the same file without re-running migrations.
        let again = AppDatabase(location: .file(path: path), logger: InMemoryLog().logger())
        again.register(featureMigrations)
        let applied = try await again.read { db in try DatabaseMigrator().appliedIdentifiers(db) }
        #expect(applied.contains("core.v1.settings") && applied.contains("test.v2.note-pinned"))
        let count = try await again.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM note") }
        #expect(count == 1)
    }

    @Test func settingsSurviveReopening() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("skylens.sqlite").path
        let settings = SettingsClient.sqlite(AppDatabase(location: .file(path: path), logger: InMemoryLog().logger()))
        try await settings.set("fahrenheit", for: "weather.unit")
        try await settings.set("fahrenheit", for: "weather.unit")
        let reopened = SettingsClient.sqlite(AppDatabase(location: .file(path: path), logger: InMemoryLog().logger()))
        #expect(try await reopened.value(for: "weather.unit") == "fahrenheit")
        try await reopened.set(nil, for: "weather.unit")
        #expect(try await reopened.value(for: "weather.unit") == nil)
    }

    @Test func aForeignFileIsKeptAsideNotOverwritten() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("skylens.sqlite").path
        let foreign = Data("these are somebody's notes, not a database\n".utf8) + Data(repeating: 7, count: 8192)
        try foreign.write(to: URL(fileURLWithPath: path))
        let database = AppDatabase(location: .file(path: path), logger: InMemoryLog().logger())
        try await SettingsClient.sqlite(database).set("kept", for: "k")
        let notice = try #require(database.notices.first)
        #expect(notice.contains("was not a readable SkyLens database"))
        let aside = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.contains(".unreadable-")
        }
        #expect(aside.count == 1)
        #expect(try Data(contentsOf: directory.file(aside[0])) == foreign)
    }

    @Test func aFailingMigrationNamesItsStep() async throws {
        let database = AppDatabase(location: .inMemory, logger: InMemoryLog().logger())
        database.register([DatabaseMigration("test.v1.broken") { db in try db.execute(sql: "CREATE TABLE broken(") }])
        do {
            _ = try await database.writer()
            Issue.record("expected the migration to fail")
        } catch {
            guard case .migrationFailed(let identifier, _) = error else { Issue.record("wrong error \(error)"); return }
            #expect(identifier == "test.v1.broken")
        }
    }

    @Test func aStoreFromANewerSkyLensIsLeftAloneWithItsOwnMessage() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("skylens.sqlite").path
        // A newer SkyLens: one more step than this one knows.
        let newer = AppDatabase(location: .file(path: path), logger: InMemoryLog().logger())
        newer.register(featureMigrations)
        try await newer.write { db in try db.execute(sql: "INSERT INTO note(text, pinned) VALUES ('kept', 1)") }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let older = AppDatabase(location: .file(path: path), logger: InMemoryLog().logger())
        older.register(Array(featureMigrations.prefix(1)))
        do {
            try await older.write { db in try db.execute(sql: "INSERT INTO note(text) VALUES ('x')") }
            Issue.record("a newer store must be refused")
        } catch {
            guard case .newerStore(_, let steps) = error else { Issue.record("wrong error \(error)"); return }
            #expect(steps == ["test.v2.note-pinned"])
            #expect(error.message.contains("was made by a newer SkyLens (it has a step this version does not know"))
            #expect(!error.message.contains("SQLite") && !error.message.contains("no such"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func unwritableLocationIsAClearError() async throws {
        let directory = try TemporaryDirectory()
        let blocker = directory.file("not-a-folder")
        try Data("x".utf8).write(to: blocker)
        let database = AppDatabase(
            location: .file(path: blocker.appendingPathComponent("skylens.sqlite").path), logger: InMemoryLog().logger()
        )
        do {
            _ = try await database.writer()
            Issue.record("expected the database not to open")
        } catch {
            guard case .cannotOpen = error else { Issue.record("wrong error \(error)"); return }
        }
    }
}

@Suite struct LoggingTests {
    @Test func listenersReceiveEventsAtOrAboveTheLevel() throws {
        let log = InMemoryLog()
        let setup = LoggingSetup(level: .warning, destination: .none, listeners: [{ log.record($0) }])
        let logger = Logger(label: "skylens.test", factory: try setup.makeFactory())
        logger.info("quiet")
        logger.warning("loud", metadata: ["city": "Toronto"])
        #expect(log.events.map(\.message) == ["loud"])
        #expect(log.events.first?.metadata == ["city": "Toronto"])
        #expect(log.events.first?.label == "skylens.test")
    }

    @Test func fileDestinationAppendsSanitisedLines() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("logs/skylens.log").path
        let setup = LoggingSetup(level: .debug, destination: .file(path: path))
        let logger = Logger(label: "skylens", factory: try setup.makeFactory())
        logger.error("server said \u{1B}]0;title\u{07}hello")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("error skylens: server said hello"))
        #expect(!text.contains("\u{1B}"))
    }

    @Test func levelsParseByName() {
        #expect(LoggingSetup.level(named: "DEBUG") == .debug)
        #expect(LoggingSetup.level(named: "loud") == nil)
    }
}

@Suite struct CancellationTests {
    @Test func aWriteFromACancelledTaskStillCompletes() async throws {
        let database = AppDatabase(location: .inMemory, logger: InMemoryLog().logger())
        let settings = SettingsClient.sqlite(database)
        let task = Task {
            while !Task.isCancelled { await Task.yield() }
            try await settings.set("kept", for: "after-cancel")
        }
        task.cancel()
        try await task.value
        #expect(try await settings.value(for: "after-cancel") == "kept")
    }
}
