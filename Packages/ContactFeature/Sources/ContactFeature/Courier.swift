import ContactService
import CoreKit
import Foundation
import Logging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What one delivery attempt of one message came to.
enum AttemptResult: Sendable, Equatable {
    /// Delivered to `destination` (nil: the client names none; the views say "the server").
    case sent(destination: String?)
    /// Kept queued; tried again at `nextAttempt`.
    case queued(reason: Sentence, nextAttempt: Date)
    /// Refused by the server; kept in the outbox as failed.
    case rejected(reason: Sentence)
    /// No endpoint configured: kept queued until there is one.
    case notConfigured
    /// Another SkyLens process is delivering it right now.
    case busy
}

/// Delivers outbox messages: claims each one (so two processes never send it at once), sends it, and records the
/// outcome. Failed attempts back off exponentially (30 s, 1 min, 2 min … at most 1 h), or as long as the server's
/// `Retry-After` asks.
struct Courier: Sendable {
    let store: OutboxClient
    let client: ContactClient
    let now: @Sendable () -> Date
    let logger: Logger
    /// How long a claim holds: longer than any one request may take (the request timeout and a margin).
    let claimDuration: TimeInterval
    /// This process, and how to tell whether the holder of a claim is still running (a claim of a process that was
    /// killed is taken over at once instead of blocking the message until it expires).
    var owner: Int32 = getpid()
    var isAlive: @Sendable (Int32) -> Bool = { pid in kill(pid, 0) == 0 || errno == EPERM }

    static func backoff(attempts: Int, retryAfter: Double?) -> TimeInterval {
        let exponential = min(3_600, 30 * pow(2, Double(max(0, attempts - 1))))
        return max(exponential, min(retryAfter ?? 0, 86_400))
    }

    func deliver(id: String) async throws(StoreError) -> AttemptResult {
        let start = now()
        guard
            try await store.claim(
                .init(
                    id: id, now: start, until: start.addingTimeInterval(claimDuration), owner: owner, isAlive: isAlive))
        else {
            return .busy
        }
        guard let entry = try await store.entry(id) else { return .busy }
        let outcome = await client.deliver(entry.message)
        switch outcome {
        case .delivered(let status):
            try await store.markSent(id, now())
            logger.info("contact message delivered", metadata: ["id": "\(id)", "status": "\(status)"])
            return .sent(destination: client.destination)
        case .retryLater(let reason, let retryAfter):
            let failedAt = now()
            let next = try await store.markRetry(id, reason) { attempts in
                failedAt.addingTimeInterval(Self.backoff(attempts: attempts, retryAfter: retryAfter))
            }
            logger.notice("contact message kept for retry", metadata: ["id": "\(id)", "reason": "\(reason)"])
            return .queued(reason: reason, nextAttempt: next)
        case .rejected(_, let reason):
            try await store.markFailed(id, reason)
            logger.warning("contact message rejected", metadata: ["id": "\(id)", "reason": "\(reason)"])
            return .rejected(reason: reason)
        case .notConfigured:
            try await store.release(id)
            return .notConfigured
        }
    }

    /// Delivers every due message (every queued one when `force`), oldest first. Stops at the first message that
    /// could not be delivered for want of an endpoint or a working server: the rest would fail the same way, and stay
    /// queued for the next try.
    func deliverDue(force: Bool) async throws(StoreError) -> [(id: String, result: AttemptResult)] {
        var results: [(id: String, result: AttemptResult)] = []
        for id in try await store.dueIDs(now(), force) {
            if Task.isCancelled { break }
            let result = try await deliver(id: id)
            results.append((id, result))
            switch result {
            case .notConfigured, .queued: return results
            case .sent, .rejected, .busy: continue
            }
        }
        return results
    }
}
