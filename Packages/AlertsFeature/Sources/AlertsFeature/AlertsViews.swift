import Architecture
import CitiesService
import CoreKit
import Foundation
import WeatherAlerts

/// The warnings' views: pure functions from the model's state to text, as wide as the terminal allows. Every text from
/// a service is made safe for the terminal here.
enum AlertsViews {
    /// What `alerts` shows for a place whose service answered (now, or earlier when it cannot be reached now).
    /// - Parameter areaNames: the names MeteoAlarm's areas were matched against (the place's and its region's, or
    ///   for a point the nearest town's).
    static func report(
        _ shown: AlertsModel.Shown, place: Place, areaNames: [String] = [], now: Date, width: Int, painter: Painter,
        full: Bool = false
    ) -> String {
        let width = max(20, width)
        let zone = TimeZone(identifier: place.timeZone) ?? .gmt
        let alerts = shown.report.alerts.shown(at: now)
        let service = shown.report.source.name
        let checked = "checked \(age(now.timeIntervalSince(shown.fetchedAt)))"
        var lines: [String] = []
        if let failure = shown.failure {
            lines += wrap(
                "\(service) could not be asked now (\(clean(failure.message).trimmingCharacters(in: ["."]))); "
                    + "what it answered \(age(now.timeIntervalSince(shown.fetchedAt))), which may have changed:",
                width
            ).map { painter.paint($0, .yellow) }
            lines.append("")
        }
        if alerts.isEmpty, shown.report.isUnmatched(at: now) {
            // The country has warnings, none in an area of the place's name: never "no warnings".
            let names = (areaNames.isEmpty ? [place.name] : areaNames).map { "'\(clean($0))'" }
                .joined(separator: " or ")
            let others = shown.report.otherAreas(at: now)
            lines += wrap(
                "Whether \(name(place)) is under a warning cannot be told: MeteoAlarm names areas, not points, and no "
                    + "area under a warning in \(countryName(place.country)) is named \(names). Areas under warnings "
                    + "(\(service), \(checked)): \(list(others)).",
                width)
            return lines.joined(separator: "\n")
        }
        if alerts.isEmpty {
            let sentence =
                shown.isStale
                ? "No warnings were in force for \(name(place)) when \(service) last answered, \(age(now.timeIntervalSince(shown.fetchedAt)))."
                : "No warnings in force for \(name(place)) (\(service), \(checked))."
            lines += wrap(sentence, width)
        } else {
            lines += wrap("Warnings for \(name(place))", width).map { painter.paint($0, .bold) }
            lines += wrap("\(service) · \(checked) · times in \(zoneName(zone, now))", width).map {
                painter.paint($0, .dim)
            }
            for alert in alerts {
                lines.append("")
                lines += card(alert, zone: zone, now: now, width: width, painter: painter, full: full)
            }
        }
        if let matching = matchingNote(shown.report, alerts: alerts, now: now, width: width) {
            lines.append("")
            lines += matching.map { painter.paint($0, .dim) }
        }
        return lines.joined(separator: "\n")
    }

    /// A place no service covers: said plainly, never as "no warnings".
    static func notCovered(_ message: String, width: Int) -> String {
        wrap(clean(message), max(20, width)).joined(separator: "\n")
    }

    /// One warning: its level in its colour and the event, when, where, the headline, the description (its first
    /// four lines unless `full`), what to do, who issued it and where to read more.
    static func card(
        _ alert: WeatherAlert, zone: TimeZone, now: Date, width: Int, painter: Painter, full: Bool = false
    ) -> [String] {
        let tag = levelWord(alert)
        var lines = wrap("■ \(tag)  \(clean(alert.event))", width).enumerated().map { index, line in
            guard index == 0 else { return painter.paint(line, .bold) }
            let head = "■ \(tag)"
            return painter.paint(head, style(alert), .bold) + painter.paint(String(line.dropFirst(head.count)), .bold)
        }
        lines += wrap(period(alert, zone: zone, now: now), width, indent: "  ")
        if !alert.area.isEmpty {
            lines += limited(wrap("Area: " + clean(alert.area), width, indent: "  "), to: 3, width: width)
        }
        let headline = alert.headline.map(clean) ?? ""
        if !headline.isEmpty { lines += wrap(headline, width, indent: "  ").map { painter.paint($0, .bold) } }
        let description = paragraphs(alert.description ?? "")
        if !description.isEmpty, description != [headline] {
            let wrapped = description.flatMap { wrap($0, width, indent: "  ") }
            lines += full ? wrapped : limited(wrapped, to: 4, width: width)
        }
        var instruction = paragraphs(alert.instruction ?? "")
        if !instruction.isEmpty {
            instruction[0] = "What to do: " + instruction[0]
            lines += instruction.flatMap { wrap($0, width, indent: "  ") }
        }
        let source = [alert.sender.map(clean), alert.url.map(clean)].compactMap { $0 }.filter { !$0.isEmpty }
        if !source.isEmpty {
            lines += wrap(source.joined(separator: " · "), width, indent: "  ").map { painter.paint($0, .dim) }
        }
        return lines
    }

    /// "In force until 19:45", "From tomorrow 06:00 until Sat 28 Nov 18:00", in the place's time.
    static func period(_ alert: WeatherAlert, zone: TimeZone, now: Date) -> String {
        let until = alert.expires.map { " until " + time($0, zone: zone, now: now) } ?? ", no end given"
        if let onset = alert.onset, onset > now {
            return "From " + time(onset, zone: zone, now: now) + (alert.expires == nil ? ", no end given" : until)
        }
        return "In force" + until
    }

    /// "19:45" today, "tomorrow 06:00", else "Sat 28 Nov 18:00", in the place's time.
    static func time(_ date: Date, zone: TimeZone, now: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let clock = format(date, "HH:mm", zone)
        if calendar.isDate(date, inSameDayAs: now) { return clock }
        if let tomorrow = calendar.date(byAdding: .day, value: 1, to: now), calendar.isDate(date, inSameDayAs: tomorrow)
        {
            return "tomorrow " + clock
        }
        return format(date, "EEE d MMM HH:mm", zone)
    }

    /// The service's own word for the level: its colour (MET Norway, MeteoAlarm, Environment Canada), else CAP's
    /// severity (NWS).
    static func levelWord(_ alert: WeatherAlert) -> String {
        (alert.level.map(clean).flatMap { $0.isEmpty ? nil : $0 } ?? alert.severity.rawValue).uppercased()
    }

    /// The warning's colour (`WeatherAlert.colour`, the services' own scale); dim when it has none.
    static func style(_ alert: WeatherAlert) -> Painter.Style {
        alert.colour.map { .rgb($0.red, $0.green, $0.blue) } ?? .dim
    }

    /// MeteoAlarm names areas, not points: which area was matched, and the other areas under warnings, so that a
    /// person can judge.
    static func matchingNote(_ report: AlertReport, alerts: [WeatherAlert], now: Date, width: Int) -> [String]? {
        guard report.source == .meteoAlarm else { return nil }
        let matched = Array(Set(report.alerts.map(\.area))).sorted()
        var text = "MeteoAlarm names areas, not points: matched by name, \(matched.map(clean).joined(separator: ", "))."
        let others = report.otherAreas(at: now)
        if !others.isEmpty { text += " Other areas under warnings: \(list(others))." }
        return wrap(text, width)
    }

    /// At most eight names, and how many more ("'--format json alerts' lists them all").
    static func list(_ names: [String]) -> String {
        let shown = names.prefix(8).map(clean).joined(separator: ", ")
        return names.count > 8 ? "\(shown) and \(names.count - 8) more ('--format json alerts' lists them all)" : shown
    }

    /// `Croatia` for `HR`, in English.
    static func countryName(_ code: String) -> String {
        Locale(identifier: "en_US").localizedString(forRegionCode: code).map(clean) ?? clean(code)
    }

    // MARK: - Helpers

    /// "Phoenix, AZ, US"; "Oslo, NO" (a region of the place's own name is not said twice).
    static func name(_ place: Place) -> String {
        let region = place.region == place.name ? "" : place.region ?? ""
        return [place.name, region, place.country].filter { !$0.isEmpty }.map(clean).joined(separator: ", ")
    }

    /// "2 min ago", "3 h ago", "2 days ago".
    static func age(_ seconds: TimeInterval) -> String {
        let minutes = Int((max(0, seconds) / 60).rounded(.down))
        switch minutes {
        case 0: return "just now"
        case 1..<120: return "\(minutes) min ago"
        case 120..<(48 * 60): return "\(minutes / 60) h ago"
        default: return "\(minutes / 1440) days ago"
        }
    }

    static func zoneName(_ zone: TimeZone, _ date: Date) -> String {
        zone.abbreviation(for: date).map { "\(zone.identifier) (\($0))" } ?? zone.identifier
    }

    /// A service's text made safe for the terminal: no escape or control characters; runs of blanks and line
    /// breaks as one space (the services break lines at 70 columns, the view wraps to the terminal's).
    static func clean(_ text: String) -> String {
        TerminalText.sanitize(text).split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// A service's text as its paragraphs (blank lines apart), each made safe and on one line (the services break
    /// lines at about 70 columns; the view wraps to the terminal's).
    static func paragraphs(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n\n").map(clean)
            .filter { !$0.isEmpty }
    }

    static func wrap(_ text: String, _ width: Int, indent: String = "") -> [String] {
        DisplayWidth.wrapped(indent + text, width: width, indent: indent)
    }

    /// At most `count` lines, the last ending with "…" when some were left out.
    static func limited(_ lines: [String], to count: Int, width: Int) -> [String] {
        guard lines.count > count else { return lines }
        var kept = Array(lines.prefix(count))
        kept[count - 1] = DisplayWidth.truncated(kept[count - 1] + " …", toColumns: width)
        if !kept[count - 1].hasSuffix("…") { kept[count - 1] = String(kept[count - 1].dropLast()) + "…" }
        return kept
    }

    static func format(_ date: Date, _ pattern: String, _ zone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_GB")
        formatter.timeZone = zone
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }
}
