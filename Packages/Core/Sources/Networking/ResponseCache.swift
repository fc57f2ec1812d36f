import CoreKit
import Foundation
import Synchronization

/// GET responses kept in memory for as long as `Cache-Control: max-age` allows (else `Expires`, measured against the
/// server's own `Date` so that a wrong clock on either side does not matter), and revalidated with `If-None-Match`
/// when they carry an `ETag`, else `If-Modified-Since` when they carry a `Last-Modified` (MET Norway asks for it).
/// `no-store` is never kept; `no-cache` is always revalidated.
final class ResponseCache: Sendable {
    struct Entry: Sendable {
        var response: HTTPResponse
        var storedAt: Date
        var maxAge: TimeInterval?
        var etag: String?
        var lastModified: String?
        var mustRevalidate: Bool
    }

    enum Lookup: Equatable {
        case fresh(HTTPResponse)
        /// Ask again with these headers (`If-None-Match`, `If-Modified-Since`): a 304 means the stored body holds.
        case revalidate([String: String])
        case miss
    }

    private let capacity: Int
    private let now: @Sendable () -> Date
    private struct Storage {
        var entries: [String: Entry] = [:]
        /// Keys from the oldest stored to the newest.
        var order: [String] = []
    }

    private let storage = Mutex(Storage())

    init(capacity: Int, now: @escaping @Sendable () -> Date) {
        self.capacity = capacity
        self.now = now
    }

    func lookup(_ key: String) -> Lookup {
        guard let entry = storage.withLock({ $0.entries[key] }) else { return .miss }
        if !entry.mustRevalidate, let maxAge = entry.maxAge, now().timeIntervalSince(entry.storedAt) < maxAge {
            var response = entry.response
            response.source = .cache
            return .fresh(response)
        }
        if let etag = entry.etag { return .revalidate(["If-None-Match": etag]) }
        if let lastModified = entry.lastModified { return .revalidate(["If-Modified-Since": lastModified]) }
        return .miss
    }

    /// Records a 200 response if its headers allow it.
    func store(_ key: String, _ response: HTTPResponse) {
        guard response.status == 200, capacity > 0 else { return }
        let directives = Self.directives(response.header("cache-control"))
        if directives["no-store"] != nil {
            remove(key)
            return
        }
        let maxAge = Self.freshness(directives, response.headers)
        let etag = response.header("etag")
        let lastModified = response.header("last-modified")
        guard (maxAge ?? 0) > 0 || etag != nil || lastModified != nil else {
            remove(key)
            return
        }
        let entry = Entry(
            response: response, storedAt: now(), maxAge: maxAge, etag: etag, lastModified: lastModified,
            mustRevalidate: directives["no-cache"] != nil)
        storage.withLock { storage in
            storage.entries[key] = entry
            storage.order.removeAll { $0 == key }
            storage.order.append(key)
            while storage.order.count > capacity {
                storage.entries.removeValue(forKey: storage.order.removeFirst())
            }
        }
    }

    /// After a 304: the stored body with the new freshness, or nil when nothing is stored any more.
    func revalidated(_ key: String, headers: [String: String]) -> HTTPResponse? {
        storage.withLock { storage -> HTTPResponse? in
            guard var entry = storage.entries[key] else { return nil }
            let directives = Self.directives(headers["cache-control"])
            if let maxAge = Self.freshness(directives, headers) { entry.maxAge = maxAge }
            if let etag = headers["etag"] { entry.etag = etag }
            if let lastModified = headers["last-modified"] { entry.lastModified = lastModified }
            entry.storedAt = now()
            storage.entries[key] = entry
            var response = entry.response
            response.source = .revalidated
            return response
        }
    }

    func remove(_ key: String) {
        storage.withLock { storage in
            storage.entries.removeValue(forKey: key)
            storage.order.removeAll { $0 == key }
        }
    }

    /// How long a response stays fresh: `max-age`, else `Expires` less the server's `Date` (else less now); nil when
    /// neither says. An `Expires` that is not a date, or in the past, is stale at once (RFC 9111 5.3).
    static func freshness(_ directives: [String: String?], _ headers: [String: String]) -> TimeInterval? {
        if let maxAge = directives["max-age"].flatMap({ $0.flatMap(TimeInterval.init) }) { return maxAge }
        guard let expires = headers["expires"] else { return nil }
        guard let end = httpDate(expires) else { return 0 }
        let start = headers["date"].flatMap(httpDate) ?? Date()
        return max(0, end.timeIntervalSince(start))
    }

    /// An HTTP date (`Sun, 06 Nov 1994 08:49:37 GMT`, RFC 9110 5.6.7's preferred form).
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text.trimmingSpaces)
    }

    /// `max-age=60, no-cache` → ["max-age": "60", "no-cache": nil]
    static func directives(_ header: String?) -> [String: String?] {
        guard let header else { return [:] }
        var result: [String: String?] = [:]
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: "=", maxSplits: 1)
            guard let name = pieces.first?.trimmingSpaces.lowercased(), !name.isEmpty else {
                continue
            }
            let value =
                pieces.count > 1
                ? pieces[1].trimmingSpaces.trimmingCharacters(
                    in: CharacterSet(charactersIn: "\""))
                : nil
            result[name] = .some(value)
        }
        return result
    }
}
