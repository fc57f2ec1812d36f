import Architecture
import ContactService
import CoreKit
import Localization

/// `contact`: the form, which asks each field.
struct ContactCommand: FeatureCommand {
    static let declaration = CommandDeclaration(
        "contact", summary: "Write to the SkyLens team: a form that asks each field",
        discussion: """
            Asks your name, email, phone (optional: press Enter to skip), subject and message (several \
            lines; end it with a line holding only a dot; type '..' for a line that is just a dot). Then it \
            shows every problem at once; fix fields with 'edit FIELD', send with 'submit', discard with \
            'cancel'. An accepted message is saved in the outbox before it is sent, so nothing is lost.
            """, examples: ["contact"])

    init(arguments: ParsedArguments) {}

    func run(_ models: ContactModels, context: CommandContext) async throws(CommandError) -> CommandOutput {
        context.router.pop(through: ContactForm.self)
        return try await context.navigate(to: ContactForm())
    }
}

/// `contact send --name … --email … [--phone …] --subject … --message …`: the form in one line.
struct ContactSendCommand: FeatureCommand {
    static let name = Argument.option("name", value: "TEXT", help: "Your name, 1 to 100 characters").required
    static let email = Argument.option("email", value: "ADDRESS", help: "Where the team can answer you").required
    static let phone = Argument.option(
        "phone", value: "NUMBER", help: "7 to 15 digits, with an optional + and spaces or dashes")
    static let subject = Argument.option("subject", value: "TEXT", help: "1 to 150 characters").required
    static let message = Argument.option("message", value: "TEXT", help: "10 to 5,000 characters").required
    static let declaration = CommandDeclaration(
        "contact send", arguments: [name, email, phone, subject, message], summary: "Send a message in one line",
        discussion:
            "Checks every field as the form does and reports every problem at once. Exits 0 once the message is sent or safely queued, 1 when a field is not valid or the server refused it.",
        examples: [#"contact send --name Ann --email ann@example.org --subject Hi --message "Hello there, team""#])

    var draft: ContactDraft

    init(arguments: ParsedArguments) {
        draft = ContactDraft(
            name: arguments[Self.name], email: arguments[Self.email], phone: arguments[Self.phone] ?? "",
            subject: arguments[Self.subject], message: arguments[Self.message])
    }

    func run(_ models: ContactModels, context: CommandContext) async throws(CommandError) -> CommandOutput {
        // Its own view model: a one-line message leaves a draft in the form alone.
        let oneLine = ContactFormViewModel(submitter: models.submitter)
        await oneLine.send(.draftSubmitted(draft))
        return try ContactOutput(models, context).receipt(oneLine.state)
    }
}

/// `contact outbox`: the messages written so far and their delivery state.
struct ContactOutboxCommand: FeatureCommand {
    static let declaration = CommandDeclaration(
        "contact outbox", summary: "List the messages written so far and their delivery state",
        discussion:
            "Queued messages are retried with backoff whenever SkyLens starts, and at once with 'contact retry'.",
        examples: ["contact outbox"])

    init(arguments: ParsedArguments) {}

    func run(_ models: ContactModels, context: CommandContext) async throws(CommandError) -> CommandOutput {
        let words = Words(models.catalogue, language: context.language)
        await models.outbox.send(.listRequested)
        let state = models.outbox.state
        if let failure = state.failure { throw .failure("storage", words(failure.sentence)) }
        var text = ContactViews.outbox(
            state.entries, counts: state.counts, now: models.now(), painter: context.painter, words: words)
        if state.total > state.entries.count {
            text +=
                "\n\n"
                + words.count(
                    "Showing the newest %2$@ of %lld messages.", state.total, words.number(state.entries.count))
        }
        return CommandOutput(text: text, json: OutboxDocument(state))
    }
}

/// `contact retry`: every queued message tried now.
struct ContactRetryCommand: FeatureCommand {
    static let declaration = CommandDeclaration(
        "contact retry", summary: "Try to deliver every queued message now", examples: ["contact retry"])

    init(arguments: ParsedArguments) {}

    func run(_ models: ContactModels, context: CommandContext) async throws(CommandError) -> CommandOutput {
        let words = Words(models.catalogue, language: context.language)
        await models.outbox.send(.retryRequested)
        if let failure = models.outbox.state.failure { throw .failure("storage", words(failure.sentence)) }
        guard let retry = models.outbox.state.retry else { throw .failure("internal", words("Nothing was tried.")) }
        let text = ContactViews.retry(retry, words)
        if retry.attempted > 0 && retry.sent == 0 { throw .failure("delivery_failed", text, kind: .temporary) }
        return CommandOutput(text: text, json: RetryDocument(retry))
    }
}
