import CoreKit
import Foundation

/// Dates and times in the language's conventions (CLDR through Foundation): the order of day, month and year, the
/// month and weekday names, the 12- or 24-hour clock, the week's first day. Never a table of names of our own.
extension Words {
    private func style(_ zone: TimeZone) -> Date.FormatStyle {
        Date.FormatStyle(locale: locale, calendar: calendar(zone), timeZone: zone)
    }

    /// The Gregorian calendar in the language's conventions (its first weekday) at `zone`.
    public func calendar(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        calendar.timeZone = zone
        return calendar
    }

    /// The clock at `zone` to the nearest minute (as almanacs give it): `07:42`, `7:42 AM` in American English,
    /// `오전 7:42`; `hours24` forces the 24-hour (true) or 12-hour (false) clock; `dropZeroMinutes` writes a
    /// 12-hour time on the hour without its minutes (`2 pm`).
    public func time(_ date: Date, _ zone: TimeZone, hours24: Bool? = nil, dropZeroMinutes: Bool = false) -> String {
        let rounded = Date(timeIntervalSince1970: ((date.timeIntervalSince1970 + 30) / 60).rounded(.down) * 60)
        switch hours24 {
        case true?:
            // `HH:mm` whatever the language's habit, in its digits.
            let parts = calendar(zone).dateComponents([.hour, .minute], from: rounded)
            return number(parts.hour ?? 0, minimumDigits: 2) + ":" + number(parts.minute ?? 0, minimumDigits: 2)
        case false?:
            // The language's 12-hour form (`4:26 pm`, `午後4:26`, `오후 4:26`, `4:26 م`), whatever its habit.
            var components = Locale.Components(locale: locale)
            components.hourCycle = .oneToTwelve
            let twelve = Locale(components: components)
            var calendar = calendar(zone)
            calendar.locale = twelve
            let style = Date.FormatStyle(locale: twelve, calendar: calendar, timeZone: zone)
            let onTheHour = calendar.component(.minute, from: rounded) == 0
            // `2 pm` on the hour when asked (`午後2時`), `2:30 pm` otherwise.
            return Self.withoutBidiMarks(
                rounded.formatted(dropZeroMinutes && onTheHour ? style.hour() : style.hour().minute()))
        case nil:
            // English's clock is `HH:mm` (en_GB): the hour and minute, without ICU's pattern generator and date
            // format (half a millisecond of a one-shot `sky`, issue 30); the same text as ICU's (`EnglishDatesTests`).
            if writesByHand {
                let minute = minuteOfDay(rounded, zone)
                return number(minute / 60, minimumDigits: 2) + ":" + number(minute % 60, minimumDigits: 2)
            }
            return Self.withoutBidiMarks(rounded.formatted(style(zone).hour().minute()))
        }
    }

    /// Makes ready what a process's first date costs (ICU's calendar, its time zones, `language`'s names of days and
    /// months: 1.5–2 ms, issue 30) by writing one, at Greenwich: for a command to have it done while it waits for
    /// something else (a one-shot `sky` while the store opens). A date in any zone then costs a tenth of that.
    public static func prepareDates(_ language: Language) {
        _ = english().in(language).longDate(Date(timeIntervalSince1970: 0), .gmt)
    }

    /// `Monday, 21 December 2026`, `Montag, 21. Dezember 2026`, `2026年12月21日 月曜日`.
    public func longDate(_ date: Date, _ zone: TimeZone) -> String {
        if writesByHand {
            return english(
                date, zone, "\(weekday: .wide), \(day: .defaultDigits) \(month: .wide) \(year: .defaultDigits)")
        }
        return Self.withoutBidiMarks(date.formatted(style(zone).weekday(.wide).day().month(.wide).year()))
    }

    /// `Thu 26 Nov`, `Do., 26. Nov.`, `11月26日(木)`.
    public func shortDate(_ date: Date, _ zone: TimeZone) -> String {
        if writesByHand {
            return english(date, zone, "\(weekday: .abbreviated) \(day: .defaultDigits) \(month: .abbreviated)")
        }
        return Self.withoutBidiMarks(date.formatted(style(zone).weekday(.abbreviated).day().month(.abbreviated)))
    }

    /// `December 2026`, `декабрь 2026 г.`, `2026年12月`: a calendar's title.
    public func monthAndYear(_ date: Date, _ zone: TimeZone) -> String {
        if writesByHand { return english(date, zone, "\(month: .wide) \(year: .defaultDigits)") }
        return Self.withoutBidiMarks(date.formatted(style(zone).month(.wide).year()))
    }

    /// English's date in the pattern its fields make in en_GB, the names still CLDR's (ICU's), without ICU's pattern
    /// generator: a third of a millisecond of a one-shot `sky` (issue 30). The same text as the generator's pattern
    /// for every date (`EnglishDatesTests`).
    private func english(_ date: Date, _ zone: TimeZone, _ pattern: Date.FormatString) -> String {
        Self.withoutBidiMarks(
            date.formatted(
                Date.VerbatimFormatStyle(format: pattern, locale: locale, timeZone: zone, calendar: calendar(zone))))
    }

    /// The minutes since midnight on the wall clock at `zone` (the zone's offset at `date`), counted without
    /// Foundation's `Calendar`, whose first use is a fifth of a millisecond of a one-shot command (issue 30), for the
    /// years 1 to 9999; `Calendar`'s answer outside them (it clamps dates far off).
    private func minuteOfDay(_ date: Date, _ zone: TimeZone) -> Int {
        let since1970 = date.timeIntervalSince1970
        guard (-62_135_596_800..<253_402_300_800).contains(since1970) else {
            let parts = calendar(zone).dateComponents([.hour, .minute], from: date)
            return (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
        }
        let local = Int((since1970 + Double(zone.secondsFromGMT(for: date))).rounded(.down))
        return (local % 86_400 + 86_400) % 86_400 / 60
    }

    /// The weekdays from the language's first day of the week, each with its index (0 Sunday … 6 Saturday): CLDR's
    /// short names (`Mo`, `Di`, `月`, `周一`), or its shortest (`M`, `ن`) when a short one is wider than `columns`.
    public func weekdayColumns(_ zone: TimeZone, fitting columns: Int = .max) -> [(name: String, weekday: Int)] {
        let calendar = calendar(zone)
        let short = calendar.shortStandaloneWeekdaySymbols
        let names =
            short.allSatisfy { DisplayWidth.columns(of: $0) <= columns }
            ? short : calendar.veryShortStandaloneWeekdaySymbols
        return (0..<7).map { offset in
            let weekday = (calendar.firstWeekday - 1 + offset) % 7
            return (names[weekday], weekday)
        }
    }

    /// A whole number with at least `minimumDigits` digits (`07`), in the language's digits, no grouping.
    public func number(_ value: Int, minimumDigits: Int) -> String {
        if writesByHand {
            // ASCII digits, no grouping, a minus before the padding (not counted in it): ICU's text, without ICU
            // (issue 30).
            return FixedDigits.padded(value, width: minimumDigits + (value < 0 ? 1 : 0))
        }
        return Self.withoutBidiMarks(
            value.formatted(.number.precision(.integerLength(minimumDigits...)).grouping(.never).locale(locale)))
    }
}
