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

    /// Computes the day: the Sun's place from six-hourly positions, its transits, and each level's crossings
    /// solved for between them (`Crossings`), to a hundredth of a second.
    public init(on day: LocalDay, at observer: Observer) {
        let start = Instant(day.start).julianDay, end = Instant(day.end).julianDay
        let track = Track(from: start, to: end, SunPosition.equatorial(at:))
        let levels = [-18, -12, -6, Self.horizon]
        let solved = Crossings(track: track, observer: observer, from: start, to: end, levels: levels) {
            track.altitude(at: $0, observer: observer).altitude
        }
        // Its dawn is a level's first rising crossing, its dusk the last setting one.
        func dawn(_ level: Int) -> Date? {
            solved.all.first { $0.level == level && $0.rising }.map { Instant(julianDay: $0.julianDay).date }
        }
        func dusk(_ level: Int) -> Date? {
            solved.all.last { $0.level == level && !$0.rising }.map { Instant(julianDay: $0.julianDay).date }
        }
        (astronomicalDawn, nauticalDawn, civilDawn, sunrise) = (dawn(0), dawn(1), dawn(2), dawn(3))
        (sunset, civilDusk, nauticalDusk, astronomicalDusk) = (dusk(3), dusk(2), dusk(1), dusk(0))
        solarNoon = solved.upperTransits.first.map { Instant(julianDay: $0).date }
        noonAltitude = solarNoon.map { noon in
            let instant = Instant(noon)
            return SunPosition.equatorial(at: instant)
                .horizontal(observer: observer, siderealTime: instant.apparentSiderealTime).altitude
        }

        // The time above the horizon: from each rise (or midnight, if up) to the next set (or midnight).
        let horizonCrossings = solved.all.filter { $0.level == 3 }
        var up = solved.startHeights[3] > 0
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

        // The band every five minutes, from the crossings: above how many of the levels the Sun is.
        let count = max(2, Int(((end - start) / (5.0 / 1_440) - 1e-6).rounded(.up)) + 1)
        let spacing = (end - start) / Double(count - 1)
        var above = solved.startHeights.filter { $0 > 0 }.count
        var next = 0
        var bands: [DaylightBand] = []
        bands.reserveCapacity(count - 1)
        for index in 0..<(count - 1) {
            let time = start + Double(index) * spacing
            while next < solved.all.count, solved.all[next].julianDay <= time {
                let crossing = solved.all[next]
                above = crossing.rising ? crossing.level + 1 : crossing.level
                next += 1
            }
            bands.append([.night, .astronomical, .nautical, .civil, .day][above])
        }
        self.bands = bands
    }
}
