import CoreKit
import Testing

@testable import MapRendering

@Suite("Toronto smoke test")
struct TorontoTests {
    static let center = GeoPoint(latitude: 43.70, longitude: -79.42)

    static func toronto(in places: [MapPlace]) throws -> MapPlace {
        try #require(places.filter { $0.name == "Toronto" }.max { $0.population < $1.population })
    }

    @Test(arguments: [MapStyle.braille, .blocks])
    func torontoAtZoomFive(style: MapStyle) throws {
        let geography = try Fixtures.geography()
        let all = try Fixtures.greatLakesCities()
        let marker = try Self.toronto(in: all)
        #expect(marker.id == 6_167_865)
        let request = MapRequest(center: Self.center, zoom: 5, width: 80, height: 24, style: style, marker: marker)
        let box = MapRenderer.visibleBox(request)
        let places = all.filter { box.contains($0.location) }
        let map = MapRenderer.render(request, geography: geography, places: places)
        print("Toronto, zoom 5, \(style), \(places.count) places in \(box):\n" + map.framed)
        #expect(map.contains("◉ Toronto"))
        #expect(map.lines.count == 24)
        #expect(map.lines.allSatisfy { DisplayWidth.columns(of: $0) == 80 })
        // The marker sits in the centre cell (Toronto is 0.02° from the centre).
        let row = try #require(map.lines.firstIndex { $0.contains("◉") })
        #expect(row == 11 || row == 12)
        #expect(map.footer.hasPrefix("43.70°N 79.42°W · zoom 5"))
    }

    @Test func torontoIsLabelledByPopulationWithoutMarker() throws {
        let places = try Fixtures.greatLakesCities()
        let request = MapRequest(center: Self.center, zoom: 5, width: 80, height: 24)
        let map = MapRenderer.render(request, geography: try Fixtures.geography(), places: places)
        #expect(map.contains(" Toronto"))
        #expect(!map.contains("◉"))
    }

    @Test(arguments: [4, 6, 7])
    func otherZooms(zoom: Int) throws {
        let geography = try Fixtures.geography()
        let all = try Fixtures.greatLakesCities()
        let request = MapRequest(
            center: Self.center, zoom: zoom, width: 80, height: 24, marker: try Self.toronto(in: all))
        let box = MapRenderer.visibleBox(request)
        let map = MapRenderer.render(request, geography: geography, places: all.filter { box.contains($0.location) })
        print("Toronto, zoom \(zoom), braille:\n" + map.framed)
        #expect(map.contains("◉ Toronto"))
    }
}
