import CoreKit
import Testing

@testable import MapRendering

@Suite("Antimeridian and wrapping")
struct AntimeridianTests {
    /// A box from 170°E to 170°W (across ±180°), latitudes 0…10, as a dateline-crossing ring.
    static let ring = Outline(
        country: "TST",
        points: [
            GeoPoint(latitude: 10, longitude: 170), GeoPoint(latitude: 10, longitude: -170),
            GeoPoint(latitude: 0, longitude: -170), GeoPoint(latitude: 0, longitude: 170),
            GeoPoint(latitude: 10, longitude: 170),
        ])

    /// Columns (cell indices) that show dots, per row.
    static func dotColumns(_ map: RenderedMap) -> [[Int]] {
        map.lines.map { line in cells(of: line).enumerated().filter { isDotCell($0.element) }.map(\.offset) }
    }

    @Test func ringAcrossTheAntimeridianIsDrawnInPlace() {
        // Zoom 3: 45° over 160 dots; 170°E is at dot 48 (cell 24), 170°W (190°) at dot 119 (cell 59).
        let request = MapRequest(center: GeoPoint(latitude: 5, longitude: 179), zoom: 3, width: 80, height: 24)
        let map = MapRenderer.render(request, outlines: [Self.ring], places: [])
        print(map.framed)
        let columns = Self.dotColumns(map).flatMap { $0 }
        #expect(!columns.isEmpty)
        #expect(columns.allSatisfy { (23...60).contains($0) }, "dots outside the box: \(columns)")
        // The top edge is drawn across the antimeridian (cell 40 is 179°E…180°), not dropped.
        #expect(Self.dotColumns(map).contains { row in row.contains(40) && row.contains(30) && row.contains(55) })
    }

    @Test func ringAcrossTheAntimeridianSeenFromGreenwich() {
        // At zoom 0 centred on 0° the ring shows as two slivers at the far left and right, never as a line
        // across the whole map.
        let request = MapRequest(center: GeoPoint(latitude: 0, longitude: 0), zoom: 0, width: 80, height: 24)
        let map = MapRenderer.render(request, outlines: [Self.ring], places: [])
        let columns = Self.dotColumns(map).flatMap { $0 }
        #expect(columns.contains { $0 <= 1 })
        #expect(columns.contains { $0 >= 78 })
        #expect(columns.allSatisfy { $0 <= 2 || $0 >= 77 }, "\(columns)")
    }

    @Test func cutEdgesAlongTheAntimeridianAreNotDrawn() {
        // Half of the test box, split at 180° the way Natural Earth splits Fiji: the edge along 180° is a cut.
        let west = Outline(
            country: "TST",
            points: [
                GeoPoint(latitude: 10, longitude: 170), GeoPoint(latitude: 10, longitude: 180),
                GeoPoint(latitude: 0, longitude: 180), GeoPoint(latitude: 0, longitude: 170),
                GeoPoint(latitude: 10, longitude: 170),
            ])
        let request = MapRequest(center: GeoPoint(latitude: 5, longitude: 179), zoom: 3, width: 80, height: 24)
        let rows = Self.dotColumns(MapRenderer.render(request, outlines: [west], places: []))
        // The 170°E edge (dot 48, cell 23 or 24) spans the box's rows; the 180° cut (dot 83.6, cell 41) only
        // has the ends of the horizontal edges.
        let rowsAt170 = rows.indices.filter { rows[$0].contains { (23...24).contains($0) } }
        let rowsAt180 = rows.indices.filter { rows[$0].contains(41) }
        #expect(rowsAt170.count >= 8)
        #expect(rowsAt180.count == 2, "\(rowsAt180)")
    }

    @Test func worldIsWrappedEastOfTheAntimeridian() {
        // Centred at 170°E, zoom 1 (180° wide): a square around 120°W appears near the right edge
        // (240° is 70° east of the centre: dot 80 + 70 · 160/180 ≈ 142, cell 71).
        let square = Outline(
            country: "USA",
            points: [
                GeoPoint(latitude: 39, longitude: -121), GeoPoint(latitude: 39, longitude: -119),
                GeoPoint(latitude: 41, longitude: -119), GeoPoint(latitude: 41, longitude: -121),
            ])
        let request = MapRequest(center: GeoPoint(latitude: 40, longitude: 170), zoom: 1, width: 80, height: 24)
        let map = MapRenderer.render(request, outlines: [square], places: [])
        let columns = Self.dotColumns(map).flatMap { $0 }
        #expect(!columns.isEmpty)
        #expect(columns.allSatisfy { (70...72).contains($0) }, "\(columns)")
    }

    @Test func realWorldCentredOnTheDatelineShowsAmericasRight() throws {
        let outlines = try Fixtures.worldOutlines()
        let request = MapRequest(center: GeoPoint(latitude: 20, longitude: 170), zoom: 0, width: 80, height: 24)
        let map = MapRenderer.render(request, outlines: outlines, places: [])
        print(map.framed)
        // Mexico's west coast (105°W = 255°E, 85° east of the centre) lies near cell 40 + 85/360·80 ≈ 59.
        let mexicoRow = Self.dotColumns(map)
        #expect(mexicoRow.contains { row in row.contains { (55...62).contains($0) } })
        #expect(map.lines.allSatisfy { DisplayWidth.columns(of: $0) == 80 })
    }

    @Test func placesWrapToo() {
        let place = MapPlace(
            name: "Apia", location: GeoPoint(latitude: -13.8, longitude: -171.8), population: 40_000, id: 1)
        let request = MapRequest(center: GeoPoint(latitude: -13.8, longitude: 180), zoom: 4, width: 80, height: 24)
        let map = MapRenderer.render(request, outlines: [], places: [place])
        #expect(map.contains("Apia"))
        #expect(MapRenderer.visibleBox(request).contains(place.location))
    }
}
