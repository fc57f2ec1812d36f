import Architecture
import CommandShell
import ShellTesting
import TestSupport
import Testing

/// Every example of the feature's commands fits 40, 80 and 200 columns, and every JSON document they write conforms
/// to this package's schemas (`Schemas/`): a new command is checked by being declared.
@MainActor @Suite struct SkyExamplesTests {
    @Test(arguments: [40, 80, 200])
    func everyExampleFits(width: Int) async throws {
        let sky = try SkyHarness(width: width)
        let examples = sky.harness.examplesOfCommandsAnywhere
        #expect(examples.count >= 8)
        let wide = await sky.harness.linesWiderThan(width, running: examples)
        #expect(wide.isEmpty, "\(wide.prefix(5))")
    }

    @Test func everyDocumentConformsToTheFeaturesSchemas() async throws {
        let sky = try SkyHarness(format: .json)
        // Each example is a valid invocation (never refused as a usage error); every document it writes is checked.
        let refused = await sky.harness.usageErrors(running: sky.harness.examplesOfCommandsAnywhere)
        #expect(refused.isEmpty, "\(refused)")
        let folder = SchemaFolder.ofPackage()
        let result = try folder.check(sky.output.stdout.split(separator: "\n").map(String.init))
        #expect(result.problems.isEmpty, "\(result.problems.prefix(5))")
        #expect(
            result.checked == folder.kinds, "not written by any example: \(folder.kinds.subtracting(result.checked))")
    }
}
