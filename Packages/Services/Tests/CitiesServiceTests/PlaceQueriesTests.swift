import CitiesService
import Foundation
import Testing

/// The place a person means, held to an outside reference: `Fixtures/place-queries.tsv`, 248 real queries (capitals,
/// big cities, old names, names in other languages, airport codes, qualified names, namesakes) with the place each
/// must give, chosen from lists of the world's capitals, largest cities, exonyms and busiest airports, not from the
/// ranking (see `Fixtures/place-queries.README.md`).
@Suite struct PlaceQueriesTests {
    struct Query {
        var text: String
        var id: Int
        var expected: String
        var group: String
    }

    static func queries() throws -> [Query] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/place-queries.tsv")
        let lines = try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isNewline).dropFirst()
        return lines.compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 4, let id = Int(fields[1]) else { return nil }
            return Query(text: fields[0], id: id, expected: fields[2], group: fields[3])
        }
    }

    static let catalogue: CityCatalogue? = CitiesResources.builtInCatalogue.flatMap {
        try? CityCatalogue(path: $0.path)
    }

    @Test func everyQueryOfTheTableGivesThePlaceMeant() throws {
        let catalogue = try #require(Self.catalogue)
        let queries = try Self.queries()
        #expect(queries.count >= 100)
        var wrong: [String] = []
        for query in queries {
            let wanted = try #require(catalogue.position(ofID: query.id), "no place #\(query.id) for \(query.text)")
            switch catalogue.resolve(name: query.text) {
            case .success(let resolution):
                if catalogue.position(ofID: resolution.city.id) != wanted {
                    wrong.append(
                        "\(query.text): \(resolution.city.qualifiedName) #\(resolution.city.id), not \(query.expected)")
                }
            case .failure(let failure):
                wrong.append("\(query.text): \(failure.message)")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) of \(queries.count) wrong:\n\(wrong.joined(separator: "\n"))")
    }

    @Test func theIssuesExamples() throws {
        let catalogue = try #require(Self.catalogue)
        func chosen(_ text: String) -> City? { try? catalogue.resolve(name: text).get().city }
        #expect(chosen("New York")?.id == 5128581)
        #expect(chosen("Bombay")?.name == "Mumbai")
        #expect(chosen("Peking")?.name == "Beijing")
        #expect(chosen("Washington")?.id == 4140963)
        #expect(chosen("Washington, US")?.id == 4140963)
        #expect(chosen("Cologne")?.name == "Köln")
        #expect(chosen("Macao")?.country == "MO")
        #expect(chosen("Panama City")?.country == "PA")
        #expect(chosen("MAD")?.id == 3117735)
        #expect(chosen("CDG")?.id == 2988507)
        #expect(chosen("HND")?.id == 1850147)
        // The exact name wins when it is comparably important.
        #expect(chosen("Paris")?.id == 2988507)
        #expect(chosen("London")?.id == 2643743)
        #expect(chosen("Toronto")?.id == 6167865)
    }

    @Test func otherPlacesOfTheTextAreAlternativesAndACloseOneIsTheRunnerUp() throws {
        let catalogue = try #require(Self.catalogue)
        let sanJose = try catalogue.resolve(name: "San Jose").get()
        #expect(sanJose.city.country == "US")
        #expect(sanJose.alternatives.first?.id == 3621849)
        #expect(sanJose.alternatives.count == 5)
        #expect(sanJose.alternativeCount > 5)
        // San José, CR (335,000 and a capital) is close to San Jose, US (1 M): worth a line.
        #expect(sanJose.closeRunnerUp?.id == 3621849)
        // London, CA is not close to London, GB: an alternative, not a line.
        let london = try catalogue.resolve(name: "London").get()
        #expect(london.alternatives.contains { $0.id == 6058560 })
        #expect(london.closeRunnerUp == nil)
        // The most important first: people, then a capital's weight.
        let importance = sanJose.alternatives.map(\.importance)
        #expect(importance == importance.sorted(by: >))
        // An airport code says the airport beside the place.
        let madrid = try catalogue.resolve(name: "MAD").get()
        #expect(madrid.city.otherName?.hasPrefix("MAD: ") == true)
        #expect(madrid.alternatives.contains { $0.name == "Mád" })
    }

    @Test func theRankingWeighsHowTheTextMatchedAgainstImportance() {
        let mumbai = PlaceRanking.importance(population: 12_691_836, isCapital: false, isTown: true)
        let bombayNZ = PlaceRanking.importance(population: 740, isCapital: false, isTown: true)
        #expect(
            PlaceRanking.score(importance: mumbai, match: .otherName)
                > PlaceRanking.score(importance: bombayNZ, match: .name))
        // A place found by another name needs more than six times the people of one found by its own name.
        let big = PlaceRanking.importance(population: 60_000, isCapital: false, isTown: true)
        let small = PlaceRanking.importance(population: 10_000, isCapital: false, isTown: true)
        #expect(
            PlaceRanking.score(importance: big, match: .otherName) < PlaceRanking.score(importance: small, match: .name)
        )
        // A region's own row is not the town.
        #expect(
            PlaceRanking.importance(population: nil, isCapital: false, isTown: false)
                < PlaceRanking.importance(population: 740, isCapital: false, isTown: true))
        #expect(PlaceRanking.typedAsCode("MAD") && PlaceRanking.typedAsCode("YYZ, CA"))
        #expect(!PlaceRanking.typedAsCode("mad") && !PlaceRanking.typedAsCode("Madrid"))
    }

    @Test func theNewDataIsInTheCatalogue() throws {
        let catalogue = try #require(Self.catalogue)
        // Places of 15,000 or more that the list lacked, searchable and on the map.
        for (name, id) in [("Ordos", 6_944_106), ("Caloocan", 1_720_151), ("Queens", 5_133_273)] {
            let found = try catalogue.resolve(name: name).get().city
            #expect(found.name.hasPrefix(name) || found.id == id, "\(name)")
            #expect(found.isTown)
        }
        let page = catalogue.search(CityQuery(parsing: "new taipei"), limit: 5)
        #expect(page.positions.map { catalogue.name(at: $0) }.contains("New Taipei City"))
        // Capitals are known.
        #expect(catalogue.city(id: 3117735)?.isCapital == true)
        #expect(catalogue.city(id: 4140963)?.isCapital == true)
        #expect(catalogue.city(id: 5549222)?.isCapital == false)
        // New Delhi is the capital, not Delhi, whose other name it also is.
        #expect(catalogue.city(id: 1261481)?.isCapital == true)
        #expect(catalogue.city(id: 1273294)?.isCapital == false)
        #expect(catalogue.city(id: 5392171)?.isCapital == false)
        // The state's row of New York is not a town.
        #expect(catalogue.city(id: 5128638)?.isTown == false)
    }
}

/// The place nearest coordinates, from the catalogue's k-d tree, against a scan of every town.
@Suite struct NearestPlaceTests {
    @Test func theTreeAndAScanAgreeOnRandomPointsThePolesAndTheAntimeridian() throws {
        let catalogue = try #require(PlaceQueriesTests.catalogue)
        var state: UInt64 = 24
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var points: [(Double, Double)] = [(90, 0), (-90, 0), (0, 180), (0, -180), (65.5, 179.99), (-16.5, -179.99)]
        for _ in 0..<1_000 {
            // Uniform on the sphere: most points at sea, as a random point is.
            points.append((asin(2 * next() - 1) * 180 / .pi, 360 * next() - 180))
        }
        for (latitude, longitude) in points {
            let tree = catalogue.nearestPosition(latitude: latitude, longitude: longitude)
            let scan = catalogue.nearestPositionByScanning(latitude: latitude, longitude: longitude)
            #expect(tree == scan, "\(latitude),\(longitude)")
        }
    }

    @Test func theNearestPlaceIsATownWithItsDistanceAndBearing() throws {
        let catalogue = try #require(PlaceQueriesTests.catalogue)
        let near = try #require(catalogue.nearestPlace(latitude: 43.7, longitude: -79.4))
        #expect(near.city.country == "CA" && near.city.isTown)
        #expect(near.distanceKm < 2)
        // Across the antimeridian: Fiji's Taveuni from just east of 180°.
        let fiji = try #require(catalogue.nearestPlace(latitude: -16.85, longitude: -179.99))
        #expect(fiji.city.country == "FJ")
    }
}

/// The time zone of coordinates: the zone grid where it says land, the nearest town's within 12 nautical miles of a
/// coast, else the sea's.
@Suite struct TimeZoneGridTests {
    static let grid: TimeZoneGrid? = CitiesResources.timeZoneGrid.flatMap { try? Data(contentsOf: $0) }.flatMap(
        TimeZoneGrid.init(data:))

    @Test func theGridGivesTheZonesANearestCityRuleGetsWrong() throws {
        let grid = try #require(Self.grid)
        // From the data's README: inland far from any listed town, and across borders.
        #expect(grid.zone(latitude: -28.03, longitude: 134.08) == "Australia/Adelaide")
        #expect(grid.zone(latitude: 35.7, longitude: 51.4) == "Asia/Tehran")
        #expect(grid.zone(latitude: 28, longitude: 2) == "Africa/Algiers")
        #expect(grid.zone(latitude: 43.7, longitude: -79.4) == "America/Toronto")
        #expect(grid.zone(latitude: 0, longitude: -150) == "Etc/GMT+10")
        #expect(grid.zone(latitude: -90, longitude: 0) == grid.zone(latitude: -89.99, longitude: 0))
        #expect(grid.zone(latitude: 12, longitude: 180) == grid.zone(latitude: 12, longitude: -180))
    }

    @Test func theSeaNearACoastTakesTheNearestTownsZoneAndTheOpenSeaItsOwn() throws {
        let grid = try #require(Self.grid)
        let catalogue = try #require(PlaceQueriesTests.catalogue)
        func zone(_ latitude: Double, _ longitude: Double) -> String {
            PlaceZone.zone(latitude: latitude, longitude: longitude, grid: grid) {
                catalogue.nearestPlace(latitude: latitude, longitude: longitude)
            }
        }
        #expect(zone(-28.0, 134.1) == "Australia/Adelaide")
        // Off Sydney's heads, a few km out: Sydney's clocks.
        #expect(zone(-33.84, 151.33) == "Australia/Sydney")
        // The middle of the Pacific: the nautical zone.
        #expect(zone(0, -150) == "Etc/GMT+10")
    }

    @Test func pointsOffTheGlobeNeverTrap() throws {
        let grid = try #require(Self.grid)
        let catalogue = try #require(PlaceQueriesTests.catalogue)
        for value in [Double.nan, .infinity, -.infinity, 1e300, -1e300] {
            _ = grid.zone(latitude: value, longitude: value)
            _ = grid.isNearLand(latitude: value, longitude: 0, kilometres: 22)
            #expect(catalogue.nearestPlace(latitude: value, longitude: 0) == nil)
        }
        #expect(TimeZoneGrid.file(fromText: "# c\nA B\n*\n") == nil)
        #expect(TimeZoneGrid.file(fromText: "# c\nA B\n0*9223372036854775807 1*5\n") == nil)
    }

    @Test func aDamagedGridIsRefused() throws {
        #expect(TimeZoneGrid(data: Data("SKYTZ001".utf8)) == nil)
        #expect(TimeZoneGrid(data: Data()) == nil)
        let whole = try Data(contentsOf: try #require(CitiesResources.timeZoneGrid))
        #expect(TimeZoneGrid(data: whole.dropLast(4)) == nil)
        #expect(TimeZoneGrid.file(fromText: "# c\nA B\n0*3599\n") == nil)
    }

    @Test func coordinatesAreReadAsPeopleWriteThem() {
        func point(_ text: String) -> [Double]? { PlaceFinder.coordinates(text).map { [$0.latitude, $0.longitude] } }
        #expect(point("43.7,-79.4") == [43.7, -79.4])
        #expect(point("43.7, -79.4") == [43.7, -79.4])
        #expect(point("43.7 -79.4") == [43.7, -79.4])
        #expect(point("43.7N 79.4W") == [43.7, -79.4])
        #expect(point("43.7°N, 79.4°W") == [43.7, -79.4])
        #expect(point("33.9s 18.4e") == [-33.9, 18.4])
        #expect(point("-33.9, 18.4") == [-33.9, 18.4])
        #expect(point("91,0") == nil)
        #expect(point("43.7N -79.4W") == nil)
        #expect(point("43.7W 79.4N") == nil)
        #expect(point("Paris") == nil)
        #expect(point("1 2 3") == nil)
        #expect(point("nan,0") == nil)
    }
}
