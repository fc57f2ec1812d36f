import Architecture
import CitiesService
import CoreKit
import Foundation
import Localization
import WeatherService

extension WeatherViews {
    /// `late November`, `Ende November`, `конец ноября`: the month's first, middle or last ten days (the month as
    /// the language names it in a date, the form a phrase such as "late …" takes).
    static func timeOfYear(_ date: String, _ words: Words) -> String? {
        let parts = date.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, (1...12).contains(parts[1]) else { return nil }
        let month = words.calendar(.gmt).monthSymbols[parts[1] - 1]
        return parts[2] <= 10
            ? words("early %@", month) : parts[2] <= 20 ? words("mid %@", month) : words("late %@", month)
    }

    /// How today's high compares with the same days of the reference years: "Today's high 8 °C is 6 °C warmer than
    /// usual for late November (1991–2020: 2 °C; among the warmest 10 % of days)"; nil without today's forecast or
    /// its normal.
    static func normalLine(
        _ report: WeatherReport, normals: ClimateNormals?, now: Date, units: Units, words: Words
    ) -> String? {
        let today = LocalTime.day(now, utcOffset: report.utcOffset)
        guard let normals, let day = report.days.first(where: { $0.date == today }),
            let normal = normals.normal(for: today), let when = timeOfYear(today, words)
        else { return nil }
        let t = units.temperature
        func degrees(_ celsius: Double) -> String { "\(words.number(whole(t.temperature(celsius)))) \(t.symbol)" }
        let high = day.maximum
        let difference = whole(t.temperature(high)) - whole(t.temperature(normal.high.mean))
        // In the brackets: the reference years and their usual high, and where today's falls among their days.
        let rank =
            high >= normal.high.p90
            ? words.semicolon + words("among the warmest 10 %% of days")
            : high <= normal.high.p10 ? words.semicolon + words("among the coldest 10 %% of days") : ""
        let reference = "\(years(normals)): \(degrees(normal.high.mean))\(rank)"
        guard difference != 0 else {
            return words("Today's high %1$@ is usual for %2$@ (%3$@)", degrees(high), when, reference)
        }
        let by = "\(words.number(abs(difference))) \(t.symbol)"
        return difference > 0
            ? words("Today's high %1$@ is %2$@ warmer than usual for %3$@ (%4$@)", degrees(high), by, when, reference)
            : words("Today's high %1$@ is %2$@ colder than usual for %3$@ (%4$@)", degrees(high), by, when, reference)
    }

    /// The same in English, for a caller not yet given the user's words.
    static func normalLine(_ report: WeatherReport, normals: ClimateNormals?, now: Date, units: Units) -> String? {
        normalLine(report, normals: normals, now: now, units: units, words: .english())
    }

    /// `1991–2020`: the reference years (never grouped as a number would be).
    static func years(_ normals: ClimateNormals) -> String { "\(normals.firstYear)–\(normals.lastYear)" }

    /// The normals of each month: the mean of its days' usual high and low, its usual precipitation and wet days.
    struct MonthNormal: Equatable {
        var month: Int
        var high: Double
        var low: Double
        var precipitation: Double?
        var wetDays: Double?
    }

    static func monthNormals(_ normals: ClimateNormals) -> [MonthNormal] {
        let lengths = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        var start = 0
        return lengths.enumerated().compactMap { month, length in
            defer { start += length }
            // A normal year: February's 29th counts a quarter.
            let days = (start..<(start + length)).compactMap { index in normals.days[index].map { (index, $0) } }
            guard !days.isEmpty else { return nil }
            func weight(_ index: Int) -> Double { index == 59 ? 0.25 : 1 }
            let total = days.map { weight($0.0) }.reduce(0, +)
            func mean(_ value: (DayNormal) -> Double?) -> Double? {
                let pairs = days.compactMap { day in value(day.1).map { ($0, weight(day.0)) } }
                guard !pairs.isEmpty else { return nil }
                return pairs.map { $0.0 * $0.1 }.reduce(0, +) / pairs.map(\.1).reduce(0, +)
            }
            return MonthNormal(
                month: month + 1, high: mean { $0.high.mean } ?? 0, low: mean { $0.low.mean } ?? 0,
                precipitation: mean { $0.precipitation }.map { $0 * total },
                wetDays: mean { $0.wetDays }.map { $0 * total })
        }
    }

    /// `normals [PLACE]`: the year's usual highs and lows in braille with the forecast's days on them, how today
    /// compares, and a table of the months.
    static func normals(
        _ shown: WeatherRepository.Shown, normals: ClimateNormals, place: Place?, frame: Frame
    ) -> String {
        let report = shown.report, units = frame.units, t = units.temperature, painter = frame.painter
        let words = frame.words
        var lines = [
            header(report.location, place: place, frame: frame, note: words("the usual year, %@", years(normals)))
        ]
        lines += normalsChart(report, normals: normals, frame: frame)
        let today = LocalTime.day(frame.now, utcOffset: report.utcOffset)
        if let normal = normals.normal(for: today) {
            func degrees(_ celsius: Double) -> String { words.number(whole(t.temperature(celsius))) }
            let usual = words(
                "Usual for %1$@: high %2$@ (%3$@ on 8 days in 10), low %4$@", timeOfYear(today, words) ?? today,
                degrees(normal.high.mean), "\(degrees(normal.high.p10))–\(degrees(normal.high.p90))",
                "\(degrees(normal.low.mean)) \(t.symbol)")
            lines += DisplayWidth.wrapped(usual, width: frame.width)
        }
        if let line = normalLine(report, normals: normals, now: frame.now, units: units, words: words) {
            lines += DisplayWidth.wrapped(line, width: frame.width, indent: "  ").map { painter.paint($0, .cyan) }
        }
        let months = monthNormals(normals)
        // Rain only where the archive gave it.
        let rain: [FittedTable.Column] =
            months.contains { $0.precipitation != nil }
            ? [
                .init(
                    header: words("Rain"),
                    cells: months.map { $0.precipitation.map { units.rain.amount($0) } ?? "—" },
                    alignRight: true, priority: 1),
                .init(
                    header: words("Wet days"), cells: months.map { $0.wetDays.map { "\(whole($0))" } ?? "—" },
                    alignRight: true, priority: 2),
            ] : []
        // The months' short names as the language writes them standing alone (`Jan`, `Jän.`, `1月`).
        let names = words.calendar(.gmt).shortStandaloneMonthSymbols
        let table = FittedTable(
            columns: [
                .init(header: words("Month"), cells: months.map { names[$0.month - 1] }),
                temperatureColumn(words("High"), months.map(\.high), frame),
                temperatureColumn(words("Low"), months.map(\.low), frame),
            ] + rain)
        lines += [""] + table.lines(width: frame.width, painter: painter)
        let source = words.count(
            "Each day: the %2$@ days within %lld days of it, from %3$@'s historical weather (ERA5 reanalysis), computed once and kept for months.",
            ClimateNormals.window, years(normals), "Open-Meteo")
        let rainNote = rain.isEmpty ? words("The archive gave no rain.") : words("A wet day has 1 mm or more.")
        lines += DisplayWidth.wrapped(source + words.sentenceSpace + rainNote, width: frame.width).map {
            painter.paint($0, .dim)
        }
        return lines.joined(separator: "\n")
    }

    /// The year in braille, January to December: the usual high and low (the mean of the days around each date) as
    /// lines, the forecast's highs and lows as marks in colour, a temperature scale at the left and the months under it.
    static func normalsChart(_ report: WeatherReport, normals: ClimateNormals, frame: Frame) -> [String] {
        let t = frame.units.temperature, painter = frame.painter
        let known = normals.days.compactMap { $0 }
        guard !known.isEmpty else { return [] }
        let forecast = report.days.compactMap { day -> (Int, DayForecast)? in
            let parts = day.date.split(separator: "-").compactMap { Int($0) }
            guard parts.count == 3, let index = ClimateNormals.index(month: parts[1], day: parts[2]) else {
                return nil
            }
            return (index, day)
        }
        let values =
            known.flatMap { [t.temperature($0.high.mean), t.temperature($0.low.mean)] }
            + forecast.flatMap { [t.temperature($0.1.maximum), t.temperature($0.1.minimum)] }
        guard let lowest = values.min(), let highest = values.max() else { return [] }
        let step: Double = 10
        let bottom = (lowest / step).rounded(.down) * step,
            top = max(bottom + step, (highest / step).rounded(.up) * step)
        let labelWidth = 7
        let columns = max(24, min(frame.width - labelWidth - 1, 183))
        let rows = frame.width >= 80 ? 8 : 6
        var canvas = BrailleCanvas(columns: columns, rows: rows)
        let dots = (x: canvas.width, y: canvas.height)
        var marked = [[Bool]](repeating: [Bool](repeating: false, count: columns), count: rows)
        func y(_ value: Double) -> Int {
            let fraction = (value - bottom) / (top - bottom)
            return max(0, min(dots.y - 1, dots.y - 1 - Int((fraction * Double(dots.y - 1)).rounded())))
        }
        func x(_ day: Int) -> Int { min(dots.x - 1, day * dots.x / 366) }
        // The usual high and low, each a line joined across columns.
        for series in [{ (d: DayNormal) in d.high.mean }, { (d: DayNormal) in d.low.mean }] {
            var previous: Int?
            for column in 0..<dots.x {
                let day = min(365, column * 366 / dots.x)
                guard let normal = normals.days[day] else {
                    previous = nil
                    continue
                }
                let row = y(t.temperature(series(normal)))
                let from = previous ?? row
                for r in min(from, row)...max(from, row) { canvas.set(x: column, y: r) }
                previous = row
            }
        }
        // The forecast's days: their high and low, marked.
        for (day, forecastDay) in forecast {
            for value in [forecastDay.maximum, forecastDay.minimum] {
                let row = y(t.temperature(value)), column = x(day)
                canvas.set(x: column, y: row)
                marked[row / 4][column / 2] = true
            }
        }
        var lines: [String] = []
        for row in 0..<rows {
            var text = ""
            for column in 0..<columns {
                let character = canvas.character(column: column, row: row).character
                text += marked[row][column] ? painter.paint(character, .bold, .yellow) : character
            }
            // The scale: the top and the bottom of the chart, and a round value in between where its row is.
            let label: String
            switch row {
            case 0: label = "\(whole(top)) \(t.symbol)"
            case rows - 1: label = "\(whole(bottom)) \(t.symbol)"
            default:
                let middle = ((top + bottom) / 2 / 5).rounded() * 5
                label = y(middle) / 4 == row ? "\(whole(middle)) \(t.symbol)" : ""
            }
            lines.append(
                String(repeating: " ", count: max(0, labelWidth - 1 - DisplayWidth.columns(of: label))) + label + " "
                    + text)
        }
        // The months' short names at their first day (`Jan`, `1月`), or their initials where a name would run into
        // the next month's (a narrow terminal, a language's longer names): by display width.
        let starts = [0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335]
        let room =
            zip(starts, Array(starts.dropFirst()) + [366]).map { $1 * columns / 366 - $0 * columns / 366 }.min() ?? 0
        let calendar = frame.words.calendar(.gmt)
        let short = calendar.shortStandaloneMonthSymbols
        let names =
            columns >= 72 && short.allSatisfy({ DisplayWidth.columns(of: $0) < room })
            ? short : calendar.veryShortStandaloneMonthSymbols
        var axis = LabelAxis(columns: columns)
        for (month, start) in starts.enumerated() {
            axis.place(names[month], at: start * columns / 366, before: 0, after: 0)
        }
        lines.append(String(repeating: " ", count: labelWidth) + axis.text)
        // The legend, with the forecast's mark in its colour where the words put it.
        let legend = frame.words("the usual high and low; %@ the forecast", "\u{1}")
            .split(separator: "\u{1}", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : painter.paint(String($0), .dim) }
        lines.append(
            String(repeating: " ", count: labelWidth) + legend.joined(separator: painter.paint("⠶", .bold, .yellow)))
        return lines
    }
}

/// `normals` in JSON: the place's normals of every day of the year and of each month, and how today compares.
struct NormalsDocument: JSONDocument {
    static let kind = "normals"

    struct Day: Encodable, Sendable {
        /// `11-22`.
        var date: String
        var high: Double
        var highP10: Double
        var highP90: Double
        var low: Double
        var lowP10: Double
        var lowP90: Double
        var precipitation: Double?
        var wetDays: Double?
    }

    struct Month: Encodable, Sendable {
        var month: Int
        var high: Double
        var low: Double
        var precipitation: Double?
        var wetDays: Double?
    }

    struct Today: Encodable, Sendable {
        var date: String
        /// The sentence the views say ("Today's high 8 °C is 6 °C warmer than usual…").
        var summary: String
        var high: Double
        var usualHigh: Double
        /// `high − usualHigh`, in `unit`.
        var difference: Double
        /// The share of the reference days with a lower high, 0…100, from their percentiles.
        var percentile: Double
    }

    var location: WeatherDocument.Location
    var unit: String
    var precipitationUnit: String
    var firstYear: Int
    var lastYear: Int
    var windowDays: Int
    var fetchedAt: Date
    var summary: String?
    var today: Today?
    var months: [Month]
    var days: [Day]

    init(
        _ normals: ClimateNormals, report: WeatherReport, fetchedAt: Date, now: Date, units: Units,
        words: Words = .english()
    ) {
        let t = units.temperature
        func degrees(_ celsius: Double) -> Double { (t.temperature(celsius) * 10).rounded() / 10 }
        location = WeatherDocument.Location(report.location)
        unit = t.rawValue
        precipitationUnit = units.rain.symbol
        firstYear = normals.firstYear
        lastYear = normals.lastYear
        windowDays = ClimateNormals.window
        self.fetchedAt = fetchedAt
        // The sentence in the user's language, as the views say it.
        summary = WeatherViews.normalLine(report, normals: normals, now: now, units: units, words: words)
        today = Self.today(normals, report: report, now: now, units: units, words: words)
        months = WeatherViews.monthNormals(normals).map {
            Month(
                month: $0.month, high: degrees($0.high), low: degrees($0.low),
                precipitation: $0.precipitation.map { units.rain.value($0) },
                wetDays: $0.wetDays.map { ($0 * 10).rounded() / 10 })
        }
        let lengths = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        var labels: [String] = []
        for (month, length) in lengths.enumerated() {
            for day in 1...length {
                labels.append(FixedDigits.padded(month + 1, width: 2) + "-" + FixedDigits.padded(day, width: 2))
            }
        }
        days = zip(labels, normals.days).compactMap { label, normal in
            normal.map {
                Day(
                    date: label, high: degrees($0.high.mean), highP10: degrees($0.high.p10),
                    highP90: degrees($0.high.p90), low: degrees($0.low.mean), lowP10: degrees($0.low.p10),
                    lowP90: degrees($0.low.p90), precipitation: $0.precipitation.map { units.rain.value($0) },
                    wetDays: $0.wetDays.map { ($0 * 100).rounded() / 100 })
            }
        }
    }

    /// How today's high compares, in the units shown; nil without today's forecast or its normal.
    static func today(
        _ normals: ClimateNormals, report: WeatherReport, now: Date, units: Units, words: Words = .english()
    ) -> Today? {
        let t = units.temperature
        func degrees(_ celsius: Double) -> Double { (t.temperature(celsius) * 10).rounded() / 10 }
        let date = LocalTime.day(now, utcOffset: report.utcOffset)
        guard let day = report.days.first(where: { $0.date == date }), let normal = normals.normal(for: date),
            let summary = WeatherViews.normalLine(
                report, normals: normals, now: now, units: units, words: words)
        else { return nil }
        return Today(
            date: date, summary: summary, high: degrees(day.maximum), usualHigh: degrees(normal.high.mean),
            difference: ((degrees(day.maximum) - degrees(normal.high.mean)) * 10).rounded() / 10,
            percentile: (percentile(day.maximum, normal.high) * 10).rounded() / 10)
    }

    /// Where a value falls among the reference days, by linear steps between their percentiles (0 below the 10th's
    /// reach is said as 5, above the 90th's as 95: the tails are not known finer).
    static func percentile(_ value: Double, _ spread: Spread) -> Double {
        let points: [(Double, Double)] = [
            (spread.p10, 10), (spread.p25, 25), (spread.p50, 50), (spread.p75, 75), (spread.p90, 90),
        ]
        if value < spread.p10 { return 5 }
        if value > spread.p90 { return 95 }
        for (lower, upper) in zip(points, points.dropFirst()) where value <= upper.0 {
            guard upper.0 > lower.0 else { return upper.1 }
            return lower.1 + (value - lower.0) / (upper.0 - lower.0) * (upper.1 - lower.1)
        }
        return 90
    }
}
