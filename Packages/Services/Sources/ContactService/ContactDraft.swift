import CoreKit
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

    /// Every problem of a draft, by field, in English (the JSON's words).
    public static func problems(in draft: ContactDraft) -> [ContactDraft.Field: String] {
        rules(in: draft).mapValues(\.sentence)
    }

    /// Every problem of a draft, by field, as the rule it breaks (a view says it in the user's language).
    public static func rules(in draft: ContactDraft) -> [ContactDraft.Field: ContactProblem] {
        var problems: [ContactDraft.Field: ContactProblem] = [:]
        for field in ContactDraft.Field.allCases {
            if let problem = rule(field, draft[field]) { problems[field] = problem }
        }
        return problems
    }

    /// The problem with one field's value in English, or nil when it is fine.
    public static func problem(_ field: ContactDraft.Field, _ raw: String) -> String? { rule(field, raw)?.sentence }

    /// The rule one field's value breaks, or nil when it is fine.
    public static func rule(_ field: ContactDraft.Field, _ raw: String) -> ContactProblem? {
        let value = trim(raw)
        // What is stored counts, not only what a reader sees: bytes first, then marks stacked on one character.
        let bytes = value.utf8.count
        if bytes > maximumBytes(field) {
            return .tooManyBytes(bytes: bytes, maximum: maximumBytes(field))
        }
        if let stacked = value.lazy.map(combiningMarks).first(where: { $0 > combiningMarksPerCharacter }) {
            return .stackedMarks(marks: stacked, maximum: combiningMarksPerCharacter)
        }
        if let control = value.unicodeScalars.first(where: { isForbiddenControl($0, in: field) }) {
            return .controlCharacter(code: "U+" + String(control.value, radix: 16, uppercase: true).leftPadded(4))
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
        text.replacingEvery("\r\n", with: "\n").trimmingSpacesAndNewlines
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

    private static func length(_ value: String, _ range: ClosedRange<Int>, noun: String) -> ContactProblem? {
        let count = value.count
        if count == 0 { return .required }
        if count < range.lowerBound { return .tooShort(minimum: range.lowerBound, length: count) }
        if count > range.upperBound { return .tooLong(maximum: range.upperBound, length: count) }
        return nil
    }

    private static let localSpecials = Set("!#$%&'*+/=?^_`{|}~.-")

    static func emailProblem(_ value: String) -> ContactProblem? {
        if value.isEmpty { return .required }
        if value.contains(where: \.isWhitespace) { return .spaces }
        if value.count > 254 { return .longerThan(maximum: 254) }
        let parts = value.split(separator: "@", omittingEmptySubsequences: false)
        if parts.count == 1 { return .noAt }
        if parts.count > 2 { return .severalAts(count: parts.count - 1) }
        let local = parts[0], domain = parts[1]
        if local.isEmpty { return .nothingBeforeAt }
        if domain.isEmpty { return .nothingAfterAt }
        if local.count > 64 { return .longBeforeAt(maximum: 64) }
        if local.first == "." || local.last == "." || local.contains("..") { return .misplacedDots }
        if let bad = local.first(where: { !($0.isLetter || $0.isNumber || localSpecials.contains($0)) }) {
            return .characterBeforeAt(String(bad))
        }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        if labels.count < 2 { return .undottedDomain(String(domain)) }
        if labels.contains(where: \.isEmpty) { return .emptyDomainPart(domain: String(domain)) }
        for label in labels {
            if label.count > 63 { return .longDomainPart(maximum: 63) }
            if label.first == "-" || label.last == "-" { return .hyphenatedDomainPart }
            if let bad = label.first(where: { !($0.isLetter || $0.isNumber || $0 == "-") }) {
                return .characterInDomain(String(bad))
            }
        }
        let top = labels.last!
        if top.count < 2 || !(top.allSatisfy(\.isLetter) || top.hasPrefix("xn--")) {
            return .topLevelDomain(String(top))
        }
        return nil
    }

    static func phoneProblem(_ value: String) -> ContactProblem? {
        var body = Substring(value)
        if body.first == "+" { body = body.dropFirst() }
        if let bad = body.first(where: { !($0.isASCII && ($0.isNumber || $0 == " " || $0 == "-")) }) {
            return bad == "+" ? .plusNotFirst : .characterInPhone(String(bad))
        }
        let digits = body.filter(\.isNumber).count
        if !phoneDigits.contains(digits) {
            return .phoneDigits(minimum: phoneDigits.lowerBound, maximum: phoneDigits.upperBound, digits: digits)
        }
        return nil
    }
}

/// The rule a field's value breaks, with the values that say how: a view says it in the user's language; `sentence`
/// is the English (the JSON's words).
public enum ContactProblem: Equatable, Sendable {
    /// More UTF-8 bytes than can be stored, whatever the characters.
    case tooManyBytes(bytes: Int, maximum: Int)
    /// A character with more combining marks stacked on it than any script needs.
    case stackedMarks(marks: Int, maximum: Int)
    /// `U+0007`.
    case controlCharacter(code: String)
    case required
    case tooShort(minimum: Int, length: Int)
    case tooLong(maximum: Int, length: Int)
    // The e-mail address.
    case spaces
    /// Longer than `maximum` characters in all (254 for an address).
    case longerThan(maximum: Int)
    case noAt
    case severalAts(count: Int)
    case nothingBeforeAt
    case nothingAfterAt
    case longBeforeAt(maximum: Int)
    case misplacedDots
    case characterBeforeAt(String)
    case undottedDomain(String)
    case emptyDomainPart(domain: String)
    case longDomainPart(maximum: Int)
    case hyphenatedDomainPart
    case characterInDomain(String)
    /// The last part of the domain (without its dot) is not a top-level domain.
    case topLevelDomain(String)
    // The phone number.
    case plusNotFirst
    case characterInPhone(String)
    case phoneDigits(minimum: Int, maximum: Int, digits: Int)

    /// In English, after the field's name ("E-mail needs an @ …"): what the JSON says.
    public var sentence: String {
        switch self {
        case .tooManyBytes(let bytes, let maximum): "is too long to store: \(bytes) bytes (at most \(maximum))"
        case .stackedMarks(let marks, let maximum):
            "has a character with \(marks) combining marks (at most \(maximum) on one character)"
        case .controlCharacter(let code): "must not contain control characters (found \(code))"
        case .required: "is required"
        case .tooShort(let minimum, let length): "must be at least \(minimum) characters (it has \(length))"
        case .tooLong(let maximum, let length): "must be at most \(maximum) characters (it has \(length))"
        case .spaces: "must not contain spaces"
        case .longerThan(let maximum): "must be at most \(maximum) characters"
        case .noAt: "needs an @ between the name and the domain, like ann@example.org"
        case .severalAts(let count): "must contain exactly one @ (it has \(count))"
        case .nothingBeforeAt: "needs a name before the @, like ann@example.org"
        case .nothingAfterAt: "needs a domain after the @, like ann@example.org"
        case .longBeforeAt(let maximum): "has more than \(maximum) characters before the @"
        case .misplacedDots: "must not start or end with a dot, or have two dots in a row, before the @"
        case .characterBeforeAt(let character): "must not contain '\(character)' before the @"
        case .undottedDomain(let domain): "needs a dotted domain after the @, like example.org (not '\(domain)')"
        case .emptyDomainPart(let domain): "has an empty part in its domain '\(domain)'"
        case .longDomainPart(let maximum): "has a domain part longer than \(maximum) characters"
        case .hyphenatedDomainPart: "has a domain part that starts or ends with a hyphen"
        case .characterInDomain(let character): "must not contain '\(character)' in its domain"
        case .topLevelDomain(let top): "must end in a real top-level domain (letters, at least two), not '.\(top)'"
        case .plusNotFirst: "may have a + only at the start"
        case .characterInPhone(let character):
            "may contain only digits, spaces, dashes and a leading + (found '\(character)')"
        case .phoneDigits(let minimum, let maximum, let digits):
            "must have \(minimum) to \(maximum) digits (it has \(digits))"
        }
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
