import Foundation
import MapRendering

/// Prepares the map's geography ahead of time (`make geodata`): GSHHG shorelines and WDBII borders, first-level
/// boundaries and rivers from the workspace's `shared/data/geo`, unzipped, into one tiled file that the App maps
/// into memory and reads only where it draws. See `GeoData` for the format and `docs/data-sources.md` for the data.
///
///     GeoTool GEO_DIRECTORY OUTPUT.skygeo
@main
struct GeoTool {
    static func main() throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count == 2 else {
            FileHandle.standardError.write(Data("usage: GeoTool unzipped-geo-directory output.skygeo\n".utf8))
            exit(64)
        }
        let started = Date()
        let directory = URL(fileURLWithPath: arguments[0])
        var writer = GeoDataWriter()
        var summary: [String] = []
        var sources: [String: [SourceLine]] = [:]
        func source(_ name: String) throws -> [SourceLine] {
            if let cached = sources[name] { return cached }
            let text = try String(contentsOf: directory.appendingPathComponent("\(name).txt"), encoding: .utf8)
            let lines = SourceLine.parse(text)
            sources[name] = lines
            return lines
        }
        for plan in LevelPlan.all {
            let before = writer.data().count
            let lines = try Preparation.lines(for: plan, from: source(plan.source))
            writer.addLevel(plan.layer, zooms: plan.zooms, tileZoom: plan.tileZoom, lines: lines)
            let points = lines.reduce(0) { $0 + $1.points.count }
            summary.append(
                "\(plan.layer) z\(plan.zooms.lowerBound)-\(plan.zooms.upperBound) from \(plan.source): "
                    + "\(lines.count) lines, \(points) points, \(writer.data().count - before) bytes")
        }
        let data = writer.data()
        try data.write(to: URL(fileURLWithPath: arguments[1]))
        summary.append(
            "\(data.count) bytes in \(String(format: "%.1f", Date().timeIntervalSince(started))) s -> \(arguments[1])")
        FileHandle.standardError.write(Data((summary.joined(separator: "\n") + "\n").utf8))
    }
}

/// One level of detail to build: which source, which zooms, how it is tiled.
struct LevelPlan {
    var layer: GeoLayer
    var source: String
    var zooms: ClosedRange<Int>
    var tileZoom: Int

    /// Each source where its resolution matches the dots: GSHHG crude (≈ 25 km) while a dot is 20 km or more,
    /// low (≈ 5 km) to 10 km, intermediate (≈ 1 km) to 1.2 km, high (≈ 200 m) beyond. Tiles are a few screens
    /// wide at the level's first zoom; the world zooms have levels of their own, simplified for them (a world map
    /// is redrawn at every key too). The high resolution is kept once, for zooms 8 to 14 (a second copy
    /// simplified for zooms 8 to 10 would add 5.5 MB to save little: its points are 200 m apart, a dot at zoom 10
    /// is 150 m).
    static let all: [LevelPlan] =
        [GeoLayer.coast, .lakes].flatMap { layer in
            [
                LevelPlan(layer: layer, source: "coast-c", zooms: 0...1, tileZoom: 0),
                LevelPlan(layer: layer, source: "coast-c", zooms: 2...2, tileZoom: 0),
                LevelPlan(layer: layer, source: "coast-l", zooms: 3...4, tileZoom: 2),
                LevelPlan(layer: layer, source: "coast-i", zooms: 5...7, tileZoom: 4),
                LevelPlan(layer: layer, source: "coast-h", zooms: 8...14, tileZoom: 8),
            ]
        } + [
            LevelPlan(layer: .rivers, source: "rivers-i", zooms: 1...3, tileZoom: 1),
            LevelPlan(layer: .rivers, source: "rivers-i", zooms: 4...6, tileZoom: 3),
            LevelPlan(layer: .rivers, source: "rivers-i", zooms: 7...9, tileZoom: 4),
            LevelPlan(layer: .rivers, source: "rivers-h", zooms: 10...14, tileZoom: 7),
            LevelPlan(layer: .borders, source: "borders-i", zooms: 0...1, tileZoom: 0),
            LevelPlan(layer: .borders, source: "borders-i", zooms: 2...3, tileZoom: 1),
            LevelPlan(layer: .borders, source: "borders-i", zooms: 4...7, tileZoom: 3),
            LevelPlan(layer: .borders, source: "borders-h", zooms: 8...14, tileZoom: 6),
            LevelPlan(layer: .states, source: "states-i", zooms: 3...5, tileZoom: 2),
            LevelPlan(layer: .states, source: "states-i", zooms: 6...7, tileZoom: 3),
            LevelPlan(layer: .states, source: "states-h", zooms: 8...14, tileZoom: 6),
        ]
}

/// A line of the source text: `KIND lon,lat lon,lat …`.
struct SourceLine {
    var kind: String
    var longitudes: [Double]
    var latitudes: [Double]

    static func parse(_ text: String) -> [SourceLine] {
        var lines: [SourceLine] = []
        for row in text.split(separator: "\n") {
            let fields = row.split(separator: " ")
            guard let kind = fields.first else { continue }
            var line = SourceLine(kind: String(kind), longitudes: [], latitudes: [])
            for field in fields.dropFirst() {
                let parts = field.split(separator: ",")
                guard parts.count == 2, let lon = Double(parts[0]), let lat = Double(parts[1]) else { continue }
                line.longitudes.append(lon)
                line.latitudes.append(lat)
            }
            if line.longitudes.count >= 2 { lines.append(line) }
        }
        return lines
    }
}

enum Preparation {
    /// A river is drawn from the zoom at which it is this many dots long (its whole course, see `chainRivers`).
    static let riverDots = 40.0
    /// A shore is drawn from the zoom at which its ring is this many dots across.
    static let shoreDots = 2.0

    static func lines(for plan: LevelPlan, from source: [SourceLine]) -> [GeoLine] {
        let tolerance = 0.6 * Double(GeoUnits.unitsPerWorld) / (256 * Double(1 << plan.zooms.upperBound))
        var prepared: [(minZoom: Int, points: [GeoUnitPoint])] = []
        switch plan.layer {
        case .coast, .lakes:
            for line in source where layer(ofShoreKind: line.kind) == plan.layer {
                let projected = project(line)
                let minZoom = zoom(atWhichDots: shoreDots, span: extent(projected))
                for piece in cutArtificialEdges(line, projected) {
                    prepared.append((minZoom, piece))
                }
            }
        case .rivers:
            for course in chainRivers(source) {
                let projected = project(course)
                prepared.append((zoom(atWhichDots: riverDots, span: length(projected)), projected))
            }
        case .borders, .states:
            for line in source { prepared.append((0, project(line))) }
        }
        return prepared.compactMap { minZoom, points in
            guard minZoom <= plan.zooms.upperBound else { return nil }
            let simplified = GeoSimplify.douglasPeucker(points, tolerance: tolerance)
            guard simplified.count >= 2 else { return nil }
            return GeoLine(minZoom: max(minZoom, plan.zooms.lowerBound), points: simplified)
        }
    }

    /// GSHHG levels: 1 land, 5 Antarctic ice front (and 6, its grounding line) are the sea's shore; 2 lake,
    /// 3 island in a lake, 4 pond on such an island are lake shores. `1-E`/`1-W`: halves cut at ±180°.
    static func layer(ofShoreKind kind: String) -> GeoLayer? {
        switch kind.split(separator: "-").first {
        case "1", "5", "6": .coast
        case "2", "3", "4": .lakes
        default: nil
        }
    }

    /// World units of a line (see `GeoUnitPoint.project`).
    static func project(_ line: SourceLine) -> [GeoUnitPoint] {
        GeoUnitPoint.project(zip(line.longitudes, line.latitudes).map { GeoPoint(latitude: $1, longitude: $0) })
    }

    /// The pieces of a ring that are shore: GSHHG cuts Eurasia and Antarctica at ±180° (and Antarctica also at 0°
    /// and down to the pole) into halves closed along the cut; the edges along a cut are not shore.
    static func cutArtificialEdges(_ line: SourceLine, _ points: [GeoUnitPoint]) -> [[GeoUnitPoint]] {
        let isHalf = line.kind.hasSuffix("-E") || line.kind.hasSuffix("-W")
        guard isHalf || line.longitudes.contains(where: { abs($0) == 180 }) else { return [points] }
        func artificial(_ i: Int) -> Bool {
            let (a, b) = (i, i + 1)
            let lonA = line.longitudes[a], lonB = line.longitudes[b]
            if abs(lonA) == 180 && abs(lonB) == 180 { return true }
            if isHalf && lonA == 0 && lonB == 0 { return true }
            return line.latitudes[a] <= -89.99 && line.latitudes[b] <= -89.99
        }
        var pieces: [[GeoUnitPoint]] = []
        var current: [GeoUnitPoint] = [points[0]]
        for i in 0..<(points.count - 1) {
            if artificial(i) {
                if current.count >= 2 { pieces.append(current) }
                current = [points[i + 1]]
            } else {
                current.append(points[i + 1])
            }
        }
        if current.count >= 2 { pieces.append(current) }
        // A ring cut once starts and ends inside one piece: join the two ends.
        if pieces.count >= 2, let first = pieces.first, let last = pieces.last, last.last == first.first,
            !artificial(points.count - 2)
        {
            pieces[0] = last + first.dropFirst()
            pieces.removeLast()
        }
        return pieces
    }

    /// WDBII rivers come in pieces that meet end to end: pieces are joined wherever exactly two ends meet, so that
    /// a river's length (which decides from which zoom it is drawn) is that of its course, not of a piece.
    static func chainRivers(_ source: [SourceLine]) -> [SourceLine] {
        struct End: Hashable {
            var lon: Double
            var lat: Double
        }
        var ends: [End: [Int]] = [:]
        for (index, line) in source.enumerated() {
            guard let lon0 = line.longitudes.first, let lat0 = line.latitudes.first,
                let lon1 = line.longitudes.last, let lat1 = line.latitudes.last
            else { continue }
            ends[End(lon: lon0, lat: lat0), default: []].append(index)
            ends[End(lon: lon1, lat: lat1), default: []].append(index)
        }
        var used = [Bool](repeating: false, count: source.count)
        var courses: [SourceLine] = []
        /// The line that continues `line` at `end` (the only other line with an end there).
        func next(after index: Int, at end: End) -> Int? {
            guard let touching = ends[end], touching.count == 2 else { return nil }
            let other = touching[0] == index ? touching[1] : touching[0]
            return other == index || used[other] ? nil : other
        }
        for start in source.indices where !used[start] {
            used[start] = true
            var course = source[start]
            // Grow forwards from the last point, then backwards from the first.
            for forwards in [true, false] {
                var current = start
                while true {
                    let end =
                        forwards
                        ? End(lon: course.longitudes.last ?? 0, lat: course.latitudes.last ?? 0)
                        : End(lon: course.longitudes.first ?? 0, lat: course.latitudes.first ?? 0)
                    guard let other = next(after: current, at: end) else { break }
                    used[other] = true
                    var piece = source[other]
                    let startsHere = piece.longitudes.first == end.lon && piece.latitudes.first == end.lat
                    if forwards != startsHere {
                        piece.longitudes.reverse()
                        piece.latitudes.reverse()
                    }
                    if forwards {
                        course.longitudes += piece.longitudes.dropFirst()
                        course.latitudes += piece.latitudes.dropFirst()
                    } else {
                        course.longitudes = Array(piece.longitudes.dropLast()) + course.longitudes
                        course.latitudes = Array(piece.latitudes.dropLast()) + course.latitudes
                    }
                    current = other
                }
            }
            courses.append(course)
        }
        return courses
    }

    /// The larger side of a line's bounding box, in world units.
    static func extent(_ points: [GeoUnitPoint]) -> Double {
        guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(),
            let minY = points.map(\.y).min(), let maxY = points.map(\.y).max()
        else { return 0 }
        return Double(max(maxX - minX, maxY - minY))
    }

    /// A line's length in world units.
    static func length(_ points: [GeoUnitPoint]) -> Double {
        zip(points, points.dropFirst()).reduce(0) { sum, pair in
            sum + Double(hypot(Double(pair.1.x - pair.0.x), Double(pair.1.y - pair.0.y)))
        }
    }

    /// The first zoom (0 to 15) at which `span` world units are at least `dots` braille dots.
    static func zoom(atWhichDots dots: Double, span: Double) -> Int {
        for zoom in 0...15 where span * 256 * Double(1 << zoom) / Double(GeoUnits.unitsPerWorld) >= dots {
            return zoom
        }
        return 16
    }
}
