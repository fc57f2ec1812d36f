import Foundation

/// The fields of the contact form, as typed.
public struct ContactDraft: Sendable, Equatable, Codable {
    public enum Field: String, CaseIterable, Sendable, Codable, Comparable {
        case name, email, phone, subject, message

        public var label: String {
            switch self {
            case .name: "Name"
            case .email: "Email"
            case .phone: "Phone"
            case .subject: "Subject"
            case .message: "Message"
            }
        }

        public var isOptional: Bool { self == .phone }

        public static func < (lhs: Self, rhs: Self) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    public var name: String
    public var email: String
    public var phone: String
    public var subject: String
    public var message: String

    public init(name: String = "", email: String = "", phone: String = "", subject: String = "", message: String = "") {
        self.name = name
        self.email = email
        self.phone = phone
        self.subject = subject
        self.message = message
    }

    public subscript(field: Field) -> String {
        get {
            switch field {
            case .name: name
            case .email: email
            case .phone: phone
            case .subject: subject
            case .message: message
            }
        }
        set {
            switch field {
            case .name: name = newValue
            case .email: email = newValue
            case .phone: phone = newValue
            case .subject: subject = newValue
            case .message: message = newValue
            }
        }
    }

    /// Every problem, by field, in form order. Empty when the draft can be sent.
    public func validate() -> [Field: String] {
        ContactValidation.problems(in: self)
    }

    /// The fields as they will be sent: trimmed, line endings normalised, an empty phone left out.
    public var normalized: ContactDraft {
        ContactDraft(
            name: ContactValidation.trim(name), email: ContactValidation.trim(email),
            phone: ContactValidation.trim(phone),
            subject: ContactValidation.trim(subject), message: ContactValidation.trim(message))
    }
}

/// The rules of the contact form. Each message names its field's problem in words a person can act on.
public enum ContactValidation {
    public static let nameLength = 1...100
    public static let subjectLength = 1...150
    public static let messageLength = 10...5_000
    public static let phoneDigits = 7...15
    /// Combining marks on one character, at most: what any script needs (Vietnamese uses two, Tibetan stacks a few),
    /// far below "Zalgo" text, where one letter with 60,000 marks counts as one character.
    public static let combiningMarksPerCharacter = 8
    /// What a field may hold in UTF-8 bytes, whatever its characters: 8 bytes a character of its length limit.
    public static func maximumBytes(_ field: ContactDraft.Field) -> Int {
        switch field {
        case .name: nameLength.upperBound * 8
        case .subject: subjectLength.upperBound * 8
        case .message: messageLength.upperBound * 8
        case .email: 254 * 4
        case .phone: 64
        }
    }

    public static func problems(in draft: ContactDraft) -> [ContactDraft.Field: String] {
        var problems: [ContactDraft.Field: String] = [:]
        for field in ContactDraft.Field.allCases {
            if let problem = problem(field, draft[field]) { problems[field] = problem }
        }
        return problems
    }

    /// The problem with one field's value, or nil when it is fine.
    public static func problem(_ field: ContactDraft.Field, _ raw: String) -> String? {
        let value = trim(raw)
        // What is stored counts, not only what a reader sees: bytes first, then marks stacked on one character.
        let bytes = value.utf8.count
        if bytes > maximumBytes(field) {
            return "is too long to store: \(bytes) bytes (at most \(maximumBytes(field)))"
        }
        if let stacked = value.lazy.map(combiningMarks).first(where: { $0 > combiningMarksPerCharacter }) {
            return
                "has a character with \(stacked) combining marks (at most \(combiningMarksPerCharacter) on one character)"
        }
        if let control = value.unicodeScalars.first(where: { isForbiddenControl($0, in: field) }) {
            return
                "must not contain control characters (found U+\(String(control.value, radix: 16, uppercase: true).leftPadded(4)))"
        }
        switch field {
        case .name: return length(value, nameLength, noun: "name")
        case .subject: return length(value, subjectLength, noun: "subject")
        case .message: return length(value, messageLength, noun: "message")
        case .email: return emailProblem(value)
        case .phone: return value.isEmpty ? nil : phoneProblem(value)
        }
    }

    static func trim(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func combiningMarks(_ character: Character) -> Int {
        character.unicodeScalars.count {
            switch $0.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .spacingMark: true
            default: false
            }
        }
    }

    private static func isForbiddenControl(_ scalar: Unicode.Scalar, in field: ContactDraft.Field) -> Bool {
        if field == .message, scalar == "\n" { return false }
        switch scalar.properties.generalCategory {
        case .control: return true
        case .format: return (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
        default: return false
        }
    }

    private static func length(_ value: String, _ range: ClosedRange<Int>, noun: String) -> String? {
        let count = value.count
        if count == 0 { return "is required" }
        if count < range.lowerBound { return "must be at least \(range.lowerBound) characters (it has \(count))" }
        if count > range.upperBound { return "must be at most \(range.upperBound) characters (it has \(count))" }
        return nil
    }

    private static let localSpecials = Set("!#$%&'*+/=?^_`{|}~.-")

    static func emailProblem(_ value: String) -> String? {
        if value.isEmpty { return "is required" }
        if value.contains(where: \.isWhitespace) { return "must not contain spaces" }
        if value.count > 254 { return "must be at most 254 characters" }
        let parts = value.split(separator: "@", omittingEmptySubsequences: false)
        if parts.count == 1 { return "needs an @ between the name and the domain, like ann@example.org" }
        if parts.count > 2 { return "must contain exactly one @ (it has \(parts.count - 1))" }
        let local = parts[0], domain = parts[1]
        if local.isEmpty { return "needs a name before the @, like ann@example.org" }
        if domain.isEmpty { return "needs a domain after the @, like ann@example.org" }
        if local.count > 64 { return "has more than 64 characters before the @" }
        if local.first == "." || local.last == "." || local.contains("..") {
            return "must not start or end with a dot, or have two dots in a row, before the @"
        }
        if let bad = local.first(where: { !($0.isLetter || $0.isNumber || localSpecials.contains($0)) }) {
            return "must not contain '\(bad)' before the @"
        }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        if labels.count < 2 { return "needs a dotted domain after the @, like example.org (not '\(domain)')" }
        if labels.contains(where: \.isEmpty) { return "has an empty part in its domain '\(domain)'" }
        for label in labels {
            if label.count > 63 { return "has a domain part longer than 63 characters" }
            if label.first == "-" || label.last == "-" { return "has a domain part that starts or ends with a hyphen" }
            if let bad = label.first(where: { !($0.isLetter || $0.isNumber || $0 == "-") }) {
                return "must not contain '\(bad)' in its domain"
            }
        }
        let top = labels.last!
        if top.count < 2 || !(top.allSatisfy(\.isLetter) || top.hasPrefix("xn--")) {
            return "must end in a real top-level domain (letters, at least two), not '.\(top)'"
        }
        return nil
    }

    static func phoneProblem(_ value: String) -> String? {
        var body = Substring(value)
        if body.first == "+" { body = body.dropFirst() }
        if let bad = body.first(where: { !($0.isASCII && ($0.isNumber || $0 == " " || $0 == "-")) }) {
            return bad == "+"
                ? "may have a + only at the start"
                : "may contain only digits, spaces, dashes and a leading + (found '\(bad)')"
        }
        let digits = body.filter(\.isNumber).count
        if !phoneDigits.contains(digits) {
            return "must have \(phoneDigits.lowerBound) to \(phoneDigits.upperBound) digits (it has \(digits))"
        }
        return nil
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
