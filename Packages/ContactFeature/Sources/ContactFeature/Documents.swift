import Architecture
import ContactService
import CoreKit
import Foundation

// The JSON documents of `--format json`.

struct StatusDocument: JSONDocument {
    static let kind = "contact-status"

    var status: String
}

struct FormDocument: JSONDocument {
    static let kind = "contact-form"

    var fields: [String: String]
    var problems: [String: String]
}

struct SubmissionDocument: JSONDocument {
    static let kind = "contact-submission"

    var id: String
    /// `sent`, `queued` or `failed`: the message's state in the outbox.
    var state: String
    var destination: String?
    var reason: String?
    var nextAttemptAt: Date?
    var outbox: String

    init(_ submission: ContactFormViewModel.Submission, outbox: String) {
        id = submission.id
        self.outbox = outbox
        switch submission.result {
        case .sent(let destination):
            state = "sent"
            self.destination = destination
        case .queued(let reason, let next):
            state = "queued"
            self.reason = reason.english
            nextAttemptAt = next
        case .notConfigured:
            state = "queued"
            reason = "no contact endpoint is configured (SKYLENS_CONTACT_URL)"
        case .busy:
            state = "queued"
            reason = "another SkyLens session is delivering it"
        case .rejected(let reason):
            state = "failed"
            self.reason = reason.english
        }
    }
}

struct OutboxDocument: JSONDocument {
    static let kind = "contact-outbox"

    struct Message: Encodable, Sendable {
        var id: String
        var subject: String
        var state: String
        var attempts: Int
        var createdAt: Date
        var lastError: String?
        var nextAttemptAt: Date?
        var sentAt: Date?

        init(_ entry: OutboxEntry) {
            id = entry.message.id
            subject = entry.message.subject
            state = entry.state.rawValue
            attempts = entry.attempts
            createdAt = entry.message.createdAt
            lastError = entry.lastError?.english
            nextAttemptAt = entry.state == .queued ? entry.nextAttemptAt : nil
            sentAt = entry.sentAt
        }
    }

    /// Every message in the outbox; `messages` holds at most the newest 1,000.
    var total: Int
    var messages: [Message]
}

struct RetryDocument: JSONDocument {
    static let kind = "contact-retry"

    var attempted: Int
    var sent: Int
    var queued: Int
}

extension OutboxDocument {
    init(_ state: OutboxViewModel.State) {
        self.init(total: state.total, messages: state.entries.map(Message.init))
    }
}

extension RetryDocument {
    init(_ retry: OutboxViewModel.Retry) {
        self.init(attempted: retry.attempted, sent: retry.sent, queued: retry.stillQueued)
    }
}
