import Architecture
import CitiesService
import CoreKit
import Foundation
import Localization
import WeatherService

extension WeatherViews {
    /// `2 hours`, `30 minutes`, `1 hour 30 minutes`, in the language.
    static func span(_ seconds: TimeInterval, _ words: Words) -> String {
        let minutes = max(0, whole(seconds / 60))
        let hours = minutes / 60, rest = minutes % 60
        var parts: [String] = []
        if hours > 0 { parts.append(words.count("%lld hours", hours)) }
        if rest > 0 || hours == 0 { parts.append(words.count("%lld minutes", rest)) }
        return parts.joined(separator: " ")
    }

    /// `2.1 mm/h` (`2,1 mm/h` in German); for snow, the snow's depth: `1.5 cm/h` (`0.6 in/h`).
    static func rate(_ spell: RainOutlook.Spell, _ units: Units, _ words: Words) -> String {
        if spell.kind.isSnow, let snow = spell.heaviestSnowRate {
            guard units.rain == .mm else { return "\(words.number(snow / 2.54, digits: 1)) in/h" }
            let tenths = whole(snow * 10)
            let number = tenths % 10 == 0 ? words.number(tenths / 10) : words.number(Double(tenths) / 10, digits: 1)
            return "\(number) cm/h"
        }
        return units.rain.amount(spell.heaviestRate, words) + "/h"
    }

    /// "Rain from 14:15, heaviest 14:45 (2.1 mm/h), dry again by 15:30", "Snow now, still falling at 16:00", or
    /// "Dry for the next 2 hours"; for hourly steps the chance too. Nil when the data does not reach `horizon` and
    /// shows no rain before it ends (`rainReach` says so).
    static func rainSentence(_ outlook: RainOutlook, report: WeatherReport, horizon: Date, frame: Frame) -> String? {
        let units = frame.units, words = frame.words
        func time(_ date: Date) -> String { clock(date, report.utcOffset, units.clock, words) }
        guard let spell = outlook.spell, spell.start < horizon else {
            guard outlook.covers(horizon) else { return nil }
            let ahead = span(horizon.timeIntervalSince(frame.now), words)
            // What comes after the time asked, when the data holds it.
            guard let later = outlook.spell else { return words("Dry for the next %@", ahead) }
            return words(
                "Dry for the next %1$@; %2$@ from %3$@", ahead, later.kind.midSentenceNoun(words), time(later.start))
        }
        // Its parts, said one after another: when it starts, how heavy, how likely, when it ends, what follows.
        let noun = spell.kind.noun(words)
        var text = spell.isNow ? words("%@ now", noun) : words("%1$@ from %2$@", noun, time(spell.start))
        let wet = outlook.steps.filter { $0.isWet && $0.start >= spell.start && $0.end <= spell.end }
        let rates = Set(wet.map { units.rain.amount($0.rate) })
        if wet.contains(where: { $0.amount != nil }) {
            // One rate throughout is said once; else where it is heaviest.
            text +=
                rates.count == 1
                ? " (\(rate(spell, units, words)))"
                : words.comma + words("heaviest %1$@ (%2$@)", time(spell.heaviest), rate(spell, units, words))
        }
        if let chance = spell.chance { text += words.comma + words("%@ %% likely", words.number(whole(chance))) }
        text +=
            words.comma
            + (spell.goesOn
                ? words("still falling at %@", time(spell.end)) : words("dry again by %@", time(spell.end)))
        // Another spell before the horizon: when it starts.
        if !spell.goesOn, let next = RainOutlook.firstSpell(outlook.steps.filter { $0.start >= spell.end }),
            next.start < horizon
        {
            text += words.semicolon + words("again from %@", time(next.start))
        }
        return text
    }

    /// When the data ends before the horizon and shows no rain: "No rain forecast until 15:45, where the forecast
    /// kept ends."
    static func rainReach(_ outlook: RainOutlook, report: WeatherReport, frame: Frame) -> String {
        let words = frame.words
        guard outlook.reach > frame.now else { return words("The forecast kept ends before now: nothing can be said.") }
        return words(
            "No rain forecast until %@, where the forecast kept ends.",
            clock(outlook.reach, report.utcOffset, frame.units.clock, words))
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
        // The axis: now, then each half hour where its label fits (by display width: `午後2:30` takes more columns
        // than characters).
        var axis = LabelAxis(columns: columns)
        axis.place(frame.words("now"), at: 0)
        let halfHour: TimeInterval = hours > 3 ? 3600 : 1800
        var mark = (frame.now.timeIntervalSince1970 / halfHour).rounded(.up) * halfHour
        while mark < frame.now.timeIntervalSince1970 + span {
            let date = Date(timeIntervalSince1970: mark)
            let column = Int(((mark - frame.now.timeIntervalSince1970) / span * Double(columns)).rounded(.down))
            let label = clock(date, report.utcOffset, frame.units.clock, frame.words)
            axis.place("╵" + label, at: column)
            mark += halfHour
        }
        // The upper row only where something reaches it.
        let upper = levels.contains { $0 > 4 } ? [rows[1]] : []
        return upper + [rows[0], axis.text]
    }

    /// `rain [PLACE]`: the sentence, the bar of the next two hours, where the data comes from, and its age.
    static func rain(
        _ shown: WeatherRepository.Shown, place: Place?, within: TimeInterval?, frame: Frame
    ) -> String {
        let report = shown.report, words = frame.words
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
                words(
                    "In quarter hours from %@ (its own models over North America and central Europe; elsewhere the hourly forecast, interpolated).",
                    "Open-Meteo")
            case ...3600: words("In hours: the provider gives no quarter hours here.")
            default:
                words.count(
                    "In %lld-hour steps: the provider gives no finer ones.", whole(outlook.resolution / 3600))
            }
        lines += DisplayWidth.wrapped(source, width: frame.width).map { frame.painter.paint($0, .dim) }
        lines += footer(shown, place: place, frame: frame, showing: Showing())
        return lines.joined(separator: "\n")
    }
}

/// A line of labels under a chart (times, days, months), each placed at its column by display width (a CJK
/// character takes two columns, a combining mark none) and kept clear of the others.
struct LabelAxis {
    /// What each column shows: nil while free, "" under the second half of a wide character.
    private var cells: [String?]

    init(columns: Int) { cells = Array(repeating: nil, count: max(0, columns)) }

    /// Puts `label` from `column` when it fits in the line and the `before` columns ahead of it and the `after`
    /// columns beyond it are free too; false (and nothing placed) otherwise.
    @discardableResult
    mutating func place(_ label: String, at column: Int, before: Int = 1, after: Int = 1) -> Bool {
        let width = DisplayWidth.columns(of: label)
        guard column >= 0, column + width <= cells.count,
            cells[max(0, column - before)..<min(cells.count, column + width + after)].allSatisfy({ $0 == nil })
        else { return false }
        var position = column
        for character in label {
            let size = DisplayWidth.columns(of: character)
            guard size > 0 else {
                // Drawn with what is before it.
                if position > column { cells[position - 1] = (cells[position - 1] ?? "") + String(character) }
                continue
            }
            cells[position] = String(character)
            for extra in 1..<size { cells[position + extra] = "" }
            position += size
        }
        return true
    }

    /// The line, without trailing spaces.
    var text: String { cells.map { $0 ?? " " }.joined().trimmingTrailingSpaces }
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
        units: Units, sentence: String?, words: Words = .english()
    ) {
        let report = shown.report
        func amount(_ mm: Double) -> Double { units.rain.value(mm) }
        location = WeatherDocument.Location(report.location)
        provider = report.provider
        observedAt = report.observedAt
        fetchedAt = shown.fetchedAt
        stale = shown.isOld(now: now)
        summary = sentence ?? words("No rain forecast until the forecast kept ends.")
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
