import CoreKit
import Foundation

/// The Sun and the Moon over one local day at one place: what `sky` shows.
public struct SkyDay: Sendable, Equatable {
    public var day: LocalDay
    public var observer: Observer
    public var sun: SunDay
    /// Today's day length minus yesterday's, in seconds.
    public var dayLengthChange: TimeInterval
    public var moon: MoonDay

    public init(on day: LocalDay, at observer: Observer) {
        self.day = day
        self.observer = observer
        sun = SunDay(on: day, at: observer)
        dayLengthChange = sun.dayLength - SunDay(on: day.adding(days: -1), at: observer).dayLength
        // The fraction at the city's solar noon; noon by the clock if the Sun has no transit that day (it always
        // has one, but a 23-hour day could in principle miss it).
        let reference = sun.solarNoon ?? day.start.addingTimeInterval(day.end.timeIntervalSince(day.start) / 2)
        moon = MoonDay(on: day, at: observer, reference: reference)
    }
}

/// The Moon's phases over a month, day by day: what `moon --month` shows.
public struct MoonMonth: Sendable, Equatable {
    public struct Day: Sendable, Equatable {
        public var day: LocalDay
        public var phase: MoonPhase
        /// At local noon.
        public var illumination: Double
        public var age: Double
        /// The principal phase that happens this day, with its instant.
        public var event: Date?
    }

    public var year: Int
    public var month: Int
    public var days: [Day]
    /// Every principal phase in the month, in order.
    public var phases: [(phase: PrincipalPhase, date: Date)]

    /// `2026-12`, as `LocalDay.isoDate` writes a day.
    public var isoMonth: String { FixedDigits.padded(year, width: 4) + "-" + FixedDigits.padded(month, width: 2) }

    public init(year: Int, month: Int, timeZone: TimeZone) {
        self.year = year
        self.month = month
        let first = LocalDay(year: year, month: month, day: 1, timeZone: timeZone)
        let count = (0..<31).prefix { first.adding(days: $0).month == month }.count
        let start = Instant(first.start), end = Instant(first.adding(days: count).start)
        // From a little before the month, for the age on its first days.
        let events = MoonPhases.all(from: start.adding(days: -31), to: end)
        phases = events.filter { $0.instant >= start }.map { ($0.phase, $0.instant.date) }
        var days: [Day] = []
        for offset in 0..<count {
            let day = first.adding(days: offset)
            // A day the clocks skipped has no noon and no phase.
            guard day.exists else { continue }
            let dayStart = Instant(day.start), dayEnd = Instant(day.end)
            let noon = dayStart.adding(days: (dayEnd.julianDay - dayStart.julianDay) / 2)
            let lit = MoonIllumination(at: noon)
            let event = events.first { $0.instant >= dayStart && $0.instant < dayEnd }
            let lastNew = events.last { $0.phase == .newMoon && $0.instant <= noon }
            days.append(
                Day(
                    day: day, phase: event.map { MoonPhase($0.phase) } ?? MoonPhase(elongation: lit.elongation),
                    illumination: lit.fraction,
                    age: lastNew.map { noon.julianDay - $0.instant.julianDay }
                        ?? noon.julianDay - MoonPhases.previous(.newMoon, before: noon).julianDay,
                    event: event?.instant.date))
        }
        self.days = days
    }

    public static func == (a: MoonMonth, b: MoonMonth) -> Bool {
        a.year == b.year && a.month == b.month && a.days == b.days
            && a.phases.map(\.phase) == b.phases.map(\.phase) && a.phases.map(\.date) == b.phases.map(\.date)
    }
}
