import Architecture
import CitiesService
import CoreKit

extension CityBrowser.Problem {
    /// What the user is told, and the exit status a script can act on.
    var commandError: CommandError {
        switch self {
        case .notFound(let message):
            .failure("not_found", message, kind: .unknownPlace)
        case .whichCity:
            .usage(
                "Which city? Give a row number of the list on screen, or an id as #ID (without one, it is the city on screen)."
            )
        case .noList:
            .failure("no_list", "There is no list to page through; search first.")
        case .noPage(let first, let count):
            .failure("no_page", first ? "This is the first page." : "This is the last page (\(count)).")
        case .notInList(let city):
            .failure(
                "not_in_list",
                "\(TerminalText.sanitize(city.name)), \(city.country) (#\(city.id)) is a favourite that the city list in use lacks: 'map #\(city.id)' shows where it is, 'unfav #\(city.id)' forgets it, 'cities reset' returns to the built-in list."
            )
        case .storage(let message):
            .failure("storage", "Favourites are unavailable: \(message)")
        case .notKept(let message):
            .failure("not_kept", message, kind: .notKept)
        }
    }
}

extension CityListModel.State {
    /// The list's problem as the command's error, with the exit statuses of the table: 75 worth retrying, 69 the
    /// server unreachable or failing, 65 a list that is not valid (or too large), 73 a catalogue that could not be
    /// written.
    var commandError: CommandError? {
        guard let problem else { return nil }
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
