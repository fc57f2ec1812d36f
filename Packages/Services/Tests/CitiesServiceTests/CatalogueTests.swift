import CitiesService
import Foundation
import Localization
import TestSupport
import Testing

/// A catalogue built from a small list, in a temporary file.
func makeCatalogue(_ json: String, directory: TemporaryDirectory) throws -> CityCatalogue {
    let parsed = try CityListParser.parse(Data(json.utf8))
    let data = try CatalogueBuilder.build(parsed.cities, source: "test", createdAt: Date(timeIntervalSince1970: 0))
    let path = directory.file("test.skycat").path
    try data.write(to: URL(fileURLWithPath: path))
    return try CityCatalogue(path: path)
}

func names(_ catalogue: CityCatalogue, _ page: CitySearchPage) -> [String] {
    page.positions.map { position in
        let city = catalogue.city(at: position)
        return "\(city.name), \(city.country)"
    }
}

@Suite struct SearchContractTests {
    let directory: TemporaryDirectory
    let catalogue: CityCatalogue

    init() throws {
        directory = try TemporaryDirectory()
        catalogue = try makeCatalogue(try fixture("challenge.json"), directory: directory)
    }

    func search(_ text: String, favorites: Set<Int>? = nil) -> [String] {
        names(catalogue, catalogue.search(CityQuery(parsing: text), favorites: favorites, limit: 100))
    }

    @Test func theChallengesExample() {
        // `Ål` folds to `al`, which sorts before `alabama`; `sao paulo` before `sydney`.
        #expect(search("A") == ["Ål, NO", "Alabama, US", "Albuquerque, US", "Anaheim, US", "Arizona, US"])
        #expect(search("s") == ["São Paulo, BR", "Sydney, AU"])
        #expect(search("Al") == ["Ål, NO", "Alabama, US", "Albuquerque, US"])
        #expect(search("Alb") == ["Albuquerque, US"])
        #expect(search("alb") == search("ALB"))
    }

    @Test func foldingIgnoresCaseAndDiacritics() {
        #expect(search("sao") == ["São Paulo, BR"])
        #expect(search("SÃO") == ["São Paulo, BR"])
        #expect(search("AL").contains("Ål, NO"))
        #expect(NameFolding.fold("Ḩeşār-e Sefīd") == "hesar-e sefid")
        #expect(NameFolding.fold("İstanbul") == "istanbul")
    }

    @Test func emptyQueryMatchesEverythingInOrder() {
        let all = search("")
        #expect(all.count == catalogue.count)
        #expect(all.firstIndex(of: "Alabama, US")! < all.firstIndex(of: "Albuquerque, US")!)
        #expect(all.firstIndex(of: "Albuquerque, US")! < all.firstIndex(of: "Sydney, AU")!)
    }

    @Test func outerSpacesAreIgnoredInnerSpacesAreNot() {
        #expect(search("  sao paulo ") == ["São Paulo, BR"])
        #expect(search("sao  paulo").isEmpty)
        #expect(search("saopaulo").isEmpty)
    }

    @Test func tiesAreOrderedByCountryThenID() {
        #expect(search("paris") == ["Paris, FR", "Paris, US", "Paris, US"])
        let ids = catalogue.search(CityQuery(parsing: "paris, us")).positions.map(catalogue.id(at:))
        #expect(ids == [4246659, 4717560])
    }

    @Test func aTrailingCountryCodeFilters() {
        #expect(search("paris, us") == ["Paris, US", "Paris, US"])
        #expect(search("Paris,FR") == ["Paris, FR"])
        #expect(search("paris, zz").isEmpty)
        // A region that names none leaves the whole text a plain prefix, commas and all.
        #expect(CityQuery(parsing: "Washington, D.C.").whole == "washington, d.c.")
        #expect(search(", us").count == 6)
    }

    @Test func favoritesUseTheSameSearchAndOrder() {
        #expect(search("", favorites: [4717560, 2147714, 2988507]) == ["Paris, FR", "Paris, US", "Sydney, AU"])
        #expect(search("par", favorites: [4717560, 2147714]) == ["Paris, US"])
        #expect(search("par, fr", favorites: [4717560]).isEmpty)
        #expect(search("", favorites: [999_999]).isEmpty)
    }

    @Test func pagesCoverEveryMatchOnce() {
        var seen: [Int] = []
        var offset = 0
        while true {
            let page = catalogue.search(CityQuery(parsing: "a"), offset: offset, limit: 2)
            #expect(page.total == 5)
            if page.positions.isEmpty { break }
            seen += page.positions
            offset += 2
        }
        #expect(seen.count == 5 && Set(seen).count == 5)
    }

    @Test func citiesKeepTheirDataExactly() throws {
        let city = try #require(catalogue.city(id: 3448439))
        #expect(city.name == "São Paulo" && city.country == "BR")
        #expect(city.latitude == -23.547501 && city.longitude == -46.636108)
        #expect(catalogue.city(id: 6295630)?.country == "")
        #expect(catalogue.city(id: 42) == nil)
    }
}

@Suite struct BuiltInCatalogueTests {
    let catalogue: CityCatalogue

    init() throws {
        catalogue = try CityCatalogue(path: try #require(CitiesResources.builtInCatalogue).path)
    }

    func total(_ text: String) -> Int { catalogue.search(CityQuery(parsing: text)).total }

    @Test func holdsTheWholeList() {
        // 209,579 rows of the source list and 8,811 more places of 15,000 people or more in 198,135 places: 20,255
        // rows are merged into another's place.
        #expect(catalogue.count == 198_135)
        #expect(catalogue.count + catalogue.mergedRowCount == 209_579 + 8_811)
        #expect(catalogue.source == "built-in")
    }

    @Test func theChallengesPrefixesOnTheRealData() {
        // The challenge counted rows (11,271 for `a`, 24,490 for `s`); totals count places.
        #expect(total("A") == 10_842)
        #expect(total("a") == 10_842)
        #expect(total("s") == 22_314)
        #expect(total("Al") == 2_857)
        #expect(total("Alb") == 293)
        #expect(total("") == 198_135)
        let al = catalogue.search(CityQuery(parsing: "Al"), limit: 3000).positions.map(catalogue.name(at:))
        #expect(al.allSatisfy { NameFolding.fold($0).hasPrefix("al") })
    }

    @Test func searchAgreesWithBruteForceOnEveryKindOfPrefix() {
        let folded = (0..<catalogue.count).map { NameFolding.fold(catalogue.name(at: $0)) }
        var prefixes = [
            "", "a", "z", "al", "alb", "albu", "é", "ø", "ål", "s", "sã", "x", "q", "ñ", " ", "'", "-", "zz", "zzzz",
            "北",
        ]
        var state: UInt64 = 7
        let letters = Array("abcdefghijklmnopqrstuvwxyzáéøü '-")
        for _ in 0..<60 {
            state = state &* 6_364_136_223_846_793_005 &+ 1
            let length = Int(state >> 60) % 5 + 1
            prefixes.append(
                String((0..<length).map { index in letters[Int((state >> UInt64(8 * index)) & 0xFF) % letters.count] }))
        }
        // Other names: from four bytes by their start, below that only whole.
        let others = (0..<catalogue.aliasCount).map { (catalogue.otherNameKey($0), $0) }
        for prefix in prefixes {
            let query = CityQuery(prefix: NameFolding.fold(prefix))
            let expected = folded.indices.filter { folded[$0].utf8.starts(with: query.prefix.utf8) }
            let byOthers = Set(
                others.filter { name, _ in
                    query.prefix.utf8.count >= 4 ? name.utf8.starts(with: query.prefix.utf8) : name == query.prefix
                }.map { catalogue.otherNameRow($0.1) }
            ).subtracting(expected)
            let page = catalogue.search(query, limit: 20)
            #expect(
                page.total == expected.count + (query.prefix.isEmpty ? 0 : byOthers.count), "\(prefix.debugDescription)"
            )
            let all = catalogue.search(query, limit: 1_000_000)
            // Those found by their name in search order; the others each once.
            // (A row found by its own name may still say the airport whose code the query is: `MAD` beside Madrid.)
            let byName = all.positions.filter { folded[$0].utf8.starts(with: query.prefix.utf8) }
            #expect(byName == expected, "\(prefix.debugDescription)")
            let others = Set(all.positions).subtracting(byName)
            #expect(others == (query.prefix.isEmpty ? [] : byOthers))
            #expect(others.allSatisfy { all.otherNames[$0] != nil })
            #expect(page.positions == Array(all.positions.prefix(20)), "\(prefix.debugDescription)")
        }
    }

    @Test func saoPauloHasFivePlacesOfThatNameAndFourOtherNamesWithTheCityFirst() {
        let page = catalogue.search(CityQuery(parsing: "sao paulo"))
        #expect(page.total == 9)
        #expect(page.otherNames.count == 4)
        let first = catalogue.city(at: page.positions[0])
        #expect(first.name == "São Paulo" && first.country == "BR")
    }

    @Test func extrasAreThere() throws {
        let toronto = try #require(catalogue.city(id: 6167865))
        #expect(toronto.name == "Toronto" && toronto.country == "CA")
        #expect(toronto.timeZone == "America/Toronto")
        #expect((toronto.population ?? 0) > 2_000_000)
        let paris = catalogue.search(CityQuery(parsing: "paris, us"), limit: 50).positions.map(catalogue.city(at:))
        #expect(paris.contains { $0.state == "TX" })
    }

    @Test func everyCityHasATimeZone() {
        let missing = (0..<catalogue.count).filter { catalogue.city(at: $0).timeZone == nil }
        #expect(missing.isEmpty, "\(missing.count) cities without a time zone")
        // Kermanshah (id 833) has none in the extras file: its zone comes from the boundaries, by the regions file.
        #expect(catalogue.city(id: 833)?.timeZone == "Asia/Tehran")
    }

    @Test func nearestCitiesLeaveOutTheCityAndItsDuplicates() throws {
        let position = try #require(catalogue.position(ofID: 6167865))
        let near = catalogue.nearest(to: position)
        #expect(near.count == 5)
        #expect(near.allSatisfy { $0.city.id != 6167865 && $0.city.name != "Toronto" || $0.distanceKm > 0.001 })
        #expect(zip(near, near.dropFirst()).allSatisfy { $0.distanceKm <= $1.distanceKm })
        #expect(near.allSatisfy { $0.distanceKm < 30 })
    }

    @Test func aBoxHoldsExactlyTheCitiesInside() {
        let inside = catalogue.positions(south: 43, west: -80, north: 44, east: -79)
        #expect(inside.contains(catalogue.position(ofID: 6167865)!))
        #expect(
            inside.allSatisfy {
                (43...44).contains(catalogue.latitude(at: $0)) && (-80 ... -79).contains(catalogue.longitude(at: $0))
            })
        // Across the antimeridian: Fiji.
        let fiji = catalogue.positions(south: -19, west: 177, north: -16, east: -179)
        #expect(!fiji.isEmpty)
    }

    @Test(arguments: [(1, 1), (1, 3), (8, 1), (4, 2)])
    func aSampledBoxHasTheMostPopulousOfEachBlock(blockDegrees: Int, perBlock: Int) {
        // Brute force: every city of the box, grouped by block (aligned on multiples of the block from 90°S, 180°W).
        let (south, west, north, east) = (30.5, -100.2, 52.7, -60.1)
        let all = catalogue.positions(south: south, west: west, north: north, east: east)
        var blocks: [[Int]: [Int]] = [:]
        for position in all {
            let row = Int((catalogue.latitude(at: position) + 90).rounded(.down)) / blockDegrees
            let column = Int((catalogue.longitude(at: position) + 180).rounded(.down)) / blockDegrees
            blocks[[row, column], default: []].append(position)
        }
        let expected = Set(
            blocks.values.flatMap { members in
                members.sorted { a, b in
                    let (pa, pb) = (catalogue.population(at: a), catalogue.population(at: b))
                    return pa != pb ? pa > pb : a < b
                }.prefix(perBlock)
            })
        let sampled = catalogue.positions(
            south: south, west: west, north: north, east: east, mostPopulousPerCell: perBlock,
            blockDegrees: blockDegrees)
        #expect(Set(sampled) == expected)
        #expect(sampled.count == expected.count)
        #expect(sampled.contains(catalogue.position(ofID: 6167865)!))  // Toronto leads its block
    }
}

@Suite struct DamagedCatalogueTests {
    func damaged(_ change: (inout Data) -> Void) throws -> CatalogueError? {
        let directory = try TemporaryDirectory()
        var data = try Data(contentsOf: try #require(CitiesResources.builtInCatalogue))
        change(&data)
        let path = directory.file("damaged.skycat").path
        try data.write(to: URL(fileURLWithPath: path))
        do {
            _ = try CityCatalogue(path: path)
            return nil
        } catch {
            return error
        }
    }

    /// Found by FuzzPlaces: a place at latitude 2,000° made `nearest(to:)` build a range backwards and trap.
    @Test func aPlaceOffTheGlobeIsAnErrorNotACrash() throws {
        let directory = try TemporaryDirectory()
        for (latitude, longitude) in [(2_000.0, 0.0), (-90.5, 10.0), (45.0, 181.0), (0.0, -2_147.0)] {
            let data = try CatalogueBuilder.build(
                [
                    City(id: 1, name: "Toronto", country: "CA", latitude: 43.7, longitude: -79.42),
                    City(id: 2, name: "Nowhere", country: "CA", latitude: latitude, longitude: longitude),
                ], source: "test", createdAt: Date(timeIntervalSince1970: 0))
            let path = directory.file("off.skycat").path
            try data.write(to: URL(fileURLWithPath: path))
            #expect(throws: CatalogueError.self, "\(latitude), \(longitude)") { try CityCatalogue(path: path) }
        }
    }

    @Test func anOffsetBeyondAnyIntegerIsAnErrorNotACrash() throws {
        let error = try damaged { data in
            for index in 16..<24 { data[index] = 0xFF }
        }
        #expect(error?.message.contains("lies outside the file") == true)
    }

    @Test func aGridThatGoesBackwardsIsAnErrorNotACrash() throws {
        let error = try damaged { data in
            // The grid's start table: section 16; make its second entry huge.
            let entry = 16 + 16 * 16
            let offset = data[entry..<(entry + 8)].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
            for index in (offset + 4)..<(offset + 8) { data[index] = 0x7F }
        }
        #expect(error != nil)
    }

    @Test func truncatedFilesAreErrors() throws {
        #expect(try damaged { $0 = $0.prefix(100) } != nil)
        #expect(try damaged { $0 = $0.prefix(5_000_000) } != nil)
        #expect(try damaged { $0 = Data() } != nil)
    }
}

@Suite struct PolarAndBlankQueryTests {
    @Test func nearestCitiesAcrossAPoleMatchBruteForce() throws {
        let catalogue = try CityCatalogue(path: try #require(CitiesResources.builtInCatalogue).path)
        // McMurdo, Toronto, London, and places drawn at random (crowded cells and empty ones).
        var generator = SystemRandomNumberGenerator()
        var positions = try [6696480, 6167865, 2643743].map { try #require(catalogue.position(ofID: $0)) }
        positions += (0..<12).map { _ in Int.random(in: 0..<catalogue.count, using: &generator) }
        for position in positions {
            let id = catalogue.city(at: position).id
            let city = catalogue.city(at: position)
            let brute = (0..<catalogue.count).filter { other in
                other != position && catalogue.isTown(at: other)
                    && !(catalogue.latitude(at: other) == city.latitude
                        && catalogue.longitude(at: other) == city.longitude
                        && catalogue.name(at: other) == city.name)
            }.map {
                Geo.distance(
                    latitude1: city.latitude, longitude1: city.longitude, latitude2: catalogue.latitude(at: $0),
                    longitude2: catalogue.longitude(at: $0))
            }.sorted().prefix(5)
            let found = catalogue.nearest(to: position).map(\.distanceKm)
            #expect(zip(found, brute).allSatisfy { abs($0 - $1) < 0.001 }, "#\(id): \(found) vs \(Array(brute))")
        }
    }

    @Test func tabsAndNewlinesAroundAQueryAreIgnored() {
        #expect(CityQuery(parsing: "al\t") == CityQuery(prefix: "al"))
        #expect(
            CityQuery(parsing: "\nparis, us ")
                == CityQuery(prefix: "paris", country: "US", region: "us", countryOrRegion: true, whole: "paris, us"))
    }
}

@Suite struct GeoTests {
    @Test func distancesAndBearings() {
        let km = Geo.distance(latitude1: 43.70011, longitude1: -79.4163, latitude2: 45.41117, longitude2: -75.69812)
        #expect(abs(km - 352) < 5)
        #expect(Geo.compassPoint(Geo.bearing(latitude1: 0, longitude1: 0, latitude2: 1, longitude2: 0)) == "N")
        #expect(Geo.compassPoint(Geo.bearing(latitude1: 0, longitude1: 0, latitude2: 0, longitude2: 1)) == "E")
        #expect(Geo.compassPoint(Geo.bearing(latitude1: 0, longitude1: 0, latitude2: -1, longitude2: -1)) == "SW")
    }
}

@Suite struct RegionsFileTests {
    @Test func timeZonesComeFromTheRegionsFileQuotedRegionsAndAll() {
        var records = [
            City(id: 833, name: "Kermanshah", country: "IR", latitude: 34.3, longitude: 47.1),
            City(id: 325780, name: "Arba Minch", country: "ET", latitude: 6.0, longitude: 37.6, timeZone: "Etc/UTC"),
            City(id: 1, name: "Unlisted", country: "XX", latitude: 0, longitude: 0, timeZone: "Europe/Paris"),
        ]
        CatalogueBuilder.applyRegions(
            """
            id,region_code,region_iso,region,region_source,timezone,timezone_source
            833,13,05,Kermanshah,nearest,Asia/Tehran,polygon
            325780,SI,,"Southern Nations, Nationalities, and People's Region",geonames,Africa/Addis_Ababa,geonames
            """, to: &records)
        #expect(records.map(\.timeZone) == ["Asia/Tehran", "Africa/Addis_Ababa", "Europe/Paris"])
    }
}

@Suite struct PlaceFinderTests {
    let finder: PlaceFinder

    init() throws {
        let directory = CityDirectory.catalogue(
            try CityCatalogue(path: try #require(CitiesResources.builtInCatalogue).path))
        finder = PlaceFinder(cities: { directory })
    }

    @Test func aCityKeepsItsOwnTimeZone() async throws {
        let place = try await finder.resolve("Tromsø")
        #expect(place.id == 3133895 && place.country == "NO" && place.timeZone == "Europe/Oslo")
    }

    @Test func coordinatesTakeTheZoneOfTheNearestCity() async throws {
        // Just off Sydney's centre, and in Arizona (no daylight time, unlike its neighbours).
        let sydney = try await finder.resolve("-33.87, 151.21")
        #expect(sydney.id == nil && sydney.name == "33.87°S 151.21°E" && sydney.timeZone == "Australia/Sydney")
        #expect(try await finder.resolve("36.95,-112.52").timeZone == "America/Phoenix")
    }

    @Test func coordinatesAtSeaTakeTheNauticalZone() async throws {
        #expect(try await finder.resolve("-40, -140").timeZone == "Etc/GMT+9")
        #expect(try await finder.resolve("0, 0.1").timeZone == "Etc/GMT")
        #expect(Place.nauticalZone(longitude: 120) == "Etc/GMT-8")
    }

    @Test func aNameWithNoCityIsAnErrorThatSaysSo() async {
        await #expect(throws: PlaceFailure.self) { try await finder.resolve("Qqqqxz") }
        await #expect(throws: PlaceFailure.invalid(.notAPlace)) { try await finder.resolve("   ") }
        #expect(PlaceFailure.invalid(.notAPlace).message == "Name a city, an id as #ID, or coordinates as lat,lon.")
        #expect(
            PlaceProblem.noSuchName("Pariss", near: ["Paris, FR", "Parisot, FR"]).message
                == "No place called 'Pariss'. Did you mean Paris, FR? Also close: Parisot, FR.")
    }
}

/// The city list's words: complete in every language, every key the sources use in the catalogue.
@Suite struct PlaceWordsTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/CitiesService").standardizedFileURL

    @Test func theCatalogueIsCompleteAndHoldsEveryKeyTheSourcesUse() throws {
        let verdict = try StringCatalogCheck.verify(sourcesAt: Self.sources)
        #expect(
            verdict.problems.isEmpty, "\(verdict.problems.count) problems, the first: \(verdict.problems.prefix(10))")
        #expect(verdict.missing.isEmpty, "not in the catalogue: \(verdict.missing)")
        #expect(verdict.used > 20)
    }

    @Test func notFoundInGermanWithItsSuggestions() throws {
        let german = Words(PlaceWords.catalogue(), language: try #require(Language.named("de")))
        let text = PlaceProblem.noSuchName("Pariss", near: ["Paris, FR", "Parisot, FR"]).message(german)
        #expect(text.contains("Pariss") && text.contains("Paris, FR") && text.contains("Parisot, FR"))
        #expect(!text.contains("No place called") && !text.contains("Did you mean"))
    }
}
