import Foundation
import TestSupport
import Testing

/// Issue 25's paper cuts, each as a user met it.
@Suite struct PaperCutsTests {
    @Test func thePresetsHeaderLinesUpWithItsRows() throws {
        let home = try TemporaryDirectory()
        let lines = try AppBinary.runner(home: home).run(["--", "presets"]).stdout.split(separator: "\n")
        let header = try #require(lines.first { $0.hasPrefix("Place") })
        let row = try #require(lines.first { $0.contains("Toronto, CA") })
        // Before: every row one column to the right of its header.
        #expect(row.hasPrefix("Toronto, CA"), "\(row)")
        #expect(
            header.range(of: "ID")?.lowerBound.utf16Offset(in: header)
                == row.range(of: "#")?.lowerBound.utf16Offset(in: row))
    }

    @Test func oneShotOutputHasNoHintsThatOnlyASessionCanFollow() throws {
        let home = try TemporaryDirectory()
        let map = try AppBinary.runner(home: home).run(["--", "map", "Toronto", "--width", "60", "--height", "10"])
        #expect(map.status == 0 && !map.stdout.contains("zoom in|out"), "\(map.stdout)")
    }

    @Test func searchingEveryPlaceStartsWithTheLargestNotWithPunctuation() throws {
        let home = try TemporaryDirectory()
        let rows = try AppBinary.runner(home: home).run(["--", "search", "--limit", "5"]).stdout.split(separator: "\n")
        let first = try #require(rows.dropFirst().first)
        // Before: "'Ākra, Ninawa, IQ", "'Alī Ābād-e Katūl"…
        #expect(!first.contains("'") && (first.contains(" M ") || first.contains(" M\u{20}")), "\(rows)")
    }

    @Test func helpListsTheWeatherFirst() throws {
        let home = try TemporaryDirectory()
        let help = try AppBinary.runner(home: home).run(["--", "help"]).stdout
        let weather = try #require(help.range(of: "Weather"))
        let contact = try #require(help.range(of: "Contact"))
        #expect(weather.lowerBound < contact.lowerBound)
    }

    /// `search par` did not show Paris on page 1 (name order puts it at row 150 of 723): the largest match is said.
    @Test func theLargestMatchIsSaidWhenNameOrderPutsItPastThePage() throws {
        let home = try TemporaryDirectory()
        let search = try AppBinary.runner(home: home).run(["--", "search", "par"]).stdout
        #expect(search.contains("Largest: Paris, Ile-de-France, FR · 2.1 M, #2988507 (--sort population)"), "\(search)")
        // Not when the page shows it.
        #expect(!(try AppBinary.runner(home: home).run(["--", "search", "paris"]).stdout.contains("Largest:")))
        // The JSON says it too, as `largest`.
        let json = try AppBinary.runner(home: home).run(["--", "--format", "json", "search", "par"]).stdout
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let largest = try #require(document["largest"] as? [String: Any])
        #expect(largest["id"] as? Int == 2_988_507 && largest["name"] as? String == "Paris")
        let paris = try AppBinary.runner(home: home).run(["--", "--format", "json", "search", "paris"]).stdout
        #expect(!paris.contains("\"largest\""))
    }
}
