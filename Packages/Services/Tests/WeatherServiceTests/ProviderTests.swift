import Diagnostics
import Foundation
import NIOTransport
import Networking
import OpenMeteo
import OpenWeatherMap
import TestSupport
import Testing
import WeatherService

let toronto = WeatherLocation(id: 6167865, name: "Toronto", country: "CA", latitude: 43.70011, longitude: -79.4163)

func http(_ server: LoopbackServer, log: InMemoryLog = InMemoryLog(), timeout: Duration = .seconds(5)) -> HTTPClient {
    HTTPClient(
        baseURL: server.baseURL,
        transport: HTTPTransport(
            engine: NIOHTTPEngine(), configuration: .init(timeout: timeout), logger: log.logger(), now: { Date() }))
}

@Suite struct OpenMeteoTests {
    @Test func decodesTheRecordedResponseWithItsNullsAndLocalTimes() throws {
        let dto = try JSONDecoder().decode(
            OpenMeteoForecastDTO.self, from: Data(try fixture("open-meteo-toronto.json").utf8))
        let report = try OpenMeteo.report(from: dto, for: toronto)
        #expect(report.provider == "open-meteo")
        #expect(report.utcOffset == -18000)
        #expect(report.current.temperature == 3.4 && report.current.feelsLike == -0.6)
        #expect(report.current.condition == .overcast && report.current.code == 3)
        // 09:00 in Toronto (UTC-5) is 14:00 UTC.
        #expect(report.observedAt == Date(timeIntervalSince1970: 1_795_356_000))
        #expect(report.hours.count == 167)  // the last hour is null
        #expect(report.days.count == 7)
        #expect(report.days[6].condition == .unknown)  // a null code
        #expect(report.days[0].minimum <= report.days[0].average && report.days[0].average <= report.days[0].maximum)
        #expect(report.days[0].sunrise.map { LocalTime.day($0, utcOffset: -18000) } == "2026-11-22")
        // The rest of the weather now, the hours' rain and wind, the days' totals.
        let now = report.current
        #expect(now.precipitation == 0 && now.windGusts == 29.2 && now.uvIndex == 0.9 && now.pressure == 1016.3)
        #expect(now.visibility == 24_140 && now.cloudCover == 100 && now.dewPoint == 0.4)
        #expect(report.hours[16].precipitation == 1.3 && report.hours[16].windSpeed != nil)
        #expect(report.days[0].precipitation == 4.2 && report.days[0].precipitationProbability == 59)
    }

    @Test func theAirNowIsOneRequestOfItsOwn() async throws {
        let server = try LoopbackServer(always: .json(try fixture("open-meteo-air-toronto.json")))
        let air = try await OpenMeteo.airQuality(http: http(server)).fetch(toronto)
        #expect(air.europeanAqi == 23 && air.usAqi == 41 && air.pm25 == 8.1 && air.nitrogenDioxide == 18.3)
        #expect(air.observedAt == Date(timeIntervalSince1970: 1_795_356_000) && air.utcOffset == -18000)
        let request = try #require(server.requests.first)
        #expect(request.path == "/v1/air-quality" && request.queryItems["latitude"] == "43.7001")
        #expect(AirQuality.europeanLevel(23) == "fair" && AirQuality.usLevel(41) == "good")
        #expect(AirQuality.usLevel(151) == "unhealthy" && AirQuality.europeanLevel(120) == "extremely poor")
        let absurd = try LoopbackServer(
            always: .json(
                try fixture("open-meteo-air-toronto.json").replacingOccurrences(
                    of: "\"pm2_5\": 8.1", with: "\"pm2_5\": -4")))
        #expect(try await OpenMeteo.airQuality(http: http(absurd)).fetch(toronto).pm25 == nil)
    }

    @Test func aResponseWithoutACurrentTemperatureIsMalformed() throws {
        var json = try fixture("open-meteo-toronto.json")
        json = json.replacingOccurrences(of: "\"temperature_2m\": 3.4", with: "\"temperature_2m\": null")
        let dto = try OpenMeteo.decoder.decode(OpenMeteoForecastDTO.self, from: Data(json.utf8))
        #expect(throws: WeatherError.self) { try OpenMeteo.report(from: dto, for: toronto) }
    }

    @Test func theClientAsksForCelsiusAndKilometresAnHour() async throws {
        let server = try LoopbackServer(always: .json(try fixture("open-meteo-toronto.json")))
        let report = try await OpenMeteo.client(http: http(server)).fetch(toronto)
        #expect(report.current.temperature == 3.4)
        let request = try #require(server.requests.first)
        #expect(request.path == "/v1/forecast")
        let query = request.queryItems
        #expect(query["latitude"] == "43.7001" && query["longitude"] == "-79.4163")
        #expect(
            query["timezone"] == "auto" && query["temperature_unit"] == "celsius" && query["wind_speed_unit"] == "kmh")
        #expect(query["current"]?.contains("weather_code") == true && query["daily"]?.contains("sunrise") == true)
    }

    @Test func failuresSayWhatFailed() async throws {
        let broken = try LoopbackServer(always: .text("upstream down", status: 502))
        await #expect(throws: WeatherError.self) { try await OpenMeteo.client(http: http(broken)).fetch(toronto) }
        do { _ = try await OpenMeteo.client(http: http(broken)).fetch(toronto) } catch {
            #expect(error.message.contains("502") && error.allowsStaleData)
        }
        let html = try LoopbackServer(always: .text("<html>hi</html>"))
        do { _ = try await OpenMeteo.client(http: http(html)).fetch(toronto) } catch {
            #expect(error.message.contains("not valid Open-Meteo weather data"))
        }
        let refused = HTTPClient(
            baseURL: URL(string: "http://127.0.0.1:\(closedLoopbackPort())")!,
            transport: HTTPTransport(engine: NIOHTTPEngine(), logger: InMemoryLog().logger(), now: { Date() }))
        do { _ = try await OpenMeteo.client(http: refused).fetch(toronto) } catch {
            #expect(error.message.contains("Could not connect to 127.0.0.1"))
        }
    }

    /// Found by FuzzOpenMeteo: a combining mark inside a date aborted Foundation's formatter.
    @Test func localTimesAreReadByHandAndOddTextIsRefused() {
        let parser = LocalTime.Parser(utcOffset: -18000)
        #expect(parser.date("2026-11-22T09:00") == Date(timeIntervalSince1970: 1_795_356_000))
        #expect(parser.date("2026-11-22T09:00:30") == Date(timeIntervalSince1970: 1_795_356_030))
        #expect(parser.date("2026-11-22") == Date(timeIntervalSince1970: 1_795_323_600))
        for odd in [
            "2026-11-2\u{325}12:00", "2026-13-01", "2026-02-30", "2026-11-22T24:00", "", "2026-11-22T09:00Z",
            "２０２６-11-22",
        ] {
            #expect(parser.date(odd) == nil, "\(odd.debugDescription)")
        }
        #expect(parser.day(Date(timeIntervalSince1970: 1_795_356_000)) == "2026-11-22")
        #expect(LocalTime.Parser(utcOffset: 0).day(Date(timeIntervalSince1970: 0)) == "1970-01-01")
        #expect(LocalTime.Parser(utcOffset: 0).day(Date(timeIntervalSince1970: -1)) == "1969-12-31")
        #expect(LocalTime.Parser(utcOffset: 0).day(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29")
    }

    @Test func wmoCodesMapToWords() {
        #expect(
            Condition(wmo: 0) == .clear && Condition(wmo: 95).words == "Thunderstorm"
                && Condition(wmo: 1234) == .unknown)
        #expect(Condition(openWeatherMap: 800) == .clear && Condition(openWeatherMap: 502) == .heavyRain)
    }
}

@Suite struct OpenWeatherMapTests {
    let key = "KEY-0123456789abcdef"

    func server(currentStatus: Int = 200, currentBody: String? = nil) throws -> LoopbackServer {
        let current = try currentBody ?? fixture("owm-current-toronto.json")
        let forecast = try fixture("owm-forecast-toronto.json")
        return try LoopbackServer { request in
            request.path == "/data/2.5/weather"
                ? .respond(.json(current, status: currentStatus)) : .respond(.json(forecast))
        }
    }

    @Test func currentAndForecastMakeOneReport() async throws {
        let server = try server()
        let report = try await OpenWeatherMap.client(http: http(server), apiKey: key).fetch(toronto)
        #expect(report.provider == "openweathermap")
        #expect(report.current.temperature == 3.1 && report.current.condition == .overcast)
        #expect(abs((report.current.windSpeed ?? 0) - 4.12 * 3.6) < 0.001)
        #expect(report.hours.count == 40)
        #expect((5...6).contains(report.days.count))
        #expect(server.requests.map(\.path) == ["/data/2.5/weather", "/data/2.5/forecast"])
        #expect(server.requests.allSatisfy { $0.queryItems["appid"] == key && $0.queryItems["units"] == "metric" })
    }

    @Test func theDaysExtremesComeFromTheForecastAndTheSunFromTheWeatherNow() throws {
        let current = try JSONDecoder().decode(
            OWMCurrentDTO.self, from: Data(try fixture("owm-current-toronto.json").utf8))
        var forecast = try JSONDecoder().decode(
            OWMForecastDTO.self, from: Data(try fixture("owm-forecast-toronto.json").utf8))
        // As real answers have it: temp_min and temp_max are a spread over the city's stations, not the day's.
        for index in forecast.list.indices {
            forecast.list[index].main.tempMin = forecast.list[index].main.temp - 6
            forecast.list[index].main.tempMax = forecast.list[index].main.temp + 6
        }
        let report = try OpenWeatherMap.report(current: current, forecast: forecast, for: toronto)
        for day in report.days {
            let temperatures = forecast.list.filter {
                LocalTime.day(Date(timeIntervalSince1970: $0.dt), utcOffset: -18000) == day.date
            }.map(\.main.temp)
            #expect(day.minimum == temperatures.min() && day.maximum == temperatures.max(), "\(day.date)")
        }
        // Late in the local day the forecast starts tomorrow: the sun is still known, from the weather now.
        var late = forecast
        late.list = forecast.list.filter { $0.dt > 1_795_410_000 }
        let night = try OpenWeatherMap.report(current: current, forecast: late, for: toronto)
        #expect(night.days.first?.date == "2026-11-23")
        #expect(night.current.sunrise == Date(timeIntervalSince1970: 1_795_331_520))
        #expect(night.current.sunset == Date(timeIntervalSince1970: 1_795_365_900))
        // The rest of the weather now: gusts in km/h, pressure, visibility, cloud, a dew point from the humidity.
        #expect(abs((report.current.windGusts ?? 0) - 7.2 * 3.6) < 0.001 && report.current.pressure == 1019)
        #expect(report.current.visibility == 10_000 && report.current.cloudCover == 75)
        #expect(abs((report.current.dewPoint ?? 99) - -0.4) < 0.1 && report.current.precipitation == 0)
    }

    /// Found by FuzzOpenWeatherMap: an offset beyond −14 h crashed Foundation's date formatter.
    @Test func anOffsetWithStraySecondsIsNotACrash() throws {
        let current = try fixture("owm-current-toronto.json").replacingOccurrences(
            of: "\"timezone\": -18000", with: "\"timezone\": -64148")
        #expect(current.contains("-64148"))
        let dto = try JSONDecoder().decode(OWMCurrentDTO.self, from: Data(current.utf8))
        let forecast = try JSONDecoder().decode(
            OWMForecastDTO.self, from: Data(try fixture("owm-forecast-toronto.json").utf8))
        let report = try OpenWeatherMap.report(current: dto, forecast: forecast, for: toronto)
        #expect(!report.days.isEmpty)
        #expect(LocalTime.wholeMinutes(-64148) == -43200 && LocalTime.wholeMinutes(1_000_000) == 50400)
        #expect(LocalTime.wholeMinutes(-18_030) == -18000 && LocalTime.wholeMinutes(19_800) == 19_800)
    }

    @Test func codeComesAsANumberOrAString() throws {
        let number = try JSONDecoder().decode(OWMErrorDTO.self, from: Data(try fixture("owm-401.json").utf8))
        let string = try JSONDecoder().decode(OWMErrorDTO.self, from: Data(try fixture("owm-404.json").utf8))
        #expect(number.cod?.value == 401 && string.cod?.value == 404)
    }

    @Test(arguments: [
        (401, "owm-401.json", "refused the API key (401): Invalid API key"),
        (404, "owm-404.json", "has no weather for this place (404): city not found"),
        (429, "owm-429.json", "limits the requests (429)"),
    ])
    func errorBodiesBecomeSpecificMessagesWithoutTheKey(status: Int, file: String, message: String) async throws {
        let log = InMemoryLog()
        let server = try server(currentStatus: status, currentBody: try fixture(file))
        do {
            _ = try await OpenWeatherMap.client(http: http(server, log: log), apiKey: key).fetch(toronto)
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains(message), "\(error.message)")
            #expect(!error.message.contains(key))
        }
        #expect(!log.events.map { "\($0.message) \($0.metadata)" }.joined().contains(key))
    }

    @Test func noKeyIsAClearErrorAndNoRequest() async throws {
        let server = try server()
        do {
            _ = try await OpenWeatherMap.client(http: http(server), apiKey: nil).fetch(toronto)
        } catch {
            #expect(error.message.contains("set OPENWEATHER_API_KEY"))
        }
        #expect(server.requests.isEmpty)
    }
}

@Suite struct ImplausibleValueTests {
    /// Found by the fuzz smoke in CI: a time of 1e30 seconds trapped converting to Int.
    @Test func absurdTimesAndTemperaturesAreLeftOutNotACrash() throws {
        let current = try JSONDecoder().decode(
            OWMCurrentDTO.self, from: Data(try fixture("owm-current-toronto.json").utf8))
        let forecast = try fixture("owm-forecast-toronto.json")
            .replacingOccurrences(of: "\"dt\": 1795370400", with: "\"dt\": 1e30")
            .replacingOccurrences(of: "\"dt\": 1795381200", with: "\"dt\": -1e300")
        #expect(forecast.contains("1e30"))
        let dto = try JSONDecoder().decode(OWMForecastDTO.self, from: Data(forecast.utf8))
        let report = try OpenWeatherMap.report(current: current, forecast: dto, for: toronto)
        #expect(report.hours.count == 38)
        var hot = current
        hot.main.temp = 1e300
        #expect(throws: WeatherError.self) { try OpenWeatherMap.report(current: hot, forecast: dto, for: toronto) }
    }
}

/// The map's weather: many places in one request.
@Suite struct OpenMeteoCurrentConditionsTests {
    static let places = [
        toronto,
        WeatherLocation(id: 6077243, name: "Montréal", country: "CA", latitude: 45.50884, longitude: -73.58781),
        WeatherLocation(id: 5128581, name: "New York City", country: "US", latitude: 40.71427, longitude: -74.00597),
    ]

    @Test func threePlacesAreOneRequestAnsweredWithAnArray() async throws {
        let server = try LoopbackServer(always: .json(try fixture("open-meteo-current-three.json")))
        let answers = try await OpenMeteo.currentConditions(http: http(server)).fetch(Self.places)
        #expect(answers.map { $0?.temperature } == [3.4, -1.2, 8.6])
        #expect(answers.map { $0?.condition } == [.overcast, .snow, .rain])
        #expect(server.requests.count == 1)
        let query = try #require(server.requests.first).queryItems
        #expect(query["latitude"] == "43.7001,45.5088,40.7143")
        #expect(query["longitude"] == "-79.4163,-73.5878,-74.0060")
        #expect(query["current"] == "temperature_2m,weather_code,is_day" && query["temperature_unit"] == "celsius")
    }

    @Test func onePlaceIsAnsweredWithAnObject() async throws {
        let server = try LoopbackServer(always: .json(try fixture("open-meteo-toronto.json")))
        let answers = try await OpenMeteo.currentConditions(http: http(server)).fetch([toronto])
        #expect(answers.map { $0?.temperature } == [3.4])
    }

    @Test func anAnswerForOtherPlacesIsMalformedAndAnImpossibleOneIsLeftOut() async throws {
        let server = try LoopbackServer(always: .json(try fixture("open-meteo-current-three.json")))
        await #expect(throws: WeatherError.self) {
            try await OpenMeteo.currentConditions(http: http(server)).fetch(Array(Self.places.prefix(2)))
        }
        let hot = try fixture("open-meteo-current-three.json").replacingOccurrences(
            of: "\"temperature_2m\": -1.2", with: "\"temperature_2m\": 999")
        let hotServer = try LoopbackServer(always: .json(hot))
        let answers = try await OpenMeteo.currentConditions(http: http(hotServer)).fetch(Self.places)
        #expect(answers.map { $0?.temperature } == [3.4, nil, 8.6])
    }

    @Test func noPlacesNoRequestAndAtMostTenAreAsked() async throws {
        let server = try LoopbackServer(always: .json(try fixture("open-meteo-current-three.json")))
        let client = OpenMeteo.currentConditions(http: http(server))
        #expect(try await client.fetch([]).isEmpty)
        #expect(server.requests.isEmpty)
        let many = Array(repeating: toronto, count: 12)
        await #expect(throws: WeatherError.self) { try await client.fetch(many) }  // 3 answers for the 10 asked
        let query = try #require(server.requests.first).queryItems
        #expect(query["latitude"]?.split(separator: ",").count == 10)
    }
}
