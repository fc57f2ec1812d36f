import Architecture
import Astronomy
import CitiesService
import CoreKit
import Foundation
import Localization
import WeatherService

extension WeatherViews {
    // MARK: - Hourly

    /// The hours from the current one: 24 hours in 3-hour steps, or 48 hours hour by hour (`step` 1 or 2).
    static func upcomingHours(_ report: WeatherReport, now: Date, step: Int) -> [HourForecast] {
        let start = now.addingTimeInterval(-3_599)
        let upcoming = report.hours.filter { $0.time >= start }
        guard let first = upcoming.first else { return [] }
        let span: TimeInterval = step >= 3 ? 24 * 3600 : 48 * 3600
        return upcoming.filter { hour in
            let offset = hour.time.timeIntervalSince(first.time)
            return offset < span && whole(offset) % (step * 3600) == 0
        }
    }

    static func hourly(
        _ shown: WeatherRepository.Shown, place: Place?, step: Int = 3, frame: Frame,
        ensemble: DataState<EnsembleRepository.Shown, WeatherError>? = nil
    ) -> String {
        let report = shown.report
        let units = frame.units, painter = frame.painter, words = frame.words
        let steps = upcomingHours(report, now: frame.now, step: step)
        var lines = [header(report.location, place: place, frame: frame, note: coverage(steps, step: step, words))]
        let showing = Showing(hourDays: Showing.hours(report, from: frame.now, for: step >= 3 ? 24 : 48))
        guard !steps.isEmpty else {
            lines.append(contentsOf: DisplayWidth.wrapped(noneFromNow(report, .hourly, words), width: frame.width))
            return (lines + footer(shown, place: place, frame: frame, showing: showing)).joined(separator: "\n")
        }
        let table = FittedTable(
            columns: [
                .init(
                    header: words("Time"), cells: steps.map { clock($0.time, report.utcOffset, units.clock, words) }),
                skyColumn(steps.map(\.condition), painter: painter, words: words),
                temperatureColumn(words("Temp"), steps.map(\.temperature), frame),
                .init(
                    header: words("Feels"),
                    cells: steps.map { hour in
                        hour.feelsLike.map { "\(whole(units.temperature.temperature($0))) \(units.temperature.symbol)" }
                            ?? "—"
                    }, alignRight: true, priority: 4,
                    paint: { row, text in
                        steps[row].feelsLike.map { painter.paint(text, ColorScale.temperature($0)) } ?? text
                    }),
            ]
                + rainAndWindColumns(
                    probabilities: steps.map(\.precipitationProbability), amounts: steps.map(\.precipitation),
                    winds: steps.map { hour in
                        hour.windSpeed.map {
                            speed($0, units, words) + (hour.windDirection.map { " " + windArrow($0) } ?? "")
                        } ?? "—"
                    }, windSpeeds: steps.map(\.windSpeed), units: units, painter: painter, words: words,
                    priorities: (rain: 1, amount: 5, wind: 2))
                + [
                    .init(
                        header: "", cells: steps.map { conditionWords($0.condition, words) }, priority: 3,
                        flexible: true)
                ])
        // A new day starts with its date.
        let rows = table.lines(width: frame.width, painter: painter)
        lines.append(rows[0])
        let parser = LocalTime.Parser(utcOffset: report.utcOffset)
        for (index, hour) in steps.enumerated() {
            if index > 0, parser.day(hour.time) != parser.day(steps[index - 1].time) {
                lines.append(painter.paint(dayLabel(parser.day(hour.time), words), .bold))
            }
            lines.append(rows[index + 1])
        }
        if let rain = rainSummary(report, now: frame.now, units: units, words: words) {
            lines += DisplayWidth.wrapped(rain, width: frame.width, indent: "  ").map { painter.paint($0, .cyan) }
        }
        lines.append("")
        lines += chart(report, now: frame.now, hours: step >= 3 ? 24 : 48, frame: frame)
        // `hourly --range`: the ensemble's spread over the same hours, as a shaded band.
        switch ensemble {
        case .loaded(let shown)?:
            let until = LocalTime.day(
                frame.now.addingTimeInterval(Double(step >= 3 ? 24 : 48) * 3600), utcOffset: shown.ensemble.utcOffset)
            let band = rangeChart(shown.ensemble, now: frame.now, until: until, frame: frame)
            if !band.isEmpty {
                lines.append("")
                // The model's name as it is; the runs counted in the language's plural.
                lines += DisplayWidth.wrapped(
                    words.count(
                        "How sure: %2$@, %1$lld runs; 8 in 10 within the band", shown.ensemble.members,
                        shown.ensemble.model.title),
                    width: frame.width
                ).map { painter.paint($0, .dim) }
                lines += band
            }
        case .failed(let error)?:
            lines += DisplayWidth.wrapped(
                words("The ensemble could not be had: %@", words(error.sentence)), width: frame.width
            ).map { painter.paint($0, .dim) }
        default: break
        }
        lines += footer(shown, place: place, frame: frame, showing: showing)
        return lines.joined(separator: "\n")
    }

    /// `next 24 hours, every 3 hours`: what the rows really cover (OpenWeatherMap's hours are 3 apart whatever the
    /// step asked; an old answer may end sooner).
    static func coverage(_ steps: [HourForecast], step: Int, _ words: Words) -> String {
        guard let first = steps.first, let last = steps.last else { return "" }
        let gap = steps.count > 1 ? steps[1].time.timeIntervalSince(first.time) : Double(step) * 3600
        let hours = whole((last.time.timeIntervalSince(first.time) + gap) / 3600)
        let every = whole(gap / 3600)
        // Two phrases, each with its own count: a language's plural of the hours and of the step may differ.
        let next = words.count("next %lld hours", hours)
        return every > 1 ? next + ", " + words.count("every %lld hours", every) : next
    }

    /// Temperatures in the unit chosen, each painted with its colour.
    static func temperatureColumn(
        _ header: String, _ celsius: [Double], _ frame: Frame, priority: Int = 0
    )
        -> FittedTable.Column
    {
        let unit = frame.units.temperature, painter = frame.painter
        return .init(
            header: header, cells: celsius.map { "\(whole(unit.temperature($0))) \(unit.symbol)" }, alignRight: true,
            priority: priority,
            paint: { row, text in painter.paint(text, ColorScale.temperature(celsius[row])) })
    }

    /// The chance of precipitation, its amount (a number under the unit's symbol) and the wind: the same three
    /// columns in the tables of hours, days and parts of days, their headers in `words`.
    static func rainAndWindColumns(
        probabilities: [Double?], amounts: [Double?], winds: [String], windSpeeds: [Double?], units: Units,
        painter: Painter, words: Words, priorities: (rain: Int, amount: Int, wind: Int)
    ) -> [FittedTable.Column] {
        [
            .init(
                header: words("Rain"), cells: probabilities.map { $0.map { "\(whole($0)) %" } ?? "—" },
                alignRight: true, priority: priorities.rain),
            .init(
                header: units.rain.symbol,
                cells: amounts.map { $0.map { units.rain.amount($0).split(separator: " ")[0].description } ?? "—" },
                alignRight: true, priority: priorities.amount,
                paint: { row, text in
                    // Rain by amount (nothing below 0.1 mm).
                    guard let mm = amounts[row], let style = ColorScale.rain(mm) else { return text }
                    return painter.paint(text, style)
                }),
            .init(
                header: words("Wind"), cells: winds, alignRight: true, priority: priorities.wind,
                paint: { row, text in windSpeeds[row].map { painter.paint(text, ColorScale.wind($0)) } ?? text }),
        ]
    }

    /// The sky's glyph, in the colour of its picture.
    static func skyColumn(_ conditions: [Condition], painter: Painter, words: Words) -> FittedTable.Column {
        .init(
            header: words("Sky"), cells: conditions.map(glyph),
            paint: { row, text in painter.paint(text, .color256(iconColor(conditions[row]))) })
    }

    /// What a view has none of from now: the hours, the days, or any forecast at all.
    enum ForecastKind: Sendable {
        case hourly, daily, forecast
    }

    /// What a view says when the data on hand ends before now (an answer kept from days ago): a whole sentence for
    /// each kind, so that a language words each as it must.
    static func noneFromNow(_ report: WeatherReport, _ kind: ForecastKind, _ words: Words) -> String {
        guard let last = report.hours.last?.time else {
            return switch kind {
            case .hourly: words("No hourly forecast in this answer.")
            case .daily: words("No daily forecast in this answer.")
            case .forecast: words("No forecast in this answer.")
            }
        }
        let day = dayLabel(LocalTime.day(last, utcOffset: report.utcOffset), words)
        let time = clock(last, report.utcOffset, .h24, words)
        let ends =
            switch kind {
            case .hourly: words("No hourly forecast from now in this answer: it ends %1$@ %2$@.", day, time)
            case .daily: words("No daily forecast from now in this answer: it ends %1$@ %2$@.", day, time)
            case .forecast: words("No forecast from now in this answer: it ends %1$@ %2$@.", day, time)
            }
        return ends + " " + words("'weather PLACE --refresh' fetches a new one.")
    }

    /// A sparkline of the temperature from the current hour, one column an hour (two when the terminal is narrow),
    /// with now marked.
    static func chart(_ report: WeatherReport, now: Date, hours: Int, frame: Frame) -> [String] {
        let painter = frame.painter, units = frame.units, words = frame.words
        let start = now.addingTimeInterval(-3_599)
        let points = report.hours.filter {
            $0.time >= start && $0.time < start.addingTimeInterval(Double(hours) * 3600 + 3_599)
        }
        guard points.count >= 2, let first = points.first else { return [] }
        // One value an hour, interpolated between 3-hourly points.
        var values: [Double] = []
        for hour in 0..<hours {
            let time = first.time.addingTimeInterval(Double(hour) * 3600)
            guard let after = points.firstIndex(where: { $0.time >= time }) else { break }
            let right = points[after]
            if after == 0 || right.time == time {
                values.append(right.temperature)
            } else {
                let left = points[after - 1]
                let fraction = time.timeIntervalSince(left.time) / right.time.timeIntervalSince(left.time)
                values.append(left.temperature + (right.temperature - left.temperature) * fraction)
            }
        }
        guard let low = values.min(), let high = values.max() else { return [] }
        let label = words("Temperature") + "  "
        let unit = units.temperature
        let range = "\(whole(unit.temperature(low)))…\(whole(unit.temperature(high))) \(unit.symbol)"
        // Widths by display columns: a German label is long, a Japanese one's characters take two columns each.
        let labelColumns = DisplayWidth.columns(of: label), rangeColumns = DisplayWidth.columns(of: range)
        let labelWidth = frame.width >= labelColumns + values.count + 2 + rangeColumns ? labelColumns : 0
        // Every other hour when the hours do not fit.
        let stride = labelWidth + values.count > frame.width ? 2 : 1
        let shown = Swift.stride(from: 0, to: values.count, by: stride).map { values[$0] }
        let levels = Array("▁▂▃▄▅▆▇█")
        let spark = shown.map { value -> String in
            let level = high - low < 0.05 ? 3 : min(7, max(0, whole((value - low) / (high - low) * 7)))
            return painter.paint(String(levels[level]), ColorScale.temperature(value))
        }.joined()
        let end = clock(
            first.time.addingTimeInterval(Double((shown.count - 1) * stride) * 3600), report.utcOffset, units.clock,
            words)
        let nowWord = words("now")
        var top = (labelWidth > 0 ? label : "") + spark
        // `^ now`, then the last hour's time under the sparkline's end.
        let markerColumns = 2 + DisplayWidth.columns(of: nowWord)
        var marker =
            String(repeating: " ", count: labelWidth) + painter.paint("^", .bold) + painter.paint(" " + nowWord, .dim)
            + String(repeating: " ", count: max(1, shown.count - markerColumns - DisplayWidth.columns(of: end)))
            + painter.paint(end, .dim)
        // The range beside the sparkline, else beside the marker, else on a line of its own.
        if labelWidth + shown.count + 2 + rangeColumns <= frame.width {
            top += "  " + range
        } else if DisplayWidth.columns(of: marker) + 2 + rangeColumns <= frame.width {
            marker += "  " + range
        } else {
            return [top, marker, String(repeating: " ", count: labelWidth) + range]
        }
        return [top, marker]
    }

    // MARK: - Days

    /// The days from today (at the place, now), at most `count`.
    static func upcomingDays(_ report: WeatherReport, now: Date, count: Int) -> [DayForecast] {
        let today = LocalTime.day(now, utcOffset: report.utcOffset)
        return Array(report.days.filter { $0.date >= today }.prefix(count))
    }

    static func forecast(
        _ shown: WeatherRepository.Shown, place: Place?, days count: Int = 7, frame: Frame,
        note: String? = nil, normals: ClimateNormals? = nil
    ) -> String {
        let report = shown.report
        let units = frame.units, painter = frame.painter, words = frame.words
        let days = upcomingDays(report, now: frame.now, count: count)
        var lines = [header(report.location, place: place, frame: frame, note: words.count("%lld days", days.count))]
        if let note { lines += DisplayWidth.wrapped(note, width: frame.width).map { painter.paint($0, .dim) } }
        let showing = Showing(days: Set(days.map(\.date)))
        guard let low = days.map(\.minimum).min(), let high = days.map(\.maximum).max() else {
            lines += DisplayWidth.wrapped(
                report.days.isEmpty ? words("No daily forecast in this answer.") : noneFromNow(report, .daily, words),
                width: frame.width)
            return (lines + footer(shown, place: place, frame: frame, showing: showing)).joined(separator: "\n")
        }
        let t = units.temperature
        let barWidth = 20
        let bars = days.map { day -> String in
            let span = max(0.1, high - low)
            let from = min(barWidth - 1, max(0, whole((day.minimum - low) / span * Double(barWidth - 1))))
            let to = min(barWidth - 1, max(from, whole((day.maximum - low) / span * Double(barWidth - 1))))
            return String(repeating: "·", count: from) + String(repeating: "━", count: to - from + 1)
                + String(repeating: "·", count: barWidth - 1 - to)
        }
        let table = FittedTable(
            columns: [
                .init(header: words("Day"), cells: days.map { dayLabel($0.date, words) }),
                skyColumn(days.map(\.condition), painter: painter, words: words),
                .init(
                    header: "", cells: days.map { conditionWords($0.condition, words) }, priority: 3, flexible: true),
                temperatureColumn(words("Min"), days.map(\.minimum), frame),
                temperatureColumn(words("Max"), days.map(\.maximum), frame),
                temperatureColumn(words("Avg"), days.map(\.average), frame, priority: 6),
            ]
                + rainAndWindColumns(
                    probabilities: days.map(\.precipitationProbability), amounts: days.map(\.precipitation),
                    winds: days.map { $0.windSpeed.map { speed($0, units, words) } ?? "—" },
                    windSpeeds: days.map(\.windSpeed), units: units, painter: painter, words: words,
                    priorities: (rain: 1, amount: 5, wind: 2))
                + [
                    .init(
                        header: "\(whole(t.temperature(low)))…\(whole(t.temperature(high))) \(t.symbol)", cells: bars,
                        priority: 4,
                        paint: { row, text in painter.paint(text, ColorScale.temperature(days[row].average)) })
                ])
        lines += table.lines(width: frame.width, painter: painter)
        if let normal = normalLine(report, normals: normals, now: frame.now, units: units, words: words) {
            lines += DisplayWidth.wrapped(normal, width: frame.width, indent: "  ")
        }
        lines += footer(shown, place: place, frame: frame, showing: showing)
        return lines.joined(separator: "\n")
    }

    // MARK: - Parts of the day

    /// A part of a local day, bounded by the place's sun: the night from midnight to sunrise, the morning from
    /// sunrise to solar noon (halfway between sunrise and sunset), the afternoon from solar noon to sunset, the
    /// evening from sunset to midnight. Each belongs to the date it falls in (the night of the 25th is its first
    /// hours, before sunrise). Where the sun does not rise or set that day (a polar day or night) or the answer has
    /// no sun times, the clock's 06:00, 12:00 and 18:00 stand in.
    struct DayPart: Sendable, Equatable {
        enum Name: String, CaseIterable, Sendable {
            case night, morning, afternoon, evening

            /// `Morning`, in the language (the raw value is the JSON's).
            func title(_ words: Words) -> String {
                switch self {
                case .night: words("Night")
                case .morning: words("Morning")
                case .afternoon: words("Afternoon")
                case .evening: words("Evening")
                }
            }
        }

        var date: String
        var part: Name
        /// When the part starts and ends.
        var from: Date
        var to: Date
        /// °C: the mean of the part's hours.
        var temperature: Double
        /// The most severe condition the part's hours have.
        var condition: Condition
        var precipitationProbability: Double?
        /// mm over the part.
        var precipitation: Double?
        /// km/h: the strongest of the part's hours.
        var windSpeed: Double?
    }

    /// The bounds of a date's four parts: midnight, sunrise, solar noon, sunset, midnight.
    static func partBounds(
        of date: String, midnight: Date, report: WeatherReport
    ) -> [(name: DayPart.Name, from: Date, to: Date)] {
        let end = midnight.addingTimeInterval(86_400)
        var rise: Date?, set: Date?
        if let day = report.days.first(where: { $0.date == date }), let sunrise = day.sunrise, let sunset = day.sunset,
            sunrise > midnight, sunset > sunrise, sunset < end
        {
            (rise, set) = (sunrise, sunset)
        } else if report.days.first(where: { $0.date == date })?.sunrise == nil,
            let zone = TimeZone(secondsFromGMT: LocalTime.wholeMinutes(report.utcOffset)),
            case let numbers = date.split(separator: "-").compactMap({ Int($0) }), numbers.count == 3
        {
            // No sun times from the provider (OpenWeatherMap's days): the place's own, computed.
            let sun = SunDay(
                on: LocalDay(year: numbers[0], month: numbers[1], day: numbers[2], timeZone: zone),
                at: Observer(latitude: report.location.latitude, longitude: report.location.longitude))
            // Within the day, as the provider's are: at high latitudes the sun may set after midnight.
            if let sunrise = sun.sunrise, let sunset = sun.sunset, sunrise > midnight, sunset > sunrise, sunset < end {
                (rise, set) = (sunrise, sunset)
            }
        }
        let morning = rise ?? midnight.addingTimeInterval(6 * 3600)
        let evening = set ?? midnight.addingTimeInterval(18 * 3600)
        let noon =
            rise != nil && set != nil
            ? morning.addingTimeInterval(evening.timeIntervalSince(morning) / 2)
            : midnight.addingTimeInterval(12 * 3600)
        return [
            (.night, midnight, morning), (.morning, morning, noon), (.afternoon, noon, evening),
            (.evening, evening, end),
        ]
    }

    /// The parts of `dayCount` days from today that have not ended (the one under way included), from the hours on
    /// hand.
    static func dayParts(_ report: WeatherReport, now: Date, dayCount: Int = 3) -> [DayPart] {
        let parser = LocalTime.Parser(utcOffset: report.utcOffset)
        let today = LocalTime.day(now, utcOffset: report.utcOffset)
        guard let firstMidnight = parser.date(today) else { return [] }
        var parts: [DayPart] = []
        for dayIndex in 0..<dayCount {
            let midnight = firstMidnight.addingTimeInterval(Double(dayIndex) * 86_400)
            let date = parser.day(midnight.addingTimeInterval(43_200))
            for (name, from, to) in partBounds(of: date, midnight: midnight, report: report) where to > now {
                // An hour belongs to the part its middle falls in.
                let hours = report.hours.filter {
                    let middle = $0.time.addingTimeInterval(1800)
                    return middle >= from && middle < to
                }
                guard !hours.isEmpty else { continue }
                let probabilities = hours.compactMap(\.precipitationProbability)
                let amounts = hours.compactMap(\.precipitation)
                let winds = hours.compactMap(\.windSpeed)
                parts.append(
                    DayPart(
                        date: date, part: name, from: from, to: to,
                        temperature: hours.map(\.temperature).reduce(0, +) / Double(hours.count),
                        condition: hours.map(\.condition).max { severity($0) < severity($1) } ?? .unknown,
                        precipitationProbability: probabilities.max(),
                        precipitation: amounts.isEmpty ? nil : amounts.reduce(0, +),
                        windSpeed: winds.max()))
            }
        }
        return parts
    }

    /// How much a condition matters to someone going out: what a part of the day is summed up by.
    static func severity(_ condition: Condition) -> Int {
        switch condition {
        case .unknown: 0
        case .clear: 1
        case .mainlyClear: 2
        case .partlyCloudy: 3
        case .overcast: 4
        case .fog: 5
        case .drizzle: 6
        case .rainShowers: 7
        case .rain: 8
        case .snowShowers: 9
        case .snow: 10
        case .sleet: 11
        case .freezingDrizzle: 12
        case .heavyRain: 13
        case .heavySnow: 14
        case .freezingRain: 15
        case .thunderstorm: 16
        case .thunderstormWithHail: 17
        }
    }

    static func parts(_ shown: WeatherRepository.Shown, place: Place?, frame: Frame) -> String {
        let report = shown.report
        let units = frame.units, painter = frame.painter, words = frame.words
        let parts = dayParts(report, now: frame.now)
        var lines = [header(report.location, place: place, frame: frame, note: words("the next 3 days in parts"))]
        // The parts' dates, and the hours the rain summary reads.
        let showing = Showing(
            hourDays: Set(parts.map(\.date)).union(Showing.hours(report, from: frame.now, for: 24)))
        guard !parts.isEmpty else {
            lines += DisplayWidth.wrapped(noneFromNow(report, .hourly, words), width: frame.width)
            return (lines + footer(shown, place: place, frame: frame, showing: showing)).joined(separator: "\n")
        }
        let table = FittedTable(
            columns: [
                .init(header: "", cells: parts.map { " " + $0.part.title(words) }),
                .init(
                    header: words("Hours"),
                    cells: parts.map {
                        clock($0.from, report.utcOffset, units.clock, words) + "–"
                            + clock($0.to, report.utcOffset, units.clock, words)
                    }, priority: 5),
                skyColumn(parts.map(\.condition), painter: painter, words: words),
                temperatureColumn(words("Temp"), parts.map(\.temperature), frame),
            ]
                + rainAndWindColumns(
                    probabilities: parts.map(\.precipitationProbability), amounts: parts.map(\.precipitation),
                    winds: parts.map { $0.windSpeed.map { speed($0, units, words) } ?? "—" },
                    windSpeeds: parts.map(\.windSpeed),
                    units: units, painter: painter, words: words, priorities: (rain: 1, amount: 3, wind: 2))
                + [
                    .init(
                        header: "", cells: parts.map { conditionWords($0.condition, words) }, priority: 4,
                        flexible: true)
                ])
        let rows = table.lines(width: frame.width, painter: painter)
        lines.append(rows[0])
        for (index, part) in parts.enumerated() {
            if index == 0 || parts[index - 1].date != part.date {
                lines.append(painter.paint(dayLabel(part.date, words), .bold))
            }
            lines.append(rows[index + 1])
        }
        if let rain = rainSummary(report, now: frame.now, units: units, words: words) {
            lines += DisplayWidth.wrapped(rain, width: frame.width, indent: "  ").map { painter.paint($0, .cyan) }
        }
        lines += footer(shown, place: place, frame: frame, showing: showing)
        return lines.joined(separator: "\n")
    }

    // MARK: - Rain

    /// When it will rain in the next 24 hours: "Rain from 14:00 to 18:00 (80 %), 4 mm", "Rain now, until 18:00
    /// (90 %), 2 mm", "Dry for the next 24 hours"; nil when the answer has no hours from now. An hour is wet with
    /// at least 0.1 mm or a chance of 50 % or more; the first run of wet hours is told. A run with less than 0.1 mm
    /// in all is "A chance of rain from … (98 %)": never rain of 0 mm. In English (the views and the JSON say it in
    /// the user's words, `rainSummary(_:now:units:words:)`).
    static func rainSummary(_ report: WeatherReport, now: Date, units: Units) -> String? {
        rainSummary(report, now: now, units: units, words: .english())
    }

    /// The same in `words`.
    static func rainSummary(_ report: WeatherReport, now: Date, units: Units, words: Words) -> String? {
        // Quarter hours, where the provider gives an hour or more of them from now: the day told as `rain` tells it
        // (each step ending at its time), the quarter hours then the hours after them.
        guard report.quarters.filter({ $0.time > now }).count >= 4 else {
            return hourlyRainSummary(
                report, from: now.addingTimeInterval(-3_599), now: now, units: units, words: words)
        }
        let day = now.addingTimeInterval(24 * 3600)
        let outlook = RainOutlook(report, now: now, horizon: 24 * 3600)
        let frame = Frame(units: units, now: now, painter: Painter(enabled: false), words: words)
        return rainSentence(outlook, report: report, horizon: day, frame: frame)
    }

    /// The hourly summary from the hour starting at `from`.
    static func hourlyRainSummary(
        _ report: WeatherReport, from start: Date, now: Date, units: Units, words: Words
    ) -> String? {
        let hours = report.hours.filter { $0.time >= start && $0.time < start.addingTimeInterval(24 * 3600) }
        guard hours.count >= 2 else { return nil }
        let stepLength = hours[1].time.timeIntervalSince(hours[0].time)
        func wet(_ hour: HourForecast) -> Bool {
            (hour.precipitation ?? 0) >= 0.1 || (hour.precipitationProbability ?? 0) >= 50
        }
        guard let first = hours.firstIndex(where: wet) else { return words("Dry for the next 24 hours") }
        var last = first
        while last + 1 < hours.count, wet(hours[last + 1]) { last += 1 }
        let run = hours[first...last]
        let snowy = run.filter { [.snow, .heavySnow, .snowShowers, .sleet].contains($0.condition) }.count
        let amounts = run.compactMap(\.precipitation)
        let total = amounts.reduce(0, +)
        // A chance with nothing measurable expected is a chance, never "rain … 0 mm".
        let dry = !amounts.isEmpty && total < 0.1
        let end = clock(hours[last].time.addingTimeInterval(stepLength), report.utcOffset, units.clock, words)
        let chance =
            run.compactMap(\.precipitationProbability).max().map { " (\(words.number(whole($0))) %)" } ?? ""
        let amount = amounts.isEmpty || dry ? "" : ", " + units.rain.amount(total, words)
        let reachesEnd = last == hours.count - 1
        // From now (nil) while the first hour is under way, else from its time.
        let from: String? =
            first == 0 && start <= now ? nil : clock(hours[first].time, report.utcOffset, units.clock, words)
        let sentence = rainRun(
            snow: snowy * 2 > run.count, onlyAChance: dry, from: from, until: reachesEnd ? nil : end, words)
        return sentence + chance + amount
    }

    /// "Rain from 14:00 to 18:00" and its kin, each a whole sentence in `words`: rain or snow (or "A chance of …"
    /// when nothing measurable is expected), from now (`from` nil) or from a time, until a time or on through the
    /// 24 hours told (`until` nil).
    static func rainRun(snow: Bool, onlyAChance: Bool, from: String?, until: String?, _ words: Words) -> String {
        switch (snow, onlyAChance, from, until) {
        case (false, false, nil, nil): words("Rain now and for the next 24 hours")
        case (true, false, nil, nil): words("Snow now and for the next 24 hours")
        case (false, true, nil, nil): words("A chance of rain now and for the next 24 hours")
        case (true, true, nil, nil): words("A chance of snow now and for the next 24 hours")
        case (false, false, nil, let end?): words("Rain now, until %@", end)
        case (true, false, nil, let end?): words("Snow now, until %@", end)
        case (false, true, nil, let end?): words("A chance of rain now, until %@", end)
        case (true, true, nil, let end?): words("A chance of snow now, until %@", end)
        case (false, false, let start?, nil): words("Rain from %@ on", start)
        case (true, false, let start?, nil): words("Snow from %@ on", start)
        case (false, true, let start?, nil): words("A chance of rain from %@ on", start)
        case (true, true, let start?, nil): words("A chance of snow from %@ on", start)
        case (false, false, let start?, let end?): words("Rain from %1$@ to %2$@", start, end)
        case (true, false, let start?, let end?): words("Snow from %1$@ to %2$@", start, end)
        case (false, true, let start?, let end?): words("A chance of rain from %1$@ to %2$@", start, end)
        case (true, true, let start?, let end?): words("A chance of snow from %1$@ to %2$@", start, end)
        }
    }
}
