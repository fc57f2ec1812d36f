import Foundation
import TestSupport
import Testing

@testable import MapRendering

/// Maps of the shipped geography and the Great Lakes cities, kept as golden files: each zoom band, the
/// antimeridian, the poles, and each layer on its own. `SKYLENS_RECORD_GOLDENS=1` rewrites them (review the diff).
@Suite("Golden maps")
struct GoldenMapTests {
    static func map(
        _ latitude: Double, _ longitude: Double, zoom: Int, width: Int = 80, height: Int = 24,
        style: MapStyle = .braille, layers: MapLayers = .all, marker: String? = nil
    ) throws -> String {
        let center = GeoPoint(latitude: latitude, longitude: longitude)
        let request = MapRequest(
            center: center, zoom: zoom, width: width, height: height, style: style,
            marker: marker.map { MapPlace(name: $0, location: center, id: -1) }, layers: layers)
        let places = try Fixtures.greatLakesCities()
        return MapRenderer.render(request, geography: try Fixtures.geography(), places: places).framed
    }

    @Test(arguments: [0, 2, 4, 6, 8, 10])
    func torontoAtEveryZoomBand(zoom: Int) throws {
        Golden.assertMatches(try Self.map(43.6532, -79.3832, zoom: zoom, marker: "Toronto"), named: "toronto-z\(zoom)")
    }

    @Test(arguments: [12, 14])
    func torontoHarbourUpClose(zoom: Int) throws {
        // The city hall is 1.5 km from the water: closer zooms look at the harbour and the islands' shores.
        Golden.assertMatches(try Self.map(43.6400, -79.3800, zoom: zoom), named: "toronto-harbour-z\(zoom)")
    }

    @Test func acrossTheAntimeridian() throws {
        // Fiji and the Chukotka coast are cut at ±180° in the source: no seam, no line along the cut.
        Golden.assertMatches(try Self.map(-17.5, 179.5, zoom: 5), named: "fiji-z5")
        Golden.assertMatches(try Self.map(66, -179, zoom: 3), named: "bering-z3")
    }

    @Test func thePoles() throws {
        // Svalbard near the top edge of the projection; Antarctica's Ross Sea at the bottom, with its ice front.
        Golden.assertMatches(try Self.map(80, 20, zoom: 3), named: "svalbard-z3")
        Golden.assertMatches(try Self.map(-78, -175, zoom: 2), named: "ross-sea-z2")
    }

    @Test(arguments: MapLayers.names)
    func eachLayerOnItsOwn(name: String, layers: MapLayers) throws {
        Golden.assertMatches(try Self.map(43.2, -79.5, zoom: 7, layers: layers), named: "layer-\(name)")
    }

    @Test func theNightSideAtTheJuneSolsticeNoonInGreenwich() throws {
        // The Sun overhead at 23.44°N 0°: night beyond 90° east and west, the Arctic all day, Antarctica all night.
        let center = GeoPoint(latitude: 0, longitude: 0)
        let request = MapRequest(
            center: center, zoom: 0, width: 128, height: 64, layers: [.coast],
            night: GeoPoint(latitude: 23.44, longitude: 0))
        let map = MapRenderer.render(request, geography: try Fixtures.geography(), places: [])
        Golden.assertMatches(map.framed, named: "night-z0")
        let nightColumns = { (row: Int) in
            cells(of: map.lines[row]).enumerated().filter { $0.element == "░" }.map(\.offset)
        }
        // On the equator's row: night from about 90° east (column 96) and west (column 32) outwards.
        let equator = Contract.cell(center, center: center, zoom: 0, width: 128, height: 64).row
        #expect(nightColumns(equator).allSatisfy { $0 < 34 || $0 > 94 })
        #expect(nightColumns(equator).contains(5) && nightColumns(equator).contains(120))
        // The whole square world (64 rows, to 85°): the Arctic has the midnight sun, the far south polar night.
        #expect(nightColumns(0).isEmpty)
        #expect(nightColumns(63).count > 100)
    }

    @Test func blocks() throws {
        Golden.assertMatches(try Self.map(43.6532, -79.3832, zoom: 8, style: .blocks), named: "toronto-z8-blocks")
    }
}
