import Architecture
import CitiesService
import CoreKit
import Foundation
import Localization
import WeatherAlerts

/// The warnings' views: pure functions from the model's state to text, as wide as the terminal allows. Every text from
/// a service is made safe for the terminal here.
enum AlertsViews {
    /// What every view is drawn for: the terminal's width, its painter, and the user's words.
    struct Frame {
        var width: Int
        var painter: Painter
        var words: Words
    }

    /// What `alerts` shows for a place whose service answered (now, or earlier when it cannot be reached now).
    /// - Parameter areaNames: the names MeteoAlarm's areas were matched against (the place's and its region's, or
    ///   for a point the nearest town's).
    static func report(
        _ shown: AlertsModel.Shown, place: Place, areaNames: [String] = [], now: Date, frame: Frame,
        full: Bool = false
    ) -> String {
        var frame = frame
        frame.width = max(20, frame.width)
        let width = frame.width, painter = frame.painter, words = frame.words
        let zone = TimeZone(identifier: place.timeZone) ?? .gmt
        let alerts = shown.report.alerts.shown(at: now)
        let service = shown.report.source.name
        let ago = age(now.timeIntervalSince(shown.fetchedAt), words)
        let checked = words("checked %@", ago)
        var lines: [String] = []
        if let failure = shown.failure {
            // The failure's reason is the service client's, in its own words.
            let reason = clean(words(failure.sentence)).trimmingCharacters(in: [".", "。"])
            lines += wrap(
                words(
                    "%1$@ could not be asked now (%2$@); what it answered %3$@, which may have changed:", service,
                    reason, ago),
                width
            ).map { painter.paint($0, .yellow) }
            lines.append("")
        }
        if alerts.isEmpty, shown.report.isUnmatched(at: now) {
            // The country has warnings, none in an area of the place's name: never "no warnings".
            let quoted = (areaNames.isEmpty ? [place.name] : areaNames).map { "'\(clean($0))'" }
            let names = quoted.dropFirst().reduce(quoted[0]) { words("%1$@ or %2$@", $0, $1) }
            let others = shown.report.otherAreas(at: now)
            lines += wrap(
                words(
                    "Whether %1$@ is under a warning cannot be told: MeteoAlarm names areas, not points, and no area under a warning in %2$@ is named %3$@. Areas under warnings (%4$@, %5$@): %6$@.",
                    name(place), countryName(place.country, words), names, service, checked, list(others, words)),
                width)
            return lines.joined(separator: "\n")
        }
        if alerts.isEmpty {
            let sentence =
                shown.isStale
                ? words("No warnings were in force for %1$@ when %2$@ last answered, %3$@.", name(place), service, ago)
                : words("No warnings in force for %1$@ (%2$@, %3$@).", name(place), service, checked)
            lines += wrap(sentence, width)
        } else {
            lines += wrap(words("Warnings for %@", name(place)), width).map { painter.paint($0, .bold) }
            let about = [service, checked, words("times in %@", zoneName(zone, now))]
            lines += wrap(about.joined(separator: " · "), width).map { painter.paint($0, .dim) }
            for alert in alerts {
                lines.append("")
                lines += card(alert, zone: zone, now: now, frame: frame, full: full)
            }
        }
        if let matching = matchingNote(shown.report, alerts: alerts, now: now, width: width, words: words) {
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
    /// four lines unless `full`), what to do, who issued it and where to read more. The warning's own texts (event,
    /// area, headline, description, instruction, sender) are the service's, as it sent them.
    static func card(
        _ alert: WeatherAlert, zone: TimeZone, now: Date, frame: Frame, full: Bool = false
    ) -> [String] {
        let width = frame.width, painter = frame.painter, words = frame.words
        let tag = levelWord(alert, words)
        var lines = wrap("■ \(tag)  \(clean(alert.event))", width).enumerated().map { index, line in
            guard index == 0 else { return painter.paint(line, .bold) }
            let head = "■ \(tag)"
            return painter.paint(head, style(alert), .bold) + painter.paint(String(line.dropFirst(head.count)), .bold)
        }
        lines += wrap(period(alert, zone: zone, now: now, words), width, indent: "  ")
        if !alert.area.isEmpty {
            lines += limited(wrap(words("Area: %@", clean(alert.area)), width, indent: "  "), to: 3, width: width)
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
            instruction[0] = words("What to do: %@", instruction[0])
            lines += instruction.flatMap { wrap($0, width, indent: "  ") }
        }
        let source = [alert.sender.map(clean), alert.url.map(clean)].compactMap { $0 }.filter { !$0.isEmpty }
        if !source.isEmpty {
            lines += wrap(source.joined(separator: " · "), width, indent: "  ").map { painter.paint($0, .dim) }
        }
        return lines
    }

    /// "In force until 19:45", "From tomorrow 06:00 until Sat 28 Nov 18:00", in the place's time.
    static func period(_ alert: WeatherAlert, zone: TimeZone, now: Date, _ words: Words) -> String {
        let end = alert.expires.map { time($0, zone: zone, now: now, words) }
        if let onset = alert.onset, onset > now {
            let start = time(onset, zone: zone, now: now, words)
            return end.map { words("From %1$@ until %2$@", start, $0) } ?? words("From %@, no end given", start)
        }
        return end.map { words("In force until %@", $0) } ?? words("In force, no end given")
    }

    /// "19:45" today, "tomorrow 06:00", else "Sat 28 Nov 18:00", in the place's time, on the 24-hour clock.
    static func time(_ date: Date, zone: TimeZone, now: Date, _ words: Words) -> String {
        let calendar = words.calendar(zone)
        // To the minute it is in, not the nearest: a warning until 23:59:59 is until 23:59, that day.
        let minute = Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 60).rounded(.down) * 60)
        let clock = words.time(minute, zone, hours24: true)
        if calendar.isDate(date, inSameDayAs: now) { return clock }
        if let tomorrow = calendar.date(byAdding: .day, value: 1, to: now), calendar.isDate(date, inSameDayAs: tomorrow)
        {
            return words("tomorrow %@", clock)
        }
        // A day and its time: `Sat 28 Nov 18:00`.
        return words("%1$@ %2$@", words.shortDate(date, zone), clock)
    }

    /// The service's own word for the level: its colour (MET Norway, MeteoAlarm, Environment Canada), else CAP's
    /// severity (NWS). The colours and severities SkyLens knows are said in the user's words; any other word is the
    /// service's, as it sent it.
    static func levelWord(_ alert: WeatherAlert, _ words: Words) -> String {
        if let level = alert.level.map(clean), !level.isEmpty {
            switch level.lowercased() {
            case "green": return words("GREEN")
            case "yellow": return words("YELLOW")
            case "orange": return words("ORANGE")
            case "red": return words("RED")
            default: return level.uppercased()
            }
        }
        switch alert.severity {
        case .unknown: return words("UNKNOWN")
        case .minor: return words("MINOR")
        case .moderate: return words("MODERATE")
        case .severe: return words("SEVERE")
        case .extreme: return words("EXTREME")
        }
    }

    /// The warning's colour (`WeatherAlert.colour`, the services' own scale); dim when it has none.
    static func style(_ alert: WeatherAlert) -> Painter.Style {
        alert.colour.map { .rgb($0.red, $0.green, $0.blue) } ?? .dim
    }

    /// MeteoAlarm names areas, not points: which area was matched, and the other areas under warnings, so that a
    /// person can judge.
    static func matchingNote(
        _ report: AlertReport, alerts: [WeatherAlert], now: Date, width: Int, words: Words
    ) -> [String]? {
        guard report.source == .meteoAlarm else { return nil }
        let matched = Array(Set(report.alerts.map(\.area))).sorted().map(clean).joined(separator: ", ")
        let others = report.otherAreas(at: now)
        let text =
            others.isEmpty
            ? words("MeteoAlarm names areas, not points: matched by name, %@.", matched)
            : words(
                "MeteoAlarm names areas, not points: matched by name, %1$@. Other areas under warnings: %2$@.",
                matched, list(others, words))
        return wrap(text, width)
    }

    /// At most eight names, and how many more ("'--format json alerts' lists them all").
    static func list(_ names: [String], _ words: Words) -> String {
        let shown = names.prefix(8).map(clean).joined(separator: ", ")
        guard names.count > 8 else { return shown }
        return words.count("%2$@ and %lld more ('--format json alerts' lists them all)", names.count - 8, shown)
    }

    /// `Croatia` for `HR`, in the user's language (`Kroatien`): the common name of the city list's table
    /// (`CountryNames`), else CLDR's.
    static func countryName(_ code: String, _ words: Words) -> String {
        CountryNames.builtIn(words.language).name(code)
            ?? words.locale.localizedString(forRegionCode: code).map(clean) ?? clean(code)
    }

    // MARK: - Helpers

    /// "Phoenix, AZ, US"; "Oslo, NO" (a region of the place's own name is not said twice).
    static func name(_ place: Place) -> String {
        let region = place.region == place.name ? "" : place.region ?? ""
        return [place.name, region, place.country].filter { !$0.isEmpty }.map(clean).joined(separator: ", ")
    }

    /// "2 min ago", "3 h ago", "2 days ago", in the user's words.
    static func age(_ seconds: TimeInterval, _ words: Words) -> String {
        let minutes = Int((max(0, seconds) / 60).rounded(.down))
        switch minutes {
        case 0: return words("just now")
        case 1..<120: return words.count("%lld min ago", minutes)
        case 120..<(48 * 60): return words.count("%lld h ago", minutes / 60)
        default: return words.count("%lld days ago", minutes / 1440)
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
        text.replacingEvery("\r\n", with: "\n").components(separatedBy: "\n\n").map(clean)
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
}
