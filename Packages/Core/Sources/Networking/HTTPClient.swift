import CoreKit
import Foundation
import Logging

/// A client for one server: a base URL and default headers over the shared `HTTPTransport`.
///
/// `send` returns 2xx responses and throws `HTTPError.status` for every other status, with the body, so callers
/// can read a server's reason. `send(_:decoding:)` also decodes JSON and throws `HTTPError.decoding` when the body
/// has the wrong shape.
public struct HTTPClient: Sendable {
    public let baseURL: URL
    public var defaultHeaders: [String: String]
    let transport: HTTPTransport

    public init(baseURL: URL, defaultHeaders: [String: String] = [:], transport: HTTPTransport) {
        self.baseURL = baseURL
        self.defaultHeaders = defaultHeaders
        self.transport = transport
    }

    /// The host as shown in messages: `api.open-meteo.com`, or `127.0.0.1:8080` when a port is set.
    public var host: String {
        let host = baseURL.host ?? baseURL.absoluteString
        return baseURL.port.map { "\(host):\($0)" } ?? host
    }

    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        let prepared = try prepare(request)
        let key = prepared.url.absoluteString
        // A body written to a file is the caller's: never kept in the cache.
        let cacheable = request.method == .get && request.bodyFile == nil
        var conditional = prepared
        if cacheable {
            switch transport.cache.lookup(key) {
            case .fresh(let response):
                transport.logger.debug("HTTP cache hit", metadata: ["url": "\(redacted(request))"])
                return response
            case .revalidate(let headers):
                for (name, value) in headers { conditional.setHeader(name, value) }
            case .miss:
                break
            }
        }
        let started = ContinuousClock.now
        transport.logger.debug(
            "HTTP request", metadata: ["method": "\(request.method.rawValue)", "url": "\(redacted(request))"])
        let response: HTTPResponse
        do {
            response = try await transport.perform(
                conditional, host: host, timeout: request.timeout, maxBodyBytes: request.maxBodyBytes,
                bodyFile: request.bodyFile)
        } catch {
            transport.logger.info(
                "HTTP request failed", metadata: ["url": "\(redacted(request))", "error": "\(error.message)"])
            throw error
        }
        transport.logger.debug(
            "HTTP response",
            metadata: [
                "url": "\(redacted(request))", "status": "\(response.status)",
                "bytes": "\(response.body.count)", "elapsed": "\(ContinuousClock.now - started)",
            ])
        if cacheable, response.status == 304, let cached = transport.cache.revalidated(key, headers: response.headers) {
            return cached
        }
        guard (200..<300).contains(response.status) else {
            if cacheable { transport.cache.remove(key) }
            throw .status(
                HTTPStatusError(host: host, code: response.status, headers: response.headers, body: response.body))
        }
        if cacheable { transport.cache.store(key, response) }
        return response
    }

    /// Sends `request` and decodes its JSON body as `T`.
    public func send<T: Decodable>(
        _ request: HTTPRequest, decoding type: T.Type, expected: Sentence = .verbatim("JSON"),
        decoder: JSONDecoder = JSONDecoder()
    ) async throws(HTTPError) -> T {
        let response = try await send(request)
        do {
            return try decoder.decode(T.self, from: response.body)
        } catch {
            throw .decoding(DecodingFailure(host: host, expected: expected, error: error))
        }
    }

    func prepare(_ request: HTTPRequest) throws(HTTPError) -> PreparedRequest {
        guard let url = url(for: request) else {
            throw .invalidRequest(
                Sentence(
                    "%1$@ and %2$@ do not form a URL", .text(baseURL.absoluteString.terminalSafeDescription),
                    .text(request.path.terminalSafe), table: .core))
        }
        var prepared = PreparedRequest(url: url, method: request.method.rawValue, body: request.body)
        for (name, value) in defaultHeaders.merging(request.headers, uniquingKeysWith: { $1 }) {
            prepared.setHeader(name, value)
        }
        if prepared.header("Accept") == nil { prepared.setHeader("Accept", "application/json") }
        return prepared
    }

    /// The base URL with the request's path appended (the base exactly as configured when the path is empty) and
    /// its query. With `redactingSecrets`, credentials and every query value that could hold a key become `***`.
    func url(for request: HTTPRequest, redactingSecrets: Bool = false) -> URL? {
        var base = baseURL.absoluteString
        if !request.path.isEmpty {
            while base.hasSuffix("/") { base.removeLast() }
            base += request.path.hasPrefix("/") ? request.path : "/" + request.path
        }
        guard var components = URLComponents(string: base) else { return nil }
        if redactingSecrets {
            if components.user != nil { components.user = "***" }
            if components.password != nil { components.password = "***" }
            components.queryItems = components.queryItems?.map { URLQueryItem(name: $0.name, value: "***") }
        }
        if !request.query.isEmpty {
            components.queryItems =
                (components.queryItems ?? [])
                + request.query.map {
                    URLQueryItem(name: $0.name, value: redactingSecrets && $0.isSecret ? "***" : $0.value)
                }
        }
        return components.url
    }

    /// The URL with credentials, the base URL's query values and secret query items replaced by `***`: the only
    /// form that reaches a log.
    func redacted(_ request: HTTPRequest) -> String {
        url(for: request, redactingSecrets: true)?.absoluteString ?? request.path
    }
}

extension String {
    fileprivate var terminalSafeDescription: String { "\"\(self.terminalSafe)\"" }
}
