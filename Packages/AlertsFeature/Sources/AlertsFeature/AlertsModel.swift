import Architecture
import CitiesService
import CoreKit
import Foundation
import Localization
import WeatherAlerts
import WeatherService

/// The warnings feature's behaviour: which place, which service covers it, what it answered and when, what is shown
/// offline. Everything a command does happens in `send`.
@MainActor
final class AlertsModel: ObservableViewModel {
    /// An answer as shown: the report, when it was fetched, and why it is old when it is.
    struct Shown: Equatable, Sendable {
        var report: AlertReport
        var fetchedAt: Date
        /// Kept from an earlier request because this one failed: said with its age, never as "no warnings".
        var failure: AlertError?

        var isStale: Bool { failure != nil }
    }

    /// Why the last action did not do what was asked.
    enum Problem: Equatable, Sendable {
        case notFound(PlaceProblem)
        case invalid(PlaceProblem)
        case catalogue(Sentence)
    }

    struct State: Equatable, Sendable {
        var place: Place?
        /// The place's country (for a point, the country of the town nearest it).
        var country: String = ""
        /// The names MeteoAlarm's areas are matched against: the place's and its region's (a point's nearest town's).
        var areaNames: [String] = []
        /// A country no service covers fails with `AlertError.notCovered` holding its code (empty for a point no
        /// town is near): the output says it by name, in the user's words.
        var alerts: DataState<Shown, AlertError> = .idle
        var problem: Problem?
        /// The default place was used (nothing named, nothing shown before): said once.
        var defaultPlaceNote: StartNote?
    }

    enum Action: Sendable {
        /// What was typed after `alerts` (empty: the city on screen, else the last place shown, else the default
        /// place).
        /// `language`: where a service writes its warnings in several languages, the one to show (`de`, `pt-BR`).
        case alertsRequested(String, forceRefresh: Bool, onScreen: Int? = nil, language: String = "en")
    }

    private(set) var state = State()
    private let lookup: AlertsLookup
    private let finder: PlaceFinder
    private let places: PlaceMemory
    let now: @Sendable () -> Date

    /// The feature's words in every language (its String Catalog), read when first needed: for the views.
    let catalogue: StringCatalogSource
    /// The city list's words (not found, did you mean, the default place), read when first needed.
    let placeCatalogue = PlaceWords.catalogue()

    init(
        lookup: AlertsLookup, finder: PlaceFinder, places: PlaceMemory, now: @escaping @Sendable () -> Date,
        catalogue: StringCatalogSource = StringCatalogSource(bundle: "AlertsFeature_AlertsFeature")
    ) {
        self.catalogue = catalogue
        self.lookup = lookup
        self.finder = finder
        self.places = places
        self.now = now
    }

    func send(_ action: Action) async {
        state.problem = nil
        state.defaultPlaceNote = nil
        switch action {
        case .alertsRequested(let text, let force, let onScreen, let language):
            let typed = text.trimmingSpaces
            guard let place = await resolve(typed.isEmpty ? onScreen.map { "#\($0)" } ?? "" : typed) else { return }
            state.place = place
            state.alerts = .loading
            state.alerts = await alerts(for: place, force: force, language: language)
            try? await places.remember(place)
        }
    }

    /// The place's warnings: a fresh kept answer, else the service's, else (when it fails) the last kept answer with
    /// its age; a country no service covers is a failure of its own.
    private func alerts(for place: Place, force: Bool, language: String) async -> DataState<Shown, AlertError> {
        var country = place.country
        var names = (place: place.name, region: place.region)
        // Coordinates: the country of the town nearest them, within a degree (none out at sea), and its names, which
        // MeteoAlarm's areas are matched against.
        if country.isEmpty, let directory = try? await finder.cities(),
            let town = directory.nearestCity(latitude: place.latitude, longitude: place.longitude)
        {
            country = town.country
            names = (town.name, town.region?.name)
        }
        state.country = country
        state.areaNames = [names.place, names.region].compactMap { $0 }.filter { !$0.isEmpty }
        let query = AlertQuery(
            latitude: place.latitude, longitude: place.longitude, country: country, placeName: names.place,
            region: names.region, language: language)
        switch await lookup.answer(query, force: force) {
        case .answered(let report, let fetchedAt, let failure):
            return .loaded(Shown(report: report, fetchedAt: fetchedAt, failure: failure))
        case .failed(.notCovered):
            // The country's code (empty for a point no town is near), said by the output in the user's words.
            return .failed(.notCovered(country: country))
        case .failed(let error):
            return .failed(error)
        }
    }

    /// What was typed, or the last place shown, else the default place (said once); nil, with the problem, when it
    /// names no place.
    private func resolve(_ text: String) async -> Place? {
        var text = text.trimmingSpaces
        var start: PlaceMemory.Start?
        if text.isEmpty {
            start = await places.start()
            text = start?.text ?? ""
        }
        do {
            let place = try await finder.resolve(text)
            if let start {
                state.defaultPlaceNote = start.startNote(
                    [place.name, place.region, place.country].compactMap { $0 }.filter { !$0.isEmpty }
                        .joined(separator: ", "))
            }
            return place
        } catch {
            switch error {
            case .notFound(let message): state.problem = .notFound(message)
            case .invalid(let message): state.problem = .invalid(message)
            case .catalogue(let message): state.problem = .catalogue(message)
            }
            return nil
        }
    }
}
