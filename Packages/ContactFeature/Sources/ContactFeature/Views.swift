import Architecture
import ContactService
import CoreKit
import Foundation
import Localization

/// Text renderings of the contact feature's states, in the user's words: pure functions, checked by golden files.
enum ContactViews {
    /// A field's name as the form shows it ("Email"); the name typed after `edit` is its `rawValue`.
    static func label(_ field: ContactDraft.Field, _ words: Words) -> String {
        switch field {
        case .name: words("Name")
        case .email: words("Email")
        case .phone: words("Phone")
        case .subject: words("Subject")
        case .message: words("Message")
        }
    }

    /// The form under review: every field and every problem at once.
    static func review(_ state: ContactFormViewModel.State, painter: Painter, words: Words) -> String {
        var lines = [painter.paint(words("Your message"), .bold)]
        let labels = ContactDraft.Field.allCases.map { words("%@:", label($0, words)) }
        let width = labels.map { DisplayWidth.columns(of: $0) }.max()!
        for (field, label) in zip(ContactDraft.Field.allCases, labels) {
            let value = ContactValidation.trimmedForDisplay(state.draft[field])
            let shown =
                value.isEmpty ? painter.paint(field.isOptional ? words("(none)") : words("(empty)"), .dim) : value
            let marker = state.problems[field] == nil ? " " : painter.paint("✗", .red)
            let valueLines = shown.components(separatedBy: "\n")
            lines.append("\(marker) \(DisplayWidth.pad(label, to: width)) \(valueLines[0])")
            for more in valueLines.dropFirst() {
                lines.append("  " + String(repeating: " ", count: width) + " " + more)
            }
        }
        lines.append("")
        if state.problems.isEmpty {
            // The hint on a line of its own: a line with colour in it is cut at the edge, not broken, and "'cancel'
            // discar…" was all a narrow terminal showed.
            lines.append(painter.paint(words("Ready to send."), .green))
            lines.append(words("'submit' sends it, 'edit FIELD' changes a field, 'cancel' discards it."))
        } else {
            lines.append(painter.paint(words.count("%lld fields need attention:", state.problems.count), .yellow))
            lines.append(contentsOf: problemLines(state.problems, words))
            lines.append("")
            lines.append(
                words("'edit FIELD' changes a field (edit email), 'submit' sends once all are fine, 'cancel' discards.")
            )
        }
        return lines.joined(separator: "\n")
    }

    /// `  email: needs a domain after the @`, in form order (the field's name as `edit` takes it).
    static func problemLines(_ problems: [ContactDraft.Field: FieldProblem], _ words: Words) -> [String] {
        problems.sorted { $0.key < $1.key }.map {
            "  " + words("%1$@: %2$@", $0.key.rawValue, problem($0.value, words))
        }
    }

    /// What is wrong with a field, in the user's words: `needs a domain after the @, like ann@example.org`. A
    /// sentence of the rules this feature does not know is said as they wrote it (in English).
    static func problem(_ problem: FieldProblem, _ words: Words) -> String {
        let rule = problem.rule
        switch rule {
        case .tooManyBytes(let bytes, let maximum):
            return words.count("is too long to store: %lld bytes (at most %2$@)", bytes, words.number(maximum))
        case .stackedMarks(let marks, let maximum):
            return words.count(
                "has a character with %lld combining marks (at most %2$@ on one character)", marks,
                words.number(maximum))
        case .controlCharacter(let code):
            return words("must not contain control characters (found %@)", code)
        case .required:
            return words("is required")
        case .tooShort(let minimum, let length):
            return words.count("must be at least %lld characters (it has %2$@)", minimum, words.number(length))
        case .tooLong(let maximum, let length):
            return words.count("must be at most %lld characters (it has %2$@)", maximum, words.number(length))
        case .spaces:
            return words("must not contain spaces")
        case .longerThan(let maximum):
            return words.count("must be at most %lld characters", maximum)
        case .noAt:
            return words("needs an @ between the name and the domain, like ann@example.org")
        case .severalAts(let count):
            return words("must contain exactly one @ (it has %@)", words.number(count))
        case .nothingBeforeAt:
            return words("needs a name before the @, like ann@example.org")
        case .nothingAfterAt:
            return words("needs a domain after the @, like ann@example.org")
        case .longBeforeAt(let maximum):
            return words.count("has more than %lld characters before the @", maximum)
        case .misplacedDots:
            return words("must not start or end with a dot, or have two dots in a row, before the @")
        case .characterBeforeAt(let character):
            return words("must not contain '%@' before the @", character)
        case .undottedDomain(let domain):
            return words("needs a dotted domain after the @, like example.org (not '%@')", domain)
        case .emptyDomainPart(let domain):
            return words("has an empty part in its domain '%@'", domain)
        case .longDomainPart(let maximum):
            return words.count("has a domain part longer than %lld characters", maximum)
        case .hyphenatedDomainPart:
            return words("has a domain part that starts or ends with a hyphen")
        case .characterInDomain(let character):
            return words("must not contain '%@' in its domain", character)
        case .topLevelDomain(let top):
            return words("must end in a real top-level domain (letters, at least two), not '.%@'", top)
        case .plusNotFirst:
            return words("may have a + only at the start")
        case .characterInPhone(let character):
            return words("may contain only digits, spaces, dashes and a leading + (found '%@')", character)
        case .phoneDigits(let minimum, let maximum, let digits):
            return words.count(
                "must have %2$@ to %lld digits (it has %3$@)", maximum, words.number(minimum), words.number(digits))
        }
    }

    /// The message refused for its fields: every problem in the user's words; the JSON's details in the rules' own
    /// (English) sentences.
    static func validationError(_ problems: [ContactDraft.Field: FieldProblem], _ words: Words) -> CommandError {
        let message =
            ([words.count("The message was not sent: %lld fields are not valid.", problems.count)]
            + problemLines(problems, words))
            .joined(separator: "\n")
        return .failure(
            "validation", message,
            details: Dictionary(uniqueKeysWithValues: problems.map { ($0.key.rawValue, $0.value.sentence) }),
            kind: .invalidInput)
    }

    /// What became of a submitted message, in words: where it is and what happens next. The reasons are the
    /// server's or the delivery's own, as they were given.
    static func receipt(
        _ submission: ContactFormViewModel.Submission, outboxPath: String, now: Date, words: Words
    ) -> String {
        let id = submission.id
        switch submission.result {
        case .sent(let destination):
            return words(
                "Sent to %1$@. Message %2$@ is recorded as sent in the outbox (%3$@).",
                destination ?? words("the server"),
                id, outboxPath)
        case .notConfigured:
            return words(
                "Saved in the outbox (%1$@) as message %2$@, not sent: no contact endpoint is configured (set SKYLENS_CONTACT_URL). Nothing is lost; it will be delivered once one is ('contact retry').",
                outboxPath, id)
        case .queued(let reason, let next):
            return words(
                "Saved in the outbox (%1$@) as message %2$@, not delivered yet: %3$@ It will be retried %4$@ and whenever SkyLens starts; 'contact retry' tries now.",
                outboxPath, id, words(reason), relative(next, from: now, words))
        case .busy:
            return words(
                "Saved in the outbox (%1$@) as message %2$@; another SkyLens session is delivering it.", outboxPath, id)
        case .rejected(let reason):
            return words(
                "The server refused message %1$@: %2$@. It is kept in the outbox (%3$@) marked failed.", id,
                words(reason),
                outboxPath)
        }
    }

    /// A message's delivery state in the outbox list: `queued`, `sent`, `failed`.
    static func stateWord(_ state: OutboxEntry.State, _ words: Words) -> String {
        switch state {
        case .queued: words("queued")
        case .sent: words("sent")
        case .failed: words("failed")
        }
    }

    static func outbox(
        _ entries: [OutboxEntry], counts: [OutboxEntry.State: Int], now: Date, painter: Painter, words: Words
    ) -> String {
        guard !entries.isEmpty else { return words("The outbox is empty: no message has been written yet.") }
        let summary = [OutboxEntry.State.queued, .sent, .failed].compactMap { state -> String? in
            guard let n = counts[state], n > 0 else { return nil }
            switch state {
            case .queued: return words.count("%lld queued", n)
            case .sent: return words.count("%lld sent", n)
            case .failed: return words.count("%lld failed", n)
            }
        }.joined(separator: words.comma)
        var lines = [words("Outbox: %@", summary), ""]
        // The states in a column as wide as the widest of them in the language.
        let stateWidth = OutboxEntry.State.allCases.map { DisplayWidth.columns(of: stateWord($0, words)) }.max()!
        for entry in entries {
            let word = DisplayWidth.pad(stateWord(entry.state, words), to: stateWidth)
            let state: String =
                switch entry.state {
                case .queued: painter.paint(word, .yellow)
                case .sent: painter.paint(word, .green)
                case .failed: painter.paint(word, .red)
                }
            let subject = DisplayWidth.truncated(TerminalText.sanitize(entry.message.subject), toColumns: 40)
            lines.append(
                "\(state)  \(written(entry.message.createdAt, words))  \(entry.message.id.prefix(8))  \(subject)")
            let indent = String(repeating: " ", count: stateWidth + 2)
            switch entry.state {
            case .queued:
                var detail = [words("attempts: %@", words.number(entry.attempts))]
                if let next = entry.nextAttemptAt, entry.attempts > 0 {
                    detail.append(words("next try %@", relative(next, from: now, words)))
                }
                if let error = entry.lastError {
                    detail.append(words("last error: %@", TerminalText.sanitize(words(error))))
                }
                lines.append(indent + detail.joined(separator: words.comma))
            case .failed:
                let reason = entry.lastError.map { TerminalText.sanitize(words($0)) } ?? words("unknown reason")
                lines.append(indent + words("refused: %@", reason))
            case .sent:
                break
            }
        }
        return lines.joined(separator: "\n")
    }

    /// When a message was written, to the minute in UTC, in the language's conventions: `Wed 18 Nov 11:07 UTC`.
    static func written(_ date: Date, _ words: Words) -> String {
        let utc = TimeZone(identifier: "UTC")!
        // To the minute it was written in, not the nearest.
        let minute = Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 60).rounded(.down) * 60)
        return words("%1$@ %2$@ UTC", words.shortDate(minute, utc), words.time(minute, utc, hours24: true))
    }

    /// "in 30 s", "in 4 min", "now".
    static func relative(_ date: Date, from now: Date, _ words: Words) -> String {
        let seconds = Int(date.timeIntervalSince(now).rounded())
        if seconds <= 0 { return words("now") }
        if seconds < 90 { return words.count("in %lld s", seconds) }
        if seconds < 90 * 60 { return words.count("in %lld min", Int((Double(seconds) / 60).rounded())) }
        return words.count("in %lld h", Int((Double(seconds) / 3600).rounded()))
    }

    /// What `contact retry` came to: `Delivered 1 of 2 attempted. Stopped: … 1 still queued.`
    static func retry(_ retry: OutboxViewModel.Retry, _ words: Words) -> String {
        guard retry.attempted > 0 else { return words("Nothing to deliver: no message is queued.") }
        var sentences = [words.count("Delivered %2$@ of %lld attempted.", retry.attempted, words.number(retry.sent))]
        switch retry.last {
        case .notConfigured: sentences.append(words("No contact endpoint is configured (set SKYLENS_CONTACT_URL)."))
        case .queued(let reason, _): sentences.append(words("Stopped: %@", words(reason)))
        case .rejected(let reason): sentences.append(words("Refused by the server: %@.", words(reason)))
        case .busy: sentences.append(words("Another SkyLens session is delivering the rest."))
        case .sent, nil: break
        }
        if retry.stillQueued > 0 { sentences.append(words.count("%lld still queued.", retry.stillQueued)) }
        return sentences.joined(separator: " ")
    }
}

extension ContactValidation {
    /// A field as the review shows it: trimmed, made safe for the terminal, newlines kept.
    static func trimmedForDisplay(_ text: String) -> String {
        TerminalText.sanitize(text.trimmingSpacesAndNewlines, allowNewlines: true)
    }
}
