import CoreKit
import Foundation
import Localization
import Networking
import Testing

/// Core's failures are sentences: English as before, said in the reader's language from Core's catalogue.
@Suite struct SentenceTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources").standardizedFileURL

    @Test func coresCatalogueIsCompleteAndHoldsEverySentenceOfCoreKitNetworkingAndTheStore() throws {
        let verdict = try StringCatalogCheck.verify(
            sourcesAt: Self.sources.appendingPathComponent("CoreKit"),
            alsoAt: ["Networking", "NIOTransport", "Persistence"].map { Self.sources.appendingPathComponent($0) })
        #expect(
            verdict.problems.isEmpty, "\(verdict.problems.count) problems, the first: \(verdict.problems.prefix(10))")
        #expect(verdict.missing.isEmpty, "not in the catalogue: \(verdict.missing)")
        #expect(verdict.used > 30)
    }

    @Test func englishIsTheKeyFilledAsBefore() {
        let refused = HTTPError.transport(host: "api.open-meteo.com", .cannotConnect(.nameNotResolved))
        #expect(refused.message == "Could not connect to api.open-meteo.com: the host name did not resolve.")
        #expect(
            HTTPError.transport(host: "x.org", .timedOut(seconds: 2.5)).message == "x.org did not answer within 2.5 s.")
        #expect(
            HTTPError.transport(host: "x.org", .tooLarge(limit: 8 * 1_048_576)).message
                == "x.org sent more than 8 MB; the response was refused.")
        #expect(
            StoreError.newerStore(path: "/d", steps: ["a"]).message.contains(
                "(it has a step this version does not know: a)"))
        #expect(Sentence.verbatim("as %@ it is").english == "as %@ it is")
    }

    @Test func aFailureIsSaidInTheReadersLanguageWithItsReasonInside() throws {
        let german = try #require(Language.named("de"))
        let words = Words(StringCatalogSource(bundle: "Core_CoreKit"), language: german)
        let refused = HTTPError.transport(host: "api.open-meteo.com", .cannotConnect(.nameNotResolved))
        let said = words(refused.sentence)
        #expect(said.contains("api.open-meteo.com"))
        #expect(!said.contains("Could not connect") && !said.contains("did not resolve"), "\(said)")
        // Numbers in the language's digits and decimal sign.
        #expect(words(HTTPError.transport(host: "x.org", .timedOut(seconds: 2.5)).sentence).contains("2,5"))
        // The system's and the server's words stay as they are.
        let system = words(HTTPError.transport(host: "x.org", .other(.system("Bad file descriptor"))).sentence)
        #expect(system.contains("Bad file descriptor") && !system.contains("The request to"))
        // The sentence's own catalogue, whichever words say it; one that is not there leaves it English.
        let japanese = Words.english().in(try #require(Language.named("ja")))
        #expect(japanese(StoreError.cancelled.sentence) == "データベースへのアクセスはキャンセルされました。")
        let lost = Sentence("The database access was cancelled.", table: .init(bundle: "Nowhere_Missing"))
        #expect(japanese(lost) == "The database access was cancelled.")
    }

    @Test func aSentenceSurvivesJSONForAReaderLater() throws {
        let sentence = HTTPError.transport(host: "h", .connectionLost(.bodyCutShort)).sentence
        let data = try JSONEncoder().encode(sentence)
        #expect(try JSONDecoder().decode(Sentence.self, from: data) == sentence)
        #expect(
            sentence.mapTexts { $0.uppercased() }.english == "The connection to H broke off: the body was cut short.")
    }
}
