import CoreKit
import Testing

@testable import MapRendering

@Suite("Antimeridian and wrapping")
struct AntimeridianTests {
    /// A box from 170°E to 170°W (across ±180°), latitudes 0…10, as a dateline-crossing ring.
    static let ring: [GeoPoint] = [
        GeoPoint(latitude: 10, longitude: 170), GeoPoint(latitude: 10, longitude: -170),
        GeoPoint(latitude: 0, longitude: -170), GeoPoint(latitude: 0, longitude: 170),
        GeoPoint(latitude: 10, longitude: 170),
    ]

    /// Columns (cell indices) that show dots, per row.
    static func dotColumns(_ map: RenderedMap) -> [[Int]] {
        map.lines.map { line in cells(of: line).enumerated().filter { isDotCell($0.element) }.map(\.offset) }
    }

    @Test(arguments: [0, 2, 7])
    func ringAcrossTheAntimeridianIsDrawnInPlace(tileZoom: Int) {
        // Zoom 2 (1,024 dots round the world), centred on 179°E: 170°E is at dot 80 - 9/360 · 1024 = 54.4
        // (cell 27), 170°W at dot 80 + 11/360 · 1024 = 111.3 (cell 55).
        let center = GeoPoint(latitude: 5, longitude: 179)
        let request = MapRequest(center: center, zoom: 2, width: 80, height: 24)
        let geography = GeoData.lines([(.coast, Self.ring)], tileZoom: tileZoom)
        let map = MapRenderer.render(request, geography: geography, places: [])
        print(map.framed)
        let west = Contract.cell(GeoPoint(latitude: 5, longitude: 170), center: center, zoom: 2, width: 80, height: 24)
        let east = Contract.cell(GeoPoint(latitude: 5, longitude: -170), center: center, zoom: 2, width: 80, height: 24)
        #expect(west.column == 27 && east.column == 55)
        let columns = Self.dotColumns(map).flatMap { $0 }
        #expect(!columns.isEmpty)
        #expect(columns.allSatisfy { (west.column...east.column).contains($0) }, "dots outside the box: \(columns)")
        // The top edge is drawn across the antimeridian (cell 42 is 180°), not dropped.
        #expect(Self.dotColumns(map).contains { row in row.contains(42) && row.contains(30) && row.contains(50) })
    }

    @Test func ringAcrossTheAntimeridianSeenFromGreenwich() {
        // At zoom 0 centred on 0°, 256 columns show the world twice over... but 128 columns show it once: the ring
        // shows as two slivers at the far left and right, never as a line across the whole map.
        let request = MapRequest(center: GeoPoint(latitude: 0, longitude: 0), zoom: 0, width: 128, height: 24)
        let map = MapRenderer.render(request, geography: GeoData.lines([(.coast, Self.ring)]), places: [])
        let columns = Self.dotColumns(map).flatMap { $0 }
        #expect(columns.contains { $0 <= 1 })
        #expect(columns.contains { $0 >= 126 })
        #expect(columns.allSatisfy { $0 <= 4 || $0 >= 123 }, "\(columns)")
    }

    @Test func theWorldRepeatsWhenTheMapIsWiderThanIt() {
        // 200 columns at zoom 0 are 1.56 worlds: a square at 0° longitude appears once, one at 170°E twice
        // (at 170°E and, 128 columns to the left, at 190°W).
        let square: (Double) -> [GeoPoint] = { lon in
            [
                GeoPoint(latitude: -5, longitude: lon - 2), GeoPoint(latitude: -5, longitude: lon + 2),
                GeoPoint(latitude: 5, longitude: lon + 2), GeoPoint(latitude: 5, longitude: lon - 2),
                GeoPoint(latitude: -5, longitude: lon - 2),
            ]
        }
        let request = MapRequest(center: GeoPoint(latitude: 0, longitude: 0), zoom: 0, width: 200, height: 20)
        let map = MapRenderer.render(request, geography: GeoData.lines([(.coast, square(170))]), places: [])
        let columns = Set(Self.dotColumns(map).flatMap { $0 })
        // 170°E: column 100 + 170/360 · 128 = 160.4; 190°W: 100 - 190/360 · 128 = 32.4.
        #expect(columns.contains(160) && columns.contains(32), "\(columns.sorted())")
        #expect(columns.allSatisfy { (31...34).contains($0) || (159...162).contains($0) }, "\(columns.sorted())")
    }

    @Test func worldIsWrappedEastOfTheAntimeridian() {
        // Centred at 170°E, zoom 1 (512 dots, 256 columns round the world): a square around 120°W (70° east of the
        // centre) appears at column 40 + 70/360 · 256 = 89.8... past an 80-column map; on 120 columns at 109.8.
        let square = [
            GeoPoint(latitude: 39, longitude: -121), GeoPoint(latitude: 39, longitude: -119),
            GeoPoint(latitude: 41, longitude: -119), GeoPoint(latitude: 41, longitude: -121),
        ]
        let request = MapRequest(center: GeoPoint(latitude: 40, longitude: 170), zoom: 1, width: 120, height: 24)
        let map = MapRenderer.render(request, geography: GeoData.lines([(.borders, square)]), places: [])
        let columns = Self.dotColumns(map).flatMap { $0 }
        #expect(!columns.isEmpty)
        #expect(columns.allSatisfy { (108...111).contains($0) }, "\(columns)")
    }

    @Test func realWorldCentredOnTheDatelineShowsAmericasRight() throws {
        let geography = try Fixtures.geography()
        let center = GeoPoint(latitude: 20, longitude: 170)
        let request = MapRequest(center: center, zoom: 0, width: 128, height: 32)
        let map = MapRenderer.render(request, geography: geography, places: [])
        print(map.framed)
        // Mexico's west coast near Puerto Vallarta (105.3°W, 20.6°N).
        let mexico = Contract.cell(
            GeoPoint(latitude: 20.6, longitude: -105.3), center: center, zoom: 0, width: 128, height: 32)
        let rows = Self.dotColumns(map)
        #expect(rows[mexico.row].contains { abs($0 - mexico.column) <= 2 }, "\(mexico)")
        #expect(map.lines.allSatisfy { DisplayWidth.columns(of: $0) == 128 })
    }

    @Test func placesWrapToo() {
        let place = MapPlace(
            name: "Apia", location: GeoPoint(latitude: -13.8, longitude: -171.8), population: 40_000, id: 1)
        let request = MapRequest(center: GeoPoint(latitude: -13.8, longitude: 180), zoom: 3, width: 80, height: 24)
        let map = MapRenderer.render(request, geography: nil, places: [place])
        #expect(map.contains("Apia"))
        #expect(MapRenderer.visibleBox(request).contains(place.location))
    }
}
