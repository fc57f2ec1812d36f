import Foundation
import Logging
import WeatherService

/// The weather of a place: from the cache while fresh, else from the provider (and stored), else the last stored
/// data, marked stale, when the network or the server failed.
struct WeatherRepository: Sendable {
    static let freshFor: TimeInterval = 600

    struct Shown: Sendable, Equatable {
        var report: WeatherReport
        var fetchedAt: Date
        /// Shown because a fetch failed: why.
        var staleBecause: WeatherError?
        var fromCache: Bool
    }

    let client: WeatherClient
    let cache: WeatherCacheClient
    let now: @Sendable () -> Date
    let logger: Logger

    func weather(for location: WeatherLocation, forceRefresh: Bool) async throws(WeatherError) -> Shown {
        let cached = try? await cache.entry(provider: client.provider, place: location.cacheKey)
        if !forceRefresh, let cached, now().timeIntervalSince(cached.fetchedAt) < Self.freshFor,
            now().timeIntervalSince(cached.fetchedAt) >= -60
        {
            return Shown(
                report: relabel(cached.report, location), fetchedAt: cached.fetchedAt, staleBecause: nil,
                fromCache: true)
        }
        do {
            let report = try await client.fetch(location)
            let fetchedAt = now()
            if report.repairs.isEmpty {
                try? await cache.store(report, provider: client.provider, place: location.cacheKey, at: fetchedAt)
            } else {
                // Not kept as a good answer: the next request asks again, and offline the last sound one is shown.
                // Said on screen already; recorded where logs go (`--log-level notice`, `--log-file`).
                logger.notice(
                    "impossible values from the weather provider, left out",
                    metadata: [
                        "provider": "\(client.provider)", "place": "\(location.cacheKey)",
                        "values": "\(report.repairs.joined(separator: "; "))",
                    ])
            }
            return Shown(report: report, fetchedAt: fetchedAt, staleBecause: nil, fromCache: false)
        } catch {
            if error.allowsStaleData, let cached {
                return Shown(
                    report: relabel(cached.report, location), fetchedAt: cached.fetchedAt, staleBecause: error,
                    fromCache: true)
            }
            throw error
        }
    }

    /// The cached data with the place as the user named it now.
    private func relabel(_ report: WeatherReport, _ location: WeatherLocation) -> WeatherReport {
        var report = report
        report.location = location
        return report
    }
}
