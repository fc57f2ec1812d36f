import CoreKit
import Foundation
import GRDB
import Logging
import Synchronization

/// A schema step contributed by a module. Identifiers are namespaced by the module: `contact.v1.outbox`.
public struct DatabaseMigration: Sendable {
    public var identifier: String
    public var migrate: @Sendable (Database) throws -> Void

    public init(_ identifier: String, migrate: @escaping @Sendable (Database) throws -> Void) {
        self.identifier = identifier
        self.migrate = migrate
    }
}

/// The App's one SQLite database, in WAL mode, opened on first use (so a start that needs no data opens nothing),
/// migrated by one `DatabaseMigrator` to which every module contributes its migrations.
///
/// A file at the path that is not a SQLite database (or is damaged beyond opening) is moved aside, never
/// overwritten, and a fresh store is started; `notices` then says so, for the App to show.
public final class AppDatabase: Sendable {
    public enum Location: Sendable, Equatable {
        case file(path: String)
        /// A private in-memory database, for tests.
        case inMemory
    }

    private struct State {
        var migrations: [DatabaseMigration] = []
        /// The one opening of the database, shared by every caller; nil until first use, and again after a failure.
        var opening: Task<any DatabaseWriter, any Error>?
        var notices: [Sentence] = []
        /// Set when the database could only be opened for reading (a read-only or full disk): why it cannot be
        /// written. Reads are served; a write first tries a full opening again, and fails with this if it still cannot.
        var readOnlyReason: StoreError?
        /// Set when a read or a write met a damaged page: the next opening salvages the store.
        var salvageNext = false
        /// Set by `closeConnections`: the process is ending, and nothing opens the store again.
        var closed = false
        /// The connections `closeConnections` closed, kept until the process ends: taking them apart would only cost
        /// time (GRDB's `deinit` stops observing notifications, Foundation's first dynamic casts of the process,
        /// a fifth of a millisecond of a one-shot command, issue 30).
        var closedWriter: (any DatabaseWriter)?
        /// `connectAhead`'s connection: opened and checked, not yet migrated; nil when the store was not one it
        /// could open so (the first use then opens it as ever).
        var ahead: Handover<DatabaseQueue?>?
    }

    /// How many connections the store is opened with.
    public enum Connections: Sendable {
        /// A writer and readers beside it (GRDB's `DatabasePool`): a session, whose background work reads while a
        /// command writes.
        case pool
        /// One connection (GRDB's `DatabaseQueue`) on the same WAL file: a one-shot command, which runs one command
        /// and would open a reader beside the writer for nothing (issue 30: 1.7 ms of a 25 ms start, and the pool's
        /// teardown at exit). Other processes' sessions share the file as ever: SQLite's WAL locks are the file's.
        /// A new store, or one not yet in WAL mode, is opened as a pool (which makes it WAL).
        case single
    }

    public let location: Location
    let logger: Logger
    private let busyTimeout: TimeInterval
    private let connections: Connections
    private let state = Mutex(State())

    public init(location: Location, logger: Logger, busyTimeout: TimeInterval = 10, connections: Connections = .pool) {
        self.location = location
        self.logger = logger
        self.busyTimeout = busyTimeout
        self.connections = connections
        state.withLock { $0.migrations = AppDatabase.coreMigrations }
    }

    /// Adds migrations; they run, in the order added, the first time the database is used. A migration whose
    /// identifier is already registered is skipped (each store registers its own tables' migrations when it is
    /// made; a second store of the same kind adds nothing, even after the database opened).
    public func register(_ migrations: [DatabaseMigration]) {
        state.withLock { state in
            let new = migrations.filter { migration in
                !state.migrations.contains(where: { $0.identifier == migration.identifier })
            }
            guard !new.isEmpty else { return }
            precondition(state.opening == nil, "migrations must be registered before the database is first used")
            state.migrations += new
        }
    }

    /// Messages for the user about what happened when the store was opened (a damaged file kept aside).
    /// In English (logs, tests).
    public var notices: [String] { state.withLock { $0.notices.map(\.english) } }
    /// To be said in the user's language (`words(sentence)`).
    public var noticeSentences: [Sentence] { state.withLock { $0.notices } }

    /// True once the database has been asked for (it opens on first use).
    public var isOpen: Bool { state.withLock { $0.opening != nil } }

    /// The open, migrated database. Opening runs once, in a task of its own, so that neither a cancelled caller
    /// nor two callers at once can leave it half done.
    public func writer() async throws(StoreError) -> any DatabaseWriter {
        let opening = state.withLock { state -> Task<any DatabaseWriter, any Error>? in
            if let opening = state.opening { return opening }
            if state.closed { return nil }
            let migrations = state.migrations
            let ahead = state.ahead
            state.ahead = nil
            let opening = Task.detached { [self] () throws -> any DatabaseWriter in
                if let queue = await ahead?.value {
                    // Connected and checked ahead: migrated now that every module has registered its tables. A
                    // failure closes it, and the store is opened again from the start, which says what went wrong.
                    do {
                        try prepare(queue, migrations, path: queue.path)
                        return queue
                    } catch {
                        try? queue.close()
                    }
                }
                var notices: [Sentence] = []
                let writer = try open(migrations: migrations, notices: &notices)
                if !notices.isEmpty { self.state.withLock { $0.notices += notices } }
                return writer
            }
            state.opening = opening
            return opening
        }
        guard let opening else { throw .cancelled }
        do {
            return try await opening.value
        } catch {
            // Let a later use try again (the folder may have been made writable meanwhile).
            state.withLock { if $0.opening == opening { $0.opening = nil } }
            throw map(error)
        }
    }

    /// Starts connecting a one-shot command's store (`Connections.single`) now, on another thread, while the App
    /// makes its plugins, which register their tables (issue 30: the connection, SQLite's and GRDB's first use and
    /// the check of every page, is a millisecond or two of every command, on its critical path). Only a store that
    /// is plainly SkyLens's and sound is connected so; migrated at its first use. Any other (missing, another
    /// application's, damaged, busy, read-only) is left to the first use, which opens it as ever and says why.
    public func connectAhead() {
        guard let connect = connectAheadLater() else { return }
        Task.detached { connect() }
    }

    /// As `connectAhead`, the connection made by calling what this returns, on a thread of the caller's that is off
    /// the command's path (the App's start, made on the other core while the command line is read, which would
    /// otherwise wait for a thread of the shared pool to be made: a millisecond or more of a process's first task,
    /// issue 30). Until it is called, the first use waits for it. Nil when the store is not connected ahead.
    public func connectAheadLater() -> (@Sendable () -> Void)? {
        guard connections == .single, case .file(let path) = location else { return nil }
        let ahead = state.withLock { state -> Handover<DatabaseQueue?>? in
            guard state.opening == nil, state.ahead == nil, !state.closed, !state.salvageNext else { return nil }
            let ahead = Handover<DatabaseQueue?>()
            state.ahead = ahead
            return ahead
        }
        guard let ahead else { return nil }
        return { [self] in ahead.give(connectedAhead(path)) }
    }

    /// The connection `connectAhead` makes, under the conditions `open` connects one itself (below).
    private func connectedAhead(_ path: String) -> DatabaseQueue? {
        guard FileKind.at(FilePaths.parent(of: path)) == .directory,
            [path, path + "-wal", path + "-shm"].allSatisfy({ file in
                let kind = FileKind.at(file)
                return kind == .missing || kind.isRegular
            }),
            Self.walIsEmpty(path)
        else { return nil }
        let header = Self.header(atPath: path)
        guard identify(path, header: header, migrations: []) == .ours, Self.isWAL(header),
            case .sound(let queue)? = try? connectQueue(at: path, check: true)
        else { return nil }
        return queue
    }

    /// Closes the store when it was opened (the WAL checkpointed and its files removed, as when the last connection
    /// goes): for a process that ends without taking its objects apart (a one-shot command, issue 30). Nothing opens
    /// it again after: a later use (a background task's write finishing late) fails as cancelled, rather than start
    /// an opening that the process's end would cut short.
    public func closeConnections() async {
        let (opening, ahead) = state.withLock { state in
            defer { (state.opening, state.ahead, state.closed) = (nil, nil, true) }
            return (state.opening, state.ahead)
        }
        // Connected ahead and never used (a command that needed no store).
        if let queue = await ahead?.value {
            state.withLock { $0.closedWriter = queue }
            try? queue.close()
        }
        guard let opening else { return }
        let result = await opening.result
        if case .success(let writer) = result { state.withLock { $0.closedWriter = writer } }
        switch result {
        case .success(let queue as DatabaseQueue): try? queue.close()
        case .success(let pool as DatabasePool):
            // Checkpointed first, or the next command could find the file's header without what the WAL holds (the
            // mark that makes it SkyLens's) and open a pool again when another process keeps the WAL from being
            // merged at the close. Passive: it waits for no reader of another process (a truncating one would, for
            // the busy timeout).
            _ = try? await pool.writeWithoutTransaction { db in try db.checkpoint(.passive) }
            // Its readers closed first (waiting for a read under way; `close` closes the writer first), so that the
            // writer is the last connection, which removes the WAL's files as it closes: left behind, they would make
            // a store in a folder made read-only later open as if it could be written, and say nothing of it until a
            // write fails (issue 30's early start keeps the container until the end, so this is the only close).
            pool.releaseMemory()
            try? pool.close()
        default: break
        }
    }

    /// Runs `updates` in a write transaction. A write that has begun is not given up when the calling task is
    /// cancelled (Ctrl-C during a request): what it records, such as a message's delivery state, must not be lost.
    public func write<T: Sendable>(_ updates: @escaping @Sendable (Database) throws -> T) async throws(StoreError) -> T
    {
        for attempt in 1...2 {
            var writer = try await writer()
            if state.withLock({ $0.readOnlyReason }) != nil { writer = try await reopenForWriting() }
            do {
                if let queue = writer as? DatabaseQueue {
                    // One connection (a one-shot command): written on this thread, as a read is (below), not on a
                    // new task and GRDB's queue and back (four switches of thread a write, issue 30). A busy store
                    // (a session writing) makes this thread wait for it, which one command can afford.
                    return try Self.writeHere(queue, updates)
                }
                return try await Task.detached { [writer] in try await writer.write(updates) }.value
            } catch let error as DatabaseError where Self.isForeignFile(error) && attempt == 1 {
                salvageOnNextOpening(after: error)
            } catch {
                throw map(error)
            }
        }
        throw .failed("the store stayed damaged after it was salvaged")
    }

    /// Reads in a snapshot. A read for a cancelled task fails with `StoreError.cancelled`.
    public func read<T: Sendable>(_ value: @escaping @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        for attempt in 1...2 {
            let writer = try await writer()
            do {
                if let queue = writer as? DatabaseQueue {
                    // One connection (a one-shot command): read on this thread, which GRDB's idle queue lets run
                    // it, rather than on GRDB's own and back again (two switches of thread a read, issue 30).
                    try Task.checkCancellation()
                    return try Self.readHere(queue, value)
                }
                return try await writer.read(value)
            } catch let error as DatabaseError where Self.isForeignFile(error) && attempt == 1 {
                salvageOnNextOpening(after: error)
            } catch {
                throw map(error)
            }
        }
        throw .failed("the store stayed damaged after it was salvaged")
    }

    /// GRDB's blocking write, in a transaction (from a function that is not async, as `readHere`).
    private static func writeHere<T>(_ queue: DatabaseQueue, _ updates: (Database) throws -> T) throws -> T {
        try queue.write(updates)
    }

    /// GRDB's blocking read (from a function that is not async, which would otherwise pick the one that hops).
    private static func readHere<T>(_ queue: DatabaseQueue, _ value: (Database) throws -> T) throws -> T {
        try queue.read(value)
    }

    /// A damaged page met while the store is in use (the check at opening found none, or the damage is newer):
    /// the next use opens the store again, salvaging it.
    private func salvageOnNextOpening(after error: DatabaseError) {
        logger.notice("damaged page met", metadata: ["error": "\(describe(error))"])
        state.withLock { state in
            state.opening = nil
            state.salvageNext = true
        }
    }

    /// Why the store is open for reading only, if it is.
    public var readOnlyReason: StoreError? { state.withLock { $0.readOnlyReason } }

    /// Opens the database again from the start (there may be room on the disk now), for a write.
    private func reopenForWriting() async throws(StoreError) -> any DatabaseWriter {
        state.withLock { state in
            state.opening = nil
            state.readOnlyReason = nil
        }
        let writer = try await writer()
        if let reason = state.withLock({ $0.readOnlyReason }) { throw reason }
        return writer
    }

    // MARK: - Opening

    private func open(
        migrations: [DatabaseMigration], notices: inout [Sentence]
    ) throws(StoreError) -> any DatabaseWriter {
        switch location {
        case .inMemory:
            do {
                let queue = try DatabaseQueue(configuration: configuration())
                try migrate(queue, migrations)
                return queue
            } catch let error as StoreError {
                throw error
            } catch {
                throw .cannotOpen(path: ":memory:", reason: describe(error))
            }
        case .file(let path):
            let safe = path.terminalSafe
            try checkFolder(of: path)
            // Only plain files are opened: a named pipe or a folder where the store belongs is kept aside unopened.
            for file in [path, path + "-wal", path + "-shm"] {
                let kind = FileKind.at(file)
                guard kind != .missing, !kind.isRegular else { continue }
                let aside = try moveAside(path, tag: "not-a-database")
                logger.notice("not a database file; kept aside", metadata: ["path": "\(file)", "aside": "\(aside)"])
                notices.append(
                    Sentence(
                        "%1$@ was %2$@, not a database; it was kept as %3$@ and a new store was started.",
                        .text(file.terminalSafe), .sentence(kind.sentence), .text(aside.terminalSafe), table: .core))
                break
            }
            let header = Self.header(atPath: path)
            let identity = identify(path, header: header, migrations: migrations)
            switch identity {
            case .fresh, .ours:
                break
            case .legacy:
                logger.notice("database from before the application id; adopted", metadata: ["path": "\(path)"])
            case .foreign(let what):
                let aside = try moveAside(path, tag: "foreign")
                logger.notice("another application's database; kept aside", metadata: ["path": "\(path)"])
                notices.append(
                    Sentence(
                        "%1$@ was %2$@, not SkyLens's; it was kept, unchanged, as %3$@ and a new store was started.",
                        .text(safe), .sentence(what), .text(aside.terminalSafe), table: .core))
            }
            let salvageNow = state.withLock { state in
                defer { state.salvageNext = false }
                return state.salvageNext
            }
            // One connection on a store of ours already in WAL mode: checked through that very connection, since
            // opening it changes nothing in the file (a second connection only to check would make and remove the
            // WAL's two files once more: 1 ms of a one-shot command's 20, issue 30); migrated only once found sound.
            let single = connections == .single && identity == .ours && Self.isWAL(header)
            // Only while its WAL holds nothing: closing the connection after it found damage would merge what the WAL
            // holds into the damaged file before it is kept aside (a WAL left by a session, or a process killed).
            let checkedThrough = single && Self.walIsEmpty(path)
            // Otherwise checked before it is opened for writing, which would change the file kept aside (its journal
            // mode).
            if identity == .ours || identity == .legacy,
                let damage = salvageNow ? "a damaged page was met" : checkedThrough ? nil : damage(atPath: path)
            {
                return try salvage(path, reason: damage, migrations: migrations, notices: &notices)
            }
            do {
                if single {
                    switch try openQueue(at: path, migrations: migrations, check: checkedThrough) {
                    case .sound(let queue): return queue
                    case .damaged(let damage):
                        return try salvage(path, reason: damage, migrations: migrations, notices: &notices)
                    }
                }
                return try openPool(at: path, migrations: migrations)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
                // Not SQLite at all: nothing to salvage; kept for the user.
                let aside = try moveAside(path, tag: "unreadable")
                logger.notice("database file was unreadable; kept aside", metadata: ["path": "\(path)"])
                notices.append(
                    Sentence(
                        "The file at %1$@ was not a readable SkyLens database; it was kept as %2$@ and a new store was started.",
                        .text(safe), .text(aside.terminalSafe), table: .core))
                do { return try openPool(at: path, migrations: migrations) } catch { throw map(error, path: path) }
            } catch let error as DatabaseError where Self.isForeignFile(error) {
                // Damaged where the schema lives: what the tables still hold is salvaged.
                return try salvage(path, reason: describe(error), migrations: migrations, notices: &notices)
            } catch let error as StoreError {
                throw error
            } catch {
                let failure = map(error, path: path)
                guard let reader = openReadOnly(at: path, migrations: migrations) else { throw failure }
                logger.warning(
                    "database opened for reading only", metadata: ["path": "\(path)", "reason": "\(failure.message)"])
                let notice = Sentence("%@ What is saved can still be read.", .sentence(failure.sentence), table: .core)
                state.withLock { state in
                    state.readOnlyReason = failure
                    if !state.notices.contains(notice) { notices.append(notice) }
                }
                return reader
            }
        }
    }

    /// Opens the pool, trying again while another process holds a lock SQLite will not wait for (the busy timeout
    /// covers ordinary waits): a store created by several sessions at once can answer SQLITE_BUSY at once, when one
    /// session's read of the new schema is overtaken by another's write (SQLITE_BUSY_SNAPSHOT, in GRDB's setting up of
    /// the WAL or in a migration). Every step is idempotent, so trying again is safe; it stops at the busy timeout.
    func openPool(at path: String, migrations: [DatabaseMigration]) throws -> DatabasePool {
        try retryingWhileBusy(path) { try openPoolOnce(at: path, migrations: migrations) }
    }

    /// One connection on a store that exists, is SkyLens's and is in WAL mode (`Connections.single`), checked
    /// (`PRAGMA quick_check`, unless `check` is false: checked before, read-only) before anything is written through
    /// it, trying again while another process holds a lock, as `openPool` does. A damaged store is closed again and
    /// said so, to be salvaged.
    func openQueue(at path: String, migrations: [DatabaseMigration], check: Bool = true) throws -> CheckedQueue {
        try retryingWhileBusy(path) {
            let checked = try connectQueue(at: path, check: check)
            if case .sound(let queue) = checked { try prepare(queue, migrations, path: path) }
            return checked
        }
    }

    /// The connection of `openQueue`, checked, not yet migrated.
    private func connectQueue(at path: String, check: Bool) throws -> CheckedQueue {
        let queue = try DatabaseQueue(path: path, configuration: configuration())
        if check, let damage = damage(in: queue) {
            try? queue.close()
            return .damaged(damage)
        }
        return .sound(queue)
    }

    /// A connection opened and checked, or what the check found wrong (the connection closed).
    enum CheckedQueue {
        case sound(DatabaseQueue)
        case damaged(String)
    }

    private func retryingWhileBusy<Writer>(_ path: String, _ open: () throws -> Writer) throws -> Writer {
        let deadline = Date().addingTimeInterval(busyTimeout)
        while true {
            do {
                return try open()
            } catch let error as DatabaseError where Self.isBusy(error) && Date() < deadline {
                logger.debug("store busy while opening; trying again", metadata: ["path": "\(path)"])
                Thread.sleep(forTimeInterval: Double.random(in: 0.01...0.05))
            }
        }
    }

    /// Refuses a store a newer SkyLens migrated further, then runs the migrations only when one is missing (GRDB's
    /// migrator takes the write lock even when there is nothing to do).
    private func prepare(_ writer: any DatabaseWriter, _ migrations: [DatabaseMigration], path: String) throws {
        let applied = try refuseNewer(writer, migrations, path: path)
        if !migrations.allSatisfy({ applied.contains($0.identifier) }) { try migrate(writer, migrations) }
    }

    private func openPoolOnce(at path: String, migrations: [DatabaseMigration]) throws -> DatabasePool {
        let directory = FilePaths.parent(of: path)
        if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) {
            // Private: the store holds names, addresses and messages.
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        let pool = try DatabasePool(path: path, configuration: configuration())
        for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
            try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        }
        try prepare(pool, migrations, path: path)
        // Marks the file as SkyLens's (a no-op when it is already marked).
        try pool.writeWithoutTransaction { db in
            if try Int32.fetchOne(db, sql: "PRAGMA application_id") != Self.applicationID {
                try db.execute(sql: "PRAGMA application_id = \(Self.applicationID)")
            }
        }
        return pool
    }

    /// The folder that holds the store must be one (not a file given as the data directory).
    private func checkFolder(of path: String) throws(StoreError) {
        let directory = FilePaths.parent(of: path)
        switch FileKind.at(directory) {
        case .missing, .directory: return
        case let kind:
            throw .cannotOpen(path: path, reason: "its folder is \(kind.description), not a folder")
        }
    }

    /// The database for reading only, when it cannot be opened for writing (a read-only folder, a full disk): first
    /// as is, then, when SQLite cannot make the WAL's shared-memory file next to it, as an immutable file (nothing
    /// can write it then either). Nil when there is no file, or its schema is not up to date (reads would fail).
    private func openReadOnly(at path: String, migrations: [DatabaseMigration]) -> (any DatabaseWriter)? {
        guard FileManager.default.isReadableFile(atPath: path) else { return nil }
        var configuration = configuration()
        configuration.readonly = true
        let migrator = Self.migrator(migrations)
        let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["?", "#"]))
        for candidate in [path] + (encoded.map { ["file:\($0)?immutable=1"] } ?? []) {
            do {
                let queue = try DatabaseQueue(path: candidate, configuration: configuration)
                guard try queue.read({ try migrator.hasCompletedMigrations($0) }) else { return nil }
                return queue
            } catch {
                continue
            }
        }
        return nil
    }

    func configuration() -> Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.foreignKeysEnabled = true
        configuration.label = "skylens"
        return configuration
    }

    static func migrator(_ migrations: [DatabaseMigration]) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in migrations {
            migrator.registerMigration(migration.identifier) { db in try migration.migrate(db) }
        }
        return migrator
    }

    /// A store a newer SkyLens has migrated further than this one knows is left alone (this version's queries could
    /// fail on its tables with SQLite's own words, or write rows the newer one cannot read).
    /// What has been applied, read once; a step this SkyLens does not know throws.
    private func refuseNewer(
        _ writer: any DatabaseWriter, _ migrations: [DatabaseMigration], path: String
    ) throws -> Set<String> {
        // Plain SQL: GRDB's `tableExists` loads the whole schema into its cache first, a third of a millisecond of
        // every one-shot command (issue 30).
        let applied = try writer.read { db -> Set<String> in
            let table = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'grdb_migrations'"
            guard try Int.fetchOne(db, sql: table) != nil else { return [] }
            return Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"))
        }
        let known = Set(migrations.map(\.identifier))
        let unknown = applied.subtracting(known).sorted()
        guard unknown.isEmpty else { throw StoreError.newerStore(path: path.terminalSafe, steps: unknown) }
        return applied
    }

    private func migrate(_ writer: any DatabaseWriter, _ migrations: [DatabaseMigration]) throws {
        let migrator = Self.migrator(migrations)
        do {
            try migrator.migrate(writer)
        } catch let error as DatabaseError where Self.isForeignFile(error) || Self.isBusy(error) {
            throw error
        } catch {
            let applied = (try? writer.read { try migrator.appliedIdentifiers($0) }) ?? []
            let failed = migrations.first { !applied.contains($0.identifier) }?.identifier ?? "?"
            throw StoreError.migrationFailed(identifier: failed, reason: describe(error))
        }
    }

    /// A lock held by another connection (SQLITE_BUSY with any extended code, or SQLITE_LOCKED).
    static func isBusy(_ error: DatabaseError) -> Bool {
        error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
    }

    static func isForeignFile(_ error: DatabaseError) -> Bool {
        error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT
    }

    /// Renames the file (and its -wal and -shm companions, which belong with it) to `<path>.<tag>-<timestamp>`,
    /// never opening them.
    func moveAside(_ path: String, tag: String) throws(StoreError) -> String {
        do throws(FileReadError) {
            var aside: String?
            if FileKind.hasEntry(path) { aside = try FileKind.keepAside(path, tag: tag) }
            let base = aside ?? "\(path).\(tag)-\(Int(Date().timeIntervalSince1970))"
            for suffix in ["-wal", "-shm"] where FileKind.hasEntry(path + suffix) {
                guard rename(path + suffix, base + suffix) == 0 else {
                    throw FileReadError.unreadable(path: path + suffix, reason: String(cString: strerror(errno)))
                }
            }
            return base
        } catch {
            throw .cannotOpen(path: path, reason: "it is not a usable SkyLens database and \(error.reason)")
        }
    }

    private var displayPath: String {
        if case .file(let path) = location { return path }
        return ":memory:"
    }

    func map(_ error: any Error, path: String? = nil) -> StoreError {
        if let error = error as? StoreError { return error }
        if error is CancellationError { return .cancelled }
        let location = path ?? displayPath
        if let error = error as? DatabaseError {
            // SQLite reports a full disk as SQLITE_FULL only when a write to the database or journal fails; when
            // the shared-memory file or a new journal cannot be made, it is a plain I/O error or "cannot open".
            let ioFamily: [ResultCode] = [.SQLITE_IOERR, .SQLITE_CANTOPEN, .SQLITE_FULL, .SQLITE_READONLY]
            if ioFamily.contains(error.resultCode), Self.isOutOfSpace(near: location) {
                return .diskFull(path: location)
            }
            if ioFamily.contains(error.resultCode), Self.isUnwritable(near: location) {
                return .readOnly(path: location)
            }
            switch error.resultCode {
            case .SQLITE_READONLY: return .readOnly(path: location)
            case .SQLITE_FULL: return .diskFull(path: location)
            case .SQLITE_CANTOPEN:
                return .cannotOpen(path: location, reason: "the file or its folder cannot be created or read")
            default: return .failed(describe(error))
            }
        }
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileWriteNoPermissionError {
            return .readOnly(path: location)
        }
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileWriteOutOfSpaceError {
            return .diskFull(path: location)
        }
        if nsError.domain == NSPOSIXErrorDomain, nsError.code == Int(ENOSPC) { return .diskFull(path: location) }
        return .cannotOpen(path: location, reason: describe(error))
    }

    /// Whether the folder holding `path` exists and this process may not write in it (a read-only file system, or
    /// another user's folder).
    static func isUnwritable(near path: String) -> Bool {
        let directory = FilePaths.parent(of: path)
        return FileManager.default.fileExists(atPath: directory) && access(directory, W_OK) != 0
    }

    /// Whether the file system holding `path` (or its folder) has less than 256 KiB left for this process.
    static func isOutOfSpace(near path: String) -> Bool {
        var directory = path
        var info = statvfs()
        for _ in 0..<2 {
            if statvfs(directory, &info) == 0 {
                let free = geteuid() == 0 ? UInt64(info.f_bfree) : UInt64(info.f_bavail)
                return free * UInt64(info.f_frsize) < 256 * 1024
            }
            directory = FilePaths.parent(of: directory)
        }
        return false
    }

    func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return (error as NSError).localizedDescription
    }
}

extension AppDatabase {
    /// Core's own schema: a small key–value table for settings shared by every feature.
    static let coreMigrations: [DatabaseMigration] = [
        DatabaseMigration("core.v1.settings") { db in
            try db.create(table: "setting") { table in
                table.primaryKey("key", .text)
                table.column("value", .text).notNull()
            }
        }
    ]
}
