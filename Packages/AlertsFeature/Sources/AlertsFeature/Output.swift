import Architecture
import CitiesService
import CoreKit
import Foundation
import Localization
import WeatherAlerts

extension AlertsModel.Problem {
    /// What the user is told, and the exit status a script can act on. The reasons are the city list's, in its own
    /// words.
    func commandError(_ words: Words, places: Words) -> CommandError {
        switch self {
        case .notFound(let problem): .failure("not_found", problem.message(places), kind: .unknownPlace)
        case .invalid(let problem): .usage(problem.message(places))
        case .catalogue(let reason): .failure("catalogue", words(reason))
        }
    }
}

extension AlertError {
    /// A failure with nothing kept to show, as the command's error, in the user's words.
    func commandError(_ words: Words) -> CommandError {
        let text = message(words)
        return switch self {
        case .notCovered: .failure("not_covered", text, kind: .unavailable)
        case .unreachable, .server, .malformed: .failure("unreachable", text, kind: .unavailable)
        case .timedOut: .failure("timed_out", text, kind: .temporary)
        case .cancelled: .interrupted("cancelled", text)
        }
    }

    /// The failure in the user's words: a country no service covers by its name in their language (`notCovered`
    /// holds its code, empty for a point no town is near). Why a service could not be asked is the service client's
    /// reason, in its own words.
    func message(_ words: Words) -> String {
        switch self {
        case .notCovered(let code) where code.isEmpty:
            words.count(
                "No warning service SkyLens knows covers this point (no town within 111 km says which country it is in): it asks the national services of the United States (NWS), Canada (Environment Canada), Norway (MET Norway) and %lld European countries (MeteoAlarm).",
                MeteoAlarmCountries.count)
        case .notCovered(let code):
            words.count(
                "No warning service SkyLens knows covers %2$@: it asks the national services of the United States (NWS), Canada (Environment Canada), Norway (MET Norway) and %lld European countries (MeteoAlarm).",
                MeteoAlarmCountries.count, AlertsViews.countryName(code, words))
        case .unreachable(let detail), .timedOut(let detail), .server(let detail), .malformed(let detail): words(detail)
        case .cancelled: words("The request was cancelled.")
        }
    }
}
