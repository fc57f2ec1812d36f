import CoreKit
import Foundation
import Networking
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the city catalogue comes from, and what happened on the way: for the progress bar.
public enum ImportPhase: Sendable, Equatable {
    case copying
    case downloading
    case parsing
    case building
    case saving
}

/// What `reload` did.
public struct ReloadReport: Sendable, Equatable {
    public var source: String
    public var count: Int
    /// Entries of a downloaded list that were left out, and why the first one was.
    public var skipped: Int
    public var firstProblem: String?

    public init(source: String, count: Int, skipped: Int, firstProblem: String?) {
        self.source = source
        self.count = count
        self.skipped = skipped
        self.firstProblem = firstProblem
    }
}

/// The city list in use: the one that ships with the App, read (mapped) where it is installed, never copied (a full or
/// read-only data directory costs nothing); or a list from `SKYLENS_CITIES_URL`, downloaded, parsed and indexed into
/// `<data>/cities.skycat`, replaced only by a complete new file (written aside, then renamed), so a failed or
/// interrupted import never leaves a broken catalogue behind.
public actor CatalogueStore {
    public typealias Progress = @Sendable (ImportPhase, Double) -> Void

    private let path: String
    private let builtIn: URL
    /// Which built-in catalogue this data directory has checked whole.
    private let checkRecord: CatalogueCheckRecord
    private let remote: HTTPClient?
    private let now: @Sendable () -> Date
    private let downloadTimeout: Duration
    /// The time-zone grid, read from its file the first time coordinates need a zone (`zoneGrid`).
    private nonisolated let zoneGridFile: URL?
    private nonisolated let loadedZoneGrid = Mutex<TimeZoneGrid??>(nil)
    private var current: CityCatalogue? {
        didSet { published.withLock { $0 = current } }
    }
    /// The open catalogue, for Tab completion, which runs on the line editor's thread and cannot wait for the actor.
    private nonisolated let published = Mutex<CityCatalogue?>(nil)
    /// The built-in catalogue being opened, or opened, by `openAhead`, for the first `catalogue()` to take.
    nonisolated let openingAhead = Mutex<Handover<CityCatalogue?>?>(nil)
    private var pendingNotices: [Sentence] = []

    /// - Parameters:
    ///   - directory: the data directory.
    ///   - builtIn: the catalogue that ships with the App (`CitiesResources.builtInCatalogue`).
    ///   - remote: a client for `SKYLENS_CITIES_URL`, when it is set.
    ///   - downloadTimeout: how long the whole download of that list may take.
    ///   - zoneGrid: the time-zone grid (`CitiesResources.timeZoneGrid`); nil leaves the zones of coordinates to the
    ///     nearest town.
    public init(
        directory: URL, builtIn: URL, remote: HTTPClient?, downloadTimeout: Duration = .seconds(60),
        zoneGrid: URL? = CitiesResources.timeZoneGrid, now: @escaping @Sendable () -> Date
    ) {
        self.zoneGridFile = zoneGrid
        self.path = FilePaths.join(directory.path, "cities.skycat")
        self.checkRecord = CatalogueCheckRecord(directory: directory)
        self.downloadTimeout = downloadTimeout
        self.builtIn = builtIn
        self.remote = remote
        self.now = now
    }

    /// What the last operations had to tell the user (a download that failed and the list that was kept).
    public func takeNotices() -> [Sentence] {
        defer { pendingNotices = [] }
        return pendingNotices
    }

    public var remoteURL: String? { remote?.baseURL.absoluteString }

    /// Completions for the word being typed in a city name: `words` are the name's words typed before it. Each
    /// candidate is the next word of a place whose name starts with what was typed (folded as search folds), made
    /// safe for a terminal, the most populous places' first; at most `limit`, then, when the list was cut, a last
    /// line `…and N more` (a note for the list, never inserted). Empty before the catalogue is open: the first call
    /// opens it in the background, so the next Tab finds it.
    public nonisolated func nameCompletions(words: [String], partial: String, limit: Int = 40) -> [String] {
        let typed = (words + [partial]).joined(separator: " ")
        guard !typed.trimmingSpaces.isEmpty, !typed.contains(",") else { return [] }
        guard let catalogue = published.withLock({ $0 }) else {
            Task { _ = try? await self.catalogue() }
            return []
        }
        let page = catalogue.search(CityQuery(prefix: NameFolding.fold(typed), order: .population), limit: 1_000_000)
        let foldedWords = words.map { NameFolding.fold($0) }
        let foldedPartial = NameFolding.fold(partial)
        var seen = Set<String>()
        var candidates: [String] = []
        var more = 0
        for position in page.positions {
            let parts = catalogue.name(at: position).split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count > words.count,
                zip(parts, foldedWords).allSatisfy({ NameFolding.fold(String($0)) == $1 })
            else { continue }
            let word = TerminalText.sanitize(String(parts[words.count]))
            guard !word.isEmpty, NameFolding.fold(word).hasPrefix(foldedPartial), seen.insert(word).inserted
            else { continue }
            if candidates.count < limit { candidates.append(word) } else { more += 1 }
        }
        if more > 0 { candidates.append("…and \(more) more") }
        return candidates
    }

    /// The time-zone grid, read on first use (about 300 KB); nil when it is missing or damaged.
    public nonisolated func zoneGrid() -> TimeZoneGrid? {
        loadedZoneGrid.withLock { loaded in
            if let loaded { return loaded }
            // Mapped (read when it cannot be): the grid copies what it keeps.
            let grid = zoneGridFile.flatMap {
                (try? Data(contentsOf: $0, options: .alwaysMapped)) ?? (try? Data(contentsOf: $0))
            }
            .flatMap(TimeZoneGrid.init(data:))
            loaded = .some(grid)
            return grid
        }
    }

    /// The catalogue, opened (or first imported) on first use.
    /// Opens the built-in catalogue now, on the calling thread (one off the command's path: the App's start, made on
    /// the other core while the command line is read, issue 30), when that is cheap and is what `catalogue()` would
    /// open: no list to download, none kept in the data directory, and the built-in one checked whole before by this
    /// data directory (its record read first: never the whole check, which a command that names no place would pay
    /// for nothing). The first `catalogue()` takes it, waiting for it if it is still being opened.
    public nonisolated func openAhead() {
        guard remote == nil, published.withLock({ $0 }) == nil, FileKind.at(path) == .missing else { return }
        guard let identity = FileIdentity(path: builtIn.path), checkRecord.holds(identity) else { return }
        let opening = Handover<CityCatalogue?>()
        let first = openingAhead.withLock { pending in
            guard pending == nil else { return false }
            pending = opening
            return true
        }
        guard first else { return }
        // Checked before, as this very file (a file replaced meanwhile is checked whole, as `catalogue()` would).
        opening.give(try? CityCatalogue(path: builtIn.path, mapped: true, checkedBefore: { $0 == identity }))
    }

    public func catalogue(progress: Progress? = nil) async throws(CatalogueError) -> CityCatalogue {
        if let current { return current }
        if let opening = openingAhead.withLock({ $0 }) {
            let ahead = await opening.value
            openingAhead.withLock { $0 = nil }
            if let current { return current }
            // Opened ahead for what was then the case: still the built-in list, with none kept in the data directory.
            if let ahead, FileKind.at(path) == .missing {
                removeDeadImports()
                current = ahead
                return ahead
            }
        }
        removeDeadImports()
        var existing: CityCatalogue?
        switch FileKind.at(path) {
        case .missing:
            break
        case .regular:
            do {
                existing = try CityCatalogue(path: path)
            } catch .olderFormat {
                // A catalogue from before an upgrade: the list is imported again in this version's format (or the
                // built-in one read in place), and the old file goes.
                try? FileManager.default.removeItem(atPath: path)
            } catch {
                pendingNotices.append(Sentence("%@ It is imported again.", .sentence(error.sentence), table: .places))
            }
        default:
            // A named pipe or a folder where the catalogue belongs: never opened, kept for the user.
            if let setAside = FileKind.setAsideUnlessPlain(
                path, tag: "not-a-catalogue", what: Sentence("a city catalogue", table: .places))
            {
                pendingNotices.append(
                    setAside.moved
                        ? Sentence("%@ and the list is imported again.", .sentence(setAside.sentence), table: .places)
                        : Sentence("%@.", .sentence(setAside.sentence), table: .places))
            }
        }
        // A copy of the built-in list that an earlier version made in the data directory: the list is read where it
        // is installed now, and the 54 MB copy goes.
        if existing?.source == "built-in" {
            existing = nil
            try? FileManager.default.removeItem(atPath: path)
        }
        if let remote, existing?.source != remote.baseURL.absoluteString, !recentlyFailed(remote),
            !builtInChosen(over: remote)
        {
            // Another caller's import may be under way (a session's first Tab opens the list in the background):
            // this one waits for it, and only the one that started it says what happened.
            let ours = importing == nil
            do {
                let report = try await sharedImport(remote, progress: progress)
                if ours, report.skipped > 0 {
                    pendingNotices.append(
                        Sentence(
                            "%1$@ entries of the downloaded city list were left out (first: %2$@).",
                            .number(report.skipped), .text(report.firstProblem ?? "?"), table: .places))
                }
                return try open()
            } catch  where ours {
                rememberFailure(remote)
                pendingNotices.append(
                    existing == nil
                        ? Sentence(
                            "%@ Keeping the built-in city list; 'cities reload' tries again.",
                            .sentence(error.sentence),
                            table: .places)
                        : Sentence(
                            "%@ Keeping the current city list; 'cities reload' tries again.", .sentence(error.sentence),
                            table: .places))
            } catch {
                // The import this caller waited for failed; its starter said so.
            }
        }
        if let existing {
            current = existing
            return existing
        }
        return try openBuiltIn()
    }

    /// The built-in list, where the App is installed: mapped, and checked whole only the first time this data
    /// directory meets this very file (`CatalogueCheckRecord`).
    private func openBuiltIn() throws(CatalogueError) -> CityCatalogue {
        let catalogue = try builtInCatalogue()
        current = catalogue
        return catalogue
    }

    private func builtInCatalogue() throws(CatalogueError) -> CityCatalogue {
        let catalogue = try CityCatalogue(path: builtIn.path, mapped: true, checkedBefore: checkRecord.holds)
        if catalogue.checkedWhole, let identity = catalogue.identity { checkRecord.record(identity) }
        return catalogue
    }

    /// Removes the list kept in the data directory (a downloaded one, or a copy of the built-in one an earlier version
    /// made), so that the built-in list is read where it is installed.
    private func removeKeptList() throws(CatalogueError) {
        guard FileKind.at(path).isRegular else { return }
        do { try FileManager.default.removeItem(atPath: path) } catch {
            throw .storage((error as NSError).localizedDescription)
        }
    }

    /// Loads the list again: from `SKYLENS_CITIES_URL` when set, else the built-in one. On failure the catalogue
    /// that was there stays, and the error says why.
    public func reload(progress: Progress? = nil) async throws(CatalogueError) -> ReloadReport {
        if let remote {
            try? FileManager.default.removeItem(atPath: choicePath)
            let report = try await sharedImport(remote, progress: progress)
            _ = try open()
            return report
        }
        try removeKeptList()
        let catalogue = try openBuiltIn()
        return ReloadReport(source: catalogue.source, count: catalogue.count, skipped: 0, firstProblem: nil)
    }

    /// Which list is in use: where it came from, how many cities, when it was made, and the URL configured.
    public struct ListInfo: Sendable, Equatable {
        /// `built-in`, or the URL the list was downloaded from.
        public var source: String
        public var count: Int
        public var createdAt: Date?
        /// `SKYLENS_CITIES_URL`, when it is set.
        public var configuredURL: String?
        /// True when the built-in list is in use because `cities reset` chose it over `configuredURL`.
        public var builtInChosen: Bool
        /// True when the list is read where the App is installed (the built-in list always is).
        public var readFromInstallation: Bool

        public init(
            source: String, count: Int, createdAt: Date?, configuredURL: String?, builtInChosen: Bool,
            readFromInstallation: Bool
        ) {
            self.source = source
            self.count = count
            self.createdAt = createdAt
            self.configuredURL = configuredURL
            self.builtInChosen = builtInChosen
            self.readFromInstallation = readFromInstallation
        }
    }

    public func info(progress: Progress? = nil) async throws(CatalogueError) -> ListInfo {
        let catalogue = try await catalogue(progress: progress)
        return ListInfo(
            source: catalogue.source, count: catalogue.count,
            createdAt: catalogue.createdAt,
            configuredURL: remoteURL,
            builtInChosen: remote.map { builtInChosen(over: $0) } ?? false,
            readFromInstallation: catalogue.path != path)
    }

    /// Goes back to the built-in list, and stays with it (even with `SKYLENS_CITIES_URL` set) until `cities reload`.
    /// Favourites stay: those the built-in list lacks keep what was stored of them.
    public func resetToBuiltIn(progress: Progress? = nil) async throws(CatalogueError) -> ReloadReport {
        let catalogue = try builtInCatalogue()
        try removeKeptList()
        current = catalogue
        if let remote {
            do {
                try Data(remote.baseURL.absoluteString.utf8).write(
                    to: URL(fileURLWithPath: choicePath), options: .atomic)
            } catch {
                throw .storage((error as NSError).localizedDescription)
            }
        }
        return ReloadReport(source: catalogue.source, count: catalogue.count, skipped: 0, firstProblem: nil)
    }

    /// Where `cities reset` records that the built-in list was chosen over the URL it names.
    private var choicePath: String { path + ".built-in-chosen" }

    private func builtInChosen(over remote: HTTPClient) -> Bool {
        Self.file(choicePath, holds: remote.baseURL.absoluteString)
    }

    /// Whether the small file at `path` (a plain file) holds exactly `text`.
    private static func file(_ path: String, holds text: String) -> Bool {
        guard let data = try? RegularFile.read(path, limit: 65_536) else { return false }
        return String(decoding: data, as: UTF8.self) == text
    }

    /// A list URL that failed is tried again by `cities reload`, or at a start an hour later, not at every start.
    private var failurePath: String { path + ".url-failed" }

    private func recentlyFailed(_ remote: HTTPClient) -> Bool {
        guard Self.file(failurePath, holds: remote.baseURL.absoluteString),
            let date = (try? FileManager.default.attributesOfItem(atPath: failurePath))?[.modificationDate] as? Date
        else { return false }
        return now().timeIntervalSince(date) < 3600
    }

    private func rememberFailure(_ remote: HTTPClient) {
        try? Data(remote.baseURL.absoluteString.utf8).write(to: URL(fileURLWithPath: failurePath))
    }

    private func open() throws(CatalogueError) -> CityCatalogue {
        let catalogue = try CityCatalogue(path: path)
        current = catalogue
        return catalogue
    }

    /// The most a downloaded list may be (its JSON), and the most places and catalogue bytes it may make: a catalogue
    /// is read at every start that needs cities (the built-in one has 198,135 places in 54 MB); a list beyond these is
    /// refused with a message, and the list that was there is kept.
    public static let maximumListBytes = 256 * 1_048_576
    public static let maximumPlaces = 1_000_000
    public static let maximumCatalogueBytes = 160 * 1_048_576

    /// The import under way, shared by every caller while it runs: two at once wrote the same work file and deleted
    /// it under each other (the import failed, and the URL was set aside for an hour).
    private var importing: Task<ReloadReport, any Error>?

    /// `importRemote`, or the one under way when another caller started it (its progress is that caller's).
    private func sharedImport(_ remote: HTTPClient, progress: Progress?) async throws(CatalogueError) -> ReloadReport {
        let task: Task<ReloadReport, any Error>
        if let importing {
            task = importing
        } else {
            task = Task { () async throws -> ReloadReport in try await self.importRemote(remote, progress: progress) }
            importing = task
        }
        defer { if importing == task { importing = nil } }
        do {
            return try await task.value
        } catch let error as CatalogueError {
            throw error
        } catch {
            throw .storage(String(describing: error))
        }
    }

    /// Downloads the list into a file beside the catalogue, parses it into a table, builds the catalogue into another
    /// file and installs it: in memory bounded by the table (about 90 bytes a place, 400 MB at most for the largest
    /// list taken, 256 MB of JSON; docs/benchmarks.md), never the list or the catalogue whole.
    private func importRemote(_ remote: HTTPClient, progress: Progress?) async throws(CatalogueError) -> ReloadReport {
        progress?(.downloading, 0)
        let download = try workPath(Self.downloadTag)
        defer { try? FileManager.default.removeItem(atPath: download) }
        do {
            _ = try await remote.send(
                HTTPRequest(
                    method: .get, path: "", timeout: downloadTimeout, maxBodyBytes: Self.maximumListBytes,
                    bodyFile: download))
        } catch {
            switch error {
            case .transport(_, .timedOut):
                throw .downloadTemporary(error.sentence)
            case .status(let status) where status.code == 429 || status.code == 408:
                throw .downloadTemporary(error.sentence)
            case .transport(_, .tooLarge):
                throw .tooLarge("more than \(Self.maximumListBytes / 1_048_576) MB of JSON")
            case .transport(_, .notSaved(let reason)):
                throw .storage(reason)
            default:
                throw .download(error.sentence)
            }
        }
        progress?(.parsing, 0)
        var parsed = try CityListParser.parse(file: download, maximumPlaces: Self.maximumPlaces) { fraction in
            progress?(.parsing, fraction)
        }
        try? FileManager.default.removeItem(atPath: download)
        let valid = parsed.table.count
        guard valid > 0, parsed.skipped * 100 <= valid + parsed.skipped else {
            throw .unusable(valid: valid, skipped: parsed.skipped, firstProblem: parsed.firstProblem)
        }
        // The downloaded list has names and coordinates; population, state and time zone come from the built-in one.
        if let known = try? CityCatalogue(path: builtIn.path, mapped: true) {
            CatalogueBuilder.applyExtras(from: known, to: &parsed.table)
        }
        let repeated = parsed.table.removeRepeatedIDs()
        progress?(.building, 0)
        let temporary = try workPath(Self.importTag)
        let descriptor = Self.create(temporary)
        guard descriptor >= 0 else { throw .storage(String(cString: strerror(errno))) }
        do {
            defer { close(descriptor) }
            _ = try CatalogueBuilder.build(
                parsed.table, source: remote.baseURL.absoluteString, createdAt: now(),
                sink: .file(descriptor: descriptor), limit: Self.maximumCatalogueBytes
            ) { fraction in progress?(.building, fraction) }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
        progress?(.saving, 0)
        try install(temporary, verify: false)
        progress?(.saving, 1)
        return ReloadReport(
            source: remote.baseURL.absoluteString, count: parsed.table.count, skipped: parsed.skipped + repeated,
            firstProblem: parsed.firstProblem ?? (repeated > 0 ? "repeated ids" : nil))
    }

    private static func create(_ path: String) -> Int32 {
        #if canImport(Glibc)
            Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        #else
            Darwin.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        #endif
    }

    /// The files of an import in progress, beside the catalogue, named for their process: the list downloaded and the
    /// catalogue being built.
    private static let downloadTag = ".downloading-"
    private static let importTag = ".importing-"

    /// A path beside the catalogue for a new one (`importTag`) or a download (`downloadTag`), in a data directory
    /// that exists (created private).
    private func workPath(_ tag: String) throws(CatalogueError) -> String {
        let directory = FilePaths.parent(of: path)
        switch FileKind.at(directory) {
        case .missing, .directory: break
        case let kind:
            throw .storage("the data directory \(directory.terminalSafe) is \(kind.description), not a folder")
        }
        do {
            if !FileManager.default.fileExists(atPath: directory) {
                try FileManager.default.createDirectory(
                    atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            }
        } catch {
            throw .storage((error as NSError).localizedDescription)
        }
        let temporary = "\(path)\(tag)\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.removeItem(atPath: temporary)
        removeDeadImports()
        return temporary
    }

    /// Removes what an import killed half-way left behind (its process is gone); a live one's file is left alone.
    private func removeDeadImports() {
        let directory = FilePaths.parent(of: path)
        // The folder listed once for both kinds of leftover.
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for tag in [Self.importTag, Self.downloadTag] {
            let name = FilePaths.lastComponent(of: path) + tag
            for file in files where file.hasPrefix(name) {
                guard let pid = Int32(file.dropFirst(name.count)), kill(pid, 0) != 0, errno == ESRCH else { continue }
                try? FileManager.default.removeItem(atPath: FilePaths.join(directory, file))
            }
        }
    }

    /// Flushes the new file to disk, checks that it maps (when asked), then renames it over the old one: a reader
    /// sees the old catalogue or the new one, never half of one, even after a crash.
    private func install(_ temporary: String, verify: Bool) throws(CatalogueError) {
        do {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: temporary))
            try handle.synchronize()
            try handle.close()
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw .storage((error as NSError).localizedDescription)
        }
        if verify {
            do { _ = try CityCatalogue(path: temporary) } catch {
                try? FileManager.default.removeItem(atPath: temporary)
                throw error
            }
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw .storage(reason)
        }
        // The rename itself reaches the disk only when the directory is synced.
        #if canImport(Glibc)
            let directory = Glibc.open(FilePaths.parent(of: path), O_RDONLY | O_CLOEXEC)
        #else
            let directory = Darwin.open(FilePaths.parent(of: path), O_RDONLY | O_CLOEXEC)
        #endif
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
        try? FileManager.default.removeItem(atPath: failurePath)
    }
}
/// The files that ship inside the cities module.
public enum CitiesResources {
    /// The built-in city list, prepared ahead (`make catalogue`).
    public static var builtInCatalogue: URL? { ResourceLocator.url(bundle: bundle, file: "cities.skycat") }
    /// The IANA time zone of every 0.1° cell (`TimeZoneGrid`), prepared ahead (`make catalogue`).
    public static var timeZoneGrid: URL? { ResourceLocator.url(bundle: bundle, file: "timezones.skytz") }
    /// ISO code, name, capital, continent, population of every country.
    public static var countries: URL? { ResourceLocator.url(bundle: bundle, file: "countries.csv") }
    /// Countries' names in each language but English (`CountryNames`).
    public static var countryNames: URL? { ResourceLocator.url(bundle: bundle, file: "country-names.tsv") }
    /// Places' own names in each language but English (`LocalNames`).
    public static var placeNames: URL? { ResourceLocator.url(bundle: bundle, file: "place-names.tsv") }

    static let bundle = "Services_CitiesService"
}
