import Architecture
import Astronomy
import CitiesService
import CoreKit
import Foundation
import Localization

/// The sky's views: pure functions from what was computed to text, as wide as the terminal allows.
enum SkyViews {
    /// What every view is drawn with: the width, colour, and the feature's words in the user's language.
    struct Frame {
        var width: Int
        var painter: Painter
        var words: Words
    }

    // MARK: - sky

    /// `sky`: the header, the Sun (events, day length, timeline) and the Moon (picture and numbers).
    static func day(_ sky: SkyDay, place: Place, today: LocalDay?, now: Date, frame: Frame) -> String {
        var lines = header(frame.words("Sky over %@", "\u{1}"), place: place, day: sky.day, frame: frame)
        lines.append("")
        lines += sun(sky, today: today, now: now, frame: frame)
        lines.append("")
        lines += moon(sky, place: place, frame: frame)
        return lines.joined(separator: "\n")
    }

    /// `moon`: the header and the Moon alone.
    static func moonDay(_ sky: SkyDay, place: Place, frame: Frame) -> String {
        (header(frame.words("Moon over %@", "\u{1}"), place: place, day: sky.day, frame: frame) + [""]
            + moon(sky, place: place, frame: frame)).joined(separator: "\n")
    }

    /// A title with the place's name where `\u{1}` stands (the name cut to what the line leaves), the date, the
    /// time zone.
    static func header(_ title: String, place: Place, day: LocalDay, frame: Frame) -> [String] {
        let width = frame.width, words = frame.words
        let name = displayName(place, fitting: width - DisplayWidth.columns(of: title))
        let date = words.longDate(day.start.addingTimeInterval(12 * 3_600), day.timeZone)
        let zone = "\(place.timeZone.terminalSafe) (\(offsetText(day.timeZone, at: day.start)))"
        let heading = title.replacingEvery("\u{1}", with: name)
        var lines = [frame.painter.paint(DisplayWidth.truncated(heading, toColumns: width), .bold)]
        if DisplayWidth.columns(of: "\(date) · \(zone)") <= width {
            lines.append("\(date) · \(zone)")
        } else {
            lines += [date, zone]
        }
        return lines
    }

    /// Labels and values in two columns, the labels as wide as the widest (by display width: German's long words
    /// and CJK's double-width characters line up); a row that would not fit in `width` puts its value under its
    /// label.
    static func rows(_ rows: [(label: String, value: String)], indent: String = "  ", width: Int) -> [String] {
        let labelWidth = (rows.map { DisplayWidth.columns(of: $0.label) }.max() ?? 0) + 2
        let start = DisplayWidth.columns(of: indent)
        return rows.flatMap { row -> [String] in
            let line = indent + DisplayWidth.pad(row.label, to: labelWidth) + row.value
            guard DisplayWidth.columns(of: line) > width else { return [line.trailingSpacesTrimmed] }
            return [indent + row.label]
                + DisplayWidth.wrapped(row.value, width: max(10, width - start - 4)).map { indent + "    " + $0 }
        }
    }

    static func sun(_ sky: SkyDay, today: LocalDay?, now: Date, frame: Frame) -> [String] {
        let sun = sky.sun, zone = sky.day.timeZone, words = frame.words, width = frame.width
        var lines = [frame.painter.paint(words("Sun"), .bold)]
        let polar: (String, String)? =
            switch sun.polar {
            case .night?: (words("The sun does not rise today"), words("(polar night)."))
            case .day?: (words("The sun does not set today"), words("(midnight sun)."))
            case nil: nil
            }
        if let (sentence, name) = polar {
            let whole = "  \(sentence) \(name)"
            lines += DisplayWidth.columns(of: whole) <= width ? [whole] : ["  \(sentence)", "  \(name)"]
        }
        func time(_ date: Date?) -> String { date.map { words.time($0, zone) } ?? "—" }
        let noon =
            time(sun.solarNoon)
            + (sun.noonAltitude.map { "   " + words("%@° high", words.number($0, digits: 1)) } ?? "")
        let change =
            width >= 60
            ? "   " + self.change(sky.dayLengthChange, words) : " (\(shortChange(sky.dayLengthChange, words)))"
        lines += rows(
            [
                (words("Astronomical dawn"), time(sun.astronomicalDawn)),
                (words("Nautical dawn"), time(sun.nauticalDawn)),
                (words("Civil dawn"), time(sun.civilDawn)), (words("Sunrise"), time(sun.sunrise)),
                (words("Solar noon"), noon), (words("Sunset"), time(sun.sunset)),
                (words("Civil dusk"), time(sun.civilDusk)),
                (words("Nautical dusk"), time(sun.nauticalDusk)),
                (words("Astronomical dusk"), time(sun.astronomicalDusk)),
                (words("Day length"), duration(sun.dayLength, words) + change),
            ], width: width)
        if sun.polar == nil, !sun.bands.contains(.night) {
            lines += DisplayWidth.wrapped(
                words("No true night: the sun stays within 18° of the horizon."), width: width - 2, indent: ""
            ).map { "  " + $0 }
        }
        lines.append("")
        let columns = max(24, width - 4)
        lines.append("  " + timeline(sun.bands, columns: columns, painter: frame.painter))
        lines.append("  " + hourScale(sky.day, columns: columns))
        if let today, today == sky.day, now >= sky.day.start, now < sky.day.end {
            let column = Int(
                now.timeIntervalSince(sky.day.start) / sky.day.end.timeIntervalSince(sky.day.start)
                    * Double(columns))
            let nowWord = words("now")
            let room = DisplayWidth.columns(of: nowWord) + 2
            let marker =
                column + room + 3 <= columns
                ? String(repeating: " ", count: column) + "▲ " + nowWord
                : String(repeating: " ", count: max(0, column - room + 1)) + nowWord + " ▲"
            lines.append("  " + marker)
        }
        lines.append("  " + legend(width: width - 2, words: words))
        return lines
    }

    static func moon(_ sky: SkyDay, place: Place, frame: Frame) -> [String] {
        let moon = sky.moon, zone = sky.day.timeZone, words = frame.words, width = frame.width
        let picture = moonPicture(
            phaseAngle: moon.phaseAngle, brightLimbFromZenith: moon.brightLimbFromZenith, columns: 14
        ).map { frame.painter.paint($0, .yellow) }
        // Beside the picture from 56 columns, else under it.
        let besidePicture = width >= 56
        let factRoom = besidePicture ? width - 2 - 14 - 3 : width - 2
        let wrap = { (text: String) in DisplayWidth.wrapped(text, width: factRoom) }
        let riseAndSet: [String] =
            switch moon.upAllDay {
            case true?: wrap(words("Up all day: no rise, no set"))
            case false?: wrap(words("Down all day: no rise, no set"))
            case nil:
                rows(
                    [
                        (words("Moonrise"), moon.moonrise.map { words.time($0, zone) } ?? words("none today")),
                        (words("Moonset"), moon.moonset.map { words.time($0, zone) } ?? words("none today")),
                        (words("Full moon"), dayAndTime(moon.nextFullMoon, zone, words)),
                        (words("New moon"), dayAndTime(moon.nextNewMoon, zone, words)),
                    ], indent: "", width: factRoom)
            }
        let nextPhases =
            moon.upAllDay == nil
            ? []
            : rows(
                [
                    (words("Full moon"), dayAndTime(moon.nextFullMoon, zone, words)),
                    (words("New moon"), dayAndTime(moon.nextNewMoon, zone, words)),
                ], indent: "", width: factRoom)
        let seen =
            place.latitude < 0
            ? words("as seen from the south at its highest") : words("as seen from the north at its highest")
        let facts =
            wrap(phaseName(moon.phase, words)).map { frame.painter.paint($0, .bold) }
            + wrap(
                words(
                    "%1$@%% lit, %2$@ days old", words.number(Int((moon.illumination * 100).rounded())),
                    words.number(moon.age, digits: 1)))
            + riseAndSet + nextPhases + wrap(seen).map { frame.painter.paint($0, .dim) }
        var lines = [frame.painter.paint(words("Moon"), .bold)]
        if besidePicture {
            for index in 0..<max(picture.count, facts.count) {
                let left = index < picture.count ? picture[index] : String(repeating: " ", count: 14)
                let right = index < facts.count ? facts[index] : ""
                lines.append(("  " + left + "   " + right).trailingSpacesTrimmed)
            }
        } else {
            lines += picture.map { "  " + $0 }
            lines += facts.map { "  " + $0 }
        }
        return lines
    }

    /// The phase's name in the user's language.
    static func phaseName(_ phase: MoonPhase, _ words: Words) -> String {
        switch phase {
        case .newMoon: words("New Moon")
        case .waxingCrescent: words("Waxing Crescent")
        case .firstQuarter: words("First Quarter")
        case .waxingGibbous: words("Waxing Gibbous")
        case .fullMoon: words("Full Moon")
        case .waningGibbous: words("Waning Gibbous")
        case .lastQuarter: words("Last Quarter")
        case .waningCrescent: words("Waning Crescent")
        }
    }

    static func phaseName(_ phase: PrincipalPhase, _ words: Words) -> String {
        switch phase {
        case .newMoon: words("New Moon")
        case .firstQuarter: words("First Quarter")
        case .fullMoon: words("Full Moon")
        case .lastQuarter: words("Last Quarter")
        }
    }

    // MARK: - moon --month

    static func month(_ month: MoonMonth, place: Place, frame: Frame) -> String {
        let width = frame.width, words = frame.words, painter = frame.painter
        let title = words("Moon phases over %@", "\u{1}")
        let name = displayName(place, fitting: width - DisplayWidth.columns(of: title))
        let south = place.latitude < 0
        guard let first = month.days.first else { return "" }
        let zone = first.day.timeZone
        var lines = [
            painter.paint(
                DisplayWidth.truncated(title.replacingEvery("\u{1}", with: name), toColumns: width), .bold),
            "\(words.monthAndYear(first.day.start.addingTimeInterval(12 * 3_600), zone)) · \(place.timeZone.terminalSafe)",
            "",
        ]
        let wide = width >= 72
        let cell = wide ? 10 : 5
        // The week starts where the language's calendar starts it (Monday in Germany, Sunday in Japan, Saturday
        // in Arabic); CLDR's short names, or its shortest when those do not fit the cells.
        let columns = words.weekdayColumns(zone, fitting: cell - 1)
        lines.append("  " + columns.map { DisplayWidth.pad($0.name, to: cell) }.joined().trailingSpacesTrimmed)
        let column = { (day: LocalDay) in columns.firstIndex { $0.weekday == (weekday(day) + 1) % 7 } ?? 0 }
        var row = String(repeating: " ", count: column(first.day) * cell)
        for entry in month.days {
            var text = String(format: "%2d ", entry.day.day) + glyph(entry, south: south)
            if wide { text += String(format: " %3d%%", Int((entry.illumination * 100).rounded())) }
            row += DisplayWidth.pad(text, to: cell)
            if column(entry.day) == 6 {
                lines.append("  " + row.trailingSpacesTrimmed)
                row = ""
            }
        }
        if !row.isEmpty { lines.append("  " + row.trailingSpacesTrimmed) }
        lines.append("")
        var phaseRows: [(String, String)] = []
        for (phase, date) in month.phases {
            let symbol: String =
                switch phase {
                case .newMoon: "○"
                case .fullMoon: "●"
                case .firstQuarter: south ? "◐" : "◑"
                case .lastQuarter: south ? "◑" : "◐"
                }
            phaseRows.append(("\(symbol) " + phaseName(phase, words), dayAndTime(date, zone, words)))
        }
        lines += rows(phaseRows, width: width)
        let legend = (
            words("● full ○ new ◑ ◐ lit side,"),
            south ? words("as seen from the south") : words("as seen from the north")
        )
        let whole = "  \(legend.0) \(legend.1)"
        lines += (DisplayWidth.columns(of: whole) <= width ? [whole] : ["  \(legend.0)", "  \(legend.1)"]).map {
            painter.paint($0, .dim)
        }
        return lines.joined(separator: "\n")
    }

    static func glyph(_ day: MoonMonth.Day, south: Bool) -> String {
        switch day.phase {
        case .newMoon: return "○"
        case .fullMoon: return "●"
        default:
            if day.illumination < 0.03 { return "○" }
            if day.illumination > 0.97 { return "●" }
            return day.phase.isWaxing != south ? "◑" : "◐"
        }
    }

    // MARK: - Pieces

    /// The day from midnight to midnight, one character per slice: the darkest band wins nothing, the band at the
    /// slice's middle is drawn.
    static func timeline(_ bands: [DaylightBand], columns: Int, painter: Painter) -> String {
        guard !bands.isEmpty else { return "" }
        return (0..<columns).map { column in
            let index = min(bands.count - 1, Int((Double(column) + 0.5) / Double(columns) * Double(bands.count)))
            let band = bands[index]
            return painter.paint(symbol(band), color(band))
        }.joined()
    }

    static func symbol(_ band: DaylightBand) -> String {
        switch band {
        case .day: "█"
        case .civil: "▓"
        case .nautical: "▒"
        case .astronomical: "░"
        case .night: "·"
        }
    }

    static func color(_ band: DaylightBand) -> Painter.Style {
        switch band {
        case .day: .color256(220)
        case .civil: .color256(208)
        case .nautical: .color256(67)
        case .astronomical: .color256(60)
        case .night: .color256(238)
        }
    }

    static func legend(width: Int, words: Words) -> String {
        let full = words("█ day  ▓ civil  ▒ nautical  ░ astronomical  · night")
        guard DisplayWidth.columns(of: full) > width else { return full }
        return DisplayWidth.truncated(words("█ day ▓ civil ▒ naut. ░ astr. · night"), toColumns: width)
    }

    /// `0     6     12    18    24` under the timeline, at the columns the local clock shows those hours.
    static func hourScale(_ day: LocalDay, columns: Int) -> String {
        var line = Array(repeating: Character(" "), count: columns + 2)
        let length = day.end.timeIntervalSince(day.start)
        let step = columns >= 72 ? 3 : 6
        for hour in stride(from: 0, through: 24, by: step) {
            let instant = wallClock(day, hour: hour)
            let column = Int((instant.timeIntervalSince(day.start) / length * Double(columns)).rounded())
            let label = Array(String(hour))
            let start = min(max(0, column - (hour == 24 ? label.count - 1 : 0)), line.count - label.count)
            guard line[start..<(start + label.count)].allSatisfy({ $0 == " " }),
                start == 0 || line[start - 1] == " "
            else { continue }
            line.replaceSubrange(start..<(start + label.count), with: label)
        }
        return String(line).trailingSpacesTrimmed
    }

    /// The instant the local clock shows `hour`:00 that day (24: the next midnight).
    static func wallClock(_ day: LocalDay, hour: Int) -> Date {
        if hour >= 24 { return day.end }
        let guess = day.start.addingTimeInterval(Double(hour) * 3_600)
        let shift = day.timeZone.secondsFromGMT(for: guess) - day.timeZone.secondsFromGMT(for: day.start)
        return guess.addingTimeInterval(-Double(shift))
    }

    /// The Moon in braille, `columns` characters wide (half as many rows: braille dots are square), lit as it is:
    /// the phase angle sets how much, the bright limb's direction from the zenith which side.
    static func moonPicture(phaseAngle: Double, brightLimbFromZenith: Double, columns: Int) -> [String] {
        let dotsAcross = columns * 2
        let rows = (dotsAcross + 3) / 4
        let radius = Double(dotsAcross) / 2
        let i = phaseAngle * .pi / 180, theta = brightLimbFromZenith * .pi / 180
        // The Sun's direction seen from the Moon: x right, y up, z towards the observer.
        let sun = (x: -sin(theta) * sin(i), y: cos(theta) * sin(i), z: cos(i))
        var lines: [String] = []
        for row in 0..<rows {
            var line = ""
            for column in 0..<columns {
                var bits: UInt32 = 0
                for dx in 0..<2 {
                    for dy in 0..<4 {
                        let x = (Double(column * 2 + dx) + 0.5 - radius) / radius
                        let y = (radius - (Double(row * 4 + dy) + 0.5)) / radius
                        let r2 = x * x + y * y
                        guard r2 <= 1 else { continue }
                        let z = (1 - r2).squareRoot()
                        let lit = x * sun.x + y * sun.y + z * sun.z > 0
                        // The dark part is drawn by its edge only.
                        let edge = r2.squareRoot() > 1 - 1.2 / radius
                        if lit || edge { bits |= brailleBit(dx, dy) }
                    }
                }
                line.unicodeScalars.append(Unicode.Scalar(0x2800 + bits)!)
            }
            lines.append(line)
        }
        return lines
    }

    private static func brailleBit(_ dx: Int, _ dy: Int) -> UInt32 {
        dy == 3 ? (dx == 0 ? 0x40 : 0x80) : UInt32(1 << (dy + dx * 3))
    }

    // MARK: - Words and times

    /// `Paris, TX, US`, `Sydney, New South Wales, AU`; without the region when that does not fit in `columns`
    /// (`Sydney, AU`); coordinates alone for a point.
    static func displayName(_ place: Place, fitting columns: Int = .max) -> String {
        let full = [place.name, place.region, place.country.isEmpty ? nil : place.country].compactMap {
            $0?.terminalSafe
        }.joined(separator: ", ")
        guard DisplayWidth.columns(of: full) > columns else { return full }
        return [place.name, place.country.isEmpty ? nil : place.country].compactMap { $0?.terminalSafe }
            .joined(separator: ", ")
    }

    /// `Thu 26 Nov 01:53`, in the language's order and names.
    static func dayAndTime(_ date: Date, _ zone: TimeZone, _ words: Words) -> String {
        words.shortDate(date, zone) + " " + words.time(date, zone)
    }

    /// 0 Monday … 6 Sunday.
    static func weekday(_ day: LocalDay) -> Int {
        // 1970-01-01 was a Thursday.
        let days = CivilDate.daysSince1970(year: day.year, month: day.month, day: day.day)
        return ((days + 3) % 7 + 7) % 7
    }

    static func offsetText(_ zone: TimeZone, at date: Date) -> String {
        let seconds = zone.secondsFromGMT(for: date)
        let minutes = abs(seconds) / 60
        return "UTC" + (seconds < 0 ? "-" : "+") + FixedDigits.padded(minutes / 60, width: 2) + ":"
            + FixedDigits.padded(minutes % 60, width: 2)
    }

    /// `13h 55m`, `13 h 55 min`.
    static func duration(_ seconds: TimeInterval, _ words: Words) -> String {
        let minutes = Int((seconds / 60).rounded())
        return words("%1$@h %2$@m", words.number(minutes / 60), words.number(minutes % 60, minimumDigits: 2))
    }

    /// `+1m 12s`, `-45s`, `±0s`.
    static func shortChange(_ seconds: TimeInterval, _ words: Words) -> String {
        let total = Int(seconds.rounded())
        guard total != 0 else { return "±" + words("%@s", words.number(0)) }
        return (total > 0 ? "+" : "-") + size(abs(total), words)
    }

    /// `1h 2m`, `1m 12s`, `45s`.
    static func size(_ size: Int, _ words: Words) -> String {
        size >= 3_600
            ? words("%1$@h %2$@m", words.number(size / 3_600), words.number(size % 3_600 / 60))
            : size >= 60
                ? words("%1$@m %2$@s", words.number(size / 60), words.number(size % 60))
                : words("%@s", words.number(size))
    }

    /// `1m 12s longer than yesterday`.
    static func change(_ seconds: TimeInterval, _ words: Words) -> String {
        let total = Int(seconds.rounded())
        guard total != 0 else { return words("as long as yesterday") }
        let text = size(abs(total), words)
        return total > 0 ? words("%@ longer than yesterday", text) : words("%@ shorter than yesterday", text)
    }
}

extension String {
    var trailingSpacesTrimmed: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
