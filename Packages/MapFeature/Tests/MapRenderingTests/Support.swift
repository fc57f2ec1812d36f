import CoreKit
import Foundation

@testable import MapRendering

/// Test data: the geography the App ships (`make geodata`) and the cities around the Great Lakes.
enum Fixtures {
    static func text(_ name: String, _ ext: String) throws -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Fixtures") else {
            throw FixtureError.missing("\(name).\(ext)")
        }
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The shipped geography, read from the MapFeature target's resources.
    static func geography() throws -> GeoData {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/MapFeature/Resources/world.skygeo")
        return try GeoData(contentsOf: url)
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

/// The projection contract, computed independently of the renderer: at zoom z the world is 256 · 2^z braille dots
/// wide (2 a column, 4 a row), Web Mercator, the centre at dot (width, 2 · height).
enum Contract {
    static func dotX(longitude: Double, center: GeoPoint, zoom: Int, width: Int) -> Double {
        var delta = longitude - center.longitude
        delta -= 360 * (delta / 360).rounded()
        return Double(width) + delta / 360 * 256 * pow(2, Double(zoom))
    }

    static func dotY(latitude: Double, center: GeoPoint, zoom: Int, height: Int) -> Double {
        func y(_ lat: Double) -> Double {
            let phi = min(max(lat, -85.0511), 85.0511) * .pi / 180
            return 0.5 - log(tan(.pi / 4 + phi / 2)) / (2 * .pi)
        }
        return 2 * Double(height) + (y(latitude) - y(center.latitude)) * 256 * pow(2, Double(zoom))
    }

    /// The cell (column, row) of a point.
    static func cell(_ point: GeoPoint, center: GeoPoint, zoom: Int, width: Int, height: Int) -> (column: Int, row: Int)
    {
        let x = dotX(longitude: point.longitude, center: center, zoom: zoom, width: width)
        let y = dotY(latitude: point.latitude, center: center, zoom: zoom, height: height)
        return (Int((x / 2).rounded(.down)), Int((y / 4).rounded(.down)))
    }
}
