import Foundation
import Testing

@testable import MapRendering

/// The rendered shorelines against the source data (GSHHG high resolution, excerpts around Toronto and Oslo in
/// `Fixtures/gshhg-h-toronto-oslo.txt`: the points of `shared/data/geo/coast-h.txt.gz` in two boxes, with the
/// neighbour outside of each so that the segments crossing the boxes' edges are whole), through the
/// projection contract computed here independently of the renderer: every source vertex in view has a dot within a
/// dot or two of where the contract puts it, and every dot drawn lies near a source segment.
@Suite("Geometry against the source data")
struct GeometryTests {
    /// The excerpt's lines: place, GSHHG level, points.
    static func source(_ place: String) throws -> [(level: String, points: [GeoPoint])] {
        try Fixtures.text("gshhg-h-toronto-oslo", "txt").split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count >= 4, fields[0] == place else { return nil }
            let points = fields.dropFirst(2).compactMap { field -> GeoPoint? in
                let parts = field.split(separator: ",")
                guard parts.count == 2, let lon = Double(parts[0]), let lat = Double(parts[1]) else { return nil }
                return GeoPoint(latitude: lat, longitude: lon)
            }
            return (String(fields[1]), points)
        }
    }

    /// The dots set on a braille map: (x, y) from the top-left, decoded from the characters.
    static func dots(_ map: RenderedMap) -> Set<[Int]> {
        var dots: Set<[Int]> = []
        for (row, line) in map.lines.enumerated() {
            for (column, cell) in cells(of: line).enumerated() {
                guard let scalar = cell.unicodeScalars.first, (0x2801...0x28FF).contains(scalar.value) else { continue }
                let bits = UInt8(scalar.value - 0x2800)
                for (dx, column_) in DotCanvas.brailleBits.enumerated() {
                    for (dy, bit) in column_.enumerated() where bits & bit != 0 {
                        dots.insert([column * 2 + dx, row * 4 + dy])
                    }
                }
            }
        }
        return dots
    }

    static func distance(_ p: (Double, Double), _ a: (Double, Double), _ b: (Double, Double)) -> Double {
        let (abx, aby) = (b.0 - a.0, b.1 - a.1)
        let length = abx * abx + aby * aby
        let t = length == 0 ? 0 : max(0, min(1, ((p.0 - a.0) * abx + (p.1 - a.1) * aby) / length))
        return hypot(p.0 - (a.0 + t * abx), p.1 - (a.1 + t * aby))
    }

    /// The boxes the excerpts were cut to (south, north, west, east): lines leaving them are cut there, so the
    /// check of stray dots stays a little inside.
    static let boxes = ["toronto": (43.45, 43.85, -79.9, -78.9), "oslo": (59.80, 60.0, 10.45, 11.0)]

    @Test(arguments: [
        ("toronto", 43.63, -79.40, 10, 1.5), ("toronto", 43.63, -79.40, 12, 1.5), ("toronto", 43.63, -79.40, 8, 1.5),
        ("toronto", 43.63, -79.40, 6, 2.5), ("oslo", 59.90, 10.73, 11, 1.5), ("oslo", 59.90, 10.73, 13, 1.5),
    ])
    func shorelinesAreWhereTheContractPutsThem(
        place: String, latitude: Double, longitude: Double, zoom: Int, tolerance: Double
    ) throws {
        let (width, height) = (100, 30)
        let lines = try Self.source(place)
        // Centred on the source vertex nearest the point asked, so that close zooms have shore in view.
        let near = GeoPoint(latitude: latitude, longitude: longitude)
        let center = try #require(
            lines.flatMap(\.points).min { a, b in
                hypot(a.latitude - near.latitude, a.longitude - near.longitude)
                    < hypot(b.latitude - near.latitude, b.longitude - near.longitude)
            })
        let request = MapRequest(
            center: center, zoom: zoom, width: width, height: height, layers: [.coast, .lakes])
        let map = MapRenderer.render(request, geography: try Fixtures.geography(), places: [])
        let drawn = Self.dots(map)
        #expect(!lines.isEmpty)
        let box = try #require(Self.boxes[place])
        let boxLeft = Contract.dotX(longitude: box.2, center: center, zoom: zoom, width: width)
        let boxRight = Contract.dotX(longitude: box.3, center: center, zoom: zoom, width: width)
        let boxTop = Contract.dotY(latitude: box.1, center: center, zoom: zoom, height: height)
        let boxBottom = Contract.dotY(latitude: box.0, center: center, zoom: zoom, height: height)
        let margin = tolerance + 2
        let insideBox: ((Double, Double)) -> Bool = { p in
            p.0 >= boxLeft + margin && p.0 <= boxRight - margin && p.1 >= boxTop + margin && p.1 <= boxBottom - margin
        }
        let projected = lines.map { line in
            line.points.map { point in
                (
                    Contract.dotX(longitude: point.longitude, center: center, zoom: zoom, width: width),
                    Contract.dotY(latitude: point.latitude, center: center, zoom: zoom, height: height)
                )
            }
        }
        let inside: ((Double, Double)) -> Bool = { p in
            p.0 >= 2 && p.1 >= 2 && p.0 < Double(2 * width - 2) && p.1 < Double(4 * height - 2)
        }
        // Every source vertex in view has a drawn dot near it.
        var checked = 0
        for point in projected.joined() where inside(point) {
            checked += 1
            let near = drawn.contains { dot in
                hypot(Double(dot[0]) + 0.5 - point.0, Double(dot[1]) + 0.5 - point.1) <= tolerance + 0.75
            }
            #expect(near, "no dot near the source vertex at \(point), zoom \(zoom)")
        }
        #expect(checked >= 1, "no source vertex in view to test")
        // Every dot drawn inside the excerpt's box (lines beyond it are not in the excerpt) is near a source segment.
        let segments = projected.flatMap { line in zip(line, line.dropFirst()).map { ($0, $1) } }
        var stray = 0, tested = 0
        for dot in drawn {
            let p = (Double(dot[0]) + 0.5, Double(dot[1]) + 0.5)
            guard inside(p), insideBox(p) else { continue }
            tested += 1
            if !segments.contains(where: { Self.distance(p, $0.0, $0.1) <= tolerance + 0.75 }) { stray += 1 }
        }
        #expect(tested >= 20, "too few dots drawn to test: \(tested)")
        #expect(stray == 0, "\(stray) of \(tested) dots are far from every source segment at zoom \(zoom)")
    }
}
