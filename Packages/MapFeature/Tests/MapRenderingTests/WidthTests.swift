import CoreKit
import Testing

@testable import MapRendering

@Suite("Display width and line widths")
struct WidthTests {
    static let centers: [GeoPoint] = [
        GeoPoint(latitude: 43.7, longitude: -79.42), GeoPoint(latitude: 0, longitude: 179.9),
        GeoPoint(latitude: -84, longitude: -180), GeoPoint(latitude: 89, longitude: 0),
        GeoPoint(latitude: 35.68, longitude: 139.69),
    ]

    @Test(arguments: [MapStyle.braille, .blocks])
    func everyLineIsExactlyTheWidth(style: MapStyle) throws {
        let geography = try Fixtures.geography()
        let places = [
            MapPlace(name: "東京都", location: GeoPoint(latitude: 35.68, longitude: 139.69), population: 9_000_000, id: 1),
            MapPlace(name: "横浜😀", location: GeoPoint(latitude: 35.44, longitude: 139.64), population: 3_000_000, id: 2),
            MapPlace(
                name: "Zu\u{308}rich\u{1B}[2J", location: GeoPoint(latitude: 35.9, longitude: 140.2),
                population: 400_000, id: 3),
            MapPlace(
                name: "\u{301}odd", location: GeoPoint(latitude: 36.4, longitude: 139.0), population: 300_000, id: 4),
            MapPlace(
                name: "Toronto", location: GeoPoint(latitude: 43.7, longitude: -79.42), population: 2_800_000, id: 5),
        ]
        for center in Self.centers {
            for zoom in [0, 2, 3, 5, 8, 12, 14] {
                for (width, height) in [(10, 3), (11, 5), (80, 24), (37, 9)] {
                    let marker = MapPlace(name: "北京市 Beijing", location: center, population: 0, id: 99)
                    let request = MapRequest(
                        center: center, zoom: zoom, width: width, height: height, style: style, marker: marker)
                    let map = MapRenderer.render(request, geography: geography, places: places)
                    #expect(map.lines.count == height)
                    for line in map.lines {
                        #expect(
                            DisplayWidth.columns(of: line) == width, "\(center) z\(zoom) \(width)×\(height): \(line)")
                        #expect(!line.unicodeScalars.contains { $0.properties.generalCategory == .control })
                    }
                    #expect(DisplayWidth.columns(of: map.footer) <= width)
                }
            }
        }
    }

    @Test(arguments: [MapStyle.braille, .blocks])
    func wideCharacterLabel(style: MapStyle) throws {
        let tokyo = MapPlace(
            name: "東京都", location: GeoPoint(latitude: 35.68, longitude: 139.69), population: 9_000_000, id: 1)
        let request = MapRequest(
            center: GeoPoint(latitude: 35.68, longitude: 139.5), zoom: 6, width: 40, height: 12, style: style)
        let map = MapRenderer.render(request, geography: nil, places: [tokyo])
        let row = try #require(map.lines.first { $0.contains("東京都") })
        #expect(DisplayWidth.columns(of: row) == 40)
        #expect(map.lines.allSatisfy { DisplayWidth.columns(of: $0) == 40 })
        // A wide name that would run off the right edge is skipped instead.
        let edge = MapPlace(
            name: "東京都", location: GeoPoint(latitude: 35.68, longitude: 140.3), population: 9_000_000, id: 1)
        let clipped = MapRenderer.render(request, geography: nil, places: [edge])
        #expect(!clipped.contains("東"))
        #expect(clipped.lines.allSatisfy { DisplayWidth.columns(of: $0) == 40 })
    }

}
