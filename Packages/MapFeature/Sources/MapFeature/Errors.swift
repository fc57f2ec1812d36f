import Architecture
import CitiesService
import CoreKit
import Localization
import MapRendering

extension CityBrowser.Problem {
    /// What the user is told (`words`: the feature's, `places`: the city list's), and the exit status a script can
    /// act on.
    func commandError(_ words: Words, places: Words) -> CommandError {
        switch self {
        case .notFound(let notFound):
            .failure("not_found", notFound.message(words, places: places), kind: .unknownPlace)
        case .whichCity:
            .usage(
                words(
                    "Which city? Give a row number of the list on screen, or an id as #ID (without one, it is the city on screen)."
                ))
        case .noList:
            .failure("no_list", words("There is no list to page through; search first."))
        case .noPage(let first, let count):
            .failure(
                "no_page",
                first ? words("This is the first page.") : words("This is the last page (%@).", words.number(count)))
        case .notInList(let city):
            .failure(
                "not_in_list",
                words(
                    "%1$@ (#%2$@) is a favourite that the city list in use lacks: 'map #%2$@' shows where it is, 'unfav #%2$@' forgets it, 'cities reset' returns to the built-in list.",
                    "\(TerminalText.sanitize(city.name)), \(city.country)", String(city.id)))
        case .storage(let reason):
            .failure("storage", words("Favourites are unavailable: %@", TerminalText.sanitize(words(reason))))
        case .notKept(let city, let favorite, let reason):
            .failure(
                "not_kept",
                favorite
                    ? words(
                        "%1$@ is not a favourite: it could not be kept (%2$@)",
                        "\(city.name.terminalSafe), \(city.country)", TerminalText.sanitize(words(reason)))
                    : words(
                        "%1$@ could not be forgotten as a favourite (%2$@)",
                        "\(city.name.terminalSafe), \(city.country)", TerminalText.sanitize(words(reason))),
                kind: .notKept)
        }
    }
}

extension CityBrowser.NotFound {
    /// In the user's language.
    func message(_ words: Words, places: Words) -> String {
        switch self {
        case .notAnID(let text):
            words("'%@' is not an id: write it as #6167865.", TerminalText.sanitize(text))
        case .nothingNear(let text):
            words("The city list in use has no place to be near %@.", TerminalText.sanitize(text))
        case .noListForRow(let row):
            words("There is no list on screen to pick row %@ from; search first, or give an id as #ID.", String(row))
        case .rowNotOnScreen(let row, let count):
            words("Row %1$@ is not on screen: pick 1 to %2$@, or give an id as #ID.", String(row), String(count))
        case .place(let problem):
            problem.message(places)
        }
    }
}

extension CityBrowser.WeatherProblem {
    /// In the user's language (a provider's reason as it gave it).
    func message(_ words: Words) -> String {
        switch self {
        case .notInThisBuild: words("The weather is not available in this build.")
        case .failed(let reason): TerminalText.sanitize(words(reason))
        }
    }
}

extension CityListModel.State {
    /// The list's problem as the command's error, with the exit statuses of the table: 75 worth retrying, 69 the
    /// server unreachable or failing, 65 a list that is not valid (or too large), 73 a catalogue that could not be
    /// written.
    func commandError(_ words: Words) -> CommandError? {
        guard let failure = self.problem else { return nil }
        let reason = words(failure)
        let problem =
            previousKept
            ? words("%@ The city list that was there is kept.", TerminalText.sanitize(reason))
            : TerminalText.sanitize(reason)
        return switch problemKind {
        case .temporary?: .failure("download_timed_out", problem, kind: .temporary)
        case .unavailable?: .failure("download_failed", problem, kind: .unavailable)
        case .list?: .failure("bad_list", problem, kind: .invalidInput)
        case .storage?: .failure("not_kept", problem, kind: .notKept)
        case .other?, nil: .failure("catalogue", problem)
        }
    }
}

extension ListInfoDocument {
    init(_ info: CatalogueStore.ListInfo) {
        self.init(
            source: info.source, count: info.count, createdAt: info.createdAt, configuredURL: info.configuredURL,
            builtInChosen: info.builtInChosen)
    }
}

extension ReloadDocument {
    init(_ report: ReloadReport) {
        self.init(source: report.source, count: report.count, skipped: report.skipped)
    }
}

/// A command's arguments that parse but mean nothing: kept by the command's `init`, said in the user's language
/// when it runs (parsing knows no language).
enum MapUsageProblem: Equatable, Sendable {
    case unknownLayer(String)
    case zoomDirection
    case panDirection
    case sortOrder(String)

    func commandError(_ words: Words) -> CommandError {
        switch self {
        case .unknownLayer(let list):
            .usage(
                words(
                    "Unknown layer in '%1$@': choose from %2$@.", TerminalText.sanitize(list),
                    MapLayers.names.map(\.name).joined(separator: ", ")))
        case .zoomDirection: .usage(words("Zoom 'in' or 'out'."))
        case .panDirection: .usage(words("Pan n, s, e or w."))
        case .sortOrder(let other):
            .usage(words("--sort takes 'name' or 'population', not '%@'.", TerminalText.sanitize(other)))
        }
    }
}
