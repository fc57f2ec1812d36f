import Architecture
import ContactService
import CoreKit
import Foundation
import Logging

/// The contact form, as a plugin of the App. This file is the feature's whole public API.
///
/// Commands: `contact` (the interactive form, with `edit`, `submit`, `cancel`, `show` inside it),
/// `contact send` (the same in one line), `contact outbox`, `contact retry`. Every accepted message is written to
/// the outbox table first, then delivered; see `docs/features/contact.md`.
@MainActor
public final class ContactPlugin: FeaturePlugin {

    private let outbox: OutboxClient
    private let courier: Courier
    private let submitter: Submitter
    private let now: @Sendable () -> Date
    private let logger: Logger
    private let form: ContactFormViewModel
    private let outboxModel: OutboxViewModel
    private var formQuestionsAsked = false
    /// The form was left with `back` or `home`: the next `contact` shows the draft again instead of a new form.
    private var draftKept = false
    private var backgroundDelivery: Task<Void, Never>?

    /// - Parameters:
    ///   - client: delivers messages (`ContactClient.live`, or `.unconfigured` when no endpoint is set).
    ///   - outbox: where accepted messages wait for delivery (`OutboxClient.sqlite` in the App).
    ///   - requestTimeout: the HTTP timeout; a message is claimed for longer than that while it is being sent.
    ///   - now: the clock.
    ///   - makeID: new message ids (UUIDs in the App).
    public init(
        client: ContactClient, outbox: OutboxClient, logger: Logger, requestTimeout: Duration,
        now: @escaping @Sendable () -> Date, makeID: @escaping @Sendable () -> String
    ) {
        let claim = Double(requestTimeout.components.seconds) + 60
        let courier = Courier(store: outbox, client: client, now: now, logger: logger, claimDuration: claim)
        let submitter = Submitter(store: outbox, courier: courier, now: now, makeID: makeID)
        self.outbox = outbox
        self.courier = courier
        self.submitter = submitter
        self.now = now
        self.logger = logger
        self.form = ContactFormViewModel(submitter: submitter)
        self.outboxModel = OutboxViewModel(outbox: outbox, courier: courier)
    }

    public var name: String { "Contact" }
    public var routes: [RouteSpec] { [RouteSpec(ContactForm.self, label: "contact", asksQuestions: true)] }

    public var commands: [CommandSpec] {
        let fields = Completion.values(ContactDraft.Field.allCases.map(\.rawValue))
        return [
            CommandSpec(
                "contact", summary: "Write to the SkyLens team: a form that asks each field",
                discussion: """
                    Asks your name, email, phone (optional: press Enter to skip), subject and message (several \
                    lines; end it with a line holding only a dot; type '..' for a line that is just a dot). Then it \
                    shows every problem at once; fix fields with 'edit FIELD', send with 'submit', discard with \
                    'cancel'. An accepted message is saved in the outbox before it is sent, so nothing is lost.
                    """),
            CommandSpec(
                "contact send",
                arguments: [
                    .option("name", value: "TEXT", help: "Your name, 1 to 100 characters", required: true),
                    .option("email", value: "ADDRESS", help: "Where the team can answer you", required: true),
                    .option("phone", value: "NUMBER", help: "7 to 15 digits, with an optional + and spaces or dashes"),
                    .option("subject", value: "TEXT", help: "1 to 150 characters", required: true),
                    .option("message", value: "TEXT", help: "10 to 5,000 characters", required: true),
                ],
                summary: "Send a message in one line",
                discussion:
                    "Checks every field as the form does and reports every problem at once. Exits 0 once the message is sent or safely queued, 1 when a field is not valid or the server refused it.",
                examples: [
                    #"contact send --name Ann --email ann@example.org --subject Hi --message "Hello there, team""#
                ]),
            CommandSpec(
                "contact outbox", summary: "List the messages written so far and their delivery state",
                discussion:
                    "Queued messages are retried with backoff whenever SkyLens starts, and at once with 'contact retry'."
            ),
            CommandSpec(
                "contact retry", summary: "Try to deliver every queued message now"),
            CommandSpec(
                "edit",
                arguments: [
                    .positional("field", help: "name, email, phone, subject or message", completion: fields),
                    .remainder("value", help: "The new value; asked for when left out"),
                ], summary: "Change a field of the form", scope: .within(ContactForm.self),
                examples: ["edit email ann@example.org", "edit message"]),
            CommandSpec("submit", summary: "Send the message", scope: .within(ContactForm.self)),
            CommandSpec(
                "cancel", summary: "Discard the message and close the form", scope: .within(ContactForm.self)),
            CommandSpec("show", summary: "Show the form again", scope: .within(ContactForm.self)),
        ]
    }

    public func run(_ invocation: Invocation, context: CommandContext) async throws(CommandError) -> CommandOutput {
        let arguments = invocation.arguments
        switch invocation.command.name {
        case "contact":
            context.router.pop(through: ContactForm.self)
            return try await context.navigate(to: ContactForm())
        case "contact send":
            let draft = ContactDraft(
                name: arguments["name"] ?? "", email: arguments["email"] ?? "", phone: arguments["phone"] ?? "",
                subject: arguments["subject"] ?? "", message: arguments["message"] ?? "")
            // Its own view model: a one-line message leaves a draft in the form alone.
            let oneLine = ContactFormViewModel(submitter: submitter)
            await oneLine.send(.draftSubmitted(draft))
            return try receiptOutput(oneLine.state)
        case "contact outbox":
            return try await outbox(context)
        case "contact retry":
            return try await retry()
        case "edit":
            return try await edit(arguments, context: context)
        case "submit":
            await form.send(.submitRequested)
            let output = try receiptOutput(form.state)
            closeForm(context)
            return output
        case "cancel":
            closeForm(context)
            return CommandOutput(text: "Discarded; nothing was sent.", json: StatusDocument(status: "discarded"))
        case "show":
            return reviewOutput(context)
        default:
            throw .usage("Unknown contact command '\(invocation.command.name)'.")
        }
    }

    public func present(
        _ destination: AnyDestination, context: CommandContext
    ) async throws(CommandError) -> CommandOutput {
        if draftKept {
            draftKept = false
            let review = reviewOutput(context)
            return CommandOutput(
                text: "Your unsent message, as you left it ('cancel' discards it):\n\n" + review.text, json: review.json
            )
        }
        if !formQuestionsAsked {
            formQuestionsAsked = true
            await form.send(.discardRequested)
            if context.terminal.isInteractive {
                context.emit("New message to the SkyLens team. Ctrl-C or Ctrl-D cancels.")
            }
            for field in ContactDraft.Field.allCases {
                guard let value = await ask(field, context: context) else {
                    closeForm(context)
                    if Task.isCancelled { throw .failure("cancelled", "The form was closed; nothing was sent.") }
                    throw .failure("cancelled", "The input ended before the form was complete; nothing was sent.")
                }
                await form.send(.fieldEntered(field, value))
            }
        }
        return reviewOutput(context)
    }

    /// `back` or `home` from the form keeps the draft for the next `contact`; only `cancel` and `submit` end it.
    public func destinationDismissed(_ destination: AnyDestination) {
        if destination.is(ContactForm.self), formQuestionsAsked { draftKept = true }
    }

    public func sessionStarted(context: CommandContext) async {
        let courier = self.courier
        let logger = self.logger
        backgroundDelivery = Task.detached(priority: .utility) {
            do throws(StoreError) {
                let results = try await courier.deliverDue(force: false)
                if !results.isEmpty {
                    logger.info("outbox delivery at start", metadata: ["attempted": "\(results.count)"])
                }
            } catch {
                logger.warning("outbox delivery at start failed", metadata: ["error": "\(error.message)"])
            }
        }
    }

    /// Gives the delivery started with the session a few seconds to finish, then cancels it (its message stays
    /// queued), so that leaving never waits on a slow server.
    public func sessionEnded() async {
        guard let delivery = backgroundDelivery else { return }
        let deadline = Task {
            try? await Task.sleep(for: .seconds(3))
            delivery.cancel()
        }
        await delivery.value
        deadline.cancel()
    }

    public var attributions: [Attribution] {
        [
            Attribution(
                "Contact", detail: "messages go to the endpoint set by SKYLENS_CONTACT_URL", licence: "your own words")
        ]
    }

    // MARK: - Steps

    private func ask(_ field: ContactDraft.Field, context: CommandContext) async -> String? {
        switch field {
        case .message:
            if context.terminal.isInteractive { context.emit("Message (end with a line holding only '.'):") }
            var lines: [String] = []
            while let line = await context.ask("  ") {
                if line == "." { return lines.joined(separator: "\n") }
                lines.append(line == ".." ? "." : line)
            }
            return nil
        case .phone:
            return await context.ask("Phone (optional, Enter to skip): ")
        default:
            return await context.ask("\(field.label): ")
        }
    }

    private func edit(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) -> CommandOutput
    {
        let name = (arguments["field"] ?? "").lowercased()
        guard let field = ContactDraft.Field(rawValue: name) else {
            let names = ContactDraft.Field.allCases.map(\.rawValue)
            let near = Suggestions.nearest(to: name, among: names).first.map { " Did you mean '\($0)'?" } ?? ""
            throw .usage(
                "There is no field '\(name.terminalPreview)'.\(near) Fields: \(names.joined(separator: ", ")).")
        }
        let value: String
        if !arguments.remainder.isEmpty {
            value = arguments.remainder.joined(separator: " ")
        } else if let asked = await ask(field, context: context) {
            value = asked
        } else {
            let why = Task.isCancelled ? "Cancelled" : "The input ended"
            throw .failure("cancelled", "\(why); \(field.rawValue) was not changed.")
        }
        await form.send(.fieldEntered(field, value))
        return reviewOutput(context)
    }

    private func outbox(_ context: CommandContext) async throws(CommandError) -> CommandOutput {
        await outboxModel.send(.listRequested)
        let state = outboxModel.state
        if let failure = state.failure { throw .failure("storage", failure) }
        let document = OutboxDocument(total: state.total, messages: state.entries.map(OutboxDocument.Message.init))
        var text = ContactViews.outbox(state.entries, counts: state.counts, now: now(), painter: context.painter)
        if state.total > state.entries.count {
            text += "\n\nShowing the newest \(state.entries.count) of \(state.total) messages."
        }
        return CommandOutput(text: text, json: document)
    }

    private func retry() async throws(CommandError) -> CommandOutput {
        await backgroundDelivery?.value
        await outboxModel.send(.retryRequested)
        if let failure = outboxModel.state.failure { throw .failure("storage", failure) }
        guard let retry = outboxModel.state.retry else { throw .failure("internal", "Nothing was tried.") }
        let text = ContactViews.retry(retry)
        let document = RetryDocument(attempted: retry.attempted, sent: retry.sent, queued: retry.stillQueued)
        if retry.attempted > 0 && retry.sent == 0 { throw .failure("delivery_failed", text, kind: .temporary) }
        return CommandOutput(text: text, json: document)
    }

    private func reviewOutput(_ context: CommandContext) -> CommandOutput {
        let state = form.state
        return CommandOutput(
            text: ContactViews.review(state, painter: context.painter),
            json: FormDocument(
                fields: Dictionary(
                    uniqueKeysWithValues: ContactDraft.Field.allCases.map { ($0.rawValue, state.draft[$0]) }),
                problems: Dictionary(uniqueKeysWithValues: state.problems.map { ($0.key.rawValue, $0.value) })))
    }

    /// The receipt of a submission, or why there is none (problems with the fields, the outbox not writable).
    private func receiptOutput(_ state: ContactFormViewModel.State) throws(CommandError) -> CommandOutput {
        if !state.problems.isEmpty { throw ContactViews.validationError(state.problems) }
        if let failure = state.failure {
            // Kept first, then sent: a message that cannot be kept is not sent either, and never said kept.
            throw .failure(
                "not_kept",
                "The message was not sent: it could not be kept in the outbox first (\(failure.trimmingCharacters(in: CharacterSet(charactersIn: ".")))). Nothing was sent or kept.",
                kind: .notKept)
        }
        guard let submission = state.submission else { throw .failure("internal", "The message was not submitted.") }
        let text = ContactViews.receipt(submission, outboxPath: outboxPath, now: now())
        let document = SubmissionDocument(submission, outbox: outboxPath)
        if case .rejected = submission.result { throw .failure("rejected", text, details: ["id": submission.id]) }
        return CommandOutput(text: text, json: document)
    }

    private var outboxPath: String {
        outbox.location.terminalSafe
    }

    private func closeForm(_ context: CommandContext) {
        context.router.pop(through: ContactForm.self)
        resetForm()
        draftKept = false
    }

    /// The next `contact` starts a new form (the draft is discarded when it is shown).
    private func resetForm() {
        formQuestionsAsked = false
    }
}

/// The contact form on screen: the feature's own destination (no other feature opens it).
struct ContactForm: Destination {
    static let feature = "Contact"
}
