import Foundation

/// A geography layer of the map.
public enum GeoLayer: UInt8, Sendable, CaseIterable, Comparable {
    /// Sea shorelines (GSHHG levels 1 and 5: land against ocean, and the Antarctic ice front).
    case coast = 0
    /// Lake shores, and the shores of islands in lakes (GSHHG levels 2 to 4).
    case lakes = 1
    /// Rivers (WDBII).
    case rivers = 2
    /// Borders between countries (WDBII).
    case borders = 3
    /// First-level internal boundaries: states, provinces (WDBII).
    case states = 4

    public static func < (a: GeoLayer, b: GeoLayer) -> Bool { a.rawValue < b.rawValue }
}

/// Coordinates of the prepared geography: Web Mercator world units scaled to integers, `unitsPerWorld` across the
/// world (x from 180°W, y from the top, 85.0511°N), a quarter of a braille dot at zoom 14.
public enum GeoUnits {
    public static let unitsPerWorld = 1 << 24
    /// The latitude where Web Mercator's square world ends.
    public static let maxLatitude = 85.051_128_779_806_59

    /// World x (0 at 180°W, `unitsPerWorld` at 180°E) of a longitude, not wrapped.
    public static func x(longitude: Double) -> Double {
        MapGeometry.mercatorX(longitude: longitude) * Double(unitsPerWorld)
    }

    /// World y (0 at the top) of a latitude, clamped to the square world.
    public static func y(latitude: Double) -> Double {
        MapGeometry.mercatorY(latitude: latitude) * Double(unitsPerWorld)
    }
}

/// Why prepared geography could not be read.
public struct GeoDataError: Error, Equatable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}

/// The map's prepared geography (`make geodata`, see `docs/data-sources.md`): for each layer, a few levels of
/// detail, each for a band of zooms, simplified for it and cut into Web Mercator tiles, so that drawing a view
/// decodes only the tiles it touches.
///
/// The file, little-endian:
///
///     "SKYGEO1\n"
///     u32 level count; per level: u8 layer, u8 min zoom, u8 max zoom, u8 tile zoom, u32 tile count, u32 index offset
///     per level, at its index offset: per tile, sorted by key: u32 key (x << 16 | y), u32 offset, u32 length
///     tile payloads: varint line count; per line: varint point count, u8 min zoom (the line is drawn from that
///     zoom on), then the points as zigzag varints: the first relative to the tile's top-left corner, the others
///     relative to the point before.
///
/// A line can run outside its tile (the segment that leaves it is kept whole), and a line crossing several tiles is
/// in each of them. Reading never traps on a damaged file: what does not decode is left out.
public struct GeoData: Sendable {
    public struct Level: Sendable, Equatable {
        public var layer: GeoLayer
        public var zooms: ClosedRange<Int>
        public var tileZoom: Int
        public var tileCount: Int
        let indexOffset: Int
    }

    static let magic = Array("SKYGEO1\n".utf8)

    public let levels: [Level]
    private let bytes: Data

    /// Reads the header and checks that every index and payload lies inside the data.
    public init(_ data: Data) throws(GeoDataError) {
        bytes = data
        let parsed = data.withUnsafeBytes { raw in Self.parseLevels(raw) }
        guard let levels = parsed else { throw GeoDataError("not a SkyLens geography file, or a damaged one") }
        self.levels = levels
    }

    private static func parseLevels(_ raw: UnsafeRawBufferPointer) -> [Level]? {
        guard raw.count >= 12, Array(raw.prefix(8)) == magic else { return nil }
        var reader = ByteReader(raw, at: 8)
        guard let count = reader.u32(), count <= 256 else { return nil }
        var levels: [Level] = []
        for _ in 0..<count {
            guard let layerByte = reader.u8(), let layer = GeoLayer(rawValue: layerByte),
                let minZoom = reader.u8(), let maxZoom = reader.u8(), let tileZoom = reader.u8(),
                let tileCount = reader.u32(), let indexOffset = reader.u32(),
                minZoom <= maxZoom, tileZoom <= 15,
                tileCount <= (1 << (2 * Int(tileZoom))),
                Int(indexOffset) + Int(tileCount) * 12 <= raw.count
            else { return nil }
            var index = ByteReader(raw, at: Int(indexOffset))
            var previousKey = -1
            for _ in 0..<tileCount {
                guard let key = index.u32(), let offset = index.u32(), let length = index.u32(),
                    Int(key) > previousKey, Int(offset) + Int(length) <= raw.count
                else { return nil }
                previousKey = Int(key)
            }
            levels.append(
                Level(
                    layer: layer, zooms: Int(minZoom)...Int(maxZoom), tileZoom: Int(tileZoom),
                    tileCount: Int(tileCount), indexOffset: Int(indexOffset)))
        }
        return levels
    }

    /// No geography at all.
    public static let empty = GeoData(levels: [], bytes: Data())

    private init(levels: [Level], bytes: Data) {
        self.levels = levels
        self.bytes = bytes
    }

    /// Reads a file, mapped into memory rather than read (only the tiles in view are ever touched).
    public init(contentsOf url: URL) throws {
        try self.init(Data(contentsOf: url, options: .alwaysMapped))
    }

    /// The level of a layer that serves a zoom, if any.
    public func level(_ layer: GeoLayer, zoom: Int) -> Level? {
        levels.first { $0.layer == layer && $0.zooms.contains(zoom) }
    }

    /// Calls `body` for every line of a level in the tiles overlapping a rectangle of world units (x may run past
    /// either edge of the world: the tiles of the next copy of the world are then shifted by a world's width).
    /// `body` gets the line's min zoom and its points as interleaved x, y world units, shifted into the copy of the
    /// world the rectangle asked for. A line in several tiles comes once for each.
    public func forEachLine(
        in level: Level, minX: Double, minY: Double, maxX: Double, maxY: Double,
        _ body: (_ minZoom: Int, _ points: UnsafeBufferPointer<Int64>) -> Void
    ) {
        let tiles = 1 << level.tileZoom
        let tileUnits = Double(GeoUnits.unitsPerWorld >> level.tileZoom)
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite, minX <= maxX, minY <= maxY else { return }
        let firstX = Int((minX / tileUnits).rounded(.down)), lastX = Int((maxX / tileUnits).rounded(.down))
        let firstY = max(0, Int((minY / tileUnits).rounded(.down)))
        let lastY = min(tiles - 1, Int((maxY / tileUnits).rounded(.down)))
        guard firstY <= lastY, lastX - firstX < 4 * tiles else { return }
        var buffer: [Int64] = []
        let columns = lastX - firstX + 1, rows = lastY - firstY + 1
        bytes.withUnsafeBytes { raw in
            func visit(_ tx: Int, _ ty: Int, _ offset: Int, _ length: Int) {
                let wrapped = ((tx % tiles) + tiles) % tiles
                let shift = Int64(tx - wrapped) / Int64(tiles) * Int64(GeoUnits.unitsPerWorld)
                Self.decode(
                    raw, offset: offset, length: length, originX: Int64(wrapped) * Int64(tileUnits) + shift,
                    originY: Int64(ty) * Int64(tileUnits), buffer: &buffer, body)
            }
            if columns * rows <= level.tileCount {
                // A view of a few tiles: look each up.
                for tx in firstX...lastX {
                    let wrapped = ((tx % tiles) + tiles) % tiles
                    for ty in firstY...lastY {
                        guard let (offset, length) = Self.tile(raw, level, x: wrapped, y: ty) else { continue }
                        visit(tx, ty, offset, length)
                    }
                }
            } else {
                // More tiles in view than the level has: go through the level's index instead, so that the work
                // is bounded by what is stored, whatever the tile zoom says.
                for entry in 0..<level.tileCount {
                    var reader = ByteReader(raw, at: level.indexOffset + entry * 12)
                    guard let key = reader.u32(), let offset = reader.u32(), let length = reader.u32() else { return }
                    let x = Int(key >> 16), y = Int(key & 0xFFFF)
                    guard x < tiles, (firstY...lastY).contains(y) else { continue }
                    // Each copy of the tile in the x range: the tile, a world to the left or right, and so on.
                    let firstCopy = Int((Double(firstX - x) / Double(tiles)).rounded(.up))
                    let lastCopy = Int((Double(lastX - x) / Double(tiles)).rounded(.down))
                    guard firstCopy <= lastCopy else { continue }
                    for copy in firstCopy...lastCopy { visit(x + copy * tiles, y, Int(offset), Int(length)) }
                }
            }
        }
    }

    /// The payload of a tile: a binary search of the level's index.
    private static func tile(
        _ raw: UnsafeRawBufferPointer, _ level: Level, x: Int, y: Int
    ) -> (offset: Int, length: Int)? {
        let key = UInt32(x) << 16 | UInt32(y)
        var low = 0, high = level.tileCount
        while low < high {
            let middle = (low + high) / 2
            var reader = ByteReader(raw, at: level.indexOffset + middle * 12)
            guard let found = reader.u32() else { return nil }
            if found < key {
                low = middle + 1
            } else if found > key {
                high = middle
            } else {
                guard let offset = reader.u32(), let length = reader.u32() else { return nil }
                return (Int(offset), Int(length))
            }
        }
        return nil
    }

    private static func decode(
        _ raw: UnsafeRawBufferPointer, offset: Int, length: Int, originX: Int64, originY: Int64, buffer: inout [Int64],
        _ body: (Int, UnsafeBufferPointer<Int64>) -> Void
    ) {
        var reader = ByteReader(raw, at: offset, end: offset + length)
        guard let lineCount = reader.varint() else { return }
        for _ in 0..<min(lineCount, UInt64(length)) {
            guard let pointCount = reader.varint(), pointCount <= UInt64(length), let minZoom = reader.u8() else {
                return
            }
            buffer.removeAll(keepingCapacity: true)
            var x = originX, y = originY
            for _ in 0..<pointCount {
                guard let dx = reader.zigzag(), let dy = reader.zigzag() else { return }
                x &+= dx
                y &+= dy
                buffer.append(x)
                buffer.append(y)
            }
            buffer.withUnsafeBufferPointer { body(Int(minZoom), $0) }
        }
    }
}

/// Bounds-checked little-endian reads: nil past the end, never a trap.
struct ByteReader {
    let raw: UnsafeRawBufferPointer
    var offset: Int
    let end: Int

    init(_ raw: UnsafeRawBufferPointer, at offset: Int, end: Int? = nil) {
        self.raw = raw
        self.offset = offset
        self.end = min(raw.count, end ?? raw.count)
    }

    mutating func u8() -> UInt8? {
        guard offset >= 0, offset < end else { return nil }
        defer { offset += 1 }
        return raw[offset]
    }

    mutating func u32() -> UInt32? {
        guard offset >= 0, offset + 4 <= end else { return nil }
        var value: UInt32 = 0
        for k in 0..<4 { value |= UInt32(raw[offset + k]) << (8 * k) }
        offset += 4
        return value
    }

    mutating func varint() -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset >= 0, offset < end, shift < 64 {
            let byte = raw[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }

    mutating func zigzag() -> Int64? {
        guard let raw = varint() else { return nil }
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }
}
