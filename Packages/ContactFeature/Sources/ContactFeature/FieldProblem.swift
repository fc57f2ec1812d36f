import ContactService
import Foundation

/// What is wrong with one field of the form: the rule its value breaks, with the values that say how (the views say
/// it in the user's words), and its sentence in English (the JSON's), both from `ContactValidation`.
struct FieldProblem: Equatable, Sendable {
    typealias Rule = ContactProblem

    /// The rule the value breaks (said by the views in the user's words).
    var rule: Rule
    /// As `ContactValidation` says it, in English: the JSON's.
    var sentence: String

    init(_ rule: Rule) {
        self.rule = rule
        sentence = rule.sentence
    }

    /// Every problem of a draft, by field (empty when it can be sent).
    static func problems(in draft: ContactDraft) -> [ContactDraft.Field: FieldProblem] {
        ContactValidation.rules(in: draft).mapValues(FieldProblem.init)
    }
}
