import Foundation
import Synchronization

/// GET responses kept in memory for as long as `Cache-Control: max-age` allows, and revalidated with
/// `If-None-Match` when they carry an `ETag`. `no-store` is never kept; `no-cache` is always revalidated.
final class ResponseCache: Sendable {
    struct Entry: Sendable {
        var response: HTTPResponse
        var storedAt: Date
        var maxAge: TimeInterval?
        var etag: String?
        var mustRevalidate: Bool
    }

    enum Lookup {
        case fresh(HTTPResponse)
        case revalidate(etag: String)
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
        if let etag = entry.etag { return .revalidate(etag: etag) }
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
        let maxAge = directives["max-age"].flatMap { $0.flatMap(TimeInterval.init) }
        let etag = response.header("etag")
        guard (maxAge ?? 0) > 0 || etag != nil else {
            remove(key)
            return
        }
        let entry = Entry(
            response: response, storedAt: now(), maxAge: maxAge, etag: etag,
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
            if let maxAge = directives["max-age"].flatMap({ $0.flatMap(TimeInterval.init) }) { entry.maxAge = maxAge }
            if let etag = headers["etag"] { entry.etag = etag }
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

    /// `max-age=60, no-cache` → ["max-age": "60", "no-cache": nil]
    static func directives(_ header: String?) -> [String: String?] {
        guard let header else { return [:] }
        var result: [String: String?] = [:]
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: "=", maxSplits: 1)
            guard let name = pieces.first?.trimmingCharacters(in: .whitespaces).lowercased(), !name.isEmpty else {
                continue
            }
            let value =
                pieces.count > 1
                ? pieces[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(
                    in: CharacterSet(charactersIn: "\""))
                : nil
            result[name] = .some(value)
        }
        return result
    }
}
