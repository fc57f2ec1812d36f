import CoreKit
import Foundation
import Localization
import Networking
import Testing
import WeatherService

/// The providers' failures (WeatherService, OpenMeteo, OpenWeatherMap) in WeatherService's catalogue.
@Suite struct FailureWordsTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources").standardizedFileURL

    @Test func theCatalogueIsCompleteAndHoldsEverySentenceOfTheProviders() throws {
        let verdict = try StringCatalogCheck.verify(
            sourcesAt: Self.sources.appendingPathComponent("WeatherService"),
            alsoAt: ["OpenMeteo", "OpenWeatherMap"].map { Self.sources.appendingPathComponent($0) })
        #expect(
            verdict.problems.isEmpty, "\(verdict.problems.count) problems, the first: \(verdict.problems.prefix(10))")
        #expect(verdict.missing.isEmpty, "not in the catalogue: \(verdict.missing)")
        #expect(verdict.used > 20)
    }

    @Test func aRateLimitIsSaidInFrenchWithItsWait() throws {
        let limited = WeatherError.from(
            .status(HTTPStatusError(host: "api.open-meteo.com", code: 429, headers: ["retry-after": "30"])),
            provider: "Open-Meteo")
        #expect(limited.message == "api.open-meteo.com limits the requests (429). Try again in 30 s.")
        let french = Words(
            StringCatalogSource(bundle: "Services_WeatherService"), language: try #require(Language.named("fr")))
        let said = french(limited.sentence)
        #expect(said.contains("api.open-meteo.com") && said.contains("30") && !said.contains("Try again"), "\(said)")
    }
}
