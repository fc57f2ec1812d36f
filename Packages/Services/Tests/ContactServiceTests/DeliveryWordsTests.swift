import CoreKit
import Foundation
import Localization
import Testing

@Suite struct DeliveryWordsTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/ContactService").standardizedFileURL

    @Test func theCatalogueIsCompleteAndHoldsEverySentenceOfTheDelivery() throws {
        let verdict = try StringCatalogCheck.verify(sourcesAt: Self.sources)
        #expect(
            verdict.problems.isEmpty, "\(verdict.problems.count) problems, the first: \(verdict.problems.prefix(10))")
        #expect(verdict.missing.isEmpty, "not in the catalogue: \(verdict.missing)")
        #expect(verdict.used >= 3)
    }
}
