import CoreKit
import Testing

@testable import MapRendering

@Suite("Footer")
struct FooterTests {
    static let toronto = GeoPoint(latitude: 43.70, longitude: -79.42)

    @Test(arguments: [MapStyle.braille, .blocks])
    func fullFooter(style: MapStyle) {
        // Zoom 5: a cell is 360°/(128 · 2^5) of longitude in both styles, ≈ 7.07 km at 43.7°N.
        let request = MapRequest(center: Self.toronto, zoom: 5, width: 80, height: 24, style: style)
        let footer = MapRenderer.render(request, geography: nil, places: []).footer
        #expect(footer == "43.70°N 79.42°W · zoom 5 · 1 cell ≈ 7.1 km · ├─────┤ 50 km")
    }

    @Test func hemispheresAndRounding() {
        #expect(Footer.coordinates(GeoPoint(latitude: -33.868, longitude: 151.209)) == "33.87°S 151.21°E")
        #expect(Footer.coordinates(GeoPoint(latitude: -0.001, longitude: 0.004)) == "0.00°N 0.00°E")
        #expect(Footer.coordinates(GeoPoint(latitude: 5.05, longitude: -0.5)) == "5.05°N 0.50°W")
    }

    @Test func distances() {
        #expect(Footer.distance(km: 11.32) == "11 km")
        #expect(Footer.distance(km: 5.66) == "5.7 km")
        #expect(Footer.distance(km: 2) == "2 km")
        #expect(Footer.distance(km: 0.088) == "88 m")
    }

    @Test func scaleBarIsRoundAndAtMostTwelveCells() throws {
        for kmPerCell in [0.0009, 0.013, 0.4, 1, 3.3, 11.32, 57, 362, 500] {
            let bar = try #require(Footer.scaleBar(kmPerCell: kmPerCell))
            let parts = bar.split(separator: " ", maxSplits: 1)
            let cells = DisplayWidth.columns(of: parts[0])
            #expect((2...Footer.maxBarCells).contains(cells), "\(bar)")
            let label = String(parts[1])
            #expect(
                ["1", "2", "5"].contains(String(label.prefix(1)))
                    && label.dropFirst().allSatisfy { "0 kmm".contains($0) }, "\(label)")
        }
        #expect(Footer.scaleBar(kmPerCell: 0) == nil)
        #expect(Footer.scaleBar(kmPerCell: .nan) == nil)
    }

    @Test func footerFitsNarrowWidths() {
        for width in [10, 11, 15, 20, 30, 40, 50, 60] {
            for zoom in [0, 5, 12] {
                for center in [Self.toronto, GeoPoint(latitude: -84.99, longitude: -179.99)] {
                    let request = MapRequest(center: center, zoom: zoom, width: width, height: 3)
                    let footer = MapRenderer.render(request, geography: nil, places: []).footer
                    #expect(DisplayWidth.columns(of: footer) <= width, "\(width): \(footer)")
                    #expect(!footer.isEmpty)
                }
            }
        }
        let narrow = MapRenderer.render(
            MapRequest(center: Self.toronto, zoom: 5, width: 10, height: 3), geography: nil, places: [])
        #expect(narrow.footer == "zoom 5")
        let medium = MapRenderer.render(
            MapRequest(center: Self.toronto, zoom: 5, width: 45, height: 3), geography: nil, places: [])
        #expect(medium.footer == "43.70°N 79.42°W · zoom 5 · 1 cell ≈ 7.1 km")
    }
}
