import Architecture
import ContactService
import CoreKit
import Localization

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

    /// The field named; nil when `typed` names none (refused by `run`, in the user's words).
    var field: ContactDraft.Field?
    /// The field's name as typed, lowercased.
    var typed: String
    /// Nil: asked for.
    var value: String?

    init(arguments: ParsedArguments) {
        typed = arguments[Self.field].lowercased()
        field = ContactDraft.Field(rawValue: typed)
        let typedWords = arguments[Self.value]
        value = typedWords.isEmpty ? nil : typedWords.joined(separator: " ")
    }

    func run(_ models: ContactModels, context: CommandContext) async throws(CommandError) -> CommandOutput {
        let output = ContactOutput(models, context)
        let words = output.words
        guard let field else {
            // The fields' names are what `edit` takes: never translated.
            let names = ContactDraft.Field.allCases.map(\.rawValue)
            let list = names.joined(separator: ", ")
            if let near = Suggestions.nearest(to: typed, among: names).first {
                throw .usage(
                    words(
                        "There is no field '%1$@'. Did you mean '%2$@'? Fields: %3$@.", typed.terminalPreview, near,
                        list))
            }
            throw .usage(words("There is no field '%1$@'. Fields: %2$@.", typed.terminalPreview, list))
        }
        let value: String
        if let given = self.value {
            value = given
        } else if let asked = await output.ask(field) {
            value = asked
        } else if Task.isCancelled {
            throw .failure("cancelled", words("Cancelled; %@ was not changed.", field.rawValue))
        } else {
            throw .failure("cancelled", words("The input ended; %@ was not changed.", field.rawValue))
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
        let output = ContactOutput(models, context)
        await output.closeForm()
        return CommandOutput(
            text: output.words("Discarded; nothing was sent."), json: StatusDocument(status: "discarded"))
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
