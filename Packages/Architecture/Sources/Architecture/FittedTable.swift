import CoreKit

/// A table that fits the terminal: columns are dropped, least important first, until the rest fit; a flexible
/// column (a condition in words, a name) takes what is left and is cut to it. Cells are plain text, painted after
/// they are padded, so that widths are measured on what is drawn.
public struct FittedTable {
    public struct Column {
        package var header: String
        package var cells: [String]
        package var alignRight: Bool
        /// Lower is more important; 0 is never dropped.
        package var priority: Int
        package var flexible: Bool
        /// The least a flexible column is given before other columns are dropped (a place's name needs more than
        /// a condition in words).
        package var minimumWidth: Int
        /// Paints row `index`'s cell after it is padded.
        package var paint: ((Int, String) -> String)?

        public init(
            header: String, cells: [String], alignRight: Bool = false, priority: Int = 0, flexible: Bool = false,
            minimumWidth: Int = 8, paint: ((Int, String) -> String)? = nil
        ) {
            self.header = header
            self.cells = cells
            self.alignRight = alignRight
            self.priority = priority
            self.flexible = flexible
            self.minimumWidth = minimumWidth
            self.paint = paint
        }
    }

    package var columns: [Column]
    package var gap: Int

    public init(columns: [Column], gap: Int = 2) {
        self.columns = columns
        self.gap = gap
    }

    /// The header line (dim; left out when every header is empty) and one line per row, each at most `width`
    /// columns.
    public func lines(width: Int, painter: Painter) -> [String] {
        var kept = columns
        func natural(_ column: Column) -> Int {
            ([column.header] + column.cells).map { DisplayWidth.columns(of: $0) }.max() ?? 0
        }
        func total(_ columns: [Column]) -> Int {
            columns.map { $0.flexible ? min(natural($0), $0.minimumWidth) : natural($0) }.reduce(0, +)
                + max(0, columns.count - 1) * gap
        }
        while total(kept) > width,
            let drop = kept.indices.filter({ kept[$0].priority > 0 }).max(by: {
                kept[$0].priority < kept[$1].priority
            })
        {
            kept.remove(at: drop)
        }
        let fixed = kept.filter { !$0.flexible }.map(natural).reduce(0, +) + max(0, kept.count - 1) * gap
        let widths = kept.map { column in
            column.flexible ? max(1, min(natural(column), width - fixed)) : natural(column)
        }
        func line(_ row: Int?) -> String {
            var parts: [String] = []
            for (index, column) in kept.enumerated() {
                var text = DisplayWidth.truncated(
                    row.map { column.cells[$0] } ?? column.header, toColumns: widths[index])
                text =
                    column.alignRight
                    ? DisplayWidth.padLeft(text, to: widths[index]) : DisplayWidth.pad(text, to: widths[index])
                if let row, let paint = column.paint { text = paint(row, text) }
                parts.append(text)
            }
            var joined = parts.joined(separator: String(repeating: " ", count: gap))
            while joined.hasSuffix(" ") { joined.removeLast() }
            return joined
        }
        let rows = (0..<(kept.first?.cells.count ?? 0)).map { line($0) }
        guard kept.contains(where: { !$0.header.isEmpty }) else { return rows }
        return [painter.paint(line(nil), .dim)] + rows
    }
}
