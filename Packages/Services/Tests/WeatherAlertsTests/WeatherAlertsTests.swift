import CoreKit
import Diagnostics
import Foundation
import NIOTransport
import Networking
import Synchronization
import TestSupport
import Testing
import WeatherAlertsTesting
import WeatherService

@testable import WeatherAlerts

/// Each service's real recorded answers (Fixtures/SOURCES.md), decoded; and the live client against 127.0.0.1.
@Suite struct WeatherAlertsDecodingTests {
    func data(_ name: String) throws -> Data { Data(try RecordedAlerts.text(name).utf8) }

    static func date(_ text: String) -> Date { AlertDates.parse(text)! }

    @Test func nwsPointAnswerWithNullFields() throws {
        let alerts = try NWSAnswer.alerts(try data("nws-phoenix-2-alerts.json"))
        #expect(alerts.count == 2)
        let heat = try #require(alerts.first { $0.event == "Excessive Heat Warning" })
        #expect(heat.severity == .severe && heat.sender == "NWS Phoenix AZ")
        // The weather's end (`ends`), not the message's expiry, which is before the onset.
        #expect(heat.onset == Self.date("2024-07-19T10:00:00-07:00"))
        #expect(heat.expires == Self.date("2024-07-20T20:00:00-07:00"))
        #expect(heat.instruction?.isEmpty == false && heat.areas.isEmpty)
        let air = try #require(alerts.first { $0.event == "Air Quality Alert" })
        #expect(air.severity == .unknown && air.instruction == nil)
        // Most severe first; the heat warning announced for tomorrow is shown, nothing over.
        let shown = alerts.shown(at: Self.date("2024-07-18T20:00:00-07:00"))
        #expect(shown.map(\.event) == ["Excessive Heat Warning", "Air Quality Alert"])
        #expect(!shown[0].isInForce(at: Self.date("2024-07-18T20:00:00-07:00")))
        // Two days later both are over (the air quality alert's message expired the 19th at 21:00).
        #expect(alerts.shown(at: Self.date("2024-07-21T00:00:00-07:00")).isEmpty)
        #expect(try NWSAnswer.alerts(try data("nws-new-york-0-alerts.json")).isEmpty)
        #expect(try NWSAnswer.alerts(try data("nws-minneapolis-1-alert.json")).map(\.event) == ["Heat Advisory"])
    }

    @Test func metNorwayLevelsIntervalsAndPolygons() throws {
        let alerts = try METNorwayAnswer.alerts(try data("metno-29-marine-alerts.json"))
        #expect(alerts.count == 29)
        let first = alerts[0]
        #expect(first.event == "Kuling" && first.level == "yellow" && first.severity == .moderate)
        #expect(first.onset == Self.date("2026-03-07T20:00:00+00:00"))
        #expect(first.expires == Self.date("2026-03-08T10:00:00+00:00"))
        #expect(first.areas.first?.count == 6 && first.url?.hasPrefix("https://www.met.no/") == true)
        #expect(first.description?.contains("sjørokk") == true)
    }

    @Test func meteoAlarmLanguagesColoursAndAreasByName() throws {
        let all = try MeteoAlarmAnswer.alerts(try data("meteoalarm-croatia.json"), language: "en")
        #expect(all.count >= 63)
        #expect(Set(all.compactMap(\.level)) == ["yellow", "orange", "red"])
        let gospic = try #require(all.first { $0.area == "Gospic region" })
        #expect(gospic.event == "Yellow wind warning" && gospic.severity == .moderate)
        // In Croatian when asked.
        let croatian = try MeteoAlarmAnswer.alerts(try data("meteoalarm-croatia.json"), language: "hr")
        #expect(croatian.contains { $0.event == "Žuto upozorenje za vjetar" })
        // Matched by name, the place's or its region's, accents and case aside; the other areas are said.
        let matched = MeteoAlarmAnswer.matching(all, placeName: "Gospić", region: "Ličko-Senjska")
        #expect(!matched.alerts.isEmpty && matched.alerts.allSatisfy { $0.area == "Gospic region" })
        #expect(!matched.otherAreas.isEmpty && !matched.otherAreas.map(\.name).contains("Gospic region"))
        // Whole words only: Nin is not Knin, and a name the feed does not use matches nothing.
        let knin = MeteoAlarmAnswer.matching(all, placeName: "Nin", region: "Zadarska")
        #expect(knin.alerts.isEmpty && knin.otherAreas.map(\.name).contains("Knin region"))
        #expect(!MeteoAlarmAnswer.matching(all, placeName: "Knin", region: nil).alerts.isEmpty)
        // Green entries are no warnings.
        #expect(try MeteoAlarmAnswer.alerts(try data("meteoalarm-netherlands-green.json"), language: "en").isEmpty)
    }

    @Test func areasAreMatchedByWholeWordsNeverByAPartOfOne() {
        func alert(_ area: String) -> WeatherAlert {
            WeatherAlert(id: area, event: "Yellow wind warning", severity: .moderate, area: area)
        }
        let feed = [
            alert("Ain"), alert("Rhône"), alert("London & South East England"), alert("Kreis Rhein-Sieg"),
            alert("Knin region"),
        ]
        func matched(_ place: String, _ region: String? = nil) -> [String] {
            MeteoAlarmAnswer.matching(feed, placeName: place, region: region).alerts.map(\.area)
        }
        #expect(matched("Saint-Étienne", "Auvergne-Rhône-Alpes").isEmpty)
        #expect(matched("Bordeaux", "Nouvelle-Aquitaine").isEmpty)
        #expect(matched("Ain") == ["Ain"] && matched("rhone") == ["Rhône"])
        #expect(matched("London") == ["London & South East England"])
        #expect(matched("Rhein-Sieg") == ["Kreis Rhein-Sieg"] && matched("Nin").isEmpty)
    }

    @Test func testsExercisesAndCancellationsAreNoWarnings() throws {
        let phoenix = try RecordedAlerts.text(RecordedAlerts.nwsPhoenix)
        // The recorded answer, its first message made a test, then a cancellation.
        var test = phoenix
        let status = try #require(test.range(of: #""status": "Actual""#))
        test.replaceSubrange(status, with: #""status": "Test""#)
        #expect(try NWSAnswer.alerts(Data(test.utf8)).count == 1)
        let cancelled = phoenix.replacingOccurrences(of: #""messageType": "Update""#, with: #""messageType": "Cancel""#)
        #expect(try NWSAnswer.alerts(Data(cancelled.utf8)).count == 1)
    }

    @Test func environmentCanadaTheRegionOfThePointOnceAndNoneEnded() throws {
        // Toronto City Hall: in the City of Toronto's region only.
        let alerts = try ECCCAnswer.alerts(
            try data("eccc-toronto-7-features.json"), latitude: 43.6535, longitude: -79.3839)
        #expect(alerts.count == 1)
        let warning = try #require(alerts.first)
        #expect(warning.event == "Freezing rain warning" && warning.area == "City of Toronto")
        #expect(
            warning.level == "yellow" && warning.severity == .moderate && warning.headline == "Freezing rain on tap.")
        #expect(warning.description?.hasPrefix("What:") == true)
        #expect(warning.expires == Self.date("2026-03-06T06:00:00.000Z"))
        // St. Catharines: the statement, minor (it has no colour).
        let niagara = try ECCCAnswer.alerts(
            try data("eccc-toronto-7-features.json"), latitude: 43.16, longitude: -79.24)
        #expect(niagara.map(\.severity) == [.minor])
    }

    @Test func coverage() {
        #expect(alertSource(forCountry: "US") == .nws && alertSource(forCountry: "ca") == .eccc)
        #expect(alertSource(forCountry: "NO") == .metNorway && alertSource(forCountry: "HR") == .meteoAlarm)
        #expect(alertSource(forCountry: "BR") == nil && alertSource(forCountry: "JP") == nil)
        #expect(AlertError.notCovered(country: "BR").message.contains("No warning service SkyLens knows covers BR"))
    }
}

/// The live client against a server on 127.0.0.1: the requests each service is sent, its answers read, its failures
/// said in SkyLens's words.
@Suite struct AlertsClientTests {
    func client(_ server: LoopbackServer) -> AlertsClient {
        let transport = HTTPTransport(
            engine: NIOHTTPEngine(), configuration: .init(timeout: .seconds(2)), logger: InMemoryLog().logger(),
            now: { Date() })
        let http = HTTPClient(
            baseURL: server.baseURL, defaultHeaders: ["User-Agent": "SkyLens/test (tests@example.org)"],
            transport: transport)
        return .live(nws: http, metNorway: http, meteoAlarm: http, eccc: http)
    }

    func fetch(_ client: AlertsClient, _ query: AlertQuery) async throws -> AlertReport {
        try #require(try await client.fetch(query))
    }

    @Test func eachServiceIsAskedForThePlace() async throws {
        let nws = try RecordedAlerts.text("nws-phoenix-2-alerts.json"),
            metno = try RecordedAlerts.text("metno-29-marine-alerts.json")
        let croatia = try RecordedAlerts.text("meteoalarm-croatia.json"),
            eccc = try RecordedAlerts.text("eccc-toronto-7-features.json")
        let server = try LoopbackServer { request in
            switch request.path {
            case "/alerts/active": .respond(.json(nws))
            case "/weatherapi/metalerts/2.0/current.json": .respond(.json(metno))
            case "/api/v1/warnings/feeds-croatia": .respond(.json(croatia))
            case "/collections/weather-alerts/items": .respond(.json(eccc))
            default: .respond(.text("nothing here", status: 404))
            }
        }
        let client = client(server)
        let phoenix = try await fetch(
            client,
            AlertQuery(latitude: 33.25, longitude: -112.3, country: "US", placeName: "Phoenix"))
        #expect(phoenix.source == .nws && phoenix.alerts.count == 2)
        let oslo = try await fetch(
            client, AlertQuery(latitude: 59.91, longitude: 10.75, country: "NO", placeName: "Oslo"))
        #expect(oslo.source == .metNorway && oslo.alerts.count == 29)
        let gospic = try await fetch(
            client,
            AlertQuery(latitude: 44.55, longitude: 15.37, country: "HR", placeName: "Gospić", region: "Lika-Senj"))
        #expect(gospic.source == .meteoAlarm && !gospic.alerts.isEmpty)
        let toronto = try await fetch(
            client,
            AlertQuery(latitude: 43.6535, longitude: -79.3839, country: "CA", placeName: "Toronto"))
        #expect(toronto.alerts.map(\.area) == ["City of Toronto"])
        let asked = server.requests
        #expect(asked.first { $0.path == "/alerts/active" }?.queryItems["point"] == "33.2500,-112.3000")
        #expect(asked.first { $0.path == "/alerts/active" }?.queryItems["status"] == "actual")
        #expect(asked.first { $0.path.hasSuffix("current.json") }?.queryItems["lang"] == "en")
        #expect(asked.first { $0.path.hasSuffix("items") }?.queryItems["bbox"] == "-79.5839,43.5035,-79.1839,43.8035")
        #expect(asked.allSatisfy { $0.header("user-agent") == "SkyLens/test (tests@example.org)" })
        // Environment Canada writes in English and French: a French reader gets French (a service of one language,
        // NWS, is asked as always).
        _ = try await fetch(
            client,
            AlertQuery(latitude: 43.6535, longitude: -79.3839, country: "CA", placeName: "Toronto", language: "fr"))
        #expect(server.requests.last { $0.path.hasSuffix("items") }?.queryItems["lang"] == "fr")
        _ = try await fetch(
            client,
            AlertQuery(latitude: 43.6535, longitude: -79.3839, country: "CA", placeName: "Toronto", language: "de"))
        #expect(server.requests.last { $0.path.hasSuffix("items") }?.queryItems["lang"] == "en")
        await #expect(throws: AlertError.notCovered(country: "BR")) {
            try await client.fetch(AlertQuery(latitude: -23.5, longitude: -46.6, country: "BR", placeName: "São Paulo"))
        }
    }

    @Test func failuresAreSaidInSkyLensWordsAndHostileTextIsKeptForTheViewsToClean() async throws {
        let problem = try RecordedAlerts.text("nws-problem-404.json")
        let server = try LoopbackServer { request in
            switch request.path {
            case "/alerts/active": .respond(.json(problem, status: 404))
            case "/api/v1/warnings/feeds-croatia": .respond(.text("<html><body>Maintenance</body></html>"))
            default: .respond(.text("down", status: 503))
            }
        }
        let client = client(server)
        do {
            _ = try await client.fetch(AlertQuery(latitude: 1, longitude: 2, country: "US", placeName: "x"))
            Issue.record("a 404 must fail")
        } catch {
            guard case .server(let message) = error else { Issue.record("\(error)"); return }
            #expect(message.english.contains("answered 404 Not Found"))
        }
        do {
            _ = try await client.fetch(AlertQuery(latitude: 45, longitude: 15, country: "HR", placeName: "x"))
            Issue.record("a body that is not JSON must fail")
        } catch {
            guard case .malformed = error else { Issue.record("\(error)"); return }
            #expect(error.message == "MeteoAlarm answered with something that is not its warnings' JSON.")
        }
        do {
            _ = try await client.fetch(AlertQuery(latitude: 59, longitude: 10, country: "NO", placeName: "x"))
            Issue.record("a 503 must fail")
        } catch {
            guard case .unreachable = error else { Issue.record("\(error)"); return }
        }
    }

    @Test func hostileServersAreBoundedBySizeAndTime() async throws {
        let server = try LoopbackServer { request in
            switch request.path {
            case "/alerts/active": .huge(bytes: 8 * 1_048_576)
            case "/api/v1/warnings/feeds-croatia": .hang
            default: .trickle(.json(String(repeating: " ", count: 100_000)), interval: .milliseconds(50))
            }
        }
        let client = client(server)
        let clock = ContinuousClock()
        let start = clock.now
        do {
            _ = try await client.fetch(AlertQuery(latitude: 1, longitude: 2, country: "US", placeName: "x"))
            Issue.record("a body over the limit must fail")
        } catch {
            guard case .unreachable(let message) = error else { Issue.record("\(error)"); return }
            #expect(message.english.contains("MB"))
        }
        for country in ["HR", "NO"] {
            do {
                _ = try await client.fetch(AlertQuery(latitude: 45, longitude: 15, country: country, placeName: "x"))
                Issue.record("a silent or trickling server must time out")
            } catch {
                guard case .timedOut = error else { Issue.record("\(error)"); return }
            }
        }
        // Two timeouts of 2 s and a refused body: well under what an unbounded read would take.
        #expect(clock.now - start < .seconds(10))
    }

    @Test func theAddressesComeFromTheEnvironmentAndTheServiceSaysHowLongItsAnswerHolds() async throws {
        let metno = try RecordedAlerts.text("metno-29-marine-alerts.json")
        let modified = "Sat, 07 Mar 2026 12:00:00 GMT"
        let server = try LoopbackServer { request in
            request.header("if-modified-since") == modified
                ? .respond(StubResponse(status: 304))
                : .respond(
                    .json(
                        metno,
                        headers: [
                            ("Date", "Sat, 07 Mar 2026 12:05:00 GMT"), ("Expires", "Sat, 07 Mar 2026 12:06:00 GMT"),
                            ("Last-Modified", modified),
                        ]))
        }
        func transport() -> HTTPTransport {
            HTTPTransport(
                engine: NIOHTTPEngine(),
                configuration: .init(timeout: .seconds(2), userAgent: "SkyLens/test (t@example.org)"),
                logger: InMemoryLog().logger(), now: { Date() })
        }
        let client = AlertsClient.live(
            transport(),
            environment: [
                "SKYLENS_METALERTS_URL": server.baseURL.absoluteString, "SKYLENS_NWS_URL": "ftp://x\u{1B}[2J",
            ])
        let oslo = AlertQuery(latitude: 59.91, longitude: 10.75, country: "NO", placeName: "Oslo")
        let first = try await fetch(client, oslo)
        // Asked again at once, in the same process: the answer holds for 60 s, nothing is asked.
        #expect(try await fetch(client, oslo) == first && server.requests.count == 1)
        #expect(first.alerts.count == 29 && first.freshFor == 60 && first.lastModified == modified)
        #expect(server.requests.first?.header("user-agent") == "SkyLens/test (t@example.org)")
        // Another process, with the kept answer's date: nothing changed.
        var again = oslo
        again.ifModifiedSince = modified
        #expect(
            try await AlertsClient.live(
                transport(), environment: ["SKYLENS_METALERTS_URL": server.baseURL.absoluteString]
            ).fetch(again) == nil)
        // A variable that is no web address is said, safely, and nothing is asked.
        do {
            _ = try await client.fetch(AlertQuery(latitude: 40, longitude: -100, country: "US", placeName: "x"))
            Issue.record("a bad URL must fail")
        } catch {
            #expect(
                error.message.hasPrefix("SKYLENS_NWS_URL must be an http or https URL")
                    && !error.message.contains("\u{1B}"))
        }
        #expect(server.requests.count == 2)
    }
}

/// What every feature gets: the kept answer while it holds, the service's, the kept one with the reason, and never a
/// wait past the patience given.
@Suite struct AlertsLookupTests {
    final class Clock: Sendable {
        let date = Mutex(Date(timeIntervalSince1970: 1_721_415_600))  // 2024-07-19 12:00 -07:00
        var now: Date { date.withLock { $0 } }
    }

    @Test func keptWhileItHoldsThenAskedThenKeptWithTheReason() async throws {
        let server = try RecordedAlerts.Server()
        let clock = Clock()
        let lookup = AlertsLookup(
            client: server.client(now: { clock.now }), cache: .inMemory(), now: { clock.now })
        let phoenix = AlertQuery(latitude: 33.45, longitude: -112.07, country: "US", placeName: "Phoenix")
        guard case .answered(let report, let fetchedAt, nil) = await lookup.answer(phoenix) else {
            Issue.record("no answer")
            return
        }
        #expect(report.alerts.count == 2 && fetchedAt == clock.now)
        _ = await lookup.answer(phoenix)
        #expect(server.requests.count == 1)
        #expect(await lookup.kept(phoenix)?.value == report)
        server.answer { $0.nws = .respond(.text("down", status: 503)) }
        clock.date.withLock { $0 += 600 }
        guard case .answered(let kept, let when, .unreachable?) = await lookup.answer(phoenix) else {
            Issue.record("the kept answer, with the reason")
            return
        }
        #expect(kept == report && when == fetchedAt && server.requests.count == 2)
        #expect(
            await lookup.answer(AlertQuery(latitude: 35, longitude: 139, country: "JP", placeName: "Tokyo"))
                == .failed(.notCovered(country: "JP")))
    }

    @Test func aSlowServiceIsGivenUpAfterThePatienceTheKeptAnswerThen() async throws {
        let server = try RecordedAlerts.Server()
        let clock = Clock()
        let lookup = AlertsLookup(
            client: server.client(timeout: .seconds(10), now: { clock.now }), cache: .inMemory(), now: { clock.now })
        let phoenix = AlertQuery(latitude: 33.45, longitude: -112.07, country: "US", placeName: "Phoenix")
        _ = await lookup.answer(phoenix)
        server.answer { $0.nws = .hang }
        clock.date.withLock { $0 += 600 }
        let started = ContinuousClock.now
        guard case .answered(_, _, .timedOut?) = await lookup.answer(phoenix, within: .milliseconds(500)) else {
            Issue.record("the kept answer, said late")
            return
        }
        #expect(ContinuousClock.now - started < .seconds(3))
        let other = AlertQuery(latitude: 40.7, longitude: -74, country: "US", placeName: "New York")
        guard case .failed(.timedOut) = await lookup.answer(other, within: .milliseconds(500)) else {
            Issue.record("nothing kept: the delay said")
            return
        }
    }

    @Test func anAnswerInAnotherLanguageIsKeptApart() {
        let croatia = AlertQuery(latitude: 44.55, longitude: 15.37, country: "HR", placeName: "Gospić", language: "en")
        var german = croatia
        german.language = "de"
        var brazilian = croatia
        brazilian.language = "pt-BR"
        #expect(croatia.cacheKey != german.cacheKey && german.cacheKey.hasSuffix(":de"))
        #expect(brazilian.cacheKey.hasSuffix(":pt"))
        // NWS answers in English only: one answer whatever the language.
        let phoenix = AlertQuery(latitude: 33.25, longitude: -112.3, country: "US", placeName: "Phoenix")
        var phoenixInGerman = phoenix
        phoenixInGerman.language = "de"
        #expect(phoenix.cacheKey == phoenixInGerman.cacheKey)
    }

    @Test func meteoAlarmsTextsInTheLanguageAskedElseEnglish() throws {
        let feed = Data(try RecordedAlerts.text(RecordedAlerts.meteoAlarmCroatia).utf8)
        // The Croatian feed is in Croatian and English: Croatian asked, Croatian; German (not in it), English.
        let croatian = try MeteoAlarmAnswer.alerts(feed, language: "hr")
        let english = try MeteoAlarmAnswer.alerts(feed, language: "en")
        let german = try MeteoAlarmAnswer.alerts(feed, language: "de")
        #expect(english.map { $0.event } != croatian.map { $0.event })
        #expect(german.map { $0.event } == english.map { $0.event })
        #expect(english.contains { $0.event.lowercased().contains("wind") }, "\(english.prefix(3).map { $0.event })")
    }
}
