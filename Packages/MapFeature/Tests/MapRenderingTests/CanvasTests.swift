import Testing

@testable import MapRendering

@Suite("Dot canvas")
struct CanvasTests {
    @Test func brailleDotBits() {
        // (x, y) inside the cell → Unicode braille dot number → bit.
        let expected: [(x: Int, y: Int, bit: UInt32)] = [
            (0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (1, 0, 0x08),
            (1, 1, 0x10), (1, 2, 0x20), (0, 3, 0x40), (1, 3, 0x80),
        ]
        for dot in expected {
            var canvas = DotCanvas(columns: 1, rows: 1, style: .braille)
            canvas.set(x: dot.x, y: dot.y)
            #expect(canvas.glyph(column: 0, row: 0).unicodeScalars.first?.value == 0x2800 + dot.bit)
        }
        var full = DotCanvas(columns: 1, rows: 1, style: .braille)
        for x in 0..<2 { for y in 0..<4 { full.set(x: x, y: y) } }
        #expect(full.glyph(column: 0, row: 0) == "⣿")
        #expect(DotCanvas(columns: 1, rows: 1, style: .braille).glyph(column: 0, row: 0) == " ")
    }

    @Test func brailleDotsLandInTheRightCell() {
        var canvas = DotCanvas(columns: 3, rows: 2, style: .braille)
        canvas.set(x: 3, y: 5)  // cell (1, 1), inner (1, 1) → dot 5
        #expect(canvas.glyph(column: 1, row: 1) == "\u{2810}")
        #expect(canvas.glyph(column: 0, row: 0) == " ")
    }

    @Test func halfBlocks() {
        var canvas = DotCanvas(columns: 3, rows: 1, style: .blocks)
        canvas.set(x: 0, y: 0)
        canvas.set(x: 1, y: 1)
        canvas.set(x: 2, y: 0)
        canvas.set(x: 2, y: 1)
        #expect(canvas.glyph(column: 0, row: 0) == "▀")
        #expect(canvas.glyph(column: 1, row: 0) == "▄")
        #expect(canvas.glyph(column: 2, row: 0) == "█")
    }

    @Test func linesAreClipped() {
        var canvas = DotCanvas(columns: 10, rows: 2, style: .braille)
        canvas.line(from: (-1e6, 2), to: (1e6, 2.5))
        for column in 0..<10 { #expect(canvas.glyph(column: column, row: 0) == "\u{2824}") }  // dots 3 and 6
        canvas.line(from: (-50, -50), to: (-10, 100))  // entirely left of the canvas
        canvas.line(from: (.nan, 0), to: (5, 5))  // ignored
        #expect(canvas.glyph(column: 0, row: 1) == " ")
    }

    @Test func diagonalBresenham() {
        var canvas = DotCanvas(columns: 2, rows: 1, style: .braille)
        canvas.line(from: (0, 0), to: (3, 3))
        #expect(canvas.glyph(column: 0, row: 0) == "\u{2811}")  // (0,0) + (1,1)
        #expect(canvas.glyph(column: 1, row: 0) == "\u{2884}")  // (0,2) + (1,3) → dots 3 and 8
    }
}
