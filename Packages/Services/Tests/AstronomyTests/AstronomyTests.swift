import Foundation
import Testing

@testable import Astronomy

// Every expected value here is published: worked examples in Jean Meeus, *Astronomical Algorithms*, 2nd ed.
// (Willmann-Bell, 1998), and tables of the U.S. Naval Observatory (USNO). None is this code's own output.

/// An instant given in Terrestrial Time (as Meeus's examples are).
private func ephemeris(_ jde: Double) -> Instant {
    var instant = Instant(julianDay: jde)
    instant.julianDay = jde - DeltaT.seconds(year: instant.decimalYear) / 86_400
    return instant
}

private func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Double = 0) -> Date {
    var components = DateComponents()
    (components.year, components.month, components.day, components.hour, components.minute) =
        (year, month, day, hour, minute)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar.date(from: components)!.addingTimeInterval(second)
}

/// Minutes between two instants.
private func minutes(_ a: Date?, _ b: Date) -> Double {
    guard let a else { return .infinity }
    return abs(a.timeIntervalSince(b)) / 60
}

@Suite("Positions against Meeus's worked examples")
struct PositionTests {
    @Test("Sidereal time, example 12.b: 1987 April 10, 19h21m00s UT")
    func siderealTime() {
        #expect(abs(Instant(julianDay: 2_446_896.306_25).meanSiderealTime - 128.737_873_4) < 1e-6)
    }

    @Test("The subsolar point: on the equator at the March equinox, on the tropic at the June solstice (USNO, 2026)")
    func subsolarPoint() {
        // USNO "Earth's Seasons": 2026 March 20 14:46 UT, June 21 08:24 UT. The obliquity in 2026 is 23.436°.
        let equinox = SunPosition.subsolarPoint(at: Instant(utc(2026, 3, 20, 14, 46)))
        #expect(abs(equinox.latitude) < 0.01)
        let solstice = SunPosition.subsolarPoint(at: Instant(utc(2026, 6, 21, 8, 24)))
        #expect(abs(solstice.latitude - 23.436) < 0.01)
        // At noon UT the Sun is over Greenwich give or take the equation of time (never more than 16.5 min, 4.2°);
        // a day later it is back within a degree.
        for month in 1...12 {
            let noon = SunPosition.subsolarPoint(at: Instant(utc(2026, month, 15, 12, 0)))
            #expect(abs(noon.longitude) < 4.2, "\(month): \(noon.longitude)")
            let next = SunPosition.subsolarPoint(at: Instant(utc(2026, month, 16, 12, 0)))
            #expect(abs(next.longitude - noon.longitude) < 1)
        }
        // Ten hours later, 150° farther west.
        let evening = SunPosition.subsolarPoint(at: Instant(utc(2026, 6, 21, 18, 24)))
        #expect(abs(evening.longitude - (solstice.longitude - 150)) < 0.1)
    }

    @Test("The Sun, example 25.a: 1992 October 13.0 TD")
    func sun() {
        let instant = ephemeris(2_448_908.5)
        let sun = SunPosition.equatorial(at: instant)
        #expect(abs(sun.rightAscension - 198.380_83) < 0.000_05)
        #expect(abs(sun.declination - -7.785_07) < 0.000_05)
        #expect(abs(sun.distance / SunPosition.astronomicalUnit - 0.997_66) < 0.000_01)
    }

    @Test("The Moon, example 47.a: 1992 April 12.0 TD")
    func moon() {
        let instant = ephemeris(2_448_724.5)
        let ecliptic = MoonPosition.ecliptic(at: instant)
        #expect(abs(ecliptic.longitude - 133.162_655) < 0.000_01)
        #expect(abs(ecliptic.latitude - -3.229_126) < 0.000_01)
        #expect(abs(ecliptic.distance - 368_409.7) < 0.1)
        // Apparent right ascension and declination (Meeus's with the full nutation series; ours is within 0.5″).
        let moon = MoonPosition.equatorial(at: instant)
        #expect(abs(moon.rightAscension - 134.688_470) < 0.000_5)
        #expect(abs(moon.declination - 13.768_368) < 0.000_5)
        #expect(abs(MoonPosition.parallax(distance: moon.distance) - 0.991_990) < 0.000_01)
    }

    @Test("The illuminated fraction, example 48.a: 1992 April 12.0 TD, k = 0.6786")
    func illuminatedFraction() {
        let lit = MoonIllumination(at: ephemeris(2_448_724.5))
        #expect(abs(lit.fraction - 0.6786) < 0.001)
        // The bright limb, χ = 285.0°.
        #expect(abs(lit.brightLimb - 285.0) < 0.1)
    }
}

@Suite("Phases of the Moon")
struct PhaseTests {
    @Test("New moon, example 49.a: 1977 February 18, 3h37m42s TD")
    func meeusNewMoon() {
        let found = MoonPhases.next(.newMoon, after: Instant(julianDay: 2_443_180))
        #expect(abs(found.julianEphemerisDay - 2_443_192.651_18) * 1_440 < 1.5)
    }

    @Test(
        "USNO phases of the Moon (UT, to the minute)",
        arguments: [
            // The new moon of the total solar eclipse of 2024 April 8, and the full moon of the total lunar eclipse of
            // 2025 March 14 (USNO, "Phases of the Moon", 2024 and 2025).
            (PrincipalPhase.newMoon, utc(2024, 4, 8, 18, 21)), (PrincipalPhase.fullMoon, utc(2025, 3, 14, 6, 55)),
        ])
    func usnoPhases(phase: PrincipalPhase, expected: Date) {
        let found = MoonPhases.next(phase, after: Instant(expected.addingTimeInterval(-10 * 86_400)))
        #expect(minutes(found.date, expected) < 1.5)
        #expect(
            minutes(MoonPhases.previous(phase, before: Instant(expected.addingTimeInterval(86_400))).date, expected)
                < 1.5)
    }
}

/// A USNO "Rise and Set for the Sun/Moon" year table: for each day of the year, the rise and set as minutes after
/// local midnight, nil where the table is blank (no such event that day).
struct USNOTable {
    var days: [(month: Int, day: Int, rise: Int?, set: Int?)] = []

    init(fixture name: String, filePath: String = #filePath) throws {
        let url = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
            let characters = Array(line)
            guard characters.count > 2, let day = Int(String(characters[0..<2])) else { continue }
            for month in 1...12 {
                func field(_ offset: Int) -> String {
                    let start = 4 + (month - 1) * 11 + offset
                    guard start < characters.count else { return "" }
                    return String(characters[start..<min(start + 4, characters.count)])
                }
                let rise = field(0), set = field(5)
                guard
                    rise.trimmingCharacters(in: .whitespaces).count + set.trimmingCharacters(in: .whitespaces).count
                        > 0
                else { continue }
                func value(_ text: String) -> Int? {
                    guard text.count == 4, let hours = Int(text.prefix(2)), let minutes = Int(text.suffix(2)) else {
                        return nil
                    }
                    return hours * 60 + minutes
                }
                days.append((month, day, value(rise), value(set)))
            }
        }
        // The table is printed a day of every month to a line: in calendar order.
        days.sort { ($0.month, $0.day) < ($1.month, $1.day) }
    }
}

/// One USNO year table, and where and on which clock it was computed.
struct TableCase: Sendable, CustomTestStringConvertible {
    var fixture: String
    var observer: Observer
    /// Seconds east of Greenwich of the table's zone.
    var zoneOffset: Int
    var year: Int
    var moon: Bool
    /// Measured share of times that agree to the minute, in percent (kept as a floor).
    var exactShare: Int

    var testDescription: String { fixture }
}

@Suite("Rise and set against a year of USNO tables, both hemispheres")
struct USNOTableTests {
    static let cases = [
        // Fredonia, AZ: 722 of 730 sun times and 692 of 706 moon times agree to the minute, the rest by one.
        TableCase(
            fixture: "usno-fredonia-2023-sun.txt",
            observer: Observer(latitude: 36 + 57.0 / 60, longitude: -(112 + 31.0 / 60)),
            zoneOffset: -7 * 3_600, year: 2023, moon: false, exactShare: 95),
        TableCase(
            fixture: "usno-fredonia-2023-moon.txt",
            observer: Observer(latitude: 36 + 57.0 / 60, longitude: -(112 + 31.0 / 60)), zoneOffset: -7 * 3_600,
            year: 2023, moon: true, exactShare: 90),
        // 60° south, 150° west, in UT: the Sun's slow, slanting rise near the edge of the range (700 of 730
        // to the minute).
        TableCase(
            fixture: "usno-w150-s60-2019-sun.txt", observer: Observer(latitude: -60, longitude: -150), zoneOffset: 0,
            year: 2019, moon: false, exactShare: 93),
        // 45° south, 150° east, in UT, in 2050 (ΔT extrapolated): 696 of 706 to the minute.
        TableCase(
            fixture: "usno-e150-s45-2050-moon.txt", observer: Observer(latitude: -45, longitude: 150), zoneOffset: 0,
            year: 2050, moon: true, exactShare: 95),
    ]

    /// Minutes after local midnight, rounded to the minute as the tables are.
    static func minuteOfDay(_ date: Date?, _ day: LocalDay) -> Int? {
        date.map { Int(($0.timeIntervalSince(day.start) / 60).rounded()) }
    }

    @Test(
        "Every rise and set of the year: the Sun within one minute, the Moon within three; none where the table has none",
        arguments: cases)
    func table(_ table: TableCase) throws {
        let rows = try USNOTable(fixture: table.fixture)
        #expect(rows.days.count == 365)
        let zone = try #require(TimeZone(secondsFromGMT: table.zoneOffset))
        let tolerance = table.moon ? 3 : 1
        // Every rise and every set of the year as minutes from the first midnight, both ours and the table's: an
        // event in the last seconds of a day is the next day's 00:00 in a table rounded to the minute.
        var ours: (rises: [Int], sets: [Int]) = ([], []), theirs: (rises: [Int], sets: [Int]) = ([], [])
        for (index, entry) in rows.days.enumerated() {
            let day = LocalDay(year: table.year, month: entry.month, day: entry.day, timeZone: zone)
            let found: (rise: Date?, set: Date?)
            if table.moon {
                let moon = MoonDay(on: day, at: table.observer, reference: day.start.addingTimeInterval(43_200))
                found = (moon.moonrise, moon.moonset)
            } else {
                let sun = SunDay(on: day, at: table.observer)
                found = (sun.sunrise, sun.sunset)
            }
            if let rise = Self.minuteOfDay(found.rise, day) { ours.rises.append(index * 1_440 + rise) }
            if let set = Self.minuteOfDay(found.set, day) { ours.sets.append(index * 1_440 + set) }
            if let rise = entry.rise { theirs.rises.append(index * 1_440 + rise) }
            if let set = entry.set { theirs.sets.append(index * 1_440 + set) }
        }
        // As many events as the table, none where it has none: the lists pair one to one.
        #expect(ours.rises.count == theirs.rises.count && ours.sets.count == theirs.sets.count)
        var compared = 0, exact = 0
        for (what, mine, reference) in [("rise", ours.rises, theirs.rises), ("set", ours.sets, theirs.sets)] {
            for (time, expected) in zip(mine, reference) {
                let label = "\(what) on day \(expected / 1_440 + 1) of \(table.year)"
                #expect(
                    abs(time - expected) <= tolerance, "\(label): minute \(time % 1_440) against \(expected % 1_440)")
                compared += 1
                exact += time == expected ? 1 : 0
            }
        }
        #expect(compared > 700)
        // A shift of a few hundredths of a degree in the horizon would move dozens of times by a minute: the share
        // agreeing exactly is a floor too.
        #expect(exact * 100 >= compared * table.exactShare, "\(exact) of \(compared) to the minute")
    }
}

@Suite("Twilight, transit and polar days")
struct DayTests {
    /// USNO, "Sun and Moon Data for One Day", Atlanta (N33.8, W84.4), 2009 September 6, EDT; as quoted in the
    /// PyEphem documentation, "Rising and Setting" (rhodesmill.org/pyephem/rise-set.html).
    @Test("Atlanta, 2009-09-06: civil twilight, sunrise, transit, sunset, moonrise, moonset")
    func atlanta() {
        let day = LocalDay(year: 2009, month: 9, day: 6, timeZone: TimeZone(identifier: "America/New_York")!)
        let sky = SkyDay(on: day, at: Observer(latitude: 33.8, longitude: -84.4))
        // EDT is UT − 4 h.
        #expect(minutes(sky.sun.civilDawn, utc(2009, 9, 6, 10, 50)) <= 1)
        #expect(minutes(sky.sun.sunrise, utc(2009, 9, 6, 11, 15)) <= 1)
        #expect(minutes(sky.sun.solarNoon, utc(2009, 9, 6, 17, 36)) <= 1)
        #expect(minutes(sky.sun.sunset, utc(2009, 9, 6, 23, 56)) <= 1)
        #expect(minutes(sky.sun.civilDusk, utc(2009, 9, 7, 0, 21)) <= 1)
        #expect(minutes(sky.moon.moonset, utc(2009, 9, 6, 13, 5)) <= 3)
        #expect(minutes(sky.moon.moonrise, utc(2009, 9, 7, 0, 44)) <= 3)
    }

    /// USNO annual twilight tables for 2024, zone 5h west (Boston, MA civil; Hartford, CT nautical and astronomical),
    /// June 21, as quoted in the Moira project's tests.
    @Test("Boston and Hartford, 2024-06-21: civil, nautical and astronomical twilight")
    func twilights() {
        let zone = TimeZone(secondsFromGMT: -5 * 3_600)!
        let day = LocalDay(year: 2024, month: 6, day: 21, timeZone: zone)
        let boston = SunDay(on: day, at: Observer(latitude: 42.32, longitude: -71.09))
        #expect(minutes(boston.civilDawn, utc(2024, 6, 21, 8, 33)) <= 1)
        #expect(minutes(boston.civilDusk, utc(2024, 6, 22, 0, 59)) <= 1)
        let hartford = SunDay(on: day, at: Observer(latitude: 41.76, longitude: -72.69))
        #expect(minutes(hartford.nauticalDawn, utc(2024, 6, 21, 7, 58)) <= 1)
        #expect(minutes(hartford.nauticalDusk, utc(2024, 6, 22, 1, 48)) <= 1)
        #expect(minutes(hartford.astronomicalDawn, utc(2024, 6, 21, 7, 5)) <= 1)
        #expect(minutes(hartford.astronomicalDusk, utc(2024, 6, 22, 2, 41)) <= 1)
    }

    static let tromso = Observer(latitude: 69.6496, longitude: 18.957)
    static let oslo = TimeZone(identifier: "Europe/Oslo")!

    @Test("Tromsø at the winter solstice: polar night, with civil twilight at midday")
    func polarNight() {
        let sun = SunDay(on: LocalDay(year: 2026, month: 12, day: 21, timeZone: Self.oslo), at: Self.tromso)
        #expect(sun.polar == .night)
        #expect(sun.sunrise == nil && sun.sunset == nil && sun.dayLength == 0)
        #expect(sun.civilDawn != nil && sun.civilDusk != nil)
        #expect(sun.solarNoon != nil)
        #expect(sun.bands.contains(.civil) && !sun.bands.contains(.day))
    }

    @Test("Tromsø at the summer solstice: polar day, the whole day long")
    func polarDay() {
        let sun = SunDay(on: LocalDay(year: 2026, month: 6, day: 21, timeZone: Self.oslo), at: Self.tromso)
        #expect(sun.polar == .day)
        #expect(sun.dayLength == 86_400)
        #expect(sun.civilDawn == nil && sun.astronomicalDusk == nil)
        #expect(sun.bands.allSatisfy { $0 == .day })
    }

    @Test("A day the clocks go forward is 23 hours long, and its timeline has 23 hours of bands")
    func shortDay() {
        let day = LocalDay(year: 2026, month: 3, day: 8, timeZone: TimeZone(identifier: "America/New_York")!)
        #expect(day.end.timeIntervalSince(day.start) == 23 * 3_600)
        #expect(SunDay(on: day, at: Observer(latitude: 40.7, longitude: -74)).bands.count == 23 * 12)
    }

    @Test("Days lengthen in the northern spring and shorten in the southern one")
    func dayLengthChange() {
        let march = LocalDay(year: 2026, month: 3, day: 20, timeZone: TimeZone(secondsFromGMT: 0)!)
        #expect(SkyDay(on: march, at: Observer(latitude: 51.5, longitude: 0)).dayLengthChange > 180)
        #expect(SkyDay(on: march, at: Observer(latitude: -33.9, longitude: 0)).dayLengthChange < -90)
    }

    @Test("A waxing Moon is lit on the right seen from the north, on the left seen from the south")
    func brightLimbByHemisphere() {
        // 2024-04-13: four days after the new moon of April 8, a waxing crescent.
        let utcZone = TimeZone(secondsFromGMT: 0)!
        let day = LocalDay(year: 2024, month: 4, day: 13, timeZone: utcZone)
        let north = SkyDay(on: day, at: Observer(latitude: 45, longitude: 0)).moon
        let south = SkyDay(on: day, at: Observer(latitude: -34, longitude: 0)).moon
        #expect(north.phase == .waxingCrescent && south.phase == .waxingCrescent)
        // Degrees from the zenith towards the left: 270 is the right, 90 the left.
        #expect(abs(Angle.signed(north.brightLimbFromZenith - 270)) < 45)
        #expect(abs(Angle.signed(south.brightLimbFromZenith - 90)) < 45)
    }

    @Test("The day of a principal phase is named by it; a month lists its phases in order")
    func phaseNames() {
        let zone = TimeZone(secondsFromGMT: 0)!
        let eclipse = SkyDay(
            on: LocalDay(year: 2024, month: 4, day: 8, timeZone: zone), at: Observer(latitude: 0, longitude: 0))
        #expect(eclipse.moon.phase == .newMoon)
        #expect(eclipse.moon.illumination < 0.01)
        #expect(minutes(eclipse.moon.nextNewMoon, utc(2024, 4, 8, 18, 21)) < 1.5)
        let month = MoonMonth(year: 2025, month: 3, timeZone: zone)
        #expect(month.days.count == 31)
        #expect(month.days[13].phase == .fullMoon && month.days[13].illumination > 0.99)
        #expect(month.phases.map(\.phase).contains(.fullMoon))
        #expect(zip(month.phases, month.phases.dropFirst()).allSatisfy { $0.date < $1.date })
        #expect(month.days.allSatisfy { (0...29.6).contains($0.age) })
    }
}

@Suite("Odd days the fuzzer found")
struct OddDayTests {
    @Test("Samoa skipped 2011-12-30: that day has no time, no event, and its month has 30 days")
    func skippedDay() throws {
        let apia = try #require(TimeZone(identifier: "Pacific/Apia"))
        let skipped = LocalDay(year: 2011, month: 12, day: 30, timeZone: apia)
        #expect(!skipped.exists && skipped.adding(days: -1).exists && skipped.adding(days: 1).exists)
        let sky = SkyDay(on: skipped, at: Observer(latitude: -13.83, longitude: -171.76))
        #expect(sky.sun.sunrise == nil && sky.moon.moonrise == nil)
        let month = MoonMonth(year: 2011, month: 12, timeZone: apia)
        #expect(month.days.count == 30 && !month.days.contains { $0.day.day == 30 })
    }

    @Test("A day's timeline has one band per five minutes, however the Julian days round (Casablanca, 1977-05-01)")
    func bandsPerDay() throws {
        let day = LocalDay(
            year: 1977, month: 5, day: 1, timeZone: try #require(TimeZone(identifier: "Africa/Casablanca")))
        let sun = SunDay(on: day, at: Observer(latitude: -79.596, longitude: -178.526))
        #expect(sun.bands.count == Int((day.end.timeIntervalSince(day.start) / 300).rounded(.up)))
    }

    @Test("A long lunation: the Moon's age passes 29.7 days just before the new moon of 1929 January 11")
    func longLunation() {
        let moon = SkyDay(
            on: LocalDay(year: 1929, month: 1, day: 11, timeZone: TimeZone(secondsFromGMT: 0)!),
            at: Observer(latitude: 59.7, longitude: -180)
        ).moon
        // Synodic months run from about 29.27 to 29.83 days.
        #expect(moon.age > 29.5 && moon.age < 29.9)
    }
}
