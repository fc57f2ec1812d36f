import CitiesService
import CitiesTesting
import CoreKit
import Foundation
import Localization
import TestSupport
import Testing
import WeatherAlerts
import WeatherAlertsTesting
import WeatherService

@testable import AlertsFeature

/// The feature's behaviour through `AlertsModel.send`: the live client against the recorded answers on 127.0.0.1,
/// the state checked after each action.
@MainActor
struct AlertsModelTests {
    let directory: TemporaryDirectory
    let server: RecordedAlerts.Server
    let clock = TestClock(Moments.phoenixHeat)
    let settings = SettingsClient.inMemory()
    let model: AlertsModel

    init() throws {
        directory = try TemporaryDirectory()
        let store = try FixtureCities.store(in: directory.url, cities: AlertCities.all)
        server = try RecordedAlerts.Server()
        let clock = clock
        // The transport keeps nothing in memory: the model's own cache and If-Modified-Since are what is tested.
        model = AlertsModel(
            lookup: AlertsLookup(
                client: server.client(now: { clock.now }, remembers: false), cache: .inMemory(), now: { clock.now }),
            finder: PlaceFinder(catalogue: .live(store)), places: PlaceMemory(settings: settings), now: { clock.now })
    }

    var shown: AlertsModel.Shown? { model.state.alerts.value }

    @Test func aPlaceIsAskedOfItsServiceKeptWhileFreshAndRemembered() async throws {
        await model.send(.alertsRequested("Phoenix", forceRefresh: false))
        #expect(model.state.place?.id == AlertCities.phoenix.id && model.state.country == "US")
        #expect(shown?.report.source == .nws && shown?.report.alerts.count == 2 && shown?.isStale == false)
        #expect(server.requests.first?.queryItems["point"] == "33.4484,-112.0740")
        #expect(try await settings.value(PlaceMemory.key) == "#5308655")
        // Fresh for five minutes (NWS's recorded answer says nothing of its own): not asked again.
        clock.advance(240)
        await model.send(.alertsRequested("", forceRefresh: false))
        #expect(server.requests.count == 1 && model.state.place?.name == "Phoenix")
        // --refresh asks now; so does the next request after five minutes.
        await model.send(.alertsRequested("Phoenix", forceRefresh: true))
        #expect(server.requests.count == 2)
        clock.advance(301)
        await model.send(.alertsRequested("Phoenix", forceRefresh: false))
        #expect(server.requests.count == 3)
    }

    @Test func whenTheServiceFailsTheLastAnswerIsShownWithItsFailureNeverAsNoWarnings() async throws {
        await model.send(.alertsRequested("Phoenix", forceRefresh: false))
        let first = try #require(shown)
        server.answer { $0.nws = .respond(.text("down", status: 503)) }
        clock.advance(3600)
        await model.send(.alertsRequested("Phoenix", forceRefresh: false))
        let stale = try #require(shown)
        #expect(stale.isStale && stale.report == first.report && stale.fetchedAt == first.fetchedAt)
        guard case .unreachable(let message)? = stale.failure else {
            Issue.record("\(String(describing: stale.failure))")
            return
        }
        #expect(message.english.contains("503"))
        // With nothing kept, the failure itself.
        await model.send(.alertsRequested("Toronto, OH", forceRefresh: false))
        guard case .failed(.unreachable) = model.state.alerts else {
            Issue.record("\(model.state.alerts)")
            return
        }
    }

    /// The country is kept by its code: the output says it by name, in the user's language.
    @Test func aCountryNoServiceCoversIsKeptByItsCode() async {
        await model.send(.alertsRequested("Tokyo", forceRefresh: false))
        #expect(model.state.alerts == .failed(.notCovered(country: "JP")))
        #expect(server.requests.isEmpty)
        await model.send(.alertsRequested("São Paulo", forceRefresh: false))
        #expect(model.state.alerts == .failed(.notCovered(country: "BR")))
    }

    @Test func aPointIsCoveredByTheCountryOfTheTownNearestIt() async {
        await model.send(.alertsRequested("33.5,-112.1", forceRefresh: false))
        #expect(model.state.country == "US" && shown?.report.source == .nws)
        await model.send(.alertsRequested("60.4,5.3", forceRefresh: false))
        #expect(model.state.country == "NO" && shown?.report.source == .metNorway)
    }

    @Test func anUnknownPlaceIsAProblemAndNothingIsAsked() async {
        await model.send(.alertsRequested("Nowhereville", forceRefresh: false))
        guard case .notFound(let message)? = model.state.problem else {
            Issue.record("\(String(describing: model.state.problem))")
            return
        }
        #expect(message.message.contains("Nowhereville") && server.requests.isEmpty)
    }

    @Test func withNothingNamedTheDefaultPlaceIsUsedAndSaidOnce() async {
        await model.send(.alertsRequested("", forceRefresh: false))
        #expect(
            model.state.place?.name == "Toronto"
                && model.state.defaultPlaceNote?.text(.english())?.contains("default") == true)
        #expect(shown?.report.source == .eccc)
        await model.send(.alertsRequested("", forceRefresh: false))
        #expect(model.state.defaultPlaceNote == nil)
    }

    @Test func nothingTypedIsTheCityOnScreenElseTheLastPlace() async {
        await model.send(.alertsRequested("Oslo", forceRefresh: false))
        await model.send(.alertsRequested("", forceRefresh: false, onScreen: AlertCities.phoenix.id))
        #expect(model.state.place?.name == "Phoenix" && model.state.defaultPlaceNote == nil)
        await model.send(.alertsRequested("Oslo", forceRefresh: false, onScreen: AlertCities.phoenix.id))
        #expect(model.state.place?.name == "Oslo", "what is typed wins")
        await model.send(.alertsRequested(" ", forceRefresh: false))
        #expect(model.state.place?.name == "Oslo")
    }

    @Test func theServicesFreshnessIsHonouredAndANotModifiedKeepsTheAnswer() async throws {
        let modified = "Sat, 07 Mar 2026 12:00:00 GMT"
        let gales = try RecordedAlerts.text(RecordedAlerts.metNorwayGales)
        let headers = [
            ("Date", "Sat, 07 Mar 2026 12:05:00 GMT"), ("Expires", "Sat, 07 Mar 2026 12:07:00 GMT"),
            ("Last-Modified", modified),
        ]
        server.answer { $0.metNorway = .respond(.json(gales, headers: headers)) }
        clock.set(Moments.norway)
        await model.send(.alertsRequested("Oslo", forceRefresh: false))
        #expect(shown?.report.freshFor == 120 && shown?.report.lastModified == modified)
        // Fresh for the two minutes it said.
        clock.advance(100)
        await model.send(.alertsRequested("Oslo", forceRefresh: false))
        #expect(server.requests.count == 1)
        // Then asked with If-Modified-Since: "nothing changed" keeps the answer, as of now.
        server.answer { $0.metNorway = .respond(StubResponse(status: 304)) }
        clock.advance(100)
        await model.send(.alertsRequested("Oslo", forceRefresh: false))
        #expect(server.requests.count == 2 && server.requests[1].header("if-modified-since") == modified)
        #expect(shown?.report.alerts.count == 29 && shown?.fetchedAt == clock.now && shown?.isStale == false)
    }
}
