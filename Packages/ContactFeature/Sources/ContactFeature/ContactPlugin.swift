import Architecture
import ContactService
import CoreKit
import Foundation
import Localization
import Logging

/// The contact form, as a plugin of the App. This file is the feature's whole public API.
///
/// Commands (one type each in `Commands/`): `contact` (the interactive form, with `edit`, `submit`, `cancel`, `show`
/// inside it), `contact send` (the same in one line), `contact outbox`, `contact retry`. Every accepted message is written to
/// the outbox table first, then delivered; see `docs/features/contact.md`.
@MainActor
public final class ContactPlugin: FeaturePlugin {

    private let models: ContactModels

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
        models = ContactModels(
            form: ContactFormViewModel(submitter: submitter),
            outbox: OutboxViewModel(outbox: outbox, courier: courier, logger: logger), submitter: submitter,
            outboxPath: outbox.location.terminalSafe, now: now)
    }

    public var name: String { "Contact" }
    public var words: StringCatalogSource? { models.catalogue }
    public var routes: [RouteSpec] { [RouteSpec(ContactForm.self, label: "contact", asksQuestions: true)] }

    /// Its commands, one type each (`Commands/`).
    public var commands: [RegisteredCommand] {
        [
            RegisteredCommand(ContactCommand.self, on: models), RegisteredCommand(ContactSendCommand.self, on: models),
            RegisteredCommand(ContactOutboxCommand.self, on: models),
            RegisteredCommand(ContactRetryCommand.self, on: models), RegisteredCommand(EditCommand.self, on: models),
            RegisteredCommand(SubmitCommand.self, on: models), RegisteredCommand(CancelCommand.self, on: models),
            RegisteredCommand(ShowCommand.self, on: models),
        ]
    }

    public func present(
        _ destination: AnyDestination, context: CommandContext
    ) async throws(CommandError) -> CommandOutput {
        try await ContactOutput(models, context).openForm()
    }

    /// `back` or `home` from the form keeps the draft for the next `contact`; only `cancel` and `submit` end it.
    public func destinationDismissed(_ destination: AnyDestination) async {
        if destination.is(ContactForm.self) { await models.form.send(.formLeft) }
    }

    public func sessionStarted(context: CommandContext) async { await models.outbox.send(.sessionStarted) }

    public func sessionEnded() async { await models.outbox.send(.sessionEnded) }

    public var attributions: [Attribution] {
        [
            Attribution(
                "Contact", detail: "messages go to the endpoint set by SKYLENS_CONTACT_URL", licence: "your own words")
        ]
    }
}

/// The contact form on screen: the feature's own destination (no other feature opens it).
struct ContactForm: Destination {
    static let feature = "Contact"
}
