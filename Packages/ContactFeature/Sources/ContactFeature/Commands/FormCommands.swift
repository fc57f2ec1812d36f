import Architecture
import ContactService
import CoreKit

/// `edit FIELD [VALUE]` in the form: a field changed (asked for when no value is given).
struct EditCommand: FeatureCommand {
    static let field = Argument.positional(
        "field", help: "name, email, phone, subject or message",
        completion: .values(ContactDraft.Field.allCases.map(\.rawValue))
    ).required
    static let value = Argument.words("value", help: "The new value; asked for when left out")
    static let declaration = CommandDeclaration(
        "edit", arguments: [field, value], summary: "Change a field of the form", scope: .within(ContactForm.self),
        examples: ["edit email ann@example.org", "edit message"])

    var field: ContactDraft.Field
    /// Nil: asked for.
    var value: String?

    init(arguments: ParsedArguments) throws(CommandError) {
        let name = arguments[Self.field].lowercased()
        guard let field = ContactDraft.Field(rawValue: name) else {
            let names = ContactDraft.Field.allCases.map(\.rawValue)
            let near = Suggestions.nearest(to: name, among: names).first.map { " Did you mean '\($0)'?" } ?? ""
            throw .usage(
                "There is no field '\(name.terminalPreview)'.\(near) Fields: \(names.joined(separator: ", ")).")
        }
        self.field = field
        let words = arguments[Self.value]
        value = words.isEmpty ? nil : words.joined(separator: " ")
    }

    func run(_ models: ContactModels, context: CommandContext) async throws(CommandError) -> CommandOutput {
        let output = ContactOutput(models, context)
        let value: String
        if let given = self.value {
            value = given
        } else if let asked = await output.ask(field) {
            value = asked
        } else {
            let why = Task.isCancelled ? "Cancelled" : "The input ended"
            throw .failure("cancelled", "\(why); \(field.rawValue) was not changed.")
        }
        await models.form.send(.fieldEntered(field, value))
        return output.review()
    }
}

/// `submit` in the form: the message sent (kept in the outbox first), and the form closed.
struct SubmitCommand: FeatureCommand {
    static let declaration = CommandDeclaration(
        "submit", summary: "Send the message", scope: .within(ContactForm.self), examples: ["submit"])

    init(arguments: ParsedArguments) {}

    func run(_ models: ContactModels, context: CommandContext) async throws(CommandError) -> CommandOutput {
        let output = ContactOutput(models, context)
        await models.form.send(.submitRequested)
        let receipt = try output.receipt(models.form.state)
        await output.closeForm()
        return receipt
    }
}

/// `cancel` in the form: the draft discarded.
struct CancelCommand: FeatureCommand {
    static let declaration = CommandDeclaration(
        "cancel", summary: "Discard the message and close the form", scope: .within(ContactForm.self),
        examples: ["cancel"])

    init(arguments: ParsedArguments) {}

    func run(_ models: ContactModels, context: CommandContext) async throws(CommandError) -> CommandOutput {
        await ContactOutput(models, context).closeForm()
        return CommandOutput(text: "Discarded; nothing was sent.", json: StatusDocument(status: "discarded"))
    }
}

/// `show` in the form: the draft and its problems again.
struct ShowCommand: FeatureCommand {
    static let declaration = CommandDeclaration(
        "show", summary: "Show the form again", scope: .within(ContactForm.self), examples: ["show"])

    init(arguments: ParsedArguments) {}

    func run(_ models: ContactModels, context: CommandContext) async throws(CommandError) -> CommandOutput {
        ContactOutput(models, context).review()
    }
}
