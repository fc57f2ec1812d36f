import Foundation

/// The four principal phases: the instants the Moon's apparent longitude is 0°, 90°, 180°, 270° ahead of the Sun's.
public enum PrincipalPhase: Int, Sendable, Equatable, CaseIterable {
    case newMoon = 0, firstQuarter = 90, fullMoon = 180, lastQuarter = 270

    public var name: String {
        switch self {
        case .newMoon: "New Moon"
        case .firstQuarter: "First Quarter"
        case .fullMoon: "Full Moon"
        case .lastQuarter: "Last Quarter"
        }
    }
}

/// The phase of the Moon as a day is named: a principal phase on the day it happens, else one of the four between.
public enum MoonPhase: String, Sendable, Equatable, CaseIterable {
    case newMoon = "New Moon"
    case waxingCrescent = "Waxing Crescent"
    case firstQuarter = "First Quarter"
    case waxingGibbous = "Waxing Gibbous"
    case fullMoon = "Full Moon"
    case waningGibbous = "Waning Gibbous"
    case lastQuarter = "Last Quarter"
    case waningCrescent = "Waning Crescent"

    init(_ principal: PrincipalPhase) {
        switch principal {
        case .newMoon: self = .newMoon
        case .firstQuarter: self = .firstQuarter
        case .fullMoon: self = .fullMoon
        case .lastQuarter: self = .lastQuarter
        }
    }

    /// Between the principal phases, by elongation (0..<360°, Moon ahead of the Sun).
    init(elongation: Double) {
        switch Angle.normalized(elongation) {
        case ..<90: self = .waxingCrescent
        case ..<180: self = .waxingGibbous
        case ..<270: self = .waningGibbous
        default: self = .waningCrescent
        }
    }

    public var isWaxing: Bool { [.newMoon, .waxingCrescent, .firstQuarter, .waxingGibbous].contains(self) }
}

/// The Moon's phase and brightness at an instant (geocentric; Meeus chapter 48).
public struct MoonIllumination: Sendable, Equatable {
    /// The illuminated fraction of the disk, 0…1.
    public var fraction: Double
    /// The Moon's apparent longitude minus the Sun's, 0..<360° (0 new, 180 full).
    public var elongation: Double
    /// The phase angle Sun–Moon–Earth, degrees (180 new, 0 full).
    public var phaseAngle: Double
    /// The position angle of the bright limb's midpoint, from the celestial north through east, degrees.
    public var brightLimb: Double
    public var moon: EquatorialPosition

    public init(at instant: Instant) {
        let sun = SunPosition.equatorial(at: instant)
        let moon = MoonPosition.equatorial(at: instant)
        let cosPsi =
            Angle.sin(sun.declination) * Angle.sin(moon.declination)
            + Angle.cos(sun.declination) * Angle.cos(moon.declination)
            * Angle.cos(sun.rightAscension - moon.rightAscension)
        let psi = Angle.acos(cosPsi)
        phaseAngle = Angle.atan2(sun.distance * Angle.sin(psi), moon.distance - sun.distance * Angle.cos(psi))
        fraction = (1 + Angle.cos(phaseAngle)) / 2
        brightLimb = Angle.normalized(
            Angle.atan2(
                Angle.cos(sun.declination) * Angle.sin(sun.rightAscension - moon.rightAscension),
                Angle.sin(sun.declination) * Angle.cos(moon.declination)
                    - Angle.cos(sun.declination) * Angle.sin(moon.declination)
                    * Angle.cos(sun.rightAscension - moon.rightAscension)))
        elongation = MoonPhases.elongation(at: instant)
        self.moon = moon
    }
}

/// When the principal phases happen: the instant the elongation reaches the phase's angle, found by Newton's
/// method on the Meeus chapter 47 and 25 positions (within seconds of Meeus chapter 49's series).
public enum MoonPhases {
    /// Mean motion of the elongation, degrees a day (one synodic month is 29.530589 days).
    static let meanRate = 360 / 29.530_588_861

    /// The Moon's apparent longitude minus the Sun's, 0..<360°.
    static func elongation(at instant: Instant) -> Double {
        let moon = MoonPosition.ecliptic(at: instant).longitude + Nutation(centuries: instant.centuries).longitude
        return Angle.normalized(moon - SunPosition.ecliptic(at: instant).longitude)
    }

    /// The first time at or after `instant` the phase happens.
    public static func next(_ phase: PrincipalPhase, after instant: Instant) -> Instant {
        let ahead = Angle.normalized(Double(phase.rawValue) - elongation(at: instant))
        return refine(phase, from: instant.adding(days: ahead / meanRate), notBefore: instant)
    }

    /// The last time before `instant` the phase happened.
    public static func previous(_ phase: PrincipalPhase, before instant: Instant) -> Instant {
        let behind = Angle.normalized(elongation(at: instant) - Double(phase.rawValue))
        let found = refine(phase, from: instant.adding(days: -behind / meanRate), notBefore: nil)
        return found < instant ? found : refine(phase, from: found.adding(days: -29.53), notBefore: nil)
    }

    /// Every principal phase from `start` to `end`, in order.
    public static func all(from start: Instant, to end: Instant) -> [(phase: PrincipalPhase, instant: Instant)] {
        var found: [(phase: PrincipalPhase, instant: Instant)] = []
        for phase in PrincipalPhase.allCases {
            var instant = next(phase, after: start)
            while instant < end {
                found.append((phase, instant))
                instant = next(phase, after: instant.adding(days: 20))
            }
        }
        return found.sorted { $0.instant < $1.instant }
    }

    private static func refine(_ phase: PrincipalPhase, from guess: Instant, notBefore: Instant?) -> Instant {
        var instant = guess
        for _ in 0..<30 {
            let error = Angle.signed(Double(phase.rawValue) - elongation(at: instant))
            instant = instant.adding(days: error / meanRate)
            if abs(error) < 1e-6 { break }
        }
        if let notBefore, instant < notBefore {
            return refine(phase, from: instant.adding(days: 29.53), notBefore: nil)
        }
        return instant
    }
}

/// When the Moon rises and sets during one local day at one place: its upper limb on the horizon, with refraction
/// and parallax (Meeus chapter 15: the centre at 0.7275 π − 0°34′), solved for between its transits.
public struct MoonRising: Sendable, Equatable {
    public var moonrise: Date?
    public var moonset: Date?
    /// When it neither rises nor sets that day: true if it is up all day, false if down all day; else nil.
    public var upAllDay: Bool?

    public init(on day: LocalDay, at observer: Observer) {
        let start = Instant(day.start).julianDay, end = Instant(day.end).julianDay
        // Nodes six hours apart: near the poles, where the Moon's altitude changes slowly, twelve put a rising off by
        // seconds.
        let track = Track(from: start, to: end, step: 0.25, MoonPosition.equatorial(at:))
        let solved = Crossings(track: track, observer: observer, from: start, to: end, levels: [0]) { time in
            let (altitude, distance) = track.altitude(at: time, observer: observer)
            return altitude - (0.7275 * MoonPosition.parallax(distance: distance) - 34.0 / 60)
        }
        moonrise = solved.all.first { $0.rising }.map { Instant(julianDay: $0.julianDay).date }
        moonset = solved.all.first { !$0.rising }.map { Instant(julianDay: $0.julianDay).date }
        upAllDay = solved.all.isEmpty ? solved.startHeights[0] > 0 : nil
    }
}

/// The Moon over one local day at one place.
public struct MoonDay: Sendable, Equatable {
    public var phase: MoonPhase
    /// The illuminated fraction (0…1) at the reference instant.
    public var illumination: Double
    /// Days since the last new moon, at the reference instant.
    public var age: Double
    /// The upper limb on the horizon, with refraction and the Moon's parallax; nil when it does not rise (set) that
    /// local day.
    public var moonrise: Date?
    public var moonset: Date?
    /// When it neither rises nor sets that day: true if it is up all day, false if down all day; else nil.
    public var upAllDay: Bool?
    /// The next principal phases from the start of the day (on the day itself when they fall on it).
    public var nextNewMoon: Date
    public var nextFullMoon: Date
    /// The direction of the bright limb on the sky as the observer sees it when the Moon is on the meridian: degrees
    /// from the zenith towards the left (90: lit on the left). A waxing Moon is lit on the right in the north and on
    /// the left in the south.
    public var brightLimbFromZenith: Double
    /// The phase angle Sun–Moon–Earth, degrees (0 full, 180 new): how much of the disk is lit, for drawing.
    public var phaseAngle: Double

    /// - Parameter reference: the instant the phase, fraction and age are given for (the city's solar noon).
    public init(on day: LocalDay, at observer: Observer, reference: Date) {
        let start = Instant(day.start), end = Instant(day.end)
        let instant = Instant(reference)
        let lit = MoonIllumination(at: instant)
        illumination = lit.fraction
        phaseAngle = lit.phaseAngle
        let principal = PrincipalPhase.allCases.map { (phase: $0, instant: MoonPhases.next($0, after: start)) }
        if let today = principal.first(where: { $0.instant < end }) {
            phase = MoonPhase(today.phase)
        } else {
            phase = MoonPhase(elongation: lit.elongation)
        }
        age = instant.julianDay - MoonPhases.previous(.newMoon, before: instant).julianDay
        nextNewMoon = principal[0].instant.date
        nextFullMoon = principal[2].instant.date

        // Meeus chapter 15: the Moon's centre at 0.7275 π − 0°34′ (parallax, semi-diameter, refraction).
        let rising = MoonRising(on: day, at: observer)
        (moonrise, moonset, upAllDay) = (rising.moonrise, rising.moonset, rising.upAllDay)

        // On the meridian the parallactic angle is 0° when the Moon culminates south of the zenith, 180° north of it.
        let culminatesNorth = lit.moon.declination > observer.latitude
        brightLimbFromZenith = Angle.normalized(lit.brightLimb - (culminatesNorth ? 180 : 0))
    }
}
