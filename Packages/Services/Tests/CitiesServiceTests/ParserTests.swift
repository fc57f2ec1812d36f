import CitiesService
import Foundation
import Testing

@Suite struct CityListParserTests {
    @Test func readsEscapesUnknownKeysAndNestedValues() throws {
        let json =
            #"[{"extra":{"a":[1,2,{"b":null}]},"country":"BR","name":"S\u00e3o \"Paulo\"\/ \ud83c\udf0d","_id":1,"coord":{"lat":-23.5,"lon":-46.6,"alt":3}}]"#
        let result = try CityListParser.parse(Data(json.utf8))
        #expect(
            result.cities == [
                City(id: 1, name: "São \"Paulo\"/ 🌍", country: "BR", latitude: -23.5, longitude: -46.6)
            ])
        #expect(result.skipped == 0)
    }

    @Test func entriesWithBadFieldsAreCountedAndLeftOut() throws {
        let json = """
            [{"country":"US","name":"Good","_id":2,"coord":{"lon":1,"lat":2}},
             {"country":"US","name":"No coord","_id":3},
             {"country":"US","name":42,"_id":4,"coord":{"lon":1,"lat":2}},
             {"country":"US","name":"Far","_id":5,"coord":{"lon":500,"lat":2}},
             {"country":"USA","name":"Code","_id":6,"coord":{"lon":1,"lat":2}},
             {"country":"US","name":"Null","_id":null,"coord":{"lon":1,"lat":2}},
             "not an object", null]
            """
        let result = try CityListParser.parse(Data(json.utf8))
        #expect(result.cities.map(\.id) == [2])
        #expect(result.skipped == 7)
        #expect(result.firstProblem?.contains("coord.lat or coord.lon is missing") == true)
    }

    @Test(arguments: [
        ("", "not a JSON array"),
        ("{\"a\":1}", "not a JSON array"),
        ("<html>", "not a JSON array"),
        ("[{\"name\":\"x\"", "ends"),
        ("[1,]", "not a JSON value"),
        ("[] trailing", "unexpected text"),
        ("[{\"name\":\"bad \\q escape\"}]", "unknown escape"),
        ("[\"\u{01}\"]", "control character"),
    ])
    func malformedListsAreErrorsWithAPlace(json: String, reason: String) {
        do {
            _ = try CityListParser.parse(Data(json.utf8))
            Issue.record("\(json.debugDescription) should not parse")
        } catch {
            #expect(error.message.contains(reason), "\(error.message)")
        }
    }

    @Test func deepNestingIsRefusedNotACrash() {
        let deep = "[" + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "]"
        #expect(throws: CatalogueError.self) { try CityListParser.parse(Data(deep.utf8)) }
    }
}
