import Architecture
import CommandShell
import Contracts
import ShellTesting
import Testing

@testable import MapFeature

/// The full-screen map through the shell, with a scripted host in place of the terminal: the keys a person presses,
/// the frames they see, and how it closes.
@MainActor @Suite struct MapScreenTests {
    @MainActor final class Session {
        var frames: [[String]] = []
        var steps: [ScreenStep] = []
    }

    /// A shell on an interactive terminal whose full-screen views get `keys`, one frame drawn after each.
    func harness(keys: [ScreenKey], session: Session) throws -> MapHarness {
        let harness = try MapHarness(
            terminal: TerminalInfo(isInteractive: true, colorEnabled: false, width: 80, height: 24))
        harness.shell.fullScreenHost = { screen in
            session.frames.append(await screen.draw(width: 80, height: 24, painter: Painter(enabled: false)))
            for key in keys {
                let step = await screen.handle(key)
                session.steps.append(step)
                switch step {
                case .leave, .open: return step
                case .redraw, .unchanged:
                    session.frames.append(await screen.draw(width: 80, height: 24, painter: Painter(enabled: false)))
                }
            }
            return .leave
        }
        return harness
    }

    static func footer(_ frame: [String]) -> String { frame.count >= 2 ? frame[frame.count - 2] : "" }

    @Test func keysMoveAndZoomTheMapAndQGivesThePromptBack() async throws {
        let session = Session()
        let harness = try harness(
            keys: [.right, .character("l"), .up, .character("+"), .character("z"), .character("z"), .character("q")],
            session: session)
        // Nothing is printed: the map was on the (alternate) screen.
        #expect(await harness.run("map Toronto") == "")
        #expect(session.frames.count == 7)
        #expect(session.frames.allSatisfy { $0.count == 24 })
        #expect(Self.footer(session.frames[0]).hasPrefix("43.70°N 79.42°W · zoom 9"))
        #expect(Self.footer(session.frames[0]).hasSuffix("near Toronto"))
        #expect(
            session.frames[0].last == "hjkl move · +- zoom · / find · w weather · t temps · n night · ! alerts · q back"
        )
        // A quarter of the 80 columns (0.44° at zoom 9) east, twice; then north; then zoom 10, 9, 8.
        #expect(Self.footer(session.frames[1]).hasPrefix("43.70°N 79.31°W · zoom 9"))
        #expect(Self.footer(session.frames[2]).hasPrefix("43.70°N 79.20°W · zoom 9"))
        #expect(Self.footer(session.frames[3]).hasPrefix("43.74°N 79.20°W · zoom 9"))
        #expect(Self.footer(session.frames[4]).contains("zoom 10"))
        #expect(Self.footer(session.frames[6]).contains("zoom 8"))
        #expect(session.steps.last == .leave)
        #expect(harness.shell.prompt == "skylens Toronto·map> ")
    }

    @Test func slashFindsAPlaceAndTheMapMovesThere() async throws {
        let session = Session()
        let keys: [ScreenKey] = [.character("/")] + "oslo".map { .character($0) } + [.enter, .escape]
        let harness = try harness(keys: keys, session: session)
        _ = await harness.run("map Toronto")
        #expect(session.frames[1].last == "Find: ▏")
        #expect(session.frames[5].last == "Find: oslo▏")
        #expect(Self.footer(session.frames[6]).hasPrefix("59.91°N 10.75°E · zoom 9"))
        #expect(session.frames[6].contains { $0.contains("◉ Oslo") })
        // The prompt names the city the map shows now.
        #expect(harness.shell.prompt == "skylens Oslo·map> ")
    }

    @Test func aPlaceNotFoundIsSaidAndTheMapStays() async throws {
        let session = Session()
        let keys: [ScreenKey] = [.character("/")] + "nowhereville".map { .character($0) } + [.enter, .character("q")]
        let harness = try harness(keys: keys, session: session)
        _ = await harness.run("map Toronto")
        let after = try #require(session.frames.last)
        #expect(after.last?.contains("No place called 'nowhereville'") == true)
        #expect(Self.footer(after).hasPrefix("43.70°N 79.42°W"))
    }

    @Test func wOpensTheWeatherOfTheCityNearestTheCentre() async throws {
        let session = Session()
        let harness = try harness(keys: [.character("w")], session: session)
        _ = await harness.run("map Toronto")
        guard case .open(let destination) = session.steps.last else {
            Issue.record("w did not open anything: \(session.steps)")
            return
        }
        #expect(destination.as(CityWeather.self)?.city?.name == "Toronto")
        // Without the Weather feature in this shell, the router says so.
        #expect(harness.output.stderr.contains("not installed"))
    }

    @Test func aSizeAskedForPrintsTheMapInstead() async throws {
        let session = Session()
        let harness = try harness(keys: [.character("q")], session: session)
        #expect(await harness.run("map Toronto --width 60 --height 10").contains("◉ Toronto"))
        #expect(session.frames.isEmpty)
    }
}
