import Architecture
import ContactService
import CoreKit
import Foundation

/// Text renderings of the contact feature's states: pure functions, checked by golden files.
enum ContactViews {
    /// The form under review: every field and every problem at once.
    static func review(_ state: ContactFormViewModel.State, painter: Painter) -> String {
        var lines = [painter.paint("Your message", .bold)]
        let width = ContactDraft.Field.allCases.map(\.label.count).max()! + 1
        for field in ContactDraft.Field.allCases {
            let label = (field.label + ":").padding(toLength: width, withPad: " ", startingAt: 0)
            let value = ContactValidation.trimmedForDisplay(state.draft[field])
            let shown = value.isEmpty ? painter.paint(field.isOptional ? "(none)" : "(empty)", .dim) : value
            let marker = state.problems[field] == nil ? " " : painter.paint("✗", .red)
            let valueLines = shown.components(separatedBy: "\n")
            lines.append("\(marker) \(label) \(valueLines[0])")
            for more in valueLines.dropFirst() {
                lines.append("  " + String(repeating: " ", count: width) + " " + more)
            }
        }
        lines.append("")
        if state.problems.isEmpty {
            // The hint on a line of its own: a line with colour in it is cut at the edge, not broken, and "'cancel'
            // discar…" was all a narrow terminal showed.
            lines.append(painter.paint("Ready to send.", .green))
            lines.append("'submit' sends it, 'edit FIELD' changes a field, 'cancel' discards it.")
        } else {
            let count = state.problems.count
            lines.append(painter.paint("\(count) field\(count == 1 ? " needs" : "s need") attention:", .yellow))
            lines.append(contentsOf: problemLines(state.problems))
            lines.append("")
            lines.append(
                "'edit FIELD' changes a field (edit email), 'submit' sends once all are fine, 'cancel' discards.")
        }
        return lines.joined(separator: "\n")
    }

    /// `  email: needs a domain after the @`, in form order.
    static func problemLines(_ problems: [ContactDraft.Field: String]) -> [String] {
        problems.sorted { $0.key < $1.key }.map { "  \($0.key.rawValue): \($0.value)" }
    }

    static func validationError(_ problems: [ContactDraft.Field: String]) -> CommandError {
        let count = problems.count
        let message =
            (["The message was not sent: \(count) field\(count == 1 ? " is" : "s are") not valid."]
            + problemLines(problems))
            .joined(separator: "\n")
        return .failure(
            "validation", message,
            details: Dictionary(uniqueKeysWithValues: problems.map { ($0.key.rawValue, $0.value) }), kind: .invalidInput
        )
    }

    /// What became of a submitted message, in words: where it is and what happens next.
    static func receipt(_ submission: ContactFormViewModel.Submission, outboxPath: String, now: Date) -> String {
        let id = submission.id
        switch submission.result {
        case .sent(let destination):
            return "Sent to \(destination). Message \(id) is recorded as sent in the outbox (\(outboxPath))."
        case .notConfigured:
            return """
                Saved in the outbox (\(outboxPath)) as message \(id), not sent: no contact endpoint is configured \
                (set SKYLENS_CONTACT_URL). Nothing is lost; it will be delivered once one is ('contact retry').
                """
        case .queued(let reason, let next):
            return """
                Saved in the outbox (\(outboxPath)) as message \(id), not delivered yet: \(reason) \
                It will be retried \(relative(next, from: now)) and whenever SkyLens starts; 'contact retry' tries now.
                """
        case .busy:
            return "Saved in the outbox (\(outboxPath)) as message \(id); another SkyLens session is delivering it."
        case .rejected(let reason):
            return
                "The server refused message \(id): \(reason). It is kept in the outbox (\(outboxPath)) marked failed."
        }
    }

    static func outbox(
        _ entries: [OutboxEntry], counts: [OutboxEntry.State: Int], now: Date, painter: Painter
    ) -> String {
        guard !entries.isEmpty else { return "The outbox is empty: no message has been written yet." }
        let summary = [OutboxEntry.State.queued, .sent, .failed].compactMap { state -> String? in
            guard let n = counts[state], n > 0 else { return nil }
            return "\(n) \(state.rawValue)"
        }.joined(separator: ", ")
        var lines = ["Outbox: \(summary)", ""]
        for entry in entries {
            let state: String =
                switch entry.state {
                case .queued: painter.paint("queued", .yellow)
                case .sent: painter.paint("sent  ", .green)
                case .failed: painter.paint("failed", .red)
                }
            let subject = TerminalText.sanitize(entry.message.subject)
            let shortSubject = subject.count > 40 ? String(subject.prefix(39)) + "…" : subject
            lines.append(
                "\(state)  \(utcMinute(entry.message.createdAt))  \(entry.message.id.prefix(8))  \(shortSubject)")
            switch entry.state {
            case .queued:
                var detail = "attempts: \(entry.attempts)"
                if let next = entry.nextAttemptAt, entry.attempts > 0 {
                    detail += ", next try \(relative(next, from: now))"
                }
                if let error = entry.lastError { detail += ", last error: \(TerminalText.sanitize(error))" }
                lines.append("        \(detail)")
            case .failed:
                lines.append("        refused: \(TerminalText.sanitize(entry.lastError ?? "unknown reason"))")
            case .sent:
                break
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `2026-11-18 11:07Z`
    static func utcMinute(_ date: Date) -> String {
        let iso = date.formatted(.iso8601)  // 2026-11-18T11:07:40Z
        return String(iso.prefix(10)) + " " + String(iso.dropFirst(11).prefix(5)) + "Z"
    }

    /// "in 30 s", "in 4 min", "now".
    static func relative(_ date: Date, from now: Date) -> String {
        let seconds = Int(date.timeIntervalSince(now).rounded())
        if seconds <= 0 { return "now" }
        if seconds < 90 { return "in \(seconds) s" }
        if seconds < 90 * 60 { return "in \(Int((Double(seconds) / 60).rounded())) min" }
        return "in \(Int((Double(seconds) / 3600).rounded())) h"
    }

    /// What `contact retry` came to: `Delivered 1 of 2 attempted. Stopped: … 1 still queued.`
    static func retry(_ retry: OutboxViewModel.Retry) -> String {
        guard retry.attempted > 0 else { return "Nothing to deliver: no message is queued." }
        var text = "Delivered \(retry.sent) of \(retry.attempted) attempted."
        switch retry.last {
        case .notConfigured: text += " No contact endpoint is configured (set SKYLENS_CONTACT_URL)."
        case .queued(let reason, _): text += " Stopped: \(reason)"
        case .rejected(let reason): text += " Refused by the server: \(reason)."
        case .busy: text += " Another SkyLens session is delivering the rest."
        case .sent, nil: break
        }
        if retry.stillQueued > 0 { text += " \(retry.stillQueued) still queued." }
        return text
    }
}

extension ContactValidation {
    /// A field as the review shows it: trimmed, made safe for the terminal, newlines kept.
    static func trimmedForDisplay(_ text: String) -> String {
        TerminalText.sanitize(text.trimmingCharacters(in: .whitespacesAndNewlines), allowNewlines: true)
    }
}
