import CoreKit
import Foundation
import Localization
import Logging
import WeatherService

/// The weather of a place: from the cache while fresh, else from the provider (and stored), else from the other
/// provider when the chosen one fails and the other is usable (said), else the last stored data, marked stale,
/// when the network or the server failed.
/// An answer kept or fetched, that may be old: the rule every output follows to say its age (the full view, `--line`,
/// `--template`'s `%A`, the JSON's `stale` and `staleReason`, and the exit status 3).
protocol AgedAnswer {
    var observedAt: Date { get }
    var fetchedAt: Date { get }
    /// Shown because a fetch failed: why.
    var staleBecause: WeatherError? { get }
}

/// An observation older than this is old however it was fetched. Three hours: a sound answer's observation is at
/// most an hour behind (Open-Meteo's current values every 15 minutes, OpenWeatherMap's every 10 to 60, the air's
/// every hour), kept 10 minutes; the full view said "N ago" from three hours before this existed.
let oldAfter: TimeInterval = 3 * 3600

extension AgedAnswer {
    /// How old what is shown is: since its observation (or its fetch, if a clock put that earlier).
    func age(now: Date) -> TimeInterval { max(0, now.timeIntervalSince(min(observedAt, fetchedAt))) }

    /// Shown from the cache because a fetch failed, or observed more than `oldAfter` ago.
    func isOld(now: Date) -> Bool { staleBecause != nil || age(now: now) > oldAfter }

    /// Why it is old, in the language (a failure in its own words); nil when it is not.
    func oldBecause(now: Date, _ words: Words) -> String? {
        if let staleBecause { return words(staleBecause.sentence) }
        guard isOld(now: now) else { return nil }
        return words("The provider's latest observation is %@ old.", WeatherViews.age(age(now: now), words))
    }

    /// The same in English: the JSON's `staleReason`.
    func oldBecause(now: Date) -> String? { oldBecause(now: now, .english()) }
}

/// A stored answer, as the favourites list shows it: old by the same rule (it was not kept after a failure).
extension CachedWeather: AgedAnswer {
    var observedAt: Date { report.observedAt }
    var staleBecause: WeatherError? { nil }
}

struct WeatherRepository: Sendable {
    static let freshFor: TimeInterval = 600

    /// Fetched less than 10 minutes ago (and not from a clock more than a minute ahead).
    static func isFresh(_ fetchedAt: Date, now: Date) -> Bool {
        let age = now.timeIntervalSince(fetchedAt)
        return age < freshFor && age >= -60
    }

    struct Shown: AgedAnswer, Sendable, Equatable {
        var report: WeatherReport
        var fetchedAt: Date
        /// Shown because a fetch failed: why.
        var staleBecause: WeatherError?
        var fromCache: Bool
        /// Set when the other provider answered because the chosen one failed.
        var fallback: Fallback? = nil

        var observedAt: Date { report.observedAt }

        /// The fallback in English: the JSON's `fallback`.
        var answeredBy: String? { fallback?.sentence(.english()) }
    }

    /// The other provider answered because the chosen one failed: who answered, who failed, and why.
    struct Fallback: Sendable, Equatable {
        /// The provider that answered: `Open-Meteo`.
        var answered: String
        /// The provider chosen, that failed: `OpenWeatherMap`.
        var failed: String
        /// Why the chosen provider failed.
        var reason: Sentence

        /// "Open-Meteo answered; OpenWeatherMap refused the API key (401).", in the language: the failure's first
        /// sentence, without its full stop, after the provider's name unless it names the provider itself.
        func sentence(_ words: Words) -> String {
            let said = words(reason)
            let stops = [". ", "。", "۔ "]
            let first = stops.compactMap { said.range(of: $0)?.lowerBound }.min().map { String(said[..<$0]) } ?? said
            let text = first.trimmingCharacters(in: CharacterSet(charactersIn: ".。"))
            return text.localizedCaseInsensitiveContains(failed)
                ? words("%1$@ answered; %2$@.", answered, text)
                : words("%1$@ answered; %2$@: %3$@.", answered, failed, text)
        }
    }

    let client: WeatherClient
    /// The other provider, tried when `client` fails (Open-Meteo needs no key; OpenWeatherMap only with one).
    var fallback: WeatherClient? = nil
    let cache: WeatherCacheClient
    let now: @Sendable () -> Date
    let logger: Logger

    func weather(for location: WeatherLocation, forceRefresh: Bool) async throws(WeatherError) -> Shown {
        let cached = try? await cache.entry(provider: client.provider, place: location.cacheKey)
        if !forceRefresh, let cached, Self.isFresh(cached.fetchedAt, now: now()) {
            return Shown(
                report: relabel(cached.report, location), fetchedAt: cached.fetchedAt, staleBecause: nil,
                fromCache: true)
        }
        do {
            return try await fetch(location, from: client)
        } catch {
            if error != .cancelled, let fallback, var shown = try? await fresh(location, from: fallback) {
                shown.fallback = Fallback(
                    answered: fallback.displayName, failed: client.displayName, reason: error.sentence)
                return shown
            }
            if error.allowsStaleData, let cached {
                return Shown(
                    report: relabel(cached.report, location), fetchedAt: cached.fetchedAt, staleBecause: error,
                    fromCache: true)
            }
            throw error
        }
    }

    /// The other provider's answer: kept from less than 10 minutes ago, else asked for.
    private func fresh(_ location: WeatherLocation, from provider: WeatherClient) async throws(WeatherError) -> Shown {
        if let cached = try? await cache.entry(provider: provider.provider, place: location.cacheKey),
            Self.isFresh(cached.fetchedAt, now: now())
        {
            return Shown(
                report: relabel(cached.report, location), fetchedAt: cached.fetchedAt, staleBecause: nil,
                fromCache: true)
        }
        return try await fetch(location, from: provider)
    }

    /// A new answer from `provider`, kept: its impossible values were left out one by one (the hour, the day, the
    /// field: `WeatherReport.repairs` says which), and what is sound is worth keeping, so that the next request within
    /// 10 minutes asks nothing and offline it is shown with its age.
    private func fetch(_ location: WeatherLocation, from provider: WeatherClient) async throws(WeatherError) -> Shown {
        let report = try await provider.fetch(location)
        let fetchedAt = now()
        try? await cache.store(report, provider: provider.provider, place: location.cacheKey, at: fetchedAt)
        if !report.repairs.isEmpty {
            // Said on screen already; recorded where logs go (`--log-level notice`, `--log-file`).
            logger.notice(
                "impossible values from the weather provider, left out",
                metadata: [
                    "provider": "\(provider.provider)", "place": "\(location.cacheKey)",
                    "values": "\(report.repairs.joined(separator: "; "))",
                ])
        }
        return Shown(report: report, fetchedAt: fetchedAt, staleBecause: nil, fromCache: false)
    }

    /// The cached data with the place as the user named it now.
    private func relabel(_ report: WeatherReport, _ location: WeatherLocation) -> WeatherReport {
        var report = report
        report.location = location
        return report
    }
}

/// The air at a place, kept like the weather: from the cache while fresh, else fetched (and kept), else the last
/// kept answer, marked stale, when the network or the server failed.
struct AirRepository: Sendable {
    struct Shown: AgedAnswer, Sendable, Equatable {
        var air: AirQuality
        var fetchedAt: Date
        var staleBecause: WeatherError?
        var fromCache: Bool

        var observedAt: Date { air.observedAt }
    }

    let client: AirQualityClient
    let cache: AnswerCache<AirQuality>
    let now: @Sendable () -> Date

    func air(for location: WeatherLocation, forceRefresh: Bool) async throws(WeatherError) -> Shown {
        let kept = try? await cache.entry(client.provider, location.cacheKey)
        if !forceRefresh, let kept, WeatherRepository.isFresh(kept.fetchedAt, now: now()) {
            return Shown(air: relabel(kept.value, location), fetchedAt: kept.fetchedAt, fromCache: true)
        }
        do {
            let air = try await client.fetch(location)
            let fetchedAt = now()
            try? await cache.store(air, client.provider, location.cacheKey, fetchedAt)
            return Shown(air: air, fetchedAt: fetchedAt, fromCache: false)
        } catch {
            guard error.allowsStaleData, let kept else { throw error }
            return Shown(
                air: relabel(kept.value, location), fetchedAt: kept.fetchedAt, staleBecause: error, fromCache: true)
        }
    }

    private func relabel(_ air: AirQuality, _ location: WeatherLocation) -> AirQuality {
        var air = air
        air.location = location
        return air
    }
}

/// An answer kept for a while and asked again after: the kept one while it holds (`keptFor`), else a fetch, stored;
/// when the fetch fails, the kept one with the reason (whatever its age: what it says does not go bad as a forecast
/// does). The normals and the ensembles are kept this way.
struct KeptAnswer<Value: Codable & Sendable & Equatable>: Sendable, Equatable {
    var value: Value
    var fetchedAt: Date
    var staleBecause: WeatherError?

    static func answer(
        cache: AnswerCache<Value>, provider: String, key: String, keptFor: TimeInterval, force: Bool,
        now: @Sendable () -> Date, fetch: () async throws(WeatherError) -> Value
    ) async throws(WeatherError) -> Self {
        let kept = try? await cache.entry(provider, key)
        if !force, let kept, now().timeIntervalSince(kept.fetchedAt) < keptFor {
            return Self(value: kept.value, fetchedAt: kept.fetchedAt)
        }
        do {
            let value = try await fetch()
            let fetchedAt = now()
            try? await cache.store(value, provider, key, fetchedAt)
            return Self(value: value, fetchedAt: fetchedAt)
        } catch {
            guard let kept else { throw error }
            return Self(value: kept.value, fetchedAt: kept.fetchedAt, staleBecause: error)
        }
    }
}

/// The usual weather of places (`ClimateNormals`): fetched once per place and kept for `keptFor`; past that, or
/// asked again with `refresh`, fetched anew, the kept ones shown when that fails (the past does not change).
struct NormalsRepository: Sendable {
    struct Shown: Sendable, Equatable {
        var normals: ClimateNormals
        var fetchedAt: Date
        var staleBecause: WeatherError?
    }

    /// Half a year: the normals of 1991–2020 change only when the archive is reprocessed.
    static let keptFor: TimeInterval = 183 * 86_400

    let client: ClimateClient
    let cache: AnswerCache<ClimateNormals>
    let now: @Sendable () -> Date

    func normals(for location: WeatherLocation, forceRefresh: Bool) async throws(WeatherError) -> Shown {
        let client = self.client
        let kept = try await KeptAnswer.answer(
            cache: cache, provider: client.provider, key: location.cacheKey, keptFor: Self.keptFor,
            force: forceRefresh, now: now
        ) { () async throws(WeatherError) -> ClimateNormals in try await client.fetch(location) }
        var normals = kept.value
        normals.location = location
        return Shown(normals: normals, fetchedAt: kept.fetchedAt, staleBecause: kept.staleBecause)
    }
}

/// Ensembles (`forecast --range`), kept an hour (a model runs every 6 to 12 hours; each request costs the API about
/// ten calls), by model and place; when a fetch fails the kept one is shown with its age.
struct EnsembleRepository: Sendable {
    struct Shown: Sendable, Equatable {
        var ensemble: EnsembleForecast
        var fetchedAt: Date
        var staleBecause: WeatherError?
    }

    static let keptFor: TimeInterval = 3600

    let client: EnsembleClient
    let cache: AnswerCache<EnsembleForecast>
    let now: @Sendable () -> Date

    /// Every day the model reaches is always asked: a kept answer serves any `--days`.
    func ensemble(
        for location: WeatherLocation, model: EnsembleModel, forceRefresh: Bool
    ) async throws(WeatherError) -> Shown {
        let client = self.client
        let kept = try await KeptAnswer.answer(
            cache: cache, provider: client.provider, key: "\(location.cacheKey):\(model.name)", keptFor: Self.keptFor,
            force: forceRefresh, now: now
        ) { () async throws(WeatherError) -> EnsembleForecast in try await client.fetch(location, model, model.days) }
        var ensemble = kept.value
        ensemble.location = location
        return Shown(ensemble: ensemble, fetchedAt: kept.fetchedAt, staleBecause: kept.staleBecause)
    }
}
