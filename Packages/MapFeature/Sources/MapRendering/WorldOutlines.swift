/// Reads country outlines from text.
public enum WorldOutlines {
    /// Parses one ring a line: `ISO3 lon,lat lon,lat …` (as in Natural Earth's `world-110m.txt`).
    ///
    /// Blank lines, lines starting with `#`, lines whose code is not 1 to 8 ASCII letters, digits, `-` or `_`,
    /// and lines with fewer than two valid points are skipped; so are points that do not parse or lie
    /// outside -180...180 / -90...90. Never traps.
    public static func parse(_ text: String) -> [Outline] {
        var outlines: [Outline] = []
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let code = fields.first, isValidCode(code) else { continue }
            var points: [GeoPoint] = []
            points.reserveCapacity(fields.count - 1)
            for field in fields.dropFirst() {
                if let point = parsePoint(field) { points.append(point) }
            }
            if points.count >= 2 {
                outlines.append(Outline(country: String(code), points: points))
            }
        }
        return outlines
    }

    private static func isValidCode(_ code: Substring) -> Bool {
        guard (1...8).contains(code.utf8.count) else { return false }
        return code.utf8.allSatisfy { byte in
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x2D || byte == 0x5F
        }
    }

    private static func parsePoint(_ field: Substring) -> GeoPoint? {
        let parts = field.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let lon = Double(parts[0]), let lat = Double(parts[1]),
            lon.isFinite, lat.isFinite, (-180...180).contains(lon), (-90...90).contains(lat)
        else { return nil }
        return GeoPoint(latitude: lat, longitude: lon)
    }
}
