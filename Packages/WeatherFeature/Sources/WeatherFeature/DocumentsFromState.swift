import Architecture
import CitiesService
import CoreKit
import Foundation
import Localization
import WeatherAlerts
import WeatherService

// The documents of the feature, each made from what the model holds: a command writes what the state says.

extension WeatherModel.State {
    /// The other places that answer to what named the place shown (none when the weather shown is another place's).
    func alternatives(for shown: WeatherRepository.Shown) -> [City] {
        guard let place, place.location.id == shown.report.location.id else { return [] }
        return place.alternatives
    }

    /// Said under a forecast that has fewer days than were asked for (in the view and the JSON, in the user's
    /// language).
    func forecastNote(now: Date, words: Words) -> String? {
        guard mode == .forecast, let shown = weather.value else { return nil }
        let shownDays = WeatherViews.upcomingDays(shown.report, now: now, count: options.days).count
        guard shownDays < options.days, !shown.report.days.isEmpty else { return nil }
        return shown.report.provider == "openweathermap"
            ? words.count(
                "OpenWeatherMap forecasts 5 days; %lld were asked for (Open-Meteo gives 16).", options.days)
            : words.count(
                "The forecast on hand has %lld days from today; %2$@ were asked for.", shownDays,
                words.number(options.days))
    }
}

extension WeatherDocument {
    /// The weather shown, in the view and the units of `state`.
    init(
        _ state: WeatherModel.State, shown: WeatherRepository.Shown, now: Date, note: String?,
        words: Words = .english()
    ) {
        self.init(
            shown, units: state.units, mode: state.mode, options: state.options, now: now, note: note,
            alternatives: state.alternatives(for: shown), words: words)
        warnings = WarningDocument.list(state.warnings, now: now)
        normal = state.normals.value.flatMap {
            NormalsDocument.today($0.normals, report: shown.report, now: now, units: state.units, words: words)
        }
    }
}

extension LineDocument {
    init(line: String, state: WeatherModel.State, shown: WeatherRepository.Shown, now: Date) {
        self.init(
            line: line, stale: shown.isOld(now: now), observedAt: shown.report.observedAt, fetchedAt: shown.fetchedAt,
            location: WeatherDocument.Location(shown.report.location),
            alternatives: PlaceAlternative.list(state.alternatives(for: shown)),
            warnings: WarningDocument.list(state.warnings, now: now))
    }
}

extension AirDocument {
    /// The air shown, with the alternatives of the place it was asked for (when it is that place's).
    init(_ shown: AirRepository.Shown, place: Place?, now: Date, words: Words = .english()) {
        self.init(
            shown, now: now,
            alternatives: place?.location.id == shown.air.location.id ? place?.alternatives ?? [] : [], words: words)
    }
}

extension PresetsDocument {
    init(_ presets: Presets) {
        self.init(
            source: presets.fromFile ? "locations.json" : "built-in",
            cities: presets.cities.map {
                .init(id: $0.id, name: $0.name, country: $0.country, lat: $0.latitude, lon: $0.longitude)
            })
    }
}

extension FavoriteWeatherDocument {
    /// Each favourite, its last stored weather in `unit`, and whether it is old.
    init(_ list: [WeatherModel.FavoriteWeather], unit: TemperatureUnit, now: Date, words: Words = .english()) {
        self.init(
            unit: unit.rawValue,
            favorites: list.map { entry in
                guard let location = entry.location else { return .init(id: entry.id) }
                guard let cached = entry.cached else {
                    return .init(
                        id: entry.id, name: location.name, country: location.country,
                        warning: entry.warning.map(WeatherViews.warningName))
                }
                return .init(
                    id: entry.id, name: location.name, country: location.country,
                    temperature: (unit.temperature(cached.report.current.temperature) * 10).rounded() / 10,
                    condition: WeatherViews.conditionWords(cached.report.current.condition, words),
                    conditionCode: cached.report.current.condition.rawValue, fetchedAt: cached.fetchedAt,
                    observedAt: cached.report.observedAt, stale: cached.isOld(now: now),
                    warning: entry.warning.map(WeatherViews.warningName))
            })
    }
}

extension WeatherError {
    /// A weather failure as the command's: its code, its reason in the user's language, and the exit status a script
    /// can act on.
    func commandError(_ words: Words) -> CommandError {
        let message = words(sentence)
        // An interrupted request: the session says "Cancelled." itself.
        if self == .cancelled { return .interrupted(code, message) }
        let kind: CommandError.Kind =
            switch self {
            case .unreachable, .server, .malformed, .notFound: .unavailable
            case .timedOut, .rateLimited: .temporary
            case .badKey, .notConfigured: .configuration
            case .cancelled: .failure
            }
        return .failure(code, message, kind: kind)
    }

    private var code: String {
        switch self {
        case .unreachable: "unreachable"
        case .timedOut: "timed_out"
        case .server: "server_error"
        case .badKey: "bad_key"
        case .rateLimited: "rate_limited"
        case .notFound: "not_found"
        case .malformed: "malformed_response"
        case .notConfigured: "not_configured"
        case .cancelled: "cancelled"
        }
    }
}
