import Architecture
import Astronomy
import CitiesService
import CoreKit
import Foundation

/// The sky's views: pure functions from what was computed to text, as wide as the terminal allows.
enum SkyViews {
    // MARK: - sky

    /// `sky`: the header, the Sun (events, day length, timeline) and the Moon (picture and numbers).
    static func day(_ sky: SkyDay, place: Place, today: LocalDay?, now: Date, width: Int, painter: Painter) -> String {
        var lines = header("Sky over", place: place, day: sky.day, width: width, painter: painter)
        lines.append("")
        lines += sun(sky, today: today, now: now, width: width, painter: painter)
        lines.append("")
        lines += moon(sky, place: place, width: width, painter: painter)
        return lines.joined(separator: "\n")
    }

    /// `moon`: the header and the Moon alone.
    static func moonDay(_ sky: SkyDay, place: Place, width: Int, painter: Painter) -> String {
        (header("Moon over", place: place, day: sky.day, width: width, painter: painter) + [""]
            + moon(sky, place: place, width: width, painter: painter)).joined(separator: "\n")
    }

    static func header(_ title: String, place: Place, day: LocalDay, width: Int, painter: Painter) -> [String] {
        let name = displayName(place, fitting: width - DisplayWidth.columns(of: title) - 1)
        let date = longDate(day)
        let zone = "\(place.timeZone.terminalSafe) (\(offsetText(day.timeZone, at: day.start)))"
        var lines = [painter.paint(DisplayWidth.truncated("\(title) \(name)", toColumns: width), .bold)]
        if DisplayWidth.columns(of: "\(date) · \(zone)") <= width {
            lines.append("\(date) · \(zone)")
        } else {
            lines += [date, zone]
        }
        return lines
    }

    static func sun(_ sky: SkyDay, today: LocalDay?, now: Date, width: Int, painter: Painter) -> [String] {
        let sun = sky.sun, zone = sky.day.timeZone
        var lines = [painter.paint("Sun", .bold)]
        let polar: (String, String)? =
            switch sun.polar {
            case .night?: ("The sun does not rise today", "(polar night).")
            case .day?: ("The sun does not set today", "(midnight sun).")
            case nil: nil
            }
        if let (sentence, name) = polar {
            lines += width >= 46 ? ["  \(sentence) \(name)"] : ["  \(sentence)", "  \(name)"]
        }
        func row(_ label: String, _ date: Date?, _ note: String = "") -> String {
            let time = date.map { clock($0, zone) } ?? "—"
            let text = "  " + label.padding(toLength: 19, withPad: " ", startingAt: 0) + time
            return note.isEmpty ? text : text + "   " + note
        }
        lines += [
            row("Astronomical dawn", sun.astronomicalDawn), row("Nautical dawn", sun.nauticalDawn),
            row("Civil dawn", sun.civilDawn), row("Sunrise", sun.sunrise),
            row("Solar noon", sun.solarNoon, sun.noonAltitude.map { String(format: "%.1f° high", $0) } ?? ""),
            row("Sunset", sun.sunset), row("Civil dusk", sun.civilDusk), row("Nautical dusk", sun.nauticalDusk),
            row("Astronomical dusk", sun.astronomicalDusk),
        ]
        lines.append(
            "  " + "Day length".padding(toLength: 19, withPad: " ", startingAt: 0) + duration(sun.dayLength)
                + (width >= 60 ? "   " + change(sky.dayLengthChange) : " (\(shortChange(sky.dayLengthChange)))"))
        if sun.polar == nil, !sun.bands.contains(.night) {
            lines.append("  No true night: the sun stays within 18° of the horizon.")
        }
        lines.append("")
        let columns = max(24, width - 4)
        lines.append("  " + timeline(sun.bands, columns: columns, painter: painter))
        lines.append("  " + hourScale(sky.day, columns: columns))
        if let today, today == sky.day, now >= sky.day.start, now < sky.day.end {
            let column = Int(
                now.timeIntervalSince(sky.day.start) / sky.day.end.timeIntervalSince(sky.day.start)
                    * Double(columns))
            let marker =
                column + 6 <= columns
                ? String(repeating: " ", count: column) + "▲ now"
                : String(repeating: " ", count: max(0, column - 4)) + "now ▲"
            lines.append("  " + marker)
        }
        lines.append("  " + legend(width: width - 2))
        return lines
    }

    static func moon(_ sky: SkyDay, place: Place, width: Int, painter: Painter) -> [String] {
        let moon = sky.moon, zone = sky.day.timeZone
        let picture = moonPicture(
            phaseAngle: moon.phaseAngle, brightLimbFromZenith: moon.brightLimbFromZenith, columns: 14
        ).map { painter.paint($0, .yellow) }
        let label = { (text: String) in text.padding(toLength: 10, withPad: " ", startingAt: 0) }
        let riseAndSet =
            switch moon.upAllDay {
            case true?: ["Up all day: no rise, no set"]
            case false?: ["Down all day: no rise, no set"]
            case nil:
                [
                    label("Moonrise") + (moon.moonrise.map { clock($0, zone) } ?? "none today"),
                    label("Moonset") + (moon.moonset.map { clock($0, zone) } ?? "none today"),
                ]
            }
        let facts =
            [
                painter.paint(moon.phase.rawValue, .bold),
                "\(Int((moon.illumination * 100).rounded()))% lit, \(String(format: "%.1f", moon.age)) days old",
            ] + riseAndSet + [
                label("Full moon") + dayAndTime(moon.nextFullMoon, zone),
                label("New moon") + dayAndTime(moon.nextNewMoon, zone),
                painter.paint(
                    "as seen from \(place.latitude < 0 ? "the south" : "the north") at its highest", .dim),
            ]
        var lines = [painter.paint("Moon", .bold)]
        if width >= 56 {
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

    // MARK: - moon --month

    static func month(_ month: MoonMonth, place: Place, width: Int, painter: Painter) -> String {
        let name = displayName(place, fitting: width - DisplayWidth.columns(of: "Moon phases over "))
        let south = place.latitude < 0
        var lines = [
            painter.paint(DisplayWidth.truncated("Moon phases over \(name)", toColumns: width), .bold),
            "\(SkyModel.monthNames[month.month - 1]) \(month.year) · \(place.timeZone.terminalSafe)", "",
        ]
        let wide = width >= 72
        let cell = wide ? 10 : 5
        lines.append(
            "  "
                + ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"].map {
                    $0.padding(toLength: cell, withPad: " ", startingAt: 0)
                }
                .joined().trailingSpacesTrimmed)
        guard let first = month.days.first else { return lines.joined(separator: "\n") }
        var row = String(repeating: " ", count: weekday(first.day) * cell)
        for entry in month.days {
            var text = String(format: "%2d ", entry.day.day) + glyph(entry, south: south)
            if wide { text += String(format: " %3d%%", Int((entry.illumination * 100).rounded())) }
            row += text.padding(toLength: cell, withPad: " ", startingAt: 0)
            if weekday(entry.day) == 6 {
                lines.append("  " + row.trailingSpacesTrimmed)
                row = ""
            }
        }
        if !row.isEmpty { lines.append("  " + row.trailingSpacesTrimmed) }
        lines.append("")
        let zone = first.day.timeZone
        for (phase, date) in month.phases {
            let symbol: String =
                switch phase {
                case .newMoon: "○"
                case .fullMoon: "●"
                case .firstQuarter: south ? "◐" : "◑"
                case .lastQuarter: south ? "◑" : "◐"
                }
            lines.append(
                "  \(symbol) " + phase.name.padding(toLength: 14, withPad: " ", startingAt: 0) + dayAndTime(date, zone))
        }
        let legend = ("● full ○ new ◑ ◐ lit side,", "as seen from \(south ? "the south" : "the north")")
        lines += (width >= 56 ? ["  \(legend.0) \(legend.1)"] : ["  \(legend.0)", "  \(legend.1)"]).map {
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

    static func legend(width: Int) -> String {
        let full = "█ day  ▓ civil  ▒ nautical  ░ astronomical  · night"
        return DisplayWidth.columns(of: full) <= width ? full : "█ day ▓ civil ▒ naut. ░ astr. · night"
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

    /// `07:42`, the local clock, to the nearest minute (as almanacs give it).
    static func clock(_ date: Date, _ zone: TimeZone) -> String {
        let local = Int((date.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: date)) + 30).rounded(.down))
        let minutes = ((local % 86_400) + 86_400) % 86_400 / 60
        return String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }

    /// `Thu 26 Nov 01:53`.
    static func dayAndTime(_ date: Date, _ zone: TimeZone) -> String {
        let day = LocalDay(containing: date, timeZone: zone)
        let names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        return "\(names[weekday(day)]) \(day.day) \(SkyModel.monthNames[day.month - 1].prefix(3)) \(clock(date, zone))"
    }

    /// `Monday 21 December 2026`.
    static func longDate(_ day: LocalDay) -> String {
        let names = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        return "\(names[weekday(day)]) \(day.day) \(SkyModel.monthNames[day.month - 1]) \(day.year)"
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
        return String(format: "UTC%@%02d:%02d", seconds < 0 ? "-" : "+", minutes / 60, minutes % 60)
    }

    /// `13h 55m`.
    static func duration(_ seconds: TimeInterval) -> String {
        let minutes = Int((seconds / 60).rounded())
        return "\(minutes / 60)h \(String(format: "%02d", minutes % 60))m"
    }

    /// `+1m 12s`, `-45s`, `±0s`.
    static func shortChange(_ seconds: TimeInterval) -> String {
        let total = Int(seconds.rounded())
        guard total != 0 else { return "±0s" }
        let size = abs(total)
        let text =
            size >= 3_600
            ? "\(size / 3_600)h \(size % 3_600 / 60)m" : size >= 60 ? "\(size / 60)m \(size % 60)s" : "\(size)s"
        return (total > 0 ? "+" : "-") + text
    }

    /// `1m 12s longer than yesterday`.
    static func change(_ seconds: TimeInterval) -> String {
        let total = Int(seconds.rounded())
        guard total != 0 else { return "as long as yesterday" }
        return "\(shortChange(seconds).dropFirst()) \(total > 0 ? "longer" : "shorter") than yesterday"
    }
}

extension String {
    var trailingSpacesTrimmed: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
