import Architecture
import Astronomy
import CitiesService
import CoreKit
import Foundation
import Localization
import WeatherAlerts
import WeatherService

/// `weather --line` and `--template` in JSON: the line, and what it is about.
struct LineDocument: JSONDocument {
    static let kind = "weather-line"

    var line: String
    /// True when what the line shows is old (`WeatherRepository.Shown.isOld`): a status bar can tell.
    var stale: Bool
    var observedAt: Date
    var fetchedAt: Date
    var location: WeatherDocument.Location
    /// Other places that answer to the text the place was named by, the likeliest first (left out when none).
    var alternatives: [PlaceAlternative]?
    /// The official warnings in force, most severe first (left out when none).
    var warnings: [WarningDocument]?
}

extension WeatherViews {
    /// The codes of `--template`: every code of wttr.in's `format=`, with its meaning (its README's list), then
    /// SkyLens's own (`A`, `W`). In English: they are the option's help and the usage error's list, written before
    /// any language is known.
    static let templateCodes: [(code: Character, meaning: String)] = [
        ("c", "condition symbol"), ("C", "condition"), ("x", "condition, plain-text symbol (wttr.in's: o m mm = / …)"),
        ("h", "humidity"), ("t", "temperature"), ("f", "feels like"), ("w", "wind"), ("l", "location"),
        ("m", "moon phase"), ("M", "moon day (days since the new moon)"), ("p", "precipitation (last hour)"),
        ("o", "chance of precipitation (the hour under way)"),
        ("P", "pressure"), ("e", "dew point"), ("u", "UV index"), ("D", "dawn (civil)"), ("S", "sunrise"),
        ("z", "zenith (solar noon)"), ("s", "sunset"), ("d", "dusk (civil)"), ("T", "current time at the place"),
        ("Z", "the place's time zone"), ("A", "the data's age when it is old (3 d), else nothing"),
        ("R", "rain or snow within the hour, when it starts (☂ 14:15, ☂ now), else nothing"),
        ("W", "the most severe official warning in force (⚠ Tornado Warning), else nothing"), ("%", "a % sign"),
    ]

    /// A template with a code SkyLens does not know is refused before anything is fetched, in the user's language.
    static func checkTemplate(_ template: String, _ words: Words) throws(CommandError) {
        var characters = template.makeIterator()
        while let character = characters.next() {
            guard character == "%" else { continue }
            guard let code = characters.next() else {
                throw .usage(words("The template ends with a lone '%%': write '%%%%' for a %% sign."))
            }
            guard templateCodes.contains(where: { $0.code == code }) else {
                throw .usage(
                    words(
                        "The template has an unknown code '%%%1$@'. Its codes: %2$@ ('help weather' says what each means).",
                        String(code).terminalPreview, templateCodes.map { "%\($0.code)" }.joined(separator: " ")))
            }
        }
        guard !template.contains(where: { $0.isNewline }) else {
            throw .usage(words("The template makes one line: it cannot hold a line break."))
        }
    }

    /// `Toronto: ☁ 6 °C ↘ 15 km/h`, at most 60 columns (and the terminal's width): the name is cut to make room;
    /// `⚠ ` before it while a warning is in force.
    static func line(
        _ shown: WeatherRepository.Shown, place: Place?, frame: Frame, warning: WeatherAlert? = nil
    ) -> String {
        let current = shown.report.current, unit = frame.units.temperature, words = frame.words
        var rest =
            " \(current.condition.glyph) \(words.number(whole(unit.temperature(current.temperature)))) \(unit.symbol)"
        if let wind = current.windSpeed {
            rest += " " + (current.windDirection.map { windArrow($0) + " " } ?? "") + speed(wind, frame.units, words)
        }
        if shown.isOld(now: frame.now) {
            rest += " " + words("(%@ old)", shortAge(shown.age(now: frame.now), words))
        }
        let limit = min(60, frame.width)
        let marker = warning == nil ? "" : "⚠ "
        let name = DisplayWidth.truncated(
            frame.name(of: shown.report.location),
            toColumns: max(1, limit - DisplayWidth.columns(of: marker + rest) - 1))
        return DisplayWidth.truncated(marker + name + ":" + rest, toColumns: limit)
    }

    /// The codes of `template` that read the almanac (the moon, dawn, noon, dusk, the zone's name).
    static let almanacCodes: Set<Character> = ["M", "D", "z", "d", "Z", "m"]

    /// Whether `template` has a code that reads the almanac (read as `template` reads it: `%%M` is text).
    static func templateUsesAlmanac(_ template: String) -> Bool {
        var characters = template.makeIterator()
        while let character = characters.next() {
            guard character == "%", let code = characters.next() else { continue }
            if almanacCodes.contains(code) { return true }
        }
        return false
    }

    /// The template with each code replaced (checked first by `checkTemplate`): "—" for what the answer lacks.
    static func template(
        _ template: String, _ shown: WeatherRepository.Shown, place: Place?,
        almanac: WeatherModel.Almanac?, frame: Frame, warning: WeatherAlert? = nil
    ) -> String {
        let report = shown.report, current = report.current, units = frame.units, words = frame.words
        func degrees(_ celsius: Double?) -> String {
            celsius.map { "\(words.number(whole(units.temperature.temperature($0)))) \(units.temperature.symbol)" }
                ?? "—"
        }
        let today = report.days.first { $0.date == LocalTime.day(report.observedAt, utcOffset: report.utcOffset) }
        func time(_ date: Date?) -> String { date.map { clock($0, report.utcOffset, units.clock, words) } ?? "—" }
        var output = ""
        var characters = template.makeIterator()
        while let character = characters.next() {
            guard character == "%", let code = characters.next() else {
                output.append(character)
                continue
            }
            switch code {
            case "l": output += frame.name(of: report.location)
            case "c": output += current.condition.glyph
            case "C": output += conditionWords(current.condition, words)
            case "x": output += plainSymbol(current.condition)
            case "e": output += degrees(current.dewPoint)
            case "M": output += almanac.map { words.number(Int($0.moonAge.rounded(.down))) } ?? "—"
            case "D": output += time(almanac?.dawn)
            case "z": output += time(almanac?.noon)
            case "d": output += time(almanac?.dusk)
            case "T": output += clock(frame.now, report.utcOffset, units.clock, words)
            case "Z": output += almanac?.timeZone ?? utcName(report.utcOffset)
            case "t": output += degrees(current.temperature)
            case "f": output += degrees(current.feelsLike)
            case "w":
                output +=
                    current.windSpeed.map {
                        (current.windDirection.map { windArrow($0) } ?? "") + speed($0, units, words)
                    } ?? "—"
            case "h": output += current.humidity.map { "\(words.number(whole($0))) %" } ?? "—"
            case "p": output += current.precipitation.map { units.rain.amount($0, words) } ?? "—"
            case "o":
                // The hour under way: the first stamped after now (a provider's hour holds the hour before it).
                output +=
                    report.hours.first { $0.time > frame.now }?.precipitationProbability.map {
                        "\(words.number(whole($0))) %"
                    } ?? "—"
            case "P": output += current.pressure.map { units.pressure.text($0, words) } ?? "—"
            case "u": output += current.uvIndex.map { words.number(whole($0)) } ?? "—"
            case "m": output += almanac.map { moonSymbol($0.moonPhase) } ?? "—"
            case "S": output += time(current.sunrise ?? today?.sunrise)
            case "s": output += time(current.sunset ?? today?.sunset)
            case "A": output += shown.isOld(now: frame.now) ? shortAge(shown.age(now: frame.now), words) : ""
            case "R": output += rainWithinTheHour(shown, now: frame.now, units: units, words: words)
            case "W": output += warning.map { "⚠ " + warningName($0) } ?? ""
            case "%": output += "%"
            default: output += "%" + String(code)
            }
        }
        return TerminalText.sanitize(output)
    }

    /// `%R`: "☂ 14:15" when rain or snow is expected to start within the hour (from the quarter hours where the
    /// provider gives them, else the hours), "☂ now" while it falls, else nothing — nothing from old data too.
    static func rainWithinTheHour(
        _ shown: WeatherRepository.Shown, now: Date, units: Units, words: Words
    ) -> String {
        guard !shown.isOld(now: now) else { return "" }
        let outlook = RainOutlook(shown.report, now: now, horizon: 3600)
        guard let spell = outlook.spell, spell.start < now.addingTimeInterval(3600) else { return "" }
        let symbol = spell.kind.isSnow ? "❄" : "☂"
        return symbol + " "
            + (spell.isNow ? words("now") : clock(spell.start, shown.report.utcOffset, units.clock, words))
    }

    /// wttr.in's plain-text symbol of a condition (`%x`): its table of WWO conditions (`WEATHER_SYMBOL_PLAIN`),
    /// each SkyLens condition taken as the nearest of them.
    static func plainSymbol(_ condition: Condition) -> String {
        switch condition {
        case .clear, .mainlyClear: "o"
        case .partlyCloudy: "m"
        case .overcast: "mmm"
        case .fog: "="
        case .drizzle, .rain: "/"
        case .heavyRain: "///"
        case .freezingDrizzle, .freezingRain, .sleet: "x"
        case .rainShowers: "."
        case .snow: "*"
        case .heavySnow: "**"
        case .snowShowers: "*/"
        case .thunderstorm: "!/"
        case .thunderstormWithHail: "/!/"
        case .unknown: "?"
        }
    }

    /// `UTC-05:00` for an offset with no zone name.
    static func utcName(_ offset: Int) -> String {
        "UTC" + (offset < 0 ? "-" : "+") + FixedDigits.padded(abs(offset) / 3600, width: 2) + ":"
            + FixedDigits.padded(abs(offset) % 3600 / 60, width: 2)
    }

    /// `45 min`, `5 h`, `3 d`: an age where room is short (a status bar), in the language's abbreviations.
    static func shortAge(_ seconds: TimeInterval, _ words: Words) -> String {
        let seconds = max(0, seconds)
        if seconds < 90 * 60 { return words("%@ min", words.number(whole(seconds / 60))) }
        if seconds < 48 * 3600 { return words("%@ h", words.number(whole(seconds / 3600))) }
        return words("%@ d", words.number(whole(seconds / 86_400)))
    }

    /// The Moon's phase as the one symbol wttr.in's `%m` gives.
    static func moonSymbol(_ phase: MoonPhase) -> String {
        switch phase {
        case .newMoon: "🌑"
        case .waxingCrescent: "🌒"
        case .firstQuarter: "🌓"
        case .waxingGibbous: "🌔"
        case .fullMoon: "🌕"
        case .waningGibbous: "🌖"
        case .lastQuarter: "🌗"
        case .waningCrescent: "🌘"
        }
    }
}
