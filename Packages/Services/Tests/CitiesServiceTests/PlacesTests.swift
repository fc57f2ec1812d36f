import CitiesService
import Foundation
import TestSupport
import Testing

/// One place per place, regions, qualifiers and the rows that are not towns, on small lists built for each rule.
struct PlacesTests {
    static let ontario = Region(name: "Ontario", isoCode: "ON", geonamesCode: "08")
    static let texas = Region(name: "Texas", isoCode: "TX", geonamesCode: "TX")
    static let oklahoma = Region(name: "Oklahoma", isoCode: "OK", geonamesCode: "OK")
    static let california = Region(name: "California", isoCode: "CA", geonamesCode: "CA")
    static let idf = Region(name: "Ile-de-France", isoCode: "IDF", geonamesCode: "11")
    static let england = Region(name: "England", isoCode: "ENG", geonamesCode: "ENG")

    func catalogue(_ cities: [City]) throws -> CityCatalogue {
        let directory = try TemporaryDirectory()
        let path = directory.file("places.skycat").path
        try CatalogueBuilder.build(cities, source: "test", createdAt: Date(timeIntervalSince1970: 0))
            .write(to: URL(fileURLWithPath: path))
        return try CityCatalogue(path: path)
    }

    func city(
        _ id: Int, _ name: String, _ country: String, _ latitude: Double, _ longitude: Double,
        population: Int? = nil, region: Region? = nil
    ) -> City {
        City(
            id: id, name: name, country: country, latitude: latitude, longitude: longitude, population: population,
            region: region)
    }

    func ids(_ catalogue: CityCatalogue, _ text: String, order: CityQuery.Order = .name) -> [Int] {
        catalogue.search(CityQuery(parsing: text, order: order), limit: 100).positions.map(catalogue.id(at:))
    }

    // MARK: - One place per place

    @Test func rowsOfANameAndCountryWithin001DegreesAreOnePlace() throws {
        let catalogue = try catalogue([
            // Known population first: #30 leads although #10 has the lower id.
            city(10, "Paris", "FR", 48.8534, 2.3488),
            city(30, "Paris", "FR", 48.8566, 2.3522, population: 2_138_551),
            // Higher population next: #20 joins #30, being within 0.01° of it.
            city(20, "Paris", "FR", 48.8600, 2.3500, population: 50),
            // 0.02° away: a place of its own.
            city(40, "Paris", "FR", 48.8766, 2.3522),
            // Another country, or another name, at the same point: other places.
            city(50, "Paris", "US", 48.8566, 2.3522),
            city(60, "Paris 01", "FR", 48.8566, 2.3522),
        ])
        #expect(catalogue.count == 4)
        #expect(catalogue.mergedRowCount == 2)
        // A place is known by its first row's id; the others lead to it.
        for id in [10, 20, 30] { #expect(catalogue.city(id: id)?.id == 30) }
        #expect(catalogue.city(id: 40)?.id == 40)
        #expect(catalogue.city(id: 30)?.population == 2_138_551)
        // Totals count places.
        #expect(catalogue.search(CityQuery(parsing: "paris")).total == 4)
        #expect(ids(catalogue, "paris, fr") == [30, 40, 60])
    }

    @Test func aRowJoinsTheFirstEarlierPlaceNotAChainOfThem() throws {
        let catalogue = try catalogue([
            city(1, "Aa", "NO", 60.000, 10.000, population: 300),
            city(2, "Aa", "NO", 60.008, 10.000, population: 200),
            // Within 0.01° of #2 but not of #1, the place #2 joined: a place of its own.
            city(3, "Aa", "NO", 60.016, 10.000, population: 100),
        ])
        #expect(catalogue.count == 2)
        #expect(catalogue.city(id: 2)?.id == 1)
        #expect(catalogue.city(id: 3)?.id == 3)
    }

    @Test func theBuiltInListMerges20255RowsInto198135Places() throws {
        let catalogue = try CityCatalogue(path: try #require(CitiesResources.builtInCatalogue).path)
        #expect(catalogue.count == 198_135)
        #expect(catalogue.mergedRowCount == 20_255)
        // #2968815 is Paris #2988507; Paris, FR is one row now, the most populous first among the Parises of France.
        #expect(catalogue.city(id: 2968815)?.id == 2988507)
        let paris = catalogue.search(CityQuery(parsing: "paris, fr"), limit: 5).positions.map(catalogue.city(at:))
        #expect(paris.first?.id == 2988507)
        #expect(paris.filter { $0.name == "Paris" }.count == 1)
        #expect(paris.first?.listLabel == "Paris, Ile-de-France, FR · 2.1 M")
    }

    // MARK: - Order

    @Test func theMorePopulousFirstAmongAPlaceNameAndCountryAndSortByPopulation() throws {
        let catalogue = try catalogue([
            city(1, "Paris", "US", 36.30, -88.33, population: 10_000, region: Self.texas),
            city(2, "Paris", "US", 33.66, -95.56, population: 24_782, region: Self.texas),
            city(3, "Paris", "US", 44.26, -70.50),
            city(4, "Paris", "FR", 48.85, 2.35, population: 2_138_551, region: Self.idf),
            city(5, "Parish", "JM", 18.0, -77.0, population: 5_000_000),
        ])
        // Name, then country, then the more populous (unknown last).
        #expect(ids(catalogue, "paris") == [4, 2, 1, 3, 5])
        #expect(ids(catalogue, "paris", order: .population) == [5, 4, 2, 1, 3])
        #expect(ids(catalogue, "paris, us", order: .population) == [2, 1, 3])
    }

    // MARK: - Qualifiers

    func qualified() throws -> CityCatalogue {
        try catalogue([
            city(1, "London", "GB", 51.5, -0.12, population: 8_961_989, region: Self.england),
            city(2, "London", "CA", 42.98, -81.23, population: 422_324, region: Self.ontario),
            city(3, "Paris", "US", 33.66, -95.56, population: 24_782, region: Self.texas),
            city(4, "Paris", "US", 36.30, -88.33, population: 10_000, region: Self.oklahoma),
            // Its region was inferred from the nearest town: it never rules the place out.
            city(
                5, "Paris", "US", 33.90, -95.90, population: 100,
                region: Region(name: "Oklahoma", isoCode: "OK", geonamesCode: "OK", inferred: true)),
            city(6, "Paris", "FR", 48.85, 2.35, population: 2_138_551, region: Self.idf),
            city(7, "Paris", "CA", 43.2, -80.38, population: 12_000, region: Self.ontario),
            city(8, "Paris", "US", 38.2, -120.0, population: 50, region: Self.california),
            city(9, "Washington, D.C.", "US", 38.9, -77.0, population: 689_545),
        ])
    }

    @Test func aRegionByNameOrCodeNarrowsWithOrWithoutTheCountry() throws {
        let catalogue = try qualified()
        #expect(ids(catalogue, "paris, texas") == [3, 5])
        #expect(ids(catalogue, "Paris, TX, US") == [3, 5])
        #expect(ids(catalogue, "paris, tx") == [3, 5])
        #expect(ids(catalogue, "PARIS, Texas, us") == [3, 5])
        #expect(ids(catalogue, "london, on") == [2])
        #expect(ids(catalogue, "London, Ontario, CA") == [2])
        #expect(ids(catalogue, "paris, ile-de-france") == [6])
        #expect(ids(catalogue, "paris, IDF, fr") == [6])
        // A region of another country than the one named: nothing.
        #expect(ids(catalogue, "paris, texas, fr").isEmpty)
    }

    @Test func twoLettersAreTheCountryOrARegionWhicheverFits() throws {
        let catalogue = try qualified()
        // CA: Canada's Paris and California's (and #5, whose region is only inferred).
        #expect(Set(ids(catalogue, "paris, ca")) == [5, 7, 8])
        // FR names no region: France.
        #expect(ids(catalogue, "paris, fr") == [6])
    }

    @Test func aRegionThatNamesNoneLeavesTheWholeTextAName() throws {
        let catalogue = try qualified()
        #expect(ids(catalogue, "Washington, D.C.") == [9])
        #expect(ids(catalogue, "washington, d") == [9])
        #expect(ids(catalogue, "paris, atlantis").isEmpty)
    }

    @Test func resolutionTakesQualifiersAndTheMostPopulousExactName() throws {
        let catalogue = try qualified()
        #expect(try catalogue.resolve(name: "Paris").get().city.id == 6)
        #expect(try catalogue.resolve(name: "paris, texas").get().city.id == 3)
        #expect(try catalogue.resolve(name: "Paris, OK, US").get().city.id == 4)
        #expect(try catalogue.resolve(name: "london, on").get().city.id == 2)
        #expect(try catalogue.resolve(name: "London").get().city.id == 1)
        #expect(try catalogue.resolve(name: "Washington, D.C.").get().city.id == 9)
        let paris = try catalogue.resolve(name: "Paris").get()
        #expect(paris.alternativeCount == 5)
    }

    // MARK: - What a row shows

    @Test func aRowShowsNameRegionCountryAndPopulation() {
        let paris = city(2988507, "Paris", "FR", 48.85, 2.35, population: 2_138_551, region: Self.idf)
        #expect(paris.listLabel == "Paris, Ile-de-France, FR · 2.1 M")
        let texas = city(4717560, "Paris", "US", 33.66, -95.56, population: 24_782, region: Self.texas)
        #expect(texas.listLabel == "Paris, TX, US · 25 k")
        #expect(city(1, "Alert Bay", "CA", 50.6, -126.9).listLabel == "Alert Bay, CA")
        var found = city(
            5128581, "New York City", "US", 40.7, -74.0, population: 8_804_190,
            region: Region(name: "New York", isoCode: "NY", geonamesCode: "NY"))
        found.otherName = "NYC"
        #expect(found.listLabel == "New York City, NY, US (NYC) · 8.8 M")
        #expect(city(1, "Tokyo", "JP", 35.7, 139.7, population: 12_400_232).populationLabel == "12 M")
        #expect(city(1, "Aa", "NO", 60, 10, population: 850).populationLabel == "850")
    }

    // MARK: - Rows that are not towns

    @Test func rowsThatAreNotTownsAreSearchableButNeverNearestOrOnAMap() throws {
        let catalogue = try catalogue([
            city(1, "Suva", "FJ", -18.14, 178.44, population: 77_366),
            city(2, "Republic of Fiji", "FJ", -18.0, 178.0),
            city(3, "-", "FJ", -18.1, 178.4),
            city(4, "Fiji", "FJ", -18.2, 178.5),
            city(5, "Oceania", "", -18.2, 178.5),
            city(6, "Lami", "FJ", -18.11, 178.41, population: 10_000),
            // A country's name with people is a town (Singapore, Luxembourg).
            city(7, "Singapore", "SG", 1.29, 103.85, population: 5_638_700),
        ])
        let fiji = ids(catalogue, "republic")
        #expect(fiji == [2])
        #expect(catalogue.city(id: 2)?.isTown == false)
        #expect(catalogue.city(id: 3)?.isTown == false)
        #expect(catalogue.city(id: 4)?.isTown == false)
        #expect(catalogue.city(id: 5)?.isTown == false)
        #expect(catalogue.city(id: 7)?.isTown == true)
        let suva = try #require(catalogue.position(ofID: 1))
        #expect(catalogue.nearest(to: suva, limit: 5).map(\.city.id) == [6, 7])
        let inView = catalogue.positions(south: -20, west: 177, north: -17, east: 179).map(catalogue.id(at:))
        #expect(Set(inView) == [1, 6])
        // A row that is not a town still has its nearest towns.
        let republic = try #require(catalogue.position(ofID: 2))
        #expect(catalogue.nearest(to: republic, limit: 1).map(\.city.id) == [6])
    }

    // MARK: - Other names

    func named() throws -> CityCatalogue {
        let directory = try TemporaryDirectory()
        let path = directory.file("named.skycat").path
        let cities = [
            city(
                5128581, "New York City", "US", 40.71, -74.01, population: 8_804_190,
                region: Region(name: "New York", isoCode: "NY", geonamesCode: "NY")),
            city(2886242, "Köln", "DE", 50.93, 6.95, population: 1_024_373),
            city(
                4, "Cologne", "US", 44.77, -93.78, population: 1_519,
                region: Region(name: "Minnesota", isoCode: "MN", geonamesCode: "MN")),
            city(6167865, "Toronto", "CA", 43.70, -79.42, population: 2_794_356, region: Self.ontario),
            city(7, "Nyack", "US", 41.09, -73.92, population: 7_000),
        ]
        let names: [Int: [String]] = [
            5128581: ["NYC", "Big Apple", "New York City", "nychaytwchys"],
            2886242: ["Cologne", "Colonia Agrippina"],
            6167865: ["YYZ", "Torontu"],
        ]
        try CatalogueBuilder.build(
            cities, source: "test", createdAt: Date(timeIntervalSince1970: 0), otherNames: names
        ).write(to: URL(fileURLWithPath: path))
        return try CityCatalogue(path: path)
    }

    @Test func otherNamesFindPlacesAndSaySo() throws {
        let catalogue = try named()
        // The place's own name and all-lower-case transliterations are not kept as other names; `New York City`
        // answers to `New York` too.
        #expect(catalogue.aliasCount == 7)
        let page = catalogue.search(CityQuery(parsing: "nyc"))
        #expect(page.positions.map(catalogue.id(at:)) == [5128581])
        #expect(page.otherNames.values.first == "NYC")
        // Up to three letters find another name only when it is exactly those (no other name is `NY` here); from
        // four, by its start. In the order of the name that found each.
        #expect(ids(catalogue, "ny") == [7])
        #expect(ids(catalogue, "nyac") == [7])
        #expect(ids(catalogue, "big a") == [5128581])
        #expect(ids(catalogue, "colog") == [2886242, 4])
        #expect(ids(catalogue, "colo") == [2886242, 4])
        #expect(ids(catalogue, "col") == [4])
        #expect(ids(catalogue, "n") == [5128581, 7])
        // Ranked by population, those found by their name come first.
        #expect(ids(catalogue, "colo", order: .population) == [4, 2886242])
        // Narrowed as names are.
        #expect(ids(catalogue, "cologne, de") == [2886242])
    }

    @Test func aFarLargerPlaceFoundByAnotherNameBeatsASmallOneCalledExactlyThat() throws {
        let catalogue = try named()
        let nyc = try catalogue.resolve(name: "NYC").get()
        #expect(nyc.city.id == 5128581 && nyc.city.otherName == "NYC")
        // Cologne, MN is called exactly that; Köln, a thousand times larger, by another name: Köln, with Cologne, MN
        // its alternative.
        let cologne = try catalogue.resolve(name: "Cologne").get()
        #expect(cologne.city.id == 2886242 && cologne.alternatives.map(\.id) == [4])
        #expect(try catalogue.resolve(name: "Cologne, DE").get().city.id == 2886242)
        #expect(try catalogue.resolve(name: "yyz").get().city.id == 6167865)
    }

    // MARK: - Typos

    @Test func aTypoIsAnsweredWithSuggestionsNeverASubstitute() throws {
        let catalogue = try named()
        guard case .failure(let error) = catalogue.resolve(name: "Tornto") else {
            Issue.record("a typo must not resolve")
            return
        }
        #expect(error.message.hasPrefix("No place called 'Tornto'. Did you mean Toronto, Ontario, CA"))
        // Insertion, deletion, substitution, transposition; nearest first, then the most populous.
        #expect(catalogue.suggestions(for: "Torronto").map(\.city.id) == [6167865])
        #expect(catalogue.suggestions(for: "Toront").map(\.distance) == [1])
        #expect(catalogue.suggestions(for: "Toronot").map(\.distance) == [1])
        #expect(catalogue.suggestions(for: "Tpronto").map(\.distance) == [1])
        #expect(catalogue.suggestions(for: "Tronot").map(\.distance) == [2])
        #expect(catalogue.suggestions(for: "Trnot").isEmpty)
        // Through other names too, said with the name.
        let kln = catalogue.suggestions(for: "Colgne, DE")
        #expect(kln.map(\.city.id) == [2886242] && kln.first?.city.otherName == "Cologne")
        #expect(catalogue.suggestions(for: "Nwe York City").first?.city.id == 5128581)
    }

    @Test func theTrieWalkFindsWhatAScanOfEveryNameFinds() throws {
        let catalogue = try CityCatalogue(path: try #require(CitiesResources.builtInCatalogue).path)
        var state: UInt64 = 2026
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        // Transpositions at and around the middle (where the forward and backward walks meet), short queries.
        var queries = [
            // Two key bytes left out where the halves meet ("Torto" for Toronto) too.
            "Tornto", "Toronot", "Totonro", "Torotno", "Torto", "Tornoto", "Pariss", "Nwe York", "Mnchen", "x", "Qq",
            "abc", "abcd",
            // Two- and three-byte queries (split at the first byte), transpositions across the split.
            "Rmo", "Olso", "ab", "Lmia", "Ufa", "Nic", "oT",
        ]
        let letters = Array("abcdefghijklmnopqrstuvwxyz ")
        for _ in 0..<6 {
            var name = Array(NameFolding.fold(catalogue.name(at: next() % catalogue.count)).prefix(14))
            for _ in 0..<(next() % 3) where !name.isEmpty {
                let at = next() % name.count
                switch next() % 3 {
                case 0: name.remove(at: at)
                case 1: name[at] = letters[next() % letters.count]
                default: name.insert(letters[next() % letters.count], at: at)
                }
            }
            queries.append(String(name))
        }
        for query in queries where !query.trimmingCharacters(in: .whitespaces).isEmpty {
            let scanned = catalogue.suggestionsByScanning(for: query)
            let walked = catalogue.suggestions(for: query, limit: .max)
            #expect(
                Dictionary(uniqueKeysWithValues: walked.map { (catalogue.position(ofID: $0.city.id)!, $0.distance) })
                    == scanned, "\(query)")
        }
    }
}
