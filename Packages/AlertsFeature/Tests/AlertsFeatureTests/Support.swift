import AlertsFeature
import Architecture
import CitiesService
import CitiesTesting
import CommandShell
import CoreKit
import Foundation
import Localization
import ShellTesting
import Synchronization
import TestSupport
import WeatherAlerts
import WeatherAlertsTesting
import WeatherService

/// The places of the recorded answers, as the built-in list has them (GeoNames ids, regions and zones), beside the
/// shared fixture cities.
enum AlertCities {
    static let phoenix = City(
        id: 5308655, name: "Phoenix", country: "US", latitude: 33.44838, longitude: -112.074043, population: 1_650_070,
        timeZone: "America/Phoenix", region: Region(name: "Arizona", isoCode: "AZ", geonamesCode: "AZ"))
    static let tulsa = City(
        id: 4553433, name: "Tulsa", country: "US", latitude: 36.15398, longitude: -95.992783, population: 413_066,
        timeZone: "America/Chicago", region: Region(name: "Oklahoma", isoCode: "OK", geonamesCode: "OK"))
    static let oslo = City(
        id: 3143244, name: "Oslo", country: "NO", latitude: 59.912731, longitude: 10.74609, population: 1_082_575,
        timeZone: "Europe/Oslo", region: Region(name: "Oslo", isoCode: "03", geonamesCode: "12"))
    static let bergen = City(
        id: 3161732, name: "Bergen", country: "NO", latitude: 60.39299, longitude: 5.32415, population: 294_029,
        timeZone: "Europe/Oslo", region: Region(name: "Hordaland", geonamesCode: "46"))
    static let gospic = City(
        id: 3199873, name: "Gospić", country: "HR", latitude: 44.546108, longitude: 15.37472, population: 6_362,
        timeZone: "Europe/Zagreb", region: Region(name: "Licko-Senjska", geonamesCode: "08"))

    /// In Croatia, in no area MeteoAlarm's Croatian feed names.
    static let varazdin = City(
        id: 3188383, name: "Varaždin", country: "HR", latitude: 46.30444, longitude: 16.33778, population: 36_187,
        timeZone: "Europe/Zagreb", region: Region(name: "Varazdinska", geonamesCode: "16"))

    static let all = FixtureCities.all + [phoenix, tulsa, oslo, bergen, gospic, varazdin]
}

/// A clock the tests move.
final class TestClock: Sendable {
    private let date: Mutex<Date>
    init(_ text: String) { date = Mutex(Self.date(text)) }
    var now: Date { date.withLock { $0 } }
    func set(_ text: String) { date.withLock { $0 = Self.date(text) } }
    func advance(_ seconds: TimeInterval) { date.withLock { $0 += seconds } }

    static func date(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)!
    }
}

/// The recording times of the answers: when each shows warnings in force.
enum Moments {
    /// Phoenix, 2024-07-19 12:00 -07:00: the heat warning in force (since 10:00), the air quality alert too.
    static let phoenixHeat = "2024-07-19T12:00:00-07:00"
    /// The evening before: the heat warning announced for 10:00 tomorrow.
    static let phoenixEve = "2024-07-18T20:00:00-07:00"
    /// Toronto, 2026-03-05 20:00 -05:00: the freezing rain warning in force.
    static let torontoIce = "2026-03-06T01:00:00Z"
    /// Croatia, 2024-01-07 12:00 +01:00, after the feed's last message (08:47): two warnings in force in the Gospić
    /// region, two announced for tomorrow, two over.
    static let croatia = "2024-01-07T11:00:00Z"
    /// Norway, 2026-03-07 22:00 +01:00: the gales in force.
    static let norway = "2026-03-07T21:00:00Z"
}

@MainActor
struct AlertsHarness {
    let harness: ShellHarness
    let directory: TemporaryDirectory
    let server: RecordedAlerts.Server
    let clock: TestClock
    let settings: SettingsClient
    var output: CapturedOutput { harness.output }

    init(
        format: OutputFormat = .text, width: Int = 80, at moment: String = Moments.phoenixHeat,
        answers: RecordedAlerts.Answers = .init(), colour: Bool = false, cache: AnswerCache<AlertReport> = .inMemory(),
        settings: SettingsClient = .inMemory(), language: Language = .english
    ) throws {
        directory = try TemporaryDirectory()
        let store = try FixtureCities.store(in: directory.url, cities: AlertCities.all)
        let server = try RecordedAlerts.Server(answers)
        let clock = TestClock(moment)
        self.server = server
        self.clock = clock
        self.settings = settings
        harness = ShellHarness(
            plugins: [
                AlertsPlugin(
                    alerts: AlertsLookup(client: server.client(now: { clock.now }), cache: cache, now: { clock.now }),
                    catalogue: .live(store), places: PlaceMemory(settings: settings), now: { clock.now })
            ],
            format: format, terminal: TerminalInfo(isInteractive: false, colorEnabled: colour, width: width),
            placeNames: { before, prefix in store.nameCompletions(words: before, partial: prefix) }, language: language)
    }

    @discardableResult
    func run(_ line: String) async -> String { await harness.run(line) }

    /// The exit status of a line.
    func status(_ line: String) async -> Int32 {
        guard case .completed(let status) = await harness.status(line) else { return -1 }
        return status
    }
}
