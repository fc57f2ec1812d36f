import Architecture
import ContactService
import CoreKit
import Foundation
import Logging

/// The contact form: the draft, its problems, and what became of the last submission.
@MainActor
final class ContactFormViewModel: ObservableViewModel {
    struct State: Equatable, Sendable {
        var draft = ContactDraft()
        /// Every field's problem (the views say them in the user's words).
        var problems: [ContactDraft.Field: FieldProblem] = [:]
        /// The message, once it is safely in the outbox, and what the delivery attempt came to.
        var submission: Submission?
        /// Why the message could not be kept in the outbox (so was not sent either).
        var failure: StoreError?
        /// Where the form is: new (its questions not yet asked), asked (the draft is being reviewed), or left with
        /// `back` or `home` with its draft kept for the next `contact`.
        var stage: Stage = .new
    }

    enum Stage: Equatable, Sendable {
        case new, asked, keptAside
    }

    struct Submission: Equatable, Sendable {
        var id: String
        var result: AttemptResult
    }

    enum Action: Sendable {
        /// A field typed in the form (or changed with `edit`).
        case fieldEntered(ContactDraft.Field, String)
        /// `submit` in the form: the draft as it stands.
        case submitRequested
        /// `contact send`: a whole draft in one line, checked and submitted at once.
        case draftSubmitted(ContactDraft)
        case discardRequested
        /// The form's questions are about to be asked: a new draft.
        case questionsStarted
        /// `back` or `home` left the form: its draft stays for the next `contact` (once its questions were asked).
        case formLeft
        /// The draft kept aside is shown again.
        case keptDraftShown
        /// `submit` or `cancel` ended the form: the next `contact` starts a new one.
        case formClosed
    }

    private(set) var state = State()
    private let submitter: Submitter

    init(submitter: Submitter) {
        self.submitter = submitter
    }

    func send(_ action: Action) async {
        switch action {
        case .fieldEntered(let field, let value):
            state.draft[field] = value
            state.problems = FieldProblem.problems(in: state.draft)
            state.submission = nil
            state.failure = nil
        case .submitRequested:
            await submit()
        case .draftSubmitted(let draft):
            state = State(draft: draft)
            await submit()
        case .discardRequested:
            state = State(stage: state.stage)
        case .questionsStarted:
            state = State(stage: .asked)
        case .formLeft:
            if state.stage == .asked { state.stage = .keptAside }
        case .keptDraftShown:
            state.stage = .asked
        case .formClosed:
            state.stage = .new
        }
    }

    /// Valid: into the outbox, then one delivery attempt; when it went through, what was waiting goes too (the
    /// endpoint works now, and this run may be the first since).
    private func submit() async {
        state.submission = nil
        state.failure = nil
        state.problems = FieldProblem.problems(in: state.draft)
        guard state.problems.isEmpty else { return }
        do throws(StoreError) {
            let submission = try await submitter.submit(state.draft)
            state.submission = submission
            // Sent and kept: what else waits is tried too, and its failure is not this message's.
            if case .sent = submission.result { _ = try? await submitter.courier.deliverDue(force: false) }
        } catch {
            state.failure = error
        }
    }
}

/// The outbox on screen (`contact outbox`) and what the last `contact retry` came to.
@MainActor
final class OutboxViewModel: ObservableViewModel {
    struct State: Equatable, Sendable {
        /// The newest messages, at most `OutboxViewModel.shown`.
        var entries: [OutboxEntry] = []
        var counts: [OutboxEntry.State: Int] = [:]
        var retry: Retry?
        /// Why the outbox could not be read or written.
        var failure: StoreError?

        var total: Int { counts.values.reduce(0, +) }
    }

    struct Retry: Equatable, Sendable {
        var attempted: Int
        var sent: Int
        /// What stopped the run, when something did: the last attempt's result.
        var last: AttemptResult?
        var stillQueued: Int
    }

    enum Action: Sendable {
        case listRequested
        /// Every queued message now, due or not (after the delivery the session started, if it is still under way).
        case retryRequested
        /// A session began: the messages due are delivered in the background.
        case sessionStarted
        /// The session ends: the background delivery is given 3 seconds, then cancelled (its message stays queued),
        /// so that leaving never waits on a slow server.
        case sessionEnded
    }

    static let shown = 1_000

    private(set) var state = State()
    private let outbox: OutboxClient
    private let courier: Courier
    private let logger: Logger
    private var backgroundDelivery: Task<Void, Never>?

    init(outbox: OutboxClient, courier: Courier, logger: Logger = Logger(label: "skylens.contact")) {
        self.outbox = outbox
        self.courier = courier
        self.logger = logger
    }

    func send(_ action: Action) async {
        state.failure = nil
        switch action {
        case .sessionStarted:
            let courier = self.courier, logger = self.logger
            backgroundDelivery = Task.detached(priority: .utility) {
                do throws(StoreError) {
                    let results = try await courier.deliverDue(force: false)
                    if !results.isEmpty {
                        logger.info("outbox delivery at start", metadata: ["attempted": "\(results.count)"])
                    }
                } catch {
                    logger.warning("outbox delivery at start failed", metadata: ["error": "\(error.message)"])
                }
            }
            return
        case .sessionEnded:
            guard let delivery = backgroundDelivery else { return }
            backgroundDelivery = nil
            let deadline = Task {
                try? await Task.sleep(for: .seconds(3))
                delivery.cancel()
            }
            await delivery.value
            deadline.cancel()
            return
        case .retryRequested:
            await backgroundDelivery?.value
        case .listRequested:
            break
        }
        do throws(StoreError) {
            switch action {
            case .listRequested:
                state.entries = try await outbox.all(Self.shown)
                state.counts = try await outbox.counts()
            case .retryRequested:
                state.retry = nil
                let results = try await courier.deliverDue(force: true)
                state.counts = try await outbox.counts()
                state.retry = Retry(
                    attempted: results.count,
                    sent: results.filter { if case .sent = $0.result { true } else { false } }.count,
                    last: results.last?.result, stillQueued: state.counts[.queued] ?? 0)
            case .sessionStarted, .sessionEnded:
                break
            }
        } catch {
            state.failure = error
        }
    }
}

/// Puts a valid draft in the outbox, then tries to deliver it once.
struct Submitter: Sendable {
    let store: OutboxClient
    let courier: Courier
    let now: @Sendable () -> Date
    let makeID: @Sendable () -> String

    func submit(_ draft: ContactDraft) async throws(StoreError) -> ContactFormViewModel.Submission {
        let fields = draft.normalized
        let created = now()
        let message = ContactMessage(
            id: makeID(), name: fields.name, email: fields.email, phone: fields.phone.isEmpty ? nil : fields.phone,
            subject: fields.subject, message: fields.message, createdAt: created)
        try await store.insert(message, created)
        let result = try await courier.deliver(id: message.id)
        return .init(id: message.id, result: result)
    }
}
