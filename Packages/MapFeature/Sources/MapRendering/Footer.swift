import CoreKit

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The line under the map: `43.70°N 79.42°W · zoom 5 · 1 cell ≈ 11 km · ├────────┤ 100 km`.
enum Footer {
    /// Longest scale bar, in cells.
    static let maxBarCells = 12

    /// The footer for a viewport, shortened to fit its width: first the scale bar goes, then the cell size,
    /// then the zoom; as a last resort the text is cut.
    static func text(for viewport: Viewport, words: FooterWords = .english) -> String {
        let position = coordinates(viewport.center)
        let zoom = words.zoom.replacing("%@", with: String(viewport.zoom))
        let kmPerCell = viewport.kmPerDot * Double(viewport.dotsPerCellX)
        let cell = words.cell.replacing("%@", with: distance(km: kmPerCell, decimalSign: words.decimalSign))
        let candidates: [[String]] = [
            [position, zoom, cell]
                + (scaleBar(kmPerCell: kmPerCell, decimalSign: words.decimalSign).map { [$0] } ?? []),
            [position, zoom, cell],
            [position, zoom],
            [position],
            [zoom],
        ]
        for parts in candidates {
            let text = parts.joined(separator: " · ")
            if DisplayWidth.columns(of: text) <= viewport.columns { return text }
        }
        return DisplayWidth.truncated(position, toColumns: viewport.columns)
    }

    /// "43.70°N 79.42°W".
    static func coordinates(_ point: GeoPoint) -> String {
        let lat = hundredths(point.latitude), lon = hundredths(point.longitude)
        return "\(fixed2(abs(lat)))°\(lat < 0 ? "S" : "N") \(fixed2(abs(lon)))°\(lon < 0 ? "W" : "E")"
    }

    /// A scale bar such as "├──────┤ 50 km": the longest round distance (1, 2 or 5 × 10ⁿ) within
    /// `maxBarCells` cells; nil if the scale is degenerate.
    static func scaleBar(kmPerCell: Double, decimalSign: String = ".") -> String? {
        guard kmPerCell.isFinite, kmPerCell > 0 else { return nil }
        let limit = kmPerCell * Double(maxBarCells)
        var power = pow(10, log10(limit).rounded(.down))
        var chosen: Double?
        while chosen == nil, power > 0, power.isFinite {
            for factor in [5.0, 2.0, 1.0] where factor * power <= limit * (1 + 1e-9) {
                chosen = factor * power
                break
            }
            power /= 10
        }
        guard let km = chosen else { return nil }
        let cells = max(2, min(maxBarCells, Int((km / kmPerCell).rounded())))
        return "├" + String(repeating: "─", count: cells - 2) + "┤ " + distance(km: km, decimalSign: decimalSign)
    }

    /// "250 km", "5.7 km", "880 m".
    static func distance(km: Double, decimalSign: String = ".") -> String {
        guard km.isFinite, km >= 0 else { return "? km" }
        if km >= 9.95 { return "\(Int(km.rounded())) km" }
        if km >= 0.995 {
            let tenths = Int((km * 10).rounded())
            return tenths % 10 == 0 ? "\(tenths / 10) km" : "\(tenths / 10)\(decimalSign)\(tenths % 10) km"
        }
        return "\(Int((km * 1000).rounded())) m"
    }

    /// Round to hundredths, as an integer number of hundredths (sign kept).
    private static func hundredths(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int((value * 100).rounded())
    }

    /// "79.42" from 7942.
    private static func fixed2(_ hundredths: Int) -> String {
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
