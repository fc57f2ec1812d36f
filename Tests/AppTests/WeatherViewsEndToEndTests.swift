import CoreKit
import Foundation
import TestSupport
import Testing

/// Issue 13 through the built App against servers on 127.0.0.1: the richer answer, the parts of the day, rain,
/// air, units, one line for a status bar, several places at once, the other provider, old answers, the spinner.
@Suite(.serialized) struct WeatherViewsEndToEndTests {
    /// Open-Meteo's forecast and air quality (recorded, moved to today, or as recorded when `old`) and today at
    /// several places (an array as long as the list asked for), counting what was asked.
    final class Server: Sendable {
        let server: LoopbackServer

        /// - Parameter daysOld: the forecast as if recorded that many days ago (its 168 hours long past at 10).
        init(daysOld: Int = 0) throws {
            let forecast = redated(
                try fixture("open-meteo-toronto.json"), now: Date().addingTimeInterval(-Double(daysOld) * 86_400))
            let air = try weatherFixture("open-meteo-air-toronto.json")
            let today = redated(
                #"{"latitude":43.7,"longitude":-79.4,"utc_offset_seconds":-18000,"current":{"time":"2026-11-22T09:00","temperature_2m":3.4,"weather_code":3,"is_day":1},"daily":{"time":["2026-11-22"],"weather_code":[61],"temperature_2m_max":[5.5],"temperature_2m_min":[-2.5]}}"#
            )
            server = try LoopbackServer { request in
                switch request.path {
                case "/v1/air-quality": return .respond(.json(air))
                case "/v1/forecast" where request.queryItems["forecast_days"] == "1":
                    let count = (request.queryItems["latitude"] ?? "").split(separator: ",").count
                    return .respond(
                        .json(
                            count == 1
                                ? today : "[" + Array(repeating: today, count: count).joined(separator: ",") + "]"))
                case "/v1/forecast": return .respond(.json(forecast))
                default: return .respond(.json(#"{"cod":401,"message":"Invalid API key"}"#, status: 401))
                }
            }
        }

        var url: String { server.baseURL.absoluteString }
        var requests: [RecordedRequest] { server.requests }
    }

    func runner(_ home: TemporaryDirectory, _ server: Server, _ extra: [String: String] = [:]) -> ProcessRunner {
        AppBinary.runner(
            home: home,
            environment: [
                "SKYLENS_OPEN_METEO_URL": server.url, "SKYLENS_AIR_QUALITY_URL": server.url,
                "SKYLENS_OPENWEATHER_URL": server.url,
            ].merging(extra) { $1 })
    }

    func json(_ result: ProcessResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test func theWeatherNowSaysRainWindAirPressureAndTheSun() throws {
        let home = try TemporaryDirectory()
        let server = try Server()
        let run = runner(home, server)
        let text = try run.run(["--", "weather", "Toronto"])
        #expect(text.status == 0, "\(text.stderr)")
        for fact in [
            "Humidity 81 % · Dew point 0 °C", "Wind 15 km/h from WNW · Gusts 29 km/h", "Precipitation 0 mm last hour",
            "Cloud cover 100 %", "Pressure 1016 hPa", "Visibility 24 km", "UV 1 (low)", "Sunrise 07:12",
        ] {
            #expect(text.stdout.contains(fact), "\(fact)")
        }
        let now = try #require(
            try json(run.run(["--format", "json", "weather", "Toronto"]))["current"] as? [String: Any])
        #expect(now["precipitation"] as? Double == 0 && now["windGusts"] as? Double == 29.2)
        #expect(now["uvIndex"] as? Double == 0.9 && now["pressure"] as? Double == 1016.3)
        #expect(now["visibility"] as? Double == 24_140 && now["cloudCover"] as? Double == 100)
        #expect(now["dewPoint"] as? Double == 0.4)
        let asked = try #require(server.requests.first?.queryItems)
        #expect(asked["forecast_days"] == "16")
        #expect(asked["current"]?.contains("wind_gusts_10m,weather_code,is_day,precipitation,uv_index") == true)
    }

    @Test func partsDaysHoursAndRain() throws {
        let home = try TemporaryDirectory()
        let server = try Server()
        let run = runner(home, server)
        let parts = try json(run.run(["--format", "json", "forecast", "Toronto", "--parts"]))
        let list = try #require(parts["parts"] as? [[String: Any]])
        #expect((9...12).contains(list.count) && list.last?["part"] as? String == "evening")
        #expect(Set(list.compactMap { $0["part"] as? String }) == ["morning", "afternoon", "evening", "night"])
        #expect(
            Set(list[0].keys) == [
                "date", "part", "from", "to", "temperature", "condition", "conditionCode", "precipitationProbability",
                "precipitation", "windSpeed",
            ])
        let partsText = try run.run(["--", "forecast", "Toronto", "--parts"]).stdout
        #expect(partsText.contains("Morning") || partsText.contains("Night"))
        #expect(try run.run(["--", "forecast", "Toronto", "--days", "17"]).status == 64)
        let three = try json(run.run(["--format", "json", "forecast", "Toronto", "--days", "3"]))
        #expect((three["days"] as? [Any])?.count == 3)
        let fortyEight = try json(run.run(["--format", "json", "hourly", "Toronto", "--step", "1"]))
        #expect((fortyEight["hours"] as? [Any])?.count == 48)
        // A rain line in every view of the hours, in JSON too.
        let rain = try #require(fortyEight["rain"] as? String)
        #expect(rain.hasPrefix("Rain ") || rain == "Dry for the next 24 hours")
        #expect(try run.run(["--", "hourly", "Toronto"]).stdout.contains(rain))
        // All from one request: the views are of one answer.
        #expect(server.requests.count == 1)
    }

    @Test func theAirNowFromItsOwnServiceKeptLikeTheWeather() throws {
        let home = try TemporaryDirectory()
        let server = try Server()
        let run = runner(home, server)
        let text = try run.run(["--", "air", "Toronto"])
        #expect(text.status == 0 && text.stdout.contains("European AQI") && text.stdout.contains("fair"))
        let document = try json(run.run(["--format", "json", "air", "Toronto"]))
        let current = try #require(document["current"] as? [String: Any])
        #expect(current["europeanAqi"] as? Double == 23 && current["usAqi"] as? Double == 41)
        #expect(current["pm2_5"] as? Double == 8.1 && current["ozone"] as? Double == 52)
        #expect(server.requests.filter { $0.path == "/v1/air-quality" }.count == 1)
        server.server.stop()
        let stale = try json(run.run(["--format", "json", "air", "Toronto", "--refresh"]))
        #expect(stale["stale"] as? Bool == true)
    }

    @Test func unitsPerQuantityAreKeptAndUnitFStillWorks() throws {
        let home = try TemporaryDirectory()
        let server = try Server()
        let run = runner(home, server)
        #expect(try run.run(["--", "unit", "f"]).status == 0)
        let imperial = try #require(
            try json(run.run(["--format", "json", "weather", "Toronto"]))["current"] as? [String: Any])
        #expect(imperial["windSpeedUnit"] as? String == "mph" && imperial["precipitationUnit"] as? String == "in")
        #expect(try run.run(["--", "unit", "c"]).status == 0)
        #expect(try run.run(["--", "unit", "wind", "kn"]).status == 0)
        #expect(try run.run(["--", "unit", "clock", "12"]).status == 0)
        let units = try json(run.run(["--format", "json", "unit"]))
        #expect(units["unit"] as? String == "celsius" && units["windSpeedUnit"] as? String == "kn")
        #expect(units["clock"] as? String == "12")
        let text = try run.run(["--", "weather", "Toronto"]).stdout
        // CLDR writes a narrow no-break space between the time and "am" (it never breaks there).
        #expect(text.contains("Wind 8 kn") && text.contains("Sunrise 7:12\u{202F}am"), "\(text)")
        let bad = try run.run(["--", "unit", "wind", "furlongs"])
        #expect(bad.status == 64 && bad.stderr.contains("kmh, ms, mph or kn"))
    }

    @Test func oneLineForAStatusBarFromTheCache() throws {
        let home = try TemporaryDirectory()
        let server = try Server()
        let run = runner(home, server)
        let line = try run.run(["--", "weather", "Toronto", "--line"])
        #expect(line.status == 0 && line.stdout == "Toronto: ☁ 3 °C → 15 km/h\n", "\(line.stdout)")
        let templated = try run.run(["--", "weather", "Toronto", "--template", "%l %t %h %w %p %m"])
        #expect(templated.stdout.hasPrefix("Toronto 3 °C 81 % →15 km/h 0 mm "))
        #expect(server.requests.count == 1)
        let long = try run.run([
            "--", "weather", "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch", "--line",
        ])
        #expect(long.status == 0 && DisplayWidth.columns(of: long.stdout.trimmingCharacters(in: .newlines)) <= 60)
        // wttr.in's zenith (issue 28: every wttr.in code works); a code wttr.in lacks is still refused.
        let zenith = try run.run(["--", "weather", "Toronto", "--template", "%z"])
        #expect(zenith.status == 0 && zenith.stdout.count == 6, "\(zenith.stdout)")
        #expect(try run.run(["--", "weather", "Toronto", "--template", "%q"]).status == 64)
    }

    @Test func compareIsOneRequestForEveryPlace() throws {
        let home = try TemporaryDirectory()
        let server = try Server()
        let run = runner(home, server)
        let text = try run.run(["--", "compare", "Toronto", "Vancouver", "Paris, FR", "Tokyo"])
        #expect(text.status == 0 && text.stdout.contains("Today at 4 places"), "\(text.stderr)")
        #expect(server.requests.count == 1)
        #expect(server.requests.first?.queryItems["latitude"]?.split(separator: ",").count == 4)
        let document = try json(run.run(["--format", "json", "compare", "Toronto", "Ottawa"]))
        let places = try #require(document["places"] as? [[String: Any]])
        #expect(places.count == 2 && places[0]["max"] as? Double == 5.5 && places[0]["condition"] as? String == "Rain")
        #expect(try run.run(["--", "compare", "Toronto"]).status == 64)
        let unknown = try run.run(["--", "compare", "Toronto", "Tornto"])
        #expect(unknown.status == 67 && unknown.stderr.contains("Did you mean Toronto"))
    }

    @Test func favoritesAtTheTopLevelIsTheOverview() throws {
        let home = try TemporaryDirectory()
        let server = try Server()
        let run = runner(home, server)
        #expect(try run.run(["--", "fav", "Toronto"]).status == 0)
        #expect(try run.run(["--", "weather", "Toronto"]).status == 0)
        let overview = try run.run(["--", "favorites"])
        #expect(overview.stdout.contains("Favourites, with the last weather") && overview.stdout.contains("Overcast"))
    }

    @Test func whenTheChosenProviderFailsTheOtherAnswersAndSaysSo() throws {
        let home = try TemporaryDirectory()
        let server = try Server()
        // OpenWeatherMap refuses the key; Open-Meteo needs none.
        let run = runner(home, server, ["SKYLENS_WEATHER_PROVIDER": "openweathermap", "OPENWEATHER_API_KEY": "K"])
        let result = try run.run(["--", "weather", "Toronto"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Open-Meteo answered; OpenWeatherMap refused the API key (401)"))
        #expect(result.stdout.contains("· Open-Meteo"))
        let document = try json(run.run(["--format", "json", "weather", "Toronto"]))
        #expect(document["provider"] as? String == "open-meteo" && document["fallback"] != nil)
    }

    @Test func anAnswerDaysOldIsShownFromNowWithItsAge() throws {
        let home = try TemporaryDirectory()
        // An answer from ten days ago: a server behind, or a cache that could not be refreshed.
        let server = try Server(daysOld: 10)
        let run = runner(home, server)
        let now = try run.run(["--", "weather", "Toronto"])
        // Shown in full, and old: exit status 3.
        #expect(now.status == 3)
        // Observed ten days ago (a quarter of an hour before this test's time of day, ten days back).
        #expect(
            now.stdout.range(
                of: #"[0-9]{2}:[0-9]{2} local time, 10 days ago · Open-Meteo"#, options: .regularExpression)
                != nil, "\(now.stdout)")
        let hourly = try run.run(["--", "hourly", "Toronto"])
        // Never the 22nd's hours as "the next 24 hours".
        #expect(!hourly.stdout.contains("^ now"))
        #expect(hourly.stdout.unwrapped.contains("No hourly forecast from now in this answer"), "\(hourly.stdout)")
        let days = try json(run.run(["--format", "json", "forecast", "Toronto"]))
        #expect((days["days"] as? [Any])?.isEmpty == true)
        #expect(try run.run(["--", "forecast", "Toronto"]).stdout.unwrapped.contains("No daily forecast from now"))
    }

    @Test func aSpinnerTellsAPersonAtATerminalThatAFetchIsUnderWay() throws {
        let home = try TemporaryDirectory()
        let body = try weatherFixture("open-meteo-toronto.json")
        let slow = try LoopbackServer { [body] _ in .delayed(.json(body), by: .milliseconds(1500)) }
        defer { slow.stop() }
        let runner = ProcessRunner(
            executable: URL(fileURLWithPath: "/usr/bin/script"),
            environment: [
                "SKYLENS_HOME": home.path, "TERM": "xterm", "SKYLENS_LOG_LEVEL": "error",
                "SKYLENS_OPEN_METEO_URL": slow.baseURL.absoluteString,
            ])
        let app = try runner.start(["-qfec", "exec '\(AppBinary.url.path)' -- weather Toronto", "/dev/null"])
        let result = app.wait(timeout: .seconds(30))
        #expect(result.status == 0)
        #expect(result.stdout.contains("Asking 127.0.0.1"), "\(result.stdout)")
        // Wiped before the answer.
        #expect(result.stdout.contains("\r\u{1B}[K"))
        // Piped, no spinner at all.
        let piped = try AppBinary.runner(
            home: home, environment: ["SKYLENS_OPEN_METEO_URL": slow.baseURL.absoluteString]
        )
        .run(["--", "weather", "Toronto", "--refresh"])
        #expect(!(piped.stdout + piped.stderr).contains("Asking"))
    }
}

/// OpenWeatherMap through the built App: the day's extremes from the forecast's temperatures, the hours 3 apart
/// said, the days it has said when more are asked.
@Suite(.serialized) struct OpenWeatherMapViewsEndToEndTests {
    @Test func extremesFromTheTemperaturesHoursAndDaysSaid() throws {
        let home = try TemporaryDirectory()
        let current = try weatherFixture("owm-current-toronto.json")
        let forecast = try weatherFixture("owm-forecast-toronto.json")
        let server = try LoopbackServer { request in
            request.path == "/data/2.5/weather" ? .respond(.json(current)) : .respond(.json(forecast))
        }
        defer { server.stop() }
        let run = AppBinary.runner(
            home: home,
            environment: [
                "SKYLENS_OPENWEATHER_URL": server.baseURL.absoluteString, "SKYLENS_WEATHER_PROVIDER": "openweathermap",
                "OPENWEATHER_API_KEY": "K",
            ])
        let document = try #require(
            try JSONSerialization.jsonObject(
                with: Data(try run.run(["--format", "json", "forecast", "Toronto", "--days", "16"]).stdout.utf8))
                as? [String: Any])
        let days = try #require(document["days"] as? [[String: Any]])
        // The recorded forecast's second day: its temperatures run from -1.38 to 5.88 °C; its temp_min and
        // temp_max fields, from -1.78 to 6.28.
        let second = try #require(days.first { ($0["min"] as? Double) == -1.4 })
        #expect(second["max"] as? Double == 5.9)
        #expect((document["note"] as? String)?.contains("OpenWeatherMap forecasts 5 days") == true)
        let text = try run.run(["--", "forecast", "Toronto", "--days", "16"]).stdout
        #expect(text.unwrapped.contains("OpenWeatherMap forecasts 5 days; 16 were asked for"))
        let hourly = try run.run(["--", "hourly", "Toronto", "--step", "1"]).stdout
        #expect(hourly.contains("next 48 hours, every 3 hours"), "\(hourly)")
        // The sun from the weather now (the recorded answer has it at 07:12 and 16:45 UTC).
        #expect(try run.run(["--", "weather", "Toronto"]).stdout.contains("Sunrise 02:12 · Sunset 11:45"))
        #expect(server.requests.count == 2)
    }
}
