import Architecture
import CitiesService
import CoreKit
import Foundation
import Localization
import WeatherService

extension WeatherViews {
    /// wttr.in's parts of a day and their hours: morning 09:00, noon 12:00, evening 18:00, night 21:00 (the titles
    /// in English; `panelPartTitle` says them in the user's language).
    static let panelParts: [(title: String, hour: Int)] = [
        ("Morning", 9), ("Noon", 12), ("Evening", 18), ("Night", 21),
    ]

    /// A title of `panelParts` in the language: `Morning`, `Morgen`, `朝`.
    static func panelPartTitle(_ title: String, _ words: Words) -> String {
        switch title {
        case "Morning": words("Morning")
        case "Noon": words("Noon")
        case "Evening": words("Evening")
        case "Night": words("Night")
        default: title
        }
    }

    /// The forecast hour for a part of a local day: the one nearest its hour, within half the provider's step (a
    /// place half an hour off the hour has 09:30, OpenWeatherMap's 3-hour steps fall anywhere); nil when none is near.
    static func panelHour(_ report: WeatherReport, date: String, hour: Int) -> HourForecast? {
        guard let midnight = LocalTime.date(fromLocal: date, utcOffset: report.utcOffset) else { return nil }
        let target = midnight.addingTimeInterval(Double(hour) * 3600)
        let step =
            report.hours.count > 1 ? report.hours[1].time.timeIntervalSince(report.hours[0].time) : 3600
        guard
            let nearest = report.hours.min(by: {
                abs($0.time.timeIntervalSince(target)) < abs($1.time.timeIntervalSince(target))
            }), abs(nearest.time.timeIntervalSince(target)) <= max(1800, step / 2)
        else { return nil }
        return nearest
    }

    /// The width inside a panel's borders: wttr.in's 30 at the least (four panels and their borders fill 125
    /// columns), and at the most 50.
    static let panelWidth = 30
    static let panelWidthMost = 50

    /// One panel's five lines, `width` columns: the sky's picture, then the sky in words, the temperature and
    /// feels-like, the wind, the visibility, the rain and its chance.
    static func panel(_ hour: HourForecast?, isDay: Bool, width: Int, frame: Frame) -> [String] {
        let units = frame.units, painter = frame.painter, words = frame.words, t = units.temperature
        guard let hour else {
            return [
                DisplayWidth.pad(
                    " " + DisplayWidth.truncated(words("not in the forecast"), toColumns: width - 1), to: width)
            ]
                + Array(repeating: String(repeating: " ", count: width), count: 4)
        }
        let art = icon(hour.condition, isDay: isDay)
        let artWidth = 13, gap = 2
        let textWidth = max(1, width - artWidth - gap - 1)
        func fitted(_ text: String, _ style: Painter.Style?) -> String {
            let cut = DisplayWidth.truncated(text, toColumns: textWidth)
            let padded = DisplayWidth.pad(cut, to: textWidth)
            guard let style else { return padded }
            return painter.paint(cut, style) + String(repeating: " ", count: textWidth - DisplayWidth.columns(of: cut))
        }
        // The numbers in the language's digits and decimal sign (`0,1 mm` in German), the layout wttr.in's.
        var temperature = words.number(whole(t.temperature(hour.temperature)))
        if let feels = hour.feelsLike, whole(t.temperature(feels)) != whole(t.temperature(hour.temperature)) {
            temperature += "(\(words.number(whole(t.temperature(feels)))))"
        }
        temperature += " \(t.symbol)"
        let wind =
            hour.windSpeed.map { (hour.windDirection.map { windArrow($0) + " " } ?? "") + speed($0, units, words) }
            ?? "—"
        let visibility = hour.visibility.map { units.distance.visibility($0, words) } ?? ""
        let amount = hour.precipitation.map { units.rain.amount($0, words) } ?? "—"
        // wttr.in's "0.1 mm | 66%": room for "12.5 mm | 100%" in a panel.
        let rain = amount + (hour.precipitationProbability.map { " | \(words.number(whole($0)))%" } ?? "")
        let texts: [(String, Painter.Style?)] = [
            (conditionWords(hour.condition, words), nil), (temperature, ColorScale.temperature(hour.temperature)),
            (wind, hour.windSpeed.map { ColorScale.wind($0) }), (visibility, nil),
            (rain, hour.precipitation.flatMap { ColorScale.rain($0) }),
        ]
        // Narrower than the picture and a word: the words alone.
        guard width >= artWidth + gap + 8 else {
            return texts.map {
                " " + DisplayWidth.pad(DisplayWidth.truncated($0.0, toColumns: width - 1), to: width - 1)
            }
        }
        return (0..<5).map { index in
            " " + painter.paint(art[index], .color256(iconColor(hour.condition))) + String(repeating: " ", count: gap)
                + fitted(texts[index].0, texts[index].1)
        }
    }

    /// `forecast --panels`: wttr.in's three days, each a row of four panels (morning, noon, evening, night) in a box
    /// under the date — four side by side from 125 columns, two from 63, one below that, each as wide as there is
    /// room for (30 columns inside, as wttr.in's, up to 50 as the terminal allows).
    static func panels(_ shown: WeatherRepository.Shown, place: Place?, frame: Frame, days count: Int = 3) -> String {
        let report = shown.report, words = frame.words
        var lines = [header(report.location, place: place, frame: frame)]
        let today = LocalTime.day(frame.now, utcOffset: report.utcOffset)
        let days = report.days.filter { $0.date >= today }.prefix(count)
        guard !days.isEmpty else {
            lines += DisplayWidth.wrapped(noneFromNow(report, .forecast, words), width: frame.width)
            return lines.joined(separator: "\n")
        }
        let perRow = frame.width >= 4 * (panelWidth + 1) + 1 ? 4 : frame.width >= 2 * (panelWidth + 1) + 1 ? 2 : 1
        // The panels fill the width (wttr.in's 30 inside each at the least, 50 at the most: past that a line of text
        // would stand alone in empty space).
        let inner = min(panelWidthMost, max(perRow == 1 ? 1 : panelWidth, (frame.width - 1) / perRow - 1))
        func center(_ text: String, _ width: Int) -> String {
            let cut = DisplayWidth.truncated(text, toColumns: width)
            let left = (width - DisplayWidth.columns(of: cut)) / 2
            return DisplayWidth.pad(String(repeating: " ", count: left) + cut, to: width)
        }
        for day in days {
            let label = " \(dayLabel(day.date, words)) "
            for chunk in stride(from: 0, to: panelParts.count, by: perRow) {
                let parts = Array(panelParts[chunk..<min(panelParts.count, chunk + perRow)])
                let boxWidth = parts.count * (inner + 1) + 1
                // The top border, with the date in it on the first row of the day.
                var top = "┌" + parts.map { _ in String(repeating: "─", count: inner) }.joined(separator: "┬") + "┐"
                if chunk == 0, DisplayWidth.columns(of: label) + 4 <= boxWidth {
                    let start = (boxWidth - DisplayWidth.columns(of: label)) / 2
                    let characters = Array(top)
                    top =
                        String(characters[..<start]) + frame.painter.paint(label, .bold)
                        + String(characters[(start + DisplayWidth.columns(of: label))...])
                }
                lines.append(top)
                lines.append(
                    "│" + parts.map { center(panelPartTitle($0.title, words), inner) }.joined(separator: "│") + "│")
                lines.append("├" + parts.map { _ in String(repeating: "─", count: inner) }.joined(separator: "┼") + "┤")
                let cells = parts.map { part -> [String] in
                    let hour = panelHour(report, date: day.date, hour: part.hour)
                    let isDay =
                        hour.map { hour in
                            guard let rise = day.sunrise, let set = day.sunset else { return part.hour < 18 }
                            return hour.time >= rise && hour.time < set
                        } ?? true
                    return panel(hour, isDay: isDay, width: inner, frame: frame)
                }
                for row in 0..<5 {
                    lines.append("│" + cells.map { $0[row] }.joined(separator: "│") + "│")
                }
                lines.append("└" + parts.map { _ in String(repeating: "─", count: inner) }.joined(separator: "┴") + "┘")
            }
        }
        lines += footer(
            shown, place: place, frame: frame,
            showing: Showing(days: Set(days.map(\.date)), hourDays: Set(days.map(\.date))))
        return lines.joined(separator: "\n")
    }
}
