import Foundation
import TestSupport
import Testing

/// Issue 24 through the built App: the place a person means for each example of the issue, airport codes, the
/// alternatives a script can read, coordinates in every command that takes a place, and the zone of a point.
@Suite struct PlaceMeantEndToEndTests {
    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func eachExampleOfTheIssueOpensThePlaceMeant() throws {
        let home = try TemporaryDirectory()
        let run = AppBinary.runner(home: home)
        let expected: [(String, Int)] = [
            ("New York", 5_128_581), ("Bombay", 1_275_339), ("Peking", 1_816_670), ("Washington", 4_140_963),
            ("Washington, US", 4_140_963), ("Cologne", 2_886_242), ("Macao", 1_821_274), ("Panama City", 3_703_443),
            ("MAD", 3_117_735), ("CDG", 2_988_507), ("HND", 1_850_147), ("KRK", 3_094_802), ("CAN", 1_809_858),
            ("MGA", 3_617_763), ("RUH", 108_410), ("ALA", 1_526_384), ("FCO", 3_169_070), ("ICN", 1_835_848),
            ("PVG", 1_796_236), ("KIX", 1_853_909), ("MXP", 3_173_435), ("GIG", 3_451_190), ("YEG", 5_946_768),
            ("CGK", 1_642_911), ("Baoji", 10_942_359), ("Taizhou", 1_793_505), ("Paris", 2_988_507),
            ("London", 2_643_743), ("Toronto", 6_167_865),
        ]
        for (query, id) in expected {
            let result = try run.run(["--", "--format", "json", "open", query])
            #expect(result.status == 0, "\(query): \(result.stderr)")
            #expect(try json(result.stdout)["id"] as? Int == id, "\(query): \(result.stdout.prefix(300))")
        }
    }

    @Test func theWeatherOfTheIssuesExamplesIsThePlaceMeant() throws {
        let home = try TemporaryDirectory()
        let server = try WeatherServer()
        defer { server.server.stop() }
        let run = AppBinary.runner(
            home: home, environment: ["SKYLENS_OPEN_METEO_URL": server.url, "SKYLENS_OPENWEATHER_URL": server.url])
        for (query, id) in [("New York", 5_128_581), ("Bombay", 1_275_339), ("Washington, US", 4_140_963)] {
            let result = try run.run(["--", "--format", "json", "weather", query])
            #expect(result.status == 0, "\(query): \(result.stderr)")
            let document = try json(result.stdout)
            #expect((document["location"] as? [String: Any])?["id"] as? Int == id, "\(query)")
        }
        // The point itself, kept exactly: no place's id, the point's coordinates.
        let point = try json(try run.run(["--", "--format", "json", "weather", "43.7,-79.4"]).stdout)
        let location = try #require(point["location"] as? [String: Any])
        #expect(location["id"] == nil && location["lat"] as? Double == 43.7 && location["lon"] as? Double == -79.4)
        // `--line` carries the alternatives too.
        let line = try json(try run.run(["--", "--format", "json", "weather", "San Jose", "--line"]).stdout)
        #expect((line["alternatives"] as? [[String: Any]])?.first?["country"] as? String == "CR")
    }

    @Test func aScriptCanTellAnotherPlaceMayHaveBeenMeant() throws {
        let home = try TemporaryDirectory()
        let run = AppBinary.runner(home: home)
        let sanJose = try json(try run.run(["--", "--format", "json", "open", "San Jose"]).stdout)
        #expect(sanJose["country"] as? String == "US")
        let alternatives = try #require(sanJose["alternatives"] as? [[String: Any]])
        #expect(alternatives.count == 5)
        #expect(alternatives.first?["id"] as? Int == 3_621_849 && alternatives.first?["country"] as? String == "CR")
        #expect(alternatives.allSatisfy { $0["name"] is String && $0["id"] is Int && $0["country"] is String })
        // On screen: one short line, because the runner-up is close.
        let text = try run.run(["--", "open", "San Jose"])
        #expect(text.stdout.contains("Also: San José, San Jose, CR #3621849"), "\(text.stdout)")
        #expect(text.stdout.components(separatedBy: "Also").count == 2)
        // Not close: nothing on screen, the alternatives in JSON.
        let london = try run.run(["--", "open", "London"])
        #expect(!london.stdout.contains("Also"))
        let londonJSON = try json(try run.run(["--", "--format", "json", "open", "London"]).stdout)
        #expect((londonJSON["alternatives"] as? [[String: Any]])?.contains { $0["id"] as? Int == 6_058_560 } == true)
        // An id names one place: no alternatives.
        let byID = try json(try run.run(["--", "--format", "json", "open", "#2988507"]).stdout)
        #expect(byID["alternatives"] == nil)
        // The sky carries them too.
        let sky = try json(try run.run(["--", "--format", "json", "sky", "San Jose"]).stdout)
        #expect((sky["alternatives"] as? [[String: Any]])?.first?["id"] as? Int == 3_621_849)
    }

    @Test func searchShowsTheAirportBesideItsCityAndTheNewPlaces() throws {
        let home = try TemporaryDirectory()
        let run = AppBinary.runner(home: home, environment: ["COLUMNS": "200"])
        // In search order (Madrid under `madrid`) or by importance (first), with the airport beside it.
        let mad = try run.run(["--", "search", "MAD", "--limit", "300"])
        #expect(mad.stdout.contains("Madrid, Madrid, ES (MAD: Madrid Barajas International Airport)"), "\(mad.stdout)")
        let ranked = try run.run(["--", "search", "MAD", "--sort", "population", "--limit", "3"])
        #expect(
            ranked.stdout.split(separator: "\n").dropFirst().first?.contains(
                "Madrid, Madrid, ES (MAD: Madrid Barajas International Airport)") == true, "\(ranked.stdout)")
        let taipei = try run.run(["--", "open", "New Taipei"])
        #expect(taipei.status == 0 && taipei.stdout.hasPrefix("New Taipei City"), "\(taipei.stdout)")
        for (query, country) in [("Ordos", "CN"), ("Caloocan", "PH"), ("Wanzhou", "CN"), ("Queens", "US")] {
            let result = try json(try run.run(["--", "--format", "json", "open", query]).stdout)
            #expect(result["country"] as? String == country, "\(query)")
        }
    }

    @Test func coordinatesWorkInEveryCommandThatTakesAPlace() throws {
        let home = try TemporaryDirectory()
        let run = AppBinary.runner(home: home, environment: ["COLUMNS": "120"])
        for point in ["43.7,-79.4", "43.7N 79.4W", "43.7 -79.4"] {
            let open = try run.run(["--", "open", point])
            #expect(open.status == 0, "\(point): \(open.stderr)")
            #expect(open.stdout.contains("The nearest place to 43.70°N 79.40°W: 0.7 km NE of it."), "\(open.stdout)")
        }
        let openJSON = try json(try run.run(["--", "--format", "json", "open", "43.7,-79.4"]).stdout)
        let from = try #require(openJSON["from"] as? [String: Any])
        #expect(from["lat"] as? Double == 43.7 && from["distanceKm"] as? Double == 0.7)
        let map = try run.run(["--", "--format", "json", "map", "43.7,-79.4", "--width", "60", "--height", "12"])
        #expect(map.status == 0, "\(map.stderr)")
        #expect(try json(map.stdout)["center"] as? [Double] == [43.7, -79.4])
        let fav = try run.run(["--", "fav", "-28.0,134.1"])
        #expect(fav.status == 0 && fav.stdout.contains("Coober Pedy"), "\(fav.stdout)")
        #expect(fav.stdout.contains("The nearest place to 28.00°S 134.10°E"))
        let kept = try run.run(["--", "search", "--favorites"])
        #expect(kept.stdout.contains("Coober Pedy"))
    }

    @Test func theZoneOfAPointComesFromTheBoundaries() throws {
        let home = try TemporaryDirectory()
        let run = AppBinary.runner(home: home)
        // Inland South Australia, far from any listed town: Adelaide's clocks, not the nautical UTC+9.
        let sky = try json(
            try run.run(["--", "--format", "json", "sky", "-28.0,134.1", "--date", "2026-11-25"]).stdout)
        #expect((sky["location"] as? [String: Any])?["timezone"] as? String == "Australia/Adelaide")
        // Tehran and the Algerian Sahara, where the nearest listed town may be across a border.
        let tehran = try json(try run.run(["--", "--format", "json", "sky", "35.7,51.4"]).stdout)
        #expect((tehran["location"] as? [String: Any])?["timezone"] as? String == "Asia/Tehran")
        let sahara = try json(try run.run(["--", "--format", "json", "sky", "28,2"]).stdout)
        #expect((sahara["location"] as? [String: Any])?["timezone"] as? String == "Africa/Algiers")
        // The open sea keeps its nautical zone.
        let pacific = try json(try run.run(["--", "--format", "json", "sky", "0,-150"]).stdout)
        #expect((pacific["location"] as? [String: Any])?["timezone"] as? String == "Etc/GMT+10")
    }
}
