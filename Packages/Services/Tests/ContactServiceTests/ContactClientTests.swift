import ContactService
import CoreKit
import Diagnostics
import Foundation
import NIOTransport
import Networking
import TestSupport
import Testing

@Suite struct ContactClientTests {
    let message = ContactMessage(
        id: "3F2504E0-4F89-11D3-9A0C-0305E82C3301", name: "Ann", email: "ann@example.org", phone: nil, subject: "Hi",
        message: "Hello there, team", createdAt: Date(timeIntervalSince1970: 1_795_000_000))

    func client(_ server: LoopbackServer, timeout: Duration = .seconds(5)) -> ContactClient {
        let transport = HTTPTransport(
            engine: NIOHTTPEngine(),
            configuration: .init(timeout: timeout), logger: InMemoryLog().logger(), now: { Date() })
        return .live(http: HTTPClient(baseURL: server.baseURL.appendingPathComponent("contact"), transport: transport))
    }

    @Test func postsTheMessageAsJSONWithAnIdempotencyKey() async throws {
        let server = try LoopbackServer(always: .json(#"{"ok":true}"#, status: 201))
        #expect(await client(server).deliver(message) == .delivered(status: 201))
        let request = try #require(server.requests.first)
        #expect(request.method == "POST" && request.path == "/contact")
        #expect(request.header("idempotency-key") == message.id)
        #expect(request.header("content-type") == "application/json")
        let body = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
        #expect(Set(body.keys) == ["id", "name", "email", "phone", "subject", "message", "createdAt"])
        #expect(body["phone"] is NSNull)
        #expect(body["createdAt"] as? String == "2026-11-18T11:06:40Z")
    }

    @Test func serverErrorsAndRateLimitsAreRetriedLater() async throws {
        let busy = try LoopbackServer(always: .text("busy", status: 429, headers: [("Retry-After", "30")]))
        guard case .retryLater(_, let retryAfter) = await client(busy).deliver(message) else {
            Issue.record("429 should be retried"); return
        }
        #expect(retryAfter == 30)
        let broken = try LoopbackServer(always: .text("oops", status: 500))
        guard case .retryLater(let reason, nil) = await client(broken).deliver(message) else {
            Issue.record("500 should be retried"); return
        }
        #expect(reason.english.contains("500 Internal Server Error"))
    }

    @Test func otherClientErrorsAreRejectedWithTheServersReason() async throws {
        let server = try LoopbackServer(always: .json(#"{"error":"email domain not accepted"}"#, status: 422))
        #expect(
            await client(server).deliver(message) == .rejected(status: 422, reason: "422: email domain not accepted"))
        let plain = try LoopbackServer(always: .text("no \u{1B}[31mthanks", status: 403))
        #expect(await client(plain).deliver(message) == .rejected(status: 403, reason: "403: no thanks"))
    }

    @Test func noConnectionOrTimeoutIsRetriedLater() async throws {
        let refused = ContactClient.live(
            http: HTTPClient(
                baseURL: URL(string: "http://127.0.0.1:\(closedLoopbackPort())")!,
                transport: HTTPTransport(engine: NIOHTTPEngine(), logger: InMemoryLog().logger(), now: { Date() })))
        guard case .retryLater(let reason, _) = await refused.deliver(message) else {
            Issue.record("expected retry"); return
        }
        #expect(reason.english.contains("Could not connect to 127.0.0.1"))
        let silent = try LoopbackServer { _ in .hang }
        defer { silent.stop() }
        guard case .retryLater(let timeout, _) = await client(silent, timeout: .milliseconds(300)).deliver(message)
        else {
            Issue.record("expected retry"); return
        }
        #expect(timeout.english.contains("did not answer within 0.3 s"))
    }
}
