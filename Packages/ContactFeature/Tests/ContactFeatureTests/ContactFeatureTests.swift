import Architecture
import CommandShell
import ContactService
import CoreKit
import Diagnostics
import Foundation
import Localization
import NIOTransport
import Networking
import ShellTesting
import Synchronization
import TestSupport
import Testing

@testable import ContactFeature

/// A fixed clock that tests move by hand.
final class TestClock: Sendable {
    private let time = Mutex(Date(timeIntervalSince1970: 1_795_000_000))
    var now: Date { time.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { time.withLock { $0 += seconds } }
}

final class Counter: Sendable {
    private let value = Mutex(0)
    func next() -> String {
        value.withLock {
            $0 += 1; return "MSG-\($0)"
        }
    }
}

@MainActor
struct Harness {
    let shell: Shell
    let output: CapturedOutput
    let outbox: OutboxClient
    let clock: TestClock
    let plugin: ContactPlugin
    let harness: ShellHarness

    init(
        client: ContactClient, input: [String] = [], format: OutputFormat = .text, outbox: OutboxClient = .inMemory(),
        clock: TestClock = TestClock(), terminal: TerminalInfo = .plain, language: Language = .english
    ) {
        let counter = Counter()
        let plugin = ContactPlugin(
            client: client, outbox: outbox, logger: InMemoryLog().logger(), requestTimeout: .seconds(10),
            now: { clock.now }, makeID: { counter.next() })
        let harness = ShellHarness(
            plugins: [plugin], format: format, terminal: terminal, input: input, language: language)
        self.harness = harness
        shell = harness.shell
        output = harness.output
        self.outbox = outbox
        self.clock = clock
        self.plugin = plugin
    }

    func run(_ line: String) async -> Shell.Outcome { await shell.execute(line: line) }

    func states() async throws -> [String] {
        try await outbox.all(1_000)
            .sorted { ($0.message.createdAt, $0.message.id) < ($1.message.createdAt, $1.message.id) }
            .map(\.state.rawValue)
    }
}

func liveClient(_ server: LoopbackServer, timeout: Duration = .seconds(5)) -> ContactClient {
    .live(
        http: HTTPClient(
            baseURL: server.baseURL.appendingPathComponent("messages"),
            transport: HTTPTransport(
                engine: NIOHTTPEngine(),
                configuration: .init(timeout: timeout), logger: InMemoryLog().logger(), now: { Date() })))
}

@MainActor @Suite struct ContactFormTests {
    @Test func theFormAsksEveryFieldThenShowsEveryProblemAtOnce() async throws {
        let harness = Harness(client: .unconfigured, input: ["Ann", "ann@", "", "Hi", "Hello", ".", ""])
        #expect(await harness.run("contact") == .completed(status: 0))
        #expect(harness.shell.prompt == "skylens contact> ")
        Golden.assertMatches(harness.output.stdout, named: "form-with-problems")
        #expect(await harness.run("submit") == .completed(status: 65))
        #expect(harness.output.stderr.contains("email: needs a domain after the @"))
        #expect(harness.output.stderr.contains("message: must be at least 10 characters (it has 5)"))
        #expect(try await harness.states().isEmpty)
    }

    @Test func editFixesAFieldAndSubmitQueuesTheMessage() async throws {
        let harness = Harness(
            client: .unconfigured,
            input: ["Ann", "ann@", "", "Hi", "Hello there,", "team", ".", "Hello there, team", "."])
        _ = await harness.run("contact")
        _ = await harness.run("edit email ann@example.org")
        _ = await harness.run("edit message")
        #expect(harness.output.stdout.contains("Ready to send."))
        #expect(await harness.run("submit") == .completed(status: 0))
        #expect(
            harness.output.stdout.unwrapped.contains(
                "Saved in the outbox (memory) as message MSG-1, not sent: no contact endpoint is configured"))
        #expect(harness.shell.prompt == "skylens> ")
        #expect(try await harness.states() == ["queued"])
    }

    @Test func backKeepsTheDraftForTheNextContact() async throws {
        let harness = Harness(client: .unconfigured, input: ["Ann", "ann@", "", "Hi", "Hello there, team", "."])
        _ = await harness.run("contact")
        _ = await harness.run("back")
        #expect(harness.shell.isAtStart)
        #expect(await harness.run("contact") == .completed(status: 0))
        #expect(harness.output.stdout.contains("Your unsent message, as you left it"))
        _ = await harness.run("edit email ann@example.org")
        #expect(await harness.run("submit") == .completed(status: 0))
        #expect(try await harness.states() == ["queued"])
    }

    @Test func theReviewInColourGolden() async throws {
        let harness = Harness(
            client: .unconfigured, input: ["Ann", "ann@", "", "Hi", "Hello", "."],
            terminal: TerminalInfo(isInteractive: false, colorEnabled: true))
        _ = await harness.run("contact")
        Golden.assertMatches(harness.output.stdout, named: "form-with-problems-ansi")
    }

    @Test func multiLineMessagesKeepTheirLinesAndDoubleDotIsADot() async throws {
        let harness = Harness(
            client: .unconfigured,
            input: ["Ann", "ann@example.org", "+1 555 123 4567", "Hi", "First line", "..", "Third line", "."])
        _ = await harness.run("contact")
        Golden.assertMatches(harness.output.stdout, named: "form-ready")
    }

    @Test func cancelDiscardsAndEndOfInputClosesTheForm() async throws {
        let harness = Harness(
            client: .unconfigured, input: ["Ann", "ann@example.org", "", "Hi", "Hello there, team", "."])
        _ = await harness.run("contact")
        #expect(await harness.run("cancel") == .completed(status: 0))
        #expect(harness.output.stdout.contains("Discarded; nothing was sent."))
        #expect(harness.shell.isAtStart)
        // The input is used up: the next form cannot be completed and says so.
        #expect(await harness.run("contact") == .completed(status: 1))
        #expect(harness.output.stderr.contains("input ended before the form was complete"))
        #expect(harness.shell.isAtStart)
        #expect(try await harness.states().isEmpty)
    }

    @Test func editNamesUnknownFields() async throws {
        let harness = Harness(
            client: .unconfigured, input: ["Ann", "ann@example.org", "", "Hi", "Hello there, team", "."])
        _ = await harness.run("contact")
        #expect(await harness.run("edit emial x@y.org") == .completed(status: 64))
        #expect(harness.output.stderr.contains("There is no field 'emial'. Did you mean 'email'?"))
        #expect(await harness.run("submit x") == .completed(status: 64))
    }
}

@MainActor @Suite struct ContactSendTests {
    let sendLine = #"contact send --name Ann --email ann@example.org --subject Hi --message "Hello there, team""#

    @Test func aValidMessageIsDeliveredWithItsIdAsIdempotencyKey() async throws {
        let server = try LoopbackServer(always: .json(#"{"ok":true}"#, status: 202))
        let harness = Harness(client: liveClient(server))
        #expect(await harness.run(sendLine) == .completed(status: 0))
        #expect(harness.output.stdout.contains("Sent to 127.0.0.1:\(server.port). Message MSG-1 is recorded as sent"))
        #expect(server.requests.count == 1)
        #expect(server.requests[0].header("idempotency-key") == "MSG-1")
        #expect(try await harness.states() == ["sent"])
    }

    @Test func anInvalidEmailExits65AndNamesTheField() async throws {
        let harness = Harness(client: .unconfigured)
        #expect(
            await harness.run(sendLine.replacingOccurrences(of: "ann@example.org", with: "ann@"))
                == .completed(status: 65))
        #expect(harness.output.stderr.contains("email: needs a domain after the @"))
        #expect(try await harness.states().isEmpty)
    }

    @Test func jsonErrorsCarryEveryFieldProblem() async throws {
        let harness = Harness(client: .unconfigured, format: .json)
        _ = await harness.run(#"contact send --name "" --email a@b --subject Hi --message short"#)
        let document =
            try JSONSerialization.jsonObject(with: Data(harness.output.stdout.utf8)) as? [String: Any]
        let error = try #require(document?["error"] as? [String: Any])
        #expect(error["code"] as? String == "validation")
        #expect((error["details"] as? [String: String])?.keys.sorted() == ["email", "message", "name"])
    }

    @Test func aMissingOptionIsAUsageError() async throws {
        let harness = Harness(client: .unconfigured)
        #expect(await harness.run("contact send --name Ann") == .completed(status: 64))
        #expect(harness.output.stderr.contains("Missing --email"))
    }

    @Test func aRefusedMessageIsMarkedFailedWithTheServersReason() async throws {
        let server = try LoopbackServer(always: .json(#"{"error":"spam suspected"}"#, status: 422))
        let harness = Harness(client: liveClient(server))
        #expect(await harness.run(sendLine) == .completed(status: 1))
        #expect(harness.output.stderr.contains("The server refused message MSG-1: 422: spam suspected"))
        #expect(try await harness.states() == ["failed"])
        _ = await harness.run("contact outbox")
        #expect(harness.output.stdout.contains("refused: 422: spam suspected"))
    }

    @Test func aServerThatFailsThenAcceptsGetsTheMessageExactlyOnce() async throws {
        let accepted = Mutex<[String: Int]>([:])
        let attempts = Mutex(0)
        let server = try LoopbackServer { request in
            let attempt = attempts.withLock {
                $0 += 1; return $0
            }
            if attempt <= 2 { return .respond(.text("try later", status: 503)) }
            // An idempotent endpoint: a repeated key is acknowledged, not stored again.
            let key = request.header("idempotency-key") ?? "?"
            accepted.withLock { $0[key, default: 0] += 1 }
            return .respond(.json(#"{"ok":true}"#, status: 201))
        }
        let clock = TestClock()
        let harness = Harness(client: liveClient(server), clock: clock)
        #expect(await harness.run(sendLine) == .completed(status: 0))
        #expect(
            harness.output.stdout.unwrapped.contains(
                "not delivered yet: 127.0.0.1:\(server.port) answered 503 Service Unavailable: try later"))
        #expect(harness.output.stdout.unwrapped.contains("retried in 30 s"))
        // Not due yet (next try in 30 s): a session start leaves it alone.
        await harness.shell.startSession()
        await harness.shell.endSession()
        #expect(server.requests.count == 1)
        // `contact retry` tries at once, whatever the backoff: the second 503.
        #expect(await harness.run("contact retry") == .completed(status: 75))
        #expect(server.requests.count == 2)
        #expect(try await harness.states() == ["queued"])
        // Once due, a session start delivers it.
        clock.advance(3_600)
        await harness.shell.startSession()
        await harness.shell.endSession()
        #expect(server.requests.count == 3)
        _ = await harness.run("contact retry")
        #expect(harness.output.stdout.contains("Nothing to deliver"))
        #expect(accepted.withLock { $0 } == ["MSG-1": 1])
        #expect(try await harness.states() == ["sent"])
        #expect(Set(server.requests.map { $0.header("idempotency-key") }) == ["MSG-1"])
    }
}

@MainActor @Suite struct OutboxTests {
    @Test func outboxViewListsEveryStateGolden() async throws {
        let clock = TestClock()
        let harness = Harness(
            client: .answering(
                .retryLater(reason: "example.org answered 503: \u{1B}]0;pwned\u{07}down\u{1B}[2J", retryAfter: nil)),
            clock: clock)
        _ = await harness.run(
            #"contact send --name Ann --email ann@example.org --subject "First try" --message "Hello there, team""#)
        clock.advance(60)
        _ = await harness.run(
            #"contact send --name Bob --email bob@example.org --subject "Second" --message "Hello there, team""#)
        harness.output.standardOutput("--- outbox ---\n")
        _ = await harness.run("contact outbox")
        let outbox = harness.output.stdout.components(separatedBy: "--- outbox ---\n").last ?? ""
        Golden.assertMatches(outbox, named: "outbox")
        #expect(!harness.output.stdout.contains("\u{1B}"))
    }

    @Test func backoffDoublesUpToAnHourAndHonoursRetryAfter() {
        #expect(Courier.backoff(attempts: 1, retryAfter: nil) == 30)
        #expect(Courier.backoff(attempts: 2, retryAfter: nil) == 60)
        #expect(Courier.backoff(attempts: 4, retryAfter: nil) == 240)
        #expect(Courier.backoff(attempts: 20, retryAfter: nil) == 3_600)
        #expect(Courier.backoff(attempts: 1, retryAfter: 600) == 600)
        #expect(Courier.backoff(attempts: 1, retryAfter: 1e9) == 86_400)
    }

    @Test func twoCouriersNeverDeliverTheSameMessageTwice() async throws {
        let outbox = OutboxClient.inMemory()
        let delivered = Mutex<[String]>([])
        let slowClient = ContactClient(destination: "test") { message in
            delivered.withLock { $0.append(message.id) }
            try? await Task.sleep(for: .milliseconds(50))
            return .delivered(status: 201)
        }
        func courier() -> Courier {
            Courier(
                store: outbox, client: slowClient, now: { Date() }, logger: InMemoryLog().logger(), claimDuration: 120)
        }
        let first = courier(), second = courier()
        for index in 0..<20 {
            let message = ContactMessage(
                id: "M\(index)", name: "A", email: "a@b.org", phone: nil, subject: "S", message: "0123456789",
                createdAt: Date())
            try await first.store.insert(message, Date(timeIntervalSince1970: 0))
        }
        async let a = first.deliverDue(force: true)
        async let b = second.deliverDue(force: true)
        _ = try await (a, b)
        let ids = delivered.withLock { $0 }
        #expect(ids.count == Set(ids).count)
        let left = try await first.store.dueIDs(Date(), true)
        // Whatever one courier skipped as busy, the other delivered.
        #expect(Set(ids).count + left.count == 20)
    }

    /// That the outbox survives a reopened database is SQLiteStoresTests' to check; here, the next session.
    @Test func queuedMessagesAreDeliveredAtTheNextSessionsStart() async throws {
        let outbox = OutboxClient.inMemory()
        let first = Harness(client: .unconfigured, outbox: outbox)
        _ = await first.run(
            #"contact send --name Ann --email ann@example.org --subject One --message "Hello there, team""#)
        _ = await first.run(
            #"contact send --name Ann --email ann@example.org --subject Two --message "Hello there, team""#)

        let server = try LoopbackServer(always: .json("{}", status: 201))
        let second = Harness(client: liveClient(server), outbox: outbox)
        await second.shell.startSession()
        await second.shell.endSession()
        #expect(server.requests.count == 2)
        #expect(try await second.states() == ["sent", "sent"])
    }
}
