import Architecture
import CoreKit
import Foundation
import ShellTesting
import TestSupport
import Testing
import WeatherAlerts
import WeatherAlertsTesting

/// `alerts` as a person types it: the views at 40, 80 and 200 columns (golden files), the exit statuses, the JSON,
/// and servers that misbehave.
@MainActor @Suite struct AlertsViewTests {
    /// The text as one line of words: what it says, wherever it was wrapped.
    func flat(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }

    func fits(_ text: String, _ width: Int) -> Bool {
        text.split(separator: "\n").allSatisfy { DisplayWidth.columns(of: $0) <= width }
    }

    @Test("Phoenix in a heat wave: the most severe first, times in Phoenix's, the instruction wrapped")
    func phoenix() async throws {
        for width in [40, 80, 200] {
            let alerts = try AlertsHarness(width: width)
            let text = await alerts.run("alerts Phoenix")
            #expect(flat(text).contains("■ SEVERE Excessive Heat Warning"))
            #expect(flat(text).contains("In force until tomorrow 20:00"))
            #expect(flat(text).contains("National Weather Service · checked just now"))
            let heat = try #require(text.range(of: "Excessive Heat Warning")),
                air = try #require(text.range(of: "Air Quality Alert"))
            #expect(heat.lowerBound < air.lowerBound)
            #expect(fits(text, width))
            Golden.assertMatches(text, named: "alerts-phoenix-heat-\(width)")
        }
    }

    @Test("The evening before: the warning announced for tomorrow, from and until")
    func announced() async throws {
        let alerts = try AlertsHarness(at: Moments.phoenixEve)
        let text = await alerts.run("alerts Phoenix")
        #expect(flat(text).contains("From tomorrow 10:00 until Sat 20 Jul 20:00"))
        Golden.assertMatches(text, named: "alerts-phoenix-announced-80")
        // --full: the whole description, where the view shows its first four lines.
        let full = await alerts.run("alerts Phoenix --full")
        #expect(flat(full).contains("IMPACTS...") && !flat(text).contains("IMPACTS..."))
        // Nothing over is ever shown: the next day at 21:00, the air quality alert is over, the heat warning is not;
        // two days later, neither.
        alerts.clock.set("2024-07-19T21:00:00-07:00")
        let night = await alerts.run("alerts Phoenix --refresh")
        #expect(night.contains("Excessive Heat") && !night.contains("Air Quality Alert"))
        alerts.clock.set("2024-07-21T12:00:00-07:00")
        let later = await alerts.run("alerts Phoenix --refresh")
        #expect(later.hasPrefix("No warnings in force for Phoenix, AZ, US"))
    }

    @Test("Toronto under freezing rain (Environment Canada): the region of the point, once")
    func toronto() async throws {
        for width in [40, 80, 200] {
            let alerts = try AlertsHarness(width: width, at: Moments.torontoIce)
            let text = await alerts.run("alerts Toronto")
            #expect(text.contains("■ YELLOW") && flat(text).contains("Area: City of Toronto"))
            #expect(text.components(separatedBy: "Freezing rain warning").count == 2)
            #expect(fits(text, width))
            Golden.assertMatches(text, named: "alerts-toronto-ice-\(width)")
        }
    }

    @Test("Gospić (MeteoAlarm): the area matched by name is said, and the other areas under warnings")
    func gospic() async throws {
        for width in [40, 80, 200] {
            let alerts = try AlertsHarness(width: width, at: Moments.croatia)
            let text = await alerts.run("alerts Gospić")
            #expect(flat(text).contains("MeteoAlarm names areas, not points: matched by name, Gospic region."))
            #expect(flat(text).contains("Other areas under warnings:"))
            #expect(fits(text, width))
            Golden.assertMatches(text, named: "alerts-gospic-\(width)")
        }
    }

    @Test("A place MeteoAlarm names no area for, while its country has warnings: never \"no warnings\"")
    func unmatched() async throws {
        let alerts = try AlertsHarness(at: Moments.croatia)
        let text = await alerts.run("alerts Varaždin")
        #expect(
            flat(text).hasPrefix(
                "Whether Varaždin, Varazdinska, HR is under a warning cannot be told: MeteoAlarm names areas, not points, and no area under a warning in Croatia is named 'Varaždin' or 'Varazdinska'."
            ), "\(text)")
        #expect(!text.contains("No warnings"))
        #expect(await alerts.status("alerts Varaždin") == 0)
        #expect(await alerts.status("alerts Varaždin --fail-on moderate") == 69)
        let json = try AlertsHarness(format: .json, at: Moments.croatia)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(await json.run("alerts Varaždin").utf8)) as? [String: Any])
        #expect(document["matched"] as? Bool == false && (document["otherAreas"] as? [String])?.isEmpty == false)
        // A point near Gospić is matched by the nearest town's names.
        let point = await alerts.run("alerts 44.55,15.37")
        #expect(flat(point).contains("matched by name, Gospic region"), "\(point)")
    }

    @Test("Oslo (MET Norway): the gales, in the service's colour, from its Norwegian answer")
    func oslo() async throws {
        let alerts = try AlertsHarness(at: Moments.norway)
        let text = await alerts.run("alerts Oslo")
        #expect(text.contains("■ YELLOW  Kuling") && text.contains("MET Norway"))
        #expect(fits(text, 80))
        let request = try #require(alerts.server.requests.first)
        #expect(request.queryItems["lat"] == "59.9127" && request.queryItems["lang"] == "en")
    }

    @Test("No warnings: said with the service and the answer's age; never for a place no service covers")
    func noneAndNotCovered() async throws {
        let alerts = try AlertsHarness(answers: .init(nws: .recorded(RecordedAlerts.nwsNone)))
        let none = await alerts.run("alerts Toronto, OH")
        #expect(flat(none) == "No warnings in force for Toronto, OH, US (National Weather Service, checked just now).")
        let tokyo = await alerts.run("alerts Tokyo")
        #expect(tokyo.hasPrefix("No warning service SkyLens knows covers Japan") && !tokyo.contains("No warnings"))
        #expect(await alerts.status("alerts Tokyo") == 0)
        Golden.assertMatches(tokyo, named: "alerts-tokyo-not-covered-40")
    }

    @Test("Offline: the last answer, with its age and why, exit 3; never \"no warnings\" as if checked now")
    func stale() async throws {
        let alerts = try AlertsHarness(answers: .init(nws: .recorded(RecordedAlerts.nwsNone)))
        _ = await alerts.run("alerts Toronto, OH")
        alerts.server.answer { $0.nws = .hang }
        alerts.clock.advance(3 * 3600)
        let text = await alerts.run("alerts Toronto, OH")
        #expect(flat(text).contains("National Weather Service could not be asked now"))
        #expect(
            flat(text).contains(
                "No warnings were in force for Toronto, OH, US when National Weather Service last answered, 3 h ago."))
        #expect(!text.contains("No warnings in force"))
        alerts.clock.advance(60)
        #expect(await alerts.status("alerts Toronto, OH") == 3)
        // The port of the test's server changes from run to run.
        let port = try Regex(#"127\.0\.0\.1:[0-9]+"#)
        Golden.assertMatches(text.replacing(port, with: "127.0.0.1:PORT"), named: "alerts-stale-80")
    }

    @Test("Colour: the level in its colour, the rest plain; no colour when off")
    func colour() async throws {
        let alerts = try AlertsHarness(colour: true)
        let text = await alerts.run("alerts Phoenix")
        // Orange, at the 256 colours the harness's painter has: xterm's 208.
        #expect(text.contains("\u{1B}[38;5;208;1m■ SEVERE"), "\(text.debugDescription.prefix(300))")
        #expect(await (try AlertsHarness()).run("alerts Phoenix").contains("\u{1B}") == false)
    }
}

@MainActor @Suite struct AlertsScriptTests {
    @Test("--fail-on: 4 when a warning at or above the level is in force, 0 otherwise; 69 where none can be known")
    func failOn() async throws {
        let alerts = try AlertsHarness()
        #expect(await alerts.status("alerts Phoenix --fail-on severe") == 4)
        #expect(await alerts.status("alerts Phoenix --fail-on orange") == 4)
        #expect(await alerts.status("alerts Phoenix --fail-on extreme") == 0)
        // Announced is not in force.
        alerts.clock.set(Moments.phoenixEve)
        #expect(await alerts.status("alerts Phoenix --fail-on moderate --refresh") == 0)
        #expect(await alerts.status("alerts Tokyo --fail-on moderate") == 69)
        #expect(alerts.output.stderr.contains("No warning service SkyLens knows covers Japan"))
        #expect(await alerts.status("alerts Phoenix --fail-on purple") == 64)
        #expect(alerts.output.stderr.contains("--fail-on takes moderate, severe or extreme"))
        #expect(await alerts.status("alerts Nowhereville") == 67)
    }

    @Test("JSON: the warnings most severe first, every field, times with the place's offset")
    func json() async throws {
        let alerts = try AlertsHarness(format: .json)
        let text = await alerts.run("alerts Phoenix")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(document["schema"] as? String == "skylens.alerts/1" && document["covered"] as? Bool == true)
        #expect(document["source"] as? String == "nws" && document["stale"] as? Bool == false)
        #expect(document["checkedAt"] as? String == "2024-07-19T12:00:00-07:00")
        let list = try #require(document["alerts"] as? [[String: Any]])
        #expect(list.map { $0["severity"] as? String } == ["severe", "unknown"])
        #expect(list[0]["event"] as? String == "Excessive Heat Warning" && list[0]["inForce"] as? Bool == true)
        #expect(list[0]["onset"] as? String == "2024-07-19T10:00:00-07:00")
        #expect(list[0]["expires"] as? String == "2024-07-20T20:00:00-07:00")
        #expect(list[0]["sender"] as? String == "NWS Phoenix AZ" && list[0]["level"] == nil)
        // The air quality alert: no instruction, and no end of its weather (`ends` null): its message's expiry.
        #expect(
            (list[1]["instruction"] as? String) == nil && list[1]["expires"] as? String == "2024-07-19T21:00:00-07:00")
        let tokyo = try #require(
            try JSONSerialization.jsonObject(with: Data(await alerts.run("alerts Tokyo").utf8)) as? [String: Any])
        #expect(tokyo["covered"] as? Bool == false && (tokyo["alerts"] as? [Any])?.isEmpty == true)
        #expect((tokyo["problem"] as? String)?.contains("Japan") == true)
    }

    @Test("Hostile servers: escape sequences never reach the terminal; HTML and huge bodies are failures said plainly")
    func hostile() async throws {
        var phoenix = try RecordedAlerts.text(RecordedAlerts.nwsPhoenix)
        phoenix = phoenix.replacingOccurrences(
            of: "Excessive Heat Warning", with: "Excessive\\u001b]0;owned\\u0007 Heat\\u001b[2J Warning")
        // And in a description: every text a service sends is made safe.
        phoenix = phoenix.replacingOccurrences(of: "* WHAT...", with: "* WHAT...\\u001b[31m\\u001b]8;;http://x\\u0007")
        #expect(phoenix.contains("WHAT...\\u001b[31m"))
        let alerts = try AlertsHarness(
            answers: .init(
                nws: .respond(.json(phoenix)), metNorway: .huge(bytes: 8 * 1_048_576),
                meteoAlarm: .respond(.text("<html><body>Bad gateway</body></html>")), eccc: .hang))
        let text = await alerts.run("alerts Phoenix --full")
        #expect(text.contains("Excessive") && text.contains("WHAT...") && !text.contains("\u{1B}"))
        #expect(!text.contains("\u{07}"))
        let json = try AlertsHarness(format: .json, answers: .init(nws: .respond(.json(phoenix))))
        #expect(!(await json.run("alerts Phoenix")).contains("\\u001b"))
        #expect(await alerts.status("alerts Oslo") == 69)
        #expect(alerts.output.stderr.contains("MB"))
        #expect(await alerts.status("alerts Gospić") == 69)
        #expect(alerts.output.stderr.contains("MeteoAlarm answered with something that is not its warnings' JSON"))
        let started = ContinuousClock.now
        #expect(await alerts.status("alerts Toronto") == 75)
        #expect(ContinuousClock.now - started < .seconds(10))
    }
}
