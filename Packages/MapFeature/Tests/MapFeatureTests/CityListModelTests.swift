import Architecture
import CitiesService
import CitiesTesting
import CoreKit
import Foundation
import Localization
import Synchronization
import TestSupport
import Testing

@testable import MapFeature

/// The city list as a whole through `CityListModel.send`, with a test client: opening, `cities`, `cities reload`
/// and `cities reset`, the store's notes, and a replacement that fails.
@MainActor
struct CityListModelTests {
    final class Script: Sendable {
        let opened = Mutex(0)
        let failNext = Mutex<CatalogueError?>(nil)
        let notices = Mutex<[Sentence]>([])
    }

    let script = Script()
    let directory: TemporaryDirectory
    let model: CityListModel

    init() throws {
        let directory = try TemporaryDirectory()
        self.directory = directory
        let cities = try FixtureCities.directory(in: directory.url)
        let script = self.script
        model = CityListModel(
            client: CityListClient(
                open: { (_: CityListClient.Progress?) async throws(CatalogueError) -> CityDirectory in
                    script.opened.withLock { $0 += 1 }
                    return cities
                },
                info: { (_: CityListClient.Progress?) async throws(CatalogueError) -> CatalogueStore.ListInfo in
                    CatalogueStore.ListInfo(
                        source: "fixture", count: cities.count, createdAt: nil, configuredURL: nil,
                        builtInChosen: false, readFromInstallation: false)
                },
                replace: {
                    (toBuiltIn: Bool, _: CityListClient.Progress?) async throws(CatalogueError) -> ReloadReport in
                    if let failure = script.failNext.withLock({ $0 }) {
                        script.notices.withLock { $0.append("The download failed; the list that was there is kept.") }
                        throw failure
                    }
                    return ReloadReport(
                        source: toBuiltIn ? "built-in" : "https://example.org/cities.json", count: 15, skipped: 2,
                        firstProblem: "_id is missing")
                },
                takeNotices: {
                    script.notices.withLock { notices in
                        defer { notices = [] }
                        return notices
                    }
                }))
    }

    @Test func theListIsOpenedOnceAndSaysWhatItIs() async {
        await model.send(.openRequested(progress: nil))
        await model.send(.openRequested(progress: nil))
        #expect(model.state.isOpen && model.directory?.count == FixtureCities.all.count - 1)
        #expect(script.opened.withLock { $0 } == 1)
        await model.send(.infoRequested(progress: nil))
        #expect(model.state.info?.source == "fixture" && model.state.problem == nil)
    }

    @Test func aReplacedListIsOpenedAgainNextTime() async {
        await model.send(.openRequested(progress: nil))
        await model.send(.replaceRequested(toBuiltIn: false, progress: nil))
        #expect(model.state.replaced?.source == "https://example.org/cities.json" && model.state.replaced?.skipped == 2)
        #expect(model.directory == nil && !model.state.isOpen)
        await model.send(.openRequested(progress: nil))
        #expect(script.opened.withLock { $0 } == 2)
        await model.send(.replaceRequested(toBuiltIn: true, progress: nil))
        #expect(model.state.replaced?.source == "built-in")
    }

    @Test func aReplacementThatFailsKeepsTheListAndSaysWhy() async {
        await model.send(.openRequested(progress: nil))
        script.failNext.withLock { $0 = .download("the server answered 503") }
        await model.send(.replaceRequested(toBuiltIn: false, progress: nil))
        #expect(model.state.previousKept && model.state.problem != nil)
        #expect(
            model.state.commandError(.english())?.message.hasSuffix("The city list that was there is kept.") == true)
        #expect(model.state.notices == ["The download failed; the list that was there is kept."])
        #expect(model.state.replaced == nil && model.directory != nil && model.state.isOpen)
        // Notes are shown once.
        await model.send(.infoRequested(progress: nil))
        #expect(model.state.notices.isEmpty && model.state.problem == nil)
    }
}
