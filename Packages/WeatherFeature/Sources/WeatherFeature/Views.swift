import Architecture
import Astronomy
import CitiesService
import CoreKit
import Foundation
import Localization
import WeatherAlerts
import WeatherService

/// Text renderings of the weather: pure functions of the data, the unit and the painter; checked by golden files.
enum WeatherViews {
    /// What a view needs besides the data: the units, the clock, colour, the width, and whether a person can type
    /// the next command (hints such as "'refresh' fetches again" are for a session, not for one-shot output).
    struct Frame: Sendable {
        var units: Units
        var now: Date
        var painter: Painter
        /// The feature's words in the user's language: every text a view writes comes from them, and its dates,
        /// times and numbers are formatted by them.
        var words: Words
        /// The city list's words (the "Also:" line), in the same language.
        var places: Words
        var width: Int
        var interactive: Bool
        /// Places' own names in the language (東京), where they have one.
        var localNames: LocalNames

        init(
            units: Units, now: Date, painter: Painter, words: Words, places: Words = .english(), width: Int = 80,
            interactive: Bool = true, localNames: LocalNames? = nil
        ) {
            self.localNames = localNames ?? LocalNames(tsv: "", language: words.language)
            self.places = places
            self.units = units
            self.now = now
            self.painter = painter
            self.words = words
            self.width = max(20, width)
            self.interactive = interactive
        }

        /// A place's name as the views say it: its own in the language where it has one, safe for a terminal.
        func name(of location: WeatherLocation) -> String {
            (localNames.name(location.id) ?? location.name).terminalSafe
        }
    }

    /// Below this width a view drops its pictures and secondary columns.
    static let compactWidth = 60
    /// From this width the weather now shows the hours ahead beside it.
    static let wideWidth = 120

    /// `Next 18 hours, every 3 hours` and a table of the hours ahead, every 3 hours, `rows` of them at most, within
    /// `width`: for the side of a wide weather view. Empty when no hour is ahead or the table would not keep its
    /// time, sky and temperature.
    static func nextHoursPanel(_ report: WeatherReport, rows: Int, width: Int, frame: Frame) -> [String] {
        let units = frame.units, painter = frame.painter, words = frame.words
        let steps = Array(upcomingHours(report, now: frame.now, step: 3).prefix(rows))
        guard !steps.isEmpty, width >= 24 else { return [] }
        let parser = LocalTime.Parser(utcOffset: report.utcOffset)
        let times = steps.enumerated().map { index, hour in
            let time = clock(hour.time, report.utcOffset, units.clock, words)
            // A new day is said in the row where it starts.
            guard index > 0, parser.day(hour.time) != parser.day(steps[index - 1].time) else { return time }
            return "\(time) \(weekdayLabel(parser.day(hour.time), words))"
        }
        let table = FittedTable(
            columns: [
                .init(header: words("Time"), cells: times),
                skyColumn(steps.map(\.condition), painter: painter, words: words),
                temperatureColumn(words("Temp"), steps.map(\.temperature), frame),
            ]
                + rainAndWindColumns(
                    probabilities: steps.map(\.precipitationProbability), amounts: steps.map(\.precipitation),
                    winds: steps.map { hour in
                        hour.windSpeed.map {
                            speed($0, units, words) + (hour.windDirection.map { " " + windArrow($0) } ?? "")
                        } ?? "—"
                    }, windSpeeds: steps.map(\.windSpeed), units: units, painter: painter, words: words,
                    priorities: (rain: 1, amount: 4, wind: 2))
                + [
                    .init(
                        header: "", cells: steps.map { conditionWords($0.condition, words) }, priority: 3,
                        flexible: true)
                ])
        let title = panelTitle(steps, words)
        return [painter.paint(DisplayWidth.truncated(title, toColumns: width), .bold)]
            + table.lines(width: width, painter: painter)
    }

    /// `Next 18 hours, every 3 hours`: what the panel's rows really cover, reckoned as `coverage` reckons it for
    /// the header of `hourly` (OpenWeatherMap's hours are 3 apart; an old answer may end sooner).
    static func panelTitle(_ steps: [HourForecast], _ words: Words) -> String {
        guard let first = steps.first, let last = steps.last else { return "" }
        let gap = steps.count > 1 ? steps[1].time.timeIntervalSince(first.time) : 3 * 3600
        let hours = whole((last.time.timeIntervalSince(first.time) + gap) / 3600)
        let every = whole(gap / 3600)
        // Two phrases, each with its own count: a language's plural of the hours and of the step may differ.
        let next = words.count("Next %lld hours", hours)
        return every > 1 ? next + ", " + words.count("every %lld hours", every) : next
    }

    /// `Sun`, `So.`, `日`: the weekday of a date `2026-11-22`, abbreviated as the language abbreviates it (CLDR).
    static func weekdayLabel(_ date: String, _ words: Words) -> String {
        guard let parsed = LocalTime.date(fromLocal: date, utcOffset: 0) else {
            return DisplayWidth.fit(TerminalText.sanitize(date), to: 3)
        }
        let style = Date.FormatStyle(locale: words.locale, calendar: words.calendar(.gmt), timeZone: .gmt)
        return parsed.addingTimeInterval(12 * 3600).formatted(style.weekday(.abbreviated))
    }

    static func current(
        _ shown: WeatherRepository.Shown, place: Place?, almanac: WeatherModel.Almanac? = nil, frame: Frame,
        normals: ClimateNormals? = nil
    ) -> String {
        let report = shown.report
        let current = report.current
        let units = frame.units, painter = frame.painter, words = frame.words
        let art = frame.width >= compactWidth ? icon(current.condition, isDay: current.isDay) : []
        let artWidth = art.map { DisplayWidth.columns(of: $0) }.max() ?? 0
        let factWidth = frame.width - (art.isEmpty ? 0 : artWidth + 2)
        func flow(_ pieces: [String?]) -> [String] {
            DisplayWidth.flow(pieces.compactMap { $0 }, width: factWidth, indent: "  ")
        }
        let sky = (art.isEmpty ? current.condition.glyph + " " : "") + conditionWords(current.condition, words)
        var facts = [painter.paint(DisplayWidth.truncated(sky, toColumns: factWidth), .bold)]
        let temperatureNow = temperature(current.temperature, units.temperature, painter, words: words)
        facts += flow([
            current.feelsLike.map { feelsLike in
                let felt = temperature(feelsLike, units.temperature, painter, words: words)
                return words("%1$@, feels like %2$@", temperatureNow, felt)
            } ?? temperatureNow
        ])
        facts += flow([
            current.humidity.map { words("Humidity %@ %%", words.number(whole($0))) } ?? words("Humidity %@", "—"),
            current.dewPoint.map {
                words(
                    "Dew point %@",
                    "\(words.number(whole(units.temperature.temperature($0)))) \(units.temperature.symbol)")
            },
        ])
        let wind = current.windSpeed.map { painter.paint(speed($0, units, words), ColorScale.wind($0)) } ?? "—"
        facts += flow([
            current.windDirection.map {
                words("Wind %1$@ from %2$@", wind, Geo.compassPoint($0, words: frame.places))
            }
                ?? words("Wind %@", wind),
            current.windGusts.map { words("Gusts %@", speed($0, units, words)) },
        ])
        facts += flow([
            current.precipitation.map { words("Precipitation %@ last hour", units.rain.amount($0, words)) },
            current.cloudCover.map { words("Cloud cover %@ %%", words.number(whole($0))) },
        ])
        facts += flow([
            current.pressure.map { words("Pressure %@", units.pressure.text($0, words)) },
            current.visibility.map { words("Visibility %@", units.distance.visibility($0, words)) },
            current.uvIndex.map { words("UV %1$@ (%2$@)", words.number(whole($0)), uvLevel($0, words)) },
        ])
        facts += flow(sunLine(report, almanac: almanac, units: units, words: words))
        if let almanac { facts += flow(moonLine(almanac, polar: almanac.polar != nil, words: words)) }

        var block: [String] = []
        for index in 0..<max(art.count, facts.count) {
            let fact = index < facts.count ? facts[index] : ""
            guard !art.isEmpty else {
                block.append(fact)
                continue
            }
            let picture =
                index < art.count
                ? painter.paint(art[index], .color256(iconColor(current.condition)))
                : String(repeating: " ", count: artWidth)
            block.append(fact.isEmpty ? picture.trimmingTrailingSpaces : picture + "  " + fact)
        }
        // A wide terminal shows the hours ahead beside the conditions, rather than leaving most of it empty.
        let blockWidth = block.map { DisplayWidth.columns(of: $0) }.max() ?? 0
        let panel =
            frame.width >= wideWidth
            ? nextHoursPanel(report, rows: max(4, block.count - 2), width: frame.width - blockWidth - 4, frame: frame)
            : []
        var lines = [header(report.location, place: place, frame: frame)]
        for index in 0..<max(block.count, panel.count) {
            let left = index < block.count ? block[index] : ""
            guard index < panel.count else {
                lines.append(left)
                continue
            }
            lines.append(DisplayWidth.pad(left, to: blockWidth) + "    " + panel[index])
        }
        if let rain = rainSummary(report, now: frame.now, units: units, words: frame.words) {
            lines += DisplayWidth.wrapped(rain, width: frame.width, indent: "  ").map { painter.paint($0, .cyan) }
        }
        if let normal = normalLine(report, normals: normals, now: frame.now, units: units, words: frame.words) {
            lines += DisplayWidth.wrapped(normal, width: frame.width, indent: "  ")
        }
        lines += DisplayWidth.wrapped(
            observed(report, now: frame.now, units: units, words: words), width: frame.width, indent: "  "
        )
        .map { painter.paint($0, .dim) }
        let today = LocalTime.day(frame.now, utcOffset: report.utcOffset)
        lines += footer(
            shown, place: place, frame: frame,
            showing: Showing(now: true, days: [today], hourDays: Showing.hours(report, from: frame.now, for: 24)))
        return lines.joined(separator: "\n")
    }

    /// `Sunrise 07:13 · Sunset 16:46`, or what a polar day or night has instead.
    static func sunLine(
        _ report: WeatherReport, almanac: WeatherModel.Almanac?, units: Units, words: Words
    ) -> [String?] {
        switch almanac?.polar {
        case .day?: return [words("Polar day: the sun does not set today")]
        case .night?: return [words("Polar night: the sun does not rise today")]
        case nil: break
        }
        let today = report.days.first { $0.date == LocalTime.day(report.observedAt, utcOffset: report.utcOffset) }
        let rise = report.current.sunrise ?? today?.sunrise
        let set = report.current.sunset ?? today?.sunset
        guard rise != nil || set != nil || today != nil else { return [] }
        return [
            words("Sunrise %@", rise.map { clock($0, report.utcOffset, units.clock, words) } ?? "—"),
            words("Sunset %@", set.map { clock($0, report.utcOffset, units.clock, words) } ?? "—"),
        ]
    }

    /// `Day 9h 33m (-2m 10s) · Waxing Gibbous moon, 78 %` (the day's length left out in a polar day or night,
    /// which the sun line says).
    static func moonLine(_ almanac: WeatherModel.Almanac, polar: Bool, words: Words) -> [String?] {
        let moon = words(
            "%1$@ moon, %2$@ %%", phaseName(almanac.moonPhase, words),
            words.number(Int((almanac.illumination * 100).rounded())))
        return polar ? [moon] : [Self.almanac(almanac, words: words), moon]
    }

    /// `Day 9h 33m (-2m 10s)`.
    static func almanac(_ almanac: WeatherModel.Almanac, words: Words) -> String {
        let minutes = Int((almanac.dayLength / 60).rounded())
        let change = Int(almanac.dayLengthChange.rounded())
        switch almanac.polar {
        case .night?: return words("No sunrise today")
        case .day?: return words("No sunset today")
        case nil:
            let length = words(
                "%1$@h %2$@m", words.number(minutes / 60), words.number(minutes % 60, minimumDigits: 2))
            guard change != 0 else { return words("Day %@", length) }
            let seconds = abs(change)
            let amount =
                seconds >= 60
                ? words("%1$@m %2$@s", words.number(seconds / 60), words.number(seconds % 60))
                : words("%@s", words.number(seconds))
            return words("Day %1$@ (%2$@)", length, (change > 0 ? "+" : "-") + amount)
        }
    }

    /// `Observed 09:00 local time · Open-Meteo`; an observation more than three hours old says its date and age.
    static func observed(_ report: WeatherReport, now: Date, units: Units, words: Words) -> String {
        observed(
            report.observedAt, utcOffset: report.utcOffset, by: providerName(report.provider), now: now, units: units,
            words: words)
    }

    /// `Observed 09:00 local time · SOURCE`, with the date and age when more than three hours old (the air too).
    static func observed(
        _ date: Date, utcOffset: Int, by source: String, now: Date, units: Units, words: Words
    ) -> String {
        let age = now.timeIntervalSince(date)
        let time = clock(date, utcOffset, units.clock, words)
        let when =
            age > 3 * 3600
            ? words(
                "Observed %1$@ %2$@ local time, %3$@ ago", dayLabel(LocalTime.day(date, utcOffset: utcOffset), words),
                time, Self.age(age, words))
            : words("Observed %@ local time", time)
        return "\(when) · \(source)"
    }

    // MARK: - Parts

    /// The place's name, cut to the width.
    static func header(
        _ location: WeatherLocation, place: Place?, frame: Frame, note: String = ""
    )
        -> String
    {
        var name = frame.name(of: location)
        if !location.country.isEmpty {
            name += ", " + (place?.region.map { "\($0.terminalSafe), " } ?? "") + location.country
        }
        let noteWidth = note.isEmpty ? 0 : DisplayWidth.columns(of: note) + 2
        if noteWidth > 0, DisplayWidth.columns(of: name) + noteWidth <= frame.width {
            return frame.painter.paint(name, .bold) + frame.painter.paint("  " + note, .dim)
        }
        return frame.painter.paint(DisplayWidth.truncated(name, toColumns: frame.width), .bold)
            + (note.isEmpty
                ? "" : "\n" + frame.painter.paint(DisplayWidth.truncated(note, toColumns: frame.width), .dim))
    }

    /// What of a report a view shows: a value left out is said only when it would have been on screen.
    struct Showing: Sendable {
        var now = false
        /// The dates whose day rows are shown.
        var days: Set<String> = []
        /// The dates some of whose hours are shown (in a table, a chart, the rain summary or the parts of a day).
        var hourDays: Set<String> = []

        func shows(_ scope: LeftOutValue.Scope) -> Bool {
            switch scope {
            case .now: now
            case .day(let date): days.contains(date)
            case .hour(let date): hourDays.contains(date)
            case .extra: false
            }
        }

        /// The dates of the hours from `now` for the next `hours` hours.
        static func hours(_ report: WeatherReport, from now: Date, for hours: Int) -> Set<String> {
            let start = now.addingTimeInterval(-3_599), end = now.addingTimeInterval(Double(hours) * 3600)
            let parser = LocalTime.Parser(utcOffset: report.utcOffset)
            return Set(report.hours.filter { $0.time >= start && $0.time < end }.map { parser.day($0.time) })
        }
    }

    /// The one line under a view, at most (none when there is nothing to say): the most important of what applies.
    /// Offline with data of some age; another provider answered; values the view would have shown were impossible
    /// and left out; another place was nearly as likely meant; it came from the cache (and, in a session, how to
    /// fetch again). The JSON says all of them (`staleReason`, `fallback`, `leftOut`, `alternatives`, `fetchedAt`).
    static func footer(
        _ shown: WeatherRepository.Shown, place: Place?, frame: Frame, showing: Showing
    ) -> [String] {
        let painter = frame.painter, width = frame.width, words = frame.words
        func line(_ text: String, _ styles: Painter.Style...) -> [String] {
            [styles.reduce(DisplayWidth.truncated(text, toColumns: width)) { painter.paint($0, $1) }]
        }
        let age = Self.age(frame.now.timeIntervalSince(shown.fetchedAt), words)
        if let error = shown.staleBecause {
            return line(
                words("Offline: data from %1$@ ago (%2$@)", age, words(error.sentence).terminalSafe), .yellow, .bold)
        }
        if let fallback = shown.fallback {
            return line(fallback.sentence(words), .yellow)
        }
        let leftOut = shown.report.leftOut.filter { showing.shows($0.scope) }
        if let first = leftOut.first {
            // The server sent impossible values: said once, never drawn (they are shown as "—" or left out).
            let text = first.text.terminalSafe
            return line(
                leftOut.count > 1
                    ? words.count("Left out, impossible: %2$@ and %lld more.", leftOut.count - 1, text)
                    : words("Left out, impossible: %@.", text), .yellow)
        }
        if let runnerUp = place?.closeRunnerUp {
            // Only when another place was nearly as likely meant (the JSON lists every alternative).
            return [painter.paint(runnerUp.alsoLine(fitting: width, words: frame.places), .dim)]
        }
        if shown.fromCache {
            let hint = words("Fetched %@ ago; 'refresh' fetches again.", age)
            return line(
                frame.interactive && DisplayWidth.columns(of: hint) <= width ? hint : words("Fetched %@ ago.", age),
                .dim)
        }
        return []
    }

    /// `15 km/h`.
    static func speed(_ kmh: Double, _ units: Units, _ words: Words) -> String {
        "\(words.number(whole(units.wind.speed(kmh)))) \(units.wind.symbol)"
    }

    /// The WHO's words for a UV index.
    static func uvLevel(_ index: Double, _ words: Words) -> String {
        switch whole(index) {
        case ..<3: words("low")
        case 3...5: words("moderate")
        case 6...7: words("high")
        case 8...10: words("very high")
        default: words("extreme")
        }
    }

    /// `3 °C`, coloured by the temperature (in °C, whatever the unit shown); its number in the language's digits
    /// when given `words` (in prose), in ASCII digits without (a table's column).
    static func temperature(
        _ celsius: Double, _ unit: TemperatureUnit, _ painter: Painter, width: Int = 0, words: Words? = nil
    ) -> String {
        let value = whole(unit.temperature(celsius))
        let number = words.map { $0.number(value) } ?? "\(value)"
        let text = DisplayWidth.padLeft("\(number) \(unit.symbol)", to: width)
        return painter.paint(text, ColorScale.temperature(celsius))
    }

    static func iconColor(_ condition: Condition) -> UInt8 {
        switch condition {
        case .clear, .mainlyClear: 226
        case .thunderstorm, .thunderstormWithHail: 228
        case .snow, .heavySnow, .snowShowers, .sleet: 255
        case .rain, .heavyRain, .rainShowers, .drizzle, .freezingDrizzle, .freezingRain: 111
        default: 250
        }
    }

    /// A one-column symbol for a condition.
    static func glyph(_ condition: Condition) -> String { condition.glyph }

    /// An arrow for where the wind blows to (it comes from `degrees`): `↘` for a wind from the north-west.
    static func windArrow(_ degrees: Double) -> String {
        let arrows = ["↓", "↙", "←", "↖", "↑", "↗", "→", "↘"]
        guard degrees.isFinite else { return "" }
        let sector = whole(degrees.truncatingRemainder(dividingBy: 360) / 45)
        return arrows[((sector % 8) + 8) % 8]
    }

    /// A five-line ASCII picture, 13 columns wide.
    static func icon(_ condition: Condition, isDay: Bool) -> [String] {
        let art: [String] =
            switch condition {
            case .clear where isDay, .mainlyClear where isDay:
                ["    \\   /    ", "     .-.     ", "  -- (   ) --", "     `-'     ", "    /   \\    "]
            case .clear, .mainlyClear:
                ["             ", "     .--.    ", "    (  c )   ", "     `--'    ", "             "]
            case .partlyCloudy:
                ["   \\  /      ", " _ /\"\".-.    ", "   \\_(   ).  ", "   /(___(__) ", "             "]
            case .overcast:
                ["             ", "     .--.    ", "  .-(    ).  ", " (___.__)__) ", "             "]
            case .fog:
                ["             ", " _ - _ - _ - ", "  _ - _ - _  ", " _ - _ - _ - ", "             "]
            case .drizzle, .rain, .heavyRain, .rainShowers, .freezingDrizzle, .freezingRain:
                ["     .-.     ", "    (   ).   ", "   (___(__)  ", "    ' ' ' '  ", "   ' ' ' '   "]
            case .snow, .heavySnow, .snowShowers, .sleet:
                ["     .-.     ", "    (   ).   ", "   (___(__)  ", "    *  *  *  ", "   *  *  *   "]
            case .thunderstorm, .thunderstormWithHail:
                ["     .-.     ", "    (   ).   ", "   (___(__)  ", "    /_ /_    ", "     /  /    "]
            case .unknown:
                ["    .-.      ", "     __)     ", "    (        ", "     `-'     ", "      *      "]
            }
        return art
    }

    /// `14:00`, or `2 pm` / `2:30 pm` on a 12-hour clock (`午後2時`, `오후 2:30`: the language's own), in the zone
    /// `offset` seconds from UTC.
    static func clock(_ date: Date, _ offset: Int, _ style: ClockStyle = .h24, _ words: Words) -> String {
        let zone = TimeZone(secondsFromGMT: offset) ?? .gmt
        // The minute under way, as the weather has always said it (the sky rounds to the nearest).
        let seconds = whole(date.timeIntervalSince1970)
        let date = Date(timeIntervalSince1970: Double(seconds - ((seconds % 60) + 60) % 60))
        switch style {
        case .h24: return words.time(date, zone, hours24: true)
        case .h12: return words.time(date, zone, hours24: false, dropZeroMinutes: true)
        }
    }

    /// `Sun 22 Nov` for `2026-11-22`, in the language's order and names (`So., 22. Nov.`, `11月22日(日)`).
    static func dayLabel(_ date: String, _ words: Words) -> String {
        // Read by hand: the text came from a server (see `LocalTime`); only a valid date meets a formatter.
        guard let parsed = LocalTime.date(fromLocal: date, utcOffset: 0) else {
            return DisplayWidth.fit(TerminalText.sanitize(date), to: 10)
        }
        return words.shortDate(parsed.addingTimeInterval(12 * 3600), .gmt)
    }

    /// `40 s`, `12 min`, `3 h`, `4 days`: how long ago, in the language.
    static func age(_ seconds: TimeInterval, _ words: Words) -> String {
        let seconds = max(0, seconds)
        if seconds < 90 { return words("%@ s", words.number(whole(seconds))) }
        if seconds < 90 * 60 { return words("%@ min", words.number(whole(seconds / 60))) }
        if seconds < 48 * 3600 { return words("%@ h", words.number(whole(seconds / 3600))) }
        return words.count("%lld days", whole(seconds / 86_400))
    }

    static func providerName(_ provider: String) -> String {
        provider == "openweathermap" ? "OpenWeatherMap" : provider == "open-meteo" ? "Open-Meteo" : provider
    }

    /// The presets (or the user's `locations.json`): name, coordinates, id.
    static func presets(
        _ cities: [City], fromFile: Bool, painter: Painter, width: Int = 80, words: Words
    ) -> String {
        var lines = [painter.paint(fromFile ? words("Your cities (locations.json)") : words("Preset cities"), .bold)]
        let table = FittedTable(columns: [
            .init(
                header: words("Place"), cells: cities.map { "\($0.name.terminalSafe), \($0.country)" },
                flexible: true, minimumWidth: 16),
            .init(
                header: words("Coordinates"),
                cells: cities.map {
                    FixedDigits.decimal($0.latitude, digits: 4, width: 8) + " "
                        + FixedDigits.decimal($0.longitude, digits: 4, width: 9)
                }, priority: 1),
            .init(header: words("ID"), cells: cities.map { "#\($0.id)" }),
        ])
        lines += table.lines(width: width, painter: painter)
        lines += DisplayWidth.wrapped(words("'weather NAME' or 'weather #ID' shows one."), width: width)
            .map { painter.paint($0, .dim) }
        return lines.joined(separator: "\n")
    }

    /// The favourites with the last weather kept for each, fitted to `width` columns.
    static func favorites(
        _ favorites: [WeatherModel.FavoriteWeather], unit: TemperatureUnit, now: Date, painter: Painter, width: Int,
        words: Words
    ) -> String {
        guard !favorites.isEmpty else {
            return DisplayWidth.wrapped(
                words("You have no favourites yet: 'fav' keeps the city on screen."), width: width, indent: "  "
            ).joined(separator: "\n")
        }
        var lines = DisplayWidth.wrapped(words("Favourites, with the last weather SkyLens has for them"), width: width)
            .map { painter.paint($0, .bold) }
        let cached = favorites.map { $0.cached?.report.current }
        let table = FittedTable(columns: [
            .init(
                header: words("Place"),
                cells: favorites.map { favorite in
                    // ⚠ before a place under a warning (as last fetched).
                    (favorite.warning == nil ? "" : "⚠ ")
                        + (favorite.location.map { "\($0.name.terminalSafe), \($0.country)" } ?? "#\(favorite.id)")
                }, flexible: true, minimumWidth: 16,
                paint: { row, text in
                    favorites[row].warning?.colour.map { painter.paint(text, .rgb($0.red, $0.green, $0.blue)) } ?? text
                }),
            .init(
                header: words("Temp"),
                cells: favorites.indices.map { index in
                    guard favorites[index].location != nil else { return "" }
                    return cached[index].map { "\(whole(unit.temperature($0.temperature))) \(unit.symbol)" }
                        ?? words("no weather stored yet")
                }, alignRight: true,
                paint: { row, text in
                    cached[row].map { painter.paint(text, ColorScale.temperature($0.temperature)) } ?? text
                }),
            .init(
                header: words("Sky"),
                cells: cached.map { current in current.map { conditionWords($0.condition, words) } ?? "" },
                priority: 2),
            .init(
                header: words("Fetched"),
                cells: favorites.map { favorite in
                    guard favorite.location != nil else { return words("not in the city list in use") }
                    return favorite.cached.map { words("%@ ago", age(now.timeIntervalSince($0.fetchedAt), words)) }
                        ?? ""
                }, priority: 1),
        ])
        lines += table.lines(width: width, painter: painter)
        return lines.joined(separator: "\n")
    }
}

extension Optional where Wrapped == String {
    /// The text, or nothing.
    var orEmpty: String { self ?? "" }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}

/// A number from outside as a whole number: rounded, and NaN, infinities and absurd sizes brought into range
/// instead of trapping.
func whole(_ value: Double) -> Int {
    guard value.isFinite else { return 0 }
    return Int(max(-1e12, min(1e12, value)).rounded())
}
