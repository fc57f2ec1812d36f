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
        #expect(MapGeometry.mercatorY(latitude: 89) == MapGeometry.mercatorY(latitude: 85))
        #expect(MapGeometry.mercatorY(latitude: -90) == MapGeometry.mercatorY(latitude: -85))
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

    @Test func zoomZeroShowsTheWholeWorldWidth() {
        let box = MapRenderer.visibleBox(
            MapRequest(center: GeoPoint(latitude: 0, longitude: 30), zoom: 0, width: 80, height: 24))
        #expect(box.west == -180 && box.east == 180)
        // 160 × 96 dots of a 160-dot world: 0.3 of a world above and below the equator.
        let north = atan(sinh(0.3 * 2 * Double.pi)) * 180 / .pi
        #expect(abs(box.north - north) < 1e-9)
        #expect(abs(box.south + north) < 1e-9)
    }

    @Test(arguments: [MapStyle.braille, .blocks])
    func eachZoomStepHalvesTheSpanAndDotsAreSquare(style: MapStyle) {
        for zoom in 0...12 {
            let request = MapRequest(
                center: GeoPoint(latitude: 10, longitude: 20), zoom: zoom, width: 80, height: 24, style: style)
            let box = MapRenderer.visibleBox(request)
            let span = 360 / pow(2, Double(zoom))
            if zoom > 0 {
                #expect(abs(box.west - (20 - span / 2)) < 1e-9)
                #expect(abs(box.east - (20 + span / 2)) < 1e-9)
            }
            // Square dots: the Mercator height of the box over its width equals rows·4 / (columns·2) = 96/160.
            let mercatorHeight = MapGeometry.mercatorY(latitude: box.south) - MapGeometry.mercatorY(latitude: box.north)
            #expect(abs(mercatorHeight / (span / 360) - 96.0 / 160.0) < 1e-9)
        }
    }

    @Test func boxAcrossTheAntimeridian() {
        let box = MapRenderer.visibleBox(
            MapRequest(center: GeoPoint(latitude: 0, longitude: 179), zoom: 3, width: 80, height: 24))
        #expect(abs(box.west - 156.5) < 1e-9)
        #expect(abs(box.east - -158.5) < 1e-9)
        #expect(box.contains(GeoPoint(latitude: 0, longitude: -170)))
        #expect(box.contains(GeoPoint(latitude: 0, longitude: 170)))
        #expect(!box.contains(GeoPoint(latitude: 0, longitude: 0)))
        #expect(!box.contains(GeoPoint(latitude: 60, longitude: 179)))
    }

    @Test func boxReachingTheProjectionEdgeCoversThePoles() {
        let box = MapRenderer.visibleBox(
            MapRequest(center: GeoPoint(latitude: 80, longitude: 0), zoom: 1, width: 80, height: 24))
        #expect(box.north == 90)
        #expect(box.south > 0)
    }

    @Test func degenerateRequestsAreClamped() {
        let request = MapRequest(center: GeoPoint(latitude: .nan, longitude: .infinity), zoom: 99, width: 2, height: -5)
        let map = MapRenderer.render(request, outlines: [], places: [])
        #expect(map.lines.count == MapRequest.minimumHeight)
        #expect(map.lines.allSatisfy { DisplayWidth.columns(of: $0) == MapRequest.minimumWidth })
        #expect(map.footer.contains("zoom 12") || DisplayWidth.columns(of: map.footer) <= MapRequest.minimumWidth)
    }
}
