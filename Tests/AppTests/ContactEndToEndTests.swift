import Foundation
import Synchronization
import TestSupport
import Testing

/// A contact endpoint that fails the first `failures` requests with 503, then accepts, and counts messages by
/// their Idempotency-Key as an idempotent server would.
final class ContactEndpoint: Sendable {
    private final class Tally: Sendable {
        let attempts = Mutex(0)
        let accepted = Mutex<[String: Int]>([:])
    }

    let server: LoopbackServer
    private let tally = Tally()

    init(failures: Int = 0) throws {
        let tally = self.tally
        server = try LoopbackServer { request in
            let attempt = tally.attempts.withLock {
                $0 += 1; return $0
            }
            if attempt <= failures { return .respond(.text("maintenance", status: 503)) }
            guard let key = request.header("idempotency-key"),
                let body = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any],
                body["id"] as? String == key
            else { return .respond(.json(#"{"error":"missing idempotency key"}"#, status: 400)) }
            tally.accepted.withLock { $0[key, default: 0] += 1 }
            return .respond(.json(#"{"ok":true}"#, status: 201))
        }
    }

    var url: String { server.baseURL.appendingPathComponent("messages").absoluteString }
    var deliveries: [String: Int] { tally.accepted.withLock { $0 } }
}

func outboxStates(_ runner: ProcessRunner) throws -> [String] {
    let result = try runner.run(["--format", "json", "contact", "outbox"])
    let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    return ((document?["messages"] as? [[String: Any]]) ?? []).compactMap { $0["state"] as? String }
}

@Suite(.serialized) struct ContactEndToEndTests {
    let send = [
        "contact", "send", "--name", "Ann", "--email", "ann@example.org", "--subject", "Hi", "--message",
        "Hello there, team",
    ]

    @Test func oneShotSendWithoutAnEndpointKeepsTheMessageAndSaysWhere() throws {
        let home = try TemporaryDirectory()
        let result = try AppBinary.runner(home: home).run(["--"] + send)
        #expect(result.status == 0)
        #expect(result.stdout.contains("Saved in the outbox (\(home.path)/skylens.sqlite) as message "))
        #expect(result.stdout.contains("no contact endpoint is configured (set SKYLENS_CONTACT_URL)"))
        #expect(try outboxStates(AppBinary.runner(home: home)) == ["queued"])
    }

    @Test func oneShotSendWithABadEmailExits65AndNamesTheField() throws {
        let home = try TemporaryDirectory()
        var words = send
        words[5] = "ann@"
        let result = try AppBinary.runner(home: home).run(["--"] + words)
        #expect(result.status == 65)
        #expect(result.stderr.contains("email: needs a domain after the @"))
        #expect(result.stdout.isEmpty)
        #expect(try outboxStates(AppBinary.runner(home: home)).isEmpty)
    }

    @Test func jsonSendReportsTheMessageState() throws {
        let home = try TemporaryDirectory()
        let endpoint = try ContactEndpoint()
        let result = try AppBinary.runner(home: home, environment: ["SKYLENS_CONTACT_URL": endpoint.url]).run(
            ["--format", "json"] + send)
        #expect(result.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(document["state"] as? String == "sent")
        #expect(endpoint.deliveries.values.reduce(0, +) == 1)
        #expect(endpoint.deliveries.keys.first == document["id"] as? String)
    }

    @Test func thePipedFormAsksEveryFieldAndSubmits() throws {
        let home = try TemporaryDirectory()
        let endpoint = try ContactEndpoint()
        let script = """
            contact
            Ann
            ann@
            +1 555 123 4567
            Hi there
            Hello there,
            team.
            .
            submit
            edit email ann@example.org
            submit
            contact outbox
            quit

            """
        let result = try AppBinary.runner(home: home, environment: ["SKYLENS_CONTACT_URL": endpoint.url]).run(
            [], stdin: script)
        #expect(result.stdout.contains("✗ Email:   ann@"))
        #expect(result.stderr.contains("email: needs a domain after the @"))
        #expect(result.stdout.contains("Sent to 127.0.0.1:\(endpoint.server.port)."))
        #expect(result.stdout.contains("Outbox: 1 sent"))
        #expect(endpoint.deliveries.count == 1)
        let body = try #require(endpoint.server.requests.last.map(\.body))
        let message = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect(message["message"] as? String == "Hello there,\nteam.")
        #expect(message["phone"] as? String == "+1 555 123 4567")
    }

    @Test func aServerThatFailsThenAcceptsReceivesTheMessageExactlyOnce() throws {
        let home = try TemporaryDirectory()
        let endpoint = try ContactEndpoint(failures: 2)
        let runner = AppBinary.runner(home: home, environment: ["SKYLENS_CONTACT_URL": endpoint.url])
        let first = try runner.run(["--"] + send)
        #expect(first.status == 0)
        #expect(
            first.stdout.contains(
                "not delivered yet: 127.0.0.1:\(endpoint.server.port) answered 503 Service Unavailable: maintenance"))
        let second = try runner.run(["--", "contact", "retry"])
        #expect(second.status == 75)  // worth trying again
        #expect(second.stderr.contains("Delivered 0 of 1 attempted. Stopped:"))
        let third = try runner.run(["--", "contact", "retry"])
        #expect(third.status == 0)
        #expect(third.stdout.contains("Delivered 1 of 1 attempted."))
        let fourth = try runner.run(["--", "contact", "retry"])
        #expect(fourth.stdout.contains("Nothing to deliver: no message is queued."))
        #expect(endpoint.deliveries.count == 1 && endpoint.deliveries.values.first == 1)
        #expect(try outboxStates(runner) == ["sent"])
    }

    @Test func messagesQueuedByAKilledSessionAreDeliveredOnceAServerAccepts() throws {
        let home = try TemporaryDirectory()
        // A session with an endpoint that refuses connections: every message stays queued.
        let refused = "http://127.0.0.1:\(closedLoopbackPort())/messages"
        let session = try AppBinary.runner(home: home, environment: ["SKYLENS_CONTACT_URL": refused]).start([])
        for subject in ["One", "Two", "Three"] {
            session.write(
                "contact send --name Ann --email ann@example.org --subject \(subject) --message 'Hello there, team'\n")
        }
        #expect(session.waitForOutput { $0.components(separatedBy: "Saved in the outbox").count == 4 })
        session.kill()
        let killed = session.wait()
        #expect(killed.signalled)

        let endpoint = try ContactEndpoint()
        let runner = AppBinary.runner(home: home, environment: ["SKYLENS_CONTACT_URL": endpoint.url])
        #expect(try outboxStates(runner) == ["queued", "queued", "queued"])
        let retry = try runner.run(["--", "contact", "retry"])
        #expect(retry.stdout.contains("Delivered 3 of 3 attempted."))
        #expect(endpoint.deliveries.count == 3 && endpoint.deliveries.values.allSatisfy { $0 == 1 })
        #expect(try outboxStates(runner) == ["sent", "sent", "sent"])
    }

    @Test func aNewSessionDeliversWhatWaitedForAnEndpoint() throws {
        let home = try TemporaryDirectory()
        _ = try AppBinary.runner(home: home).run(["--"] + send)
        let endpoint = try ContactEndpoint()
        // The session delivers due messages in the background as it starts, and finishes before it exits.
        let result = try AppBinary.runner(home: home, environment: ["SKYLENS_CONTACT_URL": endpoint.url]).run(
            [], stdin: "about\n")
        #expect(result.status == 0)
        #expect(endpoint.deliveries.count == 1)
        #expect(try outboxStates(AppBinary.runner(home: home)) == ["sent"])
    }

    @Test func oneShotContactKeepsReadingUntilTheFormIsSubmitted() throws {
        let home = try TemporaryDirectory()
        let script = "Ann\nann@\n\nHi\nHello there, team\n.\nedit email ann@example.org\nsubmit\nabout\n"
        let result = try AppBinary.runner(home: home).run(["--", "contact"], stdin: script)
        #expect(result.status == 0)
        #expect(result.stdout.contains("Saved in the outbox"))
        // Back at the start, the one-shot run ends: the line after `submit` is not run.
        #expect(!result.stdout.contains("SkyLens 0.1.0"))
        #expect(try outboxStates(AppBinary.runner(home: home)) == ["queued"])
    }
}
