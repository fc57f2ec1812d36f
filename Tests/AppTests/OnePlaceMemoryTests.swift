import Foundation
import TestSupport
import Testing

/// Issue 25: on a fresh home `weather` silently showed Toronto while `sky` and `moon` exited 64 and `map` asked for
/// a row number; after `sky Tromsø`, `weather` still showed Istanbul. Now one last place for every feature, kept
/// across sessions, and before any the default place (`place:`; Toronto), said once.
@Suite struct OnePlaceMemoryTests {
    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func everyFeatureStartsFromTheSameDefaultThenTheLastPlaceShown() throws {
        let home = try TemporaryDirectory()
        let server = try WeatherServer()
        let run = AppBinary.runner(home: home, environment: ["SKYLENS_OPEN_METEO_URL": server.url])
        // A fresh home: every feature starts from Toronto, and says so.
        let sky = try run.run(["--", "sky"])
        #expect(sky.status == 0 && sky.stdout.contains("Toronto"), "\(sky.stderr)")
        #expect(
            sky.stderr.contains("Note: No place named yet: Toronto, Ontario, CA, the default place"), "\(sky.stderr)")
        // Said once: Toronto is now the last place shown.
        let weather = try run.run(["--", "weather"])
        #expect(weather.stdout.contains("Toronto") && !weather.stderr.contains("No place named yet"))
        // After `sky Tromsø`, `weather`, `moon`, `map` and `air` alone are Tromsø's.
        #expect(try run.run(["--", "sky", "Tromsø"]).status == 0)
        #expect(try json(run.run(["--", "--format", "json", "weather"]).stdout).description.contains("Tromsø"))
        #expect(try run.run(["--", "moon"]).stdout.contains("Tromsø"))
        let map = try run.run(["--", "--format", "json", "map", "--width", "40", "--height", "12"])
        #expect(map.status == 0 && map.stdout.contains("Tromsø"), "\(map.stderr)")
        // And the other way: `weather Paris`, then `sky` alone is Paris's sky, in a later session too.
        #expect(try run.run(["--", "weather", "Paris"]).status == 0)
        #expect(try run.run(["--", "sky"]).stdout.contains("Paris"))
    }

    @Test func theDefaultPlaceIsASetting() throws {
        let home = try TemporaryDirectory()
        let run = AppBinary.runner(home: home, environment: ["SKYLENS_PLACE": "Tromsø"])
        let sky = try run.run(["--", "sky"])
        #expect(sky.status == 0 && sky.stdout.contains("Tromsø"), "\(sky.stderr)")
        #expect(sky.stderr.contains("No place named yet: Tromsø"))
        // A default that names no place is said as such.
        let other = try TemporaryDirectory()
        let nowhere = try AppBinary.runner(home: other, environment: ["SKYLENS_PLACE": "Xyzzyqville"]).run([
            "--", "sky",
        ])
        #expect(nowhere.status == 67 && nowhere.stderr.contains("Xyzzyqville"), "\(nowhere.stderr)")
    }
}
