import Foundation
import TestSupport
import Testing

/// The places people mean, as a user meets them in the App: each example of the issue, on the built-in list.
@Suite struct PlacesEndToEndTests {
    func runner(_ home: TemporaryDirectory, _ server: WeatherServer) -> ProcessRunner {
        AppBinary.runner(
            home: home,
            environment: [
                "SKYLENS_OPEN_METEO_URL": server.url, "SKYLENS_OPENWEATHER_URL": server.url,
            ])
    }

    @Test func parisIsOnePlaceWithItsRegionAndPopulation() throws {
        let home = try TemporaryDirectory()
        let search = try AppBinary.runner(home: home).run(["--", "search", "paris"])
        #expect(search.status == 0)
        let rows = search.stdout.split(separator: "\n").filter { $0.contains("Paris, ") && !$0.contains("Paris 0") }
        #expect(rows.filter { $0.contains(", FR") }.count == 1, "\(search.stdout)")
        #expect(search.stdout.contains("Paris, Ile-de-France, FR · 2.1 M"))
        #expect(search.stdout.contains("Paris, TX, US · 25 k"))
        // Another row of Paris, France leads to the place.
        let merged = try AppBinary.runner(home: home).run(["--", "open", "#2968815"])
        #expect(merged.status == 0 && merged.stdout.contains("#2988507"), "\(merged.stdout)")
        #expect(
            merged.stdout.contains("Country      France (FR)") && merged.stdout.contains("Region       Ile-de-France"))
        // Chosen by its name: no other Paris comes close, so nothing is said on screen; the JSON lists the others,
        // the likeliest first (never the merged rows).
        let byName = try AppBinary.runner(home: home, environment: ["COLUMNS": "120"]).run(["--", "open", "paris"])
        #expect(!byName.stdout.contains("Also") && !byName.stdout.contains("#2968815"))
        let document = try AppBinary.runner(home: home).run(["--", "--format", "json", "open", "paris"])
        let alternatives = try #require(
            (try JSONSerialization.jsonObject(with: Data(document.stdout.utf8)) as? [String: Any])?["alternatives"]
                as? [[String: Any]])
        #expect(alternatives.prefix(2).compactMap { $0["id"] as? Int } == [4717560, 6942553])
        #expect(!alternatives.contains { $0["id"] as? Int == 2968815 })
        #expect(!merged.stdout.contains("Also"))
    }

    @Test func qualifiersNarrowEveryCommandAlike() throws {
        let home = try TemporaryDirectory()
        let server = try WeatherServer()
        defer { server.server.stop() }
        let run = runner(home, server)
        for query in ["paris, tx, us", "paris, texas", "Paris, TX, US", "paris, tx"] {
            let result = try run.run(["--", "search", query])
            #expect(result.status == 0 && result.stdout.contains("Paris, TX, US · 25 k"), "\(query): \(result.stdout)")
            #expect(!result.stdout.contains("Ile-de-France"))
        }
        let london = try run.run(["--", "search", "london, on"])
        #expect(london.stdout.contains("London, Ontario, CA") && !london.stdout.contains("England"))
        let weather = try run.run(["--", "weather", "London, Ontario, CA"])
        #expect(weather.status == 0 && weather.stdout.contains("London, Ontario, CA"), "\(weather.stderr)")
        let texas = try run.run(["--", "--format", "json", "open", "paris, texas"])
        #expect(texas.stdout.contains("\"id\" : 4717560") || texas.stdout.contains("\"id\":4717560"), "\(texas.stdout)")
    }

    @Test func openFavAndUnfavTakeNames() throws {
        let home = try TemporaryDirectory()
        let run = AppBinary.runner(home: home)
        #expect(try run.run(["--", "open", "Toronto"]).stdout.contains("Toronto, Ontario, CA"))
        #expect(try run.run(["--", "fav", "Toronto"]).stdout.contains("★ Toronto, Ontario, CA is now a favourite."))
        #expect(try run.run(["--", "unfav", "toronto, on"]).stdout.contains("is no longer a favourite."))
    }

    @Test func otherNamesAndCodesFindPlacesAndSaySo() throws {
        let home = try TemporaryDirectory()
        let run = AppBinary.runner(home: home)
        let nyc = try run.run(["--", "search", "NYC"])
        #expect(nyc.stdout.contains("New York City, NY, US (NYC) · 8.8 M"), "\(nyc.stdout)")
        let yyz = try run.run(["--", "open", "YYZ"])
        #expect(yyz.status == 0 && yyz.stdout.contains("Toronto, Ontario, CA"))
        let cologne = try run.run(["--", "search", "cologne"])
        #expect(cologne.stdout.contains("Köln, North Rhine-Westphalia, DE (Cologne)"))
        let json = try run.run(["--", "--format", "json", "search", "big apple"])
        #expect(json.stdout.contains("\"foundBy\"") && json.stdout.contains("Big Apple"))
    }

    @Test func aTypoIsAnsweredWithSuggestionsAndNoRequest() throws {
        let home = try TemporaryDirectory()
        let server = try WeatherServer()
        defer { server.server.stop() }
        let result = try runner(home, server).run(["--", "weather", "Tornto"])
        #expect(result.status != 0)
        #expect(
            result.stderr.contains("No place called 'Tornto'. Did you mean Toronto, Ontario, CA?"), "\(result.stderr)")
        #expect(server.server.requests.isEmpty)
        #expect(result.stdout.isEmpty)
    }

    @Test func searchSortsByPopulation() throws {
        let home = try TemporaryDirectory()
        let result = try AppBinary.runner(home: home).run([
            "--", "search", "san", "--sort", "population", "--limit", "3",
        ])
        #expect(result.status == 0 && result.stdout.contains("most populous first"))
        #expect(result.stdout.contains("1  Santiago, Santiago Metropolitan, CL"), "\(result.stdout)")
        let wrong = try AppBinary.runner(home: home).run(["--", "search", "san", "--sort", "size"])
        #expect(wrong.status == 64 && wrong.stderr.contains("--sort takes 'name' or 'population'"))
    }
}
