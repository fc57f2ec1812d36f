import Architecture
import CommandShell
import ContactService
import CoreKit
import Foundation
import Localization
import ShellTesting
import TestSupport
import Testing

@testable import ContactFeature

/// The contact form's catalogue: complete in every language, every key of the sources in it.
@Suite struct ContactCatalogueTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/ContactFeature").standardizedFileURL

    static func catalogue() throws -> StringCatalog {
        try StringCatalog(
            xcstrings: Data(contentsOf: sources.appendingPathComponent("Resources/Localizable.xcstrings")))
    }

    @Test func theCatalogueIsCompleteAndHoldsEveryKeyTheSourcesUse() throws {
        let verdict = try StringCatalogCheck.verify(sourcesAt: Self.sources)
        #expect(
            verdict.problems.isEmpty, "\(verdict.problems.count) problems, the first: \(verdict.problems.prefix(10))")
        #expect(verdict.missing.isEmpty, "not in the catalogue: \(verdict.missing)")
        #expect(verdict.used > 60)
    }
}

@MainActor @Suite struct ContactLanguageTests {
    nonisolated static let codes = ["de", "ja", "ar"]

    @Test(
        "The form with its problems, and the outbox, in German, Japanese and Arabic: no English left", arguments: codes)
    func views(code: String) async throws {
        let language = try #require(Language.named(code))
        let catalogue = try ContactCatalogueTests.catalogue()
        for width in [40, 80] {
            let terminal = TerminalInfo(isInteractive: false, colorEnabled: false, width: width)
            let form = Harness(
                client: .unconfigured, input: ["Ann", "ann@", "", "Hi", "Hello", ".", ""], terminal: terminal,
                language: language)
            #expect(await form.run("contact") == .completed(status: 0))
            #expect(await form.run("submit") == .completed(status: 65))
            let clock = TestClock()
            let outbox = Harness(
                client: .answering(.retryLater(reason: "503", retryAfter: nil)), clock: clock, terminal: terminal,
                language: language)
            _ = await outbox.run(
                #"contact send --name Ann --email ann@example.org --subject "First try" --message "Hello there, team""#)
            outbox.output.standardOutput("--- outbox ---\n")
            _ = await outbox.run("contact outbox")
            for (text, name) in [
                (form.output.stdout, "form-with-problems"), (form.output.stderr, "form-refused"),
                (outbox.output.stdout.components(separatedBy: "--- outbox ---\n").last ?? "", "outbox"),
            ] {
                #expect(!text.isEmpty && !text.contains("\u{FFFD}"), "\(name)")
                #expect(text.split(separator: "\n").allSatisfy { DisplayWidth.columns(of: $0) <= width }, "\(name)")
                let english = StringCatalogCheck.untranslated(in: text, catalogue: catalogue, language: language)
                #expect(english.isEmpty, "\(code) \(name): \(english)")
                Golden.assertMatches(text, named: "\(name)-\(code)-\(width)")
            }
        }
    }
}
