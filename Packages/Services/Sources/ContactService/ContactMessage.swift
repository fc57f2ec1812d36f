import CoreKit
import Foundation

/// A contact message as the endpoint receives it:
/// `{"id","name","email","phone","subject","message","createdAt"}`, `phone` null when not given, `createdAt` in
/// ISO 8601. The same `id` goes in the `Idempotency-Key` header, so a retried delivery is never a second message.
public struct ContactMessage: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var email: String
    public var phone: String?
    public var subject: String
    public var message: String
    public var createdAt: Date

    public init(
        id: String, name: String, email: String, phone: String?, subject: String, message: String, createdAt: Date
    ) {
        self.id = id
        self.name = name
        self.email = email
        self.phone = phone
        self.subject = subject
        self.message = message
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, name, email, phone, subject, message, createdAt
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(email, forKey: .email)
        try container.encode(phone, forKey: .phone)  // null, not absent, when there is none
        try container.encode(subject, forKey: .subject)
        try container.encode(message, forKey: .message)
        try container.encode(createdAt, forKey: .createdAt)
    }
}

/// What happened to one delivery attempt.
public enum DeliveryOutcome: Sendable, Equatable {
    /// A 2xx: the message is there.
    case delivered(status: Int)
    /// No connection, a timeout, 408, 429 or a 5xx: keep it and try again (not before `retryAfter` seconds, if set).
    case retryLater(reason: Sentence, retryAfter: Double?)
    /// Another 4xx: the server will not take this message; `reason` is what it said.
    case rejected(status: Int, reason: Sentence)
    /// No endpoint is configured: the message stays in the outbox.
    case notConfigured
}
