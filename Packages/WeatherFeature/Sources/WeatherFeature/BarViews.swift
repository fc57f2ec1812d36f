import Architecture
import CitiesService
import CoreKit
import Foundation
import Localization
import WeatherAlerts
import WeatherService

/// The status bars `weather --line --format BAR` writes for: each reads its own shape from a script's output.
enum StatusBar: String, CaseIterable, Sendable {
    /// Waybar's `custom` module with `return-type: json`: one JSON object a line, `text`, `tooltip`, `class`,
    /// `percentage`; text and tooltip are Pango markup.
    case waybar
    /// i3blocks' plain protocol: the full text, the short text and the colour (`#RRGGBB`), a line each.
    case i3blocks
    /// Polybar's `custom/script` module: one line, coloured with its `%{F#rrggbb}…%{F-}` tags.
    case polybar

    static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

extension WeatherViews {
    /// The class of a temperature for a bar's style sheet: `freezing` below 0 °C, `cold` below 10, `mild` below 20,
    /// `warm` below 30, `hot` from 30 (on the Celsius scale whatever unit is shown, so that a style sheet holds).
    static func temperatureBand(_ celsius: Double) -> String {
        switch celsius {
        case ..<0: "freezing"
        case ..<10: "cold"
        case ..<20: "mild"
        case ..<30: "warm"
        default: "hot"
        }
    }

    /// What a bar is told: the line (as `--line` makes it), the next hours for a tooltip, the classes, the chance of
    /// rain within the hour and the colour. One function of the data for the three bars.
    struct BarContent: Equatable {
        var text: String
        var short: String
        var tooltip: [String]
        var classes: [String]
        /// The chance of precipitation in the coming hour, percent: what Waybar's `format-icons` can pick by.
        var percentage: Int?
        /// `#RRGGBB`: the warning's colour while one is in force, else the temperature's on the scale of every view.
        var colour: String
    }

    static func barContent(
        _ shown: WeatherRepository.Shown, place: Place?, frame: Frame, warning: WeatherAlert?
    ) -> BarContent {
        let report = shown.report, current = report.current, units = frame.units, words = frame.words
        var wide = frame
        wide.width = 60
        let text = line(shown, place: place, frame: wide, warning: warning)
        func degrees(_ celsius: Double) -> String {
            "\(words.number(whole(units.temperature.temperature(celsius)))) \(units.temperature.symbol)"
        }
        let short = (warning == nil ? "" : "⚠ ") + current.condition.glyph + " " + degrees(current.temperature)
        var tooltip: [String] = []
        var heading = frame.name(of: report.location)
        if !report.location.country.isEmpty {
            heading += ", " + (place?.region.map { "\($0.terminalSafe), " } ?? "") + report.location.country
        }
        tooltip.append(heading)
        if let warning { tooltip.append("⚠ " + warningName(warning)) }
        // The sky, the temperature (and what it feels like), the wind: a list, each piece whole in the language.
        var now = [
            conditionWords(current.condition, words),
            degrees(current.temperature) + (current.feelsLike.map { " " + words("(feels %@)", degrees($0)) } ?? ""),
        ]
        if let wind = current.windSpeed {
            now.append(
                words("wind %@", (current.windDirection.map { windArrow($0) + " " } ?? "") + speed(wind, units, words)))
        }
        tooltip.append(now.joined(separator: ", "))
        let hours = upcomingHours(report, now: frame.now, step: 1).filter { $0.time > frame.now }.prefix(6)
        for hour in hours {
            var row =
                "\(clock(hour.time, report.utcOffset, units.clock, words))  \(hour.condition.glyph) "
                + degrees(hour.temperature)
            if let chance = hour.precipitationProbability { row += "  ☂ \(words.number(whole(chance))) %" }
            if let amount = hour.precipitation, amount >= 0.1 { row += " \(units.rain.amount(amount, words))" }
            tooltip.append(row)
        }
        if shown.isOld(now: frame.now) {
            tooltip.append(words("Data %@ old", shortAge(shown.age(now: frame.now), words)))
        }
        var classes = [temperatureBand(current.temperature)]
        if let warning { classes += ["warning", "warning-\(warning.drawnSeverity.rawValue)"] }
        if shown.isOld(now: frame.now) { classes.append("stale") }
        // The hour under way: the first that ends after now (a provider's hour holds the hour before its time).
        let hourUnderWay = report.hours.first { $0.time > frame.now }
        let percentage = hourUnderWay?.precipitationProbability.map { max(0, min(100, whole($0))) }
        let rgb: (UInt8, UInt8, UInt8)
        if let colour = warning?.drawnSeverity.colour {
            rgb = (colour.red, colour.green, colour.blue)
        } else if case .rgb(let r, let g, let b) = ColorScale.temperature(current.temperature) {
            rgb = (r, g, b)
        } else {
            rgb = (255, 255, 255)
        }
        return BarContent(
            text: text, short: short, tooltip: tooltip, classes: classes, percentage: percentage,
            colour: String(format: "#%02X%02X%02X", rgb.0, rgb.1, rgb.2))
    }

    /// The bar's output, written as it is (never cut to the terminal's width).
    static func bar(_ bar: StatusBar, _ content: BarContent) -> String {
        switch bar {
        case .waybar:
            struct Waybar: Encodable {
                var text: String
                var tooltip: String
                var `class`: [String]
                var percentage: Int?
            }
            let object = Waybar(
                text: pango(content.text), tooltip: content.tooltip.map(pango).joined(separator: "\n"),
                class: content.classes, percentage: content.percentage)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
            // Strings and numbers only: it always encodes.
            return (try? encoder.encode(object)).flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
        case .i3blocks:
            return [content.text, content.short, content.colour].joined(separator: "\n")
        case .polybar:
            // `%{` opens a tag: a name holding one must not become one.
            let text = content.text.replacingEvery("%{", with: "% {")
            return "%{F\(content.colour)}\(text)%{F-}"
        }
    }

    /// Text for Pango markup (Waybar's text and tooltip): `&`, `<` and `>` as entities.
    static func pango(_ text: String) -> String {
        text.replacingEvery("&", with: "&amp;").replacingEvery("<", with: "&lt;")
            .replacingEvery(">", with: "&gt;")
    }
}
