import Architecture
import ContactService
import Foundation
import Persistence

/// The contact form: the draft, its problems, and what became of the last submission.
@MainActor
final class ContactFormViewModel: ObservableViewModel {
    struct State: Equatable, Sendable {
        var draft = ContactDraft()
        var problems: [ContactDraft.Field: String] = [:]
        /// The message, once it is safely in the outbox, and what the delivery attempt came to.
        var submission: Submission?
        var failure: String?
    }

    struct Submission: Equatable, Sendable {
        var id: String
        var result: AttemptResult
    }

    enum Action: Sendable {
        case fieldEntered(ContactDraft.Field, String)
        case submitRequested
        case discardRequested
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
            state.problems = state.draft.validate()
            state.submission = nil
            state.failure = nil
        case .submitRequested:
            state.problems = state.draft.validate()
            guard state.problems.isEmpty else { return }
            do {
                state.submission = try await submitter.submit(state.draft)
                state.failure = nil
            } catch {
                state.failure = error.message
            }
        case .discardRequested:
            state = State()
        }
    }
}

/// Puts a valid draft in the outbox, then tries to deliver it once.
struct Submitter: Sendable {
    let store: OutboxStore
    let courier: Courier
    let now: @Sendable () -> Date
    let makeID: @Sendable () -> String

    func submit(_ draft: ContactDraft) async throws(StoreError) -> ContactFormViewModel.Submission {
        let fields = draft.normalized
        let created = now()
        let message = ContactMessage(
            id: makeID(), name: fields.name, email: fields.email, phone: fields.phone.isEmpty ? nil : fields.phone,
            subject: fields.subject, message: fields.message, createdAt: created)
        try await store.insert(message, dueAt: created)
        let result = try await courier.deliver(id: message.id)
        return .init(id: message.id, result: result)
    }
}
