import Foundation

/// The IANA time zone of every 0.1° cell of the globe, from time-zone boundaries (timezonefinder's data, see
/// `docs/data-sources.md`): the zone of coordinates that are not a listed place. `Etc/GMT±N` where the boundaries say
/// open sea.
///
/// The file (`timezones.skytz`, made by `make catalogue`): magic `SKYTZ001`, the zone count (u32), the zone names
/// (u32 × (count + 1) starts, then the UTF-8 blob), then for each of the 1,800 bands of latitude from 89.95° down to
/// −89.95° where its runs start (u32 × 1,801), then the runs (u32 each: the first column << 16 | the zone's index),
/// columns counted from −179.95° eastwards. Each band is a handful of runs, so the file is about 300 KB.
public struct TimeZoneGrid: Sendable {
    static let magic = Array("SKYTZ001".utf8)
    public static let rows = 1_800
    public static let columns = 3_600

    public let zones: [String]
    private let rowStarts: [UInt32]
    private let runs: [UInt32]

    /// Reads a grid file; nil when it is not one or is damaged.
    public init?(data: Data) {
        let bytes = [UInt8](data)
        func u32(_ offset: Int) -> UInt32? {
            guard offset >= 0, offset + 4 <= bytes.count else { return nil }
            return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
                | UInt32(bytes[offset + 3]) << 24
        }
        guard bytes.count >= 12, Array(bytes.prefix(8)) == Self.magic, let zoneCount = u32(8).map(Int.init),
            zoneCount > 0, zoneCount < 65_536
        else { return nil }
        var offset = 12
        var starts: [Int] = []
        for index in 0...zoneCount {
            guard let start = u32(offset + 4 * index) else { return nil }
            starts.append(Int(start))
        }
        offset += 4 * (zoneCount + 1)
        let blob = offset
        guard let last = starts.last, blob + last <= bytes.count else { return nil }
        var zones: [String] = []
        for index in 0..<zoneCount {
            guard starts[index] <= starts[index + 1] else { return nil }
            zones.append(String(decoding: bytes[(blob + starts[index])..<(blob + starts[index + 1])], as: UTF8.self))
        }
        offset = (blob + last + 3) / 4 * 4
        var rowStarts: [UInt32] = []
        for index in 0...Self.rows {
            guard let start = u32(offset + 4 * index) else { return nil }
            rowStarts.append(start)
        }
        offset += 4 * (Self.rows + 1)
        let runCount = Int(rowStarts[Self.rows])
        guard offset + 4 * runCount == bytes.count else { return nil }
        var runs: [UInt32] = []
        runs.reserveCapacity(runCount)
        for index in 0..<runCount {
            guard let run = u32(offset + 4 * index), Int(run & 0xFFFF) < zoneCount, Int(run >> 16) < Self.columns else {
                return nil
            }
            runs.append(run)
        }
        // Every band starts at column 0 and its runs go east.
        for row in 0..<Self.rows {
            let low = Int(rowStarts[row]), high = Int(rowStarts[row + 1])
            guard low < high, high <= runCount, runs[low] >> 16 == 0 else { return nil }
            for index in (low + 1)..<high where runs[index] >> 16 <= runs[index - 1] >> 16 { return nil }
        }
        self.zones = zones
        self.rowStarts = rowStarts
        self.runs = runs
    }

    /// The cell of a point: its band (0 at the north) and column (0 at −180°).
    static func cell(latitude: Double, longitude: Double) -> (row: Int, column: Int) {
        // Anything but a finite point is the cell at 0°, 0° (never a trap on the way to an index).
        let latitude = latitude.isFinite ? min(90, max(-90, latitude)) : 0
        let longitude = longitude.isFinite ? longitude : 0
        let row = min(rows - 1, max(0, Int(((90 - latitude) * 10).rounded(.down))))
        var lon = longitude.truncatingRemainder(dividingBy: 360)
        if lon >= 180 { lon -= 360 }
        if lon < -180 { lon += 360 }
        let column = min(columns - 1, max(0, Int(((lon + 180) * 10).rounded(.down))))
        return (row, column)
    }

    /// The zone of the cell at a point.
    public func zone(latitude: Double, longitude: Double) -> String {
        let (row, column) = Self.cell(latitude: latitude, longitude: longitude)
        return zone(row: row, column: column)
    }

    func zone(row: Int, column: Int) -> String {
        var low = Int(rowStarts[row]), high = Int(rowStarts[row + 1])
        // The last run that starts at or before the column.
        while high - low > 1 {
            let middle = (low + high) / 2
            if Int(runs[middle] >> 16) <= column { low = middle } else { high = middle }
        }
        return zones[Int(runs[low] & 0xFFFF)]
    }

    /// True for the zones the boundaries give the open sea (`Etc/GMT-9`).
    public static func isSea(_ zone: String) -> Bool { zone.hasPrefix("Etc/") }

    /// True when a cell within `kilometres` of the point is land (not open sea by the boundaries): the point is near
    /// a coast.
    public func isNearLand(latitude: Double, longitude: Double, kilometres: Double) -> Bool {
        guard latitude.isFinite, longitude.isFinite, kilometres.isFinite, kilometres >= 0, kilometres <= 500 else {
            return false
        }
        let degreesOfLatitude = kilometres / 111.2
        let degreesOfLongitude = min(180, degreesOfLatitude / max(0.01, cos(latitude * .pi / 180)))
        let (centreRow, centreColumn) = Self.cell(latitude: latitude, longitude: longitude)
        let rowReach = Int((degreesOfLatitude * 10).rounded(.up)) + 1
        let columnReach = min(Self.columns / 2, Int((degreesOfLongitude * 10).rounded(.up)) + 1)
        for row in max(0, centreRow - rowReach)...min(Self.rows - 1, centreRow + rowReach) {
            let cellLatitude = 89.95 - Double(row) / 10
            for offset in -columnReach...columnReach {
                let column = ((centreColumn + offset) % Self.columns + Self.columns) % Self.columns
                guard !Self.isSea(zone(row: row, column: column)) else { continue }
                let cellLongitude = -179.95 + Double(column) / 10
                // The nearest point of the cell (within half a cell of its centre) counts.
                let distance = Geo.distance(
                    latitude1: latitude, longitude1: longitude, latitude2: cellLatitude, longitude2: cellLongitude)
                if distance - 8 <= kilometres { return true }
            }
        }
        return false
    }

    /// Reads `tz-grid.txt` (a comment line, the zone names, then a line per band of runs `INDEX*COUNT` or `INDEX`)
    /// into a grid file's bytes; nil when the text is not such a grid.
    public static func file(fromText text: String) -> Data? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
        guard lines.next()?.hasPrefix("#") == true, let zoneLine = lines.next() else { return nil }
        let zones = zoneLine.split(separator: " ").map(String.init)
        guard !zones.isEmpty, zones.count < 65_536 else { return nil }
        var rowStarts: [UInt32] = [0]
        var runs: [UInt32] = []
        for _ in 0..<rows {
            guard let line = lines.next() else { return nil }
            var column = 0
            var previous = -1
            for item in line.split(separator: " ") {
                let parts = item.split(separator: "*", omittingEmptySubsequences: false)
                guard (1...2).contains(parts.count), let index = Int(parts[0]), index >= 0, index < zones.count,
                    let count = parts.count > 1 ? Int(parts[1]) : 1, count > 0, count <= columns - column
                else { return nil }
                if index != previous { runs.append(UInt32(column) << 16 | UInt32(index)) }
                previous = index
                column += count
            }
            guard column == columns else { return nil }
            rowStarts.append(UInt32(runs.count))
        }
        var data = Data(magic)
        func append(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        append(UInt32(zones.count))
        var blob = Data()
        var starts: [UInt32] = [0]
        for zone in zones {
            blob.append(contentsOf: zone.utf8)
            starts.append(UInt32(blob.count))
        }
        starts.forEach(append)
        data.append(blob)
        while data.count % 4 != 0 { data.append(0) }
        rowStarts.forEach(append)
        runs.forEach(append)
        return data
    }
}
