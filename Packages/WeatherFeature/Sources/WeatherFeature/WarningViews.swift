import Architecture
import CoreKit
import Foundation
import Localization
import WeatherAlerts
import WeatherService

// The official warnings in the weather's views: one line at the top, a marker in `--line` and `favorites`, `%W` in
// `--template`, and the warnings in force in the JSON. The whole warnings are the `alerts` command's.

extension WeatherViews {
    /// `⚠ Excessive Heat Warning until tomorrow 20:00 (and 1 more) — 'alerts' for more`, in the warning's colour;
    /// nil when none is in force. At the top of `weather`, `hourly` and `forecast`.
    /// - Parameter zone: the place's time zone, for the end's clock across a change of daylight time; the answer's
    ///   offset (`utcOffset`) without one.
    static func warningLine(
        _ warnings: WeatherModel.Warnings?, utcOffset: Int, zone: TimeZone? = nil, frame: Frame
    ) -> String? {
        guard let warnings else { return nil }
        let words = frame.words
        let inForce = warnings.inForce(at: frame.now)
        guard let first = inForce.first else { return nil }
        let name = warningName(first)
        var text = name
        if let end = first.expires {
            let utcOffset = zone?.secondsFromGMT(for: end) ?? utcOffset
            let time = clock(end, utcOffset, frame.units.clock, words)
            // "until 19:45" today, "until tomorrow 06:00", else "until Sat 28 Nov 18:00", as `alerts` says it.
            let endDay = LocalTime.day(end, utcOffset: utcOffset)
            text =
                switch endDay {
                case LocalTime.day(frame.now, utcOffset: utcOffset): words("%1$@ until %2$@", name, time)
                case LocalTime.day(frame.now.addingTimeInterval(86_400), utcOffset: utcOffset):
                    words("%1$@ until tomorrow %2$@", name, time)
                default: words("%1$@ until %2$@ %3$@", name, dayLabel(endDay, words), time)
                }
        }
        // The clauses after the name, each whole: how many more, how old, where to read them.
        if inForce.count > 1 { text += " " + words.count("(and %lld more)", inForce.count - 1) }
        if warnings.isStale {
            text += ", " + words("as of %@ ago", age(frame.now.timeIntervalSince(warnings.fetchedAt), words))
        }
        text = "⚠ " + text + " — " + words("'alerts' for more")
        let style = first.colour.map { Painter.Style.rgb($0.red, $0.green, $0.blue) } ?? .bold
        return DisplayWidth.wrapped(text, width: frame.width, indent: "  ").map {
            frame.painter.paint($0, style, .bold)
        }
        .joined(separator: "\n")
    }

    /// A warning's name as one safe line: `Tornado Warning`.
    static func warningName(_ alert: WeatherAlert) -> String {
        TerminalText.sanitize(alert.event).split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}

/// A warning in force, in the weather's JSON (`warnings`): the whole of it is `alerts`'s.
struct WarningDocument: Encodable, Sendable, Equatable {
    var event: String
    /// minor, moderate, severe, extreme, or unknown when the service gives none.
    var severity: String
    /// The service's own word (yellow, orange, red); left out where it has none.
    var level: String?
    var area: String
    var expires: Date?

    init(_ alert: WeatherAlert) {
        event = WeatherViews.warningName(alert)
        severity = alert.severity.rawValue
        level = alert.level.map { TerminalText.sanitize($0) }
        area = TerminalText.sanitize(alert.area)
        expires = alert.expires
    }

    /// The warnings in force at `now`, most severe first; nil (left out) when none is.
    static func list(_ warnings: WeatherModel.Warnings?, now: Date) -> [WarningDocument]? {
        let inForce = warnings?.inForce(at: now) ?? []
        return inForce.isEmpty ? nil : inForce.map(WarningDocument.init)
    }
}
