import CoreKit
import Foundation
import Testing

@testable import MapRendering

@Suite("Projection and visible box")
struct ProjectionTests {
    @Test func mercatorBasics() {
        #expect(MapGeometry.mercatorY(latitude: 0) == 0.5)
        #expect(MapGeometry.mercatorX(longitude: -180) == 0)
        #expect(MapGeometry.mercatorX(longitude: 0) == 0.5)
        // Latitudes beyond ±85° are clamped.
        #expect(abs(MapGeometry.mercatorY(latitude: 89)) < 1e-12)
        #expect(abs(MapGeometry.mercatorY(latitude: -90) - 1) < 1e-12)
        // y = ln(tan(π/4 + φ/2)), scaled so that one world is 1 wide.
        let phi = 43.7 * Double.pi / 180
        #expect(abs(MapGeometry.mercatorY(latitude: 43.7) - (0.5 - log(tan(.pi / 4 + phi / 2)) / (2 * .pi))) < 1e-12)
        for lat in stride(from: -85.0, through: 85, by: 5) {
            #expect(abs(MapGeometry.latitude(mercatorY: MapGeometry.mercatorY(latitude: lat)) - lat) < 1e-9)
        }
    }

    @Test func longitudeNormalisation() {
        #expect(MapGeometry.normalizedLongitude(190) == -170)
        #expect(MapGeometry.normalizedLongitude(-190) == 170)
        #expect(MapGeometry.normalizedLongitude(540) == -180)
        #expect(MapGeometry.normalizedLongitude(.nan) == 0)
    }

    @Test func zoomZeroIs128ColumnsRoundTheWorld() {
        let box = MapRenderer.visibleBox(
            MapRequest(center: GeoPoint(latitude: 0, longitude: 30), zoom: 0, width: 128, height: 24))
        #expect(box.west == -180 && box.east == 180)
        // 256 × 96 dots of a 256-dot world: 48/256 of a world above and below the equator.
        let north = atan(sinh(48.0 / 256 * 2 * Double.pi)) * 180 / .pi
        #expect(abs(box.north - north) < 1e-9)
        #expect(abs(box.south + north) < 1e-9)
    }

    @Test(arguments: [MapStyle.braille, .blocks])
    func eachZoomStepHalvesTheSpanAndDotsAreSquare(style: MapStyle) {
        for zoom in 0...14 {
            let request = MapRequest(
                center: GeoPoint(latitude: 10, longitude: 20), zoom: zoom, width: 80, height: 24, style: style)
            let box = MapRenderer.visibleBox(request)
            // 80 of the world's 128 · 2^zoom columns, whichever the style.
            let span = 360 * 80 / (128 * pow(2, Double(zoom)))
            #expect(abs(box.west - (20 - span / 2)) < 1e-9)
            #expect(abs(box.east - (20 + span / 2)) < 1e-9)
            // Square dots: the Mercator height of the box over its width equals rows·4 / (columns·2) = 96/160.
            let mercatorHeight = MapGeometry.mercatorY(latitude: box.south) - MapGeometry.mercatorY(latitude: box.north)
            #expect(abs(mercatorHeight / (span / 360) - 96.0 / 160.0) < 1e-9)
        }
    }

    @Test func boxAcrossTheAntimeridian() {
        let box = MapRenderer.visibleBox(
            MapRequest(center: GeoPoint(latitude: 0, longitude: 179), zoom: 3, width: 80, height: 24))
        // 80 of 1,024 columns: 28.125° wide.
        #expect(abs(box.west - 164.9375) < 1e-9)
        #expect(abs(box.east - -166.9375) < 1e-9)
        #expect(box.contains(GeoPoint(latitude: 0, longitude: -170)))
        #expect(box.contains(GeoPoint(latitude: 0, longitude: 170)))
        #expect(!box.contains(GeoPoint(latitude: 0, longitude: 0)))
        #expect(!box.contains(GeoPoint(latitude: 60, longitude: 179)))
    }

    @Test func boxReachingTheProjectionEdgeCoversThePoles() {
        let box = MapRenderer.visibleBox(
            MapRequest(center: GeoPoint(latitude: 80, longitude: 0), zoom: 0, width: 80, height: 24))
        #expect(box.north == 90)
        #expect(box.south > 0)
    }

    @Test func degenerateRequestsAreClamped() {
        let request = MapRequest(center: GeoPoint(latitude: .nan, longitude: .infinity), zoom: 99, width: 2, height: -5)
        let map = MapRenderer.render(request, geography: nil, places: [])
        #expect(map.lines.count == MapRequest.minimumHeight)
        #expect(map.lines.allSatisfy { DisplayWidth.columns(of: $0) == MapRequest.minimumWidth })
        #expect(map.footer.contains("zoom 14") || DisplayWidth.columns(of: map.footer) <= MapRequest.minimumWidth)
    }
}
