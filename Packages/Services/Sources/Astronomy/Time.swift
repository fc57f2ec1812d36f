import CoreKit
import Foundation

/// Instants as astronomers count them: the Julian day in Universal Time (UT, the Earth's rotation, what clocks
/// follow) and in Terrestrial Time (TT, the uniform time the ephemerides are written in). Meeus, *Astronomical
/// Algorithms* (2nd ed., 1998), chapters 7, 10 and 12.
public struct Instant: Sendable, Equatable, Comparable {
    /// Julian day, UT.
    public var julianDay: Double

    public init(julianDay: Double) { self.julianDay = julianDay }

    public init(_ date: Date) { julianDay = date.timeIntervalSince1970 / 86_400 + 2_440_587.5 }

    public var date: Date { Date(timeIntervalSince1970: (julianDay - 2_440_587.5) * 86_400) }

    /// Julian ephemeris day (TT): UT plus ΔT.
    public var julianEphemerisDay: Double { julianDay + DeltaT.seconds(year: decimalYear) / 86_400 }

    /// Julian centuries of TT since J2000.0, the argument of every series here.
    var centuries: Double { (julianEphemerisDay - 2_451_545.0) / 36_525 }

    var decimalYear: Double { 2000 + (julianDay - 2_451_545.0) / 365.25 }

    public func adding(days: Double) -> Instant { Instant(julianDay: julianDay + days) }

    public static func < (a: Instant, b: Instant) -> Bool { a.julianDay < b.julianDay }

    /// Greenwich mean sidereal time in degrees, 0..<360 (Meeus 12.4).
    var meanSiderealTime: Double {
        let t = (julianDay - 2_451_545.0) / 36_525
        return Angle.normalized(
            280.460_618_37 + 360.985_647_366_29 * (julianDay - 2_451_545.0) + 0.000_387_933 * t * t
                - t * t * t / 38_710_000)
    }

    /// Greenwich apparent sidereal time in degrees: the mean one plus the nutation in right ascension (Meeus 12).
    var apparentSiderealTime: Double {
        let nutation = Nutation(centuries: centuries)
        return Angle.normalized(meanSiderealTime + nutation.longitude * Angle.cos(nutation.trueObliquity))
    }
}

/// ΔT = TT − UT in seconds: the polynomial expressions of Espenak and Meeus (NASA, *Five Millennium Canon of Solar
/// Eclipses*, 2006), valid over the years SkyLens accepts (1900–2100) and a little beyond.
public enum DeltaT {
    public static func seconds(year y: Double) -> Double {
        switch y {
        case ..<1900:
            let t = y - 1860
            return 7.62 + 0.5737 * t - 0.251_754 * t * t + 0.016_806_68 * pow(t, 3) - 0.000_447_362_4 * pow(t, 4)
                + pow(t, 5) / 233_174
        case ..<1920:
            let t = y - 1900
            return -2.79 + 1.494_119 * t - 0.059_893_9 * t * t + 0.006_196_6 * pow(t, 3) - 0.000_197 * pow(t, 4)
        case ..<1941:
            let t = y - 1920
            return 21.20 + 0.844_93 * t - 0.076_100 * t * t + 0.002_093_6 * pow(t, 3)
        case ..<1961:
            let t = y - 1950
            return 29.07 + 0.407 * t - t * t / 233 + pow(t, 3) / 2547
        case ..<1986:
            let t = y - 1975
            return 45.45 + 1.067 * t - t * t / 260 - pow(t, 3) / 718
        case ..<2005:
            let t = y - 2000
            return 63.86 + 0.3345 * t - 0.060_374 * t * t + 0.001_727_5 * pow(t, 3) + 0.000_651_814 * pow(t, 4)
                + 0.000_023_735_99 * pow(t, 5)
        case ..<2050:
            let t = y - 2000
            return 62.92 + 0.322_17 * t + 0.005_589 * t * t
        default:
            let u = (y - 1820) / 100
            return -20 + 32 * u * u - 0.5628 * (2150 - y)
        }
    }
}

/// Nutation in longitude and obliquity, and the obliquity of the ecliptic, in degrees: the abridged series of
/// Meeus chapter 22 (within 0.5″ and 0.1″), and the mean obliquity of Laskar's expression 22.2 cut to its first
/// terms (Meeus 22.2 as IAU).
struct Nutation {
    var longitude: Double
    var obliquity: Double
    var meanObliquity: Double
    var trueObliquity: Double { meanObliquity + obliquity }

    init(centuries t: Double) {
        let omega = 125.044_52 - 1_934.136_261 * t
        let sunLongitude = 280.4665 + 36_000.7698 * t
        let moonLongitude = 218.3165 + 481_267.8813 * t
        longitude =
            (-17.20 * Angle.sin(omega) - 1.32 * Angle.sin(2 * sunLongitude) - 0.23 * Angle.sin(2 * moonLongitude)
                + 0.21 * Angle.sin(2 * omega)) / 3600
        obliquity =
            (9.20 * Angle.cos(omega) + 0.57 * Angle.cos(2 * sunLongitude) + 0.10 * Angle.cos(2 * moonLongitude)
                - 0.09 * Angle.cos(2 * omega)) / 3600
        meanObliquity = 23.439_291_1 - 0.013_004_2 * t - 0.000_000_164 * t * t + 0.000_000_503_6 * t * t * t
    }
}

/// Degrees in, degrees out.
enum Angle {
    static let radians = Double.pi / 180
    static func sin(_ degrees: Double) -> Double { Foundation.sin(degrees * radians) }
    static func cos(_ degrees: Double) -> Double { Foundation.cos(degrees * radians) }
    static func tan(_ degrees: Double) -> Double { Foundation.tan(degrees * radians) }
    static func asin(_ value: Double) -> Double { Foundation.asin(max(-1, min(1, value))) / radians }
    static func acos(_ value: Double) -> Double { Foundation.acos(max(-1, min(1, value))) / radians }
    static func atan2(_ y: Double, _ x: Double) -> Double { Foundation.atan2(y, x) / radians }
    /// 0..<360.
    static func normalized(_ degrees: Double) -> Double {
        let r = degrees.truncatingRemainder(dividingBy: 360)
        return r < 0 ? r + 360 : r
    }
    /// −180..<180.
    static func signed(_ degrees: Double) -> Double {
        let r = normalized(degrees)
        return r >= 180 ? r - 360 : r
    }
}

/// Right ascension and declination, in degrees, with the distance from the Earth's centre.
public struct EquatorialPosition: Sendable, Equatable {
    public var rightAscension: Double
    public var declination: Double
    /// Kilometres.
    public var distance: Double

    /// The altitude above the horizon (degrees, geocentric, no refraction) seen from `observer` at sidereal time
    /// `siderealTime` (degrees, Greenwich), and the hour angle (degrees, −180..<180, west positive).
    func horizontal(observer: Observer, siderealTime: Double) -> (altitude: Double, hourAngle: Double) {
        let hourAngle = Angle.signed(siderealTime + observer.longitude - rightAscension)
        let altitude = Angle.asin(
            Angle.sin(observer.latitude) * Angle.sin(declination)
                + Angle.cos(observer.latitude) * Angle.cos(declination) * Angle.cos(hourAngle))
        return (altitude, hourAngle)
    }
}

/// A place on the Earth: latitude north positive, longitude east positive, in degrees.
public struct Observer: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// One calendar day in a time zone: from its local midnight to the next (23 or 25 hours on the days clocks move).
public struct LocalDay: Sendable, Equatable, Hashable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var timeZone: TimeZone

    public init(year: Int, month: Int, day: Int, timeZone: TimeZone) {
        self.year = year
        self.month = month
        self.day = day
        self.timeZone = timeZone
    }

    /// The local day that contains `date`.
    public init(containing date: Date, timeZone: TimeZone) {
        let civil = CivilDate.date(daysSince1970: Self.floorDays(date, timeZone))
        self.init(year: civil.year, month: civil.month, day: civil.day, timeZone: timeZone)
    }

    private static func floorDays(_ date: Date, _ zone: TimeZone) -> Int {
        Int(((date.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: date))) / 86_400).rounded(.down))
    }

    var daysSince1970: Int { CivilDate.daysSince1970(year: year, month: month, day: day) }

    /// Local midnight at the start of the day.
    public var start: Date { Self.midnight(daysSince1970: daysSince1970, timeZone: timeZone) }
    /// Local midnight at the start of the next day.
    public var end: Date { Self.midnight(daysSince1970: daysSince1970 + 1, timeZone: timeZone) }

    /// False for a date the zone's clocks skipped (Samoa went from 2011-12-29 to 2011-12-31).
    public var exists: Bool { end > start }

    public func adding(days: Int) -> LocalDay {
        let civil = CivilDate.date(daysSince1970: daysSince1970 + days)
        return LocalDay(year: civil.year, month: civil.month, day: civil.day, timeZone: timeZone)
    }

    /// `2026-12-21`.
    public var isoDate: String {
        FixedDigits.padded(year, width: 4) + "-" + FixedDigits.padded(month, width: 2) + "-"
            + FixedDigits.padded(day, width: 2)
    }

    /// The instant the local clock shows 00:00 that day; where a clock change skips midnight, the first instant of
    /// the day.
    static func midnight(daysSince1970 days: Int, timeZone: TimeZone) -> Date {
        let wall = Double(days) * 86_400
        var guess = wall - Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall)))
        for _ in 0..<2 {
            guess = wall - Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: guess)))
        }
        let date = Date(timeIntervalSince1970: guess)
        // A midnight that does not exist (the clock jumps from 23:59 to 01:00): the day starts at the jump.
        if floorDays(date, timeZone) < days, let jump = timeZone.nextDaylightSavingTimeTransition(after: date) {
            return jump
        }
        return date
    }
}
