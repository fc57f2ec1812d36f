import CoreKit
import Foundation
import WeatherService

/// A place's warnings as every feature gets them: the kept answer while the service says it holds, else the
/// service's (asked `If-Modified-Since` the kept one), else, when the service cannot be asked, the kept answer with
/// the reason; never "no warnings" for what was not asked. The warnings feature shows them whole; the weather's views
/// show the one in force at their top.
public struct AlertsLookup: Sendable {
    /// What a lookup found.
    public enum Answer: Equatable, Sendable {
        /// The service's answer, from `fetchedAt`; with `failure` when it is a kept one because the service could
        /// not be asked now.
        case answered(AlertReport, fetchedAt: Date, failure: AlertError?)
        /// Nothing to show: no service covers the country, or none answered and nothing is kept.
        case failed(AlertError)
    }

    public let client: AlertsClient
    private let cache: AnswerCache<AlertReport>
    private let now: @Sendable () -> Date

    public init(client: AlertsClient, cache: AnswerCache<AlertReport>, now: @escaping @Sendable () -> Date) {
        self.client = client
        self.cache = cache
        self.now = now
    }

    /// How long a kept answer is used without asking again: what the service says (`Cache-Control`, `Expires`),
    /// within a minute and a quarter of an hour; five minutes when it says nothing.
    public static func freshFor(_ report: AlertReport) -> TimeInterval {
        min(900, max(60, report.freshFor ?? 300))
    }

    /// The kept answer alone, whatever its age (no request): for a list that must not wait, such as the favourites.
    public func kept(_ query: AlertQuery) async -> AnswerCache<AlertReport>.Kept? {
        guard let source = client.source(query.country) else { return nil }
        return try? await cache.entry(source.rawValue, query.cacheKey)
    }

    /// The place's warnings; `force` asks the service even when the kept answer still holds.
    public func answer(_ query: AlertQuery, force: Bool = false) async -> Answer {
        guard let source = client.source(query.country) else { return .failed(.notCovered(country: query.country)) }
        var query = query
        let key = query.cacheKey
        let kept = try? await cache.entry(source.rawValue, key)
        let date = now()
        // A kept answer holds for as long as the service said (not one from a clock more than a minute ahead).
        if !force, let kept, date.timeIntervalSince(kept.fetchedAt) < Self.freshFor(kept.value),
            date >= kept.fetchedAt.addingTimeInterval(-60)
        {
            return .answered(kept.value, fetchedAt: kept.fetchedAt, failure: nil)
        }
        query.ifModifiedSince = kept?.value.lastModified
        do throws(AlertError) {
            guard let report = try await client.fetch(query) ?? kept?.value else {
                throw AlertError.malformed(
                    Sentence(
                        "%@ answered that nothing changed, but nothing is kept.", .text(source.name), table: .alerts))
            }
            try? await cache.store(report, source.rawValue, key, date)
            return .answered(report, fetchedAt: date, failure: nil)
        } catch {
            if error != .cancelled, let kept {
                return .answered(kept.value, fetchedAt: kept.fetchedAt, failure: error)
            }
            return .failed(error)
        }
    }

    /// The same, given up after `patience` (the kept answer then, if any, with the reason): for a view that shows
    /// warnings beside something else and must not wait on a slow service.
    public func answer(_ query: AlertQuery, within patience: Duration) async -> Answer {
        await withTaskGroup(of: Answer?.self) { group in
            group.addTask { await answer(query) }
            group.addTask {
                try? await Task.sleep(for: patience)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            if let first { return first }
            let slow = AlertError.timedOut(
                Sentence(
                    "The warnings were not fetched within %@ s.", .number(Int(patience.components.seconds)),
                    table: .alerts))
            if let kept = await kept(query) { return .answered(kept.value, fetchedAt: kept.fetchedAt, failure: slow) }
            return .failed(slow)
        }
    }
}
