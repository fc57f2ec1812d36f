import Foundation

/// How dark it is, by the Sun's altitude: the bands of the day's timeline.
public enum DaylightBand: String, Sendable, Equatable, CaseIterable {
    /// The Sun's upper limb above the horizon (altitude above −0.833°).
    case day
    /// Civil twilight: centre between −0.833° and −6°.
    case civil
    /// Nautical twilight: −6° to −12°.
    case nautical
    /// Astronomical twilight: −12° to −18°.
    case astronomical
    /// Below −18°.
    case night

    init(altitude: Double) {
        self =
            altitude > SunDay.horizon
            ? .day
            : altitude > -6 ? .civil : altitude > -12 ? .nautical : altitude > -18 ? .astronomical : .night
    }
}

/// The Sun over one local day at one place: twilights, rise, noon, set, the day's length. Times are instants; an
/// event that does not happen that local day is nil.
public struct SunDay: Sendable, Equatable {
    /// Sunrise and sunset: the upper limb on the horizon with standard refraction (34′ + 16′ of semi-diameter).
    public static let horizon = -0.833

    public enum Polar: String, Sendable, Equatable {
        /// The Sun does not set.
        case day
        /// The Sun does not rise.
        case night
    }

    public var astronomicalDawn: Date?
    public var nauticalDawn: Date?
    public var civilDawn: Date?
    public var sunrise: Date?
    /// The Sun on the meridian (its highest).
    public var solarNoon: Date?
    public var sunset: Date?
    public var civilDusk: Date?
    public var nauticalDusk: Date?
    public var astronomicalDusk: Date?
    /// Time with the Sun up during the local day, in seconds: sunset − sunrise on an ordinary day, the whole day in
    /// polar day, 0 in polar night.
    public var dayLength: TimeInterval
    /// Set when the Sun neither rises nor sets that day.
    public var polar: Polar?
    /// The daylight band every five minutes from local midnight (a 23- or 25-hour day has fewer or more).
    public var bands: [DaylightBand]
    /// The Sun's highest altitude that day, degrees.
    public var noonAltitude: Double?

    /// Computes the day. Five-minute samples, each event refined to well under a second.
    public init(on day: LocalDay, at observer: Observer) {
        let start = Instant(day.start).julianDay, end = Instant(day.end).julianDay
        let sampled = Sampled(from: start, to: end, step: 5.0 / 1_440) { jd in
            let instant = Instant(julianDay: jd)
            return SunPosition.equatorial(at: instant)
                .horizontal(observer: observer, siderealTime: instant.apparentSiderealTime).altitude
        }
        func first(_ level: Double, rising: Bool) -> Date? {
            sampled.crossings(of: level).first { $0.rising == rising }.map { Instant(julianDay: $0.julianDay).date }
        }
        func last(_ level: Double, rising: Bool) -> Date? {
            sampled.crossings(of: level).last { $0.rising == rising }.map { Instant(julianDay: $0.julianDay).date }
        }
        astronomicalDawn = first(-18, rising: true)
        nauticalDawn = first(-12, rising: true)
        civilDawn = first(-6, rising: true)
        sunrise = first(Self.horizon, rising: true)
        sunset = last(Self.horizon, rising: false)
        civilDusk = last(-6, rising: false)
        nauticalDusk = last(-12, rising: false)
        astronomicalDusk = last(-18, rising: false)

        let hourAngles = Sampled(from: start, to: end, step: 30.0 / 1_440) { jd in
            let instant = Instant(julianDay: jd)
            return SunPosition.equatorial(at: instant)
                .horizontal(observer: observer, siderealTime: instant.apparentSiderealTime).hourAngle
        }
        solarNoon = hourAngles.crossings(of: 0, within: 90).first { $0.rising }.map {
            Instant(julianDay: $0.julianDay).date
        }
        noonAltitude = solarNoon.map { noon in
            let instant = Instant(noon)
            return SunPosition.equatorial(at: instant)
                .horizontal(observer: observer, siderealTime: instant.apparentSiderealTime).altitude
        }

        // The time above the horizon: from each rise (or midnight, if up) to the next set (or midnight).
        let horizonCrossings = sampled.crossings(of: Self.horizon)
        var up = sampled.values[0] > Self.horizon
        var since = start
        var total = 0.0
        for crossing in horizonCrossings {
            if up, !crossing.rising { total += crossing.julianDay - since }
            if crossing.rising { since = crossing.julianDay }
            up = crossing.rising
        }
        if up { total += end - since }
        dayLength = (total * 86_400).rounded()
        polar = horizonCrossings.isEmpty ? (up ? .day : .night) : nil
        bands = sampled.values.dropLast().map(DaylightBand.init(altitude:))
    }
}
