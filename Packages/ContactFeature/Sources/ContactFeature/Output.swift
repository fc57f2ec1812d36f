import Architecture
import ContactService
import CoreKit
import Foundation
import Localization

/// What the contact commands run with: the form and the outbox (view models), and what a one-line message needs.
@MainActor
struct ContactModels {
    let form: ContactFormViewModel
    let outbox: OutboxViewModel
    /// Puts a message in the outbox and tries it once: `contact send` makes its own form with it.
    let submitter: Submitter
    /// Where the outbox is, as the receipt says.
    let outboxPath: String
    let now: @Sendable () -> Date
    /// The feature's words in every language (its String Catalog), read when first needed.
    let catalogue = StringCatalogSource(bundle: "ContactFeature_ContactFeature")
}

/// The models' state as a command's output, and the form's questions (asked through the context).
@MainActor
struct ContactOutput {
    let models: ContactModels
    let context: CommandContext

    init(_ models: ContactModels, _ context: CommandContext) {
        self.models = models
        self.context = context
    }

    /// The feature's words in the user's language.
    var words: Words { Words(models.catalogue, language: context.language) }

    /// The form on screen: the draft kept from the last time, or a new one whose questions are asked now.
    func openForm() async throws(CommandError) -> CommandOutput {
        let form = models.form
        if form.state.stage == .keptAside {
            await form.send(.keptDraftShown)
            return review(heading: words("Your unsent message, as you left it ('cancel' discards it):") + "\n\n")
        }
        if form.state.stage == .new {
            await form.send(.questionsStarted)
            if context.terminal.isInteractive {
                context.emit(words("New message to the SkyLens team. Ctrl-C or Ctrl-D cancels."))
            }
            for field in ContactDraft.Field.allCases {
                guard let value = await ask(field) else {
                    await closeForm()
                    if Task.isCancelled { throw .failure("cancelled", words("The form was closed; nothing was sent.")) }
                    throw .failure(
                        "cancelled", words("The input ended before the form was complete; nothing was sent."))
                }
                await form.send(.fieldEntered(field, value))
            }
        }
        return review()
    }

    /// Asks one field; the message takes several lines, ended by a line holding only a dot. Nil at the end of input
    /// or when cancelled.
    func ask(_ field: ContactDraft.Field) async -> String? {
        switch field {
        case .message:
            if context.terminal.isInteractive { context.emit(words("Message (end with a line holding only '.'):")) }
            var lines: [String] = []
            while let line = await context.ask("  ") {
                if line == "." { return lines.joined(separator: "\n") }
                lines.append(line == ".." ? "." : line)
            }
            return nil
        case .phone:
            return await context.ask(words("Phone (optional, Enter to skip):") + " ")
        default:
            return await context.ask(words("%@:", ContactViews.label(field, words)) + " ")
        }
    }

    /// Leaves the form; the next `contact` starts a new one.
    func closeForm() async {
        context.router.pop(through: ContactForm.self)
        await models.form.send(.formClosed)
    }

    /// The draft and its problems (after `heading`, when there is one).
    func review(heading: String = "") -> CommandOutput {
        let state = models.form.state
        return CommandOutput(
            text: heading + ContactViews.review(state, painter: context.painter, words: words),
            json: FormDocument(state))
    }

    /// The receipt of a submission, or why there is none (problems with the fields, the outbox not writable).
    func receipt(_ state: ContactFormViewModel.State) throws(CommandError) -> CommandOutput {
        let words = self.words
        if !state.problems.isEmpty { throw ContactViews.validationError(state.problems, words) }
        if let failure = state.failure {
            // Kept first, then sent: a message that cannot be kept is not sent either, and never said kept.
            throw .failure(
                "not_kept",
                words(
                    "The message was not sent: it could not be kept in the outbox first (%@). Nothing was sent or kept.",
                    words(failure.sentence).trimmingCharacters(in: CharacterSet(charactersIn: ".。"))),
                kind: .notKept)
        }
        guard let submission = state.submission else {
            throw .failure("internal", words("The message was not submitted."))
        }
        let text = ContactViews.receipt(submission, outboxPath: models.outboxPath, now: models.now(), words: words)
        let document = SubmissionDocument(submission, outbox: models.outboxPath)
        if case .rejected = submission.result { throw .failure("rejected", text, details: ["id": submission.id]) }
        return CommandOutput(text: text, json: document)
    }
}

extension FormDocument {
    /// The draft's fields and their problems, by field name (the problems in the rules' own English sentences).
    init(_ state: ContactFormViewModel.State) {
        self.init(
            fields: Dictionary(
                uniqueKeysWithValues: ContactDraft.Field.allCases.map { ($0.rawValue, state.draft[$0]) }),
            problems: Dictionary(uniqueKeysWithValues: state.problems.map { ($0.key.rawValue, $0.value.sentence) }))
    }
}
