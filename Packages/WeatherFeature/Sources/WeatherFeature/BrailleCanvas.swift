/// Dots on a grid of braille characters, two across and four down in each (U+2800 + the dots' bits: the left
/// column's 1, 2, 3, 7 and the right's 4, 5, 6, 8), for the charts of the normals and the ensembles.
struct BrailleCanvas {
    /// Characters across and down.
    let columns: Int
    let rows: Int
    private var dots: [[Bool]]

    init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        dots = Array(repeating: Array(repeating: false, count: self.columns * 2), count: self.rows * 4)
    }

    /// Dots across and down.
    var width: Int { columns * 2 }
    var height: Int { rows * 4 }

    /// Sets the dot at `x` across, `y` down from the top; one outside the canvas is ignored.
    mutating func set(x: Int, y: Int) {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return }
        dots[y][x] = true
    }

    private static let bits: [[UInt32]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]

    /// The character at `column`, `row`, and whether it has no dot.
    func character(column: Int, row: Int) -> (character: String, isEmpty: Bool) {
        var value: UInt32 = 0
        for dy in 0..<4 {
            for dx in 0..<2 where dots[row * 4 + dy][column * 2 + dx] { value |= Self.bits[dy][dx] }
        }
        return (String(Character(UnicodeScalar(0x2800 + value) ?? " ")), value == 0)
    }
}
