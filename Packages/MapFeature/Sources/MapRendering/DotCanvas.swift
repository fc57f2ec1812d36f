/// A grid of on/off dots packed into terminal cells, one bit per dot, and for each cell the ink of what set its
/// dots (the highest `MapInk` wins a shared cell).
struct DotCanvas {
    let columns: Int
    let rows: Int
    let style: MapStyle
    let dotsPerCellX: Int
    let dotsPerCellY: Int
    private(set) var cells: [UInt8]
    private(set) var inks: [UInt8]

    var dotWidth: Int { columns * dotsPerCellX }
    var dotHeight: Int { rows * dotsPerCellY }

    init(columns: Int, rows: Int, style: MapStyle) {
        self.columns = columns
        self.rows = rows
        self.style = style
        switch style {
        case .braille: (dotsPerCellX, dotsPerCellY) = (2, 4)
        case .blocks: (dotsPerCellX, dotsPerCellY) = (1, 2)
        }
        cells = Array(repeating: 0, count: columns * rows)
        inks = Array(repeating: 0, count: columns * rows)
    }

    /// Braille dot bits indexed by [x][y] inside a cell: dots 1-2-3-7 down the left column, 4-5-6-8 down the right.
    static let brailleBits: [[UInt8]] = [
        [0x01, 0x02, 0x04, 0x40],
        [0x08, 0x10, 0x20, 0x80],
    ]

    /// `brailleBits[x][y]` by arithmetic (a drawn map sets hundreds of thousands of dots; the nested array would be
    /// retained and released for each).
    @inline(__always) static func brailleBit(x: Int, y: Int) -> UInt8 {
        let row: UInt8 = y < 3 ? UInt8(1) << UInt8(y) : 0x40
        return x == 0 ? row : (y < 3 ? row << 3 : 0x80)
    }

    /// Sets one dot; dots off the canvas are ignored.
    mutating func set(x: Int, y: Int, ink: MapInk = .coast) {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return }
        let cellX = x / dotsPerCellX, cellY = y / dotsPerCellY
        let bit: UInt8
        switch style {
        case .braille: bit = Self.brailleBit(x: x & 1, y: y & 3)
        case .blocks: bit = y % 2 == 0 ? 1 : 2
        }
        let index = cellY * columns + cellX
        cells[index] |= bit
        if inks[index] < ink.rawValue { inks[index] = ink.rawValue }
    }

    /// Whether a cell has any dot set.
    func isSet(column: Int, row: Int) -> Bool {
        cells[row * columns + column] != 0
    }

    /// The ink of a cell (`.none` when empty).
    func ink(column: Int, row: Int) -> MapInk {
        MapInk(rawValue: inks[row * columns + column]) ?? .none
    }

    /// Draws a straight line between two dot positions (any finite values), clipped to the canvas.
    mutating func line(from a: (x: Double, y: Double), to b: (x: Double, y: Double), ink: MapInk = .coast) {
        // Liang–Barsky clipping against a rectangle one dot larger than the canvas on every side,
        // so that rounding never pulls a visible end inside from far away.
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return }
        let maxX = Double(dotWidth), maxY = Double(dotHeight)
        // Most segments of a map lie wholly inside it or wholly beyond one side: no clipping for either.
        if a.x >= 0, a.y >= 0, b.x >= 0, b.y >= 0, a.x < maxX, a.y < maxY, b.x < maxX, b.y < maxY {
            bresenham(Int(a.x), Int(a.y), Int(b.x), Int(b.y), ink: ink)
            return
        }
        if (a.x < -1 && b.x < -1) || (a.y < -1 && b.y < -1) || (a.x > maxX && b.x > maxX) || (a.y > maxY && b.y > maxY)
        {
            return
        }
        let minX = -1.0, minY = -1.0
        let dx = b.x - a.x, dy = b.y - a.y
        var t0 = 0.0, t1 = 1.0
        /// Narrows [t0, t1] to one edge's inside; false when nothing is left.
        func clip(_ p: Double, _ q: Double) -> Bool {
            if p == 0 { return q >= 0 }
            let r = q / p
            if p < 0 {
                if r > t1 { return false }
                if r > t0 { t0 = r }
            } else {
                if r < t0 { return false }
                if r < t1 { t1 = r }
            }
            return true
        }
        guard clip(-dx, a.x - minX), clip(dx, maxX - a.x), clip(-dy, a.y - minY), clip(dy, maxY - a.y) else { return }
        let x0 = Self.dotIndex(a.x + t0 * dx, limit: maxX), y0 = Self.dotIndex(a.y + t0 * dy, limit: maxY)
        let x1 = Self.dotIndex(a.x + t1 * dx, limit: maxX), y1 = Self.dotIndex(a.y + t1 * dy, limit: maxY)
        bresenham(x0, y0, x1, y1, ink: ink)
    }

    /// Floor of a clipped coordinate, kept within -1...limit against rounding errors.
    private static func dotIndex(_ v: Double, limit: Double) -> Int {
        guard v.isFinite else { return -1 }
        return Int(min(max(v, -1), limit).rounded(.down))
    }

    private mutating func bresenham(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, ink: MapInk) {
        var x = x0, y = y0
        let dx = abs(x1 - x0), dy = -abs(y1 - y0)
        let sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1
        var err = dx + dy
        while true {
            set(x: x, y: y, ink: ink)
            if x == x1 && y == y1 { return }
            let e2 = 2 * err
            if e2 >= dy { err += dy; x += sx }
            if e2 <= dx { err += dx; y += sy }
        }
    }

    /// The character for a cell's dots: a space when empty, else a braille pattern or a half block.
    func glyph(column: Int, row: Int) -> Character {
        var bytes: [UInt8] = []
        appendGlyph(column: column, row: row, to: &bytes)
        return Character(String(decoding: bytes, as: UTF8.self))
    }

    /// Appends the UTF-8 of `glyph(column:row:)` (the renderer builds each line as bytes).
    func appendGlyph(column: Int, row: Int, to bytes: inout [UInt8]) {
        let bits = cells[row * columns + column]
        if bits == 0 {
            bytes.append(0x20)
            return
        }
        switch style {
        case .braille:
            // U+2800 + bits: E2, A0 + the top two bits, 80 + the low six.
            bytes.append(0xE2)
            bytes.append(0xA0 | bits >> 6)
            bytes.append(0x80 | bits & 0x3F)
        case .blocks:
            // ▀ U+2580, ▄ U+2584, █ U+2588.
            bytes.append(0xE2)
            bytes.append(0x96)
            switch bits {
            case 1: bytes.append(0x80)
            case 2: bytes.append(0x84)
            default: bytes.append(0x88)
            }
        }
    }
}
