/// A point in degrees, for the ring test below (a map's point, a warning area's corner).
public protocol DegreePoint {
    var latitude: Double { get }
    var longitude: Double { get }
}

/// Areas drawn as rings of points in degrees.
public enum Rings {
    /// Whether the point is inside one of the rings, by the even-odd rule in plain degrees (the areas are small
    /// enough); a ring of fewer than three points holds nothing.
    public static func contains<Point: DegreePoint>(_ rings: [[Point]], latitude: Double, longitude: Double) -> Bool {
        rings.contains { ring in
            guard ring.count >= 3 else { return false }
            var inside = false
            var previous = ring[ring.count - 1]
            for point in ring {
                if (point.latitude > latitude) != (previous.latitude > latitude) {
                    let crossing =
                        (previous.longitude - point.longitude) * (latitude - point.latitude)
                        / (previous.latitude - point.latitude) + point.longitude
                    if longitude < crossing { inside.toggle() }
                }
                previous = point
            }
            return inside
        }
    }
}
