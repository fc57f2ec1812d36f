import Architecture
import Astronomy
import CitiesService
import CitiesTesting
import CoreKit
import Foundation
import Localization
import TestSupport
import Testing

@testable import SkyFeature

@MainActor @Suite struct SkyModelTests {
    let directory: TemporaryDirectory
    let settings = SettingsClient.inMemory()
    let model: SkyModel

    init() throws {
        directory = try TemporaryDirectory()
        let cities = try FixtureCities.directory(in: directory.url, cities: FixtureCities.all + [tromso])
        model = SkyModel(finder: PlaceFinder(cities: { cities }), settings: settings, now: { fixedNow })
    }

    @Test func aDayIsComputedInThePlacesOwnZoneAndThePlaceIsKept() async throws {
        await model.send(.skyRequested(place: "Tromsø", date: "2026-12-21", onScreen: nil))
        let sky = try #require(model.state.sky)
        #expect(model.state.problem == nil && model.state.month == nil)
        #expect(sky.day.timeZone.identifier == "Europe/Oslo" && sky.day.isoDate == "2026-12-21")
        #expect(sky.sun.polar == .night)
        #expect(model.state.today?.isoDate == "2026-11-23")
        #expect(try await settings.value(for: PlaceMemory.key) == "#3133895")
    }

    @Test func todayIsTheDateAtThePlaceNotOnTheMachine() async throws {
        // 14:05 UTC on the 23rd is already the 24th in Sydney and still the 23rd in Toronto.
        await model.send(.skyRequested(place: "Sydney", date: nil, onScreen: nil))
        #expect(model.state.sky?.day.isoDate == "2026-11-24")
        await model.send(.skyRequested(place: "Toronto, CA", date: "tomorrow", onScreen: nil))
        #expect(model.state.sky?.day.isoDate == "2026-11-24")
        await model.send(.skyRequested(place: "Toronto, CA", date: "yesterday", onScreen: nil))
        #expect(model.state.sky?.day.isoDate == "2026-11-22")
    }

    @Test func aBadDateKeepsWhatWasShown() async throws {
        await model.send(.skyRequested(place: "Paris", date: "2026-12-21", onScreen: nil))
        let shown = model.state.sky
        await model.send(.skyRequested(place: "Tokyo", date: "2024-02-30", onScreen: nil))
        #expect(model.state.problem == .badDate(.noDay("2024-02-30", year: 2024, month: 2, length: 29)))
        #expect(
            model.state.problem?.commandError(.english(), places: .english()).message
                == "2024-02-30 is not a date: February 2024 has 29 days.")
        #expect(model.state.sky == shown && model.state.place?.name == "Paris")
        // 2024 is a leap year, 2100 is not.
        await model.send(.skyRequested(place: "Tokyo", date: "2024-02-29", onScreen: nil))
        #expect(model.state.problem == nil)
        await model.send(.skyRequested(place: "Tokyo", date: "2100-02-29", onScreen: nil))
        #expect(model.state.problem == .badDate(.noDay("2100-02-29", year: 2100, month: 2, length: 28)))
    }

    @Test func withNoPlaceTheCityOnScreenThenTheLastPlaceAndFirstTheDefault() async throws {
        // Nothing shown yet: the default place (Toronto), said once.
        await model.send(.skyRequested(place: "", date: nil, onScreen: nil))
        #expect(model.state.problem == nil && model.state.place?.id == 6167865)
        #expect(model.state.defaultPlaceNote?.text(.english())?.hasPrefix("No place named yet: Toronto") == true)
        await model.send(.skyRequested(place: "", date: nil, onScreen: nil))
        #expect(model.state.place?.id == 6167865 && model.state.defaultPlaceNote == nil)
        await model.send(.skyRequested(place: "", date: nil, onScreen: FixtureCities.tokyo.id))
        #expect(model.state.place?.name == "Tokyo")
        await model.send(.monthRequested(place: "", month: "2026-02", onScreen: nil))
        #expect(model.state.place?.name == "Tokyo" && model.state.month?.days.count == 28 && model.state.sky == nil)
    }

    @Test func anUnreadableLastPlaceIsSaidAndTheDefaultShown() async throws {
        let cities = try FixtureCities.directory(in: directory.url, cities: FixtureCities.all)
        let shown = SkyModel(
            finder: PlaceFinder(cities: { cities }), settings: .failing(.failed("disk gone")), now: { fixedNow })
        await shown.send(.skyRequested(place: "", date: nil, onScreen: nil))
        #expect(shown.state.problem == nil && shown.state.place?.id == 6167865)
        #expect(shown.state.defaultPlaceNote?.text(.english())?.contains("The last place cannot be read (") == true)
        #expect(shown.state.defaultPlaceNote?.text(.english())?.contains("disk gone") == true)
        let model = SkyModel(
            finder: PlaceFinder(cities: { () async throws(CatalogueError) -> CityDirectory in
                throw CatalogueError.unusable(valid: 0, skipped: 0, firstProblem: nil)
            }),
            settings: .failing(.failed("disk gone")), now: { fixedNow })
        await model.send(.skyRequested(place: "Paris", date: nil, onScreen: nil))
        guard case .catalogue? = model.state.problem else {
            Issue.record("expected a catalogue problem, got \(String(describing: model.state.problem))")
            return
        }
    }
}

@Suite struct MoonPictureTests {
    /// The lit dots of each half of the picture (left, right).
    func halves(_ lines: [String]) -> (left: Int, right: Int) {
        var left = 0, right = 0
        for line in lines {
            for (index, scalar) in line.unicodeScalars.enumerated() {
                let dots = (scalar.value - 0x2800).nonzeroBitCount
                if index < line.unicodeScalars.count / 2 { left += dots } else { right += dots }
            }
        }
        return (left, right)
    }

    @Test func aHalfMoonIsLitOnTheSideOfItsBrightLimb() {
        let right = halves(SkyViews.moonPicture(phaseAngle: 90, brightLimbFromZenith: 270, columns: 14))
        let left = halves(SkyViews.moonPicture(phaseAngle: 90, brightLimbFromZenith: 90, columns: 14))
        #expect(right.right > 3 * right.left)
        #expect(left.left > 3 * left.right)
        #expect(right.left == left.right && right.right == left.left)
    }

    @Test func fullAndNew() {
        let full = SkyViews.moonPicture(phaseAngle: 0, brightLimbFromZenith: 0, columns: 14)
        let new = SkyViews.moonPicture(phaseAngle: 180, brightLimbFromZenith: 0, columns: 14)
        #expect(full.count == 7 && full.allSatisfy { $0.unicodeScalars.count == 14 })
        let fullDots = halves(full), newDots = halves(new)
        // The new moon is its outline only.
        #expect(newDots.left + newDots.right < (fullDots.left + fullDots.right) / 4)
        #expect(newDots.left > 0 && newDots.left == newDots.right)
    }
}

@Suite struct SkyDateTests {
    @Test func aDayTheClocksSkippedIsNotADate() throws {
        let today = LocalDay(
            year: 2026, month: 11, day: 24, timeZone: try #require(TimeZone(identifier: "Pacific/Apia")))
        #expect(
            SkyModel.day("2011-12-30", today: today)
                == .failure(.badDate(.skipped("2011-12-30", "Pacific/Apia"))))
        #expect((try? SkyModel.day("2011-12-31", today: today).get())?.isoDate == "2011-12-31")
    }
}
