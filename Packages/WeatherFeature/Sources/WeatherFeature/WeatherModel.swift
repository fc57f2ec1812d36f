import Architecture
import CoreKit
import Foundation
import WeatherService

/// The weather on screen: which place, which view, which unit, and what the last fetch brought.
@MainActor
final class WeatherModel: ObservableViewModel {
    enum Mode: String, Sendable, Equatable {
        case current, hourly, forecast
    }

    struct State: Equatable, Sendable {
        var unit: TemperatureUnit = .celsius
        var mode: Mode = .current
        var place: ResolvedPlace?
        var weather: DataState<WeatherRepository.Shown, WeatherError> = .idle
    }

    enum Action: Sendable {
        case unitChosen(TemperatureUnit)
        case placeRequested(ResolvedPlace, mode: Mode, forceRefresh: Bool)
        case modeChosen(Mode)
    }

    private(set) var state = State()
    private let repository: WeatherRepository

    init(repository: WeatherRepository) {
        self.repository = repository
    }

    func send(_ action: Action) async {
        switch action {
        case .unitChosen(let unit):
            // Values are converted when shown: nothing is fetched again.
            state.unit = unit
        case .modeChosen(let mode):
            state.mode = mode
        case .placeRequested(let place, let mode, let force):
            state.place = place
            state.mode = mode
            state.weather = .loading
            do {
                state.weather = .loaded(try await repository.weather(for: place.location, forceRefresh: force))
            } catch {
                state.weather = .failed(error)
            }
        }
    }
}
