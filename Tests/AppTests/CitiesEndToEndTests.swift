import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct CitiesEndToEndTests {
    @Test func jsonSearchForSaoPauloReportsEveryMatchWithTheCityFirst() throws {
        let home = try TemporaryDirectory()
        let result = try AppBinary.runner(home: home).run(["--", "--format", "json", "search", "sao paulo"])
        #expect(result.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        // Five places called that (São Paulo de Frades, PT, is one of the places of 15,000 people or more that the
        // catalogue's format 5 added), four more by another name (Frei Paulo was São Paulo).
        #expect(document["total"] as? Int == 9)
        let first = try #require((document["results"] as? [[String: Any]])?.first)
        #expect(first["name"] as? String == "São Paulo" && first["country"] as? String == "BR")
    }

    @Test func aFavouriteSurvivesARestart() throws {
        let home = try TemporaryDirectory()
        let runner = AppBinary.runner(home: home)
        let first = try runner.run([], stdin: "search Alb --limit 10\nnext\nfav 3\nsearch al\npage 2\nquit\n")
        #expect(first.status == 0)
        #expect(first.stdout.contains("Cities starting with \"Alb\": 293 matches (1–10)"))
        #expect(first.stdout.contains("(11–20)"))
        let starred = try #require(first.stdout.split(separator: "\n").first { $0.contains("is now a favourite") })
        let second = try runner.run([], stdin: "search --favorites\n")
        #expect(second.status == 0)
        #expect(second.stdout.contains("Favourites: 1 match"))
        let name = starred.replacingOccurrences(of: "★ ", with: "").replacingOccurrences(
            of: " is now a favourite.", with: "")
        #expect(second.stdout.contains(name) && second.stdout.contains("★"))
        // The built-in list is read where it is installed: never copied into the data directory.
        #expect(!FileManager.default.fileExists(atPath: home.file("cities.skycat").path))
    }

    @Test func aListFromAURLIsImportedAndABrokenOneKeepsWhatWasThere() throws {
        let home = try TemporaryDirectory()
        let list = """
            [{"country":"US","name":"Alabama","_id":4829764,"coord":{"lon":-86.75,"lat":32.75}},
             {"country":"AU","name":"Sydney","_id":2147714,"coord":{"lon":151.2,"lat":-33.86}}]
            """
        let good = try LoopbackServer(always: .json(list))
        let runner = AppBinary.runner(home: home, environment: ["SKYLENS_CITIES_URL": good.baseURL.absoluteString])
        let imported = try runner.run(["--", "--format", "json", "search", ""])
        let document = try JSONSerialization.jsonObject(with: Data(imported.stdout.utf8)) as? [String: Any]
        #expect(document?["total"] as? Int == 2)

        let broken = try LoopbackServer(always: .text("<html>oops</html>", status: 200))
        let again = try AppBinary.runner(home: home, environment: ["SKYLENS_CITIES_URL": broken.baseURL.absoluteString])
            .run(["--", "cities", "reload"])
        // 65: the list is not valid (the table's EX_DATAERR), not 1.
        #expect(again.status == 65)
        #expect(
            again.stderr.contains("not a JSON array") && again.stderr.contains("The city list that was there is kept."))
        #expect(try runner.run(["--", "search", "syd"]).stdout.contains("Sydney, New South Wales, AU"))
    }

    /// Issue 25: `cities reload` ignored --timeout (a silent server held it 30 s) and exited 1 where the table says 75
    /// or 69.
    @Test func aReloadHonoursTheTimeoutAndExitsWithTheTablesStatuses() throws {
        let home = try TemporaryDirectory()
        let silent = try LoopbackServer { _ in .hang }
        let started = ContinuousClock.now
        let timedOut = try AppBinary.runner(
            home: home, environment: ["SKYLENS_CITIES_URL": silent.baseURL.absoluteString]
        )
        .run(["--", "--timeout", "2", "cities", "reload"], timeout: .seconds(60))
        #expect(ContinuousClock.now - started < .seconds(8), "the reload waited past --timeout")
        #expect(timedOut.status == 75 && timedOut.stderr.contains("did not answer within 2 s"), "\(timedOut.stderr)")
        let failing = try LoopbackServer(always: .text("down", status: 503))
        let unavailable = try AppBinary.runner(
            home: home, environment: ["SKYLENS_CITIES_URL": failing.baseURL.absoluteString]
        ).run(["--", "cities", "reload"])
        #expect(unavailable.status == 69, "\(unavailable.stderr)")
        // The built-in list still answers.
        #expect(try AppBinary.runner(home: home).run(["--", "search", "toronto"]).stdout.contains("Toronto"))
    }

    /// Before: a long name pushed its row past the terminal's edge (names were never cut).
    @Test func longNamesAreCutWithAnEllipsisToFitANarrowTerminal() throws {
        let home = try TemporaryDirectory()
        let result = try AppBinary.runner(home: home, environment: ["COLUMNS": "40"]).run(
            ["--", "search", "el ", "--limit", "30"])
        #expect(result.status == 0)
        let rows = result.stdout.split(separator: "\n").filter { $0.drop { $0 == " " }.first?.isNumber == true }
        #expect(rows.count == 30)
        #expect(rows.allSatisfy { $0.count <= 40 }, "\(rows.filter { $0.count > 40 })")
        // At 40 columns the coordinates make room for the names, which lose their region before being cut.
        #expect(!rows.contains { $0.range(of: #"\d+\.\d{4}"#, options: .regularExpression) != nil })
        let detail = try AppBinary.runner(home: home, environment: ["COLUMNS": "40"]).run(["--", "open", "#2988507"])
        let nearby = detail.stdout.split(separator: "\n").filter { $0.contains("km") }
        #expect(!nearby.isEmpty && nearby.allSatisfy { $0.count <= 40 }, "\(nearby)")
        // A wide terminal shows the same names whole.
        let wide = try AppBinary.runner(home: home, environment: ["COLUMNS": "200"]).run(
            ["--", "search", "el ", "--limit", "30"])
        #expect(!wide.stdout.contains("…"))
    }

    @Test func theMapOfTorontoIsDrawnWithoutANetwork() throws {
        let home = try TemporaryDirectory()
        let result = try AppBinary.runner(home: home).run([
            "--offline", "map", "Toronto", "--width", "60", "--height", "12",
        ])
        #expect(result.status == 0)
        #expect(result.stdout.contains("◉ Toronto"))
        #expect(result.stdout.contains("zoom 9"))
    }
}

/// A city list from `SKYLENS_CITIES_URL` that lacks a favourite's city: the favourite keeps its name, country and
/// coordinates, is listed and can be removed; `cities` says which list is in use, `cities reset` goes back.
@Suite(.serialized) struct FavouritesAcrossCityListsTests {
    let list = """
        [{"country":"US","name":"Alabama","_id":4829764,"coord":{"lon":-86.75,"lat":32.75}},
         {"country":"AU","name":"Sydney","_id":2147714,"coord":{"lon":151.2,"lat":-33.86}}]
        """

    @Test func aFavouriteTheDownloadedListLacksIsListedAndCanBeRemoved() throws {
        let home = try TemporaryDirectory()
        let kept = try AppBinary.runner(home: home).run(["--", "fav", "#2988507"])
        #expect(kept.stdout.contains("★ Paris, Ile-de-France, FR is now a favourite."))
        let server = try LoopbackServer(always: .json(list))
        let runner = AppBinary.runner(home: home, environment: ["SKYLENS_CITIES_URL": server.baseURL.absoluteString])

        // Before: "You have no favourites yet", as if Paris had never been kept.
        let listed = try runner.run(["--", "search", "--favorites"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(
            listed.stdout.contains("1 favourite is not in the city list in use (kept as stored):"), "\(listed.stdout)")
        #expect(listed.stdout.contains("#2988507  Paris, FR"))
        #expect(listed.stdout.contains("48.8534"))

        let json = try runner.run(["--", "--format", "json", "search", "--favorites"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let absent = try #require(document["notInList"] as? [[String: Any]])
        #expect(absent.first?["name"] as? String == "Paris" && absent.first?["id"] as? Int == 2988507)

        let opened = try runner.run(["--", "open", "#2988507"])
        #expect(opened.status == 1)
        #expect(opened.stderr.contains("is a favourite that the city list in use lacks"))

        let which = try runner.run(["--", "cities"])
        #expect(which.stdout.contains("City list: downloaded from \(server.baseURL.absoluteString)"), "\(which.stdout)")
        #expect(which.stdout.contains("Cities              2"))

        let removed = try runner.run(["--", "unfav", "#2988507"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.contains("Paris, FR is no longer a favourite."))
        #expect(try runner.run(["--", "search", "--favorites"]).stdout.contains("You have no favourites yet"))
    }

    @Test func citiesResetReturnsToTheBuiltInListUntilReload() throws {
        let home = try TemporaryDirectory()
        let server = try LoopbackServer(always: .json(list))
        let runner = AppBinary.runner(home: home, environment: ["SKYLENS_CITIES_URL": server.baseURL.absoluteString])
        #expect(
            try runner.run(["--", "fav", "#2147714"]).stdout.contains(
                "★ Sydney, New South Wales, AU is now a favourite."))
        let reset = try runner.run(["--", "cities", "reset"])
        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(reset.stdout.contains("(the built-in list)"), "\(reset.stdout)")
        // The next start keeps the built-in list although the URL is still set, and the favourite is whole.
        let which = try runner.run(["--", "cities"])
        #expect(which.stdout.contains("City list: the built-in list"), "\(which.stdout)")
        #expect(which.stdout.contains("'cities reset' chose the built-in list"))
        let favourites = try runner.run(["--", "search", "--favorites"])
        #expect(
            favourites.stdout.contains("Sydney, New South Wales, AU") && favourites.stdout.contains("★"),
            "\(favourites.stdout)")
        #expect(try runner.run(["--", "search", "toronto"]).stdout.contains("Toronto, Ontario, CA"))
        let reloaded = try runner.run(["--", "cities", "reload"])
        #expect(reloaded.stdout.contains("Loaded 2 cities"), "\(reloaded.stdout)")
        #expect(try runner.run(["--", "cities"]).stdout.contains("downloaded from"))
    }
}

/// `map --weather` against Open-Meteo on 127.0.0.1: one request for the places labelled, their weather in the JSON.
@Suite struct MapWeatherEndToEndTests {
    @Test func theChosenCitysWeatherIsAskedOnceAndGivenWithItsLabel() throws {
        let home = try TemporaryDirectory()
        let server = try LoopbackServer(always: .json(try weatherFixture("open-meteo-toronto.json")))
        let runner = AppBinary.runner(
            home: home, environment: ["SKYLENS_OPEN_METEO_URL": server.baseURL.absoluteString])
        // Only the chosen city is named (no other labels): one place, answered with one object.
        let result = try runner.run([
            "--format", "json", "map", "Toronto", "--weather", "--layers", "coast,lakes", "--width", "60", "--height",
            "12",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let labels = try #require(document["labels"] as? [[String: Any]])
        let weather = try #require(labels.first?["weather"] as? [String: Any])
        #expect(labels.first?["name"] as? String == "Toronto")
        #expect(weather["temperature"] as? Double == 3.4 && weather["condition"] as? String == "overcast")
        #expect((document["rows"] as? [String])?.contains { $0.contains("◉ Toronto 3°☁") } == true)
        #expect(server.requests.count == 1)
        #expect(server.requests.first?.queryItems["latitude"] == "43.7001")
    }

    @Test func offlineTheMapIsDrawnAndTheWeatherSaidUnavailable() throws {
        let home = try TemporaryDirectory()
        let result = try AppBinary.runner(home: home).run(["--offline", "map", "Toronto", "--weather"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("◉ Toronto"))
        #expect(result.stderr.contains("the map's weather is unavailable") && result.stderr.contains("offline"))
    }
}
