import CoreKit

/// Text drawn over the dot canvas (the marker, favourites, place labels), with the bookkeeping that keeps labels
/// from overlapping, and the ink of each text cell.
struct LabelOverlay {
    /// What a cell shows instead of its dots.
    enum Cell: Equatable {
        /// Show the dots.
        case dots
        /// Show this text; it is one character `columns` wide, so the next `columns - 1` cells are `.covered`.
        case text(String)
        /// Part of a wide character that starts further left.
        case covered
    }

    /// Cell kinds, one byte per cell, with the text of `.text` cells kept apart: most cells show dots, and a
    /// map is drawn on every pan and zoom, so the grid stays a flat byte array.
    private enum Kind: UInt8 {
        case dots, text, covered
    }

    let columns: Int
    let rows: Int
    private var kinds: [UInt8]
    private var texts: [Int: String] = [:]
    private var textInks: [Int: MapInk] = [:]
    /// Cells used by the marker, labels and labelled dots; new labels keep clear of them.
    private var reserved: [Bool]

    /// The marker glyph.
    static let markerGlyph = "◉"
    /// A favourite's glyph.
    static let favoriteGlyph = "★"
    /// An empty cell on the night side: "░" (U+2591).
    static let nightGlyph: [UInt8] = [0xE2, 0x96, 0x91]
    /// An empty cell in a warning's area: "▒" (U+2592).
    static let shadeGlyph: [UInt8] = [0xE2, 0x96, 0x92]

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        kinds = Array(repeating: Kind.dots.rawValue, count: columns * rows)
        reserved = Array(repeating: false, count: columns * rows)
    }

    /// Draws the marker and its name: right of it when the name fits, else left, else cut to the wider side.
    mutating func placeMarker(name: String, annotation: String? = nil, column: Int, row: Int) {
        guard column >= 0, column < columns, row >= 0, row < rows else { return }
        let nameWidth = DisplayWidth.columns(of: name)
        let name = annotation.map { name + " " + $0 } ?? name
        put(.text(Self.markerGlyph), at: row * columns + column, ink: .marker)
        reserve(row: row, from: column, to: column + 1)
        let width = DisplayWidth.columns(of: name)
        guard width > 0 else { return }
        let roomRight = columns - column - 2, roomLeft = column - 1
        if width <= roomRight || (width > roomLeft && roomRight >= roomLeft) {
            let text = width <= roomRight ? name : DisplayWidth.truncated(name, toColumns: roomRight)
            guard roomRight > 0 else { return }
            put(.text(" "), at: row * columns + column + 1, ink: .marker)
            write(text, column: column + 2, row: row, ink: .marker)
            let end = column + 2 + DisplayWidth.columns(of: text)
            if annotation != nil { tint(row: row, from: column + 3 + nameWidth, to: end, ink: .annotation) }
            reserve(row: row, from: column, to: end)
        } else {
            let text = width <= roomLeft ? name : DisplayWidth.truncated(name, toColumns: roomLeft)
            guard roomLeft > 0 else { return }
            let start = column - 1 - DisplayWidth.columns(of: text)
            put(.text(" "), at: row * columns + column - 1, ink: .marker)
            write(text, column: start, row: row, ink: .marker)
            if annotation != nil { tint(row: row, from: start + nameWidth + 1, to: column - 1, ink: .annotation) }
            reserve(row: row, from: start, to: column + 1)
        }
    }

    /// Labels the place whose dot is in the given cell: a space, then the name; with a `glyph`, the glyph replaces
    /// the dot (a favourite's "★"). Returns false (and draws nothing) when the label would leave the map or come
    /// within one column of another label or the marker.
    mutating func placeLabel(
        name: String, annotation: String? = nil, column: Int, row: Int, glyph: String? = nil, ink: MapInk = .label
    ) -> Bool {
        let nameWidth = DisplayWidth.columns(of: name)
        let name = annotation.map { name + " " + $0 } ?? name
        let width = DisplayWidth.columns(of: name)
        guard width > 0, column >= 0, row >= 0, row < rows else { return false }
        let end = column + 2 + width  // one past the last text column
        guard end <= columns else { return false }
        for c in max(0, column - 1)..<min(columns, end + 1) where reserved[row * columns + c] {
            return false
        }
        if let glyph { put(.text(glyph), at: row * columns + column, ink: ink) }
        put(.text(" "), at: row * columns + column + 1, ink: ink)
        write(name, column: column + 2, row: row, ink: ink)
        if annotation != nil { tint(row: row, from: column + 3 + nameWidth, to: end, ink: .annotation) }
        reserve(row: row, from: column, to: end)
        return true
    }

    /// Gives the text cells of `row` from column `start` to `end` (excluded) the ink `ink`: a label's annotation.
    private mutating func tint(row: Int, from start: Int, to end: Int, ink: MapInk) {
        for c in max(0, start)..<min(columns, max(start, end)) where kinds[row * columns + c] == Kind.text.rawValue {
            textInks[row * columns + c] = ink
        }
    }

    /// The finished row, and its runs of one ink: the canvas's glyphs where no text covers them; for empty cells
    /// marked in `shade`, "░" (`.night`) or "▒" (a warning's ink).
    func row(_ row: Int, canvas: DotCanvas, shade: [MapInk]? = nil) -> (line: String, runs: [MapRun]) {
        var runs: [MapRun] = []
        var bytes: [UInt8] = []
        bytes.reserveCapacity(columns * 3)
        var current = MapInk.none
        var runStart = 0
        for column in 0..<columns {
            let index = row * columns + column
            let kind = Kind(rawValue: kinds[index])
            let ink: MapInk
            switch kind {
            case .dots:
                let shaded = shade?[index] ?? MapInk.none
                ink =
                    shaded != .none && !canvas.isSet(column: column, row: row)
                    ? shaded : canvas.ink(column: column, row: row)
            case .text: ink = textInks[index] ?? .label
            case .covered, nil: continue
            }
            if ink != current {
                if bytes.count > runStart { runs.append(MapRun(ink: current, utf8Count: bytes.count - runStart)) }
                current = ink
                runStart = bytes.count
            }
            if ink == .night {
                bytes += Self.nightGlyph
            } else if ink == .warningModerate || ink == .warningSevere || ink == .warningExtreme {
                bytes += Self.shadeGlyph
            } else if kind == .dots {
                canvas.appendGlyph(column: column, row: row, to: &bytes)
            } else {
                bytes.append(contentsOf: (texts[index] ?? " ").utf8)
            }
        }
        if bytes.count > runStart { runs.append(MapRun(ink: current, utf8Count: bytes.count - runStart)) }
        return (String(decoding: bytes, as: UTF8.self), runs)
    }

    /// Writes `text` character by character from `column`: wide characters cover the following cells and
    /// zero-width ones join the character before them. The caller has checked that it fits.
    private mutating func write(_ text: String, column: Int, row: Int, ink: MapInk) {
        var c = column
        var lastIndex: Int?
        for character in text {
            let width = DisplayWidth.columns(of: character)
            if width == 0 {
                if let index = lastIndex, let previous = texts[index] {
                    texts[index] = previous + String(character)
                }
                continue
            }
            guard c >= 0, c + width <= columns else { return }
            let index = row * columns + c
            put(.text(String(character)), at: index, ink: ink)
            for k in 1..<width { put(.covered, at: index + k, ink: ink) }
            lastIndex = index
            c += width
        }
    }

    private mutating func put(_ cell: Cell, at index: Int, ink: MapInk) {
        switch cell {
        case .dots:
            kinds[index] = Kind.dots.rawValue
            texts[index] = nil
            textInks[index] = nil
        case .text(let text):
            kinds[index] = Kind.text.rawValue
            texts[index] = text
            textInks[index] = ink
        case .covered:
            kinds[index] = Kind.covered.rawValue
            texts[index] = nil
            textInks[index] = nil
        }
    }

    private mutating func reserve(row: Int, from start: Int, to end: Int) {
        for c in max(0, start)..<min(columns, max(start, end)) { reserved[row * columns + c] = true }
    }
}
