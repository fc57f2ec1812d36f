import Architecture
import CitiesService
import CoreKit
import Foundation
import Localization
import WeatherService

extension WeatherViews {
    /// `30–70 %`, `40 %`: the lowest and highest chance of the day's quarters; nil when none is known.
    static func chanceRange(_ day: EnsembleForecast.Day, _ words: Words) -> String? {
        let known = day.rainChances.compactMap { $0 }
        guard let low = known.min(), let high = known.max() else { return nil }
        let (a, b) = (whole(low * 100), whole(high * 100))
        return a == b ? "\(words.number(a)) %" : "\(words.number(a))–\(words.number(b)) %"
    }

    /// `12 to 17 °C`, `15 °C`: from the 10th to the 90th percentile, in the unit.
    static func degreeRange(_ p10: Double, _ p90: Double, _ unit: TemperatureUnit, _ words: Words) -> String {
        let (a, b) = (whole(unit.temperature(p10)), whole(unit.temperature(p90)))
        return a == b
            ? "\(words.number(a)) \(unit.symbol)"
            : words("%1$@ to %2$@", words.number(a), "\(words.number(b)) \(unit.symbol)")
    }

    /// "Thu 12 to 17 °C, most likely 15; rain 30–70 %": a day of the ensemble in words.
    static func rangeSentence(_ day: EnsembleForecast.Day, units: Units, words: Words) -> String {
        let t = units.temperature
        let span = degreeRange(day.high.p10, day.high.p90, t, words)
        let likely = words.number(whole(t.temperature(day.high.p50)))
        let sentence = words("%1$@ %2$@, most likely %3$@", dayLabel(day.date, words), span, likely)
        return sentence + (chanceRange(day, words).map { words.semicolon + words("rain %@", $0) } ?? "")
    }

    /// The days the ensemble has from today, at most `count`.
    static func rangeDays(_ ensemble: EnsembleForecast, now: Date, count: Int) -> [EnsembleForecast.Day] {
        let today = LocalTime.day(now, utcOffset: ensemble.utcOffset)
        return Array(ensemble.days.filter { $0.date >= today }.prefix(count))
    }

    /// `forecast --range`: each day's high as the runs spread it (8 in 10 within the range, the median most likely),
    /// the low likewise, the chance of rain across the day's quarters, and a band of the whole spread on one scale.
    static func range(
        _ shown: EnsembleRepository.Shown, place: Place?, days count: Int, frame: Frame, fetchedNote: String? = nil
    ) -> String {
        let ensemble = shown.ensemble, units = frame.units, painter = frame.painter, t = units.temperature
        let words = frame.words
        let days = rangeDays(ensemble, now: frame.now, count: count)
        var lines = [
            header(
                ensemble.location, place: place, frame: frame,
                note: words.count("how sure: %2$@, %lld runs", ensemble.members, ensemble.model.title))
        ]
        guard !days.isEmpty else {
            lines += DisplayWidth.wrapped(
                words("The ensemble on hand has no days from today; 'forecast --range --refresh' asks again."),
                width: frame.width)
            return lines.joined(separator: "\n")
        }
        if days.count < count {
            let reach =
                ensemble.model == .gem
                ? words.count(
                    "%2$@ reaches %lld days from today; %3$@ were asked for.", days.count, ensemble.model.title,
                    words.number(count))
                : words.count(
                    "%2$@ reaches %lld days from today; %3$@ were asked for (--model gem reaches 16).", days.count,
                    ensemble.model.title, words.number(count))
            lines += DisplayWidth.wrapped(reach, width: frame.width).map { painter.paint($0, .dim) }
        }
        func degrees(_ celsius: Double) -> Int { whole(t.temperature(celsius)) }
        func span(_ p: EnsembleForecast.Percentiles) -> String { degreeRange(p.p10, p.p90, t, words) }
        let lowest = days.map(\.low.p10).min() ?? 0, highest = days.map(\.high.p90).max() ?? 1
        let bandWidth = 16
        let band: [String] = days.map { day in
            (0..<bandWidth).map { x -> String in
                let value = lowest + (Double(x) + 0.5) / Double(bandWidth) * max(0.1, highest - lowest)
                let character: String =
                    value >= day.low.p50 && value <= day.high.p50
                    ? "█" : value >= day.low.p10 && value <= day.high.p90 ? "▒" : "·"
                return character == "·" ? character : painter.paint(character, ColorScale.temperature(value))
            }.joined()
        }
        let table = FittedTable(
            columns: [
                .init(header: words("Day"), cells: days.map { dayLabel($0.date, words) }),
                .init(
                    header: words("High"), cells: days.map { span($0.high) }, alignRight: true,
                    paint: { row, text in painter.paint(text, ColorScale.temperature(days[row].high.p50)) }),
                .init(
                    header: words("Likely"), cells: days.map { "\(degrees($0.high.p50)) \(t.symbol)" },
                    alignRight: true, priority: 3),
                .init(
                    header: words("Low"), cells: days.map { span($0.low) }, alignRight: true, priority: 2,
                    paint: { row, text in painter.paint(text, ColorScale.temperature(days[row].low.p50)) }),
                .init(
                    header: words("Rain"), cells: days.map { chanceRange($0, words) ?? "—" }, alignRight: true,
                    priority: 1),
                .init(
                    header: "\(degrees(lowest))…\(degrees(highest)) \(t.symbol)", cells: band, priority: 4),
            ])
        lines += table.lines(width: frame.width, painter: painter)
        lines += rangeChart(ensemble, now: frame.now, until: days.last?.date, frame: frame)
        // The surest and the least sure day, by the spread of the high.
        func width(_ day: EnsembleForecast.Day) -> Int { degrees(day.high.p90) - degrees(day.high.p10) }
        if days.count >= 3, let surest = days.min(by: { width($0) < width($1) }),
            let least = days.max(by: { width($0) < width($1) }), width(least) > width(surest)
        {
            func within(_ day: EnsembleForecast.Day) -> String { "\(words.number(width(day)))\u{A0}\(t.symbol)" }
            lines += DisplayWidth.wrapped(
                words(
                    "Surest: %1$@ (the high within %2$@); least sure: %3$@ (within %4$@).",
                    dayLabel(surest.date, words), within(surest), dayLabel(least.date, words), within(least)),
                width: frame.width)
        }
        // The legend, a sentence at a time.
        let legend = [
            words("8 runs in 10 fall within each range; the median is the likeliest."),
            words(
                "Rain: the share of runs with 0.1 mm or more in each quarter of the day, the lowest to the highest."),
            words("Band: ▒ the lows' and highs' ranges, █ from the likeliest low to the likeliest high."),
        ]
        lines += DisplayWidth.wrapped(legend.joined(separator: words.sentenceSpace), width: frame.width).map {
            painter.paint($0, .dim)
        }
        if let fetchedNote {
            lines += DisplayWidth.wrapped(fetchedNote, width: frame.width).map { painter.paint($0, .dim) }
        }
        return lines.joined(separator: "\n")
    }
}

extension WeatherViews {
    /// The hours ahead as a shaded band in braille, three character rows high: at each hour the runs' temperatures
    /// from the 10th to the 90th percentile filled, coloured by the median; a scale at the left and the days under it.
    static func rangeChart(_ ensemble: EnsembleForecast, now: Date, until last: String?, frame: Frame) -> [String] {
        let t = frame.units.temperature, painter = frame.painter
        let labelWidth = 7
        let columns = frame.width - labelWidth - 1
        guard columns >= 12 else { return [] }
        let hours = ensemble.hours.filter { hour in
            hour.time > now.addingTimeInterval(-3600)
                && last.map { LocalTime.day(hour.time, utcOffset: ensemble.utcOffset) <= $0 } ?? true
        }.prefix(columns * 2)
        guard hours.count >= 4, let lowest = hours.map(\.temperature.p10).min(),
            let highest = hours.map(\.temperature.p90).max()
        else { return [] }
        let bottom = (t.temperature(lowest)).rounded(.down), top = max(bottom + 1, t.temperature(highest).rounded(.up))
        let rows = 3, dotRows = rows * 4
        func y(_ celsius: Double) -> Int {
            let fraction = (t.temperature(celsius) - bottom) / (top - bottom)
            return max(0, min(dotRows - 1, dotRows - 1 - Int((fraction * Double(dotRows - 1)).rounded())))
        }
        let width = (hours.count + 1) / 2
        var canvas = BrailleCanvas(columns: width, rows: rows)
        for (index, hour) in hours.enumerated() {
            for row in y(hour.temperature.p90)...y(hour.temperature.p10) { canvas.set(x: index, y: row) }
        }
        let list = Array(hours)
        var lines: [String] = []
        for row in 0..<rows {
            var text = ""
            for column in 0..<width {
                let (character, isEmpty) = canvas.character(column: column, row: row)
                let median = list[min(list.count - 1, column * 2)].temperature.p50
                text += isEmpty ? character : painter.paint(character, ColorScale.temperature(median))
            }
            let label =
                row == 0 ? "\(whole(top)) \(t.symbol)" : row == rows - 1 ? "\(whole(bottom)) \(t.symbol)" : ""
            lines.append(
                String(repeating: " ", count: max(0, labelWidth - 1 - DisplayWidth.columns(of: label))) + label + " "
                    + text)
        }
        // The days under it, at their midnights: each weekday's short name in the language (`Thu`, `Do`, `木`), by
        // display width.
        let calendar = frame.words.calendar(.gmt)
        var axis = LabelAxis(columns: width)
        for (index, hour) in list.enumerated() where index > 0 {
            let day = LocalTime.day(hour.time, utcOffset: ensemble.utcOffset)
            guard day != LocalTime.day(list[index - 1].time, utcOffset: ensemble.utcOffset),
                let date = LocalTime.date(fromLocal: day, utcOffset: 0)
            else { continue }
            let weekday = calendar.component(.weekday, from: date.addingTimeInterval(12 * 3600))
            axis.place("╵" + calendar.shortStandaloneWeekdaySymbols[weekday - 1], at: index / 2, before: 1, after: 0)
        }
        lines.append(String(repeating: " ", count: labelWidth) + axis.text)
        return lines
    }
}

/// `forecast --range` in JSON: each day's percentiles and chances, and each hour's.
struct RangeDocument: JSONDocument {
    static let kind = "forecast-range"

    struct Percentiles: Encodable, Sendable {
        var p10: Double
        var p50: Double
        var p90: Double
    }

    struct Day: Encodable, Sendable {
        var date: String
        var high: Percentiles
        var low: Percentiles
        /// Percent of runs with 0.1 mm or more in the night, morning, afternoon and evening (null where not reached).
        var rainChances: [Double?]
        /// Percent of runs with 1 mm or more in the day (left out where the runs give no precipitation).
        var wetChance: Double?
        /// In `precipitationUnit` (left out where the runs give none).
        var precipitation: Percentiles?
        var summary: String
    }

    struct Hour: Encodable, Sendable {
        var time: Date
        var temperature: Percentiles
        /// Percent of runs with 0.1 mm or more in the hour before `time` (left out where none gives it).
        var rainChance: Double?
    }

    var location: WeatherDocument.Location
    /// `ecmwf_ifs025_ensemble`…: Open-Meteo's name of the model.
    var model: String
    var members: Int
    var unit: String
    var precipitationUnit: String
    var fetchedAt: Date
    var stale: Bool
    var days: [Day]
    var hours: [Hour]

    init(
        _ shown: EnsembleRepository.Shown, days count: Int, now: Date, units: Units, words: Words = .english()
    ) {
        let ensemble = shown.ensemble, t = units.temperature
        func degrees(_ p: EnsembleForecast.Percentiles) -> Percentiles {
            func round(_ celsius: Double) -> Double { (t.temperature(celsius) * 10).rounded() / 10 }
            return Percentiles(p10: round(p.p10), p50: round(p.p50), p90: round(p.p90))
        }
        func percent(_ share: Double) -> Double { (share * 1000).rounded() / 10 }
        location = WeatherDocument.Location(ensemble.location)
        model = ensemble.model.rawValue
        members = ensemble.members
        unit = t.rawValue
        precipitationUnit = units.rain.symbol
        fetchedAt = shown.fetchedAt
        stale = now.timeIntervalSince(shown.fetchedAt) > 6 * 3600 || shown.staleBecause != nil
        days = WeatherViews.rangeDays(ensemble, now: now, count: count).map { day in
            Day(
                date: day.date, high: degrees(day.high), low: degrees(day.low),
                rainChances: day.rainChances.map { $0.map(percent) }, wetChance: day.wetChance.map(percent),
                precipitation: day.precipitation.map {
                    Percentiles(
                        p10: units.rain.value($0.p10), p50: units.rain.value($0.p50), p90: units.rain.value($0.p90))
                },
                summary: WeatherViews.rangeSentence(day, units: units, words: words))
        }
        let last = days.last.map(\.date)
        hours = ensemble.hours.filter { hour in
            hour.time > now.addingTimeInterval(-3600)
                && last.map { LocalTime.day(hour.time, utcOffset: ensemble.utcOffset) <= $0 } ?? false
        }.map { Hour(time: $0.time, temperature: degrees($0.temperature), rainChance: $0.rainChance.map(percent)) }
    }
}
