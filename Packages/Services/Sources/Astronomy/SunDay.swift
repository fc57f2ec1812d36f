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
        // Each level's crossings are found (and bisected) once: its dawn is the first rising one, its dusk the last
        // setting one.
        let crossings = [-18, -12, -6, Self.horizon].map { sampled.crossings(of: $0) }
        func dawn(_ index: Int) -> Date? {
            crossings[index].first { $0.rising }.map { Instant(julianDay: $0.julianDay).date }
        }
        func dusk(_ index: Int) -> Date? {
            crossings[index].last { !$0.rising }.map { Instant(julianDay: $0.julianDay).date }
        }
        (astronomicalDawn, nauticalDawn, civilDawn, sunrise) = (dawn(0), dawn(1), dawn(2), dawn(3))
        (sunset, civilDusk, nauticalDusk, astronomicalDusk) = (dusk(3), dusk(2), dusk(1), dusk(0))

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
        let horizonCrossings = crossings[3]
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
