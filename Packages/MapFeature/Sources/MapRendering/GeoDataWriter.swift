import Foundation

/// A point in world units (see `GeoUnits`); x is not wrapped, so a line crossing the antimeridian stays continuous.
public struct GeoUnitPoint: Sendable, Equatable, Hashable {
    public var x: Int64
    public var y: Int64

    public init(x: Int64, y: Int64) {
        self.x = x
        self.y = y
    }
}

/// A line of prepared geography: its points, and the zoom from which it is drawn.
public struct GeoLine: Sendable, Equatable {
    public var minZoom: Int
    public var points: [GeoUnitPoint]

    public init(minZoom: Int, points: [GeoUnitPoint]) {
        self.minZoom = minZoom
        self.points = points
    }
}

/// Writes the format `GeoData` reads (used by `make geodata` and by tests that need small maps of their own).
public struct GeoDataWriter {
    private struct PendingLevel {
        var layer: GeoLayer
        var zooms: ClosedRange<Int>
        var tileZoom: Int
        var tiles: [(key: UInt32, payload: [UInt8])]
    }

    private var levels: [PendingLevel] = []

    public init() {}

    /// Adds a level of detail: `lines` cut into tiles at `tileZoom` (0 to 15), drawn at `zooms` (within 0...255).
    public mutating func addLevel(_ layer: GeoLayer, zooms: ClosedRange<Int>, tileZoom: Int, lines: [GeoLine]) {
        precondition((0...15).contains(tileZoom) && zooms.lowerBound >= 0 && zooms.upperBound <= 255)
        levels.append(
            PendingLevel(layer: layer, zooms: zooms, tileZoom: tileZoom, tiles: Self.tiles(lines, tileZoom: tileZoom)))
    }

    /// The file's bytes.
    public func data() -> Data {
        var out: [UInt8] = GeoData.magic
        Self.put32(UInt32(levels.count), &out)
        let headerSize = out.count + levels.count * 12
        var indexOffset = headerSize
        var payloadOffset = headerSize + levels.reduce(0) { $0 + $1.tiles.count * 12 }
        var indexes: [UInt8] = []
        var payloads: [UInt8] = []
        for level in levels {
            out.append(level.layer.rawValue)
            out.append(UInt8(level.zooms.lowerBound))
            out.append(UInt8(level.zooms.upperBound))
            out.append(UInt8(level.tileZoom))
            Self.put32(UInt32(level.tiles.count), &out)
            Self.put32(UInt32(indexOffset), &out)
            indexOffset += level.tiles.count * 12
            for tile in level.tiles {
                Self.put32(tile.key, &indexes)
                Self.put32(UInt32(payloadOffset), &indexes)
                Self.put32(UInt32(tile.payload.count), &indexes)
                payloads += tile.payload
                payloadOffset += tile.payload.count
            }
        }
        return Data(out + indexes + payloads)
    }

    /// A run of consecutive segments of one line inside one tile.
    struct Run {
        var minZoom: Int
        var points: [GeoUnitPoint]
    }

    struct TileBuilder {
        var runs: [Run] = []
        /// Where the last run ended: the line, the index of its last point, the world shift applied.
        var last: (line: Int, index: Int, shift: Int64)?
    }

    /// Cuts lines into tiles: each segment goes to every tile its bounding box touches (whole, even where it runs
    /// outside), consecutive segments of a line in a tile form one run, and tiles past the world's east or west
    /// edge are stored as the tile they wrap to, their points shifted by whole worlds.
    static func tiles(_ lines: [GeoLine], tileZoom: Int) -> [(key: UInt32, payload: [UInt8])] {
        let count = Int64(1) << tileZoom
        let size = Int64(GeoUnits.unitsPerWorld) >> tileZoom
        var builders: [UInt32: TileBuilder] = [:]
        func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }
        for (lineIndex, line) in lines.enumerated() where line.points.count >= 2 {
            for i in 0..<(line.points.count - 1) {
                let a = line.points[i], b = line.points[i + 1]
                let firstX = floorDiv(min(a.x, b.x), size), lastX = floorDiv(max(a.x, b.x), size)
                let firstY = max(0, min(count - 1, floorDiv(min(a.y, b.y), size)))
                let lastY = max(0, min(count - 1, floorDiv(max(a.y, b.y), size)))
                for tx in firstX...lastX {
                    let wrapped = ((tx % count) + count) % count
                    let shift = (tx - wrapped) / count * Int64(GeoUnits.unitsPerWorld)
                    for ty in firstY...lastY {
                        let key = UInt32(wrapped) << 16 | UInt32(ty)
                        var builder = builders[key] ?? TileBuilder()
                        let end = GeoUnitPoint(x: b.x - shift, y: b.y)
                        if let last = builder.last, last.line == lineIndex, last.index == i, last.shift == shift {
                            builder.runs[builder.runs.count - 1].points.append(end)
                        } else {
                            builder.runs.append(
                                Run(minZoom: line.minZoom, points: [GeoUnitPoint(x: a.x - shift, y: a.y), end]))
                        }
                        builder.last = (lineIndex, i + 1, shift)
                        builders[key] = builder
                    }
                }
            }
        }
        return builders.keys.sorted().map { key in
            let tx = Int64(key >> 16), ty = Int64(key & 0xFFFF)
            return (key, encode(builders[key]?.runs ?? [], originX: tx * size, originY: ty * size))
        }
    }

    static func encode(_ runs: [Run], originX: Int64, originY: Int64) -> [UInt8] {
        var out: [UInt8] = []
        putVarint(UInt64(runs.count), &out)
        for run in runs {
            putVarint(UInt64(run.points.count), &out)
            out.append(UInt8(max(0, min(255, run.minZoom))))
            var x = originX, y = originY
            for point in run.points {
                putZigzag(point.x - x, &out)
                putZigzag(point.y - y, &out)
                (x, y) = (point.x, point.y)
            }
        }
        return out
    }

    static func put32(_ value: UInt32, _ out: inout [UInt8]) {
        for k in 0..<4 { out.append(UInt8(truncatingIfNeeded: value >> (8 * k))) }
    }

    static func putVarint(_ value: UInt64, _ out: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }

    static func putZigzag(_ value: Int64, _ out: inout [UInt8]) {
        putVarint(UInt64(bitPattern: (value << 1) ^ (value >> 63)), &out)
    }
}

/// Line simplification for the levels of detail.
public enum GeoSimplify {
    /// Douglas–Peucker: the points of `points` that keep every dropped point within `tolerance` (world units) of
    /// the simplified line. The first and last points stay; a closed ring keeps its farthest point as well.
    public static func douglasPeucker(_ points: [GeoUnitPoint], tolerance: Double) -> [GeoUnitPoint] {
        guard points.count > 2 else { return points }
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        var stack: [(Int, Int)] = []
        if points[0] == points[points.count - 1] {
            // A ring: split at the point farthest from its start, else every point would measure against a
            // segment of length zero.
            var far = 1
            var best = -1.0
            for i in 1..<(points.count - 1) {
                let d = distanceSquared(points[i], points[0])
                if d > best { (best, far) = (d, i) }
            }
            keep[far] = true
            stack = [(0, far), (far, points.count - 1)]
        } else {
            stack = [(0, points.count - 1)]
        }
        let limit = tolerance * tolerance
        while let (first, last) = stack.popLast() {
            guard last > first + 1 else { continue }
            var farthest = first
            var best = -1.0
            for i in (first + 1)..<last {
                let d = segmentDistanceSquared(points[i], points[first], points[last])
                if d > best { (best, farthest) = (d, i) }
            }
            if best > limit {
                keep[farthest] = true
                stack.append((first, farthest))
                stack.append((farthest, last))
            }
        }
        return points.indices.compactMap { keep[$0] ? points[$0] : nil }
    }

    static func distanceSquared(_ a: GeoUnitPoint, _ b: GeoUnitPoint) -> Double {
        let dx = Double(a.x - b.x), dy = Double(a.y - b.y)
        return dx * dx + dy * dy
    }

    static func segmentDistanceSquared(_ p: GeoUnitPoint, _ a: GeoUnitPoint, _ b: GeoUnitPoint) -> Double {
        let abx = Double(b.x - a.x), aby = Double(b.y - a.y)
        let apx = Double(p.x - a.x), apy = Double(p.y - a.y)
        let length = abx * abx + aby * aby
        guard length > 0 else { return apx * apx + apy * apy }
        let t = max(0, min(1, (apx * abx + apy * aby) / length))
        let dx = apx - t * abx, dy = apy - t * aby
        return dx * dx + dy * dy
    }
}

extension GeoUnitPoint {
    /// World units of a line's points, longitudes unwrapped so that no step is longer than half the world (a line
    /// across the antimeridian stays continuous); non-finite points are left out, any other longitude wraps.
    public static func project(_ points: [GeoPoint]) -> [GeoUnitPoint] {
        var result: [GeoUnitPoint] = []
        result.reserveCapacity(points.count)
        var previous: Double?
        for point in points where point.latitude.isFinite && point.longitude.isFinite {
            // Into -180..<180 first: a longitude of 1e300 is a point somewhere, not an overflow.
            var longitude = MapGeometry.normalizedLongitude(point.longitude)
            if let previous {
                let step = longitude - previous
                longitude = previous + step - 360 * (step / 360).rounded()
            }
            previous = longitude
            result.append(
                GeoUnitPoint(
                    x: Int64(GeoUnits.x(longitude: longitude).rounded()),
                    y: Int64(GeoUnits.y(latitude: point.latitude).rounded())))
        }
        return result
    }
}

extension GeoData {
    /// Geography made of a few lines in degrees, each drawn at every zoom, unsimplified: for tests, fuzzing and
    /// small maps of one's own.
    public static func lines(_ lines: [(layer: GeoLayer, points: [GeoPoint])], tileZoom: Int = 0) -> GeoData {
        var writer = GeoDataWriter()
        for layer in GeoLayer.allCases {
            let mine = lines.filter { $0.layer == layer }.map {
                GeoLine(minZoom: 0, points: GeoUnitPoint.project($0.points))
            }
            guard !mine.isEmpty else { continue }
            writer.addLevel(layer, zooms: 0...MapRequest.zoomRange.upperBound, tileZoom: tileZoom, lines: mine)
        }
        // The writer's own output always reads back.
        return (try? GeoData(writer.data())) ?? GeoData.empty
    }
}
