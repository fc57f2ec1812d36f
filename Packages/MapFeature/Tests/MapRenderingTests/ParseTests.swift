import Testing

@testable import MapRendering

@Suite("Outline file parsing")
struct ParseTests {
    @Test func malformedLinesAndPointsAreSkipped() {
        let text = """
            FJI 180.00,-16.07 180.00,-16.56 179.36,-16.80 180.00,-16.07
            # a comment 1,2 3,4

            NOPOINTS
            XYZ 1,2
            BAD! 1,2 3,4
            ABC 1,2 oops 3 4,5,6 ,7 8, 200,1 1,95 nan,1 inf,2 3,4\r
            CAN\t-79.0,43.0\t-78.0,43.5  -77.5,44.0
            ÄÖÜ 1,2 3,4
            """
        let outlines = WorldOutlines.parse(text)
        #expect(outlines.map(\.country) == ["FJI", "ABC", "CAN"])
        #expect(outlines[0].points.count == 4)
        #expect(outlines[1].points == [GeoPoint(latitude: 2, longitude: 1), GeoPoint(latitude: 4, longitude: 3)])
        #expect(outlines[2].points.last == GeoPoint(latitude: 44.0, longitude: -77.5))
    }

    @Test func emptyAndGarbageInput() {
        #expect(WorldOutlines.parse("").isEmpty)
        #expect(WorldOutlines.parse("\n\r\n,,,\u{0}\u{FFFF} ,").isEmpty)
    }

    @Test func realFile() throws {
        let outlines = try Fixtures.worldOutlines()
        #expect(outlines.count == 289)
        #expect(Set(outlines.map(\.country)).count == 177)
        let points = outlines.reduce(0) { $0 + $1.points.count }
        #expect(points > 10_000)
        #expect(outlines.allSatisfy { $0.points.first == $0.points.last })
    }
}
