import Architecture
import CitiesService
import CoreKit
import Foundation
import Localization
import MapRendering
import WeatherAlerts
import WeatherService

/// Text renderings of the map feature's states: pure functions, checked by golden files.
enum MapViews {
    /// - Parameter width: the terminal's columns: a name too long for its row is cut with "…", so that no row
    ///   runs past the edge (the coordinates and the star stay whole).
    /// - Parameter hints: the commands that act on the rows (`open N`, `next`), for a session; one-shot output says
    ///   how to see more instead.
    static func results(
        _ results: CityBrowser.Results, painter: Painter, width: Int = 80, hints: Bool = true,
        words: Words = .english()
    )
        -> String
    {
        let query = results.query.trimmingSpaces
        let subject =
            switch (results.favoritesOnly, query.isEmpty) {
            case (true, true): words("Favourites")
            case (false, true): words("Cities")
            case (true, false): words("Favourites starting with \"%@\"", query.terminalPreview)
            case (false, false): words("Cities starting with \"%@\"", query.terminalPreview)
            }
        guard !results.rows.isEmpty else {
            if !results.absent.isEmpty {
                return
                    ([painter.paint(words("%@: none in the city list in use", subject), .bold)]
                    + absentFavorites(results.absent, painter: painter, width: width, words: words))
                    .joined(separator: "\n")
            }
            if results.total > 0 {
                return words.count(
                    "%2$@: %lld matches, none on page %3$@. 'page 1' goes back.", results.total, subject,
                    words.number(results.pageIndex + 1))
            }
            if results.favoritesOnly && query.isEmpty {
                return words("You have no favourites yet: 'fav N' keeps row N of a list, 'fav #ID' a city by its id.")
            }
            return words("%@: no match.", subject)
        }
        let first = results.offset + 1, last = results.offset + results.rows.count
        let heading =
            results.order == .population
            ? words.count("%2$@, most populous first: %lld matches", results.total, subject)
            : words.count("%2$@: %lld matches", results.total, subject)
        let range = words("(%1$@–%2$@)", words.number(first), words.number(last))
        // A full-width parenthesis (Chinese, Japanese) brings its own space.
        var lines = [painter.paint(heading, .bold) + (range.hasPrefix("（") ? "" : " ") + range]
        if let top = results.likeliest {
            // The place a person most likely meant, when name order put it past this page.
            let name = TerminalText.sanitize(top.city.listLabel(words))
            let line =
                hints
                ? words("Largest: %1$@: 'open #%2$@'", name, String(top.city.id))
                : words("Largest: %1$@, #%2$@ (--sort population)", name, String(top.city.id))
            lines += DisplayWidth.wrapped(line, width: width).map { painter.paint($0, .dim) }
        }
        let numberWidth = String(results.rows.count).count
        // The row: number, two spaces, name, two spaces, coordinates (20 columns), a space and the star. A narrow
        // terminal leaves the coordinates out, so that the names (with region and population) keep their room.
        let showCoordinates = width >= 60
        let room = width - numberWidth - 2 - (showCoordinates ? 2 + 20 : 0) - 2
        let labels = results.rows.map { row in
            let full = TerminalText.sanitize(row.city.listLabel(words))
            guard DisplayWidth.columns(of: full) > room else { return full }
            // Too long: the region goes first, then the name is cut.
            var short = row.city
            short.region = nil
            return TerminalText.sanitize(short.listLabel(words))
        }
        let nameWidth = max(8, min(room, max(12, labels.map { DisplayWidth.columns(of: $0) }.max() ?? 12)))
        for (index, row) in results.rows.enumerated() {
            let number = DisplayWidth.padLeft(String(index + 1), to: numberWidth)
            let star = row.favorite ? " " + painter.paint("★", .yellow) : ""
            let label = DisplayWidth.fit(labels[index], to: nameWidth)
            lines.append(
                showCoordinates
                    ? "\(number)  \(label)  \(coordinates(row.city))\(star)"
                    : "\(number)  \(row.favorite ? label : DisplayWidth.truncated(labels[index], toColumns: nameWidth))\(star)"
            )
        }
        let page = words.number(results.pageIndex + 1), pages = words.number(results.pageCount)
        var footer = words("Page %1$@ of %2$@", page, pages)
        if !hints {
            if results.pageCount > 1 { footer += " · " + words("--limit N shows more") }
        } else {
            if results.pageCount > 1 { footer += " · next, prev, page N" }
            footer += " · open N, map N, fav N"
        }
        if hints, DisplayWidth.columns(of: footer) > width {
            footer = words("Page %1$@/%2$@", page, pages) + (results.pageCount > 1 ? " · next, prev" : "") + " · open N"
        }
        lines.append(painter.paint(footer, .dim))
        if !results.absent.isEmpty {
            lines += [""] + absentFavorites(results.absent, painter: painter, width: width, words: words)
        }
        return lines.joined(separator: "\n")
    }

    /// `Also: San José, San Jose, CR #3621849`: the runner-up when it was nearly as likely meant, cut to the width;
    /// nil when none was (the JSON lists every alternative). `places`: the city list's words.
    static func alsoCalled(_ also: CityBrowser.AlsoCalled, width: Int, places: Words = .english()) -> String? {
        also.closeRunnerUp?.alsoLine(fitting: width, words: places)
    }

    /// A distance in the language's digits: `0.7 km`, `12 km`.
    static func distance(_ km: Double, _ words: Words) -> String {
        km < 10
            ? words("%@ km", words.number(km, digits: 1)) : words("%@ km", words.number(Int(km.rounded())))
    }

    /// `The nearest place to 43.70°N 79.40°W: 0.7 km NE of it.`: where the place named by a point is from it.
    static func originText(
        _ origin: CityBrowser.Origin, words: Words = .english(), places: Words = .english()
    )
        -> String
    {
        words(
            "The nearest place to %1$@: %2$@ %3$@ of it.",
            Place.name(latitude: origin.latitude, longitude: origin.longitude), distance(origin.distanceKm, words),
            CitiesService.Geo.compassPoint(origin.bearing, words: places))
    }

    /// Favourites that the city list in use lacks, as they were stored: never silently dropped.
    static func absentFavorites(
        _ favorites: [Favorite], painter: Painter, width: Int, words: Words = .english()
    ) -> [String] {
        let count = favorites.count
        var lines = [
            painter.paint(
                words.count("%lld favourites are not in the city list in use (kept as stored):", count), .bold)
        ]
        let labels = favorites.map { favorite in
            let country = favorite.country.flatMap { $0.isEmpty ? nil : $0 } ?? "—"
            return TerminalText.sanitize("\(favorite.name ?? words("(name unknown)")), \(country)")
        }
        let idWidth = favorites.map { String($0.id).count + 1 }.max() ?? 8
        let room = width - idWidth - 2 - 2 - 20
        let nameWidth = max(8, min(room, max(12, labels.map { DisplayWidth.columns(of: $0) }.max() ?? 12)))
        for (favorite, label) in zip(favorites, labels) {
            let place = favorite.city.map { coordinates($0) } ?? words("(place unknown)")
            lines.append(
                "\(DisplayWidth.pad("#\(favorite.id)", to: idWidth))  \(DisplayWidth.fit(label, to: nameWidth))  \(place)"
            )
        }
        lines += DisplayWidth.wrapped(
            words("'unfav #ID' forgets one, 'map #ID' shows it, 'cities reset' returns to the built-in list."),
            width: width
        ).map { painter.paint($0, .dim) }
        return lines
    }

    /// `cities`: which list is in use, and how to change it.
    static func listInfo(
        _ info: CatalogueStore.ListInfo, painter: Painter, width: Int = 80, words: Words = .english()
    ) -> String {
        let builtIn = info.source == "built-in"
        let title =
            builtIn
            ? words("City list: the built-in list")
            : words("City list: downloaded from %@", TerminalText.sanitize(info.source))
        var lines = [painter.paint(title, .bold)]
        var facts = [(words("Cities"), words.number(info.count))]
        if let created = info.createdAt {
            facts.append(
                (
                    builtIn ? words("Prepared") : words("Downloaded"),
                    created.formatted(
                        Date.FormatStyle(locale: words.locale, timeZone: .gmt).year().month(.wide).day())
                ))
        }
        if let url = info.configuredURL { facts.append(("SKYLENS_CITIES_URL", TerminalText.sanitize(url))) }
        if info.readFromInstallation { facts.append((words("Read from"), words("where SkyLens is installed"))) }
        let labelWidth = facts.map { DisplayWidth.columns(of: $0.0) }.max() ?? 0
        for (label, value) in facts {
            lines += factLine(label, value, labelWidth: labelWidth, width: width)
        }
        let hint: String =
            switch (builtIn, info.configuredURL != nil) {
            case (true, true) where info.builtInChosen:
                words("'cities reset' chose the built-in list; 'cities reload' downloads SKYLENS_CITIES_URL's again.")
            case (true, true): words("'cities reload' tries SKYLENS_CITIES_URL again.")
            case (true, false): words("Set SKYLENS_CITIES_URL to use another list, then 'cities reload'.")
            case (false, _):
                words("'cities reset' returns to the built-in list; 'cities reload' downloads this one again.")
            }
        lines += DisplayWidth.wrapped(hint, width: width).map { painter.paint($0, .dim) }
        return lines.joined(separator: "\n")
    }

    /// `  Label   value`, the labels as wide as the widest (by display width); a label too wide for the terminal puts
    /// its value on the next line, under it.
    static func factLine(_ label: String, _ value: String, labelWidth: Int, width: Int) -> [String] {
        let column = labelWidth + 4
        guard column + 8 <= width else {
            return DisplayWidth.wrapped("  " + label, width: width, indent: "  ")
                + DisplayWidth.wrapped("    " + value, width: width, indent: "    ")
        }
        // The value wrapped in its own column, so that the label's padding stays as it is.
        let pieces = DisplayWidth.wrapped(value, width: width - column)
        let indent = String(repeating: " ", count: column)
        return pieces.enumerated().map { index, piece in
            (index == 0 ? "  " + DisplayWidth.pad(label, to: labelWidth + 2) : indent) + piece
        }
    }

    static func detail(
        _ detail: CityBrowser.Detail, painter: Painter, width: Int = 80, hints: Bool = true,
        words: Words = .english(), places: Words = .english()
    )
        -> String
    {
        let city = detail.city
        let favourite = words("★ favourite")
        let star = detail.favorite ? "  " + painter.paint(favourite, .yellow) : ""
        let title = TerminalText.sanitize(
            city.qualifiedName(fitting: width - (detail.favorite ? DisplayWidth.columns(of: favourite) + 2 : 0)))
        var lines = [painter.paint(title, .bold) + star]
        if let origin = detail.origin {
            // Opened for a point: the nearest place, how far and which way from the point.
            lines += DisplayWidth.wrapped(
                originText(origin, words: words, places: places), width: width, indent: "  ")
        }
        var facts: [(String, String)] = [(words("Coordinates"), coordinates(city, long: true))]
        if let country = detail.countryName {
            facts.append((words("Country"), "\(TerminalText.sanitize(country)) (\(city.country))"))
        }
        if let region = city.region {
            let code = region.isoCode.map { " (\($0))" } ?? ""
            let name = TerminalText.sanitize("\(region.name)\(code)")
            facts.append((words("Region"), region.inferred ? words("%@, from the nearest town", name) : name))
        }
        if let population = city.population, population > 0 {
            facts.append((words("Population"), words.number(population)))
        }
        if let zone = city.timeZone { facts.append((words("Time zone"), TerminalText.sanitize(zone))) }
        facts.append((words("Id"), "#\(city.id)"))
        // The labels' column: as wide as the widest label, and at least 10 (11 from 44 columns).
        let labelWidth = max(width < 44 ? 10 : 11, facts.map { DisplayWidth.columns(of: $0.0) }.max() ?? 0)
        for (label, value) in facts {
            lines += factLine(label, value, labelWidth: labelWidth, width: width)
        }
        if !detail.nearby.isEmpty {
            lines.append("")
            lines.append(painter.paint(words("Nearest cities"), .bold))
            // Without their region when that does not fit beside the distance (8), the compass point (3), the
            // bearing (4, from 60 columns) and the id (8), two columns apart; then cut.
            let bearings = width >= 60
            let labels = detail.nearby.map {
                TerminalText.sanitize(
                    $0.city.qualifiedName(fitting: max(8, width - 2 - 10 - 5 - (bearings ? 6 : 0) - 10)))
            }
            var columns: [FittedTable.Column] = [
                .init(header: "", cells: labels.map { "  " + $0 }, flexible: true),
                .init(header: "", cells: detail.nearby.map { distance($0.distanceKm, words) }, alignRight: true),
                .init(
                    header: "", cells: detail.nearby.map { CitiesService.Geo.compassPoint($0.bearing, words: places) }),
                .init(header: "", cells: detail.nearby.map { "#\($0.city.id)" }, priority: 1),
            ]
            if bearings {
                columns.insert(
                    .init(
                        header: "", cells: detail.nearby.map { "\(Int($0.bearing.rounded()) % 360)°" },
                        alignRight: true,
                        priority: 2), at: 3)
            }
            lines += FittedTable(columns: columns).lines(width: width, painter: painter)
        }
        if hints {
            lines.append("")
            let hint =
                detail.favorite
                ? words("'map' shows it on the map, 'weather' its weather, 'unfav' forgets it, 'back' returns.")
                : words("'map' shows it on the map, 'weather' its weather, 'fav' keeps it, 'back' returns.")
            lines += DisplayWidth.wrapped(hint, width: width, indent: "  ").map { painter.paint($0, .dim) }
        }
        return lines.joined(separator: "\n")
    }

    static func map(
        _ map: CityBrowser.MapView, rendered: RenderedMap, painter: Painter, unit: TemperatureUnit = .celsius,
        hints: Bool = true, warnings: [String] = []
    ) -> String {
        var lines: [String] = []
        if let city = map.city {
            let star = map.favorite ? " " + painter.paint("★", .yellow) : ""
            let room = max(8, rendered.lines.first.map { DisplayWidth.columns(of: $0) } ?? 80) - (map.favorite ? 2 : 0)
            lines.append(painter.paint(TerminalText.sanitize(city.qualifiedName(fitting: room)), .bold) + star)
        }
        lines += painter.enabled ? rendered.spans.map { paint($0, painter, unit: unit) } : rendered.lines
        lines.append(painter.paint(rendered.footer, .dim))
        lines += warnings
        if hints { lines.append(painter.paint("zoom in|out · pan n|s|e|w · weather · back", .dim)) }
        return lines.joined(separator: "\n")
    }

    /// A map line in colour: each ink its own, so that shores, lakes, rivers, borders, state lines, cities, names,
    /// favourites and the chosen place can be told apart; a label's weather by its temperature (in `unit`).
    static func paint(_ spans: [MapSpan], _ painter: Painter, unit: TemperatureUnit = .celsius) -> String {
        spans.map { span in
            switch span.ink {
            case .none: span.text
            case .coast: painter.paint(span.text, .color256(114))
            case .lakes: painter.paint(span.text, .color256(39))
            case .rivers: painter.paint(span.text, .color256(31))
            case .borders: painter.paint(span.text, .color256(203))
            case .states: painter.paint(span.text, .color256(243))
            case .cities: painter.paint(span.text, .color256(252))
            case .label: painter.paint(span.text, .bold)
            case .favorite: painter.paint(span.text, .bold, .yellow)
            case .marker: painter.paint(span.text, .bold, .color256(198))
            case .night: painter.paint(span.text, .color256(238))
            // A warning's area, in the warnings' colours.
            case .warningModerate: paintWarning(span.text, .moderate, painter)
            case .warningSevere: paintWarning(span.text, .severe, painter)
            case .warningExtreme: paintWarning(span.text, .extreme, painter)
            // The weather after a name: its temperature on the scale of every view.
            case .annotation:
                MapCurrent.style(ofLabel: span.text, unit: unit).map { painter.paint(span.text, $0) } ?? span.text
            }
        }.joined()
    }

    static func paintWarning(_ text: String, _ severity: AlertSeverity, _ painter: Painter) -> String {
        severity.colour.map { painter.paint(text, .rgb($0.red, $0.green, $0.blue)) } ?? text
    }

    /// Under a map with `--alerts`: each warning in force for the map's place, whether its area is shaded, and the
    /// service; or why nothing is shaded.
    static func warningLines(
        _ warnings: CityBrowser.MapWarnings?, now: Date, painter: Painter, width: Int, words: Words = .english()
    ) -> [String] {
        guard let warnings else { return [] }
        let place = TerminalText.sanitize(warnings.place.name)
        var lines: [String] = []
        switch warnings.answer {
        case .answered(let report, let fetchedAt, let failure)?:
            let inForce = report.alerts.shown(at: now).filter { $0.isInForce(at: now) }
            let service = report.source.name
            let minutes = Int((now.timeIntervalSince(fetchedAt) / 60).rounded())
            if inForce.isEmpty, report.isUnmatched(at: now) {
                lines += DisplayWidth.wrapped(
                    words(
                        "Whether %@ is under a warning cannot be told: no area under a MeteoAlarm warning is named as it is.",
                        place),
                    width: width, indent: "  ")
            } else if inForce.isEmpty, failure != nil {
                lines += DisplayWidth.wrapped(
                    words.count(
                        "No warnings were in force for %2$@ when %3$@ last answered, %lld min ago.", minutes, place,
                        service),
                    width: width, indent: "  ")
            } else if inForce.isEmpty {
                lines += DisplayWidth.wrapped(
                    words("No warnings in force for %1$@ (%2$@).", place, service), width: width, indent: "  ")
            }
            for alert in inForce {
                let event = TerminalText.sanitize(alert.event).split(whereSeparator: \.isWhitespace)
                    .joined(separator: " ")
                let area = TerminalText.sanitize(alert.area)
                let line =
                    alert.areas.isEmpty
                    ? "· " + words("%1$@, %2$@, not drawn: %3$@ gives no area", event, area, service)
                    : "▒ " + words("%1$@, %2$@", event, area)
                lines += DisplayWidth.wrapped(line, width: width, indent: "  ").map {
                    alert.areas.isEmpty ? $0 : paintWarning($0, alert.drawnSeverity, painter)
                }
            }
            if let failure {
                let reason = TerminalText.sanitize(words(failure.sentence))
                lines += DisplayWidth.wrapped(
                    inForce.isEmpty
                        ? words("It could not be asked now: %@", reason)
                        : words.count("These are as of %lld min ago; it could not be asked now: %2$@", minutes, reason),
                    width: width, indent: "  ")
            }
            if !inForce.isEmpty { lines.append(words("'alerts %@' says them whole.", place)) }
        case .failed(let error)?:
            lines += DisplayWidth.wrapped(
                words("No warnings shaded: %@", TerminalText.sanitize(words(error.sentence))), width: width)
        case nil:
            lines += DisplayWidth.wrapped(words("No warnings shaded: no warning service is set up."), width: width)
        }
        return lines.map { $0.hasPrefix("\u{1B}") ? $0 : painter.paint($0, .dim) }
    }

    /// One line for the full-screen map's status: what is shaded, or why nothing is.
    static func warningSummary(_ warnings: CityBrowser.MapWarnings?, now: Date, words: Words = .english()) -> String {
        let lines = warningLines(warnings, now: now, painter: Painter(enabled: false), width: 1_000, words: words)
        // The first warning, or what was found, and whether it is old: never a stale "none" said as now.
        var stale = false
        if case .answered(let report, _, _?)? = warnings?.answer {
            // One warning, then how old it is: say both.
            stale = report.alerts.shown(at: now).filter { $0.isInForce(at: now) }.count == 1
        }
        return lines.prefix(lines.count > 1 && stale ? 2 : 1).joined(separator: " ")
    }

    static func coordinates(_ city: City, long: Bool = false) -> String {
        if long {
            let lat = FixedDigits.decimal(abs(city.latitude), digits: 5) + "°" + (city.latitude >= 0 ? "N" : "S")
            let lon = FixedDigits.decimal(abs(city.longitude), digits: 5) + "°" + (city.longitude >= 0 ? "E" : "W")
            return "\(lat), \(lon)"
        }
        return FixedDigits.decimal(city.latitude, digits: 4, width: 9) + " "
            + FixedDigits.decimal(city.longitude, digits: 4, width: 10)
    }
}
