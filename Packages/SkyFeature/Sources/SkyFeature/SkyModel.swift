import Architecture
import Astronomy
import CitiesService
import CoreKit
import Foundation
import Localization

/// The sky feature's behaviour: which place, which day or month, and the Sun and Moon computed for it. Everything a
/// command does happens in `send`; the plugin turns a line into an action and the state into text or JSON.
@MainActor
final class SkyModel: ObservableViewModel {
    /// Why the last action did not do what it was asked.
    enum Problem: Error, Equatable, Sendable {
        /// No city has that name (said with near names).
        case notFound(PlaceProblem)
        /// Not a name, an id or coordinates.
        case invalid(PlaceProblem)
        /// A date or month that does not exist, or is out of range.
        case badDate(DateProblem)
        /// The city list cannot be read.
        case catalogue(Sentence)
        /// The last place cannot be read.
        case storage(Sentence)
    }

    /// What is wrong with a date or month as typed (said in the user's language by the output).
    enum DateProblem: Equatable, Sendable {
        /// Not `YYYY-MM-DD`, `today`, `tomorrow` or `yesterday`.
        case notADate(String)
        /// Not `YYYY-MM`.
        case notAMonth(String)
        case outsideYears(Int)
        /// `2026-13-01`: there is no such month (the text, the month).
        case noMonth(String, Int, isMonth: Bool)
        /// `2026-02-30`: the month is shorter (the text, year, month, its length).
        case noDay(String, year: Int, month: Int, length: Int)
        /// The clocks skipped that day (the text, the zone).
        case skipped(String, String)
    }

    struct State: Equatable, Sendable {
        var place: Place?
        /// After `skyRequested`.
        var sky: SkyDay?
        /// After `monthRequested`.
        var month: MoonMonth?
        /// The local day at the place now (the timeline marks the time when it shows this day).
        var today: LocalDay?
        var problem: Problem?
        /// Set when no place was named and none shown before: the default place was used, said once.
        var defaultPlaceNote: StartNote?
    }

    enum Action: Sendable {
        /// `sky [PLACE] [--date DATE]`; an empty place: the city another feature shows (`onScreen`, its id), else the
        /// last place any feature showed, else the default place (`PlaceMemory`).
        case skyRequested(place: String, date: String?, onScreen: Int?)
        /// `moon --month [YYYY-MM] [PLACE]`, the same way.
        case monthRequested(place: String, month: String?, onScreen: Int?)
    }

    /// The years the computations are offered for (ΔT and the series are good well beyond; the promise is this).
    nonisolated static let years = 1900...2100

    private(set) var state = State()
    private let finder: PlaceFinder
    private let places: PlaceMemory
    let now: @Sendable () -> Date
    /// The feature's words in every language (its String Catalog), read when first needed: for the views.
    let catalogue: StringCatalogSource
    /// The city list's words (not found, did you mean, the default place), read when first needed.
    let placeCatalogue = PlaceWords.catalogue()

    init(
        finder: PlaceFinder, settings: SettingsClient, now: @escaping @Sendable () -> Date, defaultPlace: String? = nil,
        catalogue: StringCatalogSource = StringCatalogSource(bundle: "SkyFeature_SkyFeature")
    ) {
        self.catalogue = catalogue
        self.finder = finder
        self.places = PlaceMemory(settings: settings, defaultPlace: defaultPlace)
        self.now = now
    }

    func send(_ action: Action) async {
        state.problem = nil
        state.defaultPlaceNote = nil
        switch action {
        case .skyRequested(let text, let date, let onScreen):
            await show(text, onScreen: onScreen) { place, today in
                Self.day(date, today: today).map { day in
                    (SkyDay(on: day, at: Observer(latitude: place.latitude, longitude: place.longitude)), nil)
                }
            }
        case .monthRequested(let text, let month, let onScreen):
            await show(text, onScreen: onScreen) { _, today in
                Self.month(month, today: today).map { parsed in
                    (nil, MoonMonth(year: parsed.year, month: parsed.month, timeZone: today.timeZone))
                }
            }
        }
    }

    // MARK: - Steps

    /// Finds the place, reads the date or month against today there, computes, and keeps the place: on any
    /// problem, what was shown stays.
    private func show(
        _ text: String, onScreen: Int?,
        compute: (Place, LocalDay) -> Result<(sky: SkyDay?, month: MoonMonth?), Problem>
    ) async {
        guard let place = await place(text, onScreen: onScreen) else { return }
        let today = LocalDay(containing: now(), timeZone: Self.timeZone(place))
        switch compute(place, today) {
        case .success(let computed):
            state.place = place
            state.today = today
            (state.sky, state.month) = computed
            await remember(place)
        case .failure(let problem):
            state.problem = problem
        }
    }

    private func place(_ text: String, onScreen: Int?) async -> Place? {
        var query = text.trimmingSpaces
        if query.isEmpty, let onScreen { query = "#\(onScreen)" }
        var start: PlaceMemory.Start?
        if query.isEmpty {
            start = await places.start()
            query = start?.text ?? ""
        }
        do {
            let place = try await finder.resolve(query)
            if let start {
                let name = [place.name, place.region, place.country].compactMap { $0 }.filter { !$0.isEmpty }
                state.defaultPlaceNote = start.startNote(name.joined(separator: ", "))
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

    /// Kept for `sky` (and `weather`, `map`) alone next time; a place that cannot be kept is still shown.
    private func remember(_ place: Place) async {
        try? await places.remember(place)
    }

    static func timeZone(_ place: Place) -> TimeZone {
        TimeZone(identifier: place.timeZone) ?? TimeZone(identifier: Place.nauticalZone(longitude: place.longitude))
            ?? TimeZone(secondsFromGMT: 0)!
    }

    /// `2026-12-21`, `today`, `tomorrow`, `yesterday`; nil: today at the place.
    nonisolated static func day(_ text: String?, today: LocalDay) -> Result<LocalDay, Problem> {
        guard let text = text?.trimmingSpaces else { return .success(today) }
        switch text.lowercased() {
        case "today": return .success(today)
        case "tomorrow": return .success(today.adding(days: 1))
        case "yesterday": return .success(today.adding(days: -1))
        default: break
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else {
            return .failure(.badDate(.notADate(text.terminalPreview)))
        }
        guard years.contains(year) else {
            return .failure(.badDate(.outsideYears(year)))
        }
        guard (1...12).contains(month) else {
            return .failure(.badDate(.noMonth(text, month, isMonth: false)))
        }
        let length = CivilDate.days(inMonth: month, year: year)
        guard (1...length).contains(day) else {
            return .failure(.badDate(.noDay(text, year: year, month: month, length: length)))
        }
        let local = LocalDay(year: year, month: month, day: day, timeZone: today.timeZone)
        guard local.exists else {
            return .failure(.badDate(.skipped(text, today.timeZone.identifier)))
        }
        return .success(local)
    }

    /// `2026-12`; nil: this month at the place.
    nonisolated static func month(_ text: String?, today: LocalDay) -> Result<(year: Int, month: Int), Problem> {
        guard let text = text?.trimmingSpaces else { return .success((today.year, today.month)) }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1])
        else {
            return .failure(.badDate(.notAMonth(text.terminalPreview)))
        }
        guard years.contains(year) else {
            return .failure(.badDate(.outsideYears(year)))
        }
        guard (1...12).contains(month) else {
            return .failure(.badDate(.noMonth(text, month, isMonth: true)))
        }
        return .success((year, month))
    }
}
