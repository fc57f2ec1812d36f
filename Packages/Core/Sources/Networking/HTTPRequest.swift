import CoreKit
import Foundation

public enum HTTPMethod: String, Sendable, Equatable {
    case get = "GET", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE", head = "HEAD"
}

/// One query parameter. A secret one (an API key) is sent but never logged and never shown in an error.
public struct QueryItem: Sendable, Equatable {
    public var name: String
    public var value: String
    public var isSecret: Bool

    public init(_ name: String, _ value: String, secret: Bool = false) {
        self.name = name
        self.value = value
        self.isSecret = secret
    }
}

/// What to send, relative to an `HTTPClient`'s base URL.
public struct HTTPRequest: Sendable, Equatable {
    public var method: HTTPMethod
    public var path: String
    public var query: [QueryItem]
    public var headers: [String: String]
    public var body: Data?
    /// Overrides the transport's timeout for this request.
    public var timeout: Duration?
    /// Overrides the transport's body size limit for this request (a large download).
    public var maxBodyBytes: Int?
    /// Where the body of a 2xx answer is written as it arrives (a file made anew, readable by the user alone) instead
    /// of being kept in memory: a large download costs no memory. The response's `body` is then empty; any other
    /// answer's body is kept in memory as usual. Such a request is never cached.
    public var bodyFile: String?

    public init(
        method: HTTPMethod = .get,
        path: String,
        query: [QueryItem] = [],
        headers: [String: String] = [:],
        body: Data? = nil,
        timeout: Duration? = nil,
        maxBodyBytes: Int? = nil,
        bodyFile: String? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
        self.bodyFile = bodyFile
    }

    public static func get(_ path: String, query: [QueryItem] = [], headers: [String: String] = [:]) -> Self {
        Self(method: .get, path: path, query: query, headers: headers)
    }

    /// A request whose body is `value` encoded as JSON, with `Content-Type: application/json`.
    public static func post<Body: Encodable>(
        _ path: String,
        json value: Body,
        headers: [String: String] = [:],
        encoder: JSONEncoder = HTTPRequest.defaultEncoder()
    ) throws(HTTPError) -> Self {
        let data: Data
        do { data = try encoder.encode(value) } catch {
            throw .invalidRequest(
                Sentence("the request body could not be encoded: %@", .text("\(error)".terminalSafe), table: .core))
        }
        var headers = headers
        headers["Content-Type"] = "application/json"
        return Self(method: .post, path: path, headers: headers, body: data)
    }

    public static func defaultEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}

/// What came back. Header names are lower-cased.
public struct HTTPResponse: Sendable, Equatable {
    public enum Source: Sendable, Equatable {
        case network
        /// Served from the in-memory cache while `Cache-Control: max-age` said it was fresh.
        case cache
        /// The server answered `304 Not Modified` to our `If-None-Match` or `If-Modified-Since`.
        case revalidated
    }

    public var status: Int
    public var headers: [String: String]
    public var body: Data
    public var source: Source

    public init(status: Int, headers: [String: String] = [:], body: Data = Data(), source: Source = .network) {
        self.status = status
        self.headers = headers
        self.body = body
        self.source = source
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// How long the server says the answer holds, in seconds: `Cache-Control: max-age`, else `Expires` less its
    /// `Date`; nil when it says neither (and for `no-store` or `no-cache`: 0).
    public var freshFor: TimeInterval? {
        let directives = ResponseCache.directives(header("cache-control"))
        if directives["no-store"] != nil || directives["no-cache"] != nil { return 0 }
        return ResponseCache.freshness(directives, headers)
    }
}
