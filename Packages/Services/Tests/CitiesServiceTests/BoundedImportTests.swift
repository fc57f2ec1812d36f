import Diagnostics
import Foundation
import NIOTransport
import Networking
import TestSupport
import Testing

@testable import CitiesService

/// Issue 25: `cities reload` of a large list held the list, its cities and the catalogue in memory at once (2.7 GB
/// for 208 MB). The list now goes to a file as it arrives, is parsed from that file into columns, and the catalogue
/// is written section by section; these tests check that each step gives what the in-memory steps gave.
@Suite(.serialized) struct BoundedImportTests {
    @Test func aListParsedFromAFileIsTheListParsedInMemory() throws {
        let directory = try TemporaryDirectory()
        let json = try fixture("challenge.json")
        let path = directory.file("list.json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        let fromFile = try CityListParser.parse(file: path, maximumPlaces: 1_000)
        let inMemory = try CityListParser.parse(Data(json.utf8))
        #expect(fromFile.table.count == inMemory.cities.count)
        #expect((0..<fromFile.table.count).map { fromFile.table.city($0) } == inMemory.cities)
        #expect(fromFile.skipped == inMemory.skipped && fromFile.firstProblem == inMemory.firstProblem)
    }

    @Test func theSameMistakesAreFoundInAFileAsInMemory() throws {
        let directory = try TemporaryDirectory()
        for text in [
            "", "  ", "{}", "[", #"[{"_id":1,"name":"A","coord":{"lat":1,"lon":2}},"#,
            #"[{"_id":1,"name":"A","coord":{"lat":1,"lon":2}}] x"#,
            #"[{"_id":-1,"name":"A","coord":{"lat":1,"lon":2}},{"_id":2,"name":"B","coord":{"lat":1,"lon":2}}]"#,
        ] {
            let path = directory.file("list.json").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let fromFile = Result { () throws(CatalogueError) in try CityListParser.parse(file: path, maximumPlaces: 10)
            }
            let inMemory = Result { () throws(CatalogueError) in try CityListParser.parse(Data(text.utf8)) }
            switch (fromFile, inMemory) {
            case (.failure(let a), .failure(let b)): #expect(a == b, "\(text)")
            case (.success(let a), .success(let b)):
                #expect(a.skipped == b.skipped && a.firstProblem == b.firstProblem && a.table.count == b.cities.count)
            default: Issue.record("'\(text)': \(fromFile) from a file, \(inMemory) in memory")
            }
        }
    }

    @Test func aListOfMorePlacesThanACatalogueHoldsIsRefusedWhileParsing() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("list.json").path
        let entries = (1...5).map { #"{"_id":\#($0),"name":"P\#($0)","coord":{"lat":1,"lon":\#($0)}}"# }
        try Data("[\(entries.joined(separator: ","))]".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: CatalogueError.tooLarge("it has more than the 4 places a catalogue holds")) {
            try CityListParser.parse(file: path, maximumPlaces: 4)
        }
        #expect(try CityListParser.parse(file: path, maximumPlaces: 5).table.count == 5)
    }

    /// The same bytes whether the catalogue is built from cities in memory or from a table into a file: the built-in
    /// catalogue (built from `[City]` by `make catalogue`) was checked the same way, byte for byte, when the builder
    /// moved to columns.
    @Test func aCatalogueWrittenToAFileIsTheCatalogueBuiltInMemory() throws {
        let directory = try TemporaryDirectory()
        let ontario = Region(name: "Ontario", isoCode: "ON", geonamesCode: "08")
        let cities = [
            City(
                id: 6167865, name: "Toronto", country: "CA", latitude: 43.70011, longitude: -79.4163,
                population: 2_600_000, timeZone: "America/Toronto", region: ontario),
            // A second row of Toronto within 0.01°: merged into its place.
            City(id: 6167866, name: "Toronto", country: "CA", latitude: 43.705, longitude: -79.42),
            City(
                id: 2988507, name: "Paris", country: "FR", latitude: 48.85341, longitude: 2.3488, population: 2_138_551,
                timeZone: "Europe/Paris"),
            City(id: 4717560, name: "Paris", country: "US", latitude: 33.66, longitude: -95.55, state: "TX"),
            City(id: 1, name: "Quezon City", country: "PH", latitude: 14.65, longitude: 121.03, population: 2_900_000),
            City(
                id: 2, name: "Ottawa", country: "CA", latitude: 45.41, longitude: -75.69, population: 812_000,
                region: ontario),
            City(id: 3, name: "São Paulo", country: "BR", latitude: -23.55, longitude: -46.63, population: 12_000_000),
            City(id: 4, name: "-", country: "", latitude: 0, longitude: 0),
        ]
        let inMemory = try CatalogueBuilder.build(
            cities, source: "test", createdAt: Date(timeIntervalSince1970: 0), otherNames: [2: ["Bytown"]])
        let path = directory.file("built.skycat").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #expect(descriptor >= 0)
        let none = try CatalogueBuilder.build(
            PlaceTable(cities), source: "test", createdAt: Date(timeIntervalSince1970: 0), otherNames: [2: ["Bytown"]],
            sink: .file(descriptor: descriptor), limit: nil)
        close(descriptor)
        #expect(none == nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == inMemory)
        let catalogue = try CityCatalogue(path: path)
        #expect(catalogue.count == 7)
        #expect(catalogue.city(id: 6167866)?.name == "Toronto")
    }

    @Test func aCatalogueOverItsLimitIsRefusedBeforeItIsWritten() throws {
        let cities = (1...2_000).map {
            City(id: $0, name: "Place number \($0)", country: "CA", latitude: 45, longitude: Double($0) / 100)
        }
        #expect(throws: CatalogueError.self) {
            try CatalogueBuilder.build(
                PlaceTable(cities), source: "test", createdAt: Date(), sink: .memory, limit: 64 * 1024)
        }
    }

    @Test func repeatedIDsKeepTheirFirstRow() {
        var table = PlaceTable([
            City(id: 5, name: "Eins", country: "DE", latitude: 1, longitude: 1),
            City(id: 7, name: "Zwei", country: "DE", latitude: 2, longitude: 2),
            City(id: 5, name: "Drei", country: "DE", latitude: 3, longitude: 3),
            City(id: 9, name: "Vier", country: "DE", latitude: 4, longitude: 4, population: 12),
            City(id: 7, name: "Fünf", country: "DE", latitude: 5, longitude: 5),
        ])
        #expect(table.removeRepeatedIDs() == 2)
        #expect((0..<table.count).map { table.name($0) } == ["Eins", "Zwei", "Vier"])
        #expect(table.population(2) == 12 && table.latitudes == [1, 2, 4])
    }

    /// Found while reviewing issue 30: two callers at once (a session's first Tab opens the list in the background,
    /// then a command asks) each started an import into the same work file, one deleting the other's: the import
    /// failed and the URL was set aside for an hour. The second now waits for the first's.
    @Test func twoCallersAtOnceShareOneImport() async throws {
        let directory = try TemporaryDirectory()
        let list = try fixture("challenge.json")
        let server = try LoopbackServer { _ in .delayed(.json(list), by: .milliseconds(300)) }
        let transport = HTTPTransport(engine: NIOHTTPEngine(), logger: InMemoryLog().logger(), now: { Date() })
        let store = CatalogueStore(
            directory: directory.url, builtIn: try #require(CitiesResources.builtInCatalogue),
            remote: HTTPClient(baseURL: server.baseURL, transport: transport), now: { Date() })
        async let first = store.catalogue()
        async let second = store.catalogue()
        async let reloaded = store.reload()
        let counts = try await [first.count, second.count, reloaded.count]
        #expect(counts == [11, 11, 11])
        #expect(server.requests.count == 1)
        #expect(await store.takeNotices().isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["cities.skycat"])
    }

    /// The download goes to a file beside the catalogue and is gone afterwards, whatever happened; the catalogue is
    /// the list's.
    @Test func aReloadLeavesNoDownloadBehind() async throws {
        let directory = try TemporaryDirectory()
        let server = try LoopbackServer(always: .json(try fixture("challenge.json")))
        let transport = HTTPTransport(engine: NIOHTTPEngine(), logger: InMemoryLog().logger(), now: { Date() })
        let store = CatalogueStore(
            directory: directory.url, builtIn: try #require(CitiesResources.builtInCatalogue),
            remote: HTTPClient(baseURL: server.baseURL, transport: transport), now: { Date() })
        let report = try await store.reload()
        #expect(report.count == 11)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files.sorted() == ["cities.skycat"], "\(files)")
        let broken = try LoopbackServer(always: .json("[1, 2, 3]"))
        let again = CatalogueStore(
            directory: directory.url, builtIn: try #require(CitiesResources.builtInCatalogue),
            remote: HTTPClient(baseURL: broken.baseURL, transport: transport), now: { Date() })
        await #expect(throws: CatalogueError.self) { try await again.reload() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["cities.skycat"])
    }
}
