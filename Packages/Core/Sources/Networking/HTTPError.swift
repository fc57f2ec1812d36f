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
    case invalidRequest(Sentence)

    /// A sentence for the user, in English (logs, tests): what failed and, where it helps, what to do.
    public var message: String { sentence.english }

    /// The same, to be said in the user's language (`words(error.sentence)`).
    public var sentence: Sentence {
        switch self {
        case .transport(let host, let failure): failure.sentence(host: host)
        case .status(let error): error.sentence
        case .decoding(let failure): failure.sentence
        case .cancelled: Sentence("The request was cancelled.", table: .core)
        case .invalidRequest(let reason):
            Sentence("The request could not be made: %@.", .sentence(reason), table: .core)
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
    case cannotConnect(ConnectionProblem)
    case timedOut(seconds: Double)
    /// The connection broke before the whole body arrived.
    case connectionLost(ConnectionProblem)
    /// The body was larger than the limit (in bytes) and was not read further.
    case tooLarge(limit: Int)
    case tooManyRedirects
    /// Redirected to a URL of another scheme than http or https (`file://`): never followed.
    case redirectRefused(scheme: String)
    /// The body could not be written where the request asked (`HTTPRequest.bodyFile`): a full disk, a read-only
    /// folder. The reason is the system's, in its words (`No space left on device`).
    case notSaved(String)
    case other(ConnectionProblem)

    func message(host: String) -> String { sentence(host: host).english }

    func sentence(host: String) -> Sentence {
        let host = Sentence.Value.text(host.terminalSafe)
        return switch self {
        case .offline: Sentence("Not connecting to %@: SkyLens runs offline (--offline).", host, table: .core)
        case .cannotConnect(let problem):
            Sentence("Could not connect to %1$@: %2$@.", host, .sentence(problem.sentence), table: .core)
        case .timedOut(let seconds):
            Sentence(
                "%1$@ did not answer within %2$@ s.", host,
                .decimal(seconds, digits: seconds == seconds.rounded() ? 0 : 1), table: .core)
        case .connectionLost(let problem):
            Sentence("The connection to %1$@ broke off: %2$@.", host, .sentence(problem.sentence), table: .core)
        case .tooLarge(let limit) where limit >= 1_048_576:
            Sentence(
                "%1$@ sent more than %2$@ MB; the response was refused.", host, .number(limit / 1_048_576), table: .core
            )
        case .tooLarge(let limit):
            Sentence("%1$@ sent more than %2$@ bytes; the response was refused.", host, .number(limit), table: .core)
        case .tooManyRedirects: Sentence("%@ redirected too many times.", host, table: .core)
        case .redirectRefused(let scheme):
            Sentence(
                "%1$@ redirected to a %2$@: URL, which SkyLens does not follow (only http and https).", host,
                .text(String(scheme.terminalSafe.prefix(20))), table: .core)
        case .notSaved(let reason):
            Sentence("The answer from %1$@ could not be saved: %2$@.", host, .text(reason.terminalSafe), table: .core)
        case .other(let problem):
            Sentence("The request to %1$@ failed: %2$@.", host, .sentence(problem.sentence), table: .core)
        }
    }

}

/// Why a connection failed, as the network library tells it.
public enum ConnectionProblem: Equatable, Sendable {
    case nameNotResolved
    case noAddressReachable
    case refused
    case noRoute
    case closedByServer
    case bodyCutShort
    case responseMalformed
    case connectionFailed
    case exchangeFailed
    case libraryFailed
    /// The system's own words (`strerror`), said as they are.
    case system(String)

    public var sentence: Sentence {
        switch self {
        case .nameNotResolved: Sentence("the host name did not resolve", table: .core)
        case .noAddressReachable: Sentence("no address could be reached", table: .core)
        case .refused: Sentence("connection refused", table: .core)
        case .noRoute: Sentence("no route to the host", table: .core)
        case .closedByServer: Sentence("the server closed the connection", table: .core)
        case .bodyCutShort: Sentence("the body was cut short", table: .core)
        case .responseMalformed: Sentence("the server's response was malformed", table: .core)
        case .connectionFailed: Sentence("the connection failed", table: .core)
        case .exchangeFailed: Sentence("the HTTP exchange failed", table: .core)
        case .libraryFailed: Sentence("the network library failed", table: .core)
        case .system(let reason): .verbatim(reason.terminalSafe)
        }
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
        let text = String(decoding: body.prefix(window), as: UTF8.self).trimmingSpacesAndNewlines
        let safe = TerminalText.sanitize(text)
        return safe.count > maxLength || body.count > window ? String(safe.prefix(maxLength)) + "…" : safe
    }

    /// `Retry-After` in seconds (delta-seconds or an HTTP date), if the server sent one.
    public var retryAfter: Double? {
        guard let value = headers["retry-after"]?.trimmingSpaces else { return nil }
        // delta-seconds: digits only (not "1e300", which no whole-number formatting survives), at most a year.
        if !value.isEmpty, value.utf8.count <= 12, value.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            return min(Double(value) ?? 0, 365 * 86_400)
        }
        guard let date = HTTPDate.secondsSince1970(value) else { return nil }
        return max(0, Double(date) - Date().timeIntervalSince1970)
    }

    public var message: String { sentence.english }

    /// The status and the start of the body (the server's words, as they are): reason phrases are HTTP's own and
    /// stay English, as servers and references write them.
    public var sentence: Sentence {
        let reason = HTTPStatusError.reasonPhrase(code)
        let body = bodyText()
        let host = Sentence.Value.text(host.terminalSafe)
        return body.isEmpty
            ? Sentence("%1$@ answered %2$@ %3$@.", host, .text(String(code)), .text(reason), table: .core)
            : Sentence(
                "%1$@ answered %2$@ %3$@: %4$@", host, .text(String(code)), .text(reason), .text(body), table: .core)
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
    /// What was expected, for the message: "Open-Meteo weather data", from the caller's catalogue.
    public var expected: Sentence
    /// Where in the document and why, from `DecodingError`.
    public var detail: String

    public init(host: String, expected: Sentence, detail: String) {
        self.host = host
        self.expected = expected
        self.detail = detail
    }

    public init(host: String, expected: Sentence, error: any Error) {
        self.init(host: host, expected: expected, detail: DecodingFailure.describe(error))
    }

    public var message: String { sentence.english }

    /// Where the body went wrong (`hourly.time is not a list`) is a path in the document, said as it is.
    public var sentence: Sentence {
        Sentence(
            "%1$@ sent a response that is not valid %2$@: %3$@.", .text(host.terminalSafe), .sentence(expected),
            .text(detail.terminalSafe), table: .core)
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
