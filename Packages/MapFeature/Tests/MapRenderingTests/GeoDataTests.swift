import Foundation
import Testing

@testable import MapRendering

@Suite("Prepared geography: the tiled format")
struct GeoDataTests {
    static let world = Int64(GeoUnits.unitsPerWorld)

    /// Every line of a level over the whole world (and one world either side), as point lists.
    static func allLines(_ geography: GeoData, _ level: GeoData.Level) -> [[GeoUnitPoint]] {
        var lines: [[GeoUnitPoint]] = []
        let world = Double(GeoUnits.unitsPerWorld)
        geography.forEachLine(in: level, minX: 0, minY: 0, maxX: world - 1, maxY: world - 1) { _, points in
            lines.append(
                stride(from: 0, to: points.count, by: 2).map { GeoUnitPoint(x: points[$0], y: points[$0 + 1]) })
        }
        return lines
    }

    @Test func aLineInOneTileReadsBackExactly() throws {
        var writer = GeoDataWriter()
        let points = [
            GeoUnitPoint(x: 100, y: 200), GeoUnitPoint(x: 5_000, y: 150), GeoUnitPoint(x: 4_000, y: 90_000),
        ]
        writer.addLevel(.rivers, zooms: 3...9, tileZoom: 4, lines: [GeoLine(minZoom: 5, points: points)])
        let geography = try GeoData(writer.data())
        let level = try #require(geography.level(.rivers, zoom: 9))
        #expect(level.zooms == 3...9 && level.tileZoom == 4 && level.tileCount == 1)
        #expect(geography.level(.rivers, zoom: 10) == nil && geography.level(.coast, zoom: 5) == nil)
        var seen: [(Int, [Int64])] = []
        geography.forEachLine(in: level, minX: 0, minY: 0, maxX: 10, maxY: 10) { seen.append(($0, Array($1))) }
        #expect(seen.count == 1)
        #expect(seen.first?.0 == 5)
        #expect(seen.first?.1 == [100, 200, 5_000, 150, 4_000, 90_000])
    }

    @Test func aLineAcrossTilesIsInEachWithTheSegmentThatCrosses() throws {
        // Tile zoom 1: four tiles of half a world. A line from the top-left tile into the top-right one.
        let half = Self.world / 2
        let line = [
            GeoUnitPoint(x: half - 10, y: 100), GeoUnitPoint(x: half + 10, y: 100), GeoUnitPoint(x: half + 20, y: 120),
        ]
        var writer = GeoDataWriter()
        writer.addLevel(.borders, zooms: 0...14, tileZoom: 1, lines: [GeoLine(minZoom: 0, points: line)])
        let geography = try GeoData(writer.data())
        let level = try #require(geography.level(.borders, zoom: 0))
        #expect(level.tileCount == 2)
        var left: [[Int64]] = [], right: [[Int64]] = []
        geography.forEachLine(in: level, minX: 0, minY: 0, maxX: Double(half - 1), maxY: 1_000) {
            left.append(Array($1))
        }
        geography.forEachLine(in: level, minX: Double(half), minY: 0, maxX: Double(half + 100), maxY: 1_000) {
            right.append(Array($1))
        }
        #expect(left == [[half - 10, 100, half + 10, 100]])
        #expect(right == [[half - 10, 100, half + 10, 100, half + 20, 120]])
    }

    @Test func aLineAcrossTheAntimeridianIsStoredInTheTileItWrapsTo() throws {
        // From 179°E to 179°W, unwrapped: x runs past the world's east edge.
        let line = GeoUnitPoint.project([GeoPoint(latitude: 0, longitude: 179), GeoPoint(latitude: 0, longitude: -179)])
        #expect(line[1].x > Self.world)
        var writer = GeoDataWriter()
        writer.addLevel(.coast, zooms: 0...14, tileZoom: 3, lines: [GeoLine(minZoom: 0, points: line)])
        let geography = try GeoData(writer.data())
        let level = try #require(geography.level(.coast, zoom: 0))
        #expect(level.tileCount == 2)  // the easternmost tile, and the westernmost it wraps to
        // Asked for the view around 180°E, or around 180°W a world to the left: the same line, shifted.
        var east: [[Int64]] = [], west: [[Int64]] = []
        let y = Double(Self.world / 2)
        geography.forEachLine(
            in: level, minX: Double(Self.world) - 100, minY: y - 1, maxX: Double(Self.world) + 100, maxY: y + 1
        ) {
            east.append(Array($1))
        }
        geography.forEachLine(in: level, minX: -100, minY: y - 1, maxX: 100, maxY: y + 1) { west.append(Array($1)) }
        #expect(east.count == 2 && west.count == 2)
        #expect(east.allSatisfy { $0 == [line[0].x, line[0].y, line[1].x, line[1].y] })
        #expect(west.allSatisfy { $0 == [line[0].x - Self.world, line[0].y, line[1].x - Self.world, line[1].y] })
    }

    @Test func damagedFilesAreRefusedOrReadWithoutTrapping() throws {
        var writer = GeoDataWriter()
        let lines = (0..<8).map { i in
            GeoLine(
                minZoom: i % 5,
                points: (0..<30).map { GeoUnitPoint(x: Int64(i * 7_919 + $0 * 50_000), y: Int64($0 * 31_337)) })
        }
        writer.addLevel(.coast, zooms: 0...4, tileZoom: 3, lines: lines)
        writer.addLevel(.lakes, zooms: 5...14, tileZoom: 6, lines: lines)
        let good = writer.data()
        #expect(throws: GeoDataError.self) { try GeoData(Data("SKYGEO0\n\u{0}\u{0}\u{0}\u{0}".utf8)) }
        #expect(throws: GeoDataError.self) { try GeoData(good.prefix(20)) }
        // Truncations, and a byte damaged at every third offset: refused, or read with whatever decodes.
        var generator = SystemRandomNumberGenerator()
        for cut in stride(from: 0, to: good.count, by: 7) {
            if let geography = try? GeoData(good.prefix(cut)) {
                for level in geography.levels { _ = Self.allLines(geography, level) }
            }
        }
        for offset in stride(from: 0, to: good.count, by: 3) {
            var damaged = good
            damaged[offset] ^= UInt8.random(in: 1...255, using: &generator)
            if let geography = try? GeoData(damaged) {
                for level in geography.levels { _ = Self.allLines(geography, level) }
            }
        }
    }

    @Test func anyFiniteLongitudeWraps() {
        // Found by FuzzMapRenderer: 1e300 overflowed the conversion to world units.
        let points = GeoUnitPoint.project([
            GeoPoint(latitude: 10, longitude: 1e300), GeoPoint(latitude: 10, longitude: -1e300),
            GeoPoint(latitude: 95, longitude: 540), GeoPoint(latitude: .nan, longitude: 0),
        ])
        #expect(points.count == 3)
        #expect(points.allSatisfy { abs($0.x) <= 2 * Self.world && (0...Self.world).contains($0.y) })
        #expect(points[2].x % Self.world == 0 && points[2].y == 0)  // 540° is 180°; 95°N is the top edge
    }

    @Test func douglasPeuckerKeepsEveryPointWithinTheTolerance() {
        // A zigzag of amplitude 3 along a straight line: tolerance 5 keeps only the ends; with 1, every point
        // dropped is within 1 of the simplified line, and some are kept.
        let zigzag = (0...20).map { GeoUnitPoint(x: Int64($0 * 10), y: $0 % 2 == 0 ? 0 : 3) }
        #expect(GeoSimplify.douglasPeucker(zigzag, tolerance: 5) == [zigzag[0], zigzag[20]])
        let kept = GeoSimplify.douglasPeucker(zigzag, tolerance: 1)
        #expect(kept.count > 2 && kept.first == zigzag[0] && kept.last == zigzag[20])
        for point in zigzag {
            let nearest = zip(kept, kept.dropFirst()).map { GeoSimplify.segmentDistanceSquared(point, $0, $1) }.min()
            #expect((nearest ?? .infinity) <= 1, "\(point)")
        }
        // A closed square keeps its corners.
        let square = [
            GeoUnitPoint(x: 0, y: 0), GeoUnitPoint(x: 50, y: 0), GeoUnitPoint(x: 100, y: 0),
            GeoUnitPoint(x: 100, y: 100),
            GeoUnitPoint(x: 0, y: 100), GeoUnitPoint(x: 0, y: 0),
        ]
        #expect(
            GeoSimplify.douglasPeucker(square, tolerance: 1)
                == [square[0], square[2], square[3], square[4], square[5]])
    }

    @Test func theShippedFileHasEveryLayerAtEveryZoom() throws {
        let geography = try Fixtures.geography()
        for zoom in MapRequest.zoomRange {
            for layer in [GeoLayer.coast, .lakes, .borders] {
                #expect(geography.level(layer, zoom: zoom) != nil, "\(layer) at zoom \(zoom)")
            }
            #expect((geography.level(.rivers, zoom: zoom) != nil) == (zoom >= 1))
            #expect((geography.level(.states, zoom: zoom) != nil) == (zoom >= 3))
        }
    }
}
