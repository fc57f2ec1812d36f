import CommandShell
import ContactService
import Localization
import ShellTesting
import Testing

@testable import ContactFeature

/// The feature's words: every rule of the form said in English as `ContactValidation` writes it (the JSON's), and
/// English's plurals.
@MainActor @Suite struct ContactWordsTests {
    let english = Words(StringCatalogSource(bundle: "ContactFeature_ContactFeature"), language: .english)

    /// A value breaking each rule of `ContactValidation`.
    static let broken: [(ContactDraft.Field, String)] = [
        (.name, String(repeating: "x", count: 900)), (.name, "a" + String(repeating: "\u{0301}", count: 9)),
        (.name, "A\u{07}B"), (.name, ""), (.message, "Hello"), (.subject, String(repeating: "x", count: 151)),
        (.email, "a b@c.org"), (.email, String(repeating: "a", count: 250) + "@b.org"), (.email, "ann"),
        (.email, "a@b@c.org"), (.email, "@example.org"), (.email, "ann@"),
        (.email, String(repeating: "a", count: 65) + "@example.org"), (.email, ".ann@example.org"),
        (.email, "an(n@example.org"), (.email, "ann@example"), (.email, "ann@example..org"),
        (.email, "ann@" + String(repeating: "a", count: 64) + ".org"), (.email, "ann@-example.org"),
        (.email, "ann@exa_mple.org"), (.email, "ann@example.o"), (.phone, "12+345678"), (.phone, "555x1234"),
        (.phone, "12345"),
    ]

    @Test func everyRuleIsSaidInEnglishAsTheRulesWriteIt() throws {
        var rules: [FieldProblem.Rule] = []
        for (field, value) in Self.broken {
            let rule = try #require(ContactValidation.rule(field, value), "\(field): \(value)")
            let sentence = try #require(ContactValidation.problem(field, value))
            rules.append(rule)
            #expect(ContactViews.problem(FieldProblem(rule), english) == sentence)
        }
        // One value for each rule.
        #expect(rules.count == Self.broken.count)
        for (index, rule) in rules.enumerated() {
            #expect(!rules[..<index].contains(rule) || rule == .required, "\(rule) twice")
        }
    }

    @Test func englishSaysOneInTheSingular() async {
        let harness = Harness(client: .unconfigured, input: ["Ann", "ann@example.org", "", "Hi", "Hello", "."])
        _ = await harness.run("contact")
        #expect(harness.output.stdout.contains("\n1 field needs attention:\n"))
        #expect(await harness.run("submit") == .completed(status: 65))
        #expect(harness.output.stderr.contains("The message was not sent: 1 field is not valid."))
        #expect(english.count("%lld fields need attention:", 2) == "2 fields need attention:")
    }
}
