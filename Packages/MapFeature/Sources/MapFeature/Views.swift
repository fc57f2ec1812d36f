import Architecture
import CitiesService
import CoreKit
import Foundation
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
        _ results: CityBrowser.Results, painter: Painter, width: Int = 80, hints: Bool = true
    )
        -> String
    {
        let what = results.favoritesOnly ? "Favourites" : "Cities"
        let query = results.query.trimmingCharacters(in: .whitespaces)
        let subject = query.isEmpty ? "\(what)" : "\(what) starting with \"\(query.terminalPreview)\""
        guard !results.rows.isEmpty else {
            if !results.absent.isEmpty {
                return
                    ([painter.paint("\(subject): none in the city list in use", .bold)]
                    + absentFavorites(results.absent, painter: painter, width: width)).joined(separator: "\n")
            }
            if results.total > 0 {
                return
                    "\(subject): \(formatted(results.total)) matches, none on page \(results.pageIndex + 1). 'page 1' goes back."
            }
            if results.favoritesOnly && query.isEmpty {
                return "You have no favourites yet: 'fav N' keeps row N of a list, 'fav #ID' a city by its id."
            }
            return "\(subject): no match."
        }
        let first = results.offset + 1, last = results.offset + results.rows.count
        let ranked = results.order == .population ? ", most populous first" : ""
        var lines = [
            painter.paint(
                "\(subject)\(ranked): \(formatted(results.total)) \(results.total == 1 ? "match" : "matches")", .bold)
                + " (\(formatted(first))–\(formatted(last)))"
        ]
        if let top = results.likeliest {
            // The place a person most likely meant, when name order put it past this page.
            let hint = hints ? ": 'open #\(top.city.id)'" : ", #\(top.city.id) (--sort population)"
            lines += DisplayWidth.wrapped("Largest: \(TerminalText.sanitize(top.city.listLabel))\(hint)", width: width)
                .map { painter.paint($0, .dim) }
        }
        let numberWidth = String(results.rows.count).count
        // The row: number, two spaces, name, two spaces, coordinates (20 columns), a space and the star. A narrow
        // terminal leaves the coordinates out, so that the names (with region and population) keep their room.
        let showCoordinates = width >= 60
        let room = width - numberWidth - 2 - (showCoordinates ? 2 + 20 : 0) - 2
        let labels = results.rows.map { row in
            let full = TerminalText.sanitize(row.city.listLabel)
            guard DisplayWidth.columns(of: full) > room else { return full }
            // Too long: the region goes first, then the name is cut.
            var short = row.city
            short.region = nil
            return TerminalText.sanitize(short.listLabel)
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
        var footer = "Page \(results.pageIndex + 1) of \(formatted(results.pageCount))"
        if !hints {
            if results.pageCount > 1 { footer += " · --limit N shows more" }
        } else {
            if results.pageCount > 1 { footer += " · next, prev, page N" }
            footer += " · open N, map N, fav N"
        }
        if hints, DisplayWidth.columns(of: footer) > width {
            footer =
                "Page \(results.pageIndex + 1)/\(formatted(results.pageCount))\(results.pageCount > 1 ? " · next, prev" : "") · open N"
        }
        lines.append(painter.paint(footer, .dim))
        if !results.absent.isEmpty {
            lines += [""] + absentFavorites(results.absent, painter: painter, width: width)
        }
        return lines.joined(separator: "\n")
    }

    /// `Also: San José, San Jose, CR #3621849`: the runner-up when it was nearly as likely meant, cut to the width;
    /// nil when none was (the JSON lists every alternative).
    static func alsoCalled(_ also: CityBrowser.AlsoCalled, width: Int) -> String? {
        also.closeRunnerUp?.alsoLine(fitting: width)
    }

    /// `The nearest place to 43.70°N 79.40°W: 0.7 km NE of it.`: where the place named by a point is from it.
    static func originText(_ origin: CityBrowser.Origin) -> String {
        let distance =
            origin.distanceKm < 10
            ? String(format: "%.1f km", origin.distanceKm) : "\(Int(origin.distanceKm.rounded())) km"
        return "The nearest place to \(Place.name(latitude: origin.latitude, longitude: origin.longitude)): "
            + "\(distance) \(CitiesService.Geo.compassPoint(origin.bearing)) of it."
    }

    /// Favourites that the city list in use lacks, as they were stored: never silently dropped.
    static func absentFavorites(_ favorites: [Favorite], painter: Painter, width: Int) -> [String] {
        let count = favorites.count
        var lines = [
            painter.paint(
                "\(count) \(count == 1 ? "favourite is" : "favourites are") not in the city list in use (kept as stored):",
                .bold)
        ]
        let labels = favorites.map { favorite in
            let country = favorite.country.flatMap { $0.isEmpty ? nil : $0 } ?? "—"
            return TerminalText.sanitize("\(favorite.name ?? "(name unknown)"), \(country)")
        }
        let idWidth = favorites.map { String($0.id).count + 1 }.max() ?? 8
        let room = width - idWidth - 2 - 2 - 20
        let nameWidth = max(8, min(room, max(12, labels.map { DisplayWidth.columns(of: $0) }.max() ?? 12)))
        for (favorite, label) in zip(favorites, labels) {
            let place = favorite.city.map { coordinates($0) } ?? "(place unknown)"
            lines.append(
                "\(DisplayWidth.pad("#\(favorite.id)", to: idWidth))  \(DisplayWidth.fit(label, to: nameWidth))  \(place)"
            )
        }
        lines.append(
            painter.paint(
                "'unfav #ID' forgets one, 'map #ID' shows it, 'cities reset' returns to the built-in list.", .dim))
        return lines
    }

    /// `cities`: which list is in use, and how to change it.
    static func listInfo(_ info: CatalogueStore.ListInfo, painter: Painter) -> String {
        let builtIn = info.source == "built-in"
        let origin = builtIn ? "the built-in list" : "downloaded from \(TerminalText.sanitize(info.source))"
        var lines = [painter.paint("City list: \(origin)", .bold)]
        var facts = [("Cities", formatted(info.count))]
        if let created = info.createdAt {
            let format = Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day()
            facts.append((builtIn ? "Prepared" : "Downloaded", created.formatted(format)))
        }
        if let url = info.configuredURL { facts.append(("SKYLENS_CITIES_URL", TerminalText.sanitize(url))) }
        if info.readFromInstallation { facts.append(("Read from", "where SkyLens is installed")) }
        let width = facts.map { DisplayWidth.columns(of: $0.0) }.max() ?? 0
        lines += facts.map { "  \(DisplayWidth.pad($0.0, to: width))  \($0.1)" }
        let hint: String =
            switch (builtIn, info.configuredURL != nil) {
            case (true, true) where info.builtInChosen:
                "'cities reset' chose the built-in list; 'cities reload' downloads SKYLENS_CITIES_URL's again."
            case (true, true): "'cities reload' tries SKYLENS_CITIES_URL again."
            case (true, false): "Set SKYLENS_CITIES_URL to use another list, then 'cities reload'."
            case (false, _): "'cities reset' returns to the built-in list; 'cities reload' downloads this one again."
            }
        lines.append(painter.paint(hint, .dim))
        return lines.joined(separator: "\n")
    }

    static func detail(
        _ detail: CityBrowser.Detail, painter: Painter, width: Int = 80, hints: Bool = true
    )
        -> String
    {
        let city = detail.city
        let star = detail.favorite ? "  " + painter.paint("★ favourite", .yellow) : ""
        let title = TerminalText.sanitize(city.qualifiedName(fitting: width - (detail.favorite ? 13 : 0)))
        var lines = [painter.paint(title, .bold) + star]
        if let origin = detail.origin {
            // Opened for a point: the nearest place, how far and which way from the point.
            lines += DisplayWidth.wrapped(originText(origin), width: width, indent: "  ")
        }
        var facts: [(String, String)] = [("Coordinates", coordinates(city, long: true))]
        if let country = detail.countryName {
            facts.append(("Country", "\(TerminalText.sanitize(country)) (\(city.country))"))
        }
        if let region = city.region {
            let code = region.isoCode.map { " (\($0))" } ?? ""
            let inferred = region.inferred ? ", from the nearest town" : ""
            facts.append(("Region", TerminalText.sanitize("\(region.name)\(code)\(inferred)")))
        }
        if let population = city.population, population > 0 { facts.append(("Population", formatted(population))) }
        if let zone = city.timeZone { facts.append(("Time zone", TerminalText.sanitize(zone))) }
        facts.append(("Id", "#\(city.id)"))
        let labelWidth = width < 44 ? 12 : 13
        for (label, value) in facts {
            lines += DisplayWidth.wrapped(
                "  " + DisplayWidth.pad(label, to: labelWidth) + value, width: width,
                indent: String(repeating: " ", count: labelWidth + 2))
        }
        if !detail.nearby.isEmpty {
            lines.append("")
            lines.append(painter.paint("Nearest cities", .bold))
            // Without their region when that does not fit beside the distance (8), the compass point (3), the
            // bearing (4, from 60 columns) and the id (8), two columns apart; then cut.
            let bearings = width >= 60
            let labels = detail.nearby.map {
                TerminalText.sanitize(
                    $0.city.qualifiedName(fitting: max(8, width - 2 - 10 - 5 - (bearings ? 6 : 0) - 10)))
            }
            var columns: [FittedTable.Column] = [
                .init(header: "", cells: labels.map { "  " + $0 }, flexible: true),
                .init(
                    header: "",
                    cells: detail.nearby.map { near in
                        near.distanceKm < 10
                            ? String(format: "%.1f km", near.distanceKm) : "\(Int(near.distanceKm.rounded())) km"
                    }, alignRight: true),
                .init(header: "", cells: detail.nearby.map { CitiesService.Geo.compassPoint($0.bearing) }),
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
            lines += DisplayWidth.wrapped(
                "'map' shows it on the map, 'weather' its weather, '\(detail.favorite ? "unfav" : "fav")' \(detail.favorite ? "forgets" : "keeps") it, 'back' returns.",
                width: width, indent: "  "
            ).map { painter.paint($0, .dim) }
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
        _ warnings: CityBrowser.MapWarnings?, now: Date, painter: Painter, width: Int
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
                    "Whether \(place) is under a warning cannot be told: no area under a MeteoAlarm warning is named as it is.",
                    width: width, indent: "  ")
            } else if inForce.isEmpty, failure != nil {
                lines += DisplayWidth.wrapped(
                    "No warnings were in force for \(place) when \(service) last answered, \(minutes) min ago.",
                    width: width, indent: "  ")
            } else if inForce.isEmpty {
                lines.append("No warnings in force for \(place) (\(service)).")
            }
            for alert in inForce {
                let event = TerminalText.sanitize(alert.event).split(whereSeparator: \.isWhitespace)
                    .joined(separator: " ")
                let drawn = alert.areas.isEmpty ? ", not drawn: \(service) gives no area" : ""
                let line = "\(alert.areas.isEmpty ? "·" : "▒") \(event), \(TerminalText.sanitize(alert.area))\(drawn)"
                lines += DisplayWidth.wrapped(line, width: width, indent: "  ").map {
                    alert.areas.isEmpty ? $0 : paintWarning($0, alert.drawnSeverity, painter)
                }
            }
            if let failure {
                lines += DisplayWidth.wrapped(
                    "\(inForce.isEmpty ? "It" : "These are as of \(minutes) min ago; it") could not be asked now: \(TerminalText.sanitize(failure.message))",
                    width: width, indent: "  ")
            }
            if !inForce.isEmpty { lines.append("'alerts \(place)' says them whole.") }
        case .failed(let error)?:
            lines += DisplayWidth.wrapped("No warnings shaded: \(TerminalText.sanitize(error.message))", width: width)
        case nil:
            lines.append("No warnings shaded: no warning service is set up.")
        }
        return lines.map { $0.hasPrefix("\u{1B}") ? $0 : painter.paint($0, .dim) }
    }

    /// One line for the full-screen map's status: what is shaded, or why nothing is.
    static func warningSummary(_ warnings: CityBrowser.MapWarnings?, now: Date) -> String {
        let lines = warningLines(warnings, now: now, painter: Painter(enabled: false), width: 1_000)
        // The first warning, or what was found, and whether it is old: never a stale "none" said as now.
        return lines.prefix(lines.count > 1 && lines[1].hasPrefix("These are as of") ? 2 : 1)
            .joined(separator: " ")
    }

    static func coordinates(_ city: City, long: Bool = false) -> String {
        if long {
            let lat = String(format: "%.5f° %@", abs(city.latitude), city.latitude >= 0 ? "N" : "S")
            let lon = String(format: "%.5f° %@", abs(city.longitude), city.longitude >= 0 ? "E" : "W")
            return "\(lat), \(lon)"
        }
        return String(format: "%9.4f %10.4f", city.latitude, city.longitude)
    }

    /// 1234567 → "1,234,567".
    static func formatted(_ number: Int) -> String {
        let digits = String(abs(number))
        var groups: [String] = []
        var end = digits.endIndex
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.insert(String(digits[start..<end]), at: 0)
            end = start
        }
        return (number < 0 ? "-" : "") + groups.joined(separator: ",")
    }
}
