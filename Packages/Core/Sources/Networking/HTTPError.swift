import CoreKit
import Foundation

/// Why a request failed: the transport, the server's status, or the body's shape, kept apart.
public enum HTTPError: Error, Equatable, Sendable {
    /// Nothing usable came back from `host`.
    case transport(host: String, TransportFailure)
    /// The server answered with a status outside 2xx.
    case status(HTTPStatusError)
    /// The body arrived but is not what was expected.
    case decoding(DecodingFailure)
    /// The caller (Ctrl-C, a cancelled task) gave up.
    case cancelled
    /// The request could not be built (a bad base URL, an unencodable body).
    case invalidRequest(String)

    /// A sentence for the user: what failed and, where it helps, what to do.
    public var message: String {
        switch self {
        case .transport(let host, let failure): failure.message(host: host)
        case .status(let error): error.message
        case .decoding(let failure): failure.message
        case .cancelled: "The request was cancelled."
        case .invalidRequest(let reason): "The request could not be made: \(reason)."
        }
    }

    /// Worth trying again later: no connection, a timeout, 408, 429 or a 5xx.
    public var isTransient: Bool {
        switch self {
        case .transport(_, let failure):
            switch failure {
            case .tooLarge, .tooManyRedirects, .notSaved: false
            default: true
            }
        case .status(let error): error.code == 408 || error.code == 429 || error.code >= 500
        case .decoding, .cancelled, .invalidRequest: false
        }
    }
}

public enum TransportFailure: Equatable, Sendable {
    /// The App runs with `--offline`.
    case offline
    /// The connection was refused, the name did not resolve, the network is unreachable.
    case cannotConnect(String)
    case timedOut(seconds: Double)
    /// The connection broke before the whole body arrived.
    case connectionLost(String)
    /// The body was larger than the limit (in bytes) and was not read further.
    case tooLarge(limit: Int)
    case tooManyRedirects
    /// Redirected to a URL of another scheme than http or https (`file://`): never followed.
    case redirectRefused(scheme: String)
    /// The body could not be written where the request asked (`HTTPRequest.bodyFile`): a full disk, a read-only
    /// folder. The reason is the system's, in its words (`No space left on device`).
    case notSaved(String)
    case other(String)

    func message(host: String) -> String {
        let host = host.terminalSafe
        return switch self {
        case .offline: "Not connecting to \(host): SkyLens runs offline (--offline)."
        case .cannotConnect(let detail): "Could not connect to \(host): \(detail.terminalSafe)."
        case .timedOut(let seconds): "\(host) did not answer within \(Self.format(seconds)) s."
        case .connectionLost(let detail): "The connection to \(host) broke off: \(detail.terminalSafe)."
        case .tooLarge(let limit):
            "\(host) sent more than \(limit / 1_048_576 > 0 ? "\(limit / 1_048_576) MB" : "\(limit) bytes"); the response was refused."
        case .tooManyRedirects: "\(host) redirected too many times."
        case .redirectRefused(let scheme):
            "\(host) redirected to a \(String(scheme.terminalSafe.prefix(20))): URL, which SkyLens does not follow (only http and https)."
        case .notSaved(let reason): "The answer from \(host) could not be saved: \(reason.terminalSafe)."
        case .other(let detail): "The request to \(host) failed: \(detail.terminalSafe)."
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }
}

/// A non-2xx answer, with (the start of) its body.
public struct HTTPStatusError: Equatable, Sendable {
    public static let bodyLimit = 64 * 1024

    public var host: String
    public var code: Int
    public var headers: [String: String]
    /// At most `bodyLimit` bytes of the body.
    public var body: Data

    public init(host: String, code: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.host = host
        self.code = code
        self.headers = headers
        self.body = body.count > Self.bodyLimit ? body.prefix(Self.bodyLimit) : body
    }

    /// The body as text, made safe for a terminal and cut to `maxLength` characters.
    public func bodyText(maxLength: Int = 200) -> String {
        // Only the start is read: a body of megabytes is not decoded and cleaned whole for a one-line preview.
        let window = maxLength * 8 + 64
        let text = String(decoding: body.prefix(window), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let safe = TerminalText.sanitize(text)
        return safe.count > maxLength || body.count > window ? String(safe.prefix(maxLength)) + "…" : safe
    }

    /// `Retry-After` in seconds (delta-seconds or an HTTP date), if the server sent one.
    public var retryAfter: Double? {
        guard let value = headers["retry-after"]?.trimmingCharacters(in: .whitespaces) else { return nil }
        // delta-seconds: digits only (not "1e300", which no whole-number formatting survives), at most a year.
        if !value.isEmpty, value.utf8.count <= 12, value.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            return min(Double(value) ?? 0, 365 * 86_400)
        }
        guard let date = HTTPDate.secondsSince1970(value) else { return nil }
        return max(0, Double(date) - Date().timeIntervalSince1970)
    }

    public var message: String {
        let reason = HTTPStatusError.reasonPhrase(code)
        let body = bodyText()
        let host = host.terminalSafe
        return body.isEmpty
            ? "\(host) answered \(code) \(reason)."
            : "\(host) answered \(code) \(reason): \(body)"
    }

    public static func reasonPhrase(_ code: Int) -> String {
        switch code {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 413: "Payload Too Large"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: HTTPURLResponseReason.generic(code)
        }
    }
}

private enum HTTPURLResponseReason {
    static func generic(_ code: Int) -> String {
        switch code {
        case 300..<400: "Redirect"
        case 400..<500: "Client Error"
        case 500..<600: "Server Error"
        default: "Status"
        }
    }
}

/// The body could not be decoded into the expected type.
public struct DecodingFailure: Equatable, Sendable {
    public var host: String
    /// What was expected, for the message: "weather data", "a JSON object".
    public var expected: String
    /// Where in the document and why, from `DecodingError`.
    public var detail: String

    public init(host: String, expected: String, detail: String) {
        self.host = host
        self.expected = expected
        self.detail = detail
    }

    public init(host: String, expected: String, error: any Error) {
        self.init(host: host, expected: expected, detail: DecodingFailure.describe(error))
    }

    public var message: String {
        "\(host.terminalSafe) sent a response that is not valid \(expected): \(detail.terminalSafe)."
    }

    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String {
            let path = context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
                .joined()
            return path.isEmpty ? "the document" : String(path.drop(while: { $0 == "." }))
        }
        /// `Dictionary<String, Any>` → "an object": words, not Swift types.
        func kind(_ type: Any.Type) -> String {
            let name = String(describing: type)
            if name.hasPrefix("Dictionary") { return "an object" }
            if name.hasPrefix("Array") { return "a list" }
            if ["Double", "Float", "Int", "Int64", "Int32", "UInt32", "Decimal"].contains(name) { return "a number" }
            if name == "String" { return "text" }
            if name == "Bool" { return "true or false" }
            return "a \(name)"
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(path(context)) is not \(kind(type))"
        case .valueNotFound(let type, let context):
            return "\(path(context)) is missing (expected \(kind(type)))"
        case .keyNotFound(let key, let context):
            let parent = context.codingPath.isEmpty ? "" : " in \(path(context))"
            return "\"\(key.stringValue)\" is missing\(parent)"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "it is not JSON" : "\(path(context)) is malformed"
        @unknown default:
            return "\(error)"
        }
    }
}
