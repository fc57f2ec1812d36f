import Architecture
import CommandShell
import CoreKit
import Foundation
import ShellTesting
import TestSupport
import Testing
import WeatherAlerts
import WeatherAlertsTesting
import WeatherService

@testable import WeatherFeature

/// Issue 28: `weather --line --format waybar|i3blocks|polybar`, what each bar reads, from the recorded Toronto answer
/// at the tests' clock (2026-11-22 14:05 UTC, 09:05 in Toronto).
@MainActor @Suite struct StatusBarTests {
    let directory: TemporaryDirectory
    let server: LoopbackServer

    init() throws {
        directory = try TemporaryDirectory()
        server = try LoopbackServer(always: .json(try providerFixture("open-meteo-toronto.json")))
    }

    func waybar(_ text: String) throws -> [String: Any] {
        #expect(text.hasSuffix("\n") && text.dropLast().split(separator: "\n").count == 1, "one line: \(text)")
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func waybarReadsTheLineTheNextHoursTheBandAndTheChanceOfRain() async throws {
        let harness = try WeatherHarness(server: server, directory: directory)
        let object = try waybar(await harness.run("weather Toronto --line --format waybar"))
        #expect(object["text"] as? String == "Toronto: ☁ 3 °C → 15 km/h")
        // 3.4 °C: the 0–10 band.
        #expect(object["class"] as? [String] == ["cold"])
        let tooltip = try #require(object["tooltip"] as? String).split(separator: "\n").map(String.init)
        #expect(tooltip.first == "Toronto, Ontario, CA", "\(tooltip)")
        #expect(tooltip[1] == "Overcast, 3 °C (feels -1 °C), wind → 15 km/h", "\(tooltip)")
        // The six hours after 09:05, on the hour, in Toronto's time.
        #expect(
            tooltip.dropFirst(2).map { String($0.prefix(5)) } == ["10:00", "11:00", "12:00", "13:00", "14:00", "15:00"])
        let percentage = try #require(object["percentage"] as? Int)
        #expect((0...100).contains(percentage))
        // The recorded answer's chance for the hour under way at 09:05: the hour stamped 10:00 (a provider's hour
        // holds the hour before its time), read from it here.
        let answer = try #require(
            try JSONSerialization.jsonObject(with: Data(try providerFixture("open-meteo-toronto.json").utf8))
                as? [String: Any])
        let hourly = try #require(answer["hourly"] as? [String: Any])
        let index = try #require((hourly["time"] as? [String])?.firstIndex(of: "2026-11-22T10:00"))
        let chance = try #require((hourly["precipitation_probability"] as? [Any])?[index])
        #expect(percentage == (chance as? Int ?? (chance as? Double).map { Int($0.rounded()) }), "\(chance)")
        // Exit 0 and one request.
        #expect(await harness.status("weather Toronto --line --format waybar") == .completed(status: 0))
        #expect(server.requests.count == 1)
    }

    @Test func oldDataIsAClassAndAToolTipLineAndStillExitsZero() async throws {
        let harness = try WeatherHarness(server: server, directory: directory)
        harness.clock.advance(3 * 86_400)
        let object = try waybar(await harness.run("weather Toronto --line --format waybar"))
        #expect(object["class"] as? [String] == ["cold", "stale"])
        #expect((object["tooltip"] as? String)?.hasSuffix("\nData 3 d old") == true)
        #expect((object["text"] as? String)?.hasSuffix("(3 d old)") == true)
        // A bar hides a module whose script fails: the bar formats exit 0; the plain line keeps its 3.
        #expect(await harness.status("weather Toronto --line --format waybar") == .completed(status: 0))
        #expect(await harness.status("weather Toronto --line") == .completed(status: 3))
    }

    @Test func i3blocksAndPolybarGetTheirOwnShapesInTheTemperaturesColour() async throws {
        let harness = try WeatherHarness(server: server, directory: directory)
        let i3 = await harness.run("weather Toronto --line --format i3blocks").split(separator: "\n").map(String.init)
        #expect(i3.count == 3, "\(i3)")
        #expect(i3[0] == "Toronto: ☁ 3 °C → 15 km/h" && i3[1] == "☁ 3 °C")
        guard case .rgb(let r, let g, let b) = ColorScale.temperature(3.4) else {
            Issue.record("the temperature scale is in RGB")
            return
        }
        let colour = String(format: "#%02X%02X%02X", r, g, b)
        #expect(i3[2] == colour)
        let polybar = await harness.run("weather Toronto --line --format polybar")
        #expect(polybar == "%{F\(colour)}Toronto: ☁ 3 °C → 15 km/h%{F-}\n")
        // Written as it is, never cut to a narrow terminal.
        let narrow = try WeatherHarness(
            server: server, terminal: TerminalInfo(isInteractive: false, colorEnabled: false, width: 20),
            directory: directory)
        let cut = await narrow.run("weather Toronto --line --format waybar")
        #expect(try waybar(cut)["percentage"] != nil)
    }

    @Test func aBarIsAskedForWithTheLineOnly() async throws {
        let harness = try WeatherHarness(server: server, directory: directory)
        #expect(await harness.status("weather Toronto --line --format json") == .completed(status: 64))
        #expect(harness.output.stderr.contains("put --format before the command"), "\(harness.output.stderr)")
        #expect(await harness.status("weather Toronto --line --format dwm") == .completed(status: 64))
        #expect(harness.output.stderr.contains("waybar, i3blocks, polybar"))
        #expect(await harness.status("weather Toronto --format waybar") == .completed(status: 64))
        #expect(await harness.status("weather Toronto --template '%t' --format waybar") == .completed(status: 64))
        #expect(server.requests.isEmpty)
    }

    @Test func aBarsFormatWinsOverAConfiguredJSON() async throws {
        let json = try WeatherHarness(server: server, format: .json, directory: directory)
        let object = try waybar(await json.run("weather Toronto --line --format waybar"))
        #expect(object["text"] as? String == "Toronto: ☁ 3 °C → 15 km/h" && object["schema"] == nil)
    }

    @Test func pangoMarkupIsEscapedAndATagInANameIsNone() {
        #expect(WeatherViews.pango("Rock & <Roll>") == "Rock &amp; &lt;Roll&gt;")
        let content = WeatherViews.BarContent(
            text: "A%{F#FF0000}B & <i>", short: "", tooltip: ["x & y"], classes: ["cold"], percentage: nil,
            colour: "#FFFFFF")
        #expect(WeatherViews.bar(.polybar, content) == "%{F#FFFFFF}A% {F#FF0000}B & <i>%{F-}")
        #expect(WeatherViews.bar(.waybar, content).contains(#""text":"A%{F#FF0000}B &amp; &lt;i&gt;""#))
        #expect(!WeatherViews.bar(.waybar, content).contains("percentage"))
    }

    @Test func aWarningInForceIsAClassAndItsColour() async throws {
        let weather = try LoopbackServer(always: .json(try providerFixture("open-meteo-toronto.json")))
        let ice = try RecordedAlerts.moved(
            RecordedAlerts.ecccToronto, recorded: "2026-03-06T01:00:00Z", to: Date(timeIntervalSince1970: 1_795_356_300)
        )
        let alerts = try RecordedAlerts.Server(.init(eccc: .respond(.json(ice))))
        let harness = try WeatherHarness(
            server: weather, directory: directory,
            alerts: { clock in
                AlertsLookup(client: alerts.client(now: { clock.now }), cache: .inMemory(), now: { clock.now })
            })
        let object = try waybar(await harness.run("weather Toronto --line --format waybar"))
        #expect(object["class"] as? [String] == ["cold", "warning", "warning-moderate"])
        #expect((object["text"] as? String)?.hasPrefix("⚠ Toronto:") == true)
        #expect((object["tooltip"] as? String)?.split(separator: "\n").dropFirst().first == "⚠ Freezing rain warning")
        // Yellow, the moderate level's colour on every warnings view.
        let i3 = await harness.run("weather Toronto --line --format i3blocks").split(separator: "\n")
        #expect(i3.last == "#F5CD00" && i3[1] == "⚠ ☁ 3 °C")
    }
}

/// Issue 30: one line works out the sun's and moon's day only when its template reads it; a view or a template after
/// a line still has it.
@MainActor @Suite struct LineAlmanacTests {
    @Test func theCodesThatReadTheAlmanac() {
        for (template, uses) in [
            ("%l %c %t %w", false), ("%m", true), ("%M days", true), ("dawn %D", true), ("%z", true), ("%d", true),
            ("%Z", true), ("%%m", false), ("100%%", false), ("%", false), ("%S %s %T", false), ("%%%m", true),
        ] {
            #expect(WeatherViews.templateUsesAlmanac(template) == uses, "\(template)")
        }
    }

    @Test func aTemplateOrAViewAfterALineStillReadsTheAlmanac() async throws {
        let directory = try TemporaryDirectory()
        let server = try LoopbackServer(always: .json(try providerFixture("open-meteo-toronto.json")))
        let harness = try WeatherHarness(server: server, directory: directory)
        let line = await harness.run("weather Toronto --line")
        #expect(line.hasPrefix("Toronto:"), "\(line)")
        let template = await harness.run("weather Toronto --template '%m|%D|%z|%d|%Z|%M'")
        let parts = template.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "|").map(String.init)
        #expect(parts.count == 6 && !parts.contains("—"), "\(template)")
        #expect(parts[4] == "America/Toronto", "\(template)")
        _ = await harness.run("weather Toronto --line")
        let view = await harness.run("weather Toronto")
        #expect(view.contains("moon"), "\(view)")
        // From review: a refresh after a line shows the view whole, its almanac too.
        _ = await harness.run("weather Toronto --line")
        let refreshed = await harness.run("refresh")
        #expect(refreshed.contains("moon"), "\(refreshed)")
    }
}
