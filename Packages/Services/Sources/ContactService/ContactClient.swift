import CoreKit
import Foundation
import Networking

/// Delivers contact messages to the endpoint. Build the live value once, in the App's container.
public struct ContactClient: Sendable {
    /// Where messages go, for messages to the user (`127.0.0.1:8080`); nil when none is configured.
    public var destination: String?
    public var deliver: @Sendable (ContactMessage) async -> DeliveryOutcome

    public init(destination: String?, deliver: @escaping @Sendable (ContactMessage) async -> DeliveryOutcome) {
        self.destination = destination
        self.deliver = deliver
    }
}

extension Sentence.Table {
    /// ContactService's words: why a message could not be delivered yet.
    public static let contact = Self(bundle: "Services_ContactService")
}

extension ContactClient {
    /// POSTs each message as JSON to the client's base URL (`SKYLENS_CONTACT_URL`), with `Idempotency-Key: id`.
    public static func live(http: HTTPClient) -> Self {
        Self(destination: http.host) { message in
            let request: HTTPRequest
            do throws(HTTPError) {
                request = try HTTPRequest.post("", json: message, headers: ["Idempotency-Key": message.id])
            } catch {
                return .rejected(status: 0, reason: error.sentence)
            }
            do throws(HTTPError) {
                let response = try await http.send(request)
                return .delivered(status: response.status)
            } catch {
                switch error {
                case .status(let status) where (300..<400).contains(status.code):
                    // Not followed: a redirected POST would lose its body. The message waits for a fixed URL.
                    let host = Sentence.Value.text(http.host.terminalSafe)
                    let code = Sentence.Value.text(String(status.code))
                    let reason =
                        status.headers["location"].map {
                            Sentence(
                                "%1$@ redirects the message to %2$@ (%3$@); set SKYLENS_CONTACT_URL to the final address.",
                                host, .text($0.terminalSafe), code, table: .contact)
                        }
                        ?? Sentence(
                            "%1$@ redirects the message (%2$@); set SKYLENS_CONTACT_URL to the final address.", host,
                            code, table: .contact)
                    return .retryLater(reason: reason, retryAfter: nil)
                case .status(let status) where !error.isTransient:
                    return .rejected(status: status.code, reason: .verbatim(serverReason(status)))
                case .status(let status):
                    return .retryLater(reason: error.sentence, retryAfter: status.retryAfter)
                case .cancelled:
                    return .retryLater(
                        reason: Sentence("the delivery was interrupted", table: .contact), retryAfter: nil)
                default:
                    return .retryLater(reason: error.sentence, retryAfter: nil)
                }
            }
        }
    }

    /// No endpoint: every message stays in the outbox (the simulated submission).
    public static let unconfigured = Self(destination: nil) { _ in .notConfigured }

    /// Always answers with `outcome`, for tests.
    public static func answering(_ outcome: DeliveryOutcome, destination: String = "test") -> Self {
        Self(destination: destination) { _ in outcome }
    }

    /// What the server said about a rejected message: a JSON `error`/`message`/`detail`/`reason`, or its text.
    static func serverReason(_ status: HTTPStatusError) -> String {
        if let object = try? JSONSerialization.jsonObject(with: status.body) as? [String: Any] {
            for key in ["error", "message", "detail", "reason", "title"] {
                if let text = object[key] as? String, !text.isEmpty {
                    return "\(status.code): \(limit(text.terminalSafe))"
                }
                if let nested = object[key] as? [String: Any], let text = nested["message"] as? String {
                    return "\(status.code): \(limit(text.terminalSafe))"
                }
            }
        }
        let text = status.bodyText()
        return text.isEmpty ? "\(status.code) \(HTTPStatusError.reasonPhrase(status.code))" : "\(status.code): \(text)"
    }

    private static func limit(_ text: String) -> String {
        text.count > 200 ? String(text.prefix(200)) + "…" : text
    }
}
