import ContactService
import Testing

@Suite struct ContactValidationTests {
    let valid = ContactDraft(
        name: "Ann", email: "ann@example.org", phone: "", subject: "Hi", message: "Hello there, team")

    @Test func aCompleteDraftHasNoProblems() {
        #expect(valid.validate().isEmpty)
    }

    @Test func oneLetterWithSixtyThousandCombiningMarksIsRefused() {
        var draft = valid
        draft.name = "Z" + String(repeating: "\u{0301}", count: 60_000)
        #expect(draft.name.count == 1, "one character to a reader")
        let problem = draft.validate()[.name]
        #expect(problem == "is too long to store: 120001 bytes (at most 800)")
    }

    @Test func marksStackedOnOneCharacterAreCappedWithinTheByteLimit() {
        var draft = valid
        draft.subject = "Hi Z" + String(repeating: "\u{0336}", count: 20)
        #expect(draft.validate()[.subject] == "has a character with 20 combining marks (at most 8 on one character)")
        // What scripts need passes: Vietnamese, Devanagari, a decomposed é.
        draft.subject = "Tiếng Việt, हिन्दी, e\u{0301}t\u{0065}\u{0301}"
        #expect(draft.validate()[.subject] == nil)
    }

    @Test func aMessageOfFourByteCharactersWithinItsLengthIsAccepted() {
        var draft = valid
        draft.message = String(repeating: "😀", count: 5_000)
        #expect(draft.validate()[.message] == nil)
    }

    @Test func everyProblemIsReportedAtOnceByField() {
        let draft = ContactDraft(name: "  ", email: "ann@", phone: "12", subject: "", message: "short")
        let problems = draft.validate()
        #expect(Set(problems.keys) == [.name, .email, .phone, .subject, .message])
        #expect(problems[.name] == "is required")
        #expect(problems[.email] == "needs a domain after the @, like ann@example.org")
        #expect(problems[.phone] == "must have 7 to 15 digits (it has 2)")
        #expect(problems[.message] == "must be at least 10 characters (it has 5)")
    }

    @Test(
        arguments: [
            ("ann@example.org", nil),
            ("o'brien+tag@mail.example.co.uk", nil),
            ("josé@exämple.de", nil),
            ("a@b", "needs a dotted domain after the @, like example.org (not 'b')"),
            ("ann@", "needs a domain after the @, like ann@example.org"),
            ("@example.org", "needs a name before the @, like ann@example.org"),
            ("ann.example.org", "needs an @ between the name and the domain, like ann@example.org"),
            ("ann@@example.org", "must contain exactly one @ (it has 2)"),
            ("ann @example.org", "must not contain spaces"),
            ("ann@example..org", "has an empty part in its domain 'example..org'"),
            ("ann@example.c", "must end in a real top-level domain (letters, at least two), not '.c'"),
            (".ann@example.org", "must not start or end with a dot, or have two dots in a row, before the @"),
            ("ann@-example.org", "has a domain part that starts or ends with a hyphen"),
            ("ann@exa_mple.org", "must not contain '_' in its domain"),
        ] as [(String, String?)])
    func emailRules(address: String, problem: String?) {
        #expect(ContactValidation.problem(.email, address) == problem)
    }

    @Test(
        arguments: [
            ("", nil), ("+1 555-123-4567", nil), ("5551234", nil), ("+44 20 7946 0958", nil),
            ("555123", "must have 7 to 15 digits (it has 6)"),
            ("1234567890123456", "must have 7 to 15 digits (it has 16)"),
            ("555 123 4567 x2", "may contain only digits, spaces, dashes and a leading + (found 'x')"),
            ("555+1234567", "may have a + only at the start"),
            ("(555) 1234567", "may contain only digits, spaces, dashes and a leading + (found '(')"),
        ] as [(String, String?)])
    func phoneRules(number: String, problem: String?) {
        #expect(ContactValidation.problem(.phone, number) == problem)
    }

    @Test func lengthsAreCountedInCharactersAfterTrimming() {
        #expect(ContactValidation.problem(.name, String(repeating: "é", count: 100)) == nil)
        #expect(
            ContactValidation.problem(.name, String(repeating: "a", count: 101))
                == "must be at most 100 characters (it has 101)")
        #expect(
            ContactValidation.problem(.subject, String(repeating: "s", count: 151))
                == "must be at most 150 characters (it has 151)")
        #expect(ContactValidation.problem(.message, "   0123456789   ") == nil)
        #expect(
            ContactValidation.problem(.message, String(repeating: "m", count: 5_001))
                == "must be at most 5000 characters (it has 5001)")
    }

    @Test func controlCharactersAreRejectedEverywhereButNewlinesInTheMessage() {
        #expect(
            ContactValidation.problem(.name, "Ann\u{1B}[31m") == "must not contain control characters (found U+001B)")
        #expect(ContactValidation.problem(.subject, "Hi\u{07}") == "must not contain control characters (found U+0007)")
        #expect(ContactValidation.problem(.message, "line one\nline two") == nil)
        #expect(
            ContactValidation.problem(.message, "tab\there, long enough")
                == "must not contain control characters (found U+0009)")
        #expect(
            ContactValidation.problem(.subject, "evil\u{202E}txt")
                == "must not contain control characters (found U+202E)")
    }

    @Test func normalisedDraftIsTrimmed() {
        let draft = ContactDraft(
            name: " Ann ", email: " ann@example.org", phone: " ", subject: "Hi ", message: "Hello\r\nthere team\n")
        #expect(
            draft.normalized
                == ContactDraft(
                    name: "Ann", email: "ann@example.org", phone: "", subject: "Hi", message: "Hello\nthere team"))
    }
}
