import Architecture
import Astronomy
import CitiesService
import CoreKit
import Foundation
import WeatherService

/// °C or °F. Values are stored in °C and km/h and converted when shown.
enum TemperatureUnit: String, Sendable, Equatable, CaseIterable {
    case celsius, fahrenheit

    var symbol: String { self == .celsius ? "°C" : "°F" }
    var windUnit: String { self == .celsius ? "km/h" : "mph" }

    func temperature(_ celsius: Double) -> Double { self == .celsius ? celsius : celsius * 9 / 5 + 32 }
    func wind(_ kmh: Double) -> Double { self == .celsius ? kmh : kmh / 1.609344 }

    init?(argument: String) {
        switch argument.lowercased() {
        case "c", "celsius", "°c", "metric": self = .celsius
        case "f", "fahrenheit", "°f", "imperial": self = .fahrenheit
        default: return nil
        }
    }
}

/// Text renderings of the weather: pure functions of the data, the unit and the painter; checked by golden files.
enum WeatherViews {
    static func current(
        _ shown: WeatherRepository.Shown, place: ResolvedPlace?, almanac: WeatherModel.Almanac? = nil,
        unit: TemperatureUnit, now: Date, painter: Painter
    )
        -> String
    {
        let report = shown.report
        let current = report.current
        let icon = icon(current.condition, isDay: current.isDay)
        var facts = [
            painter.paint(current.condition.words, .bold),
            "\(temperature(current.temperature, unit, painter)), feels like \(current.feelsLike.map { temperature($0, unit, painter) } ?? "—")",
            "Humidity \(current.humidity.map { "\(whole($0)) %" } ?? "—")",
            "Wind \(current.windSpeed.map { "\(whole(unit.wind($0))) \(unit.windUnit)" } ?? "—")\(current.windDirection.map { " from \(Geo.compassPoint($0))" } ?? "")",
        ]
        if let today = report.days.first(where: {
            $0.date == LocalTime.day(report.observedAt, utcOffset: report.utcOffset)
        }) {
            let rise = today.sunrise.map { clock($0, report.utcOffset) } ?? "—"
            let set = today.sunset.map { clock($0, report.utcOffset) } ?? "—"
            facts.append("Sunrise \(rise) · Sunset \(set)")
        }
        if let almanac { facts.append(Self.almanac(almanac)) }
        var lines = [header(report.location, place: place, painter: painter)]
        let artWidth = icon.map { DisplayWidth.columns(of: $0) }.max() ?? 0
        for index in 0..<max(icon.count, facts.count) {
            let fact = index < facts.count ? facts[index] : ""
            let art =
                index < icon.count
                ? painter.paint(icon[index], .color256(iconColor(current.condition)))
                : String(repeating: " ", count: artWidth)
            lines.append(art + "  " + fact)
        }
        lines.append(
            painter.paint(
                "Observed \(clock(report.observedAt, report.utcOffset)) local time · \(providerName(report.provider))",
                .dim))
        lines += footer(shown, place: place, now: now, painter: painter)
        return lines.joined(separator: "\n")
    }

    /// `Day 9h 33m (-2m 10s) · Waxing Gibbous moon, 78 %`.
    static func almanac(_ almanac: WeatherModel.Almanac) -> String {
        let minutes = Int((almanac.dayLength / 60).rounded())
        let change = Int(almanac.dayLengthChange.rounded())
        let day =
            switch almanac.polar {
            case .night?: "No sunrise today"
            case .day?: "No sunset today"
            case nil:
                "Day \(minutes / 60)h \(String(format: "%02d", minutes % 60))m"
                    + (change == 0
                        ? ""
                        : " (\(change > 0 ? "+" : "-")\(abs(change) >= 60 ? "\(abs(change) / 60)m " : "")\(abs(change) % 60)s)")
            }
        return "\(day) · \(almanac.moonPhase.rawValue) moon, \(Int((almanac.illumination * 100).rounded())) %"
    }

    static func hourly(
        _ shown: WeatherRepository.Shown, place: ResolvedPlace?, unit: TemperatureUnit, now: Date, painter: Painter
    )
        -> String
    {
        let report = shown.report
        let steps = nextHours(report)
        var lines = [header(report.location, place: place, painter: painter) + painter.paint("  next 24 hours", .dim)]
        lines.append(painter.paint("Time   Sky  Temp    Feels   Rain", .dim))
        for hour in steps {
            let feels = hour.feelsLike.map { temperature($0, unit, painter, width: 6) } ?? "     —"
            let rain =
                hour.precipitationProbability.map { DisplayWidth.padLeft(String(whole($0)), to: 3) + " %" } ?? "   —"
            lines.append(
                "\(clock(hour.time, report.utcOffset))  \(glyph(hour.condition))    \(temperature(hour.temperature, unit, painter, width: 6))  \(feels)  \(rain)  \(hour.condition.words)"
            )
        }
        if steps.isEmpty { lines.append("No hourly forecast in this answer.") }
        lines.append("")
        lines += chart(report, unit: unit, painter: painter)
        lines += footer(shown, place: place, now: now, painter: painter)
        return lines.joined(separator: "\n")
    }

    static func forecast(
        _ shown: WeatherRepository.Shown, place: ResolvedPlace?, unit: TemperatureUnit, now: Date, painter: Painter
    )
        -> String
    {
        let report = shown.report
        let days = report.days
        var lines = [
            header(report.location, place: place, painter: painter) + painter.paint("  \(days.count) days", .dim)
        ]
        guard let low = days.map(\.minimum).min(), let high = days.map(\.maximum).max() else {
            return
                (lines + ["No daily forecast in this answer."] + footer(shown, place: place, now: now, painter: painter))
                .joined(separator: "\n")
        }
        lines.append(
            painter.paint(
                "Day          Sky                Min     Max     Avg      \(unit.symbol) \(whole(unit.temperature(low)))…\(whole(unit.temperature(high)))",
                .dim))
        let width = 20
        for day in days {
            let span = max(0.1, high - low)
            let from = min(width - 1, max(0, whole((day.minimum - low) / span * Double(width - 1))))
            let to = min(width - 1, max(from, whole((day.maximum - low) / span * Double(width - 1))))
            let bar =
                String(repeating: "·", count: from) + String(repeating: "━", count: to - from + 1)
                + String(repeating: "·", count: width - 1 - to)
            lines.append(
                "\(dayLabel(day.date))  \(glyph(day.condition)) \(DisplayWidth.fit(day.condition.words, to: 16))  \(temperature(day.minimum, unit, painter, width: 6))  \(temperature(day.maximum, unit, painter, width: 6))  \(temperature(day.average, unit, painter, width: 6))   \(painter.paint(bar, .color256(temperatureColor(day.average))))"
            )
        }
        lines += footer(shown, place: place, now: now, painter: painter)
        return lines.joined(separator: "\n")
    }

    // MARK: - Parts

    static func header(_ location: WeatherLocation, place: ResolvedPlace?, painter: Painter) -> String {
        var name = location.name.terminalSafe
        if !location.country.isEmpty {
            name += ", " + (place?.region.map { "\($0.terminalSafe), " } ?? "") + location.country
        }
        return painter.paint(name, .bold)
    }

    static func footer(_ shown: WeatherRepository.Shown, place: ResolvedPlace?, now: Date, painter: Painter) -> [String]
    {
        var lines: [String] = []
        if let place, place.alternativeCount > 0 {
            let names = place.alternatives.map { city in
                "\(city.qualifiedName.terminalSafe) #\(city.id)"
            }
            let more = place.alternativeCount > names.count ? " and \(place.alternativeCount - names.count) more" : ""
            lines.append(
                painter.paint(
                    "Also called that: \(names.joined(separator: "; "))\(more). Narrow with 'NAME, REGION, CC', 'NAME, CC' or '#ID'.",
                    .dim))
        }
        if !shown.report.repairs.isEmpty {
            // The server sent impossible values: said, never drawn (they are shown as "—" or left out).
            let listed = shown.report.repairs.prefix(3).map { $0.terminalSafe }.joined(separator: "; ")
            let more = shown.report.repairs.count > 3 ? " and \(shown.report.repairs.count - 3) more" : ""
            lines.append(
                painter.paint(
                    "\(providerName(shown.report.provider)) sent impossible values, left out: \(listed)\(more).",
                    .yellow))
        }
        if let error = shown.staleBecause {
            lines.append(
                painter.paint("offline — data from \(age(now.timeIntervalSince(shown.fetchedAt))) ago", .yellow, .bold)
                    + " ("
                    + error.message.terminalSafe + ")")
        } else if shown.fromCache {
            lines.append(
                painter.paint(
                    "Fetched \(age(now.timeIntervalSince(shown.fetchedAt))) ago; 'refresh' fetches again.", .dim))
        }
        return lines
    }

    /// The next 24 hours in 3-hour steps, from the hour of the observation.
    static func nextHours(_ report: WeatherReport) -> [HourForecast] {
        let start = report.observedAt.addingTimeInterval(-3_599)
        let upcoming = report.hours.filter { $0.time >= start }
        guard let first = upcoming.first else { return [] }
        return upcoming.filter { hour in
            let offset = hour.time.timeIntervalSince(first.time)
            return offset < 24 * 3600 && whole(offset) % (3 * 3600) == 0
        }
    }

    /// A sparkline of the next 24 hours, one column an hour, the current hour marked.
    static func chart(_ report: WeatherReport, unit: TemperatureUnit, painter: Painter) -> [String] {
        let start = report.observedAt.addingTimeInterval(-3_599)
        let points = report.hours.filter { $0.time >= start && $0.time < start.addingTimeInterval(24 * 3600 + 3_599) }
        guard points.count >= 2, let first = points.first else { return [] }
        // One value an hour, interpolated between 3-hourly points.
        var values: [Double] = []
        for hour in 0..<24 {
            let time = first.time.addingTimeInterval(Double(hour) * 3600)
            guard let after = points.firstIndex(where: { $0.time >= time }) else { break }
            let right = points[after]
            if after == 0 || right.time == time {
                values.append(right.temperature)
            } else {
                let left = points[after - 1]
                let fraction = time.timeIntervalSince(left.time) / right.time.timeIntervalSince(left.time)
                values.append(left.temperature + (right.temperature - left.temperature) * fraction)
            }
        }
        guard let low = values.min(), let high = values.max() else { return [] }
        let levels = Array("▁▂▃▄▅▆▇█")
        let spark = values.map { value -> String in
            let level = high - low < 0.05 ? 3 : min(7, max(0, whole((value - low) / (high - low) * 7)))
            return painter.paint(String(levels[level]), .color256(temperatureColor(value)))
        }.joined()
        let range = "\(whole(unit.temperature(low)))…\(whole(unit.temperature(high))) \(unit.symbol)"
        return [
            "Temperature  " + spark + "  " + range,
            "             " + painter.paint("^", .bold) + painter.paint(" now", .dim)
                + String(repeating: " ", count: max(0, values.count - 5))
                + painter.paint(
                    clock(first.time.addingTimeInterval(Double(values.count - 1) * 3600), report.utcOffset), .dim),
        ]
    }

    /// `3 °C`, coloured by the temperature (in °C, whatever the unit shown).
    static func temperature(_ celsius: Double, _ unit: TemperatureUnit, _ painter: Painter, width: Int = 0) -> String {
        let value = whole(unit.temperature(celsius))
        let text = DisplayWidth.padLeft("\(value) \(unit.symbol)", to: width)
        return painter.paint(text, .color256(temperatureColor(celsius)))
    }

    /// As the original app: ≥30 °C red-orange, 20–30 orange-yellow, 10–20 blue-cyan, below 10 indigo-purple.
    static func temperatureColor(_ celsius: Double) -> UInt8 {
        switch celsius {
        case 30...: 202
        case 20..<30: 214
        case 10..<20: 39
        default: 99
        }
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

    /// `14:00` in the zone `offset` seconds from UTC.
    static func clock(_ date: Date, _ offset: Int) -> String {
        let seconds = ((whole(date.timeIntervalSince1970) + offset) % 86_400 + 86_400) % 86_400
        return String(format: "%02d:%02d", seconds / 3600, seconds % 3600 / 60)
    }

    /// `Sun 22 Nov` for `2026-11-22`.
    static func dayLabel(_ date: String) -> String {
        // Read by hand: the text came from a server (see `LocalTime`); only a valid date meets a formatter.
        guard let parsed = LocalTime.date(fromLocal: date, utcOffset: 0) else {
            return DisplayWidth.fit(TerminalText.sanitize(date), to: 10)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "EEE dd MMM"
        return formatter.string(from: parsed)
    }

    static func age(_ seconds: TimeInterval) -> String {
        let seconds = max(0, seconds)
        if seconds < 90 { return "\(whole(seconds)) s" }
        if seconds < 90 * 60 { return "\(whole(seconds / 60)) min" }
        if seconds < 48 * 3600 { return "\(whole(seconds / 3600)) h" }
        return "\(whole(seconds / 86_400)) days"
    }

    static func providerName(_ provider: String) -> String {
        provider == "openweathermap" ? "OpenWeatherMap" : provider == "open-meteo" ? "Open-Meteo" : provider
    }

    /// The presets (or the user's `locations.json`): name, coordinates, id.
    static func presets(_ cities: [City], fromFile: Bool, painter: Painter) -> String {
        var lines = [painter.paint(fromFile ? "Your cities (locations.json)" : "Preset cities", .bold)]
        let labels = cities.map { "\($0.name.terminalSafe), \($0.country)" }
        let width = labels.map { DisplayWidth.columns(of: $0) }.max() ?? 10
        for (city, label) in zip(cities, labels) {
            lines.append(
                "  \(DisplayWidth.pad(label, to: width))  \(String(format: "%8.4f %9.4f", city.latitude, city.longitude))  #\(city.id)"
            )
        }
        lines.append(painter.paint("'weather NAME' or 'weather #ID' shows one.", .dim))
        return lines.joined(separator: "\n")
    }

    /// The favourites with the last weather kept for each, fitted to `width` columns.
    static func favorites(
        _ favorites: [WeatherModel.FavoriteWeather], unit: TemperatureUnit, now: Date, painter: Painter, width: Int
    ) -> String {
        guard !favorites.isEmpty else { return "You have no favourites yet: 'fav' keeps the city on screen." }
        var lines = [painter.paint("Favourites, with the last weather SkyLens has for them", .bold)]
        // The name gets what the temperature (8), the sky (18) and the age (~10) leave of the line.
        let nameWidth = max(8, min(28, width - 2 - 8 - 18 - 12))
        for favorite in favorites {
            guard let location = favorite.location else {
                lines.append("  #\(favorite.id)  (not in the city list in use, and no place stored for it)")
                continue
            }
            let label = DisplayWidth.fit("\(location.name.terminalSafe), \(location.country)", to: nameWidth)
            guard let cached = favorite.cached else {
                lines.append("  \(label)  (no weather stored yet)")
                continue
            }
            let current = cached.report.current
            lines.append(
                "  \(label)  \(temperature(current.temperature, unit, painter, width: 6))  \(DisplayWidth.fit(current.condition.words, to: 16))  \(age(now.timeIntervalSince(cached.fetchedAt))) ago"
            )
        }
        return lines.joined(separator: "\n")
    }
}

/// A number from outside as a whole number: rounded, and NaN, infinities and absurd sizes brought into range
/// instead of trapping.
func whole(_ value: Double) -> Int {
    guard value.isFinite else { return 0 }
    return Int(max(-1e12, min(1e12, value)).rounded())
}
