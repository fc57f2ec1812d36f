import Foundation
import Localization

/// Great-circle geometry on a sphere of the Earth's mean radius.
public enum Geo {
    public static let earthRadiusKm = 6_371.0088

    /// Distance in kilometres (haversine).
    public static func distance(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double) -> Double
    {
        let φ1 = latitude1 * .pi / 180, φ2 = latitude2 * .pi / 180
        let dφ = φ2 - φ1, dλ = (longitude2 - longitude1) * .pi / 180
        let a = sin(dφ / 2) * sin(dφ / 2) + cos(φ1) * cos(φ2) * sin(dλ / 2) * sin(dλ / 2)
        return 2 * earthRadiusKm * asin(min(1, sqrt(a)))
    }

    /// Initial bearing from the first point to the second, in degrees clockwise from north, 0..<360.
    public static func bearing(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double) -> Double {
        let φ1 = latitude1 * .pi / 180, φ2 = latitude2 * .pi / 180
        let dλ = (longitude2 - longitude1) * .pi / 180
        let y = sin(dλ) * cos(φ2)
        let x = cos(φ1) * sin(φ2) - sin(φ1) * cos(φ2) * cos(dλ)
        let degrees = atan2(y, x) * 180 / .pi
        return (degrees + 360).truncatingRemainder(dividingBy: 360)
    }

    /// `N`, `NNE`, … for a bearing.
    public static func compassPoint(_ bearing: Double) -> String {
        let points = [
            "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW",
        ]
        guard bearing.isFinite else { return "?" }
        // Reduced first: a bearing from outside may be any number, and must not trap on the way to an index.
        let index = Int((bearing.truncatingRemainder(dividingBy: 360) / 22.5).rounded()) % 16
        return points[(index + 16) % 16]
    }

    /// A compass point in the language's abbreviations (`words`: CitiesService's): `NW`, `NO` (German's Nordost),
    /// `北西`.
    public static func compassPoint(_ bearing: Double, words: Words) -> String {
        switch compassPoint(bearing) {
        case "N": words("N")
        case "NNE": words("NNE")
        case "NE": words("NE")
        case "ENE": words("ENE")
        case "E": words("E")
        case "ESE": words("ESE")
        case "SE": words("SE")
        case "SSE": words("SSE")
        case "S": words("S")
        case "SSW": words("SSW")
        case "SW": words("SW")
        case "WSW": words("WSW")
        case "W": words("W")
        case "WNW": words("WNW")
        case "NW": words("NW")
        case "NNW": words("NNW")
        default: "?"
        }
    }
}
