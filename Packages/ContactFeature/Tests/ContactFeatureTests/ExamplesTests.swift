import Architecture
import CommandShell
import ContactService
import ShellTesting
import TestSupport
import Testing

/// Every example of the feature's commands fits 40, 80 and 200 columns, and every JSON document they write conforms
/// to this package's schemas (`Schemas/`): a new command is checked by being declared.
@MainActor @Suite struct ContactExamplesTests {
    @Test(arguments: [40, 80, 200])
    func everyExampleFits(width: Int) async throws {
        let contact = Harness(
            client: .unconfigured, terminal: TerminalInfo(isInteractive: false, colorEnabled: false, width: width))
        let examples = contact.harness.examplesOfCommandsAnywhere
        #expect(!examples.isEmpty)
        let wide = await contact.harness.linesWiderThan(width, running: examples + ["contact outbox"])
        #expect(wide.isEmpty, "\(wide.prefix(5))")
    }

    @Test func everyDocumentConformsToTheFeaturesSchemas() async throws {
        // The form's answers, for the `contact` example: then `show` and `cancel` in the form.
        let input = ["Ann", "ann@example.org", "", "Hi", "Hello there, team", "."]
        let contact = Harness(client: .answering(.delivered(status: 201)), input: input, format: .json)
        // Each example is a valid invocation (never refused as a usage error); every document it writes is checked.
        let refused = await contact.harness.usageErrors(
            running: contact.harness.examplesOfCommandsAnywhere + ["show", "cancel", "contact outbox", "contact retry"])
        #expect(refused.isEmpty, "\(refused)")
        let folder = SchemaFolder.ofPackage()
        let result = try folder.check(contact.output.stdout.split(separator: "\n").map(String.init))
        #expect(result.problems.isEmpty, "\(result.problems.prefix(5))")
        #expect(
            result.checked == folder.kinds, "not written by any example: \(folder.kinds.subtracting(result.checked))")
    }
}
