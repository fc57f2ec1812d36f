import Architecture
import CommandShell
import ShellTesting
import TestSupport
import Testing

/// Every example of the feature's commands fits 40, 80 and 200 columns, and every JSON document they write conforms
/// to this package's schemas (`Schemas/`): a new command is checked by being declared.
@MainActor @Suite struct AlertsExamplesTests {
    @Test(arguments: [40, 80, 200])
    func everyExampleFits(width: Int) async throws {
        let alerts = try AlertsHarness(width: width)
        let examples = alerts.harness.examplesOfCommandsAnywhere
        #expect(examples.count >= 4)
        let wide = await alerts.harness.linesWiderThan(width, running: examples)
        #expect(wide.isEmpty, "\(wide.prefix(5))")
    }

    @Test func everyDocumentConformsToTheFeaturesSchemas() async throws {
        let alerts = try AlertsHarness(format: .json)
        let refused = await alerts.harness.usageErrors(
            running: alerts.harness.examplesOfCommandsAnywhere + ["alerts Tokyo"])
        #expect(refused.isEmpty, "\(refused)")
        let folder = SchemaFolder.ofPackage()
        let result = try folder.check(alerts.output.stdout.split(separator: "\n").map(String.init))
        #expect(result.problems.isEmpty, "\(result.problems.prefix(5))")
        #expect(
            result.checked == folder.kinds, "not written by any example: \(folder.kinds.subtracting(result.checked))")
    }
}
