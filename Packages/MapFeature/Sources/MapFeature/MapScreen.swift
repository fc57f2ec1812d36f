import Architecture
import CitiesService
import Contracts
import CoreKit
import Foundation
import Localization
import MapRendering

/// The map full-screen: arrows or hjkl move it a quarter of the screen, `+`/`-` (and `a`/`z`) or the mouse wheel
/// zoom (the wheel about the pointer), a drag moves it with the pointer, `/` finds a place and goes there, `w`
/// opens the weather of the city nearest the centre, `t` labels the largest places with their weather, `n` shades
/// the night side or not, `!` the official warnings' areas or not, `q`, Esc or Ctrl-C closes it. The last two lines: the centre,
/// zoom, scale and nearest city; then the keys, the search being typed, or what went wrong.
@MainActor
final class MapScreen: FullScreen {
    private let browser: CityBrowser
    private let geography: GeoData
    /// The feature's words, the city list's, and the footer's, in the user's language.
    private let words: Words
    private let places: Words
    private let footer: FooterWords
    /// Places' own names in the language (the footer's nearest place: `bei Wien`).
    private let localNames: LocalNames
    /// Called when a search moves the map to another city: the plugin renames the map on the router.
    private let moved: (City) -> Void
    /// The text typed after `/`, while searching.
    private var query: String?
    /// A problem to show instead of the keys, until the next key.
    private var message: String?
    private var dragFrom: (column: Int, row: Int)?

    /// The keys, in the user's language (the keys themselves are the same in every language).
    var keys: String {
        words("hjkl move · +- zoom · / find · w weather · t temps · n night · ! alerts · q back")
    }

    init(
        browser: CityBrowser, geography: GeoData, words: Words = .english(), places: Words = .english(),
        footer: FooterWords = .english, localNames: LocalNames? = nil, moved: @escaping (City) -> Void
    ) {
        self.localNames = localNames ?? LocalNames(tsv: "", language: words.language)
        self.browser = browser
        self.geography = geography
        self.words = words
        self.places = places
        self.footer = footer
        self.moved = moved
    }

    func draw(width: Int, height: Int, painter: Painter) async -> [String] {
        let mapRows = max(MapRequest.minimumHeight, height - 2)
        if let map = browser.state.map, map.width != width || map.height != mapRows {
            await browser.send(.resized(width: width, height: mapRows))
        }
        guard let rendered = await browser.renderedMap(geography: geography, footer: footer),
            let map = browser.state.map
        else {
            return []
        }
        if map.weather, message == nil, let problem = browser.state.weatherProblem {
            message = words("Weather unavailable: %@", problem.message(words))
        }
        var lines =
            painter.enabled
            ? rendered.spans.map { MapViews.paint($0, painter, unit: browser.state.temperatureUnit) } : rendered.lines
        var footer = rendered.footer
        if let near = browser.nearestCity(to: map.center) {
            let withPlace = footer + " · " + words("near %@", TerminalText.sanitize(near.named(in: localNames).name))
            if DisplayWidth.columns(of: withPlace) <= width { footer = withPlace }
        }
        lines.append(painter.paint(DisplayWidth.truncated(footer, toColumns: width), .dim))
        let bottom: String
        if let query {
            bottom = words("Find: %@", TerminalText.sanitize(query)) + "▏"
        } else if let message {
            bottom = painter.paint(DisplayWidth.truncated(message, toColumns: width), .yellow)
        } else {
            bottom = painter.paint(DisplayWidth.truncated(keys, toColumns: width), .dim)
        }
        lines.append(query == nil ? bottom : DisplayWidth.truncated(bottom, toColumns: width))
        return lines
    }

    func handle(_ key: ScreenKey) async -> ScreenStep {
        if query != nil { return await search(key) }
        message = nil
        switch key {
        case .left, .character("h"): await browser.send(.panned(dx: -0.5, dy: 0))
        case .right, .character("l"): await browser.send(.panned(dx: 0.5, dy: 0))
        case .up, .character("k"): await browser.send(.panned(dx: 0, dy: 0.5))
        case .down, .character("j"): await browser.send(.panned(dx: 0, dy: -0.5))
        case .pageUp, .character("+"), .character("="), .character("a"): await browser.send(.zoomChanged(by: 1))
        case .pageDown, .character("-"), .character("_"), .character("z"): await browser.send(.zoomChanged(by: -1))
        case .wheelUp(let column, let row): await zoom(by: 1, aboutColumn: column, row: row)
        case .wheelDown(let column, let row): await zoom(by: -1, aboutColumn: column, row: row)
        case .press(let column, let row):
            dragFrom = (column, row)
            return .unchanged
        case .drag(let column, let row):
            guard let from = dragFrom, let map = browser.state.map else { return .unchanged }
            dragFrom = (column, row)
            // The point under the pointer follows it: move the centre the other way.
            await browser.send(
                .panned(
                    dx: Double(from.column - column) * 2 / Double(map.width),
                    dy: Double(row - from.row) * 2 / Double(map.height)))
        case .release:
            dragFrom = nil
            return .unchanged
        case .character("/"):
            query = ""
        case .character("n"):
            await browser.send(.nightToggled)
        case .character("t"):
            await browser.send(.weatherToggled)
        case .character("!"):
            await browser.send(.alertsToggled)
            // What is shaded, or why nothing is: said until the next key.
            if browser.state.map?.alerts == true {
                message = MapViews.warningSummary(browser.state.mapWarnings, now: browser.now(), words: words)
            }
        case .character("w"):
            guard let center = browser.state.map?.center, let city = browser.nearestCity(to: center) else {
                message = words("No city within 100 km of the centre.")
                return .redraw
            }
            return .open(AnyDestination(CityWeather(city: CityReference(id: city.id, name: city.name))))
        case .character("q"), .escape, .interrupt:
            return .leave
        default:
            return .unchanged
        }
        return .redraw
    }

    /// Zooms keeping the point under the pointer where it is: in, the centre moves half-way to it; out, as far
    /// again away from it.
    private func zoom(by step: Int, aboutColumn column: Int, row: Int) async {
        guard let map = browser.state.map, row < map.height else { return }
        let before = map.zoom
        await browser.send(.zoomChanged(by: step))
        guard browser.state.map?.zoom != before else { return }
        // Offsets from the centre in half-screens (what `panned` moves by), measured before the zoom.
        let dx = (Double(column) + 0.5 - Double(map.width) / 2) / (Double(map.width) / 2)
        let dy = (Double(map.height) / 2 - Double(row) - 0.5) / (Double(map.height) / 2)
        // After zooming in, the screen spans half as much: the same offset is twice as many half-screens.
        let factor = step > 0 ? 1.0 : -0.5
        await browser.send(.panned(dx: dx * factor, dy: dy * factor))
    }

    /// Keys while a place's name is typed after `/`: Enter goes there, Esc gives up.
    private func search(_ key: ScreenKey) async -> ScreenStep {
        switch key {
        case .character(let character):
            query = (query ?? "") + String(character)
        case .backspace:
            if let text = query, !text.isEmpty { query = String(text.dropLast()) } else { query = nil }
        case .escape, .interrupt:
            query = nil
        case .enter:
            let text = query ?? ""
            query = nil
            guard !text.trimmingSpaces.isEmpty, let map = browser.state.map else { break }
            await browser.send(
                .mapRequested(
                    CityBrowser.Reference(text, onScreen: nil), zoom: map.zoom, style: map.style, width: map.width,
                    height: map.height, layers: map.layers, night: map.night, weather: map.weather,
                    alerts: map.alerts))
            if let problem = browser.state.problem {
                message = Self.describe(problem, words: words, places: places)
            } else if let map = browser.state.map, let city = map.city ?? map.filedUnder {
                // A point's map is filed under the place nearest it.
                moved(city)
            }
        default:
            return .unchanged
        }
        return .redraw
    }

    static func describe(_ problem: CityBrowser.Problem, words: Words, places: Words) -> String {
        switch problem {
        case .notFound, .storage, .notKept:
            problem.commandError(words, places: places).message
        case .notInList(let city): words("%@ is not in the city list in use.", TerminalText.sanitize(city.name))
        case .whichCity, .noList, .noPage: words("Type a place's name after /.")
        }
    }
}
