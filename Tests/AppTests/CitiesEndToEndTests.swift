import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct CitiesEndToEndTests {
    @Test func jsonSearchForSaoPauloReportsFourMatchesWithTheCityFirst() throws {
        let home = try TemporaryDirectory()
        let result = try AppBinary.runner(home: home).run(["--", "--format", "json", "search", "sao paulo"])
        #expect(result.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(document["total"] as? Int == 4)
        let first = try #require((document["results"] as? [[String: Any]])?.first)
        #expect(first["name"] as? String == "São Paulo" && first["country"] as? String == "BR")
    }

    @Test func aFavouriteSurvivesARestart() throws {
        let home = try TemporaryDirectory()
        let runner = AppBinary.runner(home: home)
        let first = try runner.run([], stdin: "search Alb --limit 10\nnext\nfav 3\nsearch al\npage 2\nquit\n")
        #expect(first.status == 0)
        #expect(first.stdout.contains("Cities starting with \"Alb\": 332 matches (1–10)"))
        #expect(first.stdout.contains("(11–20)"))
        let starred = try #require(first.stdout.split(separator: "\n").first { $0.contains("is now a favourite") })
        let catalogue = home.file("cities.skycat").path
        let written = try FileManager.default.attributesOfItem(atPath: catalogue)[.modificationDate] as? Date
        let second = try runner.run([], stdin: "favorites\n")
        #expect(second.status == 0)
        #expect(second.stdout.contains("Favourites: 1 match"))
        let name = starred.replacingOccurrences(of: "★ ", with: "").replacingOccurrences(
            of: " is now a favourite.", with: "")
        #expect(second.stdout.contains(name) && second.stdout.contains("★"))
        // The catalogue was imported once: the second run did not write it again.
        #expect(try FileManager.default.attributesOfItem(atPath: catalogue)[.modificationDate] as? Date == written)
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
        #expect(again.status == 1)
        #expect(
            again.stderr.contains("not a JSON array") && again.stderr.contains("The city list that was there is kept."))
        #expect(try runner.run(["--", "search", "syd"]).stdout.contains("Sydney, AU"))
    }

    @Test func theMapOfTorontoIsDrawnWithoutANetwork() throws {
        let home = try TemporaryDirectory()
        let result = try AppBinary.runner(home: home).run([
            "--offline", "map", "Toronto", "--width", "60", "--height", "12",
        ])
        #expect(result.status == 0)
        #expect(result.stdout.contains("◉ Toronto"))
        #expect(result.stdout.contains("zoom 6"))
    }
}
