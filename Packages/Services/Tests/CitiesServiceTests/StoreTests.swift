import CitiesService
import CoreKit
import Diagnostics
import Foundation
import GRDB
import NIOTransport
import Networking
import Persistence
import Synchronization
import TestSupport
import Testing

@Suite(.serialized) struct CatalogueStoreTests {
    func store(_ directory: TemporaryDirectory, remote: URL? = nil) throws -> CatalogueStore {
        let transport = HTTPTransport(engine: NIOHTTPEngine(), logger: InMemoryLog().logger(), now: { Date() })
        return CatalogueStore(
            directory: directory.url, builtIn: try #require(CitiesResources.builtInCatalogue),
            remote: remote.map { HTTPClient(baseURL: $0, transport: transport) }, now: { Date() })
    }

    @Test func theBuiltInListIsReadWhereItIsInstalledNeverCopied() async throws {
        let directory = try TemporaryDirectory()
        let phases = PhaseLog()
        let catalogue = try await store(directory).catalogue { phase, _ in phases.add(phase) }
        #expect(catalogue.count == 198_135)
        #expect(phases.phases.isEmpty)
        #expect(catalogue.path == CitiesResources.builtInCatalogue?.path)
        // Nothing written to the data directory but the one-line record that this list was checked (issue 30): a
        // full or read-only one costs nothing.
        #expect(!FileManager.default.fileExists(atPath: directory.file("cities.skycat").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["cities.checked"])
        #expect(try Data(contentsOf: directory.file("cities.checked")).count < 200)
        // A data directory that is a file: the list answers all the same.
        let file = try TemporaryDirectory()
        let blocked = file.file("data")
        try Data("not a folder".utf8).write(to: blocked)
        let store = CatalogueStore(
            directory: blocked, builtIn: try #require(CitiesResources.builtInCatalogue), remote: nil, now: { Date() })
        #expect(try await store.catalogue().count == 198_135)
        #expect(await store.takeNotices().isEmpty)
    }

    @Test func aCopyOfTheBuiltInListFromAnEarlierVersionIsRemoved() async throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.copyItem(
            at: try #require(CitiesResources.builtInCatalogue), to: directory.file("cities.skycat"))
        let catalogue = try await store(directory).catalogue()
        #expect(catalogue.path == CitiesResources.builtInCatalogue?.path)
        #expect(!FileManager.default.fileExists(atPath: directory.file("cities.skycat").path))
    }

    @Test func cityNamesAreCompletedWordByWordOnceTheCatalogueIsOpen() async throws {
        let directory = try TemporaryDirectory()
        let store = try store(directory)
        // Before the catalogue is open: nothing, and it starts opening.
        #expect(store.nameCompletions(words: [], partial: "toron").isEmpty)
        _ = try await store.catalogue()
        #expect(store.nameCompletions(words: [], partial: "toron").contains("Toronto"))
        #expect(store.nameCompletions(words: ["sao"], partial: "pa").contains("Paulo"))
        #expect(store.nameCompletions(words: ["São"], partial: "").contains("Paulo"))
        #expect(store.nameCompletions(words: ["new"], partial: "yo").contains("York"))
        #expect(store.nameCompletions(words: ["rio", "de"], partial: "j").contains("Janeiro"))
        // Only the next word of names whose first words are the ones typed.
        #expect(!store.nameCompletions(words: ["sao"], partial: "").contains { $0.lowercased().hasPrefix("sao") })
        #expect(store.nameCompletions(words: [], partial: "").isEmpty)
        #expect(store.nameCompletions(words: ["paris,"], partial: "us").isEmpty)
        #expect(store.nameCompletions(words: [], partial: "zzzzqx").isEmpty)
        // The most populous first; a cut list says how much more there is.
        let five = store.nameCompletions(words: [], partial: "s", limit: 5)
        #expect(five.count == 6 && five.first == "Shanghai" && five.last?.hasPrefix("…and ") == true, "\(five)")
        #expect(store.nameCompletions(words: [], partial: "toron").first == "Toronto")
    }

    @Test func aCatalogueFromAnOlderSkyLensIsImportedAgainQuietly() async throws {
        let directory = try TemporaryDirectory()
        var old = try Data(contentsOf: try #require(CitiesResources.builtInCatalogue))
        old.replaceSubrange(8..<12, with: [1, 0, 0, 0])
        try old.write(to: directory.file("cities.skycat"))
        let store = try store(directory)
        #expect(try await store.catalogue().count == 198_135)
        #expect(await store.takeNotices().isEmpty)
    }

    @Test func aDamagedCatalogueIsImportedAgain() async throws {
        let directory = try TemporaryDirectory()
        try Data("SKYCAT01 but then garbage".utf8).write(to: directory.file("cities.skycat"))
        let store = try store(directory)
        #expect(try await store.catalogue().count == 198_135)
        #expect(await store.takeNotices().first?.english.contains("is damaged") == true)
    }

    @Test func aListFromAURLReplacesTheBuiltInOneAndKeepsExtras() async throws {
        let directory = try TemporaryDirectory()
        let server = try LoopbackServer(always: .json(try fixture("challenge.json")))
        let store = try store(directory, remote: server.baseURL.appendingPathComponent("cities.json"))
        let catalogue = try await store.catalogue()
        #expect(catalogue.count == 11)
        #expect(catalogue.source == server.baseURL.appendingPathComponent("cities.json").absoluteString)
        // Population from the built-in list, joined by id.
        #expect((catalogue.city(id: 3448439)?.population ?? 0) > 10_000_000)
    }

    @Test func aFailedDownloadKeepsWhatWasThereAndSaysWhy() async throws {
        let directory = try TemporaryDirectory()
        let good = try LoopbackServer(always: .json(try fixture("challenge.json")))
        #expect(try await store(directory, remote: good.baseURL).catalogue().count == 11)
        let broken = try LoopbackServer(always: .text("<html>down for maintenance</html>"))
        let store = try store(directory, remote: broken.baseURL)
        #expect(try await store.catalogue().count == 11)
        let notice = try #require(await store.takeNotices().first?.english)
        #expect(notice.contains("not a JSON array") && notice.contains("Keeping the current city list"))
        do {
            _ = try await store.reload()
            Issue.record("a reload from a broken list must fail")
        } catch {
            #expect(error.message.contains("not a JSON array"))
        }
        #expect(try CityCatalogue(path: directory.file("cities.skycat").path).count == 11)
        let refused = try self.store(directory, remote: URL(string: "http://127.0.0.1:\(closedLoopbackPort())/x")!)
        do {
            _ = try await refused.reload()
            Issue.record("a reload from a closed port must fail")
        } catch {
            #expect(error.message.contains("could not be downloaded: Could not connect to 127.0.0.1"))
        }
    }
}

final class PhaseLog: Sendable {
    private let storage = LockedPhases()
    func add(_ phase: ImportPhase) { storage.append(phase) }
    var phases: [ImportPhase] { storage.values }
}

final class LockedPhases: Sendable {
    private let mutex = Mutex<[ImportPhase]>([])
    func append(_ phase: ImportPhase) { mutex.withLock { $0.append(phase) } }
    var values: [ImportPhase] { mutex.withLock { $0 } }
}

@Suite struct FavoritesStoreTests {
    @Test func favouritesAreKeptByID() async throws {
        let database = AppDatabase(location: .inMemory, logger: InMemoryLog().logger())
        database.register(FavoritesStore.migrations)
        let favorites = FavoritesStore(database: database)
        let toronto = City(id: 6167865, name: "Toronto", country: "CA", latitude: 43.7, longitude: -79.42)
        #expect(try await favorites.add(toronto, at: Date()))
        #expect(try await !favorites.add(toronto, at: Date()))
        #expect(try await favorites.ids() == [6167865])
        #expect(try await favorites.all().map(\.city) == [toronto])
        #expect(try await favorites.remove(6167865))
        #expect(try await !favorites.remove(6167865))
    }

    @Test func theDetailsMigrationKeepsEveryFavourite() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("skylens.sqlite").path
        do {
            let old = AppDatabase(location: .file(path: path), logger: InMemoryLog().logger())
            old.register(Array(FavoritesStore.migrations.prefix(1)))
            try await old.write { db in
                try db.execute(sql: "INSERT INTO favorite_city(id, addedAt) VALUES (2988507, 1), (42, 2)")
            }
        }
        let database = AppDatabase(location: .file(path: path), logger: InMemoryLog().logger())
        database.register(FavoritesStore.migrations)
        let favorites = FavoritesStore(database: database)
        #expect(try await favorites.all().map(\.id) == [2988507, 42])
        let paris = City(id: 2988507, name: "Paris", country: "FR", latitude: 48.85, longitude: 2.35)
        try await favorites.recordDetails([paris])
        let after = try await favorites.all()
        #expect(after.first?.city == paris)
        #expect(after.last?.city == nil)
    }

    @Test func countriesHaveNames() {
        let countries = Countries.builtIn()
        #expect(countries.name("CA") == "Canada")
        #expect(countries.name("bq") == "Bonaire, Saint Eustatius and Saba")
        #expect(countries.name("ZZ") == nil)
    }

    /// Issue 30: the list is read as bytes; every country as the text reading (Foundation's trimming) made it, with
    /// quoted fields, spaces around a name, CRLF lines and a short line.
    @Test func countriesReadAsBytesAsTheyWereReadAsText() throws {
        // The reference: characters, not bytes.
        func split(_ line: Substring) -> [String] {
            var fields = [""]
            var quoted = false
            for character in line {
                switch character {
                case "\"" where quoted: quoted = false
                case "\"" where fields[fields.count - 1].isEmpty: quoted = true
                case "," where !quoted: fields.append("")
                default: fields[fields.count - 1].append(character)
                }
            }
            return fields
        }
        func row(_ country: Countries.Country) -> String {
            "\(country.code)|\(country.name)|\(country.capital)|\(country.population.map(String.init) ?? "-")"
        }
        func asText(_ csv: String) -> [String] {
            csv.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).dropFirst()
                .compactMap { line in
                    let fields = split(line.hasSuffix("\r") ? line.dropLast() : line)
                    guard fields.count >= 6, fields[0].utf8.count == 2 else { return nil }
                    let name = fields[2].trimmingCharacters(in: .whitespaces)
                    return "\(fields[0])|\(name)|\(fields[3])|\(Int(fields[5]).map(String.init) ?? "-")"
                }.sorted()
        }
        let url = try #require(CitiesResources.countries)
        let builtIn = try String(contentsOf: url, encoding: .utf8)
        let made =
            "iso,iso3,name,capital,continent,population\r\nXA,XAA,\"  Spaced, Quoted \t\",Cap,EU,12\r\n"
            + "XB,XBB, Été ,\"A, B\",AS,\nXC,short\n\nXD,XDD,\t,Nowhere,AF,7"
        for csv in [builtIn, made] {
            let countries = Countries(csv: csv)
            #expect(countries.all.map(row) == asText(csv))
        }
        #expect(Countries(csv: made).name("XA") == "Spaced, Quoted")
        #expect(Countries(csv: made).all.map(\.code) == ["XA", "XB", "XD"])
        #expect(Countries.builtIn().all.count == Countries(csv: builtIn).all.count)
        #expect(Countries.builtIn().all.count > 240)
    }
}
