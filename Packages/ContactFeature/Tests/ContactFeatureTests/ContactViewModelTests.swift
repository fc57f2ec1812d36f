import ContactService
import CoreKit
import Diagnostics
import Foundation
import Localization
import ShellTesting
import Synchronization
import Testing

@testable import ContactFeature

/// The contact feature's behaviour through its view models' `send`, with test clients (an in-memory outbox, a
/// scripted endpoint), the state checked after each action; the shell-level tests are in ContactFeatureTests.
@MainActor
struct ContactViewModelTests {
    let clock = TestClock()
    let outbox = OutboxClient.inMemory()

    func courier(_ client: ContactClient) -> Courier {
        Courier(
            store: outbox, client: client, now: { [clock] in clock.now }, logger: InMemoryLog().logger(),
            claimDuration: 70)
    }

    func form(_ client: ContactClient) -> ContactFormViewModel {
        let counter = Counter()
        return ContactFormViewModel(
            submitter: Submitter(
                store: outbox, courier: courier(client), now: { [clock] in clock.now }, makeID: { counter.next() }))
    }

    static let valid = ContactDraft(
        name: "Ann Lee", email: "ann@example.org", phone: "", subject: "Hello", message: "Hello there, team")

    @Test func eachFieldIsCheckedAsItIsEnteredAndAValidFormIsQueuedWithoutAnEndpoint() async throws {
        let form = form(.unconfigured)
        await form.send(.fieldEntered(.name, "Ann Lee"))
        #expect(form.state.draft.name == "Ann Lee")
        #expect(form.state.problems[.email] != nil, "the empty email is a problem until it is typed")
        #expect(form.state.problems[.name] == nil)
        await form.send(.fieldEntered(.email, "not-an-address"))
        #expect(form.state.problems[.email] != nil)
        await form.send(.fieldEntered(.email, "ann@example.org"))
        #expect(form.state.problems[.email] == nil)
        await form.send(.fieldEntered(.subject, "Hello"))
        await form.send(.fieldEntered(.message, "Hello there, team"))
        #expect(form.state.problems.isEmpty && form.state.submission == nil)

        await form.send(.submitRequested)
        #expect(form.state.submission == .init(id: "MSG-1", result: .notConfigured))
        #expect(form.state.failure == nil)
        let stored = try await outbox.all(10)
        #expect(stored.map(\.message.id) == ["MSG-1"] && stored.map(\.state) == [.queued])
        #expect(stored.first?.message.name == "Ann Lee")

        await form.send(.discardRequested)
        #expect(form.state == ContactFormViewModel.State())
    }

    /// Issue 26: the form's stages (new, its questions asked, left with `back` and kept aside) were flags in the
    /// plugin; they are the view model's state, checked after every action.
    @Test func theFormsStagesAreTheViewModelsState() async {
        let form = form(.unconfigured)
        let stages = await form.states(after: [
            .questionsStarted, .fieldEntered(.name, "Ann"), .formLeft, .keptDraftShown, .formLeft, .formClosed,
            .formLeft,
        ]).map(\.stage)
        #expect(stages == [.asked, .asked, .keptAside, .asked, .keptAside, .new, .new])
        // The draft survives being kept aside, and a new form starts empty.
        await form.send(.formLeft)
        #expect(form.state.draft.name == "Ann")
        await form.send(.questionsStarted)
        #expect(form.state.draft.name.isEmpty && form.state.stage == .asked)
    }

    @Test func anInvalidDraftIsNotSubmittedAndNothingIsStored() async throws {
        let form = form(.answering(.delivered(status: 201)))
        var draft = Self.valid
        draft.email = "ann@"
        draft.message = "Hi"
        await form.send(.draftSubmitted(draft))
        #expect(Set(form.state.problems.keys) == [.email, .message])
        #expect(form.state.submission == nil && form.state.draft == draft)
        #expect(try await outbox.all(10).isEmpty)
    }

    @Test func aSentMessageTakesWhatWasWaitingAlong() async throws {
        let delivered = Mutex<[String]>([])
        let client = ContactClient(destination: "test") { message in
            delivered.withLock { $0.append(message.id) }
            return .delivered(status: 201)
        }
        try await outbox.insert(
            ContactMessage(
                id: "OLD", name: "Bob", email: "bob@example.org", phone: nil, subject: "Earlier",
                message: "Written offline", createdAt: clock.now.addingTimeInterval(-600)),
            clock.now.addingTimeInterval(-600))
        let form = form(client)
        await form.send(.draftSubmitted(Self.valid))
        #expect(form.state.submission == .init(id: "MSG-1", result: .sent(destination: "test")))
        #expect(delivered.withLock { $0 } == ["MSG-1", "OLD"])
        #expect(try await outbox.counts() == [.sent: 2])
    }

    @Test func aServerThatRefusesIsRecordedAndOneThatFailsIsRetriedLater() async throws {
        let refusing = form(.answering(.rejected(status: 422, reason: "spam")))
        await refusing.send(.draftSubmitted(Self.valid))
        #expect(refusing.state.submission?.result == .rejected(reason: "spam"))
        #expect(try await outbox.entry("MSG-1")?.state == .failed)

        let failing = form(.answering(.retryLater(reason: "server error 503", retryAfter: nil)))
        await failing.send(.draftSubmitted(Self.valid))
        guard case .queued(let reason, let next) = failing.state.submission?.result else {
            Issue.record("expected a queued result, got \(String(describing: failing.state.submission))")
            return
        }
        #expect(reason == "server error 503" && next == clock.now.addingTimeInterval(30))
    }

    @Test func anOutboxThatCannotBeWrittenIsAFailureInTheState() async {
        var broken = OutboxClient.inMemory()
        broken.insert = { (_: ContactMessage, _: Date) async throws(StoreError) in throw .diskFull(path: "/data") }
        let form = ContactFormViewModel(
            submitter: Submitter(
                store: broken, courier: courier(.unconfigured), now: { Date() }, makeID: { "X" }))
        await form.send(.draftSubmitted(Self.valid))
        #expect(form.state.submission == nil)
        #expect(form.state.failure == .diskFull(path: "/data"))
    }

    @Test func theOutboxListsNewestFirstAndRetrySaysWhatStoppedIt() async throws {
        let queueing = form(.unconfigured)
        await queueing.send(.draftSubmitted(Self.valid))
        clock.advance(60)
        await queueing.send(.draftSubmitted(Self.valid))

        let model = OutboxViewModel(outbox: outbox, courier: courier(.unconfigured))
        await model.send(.listRequested)
        #expect(model.state.entries.map(\.message.id) == ["MSG-2", "MSG-1"])
        #expect(model.state.counts == [.queued: 2] && model.state.total == 2)

        await model.send(.retryRequested)
        #expect(model.state.retry == .init(attempted: 1, sent: 0, last: .notConfigured, stillQueued: 2))

        let working = OutboxViewModel(outbox: outbox, courier: courier(.answering(.delivered(status: 201))))
        await working.send(.retryRequested)
        #expect(working.state.retry == .init(attempted: 2, sent: 2, last: .sent(destination: "test"), stillQueued: 0))
        await working.send(.retryRequested)
        #expect(working.state.retry == .init(attempted: 0, sent: 0, last: nil, stillQueued: 0))
        #expect(
            ContactViews.retry(try #require(working.state.retry), .english())
                == "Nothing to deliver: no message is queued.")
    }
}
