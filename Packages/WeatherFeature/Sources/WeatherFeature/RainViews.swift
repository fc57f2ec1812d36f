import Architecture
import CitiesService
import CoreKit
import Foundation
import WeatherService

extension WeatherViews {
    /// `2 hours`, `30 minutes`, `1 hour 30 minutes`.
    static func span(_ seconds: TimeInterval) -> String {
        let minutes = max(0, whole(seconds / 60))
        let hours = minutes / 60, rest = minutes % 60
        var parts: [String] = []
        if hours > 0 { parts.append(hours == 1 ? "1 hour" : "\(hours) hours") }
        if rest > 0 || hours == 0 { parts.append(rest == 1 ? "1 minute" : "\(rest) minutes") }
        return parts.joined(separator: " ")
    }

    /// `2.1 mm/h`; for snow, the snow's depth: `1.5 cm/h` (`0.6 in/h`).
    static func rate(_ spell: RainOutlook.Spell, _ units: Units) -> String {
        if spell.kind.isSnow, let snow = spell.heaviestSnowRate {
            return units.rain == .mm
                ? String(format: "%.1f cm/h", snow).replacingOccurrences(of: ".0 ", with: " ")
                : String(format: "%.1f in/h", snow / 2.54)
        }
        return units.rain.amount(spell.heaviestRate) + "/h"
    }

    /// "Rain from 14:15, heaviest 14:45 (2.1 mm/h), dry again by 15:30", "Snow now, still falling at 16:00", or
    /// "Dry for the next 2 hours"; for hourly steps the chance too. Nil when the data does not reach `horizon` and
    /// shows no rain before it ends (`rainReach` says so).
    static func rainSentence(_ outlook: RainOutlook, report: WeatherReport, horizon: Date, frame: Frame) -> String? {
        let units = frame.units
        func time(_ date: Date) -> String { clock(date, report.utcOffset, units.clock) }
        guard let spell = outlook.spell, spell.start < horizon else {
            guard outlook.covers(horizon) else { return nil }
            let dry = "Dry for the next \(span(horizon.timeIntervalSince(frame.now)))"
            // What comes after the time asked, when the data holds it.
            return outlook.spell.map { dry + "; \($0.kind.noun.lowercased()) from \(time($0.start))" } ?? dry
        }
        var text = spell.isNow ? "\(spell.kind.noun) now" : "\(spell.kind.noun) from \(time(spell.start))"
        let wet = outlook.steps.filter { $0.isWet && $0.start >= spell.start && $0.end <= spell.end }
        let rates = Set(wet.map { units.rain.amount($0.rate) })
        if wet.contains(where: { $0.amount != nil }) {
            // One rate throughout is said once; else where it is heaviest.
            text +=
                rates.count == 1
                ? " (\(rate(spell, units)))" : ", heaviest \(time(spell.heaviest)) (\(rate(spell, units)))"
        }
        if let chance = spell.chance { text += ", \(whole(chance)) % likely" }
        text += spell.goesOn ? ", still falling at \(time(spell.end))" : ", dry again by \(time(spell.end))"
        // Another spell before the horizon: when it starts.
        if !spell.goesOn, let next = RainOutlook.firstSpell(outlook.steps.filter { $0.start >= spell.end }),
            next.start < horizon
        {
            text += "; again from \(time(next.start))"
        }
        return text
    }

    /// When the data ends before the horizon and shows no rain: "No rain forecast until 15:45, where the forecast
    /// ends (the data is 3 d old)".
    static func rainReach(_ outlook: RainOutlook, report: WeatherReport, frame: Frame) -> String {
        guard outlook.reach > frame.now else { return "The forecast kept ends before now: nothing can be said." }
        return "No rain forecast until \(clock(outlook.reach, report.utcOffset, frame.units.clock)), where the forecast"
            + " kept ends."
    }

    /// The level of a rate in the bar (0 dry … 8): wet from 0.1 mm, then 1, 2.5, 5, 10, 25 and 50 mm/h.
    static func rainLevel(_ step: RainOutlook.Step?) -> Int {
        guard let step, step.isWet else { return 0 }
        let thresholds: [Double] = [1, 2.5, 5, 10, 25, 50]
        return 2 + thresholds.filter { step.rate >= $0 }.count
    }

    /// A braille bar of the next `hours`, up to two character rows high (eight levels; a dotted base where it is
    /// dry, nothing beyond the data), with the times under it: `now` and each half hour (each hour past three hours).
    static func rainBar(_ outlook: RainOutlook, report: WeatherReport, frame: Frame, hours: Double = 2) -> [String] {
        let columns = max(16, min(frame.width, 48))
        let span = hours * 3600
        let dots = columns * 2
        let levels: [Int] = (0..<dots).map { dot in
            let time = frame.now.addingTimeInterval(span * (Double(dot) + 0.5) / Double(dots))
            let step = outlook.steps.first { $0.start <= time && time < $0.end }
            return step == nil ? -1 : max(1, rainLevel(step))
        }
        let rates: [Double] = (0..<columns).map { column in
            [column * 2, column * 2 + 1].compactMap { dot -> Double? in
                let time = frame.now.addingTimeInterval(span * (Double(dot) + 0.5) / Double(dots))
                return outlook.steps.first { $0.start <= time && time < $0.end && $0.isWet }?.rate
            }.max() ?? 0
        }
        // Bits from the bottom row up: the left column's dots 7 3 2 1, the right's 8 6 5 4.
        let left: [UInt32] = [0x40, 0x04, 0x02, 0x01], right: [UInt32] = [0x80, 0x20, 0x10, 0x08]
        func cell(_ a: Int, _ b: Int, row: Int) -> Character {
            // row 0 is the lower character (levels 1–4), row 1 the upper (5–8); -1 is beyond the data: blank.
            var bits: UInt32 = 0
            for (level, column) in [(a, left), (b, right)] where level > 0 {
                let filled = min(4, max(0, level - row * 4))
                for dot in 0..<filled { bits |= column[dot] }
            }
            return Character(UnicodeScalar(0x2800 + bits) ?? " ")
        }
        var rows = ["", ""]
        for column in 0..<columns {
            let a = levels[column * 2], b = levels[column * 2 + 1]
            for row in 0..<2 {
                let character = String(cell(a, b, row: row))
                let painted =
                    rates[column] >= 0.1
                    ? (ColorScale.rain(rates[column]).map { frame.painter.paint(character, $0) } ?? character)
                    : frame.painter.paint(character, .dim)
                rows[row] += painted
            }
        }
        // The axis: now, then each half hour where its label fits.
        var axis = Array(repeating: Character(" "), count: columns)
        func place(_ label: String, at column: Int) -> Bool {
            guard column >= 0, column + label.count <= columns,
                axis[max(0, column - 1)..<min(columns, column + label.count + 1)].allSatisfy({ $0 == " " })
            else { return false }
            for (offset, character) in label.enumerated() { axis[column + offset] = character }
            return true
        }
        _ = place("now", at: 0)
        let halfHour: TimeInterval = hours > 3 ? 3600 : 1800
        var mark = (frame.now.timeIntervalSince1970 / halfHour).rounded(.up) * halfHour
        while mark < frame.now.timeIntervalSince1970 + span {
            let date = Date(timeIntervalSince1970: mark)
            let column = Int(((mark - frame.now.timeIntervalSince1970) / span * Double(columns)).rounded(.down))
            let label = clock(date, report.utcOffset, frame.units.clock)
            _ = place("╵" + label, at: column)
            mark += halfHour
        }
        // The upper row only where something reaches it.
        let upper = levels.contains { $0 > 4 } ? [rows[1]] : []
        return upper + [rows[0], String(axis).trimmingTrailingSpaces]
    }

    /// `rain [PLACE]`: the sentence, the bar of the next two hours, where the data comes from, and its age.
    static func rain(
        _ shown: WeatherRepository.Shown, place: Place?, within: TimeInterval?, frame: Frame
    ) -> String {
        let report = shown.report
        let horizonSpan = within ?? 2 * 3600
        let horizon = frame.now.addingTimeInterval(horizonSpan)
        let outlook = RainOutlook(report, now: frame.now, horizon: max(horizonSpan, 2 * 3600))
        var lines = [header(report.location, place: place, frame: frame)]
        let sentence =
            rainSentence(outlook, report: report, horizon: horizon, frame: frame)
            ?? rainReach(outlook, report: report, frame: frame)
        lines += DisplayWidth.wrapped(sentence, width: frame.width, indent: "  ")
            .map { frame.painter.paint($0, outlook.spell.map { $0.start < horizon } == true ? .cyan : .bold) }
        // The bar shows the next two hours, or the time asked when it is longer (six hours at most).
        lines += rainBar(outlook, report: report, frame: frame, hours: min(6, max(2, horizonSpan / 3600)))
        let source: String =
            switch outlook.resolution {
            case ...900:
                "In quarter hours from Open-Meteo (its own models over North America and central Europe; "
                    + "elsewhere the hourly forecast, interpolated)."
            case ...3600: "In hours: the provider gives no quarter hours here."
            default: "In \(whole(outlook.resolution / 3600))-hour steps: the provider gives no finer ones."
            }
        lines += DisplayWidth.wrapped(source, width: frame.width).map { frame.painter.paint($0, .dim) }
        lines += footer(shown, place: place, frame: frame, showing: Showing())
        return lines.joined(separator: "\n")
    }
}

/// `rain` in JSON: the sentence, the first spell, the steps up to the horizon, and with `--within` the answer.
struct RainDocument: JSONDocument {
    static let kind = "rain"

    struct Spell: Encodable, Sendable {
        /// `rain`, `showers`, `drizzle`, `freezingRain`, `sleet`, `snow`, `snowShowers`, `thunderstorms`.
        var kind: String
        var start: Date
        /// When it is dry again (the end of its last wet step); with `goesOn`, the end of the forecast.
        var end: Date
        var goesOn: Bool
        var heaviestAt: Date
        /// In `precipitationUnit` per hour.
        var heaviestRate: Double
        /// In `precipitationUnit`.
        var total: Double
        /// Percent, where only hourly steps with a chance tell it.
        var chance: Double?
    }

    struct Step: Encodable, Sendable {
        var start: Date
        var end: Date
        /// In `precipitationUnit`; nil where only a chance was given.
        var precipitation: Double?
        var rain: Double?
        /// cm (in inches where `precipitationUnit` is `in`).
        var snowfall: Double?
        var chance: Double?
    }

    struct Question: Encodable, Sendable {
        var seconds: Int
        /// The answer, also the exit status: true 0, false 1.
        var expected: Bool
    }

    var location: WeatherDocument.Location
    var provider: String
    var observedAt: Date
    var fetchedAt: Date
    var stale: Bool
    /// "Rain from 14:15, heaviest 14:45 (2.1 mm/h), dry again by 15:30", "Dry for the next 2 hours".
    var summary: String
    var precipitationUnit: String
    /// The length of the first steps: 15 for quarter hours, 60 or 180 where the provider gives no quarter hours.
    var resolutionMinutes: Int
    var within: Question?
    var spell: Spell?
    var steps: [Step]

    init(
        _ shown: WeatherRepository.Shown, place: Place?, outlook: RainOutlook, within: TimeInterval?, now: Date,
        units: Units, sentence: String?
    ) {
        let report = shown.report
        func amount(_ mm: Double) -> Double { units.rain.value(mm) }
        location = WeatherDocument.Location(report.location)
        provider = report.provider
        observedAt = report.observedAt
        fetchedAt = shown.fetchedAt
        stale = shown.isOld(now: now)
        summary = sentence ?? "No rain forecast until the forecast kept ends."
        precipitationUnit = units.rain.symbol
        resolutionMinutes = whole(outlook.resolution / 60)
        let horizon = now.addingTimeInterval(within ?? 2 * 3600)
        self.within = within.map { Question(seconds: whole($0), expected: outlook.expected(before: horizon)) }
        spell = outlook.spell.map {
            Spell(
                kind: $0.kind.rawValue, start: $0.start, end: $0.end, goesOn: $0.goesOn, heaviestAt: $0.heaviest,
                heaviestRate: amount($0.heaviestRate), total: amount($0.total), chance: $0.chance)
        }
        steps = outlook.steps.filter { $0.start < horizon }.map {
            Step(
                start: $0.start, end: $0.end, precipitation: $0.amount.map(amount), rain: $0.rain.map(amount),
                snowfall: $0.snowfall.map { units.rain == .mm ? $0 : (($0 / 2.54) * 100).rounded() / 100 },
                chance: $0.chance)
        }
    }
}
