import Foundation
import Synchronization
import TestSupport
import Testing
import WeatherAlertsTesting

/// The four services on one server on 127.0.0.1: the recorded answers, moved to now (NWS's Phoenix heat warning, in
/// force; Environment Canada's freezing rain in Toronto; MET Norway's gales; MeteoAlarm's Croatia), or on purpose
/// badly. Every App test's runner points the warning services here (`AppBinary`), so that no test reaches the
/// internet.
final class AlertsServer: Sendable {
    enum Mode: Sendable { case normal, down, hostile }

    private final class ModeBox: Sendable { let mode = Mutex(Mode.normal) }

    let server: LoopbackServer
    private let box = ModeBox()

    /// The one every runner uses unless a test gives its own: the answers as recorded, whose warnings are all over
    /// now (NWS's for New York has none), so that the other tests' views have no warning line. One that cannot start
    /// stops the tests at once, saying why: run without it, they would ask the real services.
    static let shared: AlertsServer = {
        do { return try AlertsServer(inForce: false) } catch {
            fatalError("The warning services' test server cannot start: \(error)")
        }
    }()

    /// - Parameter inForce: the answers moved to now (their warnings in force), or as recorded (all over).
    init(inForce: Bool = true) throws {
        func moved(_ name: String) throws -> String {
            inForce
                ? try RecordedAlerts.moved(name, recorded: RecordedAlerts.recordedMoments[name] ?? "", to: Date())
                : try RecordedAlerts.text(name)
        }
        let nws = inForce ? try moved(RecordedAlerts.nwsPhoenix) : try RecordedAlerts.text(RecordedAlerts.nwsNone)
        let eccc = try moved(RecordedAlerts.ecccToronto)
        let metno = try moved(RecordedAlerts.metNorwayGales), croatia = try moved(RecordedAlerts.meteoAlarmCroatia)
        let box = self.box
        server = try LoopbackServer { request in
            switch box.mode.withLock({ $0 }) {
            case .down: return .respond(.text("Service Unavailable", status: 503))
            case .hostile:
                return .respond(
                    .json(
                        nws.replacingOccurrences(
                            of: "Excessive Heat", with: #"Excessive\u001b[2J\u001b]0;pwned\u0007 Heat"#)))
            case .normal:
                if request.path == "/alerts/active" { return .respond(.json(nws)) }
                if request.path.hasSuffix("/metalerts/2.0/current.json") { return .respond(.json(metno)) }
                if request.path.hasPrefix("/api/v1/warnings/feeds-") { return .respond(.json(croatia)) }
                if request.path == "/collections/weather-alerts/items" { return .respond(.json(eccc)) }
                return .respond(.text("no such path", status: 404))
            }
        }
    }

    func set(_ mode: Mode) { box.mode.withLock { $0 = mode } }
    var requests: [RecordedRequest] { server.requests }

    /// The services' variables, all here.
    var environment: [String: String] {
        let url = server.baseURL.absoluteString
        return [
            "SKYLENS_NWS_URL": url, "SKYLENS_METALERTS_URL": url, "SKYLENS_METEOALARM_URL": url,
            "SKYLENS_ECCC_URL": url,
        ]
    }
}

@Suite(.serialized) struct AlertsEndToEndTests {
    func runner(_ home: TemporaryDirectory, _ server: AlertsServer, _ extra: [String: String] = [:]) -> ProcessRunner {
        AppBinary.runner(home: home, environment: server.environment.merging(extra) { $1 })
    }

    @Test func aWarningInForceIsShownMostSevereFirstAndAScriptCanActOnIt() throws {
        let home = try TemporaryDirectory()
        let server = try AlertsServer()
        let run = runner(home, server, ["SKYLENS_USER_AGENT_CONTACT": "ops@example.org"])
        let text = try run.run(["--", "alerts", "Phoenix"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("■ SEVERE  Excessive Heat Warning") && text.stdout.contains("In force until"))
        let heat = try #require(text.stdout.range(of: "Excessive Heat Warning"))
        let air = try #require(text.stdout.range(of: "Air Quality Alert"))
        #expect(heat.lowerBound < air.lowerBound)
        // The service asked for the point, with an identifying User-Agent.
        let asked = try #require(server.requests.last)
        #expect(asked.path == "/alerts/active" && asked.queryItems["point"] == "33.4484,-112.0740")
        #expect(asked.header("user-agent")?.hasPrefix("SkyLens/") == true)
        #expect(asked.header("user-agent")?.hasSuffix("(ops@example.org)") == true)
        // cron: `alerts Phoenix --fail-on severe || notify-send …`
        #expect(try run.run(["--", "alerts", "Phoenix", "--fail-on", "severe"]).status == 4)
        #expect(try run.run(["--", "alerts", "Phoenix", "--fail-on", "extreme"]).status == 0)
        #expect(try run.run(["--", "alerts", "Phoenix", "--fail-on", "purple"]).status == 64)
        // JSON: kind alerts, times with Phoenix's offset.
        let json = try run.run(["--format", "json", "alerts", "Phoenix"])
        let document = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        #expect(document["schema"] as? String == "skylens.alerts/1" && document["covered"] as? Bool == true)
        let first = try #require((document["alerts"] as? [[String: Any]])?.first)
        #expect(first["severity"] as? String == "severe" && (first["expires"] as? String)?.hasSuffix("-07:00") == true)
    }

    @Test func eachCountryItsServiceAndAPlaceNoneCoversSaidPlainly() throws {
        let home = try TemporaryDirectory()
        let server = try AlertsServer()
        let run = runner(home, server)
        let toronto = try run.run(["--", "alerts", "Toronto"])
        #expect(toronto.stdout.contains("Freezing rain warning") && toronto.stdout.contains("Area: City of Toronto"))
        let oslo = try run.run(["--", "alerts", "Oslo"])
        #expect(oslo.stdout.contains("Kuling") && oslo.stdout.contains("MET Norway"))
        let gospic = try run.run(["--", "alerts", "Gospić"])
        #expect(gospic.stdout.contains("MeteoAlarm names areas, not points"), "\(gospic.stdout)\(gospic.stderr)")
        let before = server.requests.count
        let tokyo = try run.run(["--", "alerts", "Tokyo"])
        #expect(tokyo.status == 0 && tokyo.stdout.hasPrefix("No warning service SkyLens knows covers Japan"))
        #expect(try run.run(["--", "alerts", "Tokyo", "--fail-on", "moderate"]).status == 69)
        #expect(server.requests.count == before)
    }

    @Test func offlineTheLastAnswerWithItsAgeNeverNoWarningsAndAHostileAnswerIsCleaned() throws {
        let home = try TemporaryDirectory()
        let server = try AlertsServer()
        let run = runner(home, server)
        #expect(try run.run(["--", "alerts", "Phoenix"]).status == 0)
        server.set(.down)
        let stale = try run.run(["--", "alerts", "Phoenix", "--refresh"])
        #expect(stale.status == 3 && stale.stdout.contains("could not be asked now"))
        #expect(stale.stdout.contains("Excessive Heat Warning"))
        let offline = try run.run(["--offline", "alerts", "Phoenix", "--refresh"])
        #expect(offline.status == 3 && offline.stdout.contains("SkyLens runs offline"))
        // Nothing kept for Tulsa: the failure, said.
        let failed = try run.run(["--", "alerts", "Tulsa"])
        #expect(failed.status == 69 && failed.stderr.contains("503"))
        server.set(.hostile)
        let hostile = try run.run(["--", "alerts", "Phoenix", "--refresh"])
        #expect(hostile.stdout.contains("Excessive") && !hostile.stdout.contains("\u{1B}"))
        #expect(!hostile.stdout.contains("\u{07}"))
    }

    @Test func theServicesAreCreditedAndTheCommandDocumented() throws {
        let home = try TemporaryDirectory()
        let run = runner(home, try AlertsServer())
        let about = try run.run(["--", "about"]).stdout
        for service in [
            "National Weather Service", "Environment and Climate Change Canada", "MET Norway", "MeteoAlarm",
        ] {
            #expect(about.contains(service), "\(service)")
        }
        let help = try run.run(["--", "help", "alerts"]).stdout
        #expect(help.contains("--fail-on") && help.contains("Examples:"))
        #expect(try run.run(["--", "manual"]).stdout.contains("at or above the level of alerts"))
    }
}
