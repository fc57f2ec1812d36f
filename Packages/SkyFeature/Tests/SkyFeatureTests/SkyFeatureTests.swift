import Architecture
import Astronomy
import CitiesService
import CitiesTesting
import CommandShell
import Contracts
import CoreKit
import Foundation
import Localization
import ShellTesting
import SkyFeature
import TestSupport
import Testing

/// 2026-11-23 14:05 UTC: a Tuesday already in Sydney.
let fixedNow = Date(timeIntervalSince1970: 1_795_443_900)

/// Tromsø (GeoNames 3133895), beside the shared fixture cities: the polar night of the issue.
let tromso = City(
    id: 3133895, name: "Tromsø", country: "NO", latitude: 69.648903, longitude: 18.95508, population: 77_544,
    timeZone: "Europe/Oslo")

@MainActor
struct SkyHarness {
    let harness: ShellHarness
    let directory: TemporaryDirectory
    var shell: Shell { harness.shell }
    var output: CapturedOutput { harness.output }

    init(
        format: OutputFormat = .text, width: Int = 80, settings: SettingsClient = .inMemory(),
        language: Language = .english
    ) throws {
        directory = try TemporaryDirectory()
        let store = try FixtureCities.store(in: directory.url, cities: FixtureCities.all + [tromso])
        harness = ShellHarness(
            plugins: [SkyPlugin(catalogue: .live(store), settings: settings, now: { fixedNow })], format: format,
            terminal: TerminalInfo(isInteractive: false, colorEnabled: false, width: width),
            placeNames: { before, prefix in store.nameCompletions(words: before, partial: prefix) }, language: language)
    }

    @discardableResult
    func run(_ line: String) async -> String { await harness.run(line) }
    func status(_ line: String) async -> Shell.Outcome { await harness.status(line) }
}

@MainActor @Suite struct SkyViewTests {
    @Test("Tromsø at the winter solstice: polar night said in words, at 80 and 40 columns")
    func polarNight() async throws {
        for width in [80, 40] {
            let sky = try SkyHarness(width: width)
            let text = await sky.run("sky Tromsø --date 2026-12-21")
            #expect(text.contains("The sun does not rise today") && text.contains("(polar night)."))
            #expect(text.split(separator: "\n").allSatisfy { DisplayWidth.columns(of: $0) <= width })
            Golden.assertMatches(text, named: "sky-tromso-2026-12-21-\(width)")
        }
    }

    @Test("Sydney today: the timeline marks now; the moon is drawn, lit as seen from the south")
    func sydney() async throws {
        for width in [80, 40, 200] {
            let sky = try SkyHarness(width: width)
            let text = await sky.run("sky Sydney")
            #expect(text.contains("Tuesday, 24 November 2026") && text.contains("Australia/Sydney (UTC+11:00)"))
            #expect(text.contains("▲ now"))
            #expect(text.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
            #expect(text.split(separator: "\n").allSatisfy { DisplayWidth.columns(of: $0) <= width })
            Golden.assertMatches(text, named: "sky-sydney-today-\(width)")
        }
    }

    @Test("A month of phases, as a calendar at 80 and 40 columns")
    func month() async throws {
        for width in [80, 40] {
            let sky = try SkyHarness(width: width)
            let text = await sky.run("moon --month 2026-12 Sydney")
            #expect(text.split(separator: "\n").allSatisfy { DisplayWidth.columns(of: $0) <= width })
            Golden.assertMatches(text, named: "moon-month-sydney-2026-12-\(width)")
        }
    }

    @Test("moon alone: the moon section, with its rise and set")
    func moonAlone() async throws {
        let sky = try SkyHarness()
        let text = await sky.run("moon Paris --date 2026-12-01")
        #expect(text.hasPrefix("Moon over Paris, Ile-de-France, FR"))
        #expect(!text.contains("Sunrise"))
        #expect(text.contains("Moonrise") && text.contains("Moonset"))
    }

    @Test("The summer at 51°N: no true night, said so")
    func noTrueNight() async throws {
        let text = try await SkyHarness().run("sky London, GB --date 2026-06-21")
        #expect(text.contains("No true night"))
        #expect(text.contains("Astronomical dawn  —"))
    }
}

@MainActor @Suite struct SkyJSONTests {
    func document(_ line: String) async throws -> [String: Any] {
        let sky = try SkyHarness(format: .json)
        let text = await sky.run(line)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("The issue's shape: every key, null where nothing happens, local offsets")
    func shape() async throws {
        let json = try await document("sky Tromsø --date 2026-12-21")
        #expect(Set(json.keys) == ["location", "date", "sun", "moon", "schema"])
        let location = try #require(json["location"] as? [String: Any])
        #expect(Set(location.keys) == ["id", "name", "country", "lat", "lon", "timezone"])
        #expect(location["id"] as? Int == 3133895 && location["timezone"] as? String == "Europe/Oslo")
        #expect(json["date"] as? String == "2026-12-21")
        let sun = try #require(json["sun"] as? [String: Any])
        #expect(
            Set(sun.keys) == [
                "astronomicalDawn", "nauticalDawn", "civilDawn", "sunrise", "solarNoon", "sunset", "civilDusk",
                "nauticalDusk", "astronomicalDusk", "dayLength", "dayLengthChange", "polar",
            ])
        #expect(sun["sunrise"] is NSNull && sun["sunset"] is NSNull)
        #expect(sun["polar"] as? String == "night" && sun["dayLength"] as? Int == 0)
        let noon = try #require(sun["solarNoon"] as? String)
        #expect(noon.hasPrefix("2026-12-21T11:") && noon.hasSuffix("+01:00"))
        let moon = try #require(json["moon"] as? [String: Any])
        #expect(
            Set(moon.keys) == ["phase", "illumination", "age", "moonrise", "moonset", "nextNewMoon", "nextFullMoon"])
        #expect(moon["moonrise"] is NSNull)
        let illumination = try #require(moon["illumination"] as? Double)
        #expect((0...1).contains(illumination))
    }

    @Test("An ordinary day: every sun event is a time, in order; the polar field is null")
    func ordinaryDay() async throws {
        let json = try await document("sky Paris --date 2026-03-29")
        let sun = try #require(json["sun"] as? [String: Any])
        #expect(sun["polar"] is NSNull)
        let times = try [
            "astronomicalDawn", "nauticalDawn", "civilDawn", "sunrise", "solarNoon", "sunset", "civilDusk",
            "nauticalDusk", "astronomicalDusk",
        ].map { try #require(sun[$0] as? String) }
        #expect(times == times.sorted())
        // The clocks went forward at 02:00 that night: dawn is still in winter time, the rest in summer time.
        #expect(times[0].hasSuffix("+02:00") && times[8].hasSuffix("+02:00"))
        #expect((sun["dayLengthChange"] as? Int ?? 0) > 0)
    }

    @Test("A month: each day with its phase, and the principal phases")
    func month() async throws {
        let json = try await document("moon --month 2025-03 London, GB")
        #expect(json["month"] as? String == "2025-03")
        let days = try #require(json["days"] as? [[String: Any]])
        #expect(days.count == 31)
        #expect(days[13]["phase"] as? String == "Full Moon")
        let phases = try #require(json["phases"] as? [[String: Any]])
        // USNO: full moon 2025 March 14, 06:55 UT (the total lunar eclipse); London is on UTC in March.
        let full = try #require(phases.first { $0["phase"] as? String == "Full Moon" }?["time"] as? String)
        #expect(full.hasPrefix("2025-03-14T06:5") && full.hasSuffix("+00:00"))
    }
}

@MainActor @Suite struct SkyInputTests {
    @Test(
        "Bad input: a clear message, a non-zero exit, nothing on standard output",
        arguments: [
            ("sky Tromsø --date 2026-02-30", "2026-02-30 is not a date: February 2026 has 28 days.", Int32(64)),
            ("sky Tromsø --date 2026-13-01", "2026-13-01 is not a date: there is no month 13.", 64),
            (
                "sky Tromsø --date 1899-12-31", "The sky is computed for the years 1900 to 2100; 1899 is outside them.",
                64
            ),
            (
                "sky Tromsø --date 21/12/2026",
                "A date is YYYY-MM-DD (2026-12-21), today, tomorrow or yesterday; not '21/12/2026'.", 64
            ),
            ("sky Atlantis", "No place called 'Atlantis'", 67),
            ("moon --month 2101-01 Paris", "The sky is computed for the years 1900 to 2100; 2101 is outside them.", 64),
            ("moon --month 2026-12 --date 2026-12-01 Paris", "--month takes a month (YYYY-MM), not --date.", 64),
        ])
    func badInput(line: String, message: String, status: Int32) async throws {
        let sky = try SkyHarness()
        #expect(await sky.status(line) == .completed(status: status))
        #expect(sky.output.stdout.isEmpty)
        #expect(sky.output.stderr.unwrapped.contains(message))
    }

    @Test("sky alone shows the last place again, on another date too; the place is kept in the settings")
    func lastPlace() async throws {
        let settings = SettingsClient.inMemory()
        let sky = try SkyHarness(settings: settings)
        await sky.run("sky Sydney")
        #expect(try await settings.value(for: "place.last") == "#2147714")
        let text = await sky.run("sky --date tomorrow")
        #expect(text.contains("Sky over Sydney, New South Wales, AU") && text.contains("Wednesday, 25 November 2026"))
        #expect(sky.shell.router.top(as: SkyPage.self)?.date == "2026-11-25")
    }

    @Test("Back from another feature's view, the sky shows again as it was: the moon alone, or a month")
    func backShowsWhatWasShown() async throws {
        let sky = try SkyHarness()
        let tokyo = CityPage(city: CityReference(id: FixtureCities.tokyo.id, name: "Tokyo"))
        await sky.run("moon Paris --date 2026-12-01")
        sky.shell.router.push(tokyo)
        let moon = await sky.run("back")
        #expect(moon.hasPrefix("Moon over Paris, Ile-de-France, FR") && moon.contains("Tuesday, 1 December 2026"))
        #expect(!moon.contains("Sunrise"))
        // One sky on the stack at a time: a new one replaces it.
        await sky.run("moon --month 2026-12 Tokyo")
        sky.shell.router.push(tokyo)
        let month = await sky.run("back")
        #expect(month.hasPrefix("Moon phases over Tokyo, Tokyo, JP") && month.contains("December 2026"))
        #expect(sky.shell.router.top(as: SkyPage.self)?.isMonth == true)
    }

    @Test("On a city another feature shows, sky alone is that city's")
    func cityOnScreen() async throws {
        let sky = try SkyHarness()
        sky.shell.router.push(CityPage(city: CityReference(id: FixtureCities.tokyo.id, name: "Tokyo")))
        #expect(await sky.run("sky").contains("Sky over Tokyo, Tokyo, JP"))
        sky.shell.router.push(CityWeather(city: CityReference(id: FixtureCities.paris.id, name: "Paris")))
        #expect(await sky.run("moon").contains("Moon over Paris, Ile-de-France, FR"))
    }

    @Test("Coordinates: the nearest city's time zone, else the nautical one")
    func coordinates() async throws {
        let sky = try SkyHarness()
        #expect(await sky.run("sky -33.9,151.2 --date 2026-12-21").contains("Australia/Sydney (UTC+11:00)"))
        #expect(await sky.run("sky -40,-140 --date 2026-12-21").contains("Etc/GMT+9 (UTC-09:00)"))
    }

    @Test("Tab completion: city names for the place, words for the date")
    func completion() async throws {
        let sky = try SkyHarness()
        // City names come from the list once it is open (the first command that needs it opens it).
        await sky.run("sky Paris")
        let model = sky.shell.completionModel()
        #expect(model.complete("sky Syd").candidates.contains("Sydney"))
        #expect(model.complete("sky Sydney --date to").candidates == ["today", "tomorrow"])
        #expect(model.complete("mo").candidates.contains("moon"))
    }
}
