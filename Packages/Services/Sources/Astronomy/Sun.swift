import Foundation

/// The Sun's apparent place, from Meeus chapter 25 (the "low accuracy" method: within 0.01°, a fraction of a
/// second of a sunrise): geometric longitude from the mean longitude and the equation of the centre, then
/// aberration and nutation.
public enum SunPosition {
    /// One astronomical unit, in kilometres.
    static let astronomicalUnit = 149_597_870.7

    /// Apparent ecliptic longitude (degrees) and distance (astronomical units).
    static func ecliptic(at instant: Instant) -> (longitude: Double, distance: Double) {
        let t = instant.centuries
        let meanLongitude = 280.466_46 + 36_000.769_83 * t + 0.000_303_2 * t * t
        let anomaly = 357.529_11 + 35_999.050_29 * t - 0.000_153_7 * t * t
        let eccentricity = 0.016_708_634 - 0.000_042_037 * t - 0.000_000_126_7 * t * t
        let centre =
            (1.914_602 - 0.004_817 * t - 0.000_014 * t * t) * Angle.sin(anomaly)
            + (0.019_993 - 0.000_101 * t) * Angle.sin(2 * anomaly) + 0.000_289 * Angle.sin(3 * anomaly)
        let trueLongitude = meanLongitude + centre
        let trueAnomaly = anomaly + centre
        let distance =
            1.000_001_018 * (1 - eccentricity * eccentricity) / (1 + eccentricity * Angle.cos(trueAnomaly))
        let omega = 125.04 - 1_934.136 * t
        return (Angle.normalized(trueLongitude - 0.005_69 - 0.004_78 * Angle.sin(omega)), distance)
    }

    /// Where the Sun is overhead at an instant: latitude the declination, longitude the right ascension less
    /// Greenwich apparent sidereal time, within -180..<180 (degrees). The map's night side is where it is below the
    /// horizon.
    public static func subsolarPoint(at instant: Instant) -> (latitude: Double, longitude: Double) {
        let position = equatorial(at: instant)
        var longitude = Angle.normalized(position.rightAscension - instant.apparentSiderealTime)
        if longitude >= 180 { longitude -= 360 }
        return (position.declination, longitude)
    }

    /// Apparent right ascension and declination (degrees) and distance (km).
    public static func equatorial(at instant: Instant) -> EquatorialPosition {
        let t = instant.centuries
        let (longitude, distance) = ecliptic(at: instant)
        let omega = 125.04 - 1_934.136 * t
        let obliquity = Nutation(centuries: t).meanObliquity + 0.002_56 * Angle.cos(omega)
        return EquatorialPosition(
            rightAscension: Angle.normalized(
                Angle.atan2(Angle.cos(obliquity) * Angle.sin(longitude), Angle.cos(longitude))),
            declination: Angle.asin(Angle.sin(obliquity) * Angle.sin(longitude)),
            distance: distance * astronomicalUnit)
    }
}
