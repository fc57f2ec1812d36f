import CoreKit
import Foundation

@testable import MapRendering

/// Test data: the real Natural Earth outlines and the cities around the Great Lakes (see Scripts/make-fixtures.py).
enum Fixtures {
    static func text(_ name: String, _ ext: String) throws -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Fixtures") else {
            throw FixtureError.missing("\(name).\(ext)")
        }
        return try String(contentsOf: url, encoding: .utf8)
    }

    static func worldOutlines() throws -> [Outline] {
        WorldOutlines.parse(try text("world-110m", "txt"))
    }

    /// Columns: id, lon, lat, population, name.
    static func greatLakesCities() throws -> [MapPlace] {
        try text("cities-great-lakes", "tsv").split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", maxSplits: 4, omittingEmptySubsequences: false)
            guard fields.count == 5, let id = Int(fields[0]), let lon = Double(fields[1]), let lat = Double(fields[2]),
                let population = Int(fields[3])
            else { return nil }
            return MapPlace(
                name: String(fields[4]), location: GeoPoint(latitude: lat, longitude: lon),
                population: population, id: id)
        }
    }

    enum FixtureError: Error { case missing(String) }
}

extension RenderedMap {
    /// The map with a frame and the footer, for printing in test logs.
    var framed: String {
        let width = lines.first.map { DisplayWidth.columns(of: $0) } ?? 0
        let bar = String(repeating: "─", count: width)
        return (["┌" + bar + "┐"] + lines.map { "│" + $0 + "│" } + ["└" + bar + "┘", footer]).joined(separator: "\n")
    }

    /// Whether any map line contains `text`.
    func contains(_ text: String) -> Bool {
        lines.contains { $0.contains(text) }
    }
}

/// Cells of a line (one string a column; wide characters are followed by an empty string).
func cells(of line: String) -> [String] {
    var result: [String] = []
    for character in line {
        let width = DisplayWidth.columns(of: String(character))
        result.append(String(character))
        if width > 1 { result += Array(repeating: "", count: width - 1) }
    }
    return result
}

/// Whether a cell shows at least one dot (braille pattern other than blank, or a block).
func isDotCell(_ cell: String) -> Bool {
    guard let scalar = cell.unicodeScalars.first, cell.unicodeScalars.count == 1 else { return false }
    return (scalar.value > 0x2800 && scalar.value <= 0x28FF) || ["▀", "▄", "█"].contains(cell)
}
