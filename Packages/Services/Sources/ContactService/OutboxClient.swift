import CoreKit
import Foundation
import Synchronization

/// One message in the outbox, with its delivery state.
public struct OutboxEntry: Sendable, Equatable {
    public enum State: String, Sendable, Codable, CaseIterable {
        /// Not delivered yet; will be tried again.
        case queued
        case sent
        /// The server refused it (a 4xx other than 408/429); not tried again.
        case failed
    }

    public var message: ContactMessage
    public var state: State
    public var attempts: Int
    /// Why the last attempt failed, to be said in the reader's language (`words(entry.lastError)`).
    public var lastError: Sentence?
    public var nextAttemptAt: Date?
    public var sentAt: Date?

    public init(
        message: ContactMessage, state: State, attempts: Int = 0, lastError: Sentence? = nil,
        nextAttemptAt: Date? = nil,
        sentAt: Date? = nil
    ) {
        self.message = message
        self.state = state
        self.attempts = attempts
        self.lastError = lastError
        self.nextAttemptAt = nextAttemptAt
        self.sentAt = sentAt
    }
}

/// The outbox: every accepted message is written here first, before any delivery is tried, so that nothing typed is
/// lost to a crash, a kill or a network failure. A client: the live value (`OutboxClient.sqlite(_:)`, module
/// `SQLiteStores`) is a table of the App's database shared by every session; `inMemory()` is for tests.
///
/// Delivery takes a message with `claim` (so two sessions never send it at once), then ends the claim with
/// `markSent`, `markFailed`, `markRetry` or `release`.
public struct OutboxClient: Sendable {
    /// Where the messages are kept, for the user: a path, or "memory".
    public var location: String
    public var insert: @Sendable (_ message: ContactMessage, _ dueAt: Date) async throws(StoreError) -> Void
    public var entry: @Sendable (_ id: String) async throws(StoreError) -> OutboxEntry?
    /// Newest first, at most `limit`.
    public var all: @Sendable (_ limit: Int) async throws(StoreError) -> [OutboxEntry]
    /// How many messages there are in each state.
    public var counts: @Sendable () async throws(StoreError) -> [OutboxEntry.State: Int]
    /// Queued messages whose next attempt is due (all queued ones when `force`), oldest first.
    public var dueIDs: @Sendable (_ now: Date, _ force: Bool) async throws(StoreError) -> [String]
    /// Takes a queued message for one delivery attempt until `until`, for process `owner`. False when it is no
    /// longer queued, or an unexpired claim is held by this process or another that is still alive (a claim of a
    /// process that died is taken over at once).
    public var claim: @Sendable (_ claim: Claim) async throws(StoreError) -> Bool
    public var markSent: @Sendable (_ id: String, _ at: Date) async throws(StoreError) -> Void
    public var markFailed: @Sendable (_ id: String, _ reason: Sentence) async throws(StoreError) -> Void
    /// Records a failed attempt; returns when the next attempt is due (`next` gets the number of attempts so far).
    public var markRetry:
        @Sendable (_ id: String, _ reason: Sentence, _ next: @escaping @Sendable (Int) -> Date) async throws(StoreError)
            -> Date
    /// Gives the message back without counting an attempt (no endpoint configured).
    public var release: @Sendable (_ id: String) async throws(StoreError) -> Void

    public struct Claim: Sendable {
        public var id: String
        public var now: Date
        public var until: Date
        public var owner: Int32
        public var isAlive: @Sendable (Int32) -> Bool

        public init(id: String, now: Date, until: Date, owner: Int32, isAlive: @escaping @Sendable (Int32) -> Bool) {
            self.id = id
            self.now = now
            self.until = until
            self.owner = owner
            self.isAlive = isAlive
        }
    }

    public init(
        location: String,
        insert: @escaping @Sendable (ContactMessage, Date) async throws(StoreError) -> Void,
        entry: @escaping @Sendable (String) async throws(StoreError) -> OutboxEntry?,
        all: @escaping @Sendable (Int) async throws(StoreError) -> [OutboxEntry],
        counts: @escaping @Sendable () async throws(StoreError) -> [OutboxEntry.State: Int],
        dueIDs: @escaping @Sendable (Date, Bool) async throws(StoreError) -> [String],
        claim: @escaping @Sendable (Claim) async throws(StoreError) -> Bool,
        markSent: @escaping @Sendable (String, Date) async throws(StoreError) -> Void,
        markFailed: @escaping @Sendable (String, Sentence) async throws(StoreError) -> Void,
        markRetry:
            @escaping @Sendable (String, Sentence, @escaping @Sendable (Int) -> Date) async throws(StoreError) -> Date,
        release: @escaping @Sendable (String) async throws(StoreError) -> Void
    ) {
        self.location = location
        self.insert = insert
        self.entry = entry
        self.all = all
        self.counts = counts
        self.dueIDs = dueIDs
        self.claim = claim
        self.markSent = markSent
        self.markFailed = markFailed
        self.markRetry = markRetry
        self.release = release
    }
}

extension OutboxClient {
    /// An outbox in memory, with the live value's rules (claims, states, attempts): for tests, and for sessions
    /// whose data directory cannot be used.
    public static func inMemory() -> OutboxClient {
        struct Stored {
            var entry: OutboxEntry
            var claimedUntil: Date?
            var claimedBy: Int32?
        }
        let rows = Mutex<[String: Stored]>([:])
        return OutboxClient(
            location: "memory",
            insert: { message, due in
                rows.withLock {
                    $0[message.id] = Stored(entry: OutboxEntry(message: message, state: .queued, nextAttemptAt: due))
                }
            },
            entry: { id in rows.withLock { $0[id]?.entry } },
            all: { limit in
                rows.withLock { rows in
                    Array(
                        rows.values.map(\.entry).sorted {
                            ($0.message.createdAt, $1.message.id) > ($1.message.createdAt, $0.message.id)
                        }
                        .prefix(limit))
                }
            },
            counts: {
                rows.withLock { rows in rows.values.reduce(into: [:]) { $0[$1.entry.state, default: 0] += 1 } }
            },
            dueIDs: { now, force in
                rows.withLock { rows in
                    rows.values.map(\.entry)
                        .filter { $0.state == .queued && (force || ($0.nextAttemptAt ?? now) <= now) }
                        .sorted { ($0.message.createdAt, $0.message.id) < ($1.message.createdAt, $1.message.id) }
                        .map(\.message.id)
                }
            },
            claim: { claim in
                rows.withLock { rows in
                    guard var row = rows[claim.id], row.entry.state == .queued else { return false }
                    if let held = row.claimedUntil, held >= claim.now, let holder = row.claimedBy,
                        holder == claim.owner || claim.isAlive(holder)
                    {
                        return false
                    }
                    row.claimedUntil = claim.until
                    row.claimedBy = claim.owner
                    rows[claim.id] = row
                    return true
                }
            },
            markSent: { id, date in
                rows.withLock { rows in
                    guard var row = rows[id] else { return }
                    row.entry.state = .sent
                    row.entry.sentAt = date
                    row.entry.attempts += 1
                    row.entry.lastError = nil
                    row.entry.nextAttemptAt = nil
                    (row.claimedUntil, row.claimedBy) = (nil, nil)
                    rows[id] = row
                }
            },
            markFailed: { id, reason in
                rows.withLock { rows in
                    guard var row = rows[id] else { return }
                    row.entry.state = .failed
                    row.entry.attempts += 1
                    row.entry.lastError = reason
                    row.entry.nextAttemptAt = nil
                    (row.claimedUntil, row.claimedBy) = (nil, nil)
                    rows[id] = row
                }
            },
            markRetry: { id, reason, next in
                rows.withLock { rows in
                    let attempts = (rows[id]?.entry.attempts ?? 0) + 1
                    let due = next(attempts)
                    if var row = rows[id], row.entry.state == .queued {
                        row.entry.attempts = attempts
                        row.entry.lastError = reason
                        row.entry.nextAttemptAt = due
                        (row.claimedUntil, row.claimedBy) = (nil, nil)
                        rows[id] = row
                    }
                    return due
                }
            },
            release: { id in
                rows.withLock { rows in
                    guard var row = rows[id] else { return }
                    (row.claimedUntil, row.claimedBy) = (nil, nil)
                    rows[id] = row
                }
            })
    }
}
