import CoreKit
import Diagnostics
import Foundation
import NIOTransport
import Networking
import Synchronization
import TestSupport
import Testing

@testable import CitiesService

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue 30: the built-in catalogue is checked whole the first time a data directory meets it, and opened on the
/// strength of that record after, while it is the same file; what is opened so answers as the checked one does.
@Suite(.serialized) struct CheckRecordTests {
    func copyOfTheBuiltInList(in directory: TemporaryDirectory) throws -> String {
        let path = directory.file("copy.skycat").path
        try FileManager.default.copyItem(atPath: try #require(CitiesResources.builtInCatalogue).path, toPath: path)
        return path
    }

    @Test func theBuiltInListIsCheckedOnceThenOpenedOnTheRecord() async throws {
        let directory = try TemporaryDirectory()
        let builtIn = try #require(CitiesResources.builtInCatalogue)
        let first = try await CatalogueStore(directory: directory.url, builtIn: builtIn, remote: nil, now: { Date() })
            .catalogue()
        #expect(!first.trusted)
        #expect(first.checkedWhole)
        let record = try String(contentsOf: directory.file("cities.checked"), encoding: .utf8)
        #expect(record.hasPrefix("SkyLens catalogue checked: format \(CatalogueFormat.version), checks "))
        let second = try await CatalogueStore(directory: directory.url, builtIn: builtIn, remote: nil, now: { Date() })
            .catalogue()
        #expect(second.trusted)
        #expect(!second.checkedWhole)
        // The same answers: names, other names (Bombay, NYC, MAD), regions, a country, the order by population.
        for text in ["toronto", "bombay", "nyc", "mad", "cologne", "springfield, il", "paris, fr", "s", "sã", "東京"] {
            for order in [CityQuery.Order.name, .population] {
                var query = CityQuery(parsing: text)
                query.order = order
                let a = first.search(query, limit: 50), b = second.search(query, limit: 50)
                #expect(a == b, "\(text)")
            }
        }
        for position in stride(from: 0, to: first.count, by: 997) {
            #expect(first.city(at: position) == second.city(at: position))
        }
        #expect(first.source == second.source)
        #expect(first.suggestions(for: "Torontp") == second.suggestions(for: "Torontp"))
    }

    /// Issue 30: the App's start opens the city list on its own thread, off the command's path, only when that is
    /// cheap (checked before by this data directory, none kept or to download); the first use takes it.
    @Test func theListIsOpenedAheadOnlyWhenItWasCheckedBefore() async throws {
        let directory = try TemporaryDirectory()
        let builtIn = try #require(CitiesResources.builtInCatalogue)
        func store(remote: HTTPClient? = nil) -> CatalogueStore {
            CatalogueStore(directory: directory.url, builtIn: builtIn, remote: remote, now: { Date() })
        }
        // Never checked here: nothing opened ahead (the whole check is the first use's, which records it).
        let unchecked = store()
        unchecked.openAhead()
        #expect(!FileManager.default.fileExists(atPath: directory.file("cities.checked").path))
        let first = try await unchecked.catalogue()
        #expect(first.checkedWhole)
        // Checked before: opened ahead, on the record, and taken by the first use.
        let ahead = store()
        let done = Handover<Bool>()
        Thread.detachNewThread {
            ahead.openAhead()
            done.give(true)
        }
        _ = await done.value
        let opened = try #require(await ahead.openingAhead.withLock { $0 }?.value)
        let taken = try await ahead.catalogue()
        #expect(taken === opened)
        #expect(taken.trusted && !taken.checkedWhole)
        #expect(
            taken.search(CityQuery(parsing: "toronto"), limit: 1)
                == first.search(CityQuery(parsing: "toronto"), limit: 1))
        #expect(try await ahead.catalogue() === taken)
        // A list to download: never opened ahead (the first use decides between it and the built-in one).
        let transport = HTTPTransport(engine: NIOHTTPEngine(), logger: InMemoryLog().logger(), now: { Date() })
        let remote = store(
            remote: HTTPClient(baseURL: try #require(URL(string: "http://127.0.0.1:9")), transport: transport))
        remote.openAhead()
        #expect(remote.openingAhead.withLock { $0 } == nil)
        #expect(ahead.openingAhead.withLock { $0 } == nil, "taken by the first use")
    }

    @Test func pairsLookedUpOneAtATimeAgreeWithTheWholeTable() throws {
        let catalogue = try CityCatalogue(path: try #require(CitiesResources.builtInCatalogue).path)
        let keys = SortedKeys(starts: catalogue.foldStarts, bytes: catalogue.folded, count: catalogue.count)
        let whole = try #require(PairStarts(checking: keys))
        let lookedUp = PairStarts(lookingUp: keys)
        for first in UInt8.min...UInt8.max {
            for second in [nil] + (UInt8.min...UInt8.max).map(Optional.some) {
                let prefix = second.map { [first, $0] } ?? [first]
                prefix.withUnsafeBufferPointer { prefix in
                    #expect(whole.range(prefix) == lookedUp.range(prefix))
                }
            }
        }
        #expect(whole.whole() == PairStarts(lookingUp: keys).whole())
        #expect(whole.whole() == lookedUp.whole())
    }

    @Test func aCatalogueWrittenInPlaceAfterItWasCheckedIsCheckedAgain() async throws {
        let directory = try TemporaryDirectory()
        let path = try copyOfTheBuiltInList(in: directory)
        let record = CatalogueCheckRecord(directory: directory.url)
        let checked = try CityCatalogue(path: path, mapped: true, checkedBefore: record.holds)
        #expect(!checked.trusted)
        record.record(try #require(checked.identity))
        #expect(try CityCatalogue(path: path, mapped: true, checkedBefore: record.holds).trusted)
        // A byte of the name offsets changed in place, the size kept (as an editor or a disk error might): the change
        // time moves (past the file system's clock tick), the record no longer holds, and the damage is found.
        try await Task.sleep(for: .milliseconds(20))
        let header = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(CatalogueFormat.headerSize)
        let section = CatalogueFormat.Section.nameStarts.rawValue
        let offset = header[(16 + section * 16)..<(24 + section * 16)].enumerated()
            .reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seek(toOffset: UInt64(offset + 400))
        try handle.write(contentsOf: Data([0xFF, 0xFF, 0xFF, 0x7F]))
        try handle.close()
        #expect(throws: CatalogueError.self) {
            try CityCatalogue(path: path, mapped: true, checkedBefore: record.holds)
        }
    }

    @Test func aRecordThatIsNotOursOrNotThisFileHoldsNothing() throws {
        let directory = try TemporaryDirectory()
        let path = try copyOfTheBuiltInList(in: directory)
        let record = CatalogueCheckRecord(directory: directory.url)
        let identity = try #require(try CityCatalogue(path: path, mapped: true).identity)
        #expect(!record.holds(identity))
        for text in ["", "garbage\n", String(repeating: "x", count: 10_000)] {
            try Data(text.utf8).write(to: directory.file("cities.checked"))
            #expect(!record.holds(identity))
        }
        record.record(identity)
        #expect(record.holds(identity))
        var other = identity
        other.changed += 1
        #expect(!record.holds(other))
        // Another file of the same size, put in its place by rename: another inode.
        let replacement = directory.file("replacement.skycat").path
        try FileManager.default.copyItem(atPath: path, toPath: replacement)
        #expect(rename(replacement, path) == 0)
        #expect(!(try CityCatalogue(path: path, mapped: true, checkedBefore: record.holds).trusted))
        // A data directory that is missing: nothing recorded, nothing created.
        let missing = CatalogueCheckRecord(directory: directory.file("missing"))
        missing.record(identity)
        #expect(!FileManager.default.fileExists(atPath: directory.file("missing").path))
    }

    /// Issue 8 for a mapped catalogue: replaced by rename (as `dpkg` and `make install` replace it) under a session
    /// that has it open, the session goes on reading the file it opened; a new open reads the new one.
    @Test func aMappedCatalogueReplacedByRenameKeepsAnsweringFromTheFileItOpened() throws {
        let directory = try TemporaryDirectory()
        let path = try copyOfTheBuiltInList(in: directory)
        let opened = try CityCatalogue(path: path, mapped: true)
        let before = opened.search(CityQuery(parsing: "toronto"))
        #expect(before.total > 0)
        let small = try CatalogueBuilder.build(
            [City(id: 1, name: "Nowhere", country: "CA", latitude: 43.7, longitude: -79.42)], source: "test",
            createdAt: Date(timeIntervalSince1970: 0))
        let replacement = directory.file("new.skycat").path
        try small.write(to: URL(fileURLWithPath: replacement))
        #expect(rename(replacement, path) == 0)
        // Every page read again after the rename: the whole other-name table and a walk for suggestions.
        #expect(opened.search(CityQuery(parsing: "toronto")) == before)
        #expect(opened.aliasCount > 500_000)
        #expect(!opened.suggestions(for: "Torontp").isEmpty)
        #expect(try CityCatalogue(path: path, mapped: true).count == 1)
    }

    /// Found in review: nanoseconds since 1970 overflow a 64-bit integer after 2262; a file dated 2300 (`touch -d`)
    /// trapped every city command.
    @Test func aFileDatedAfter2262IsOpenedAndRecorded() throws {
        let directory = try TemporaryDirectory()
        let path = try copyOfTheBuiltInList(in: directory)
        let future = Date(timeIntervalSince1970: 10_413_792_000)  // 2300-01-01
        try FileManager.default.setAttributes([.modificationDate: future], ofItemAtPath: path)
        let record = CatalogueCheckRecord(directory: directory.url)
        let checked = try CityCatalogue(path: path, mapped: true, checkedBefore: record.holds)
        record.record(try #require(checked.identity))
        #expect(try CityCatalogue(path: path, mapped: true, checkedBefore: record.holds).trusted)
    }

    @Test func onlyAMappedCatalogueIsOpenedOnTheRecord() throws {
        let directory = try TemporaryDirectory()
        let path = try copyOfTheBuiltInList(in: directory)
        let record = CatalogueCheckRecord(directory: directory.url)
        record.record(try #require(try CityCatalogue(path: path, mapped: true).identity))
        #expect(!(try CityCatalogue(path: path, mapped: false, checkedBefore: record.holds).trusted))
    }
}
