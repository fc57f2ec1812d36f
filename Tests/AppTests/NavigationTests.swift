import Foundation
import TestSupport
import Testing

/// Bugs of navigation between features (issue 9), each fixed with its test.
@Suite(.serialized) struct NavigationTests {
    func weatherRunner(_ home: TemporaryDirectory) throws -> (ProcessRunner, LoopbackServer) {
        let server = try LoopbackServer(always: .json(try weatherFixture("open-meteo-toronto.json")))
        return (
            AppBinary.runner(home: home, environment: ["SKYLENS_OPEN_METEO_URL": server.baseURL.absoluteString]),
            server
        )
    }

    /// Before: "Unexpected argument 'Tokyo'": the map's own `weather` (the weather of the city on screen) took the
    /// line.
    @Test func weatherOfAnotherPlaceFromTheMapOrACityPage() throws {
        let home = try TemporaryDirectory()
        let (runner, server) = try weatherRunner(home)
        defer { server.stop() }
        let fromMap = try runner.run([], stdin: "map Toronto --width 40 --height 10\nweather Tokyo\n")
        #expect(fromMap.status == 0, "\(fromMap.stderr)")
        #expect(fromMap.stdout.contains("Tokyo, Tokyo, JP"), "\(fromMap.stdout)")
        #expect(!fromMap.stderr.contains("Unexpected argument"))
        let fromCity = try runner.run([], stdin: "open #6167865\nweather Tokyo\nopen #6167865\nweather\n")
        #expect(fromCity.status == 0, "\(fromCity.stderr)")
        #expect(fromCity.stdout.contains("Tokyo, Tokyo, JP"))
        // `weather` alone on a city's page is still that city's weather.
        #expect(fromCity.stdout.components(separatedBy: "Toronto, Ontario, CA").count >= 3, "\(fromCity.stdout)")
    }

    /// Before: `help weather` at the start printed the help of the city view's `weather`.
    @Test func helpForACommandIsTheOneThatWouldRunHere() throws {
        let home = try TemporaryDirectory()
        let result = try AppBinary.runner(home: home).run(["--", "help", "weather"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Usage: weather [PLACE"), "\(result.stdout)")
        #expect(!result.stdout.contains("city view"), "\(result.stdout)")
    }

    /// Before: "Name a row number or an id (#ID)."
    @Test func openAndFavTakeNames() throws {
        let home = try TemporaryDirectory()
        let opened = try AppBinary.runner(home: home).run(["--", "open", "Toronto"])
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(opened.stdout.contains("Toronto, Ontario, CA") && opened.stdout.contains("#6167865"))
        let kept = try AppBinary.runner(home: home).run(["--", "fav", "New", "York", "City"])
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(kept.stdout.contains("★ New York City, NY, US is now a favourite."), "\(kept.stdout)")
        let forgotten = try AppBinary.runner(home: home).run(["--", "unfav", "New York City"])
        #expect(forgotten.stdout.contains("New York City, NY, US is no longer a favourite."), "\(forgotten.stdout)")
    }

    /// Before: `{"message":"Favourites, with the last weather…\n  Toronto, CA …"}`, the text table inside JSON.
    @Test func favouritesFromTheWeatherViewAreADocumentInJSON() throws {
        let home = try TemporaryDirectory()
        let (runner, server) = try weatherRunner(home)
        defer { server.stop() }
        let result = try runner.run(["--format", "json"], stdin: "weather Toronto\nfav\nfavorites\n")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(lines.last!.utf8)) as? [String: Any], "\(result.stdout)")
        #expect(document["message"] == nil)
        let favourites = try #require(document["favorites"] as? [[String: Any]])
        #expect(favourites.first?["name"] as? String == "Toronto")
        #expect(favourites.first?["temperature"] as? Double == 3.4)
    }

    /// Before: `map Alert` silently drew Alert Bay while `weather Alert` asked "did you mean"; the map did not know
    /// `Paris, TX, US`. One resolution now serves every command that takes a place.
    @Test(arguments: ["Alert", "Paris, TX, US", "paris", "São Paulo", "#2988507", "Nowhereville", "Toronto, US"])
    func mapAndWeatherResolveEveryNameAlike(_ name: String) throws {
        let home = try TemporaryDirectory()
        let (runner, server) = try weatherRunner(home)
        defer { server.stop() }
        let map = try runner.run(["--format", "json", "--", "map", name, "--width", "40", "--height", "6"])
        let weather = try runner.run(["--format", "json", "--", "weather", name])
        #expect(map.status == weather.status, "\(map.stdout) \(weather.stdout)")
        func object(_ text: String) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
        }
        let mapDocument = try object(map.stdout), weatherDocument = try object(weather.stdout)
        if map.status == 0 {
            let mapped = (mapDocument["city"] as? [String: Any])?["id"] as? Int
            let forecast = (weatherDocument["location"] as? [String: Any])?["id"] as? Int
            #expect(
                mapped != nil && mapped == forecast,
                "\(name): map \(String(describing: mapped)), weather \(String(describing: forecast))")
        } else {
            let mapError = (mapDocument["error"] as? [String: Any])?["message"] as? String
            let weatherError = (weatherDocument["error"] as? [String: Any])?["message"] as? String
            #expect(
                mapError != nil && mapError == weatherError,
                "\(name): \(String(describing: mapError)) / \(String(describing: weatherError))")
        }
    }
}
