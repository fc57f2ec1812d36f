import CoreKit
import Foundation
import Networking
import WeatherService

/// Open-Meteo's `/v1/forecast` answer, exactly as sent: parallel arrays in which any value may be `null`, local
/// times without an offset next to `utcOffsetSeconds`.
public struct OpenMeteoForecastDTO: Decodable, Sendable, Equatable {
    public struct Current: Decodable, Sendable, Equatable {
        public var time: String
        public var temperature2m: Double?
        public var apparentTemperature: Double?
        public var relativeHumidity2m: Double?
        public var windSpeed10m: Double?
        public var windDirection10m: Double?
        public var weatherCode: Int?
        public var isDay: Int?
        public var precipitation: Double?
        public var windGusts10m: Double?
        public var uvIndex: Double?
        public var pressureMsl: Double?
        public var visibility: Double?
        public var cloudCover: Double?
        public var dewPoint2m: Double?

        enum CodingKeys: String, CodingKey {
            case time, precipitation, visibility
            case temperature2m = "temperature_2m"
            case apparentTemperature = "apparent_temperature"
            case relativeHumidity2m = "relative_humidity_2m"
            case windSpeed10m = "wind_speed_10m"
            case windDirection10m = "wind_direction_10m"
            case weatherCode = "weather_code"
            case isDay = "is_day"
            case windGusts10m = "wind_gusts_10m"
            case uvIndex = "uv_index"
            case pressureMsl = "pressure_msl"
            case cloudCover = "cloud_cover"
            case dewPoint2m = "dew_point_2m"
        }
    }

    public struct Hourly: Decodable, Sendable, Equatable {
        public var time: [String]
        public var temperature2m: [Double?]?
        public var apparentTemperature: [Double?]?
        public var precipitationProbability: [Double?]?
        public var weatherCode: [Int?]?
        public var precipitation: [Double?]?
        public var windSpeed10m: [Double?]?
        public var windDirection10m: [Double?]?
        public var visibility: [Double?]?

        enum CodingKeys: String, CodingKey {
            case time, precipitation, visibility
            case temperature2m = "temperature_2m"
            case apparentTemperature = "apparent_temperature"
            case precipitationProbability = "precipitation_probability"
            case weatherCode = "weather_code"
            case windSpeed10m = "wind_speed_10m"
            case windDirection10m = "wind_direction_10m"
        }
    }

    /// `minutely_15`: each amount is the sum over the 15 minutes before its time.
    public struct Minutely15: Decodable, Sendable, Equatable {
        public var time: [String]
        public var precipitation: [Double?]?
        public var rain: [Double?]?
        public var snowfall: [Double?]?
        public var weatherCode: [Int?]?

        enum CodingKeys: String, CodingKey {
            case time, precipitation, rain, snowfall
            case weatherCode = "weather_code"
        }
    }

    public struct Daily: Decodable, Sendable, Equatable {
        public var time: [String]
        public var weatherCode: [Int?]?
        public var temperature2mMax: [Double?]?
        public var temperature2mMin: [Double?]?
        public var sunrise: [String?]?
        public var sunset: [String?]?
        public var precipitationSum: [Double?]?
        public var precipitationProbabilityMax: [Double?]?
        public var windSpeed10mMax: [Double?]?

        enum CodingKeys: String, CodingKey {
            case time, sunrise, sunset
            case weatherCode = "weather_code"
            case temperature2mMax = "temperature_2m_max"
            case temperature2mMin = "temperature_2m_min"
            case precipitationSum = "precipitation_sum"
            case precipitationProbabilityMax = "precipitation_probability_max"
            case windSpeed10mMax = "wind_speed_10m_max"
        }
    }

    public var latitude: Double
    public var longitude: Double
    public var utcOffsetSeconds: Int
    public var timezone: String?
    public var current: Current?
    public var hourly: Hourly?
    public var daily: Daily?
    public var minutely15: Minutely15?

    enum CodingKeys: String, CodingKey {
        case latitude, longitude, timezone, current, hourly, daily
        case utcOffsetSeconds = "utc_offset_seconds"
        case minutely15 = "minutely_15"
    }
}

/// Open-Meteo: no key. `GET {base}/v1/forecast` with the variables SkyLens shows, in °C and km/h.
public enum OpenMeteo {
    public static let defaultBaseURL = URL(string: "https://api.open-meteo.com")!
    /// Days asked for (the most Open-Meteo gives); an answer with more has them dropped (see
    /// `WeatherReport.checked`).
    public static let forecastDays = 16
    /// Quarter hours asked for from the one under way: six hours (`rain --within` up to 6h at 15-minute steps; the
    /// hours beyond come from the hourly forecast). Open-Meteo's own models give them over North America (HRRR) and
    /// central Europe (ICON-D2, AROME); elsewhere they are the hourly forecast interpolated (its documentation).
    public static let quarterHours = 24

    /// The DTOs name their keys (`temperature_2m`); a plain decoder.
    public static var decoder: JSONDecoder { JSONDecoder() }

    public static func client(http: HTTPClient) -> WeatherClient {
        WeatherClient(provider: "open-meteo", displayName: "Open-Meteo") { location throws(WeatherError) in
            let request = HTTPRequest.get("/v1/forecast", query: query(for: location))
            let dto: OpenMeteoForecastDTO
            do throws(HTTPError) {
                dto = try await http.send(
                    request, decoding: OpenMeteoForecastDTO.self,
                    expected: Sentence("Open-Meteo weather data", table: .weather), decoder: decoder)
            } catch {
                throw WeatherError.from(error, provider: "Open-Meteo")
            }
            return try report(from: dto, for: location).checked(days: forecastDays)
        }
    }

    /// The weather now at up to `CurrentConditionsClient.limit` places in one request:
    /// `latitude=a,b,c&longitude=x,y,z`, which Open-Meteo answers with an array (an object for one place).
    public static func currentConditions(http: HTTPClient) -> CurrentConditionsClient {
        CurrentConditionsClient(provider: "open-meteo") { places throws(WeatherError) in
            guard !places.isEmpty else { return [] }
            let asked = Array(places.prefix(CurrentConditionsClient.limit))
            let request = HTTPRequest.get(
                "/v1/forecast",
                query: coordinates(asked) + [
                    QueryItem("current", "temperature_2m,weather_code,is_day"),
                    QueryItem("timezone", "GMT"),
                    QueryItem("temperature_unit", "celsius"),
                ])
            let answer: OpenMeteoCurrentBatchDTO
            do throws(HTTPError) {
                answer = try await http.send(
                    request, decoding: OpenMeteoCurrentBatchDTO.self,
                    expected: Sentence("Open-Meteo weather data", table: .weather),
                    decoder: decoder)
            } catch {
                throw WeatherError.from(error, provider: "Open-Meteo")
            }
            guard answer.places.count == asked.count else {
                throw .malformed(
                    Sentence(
                        "Open-Meteo answered for %1$@ places where %2$@ were asked for.", .number(answer.places.count),
                        .number(asked.count), table: .weather))
            }
            return answer.places.map { place in
                guard let current = place.current, let temperature = current.temperature2m,
                    Plausible.temperature.contains(temperature)
                else { return nil }
                let code = current.weatherCode ?? -1
                return CurrentWeather(
                    temperature: temperature, feelsLike: nil, humidity: nil, windSpeed: nil, windDirection: nil,
                    condition: Condition(wmo: code), code: code, isDay: (current.isDay ?? 1) == 1)
            }
        }
    }

    /// `latitude=a,b,c&longitude=x,y,z`.
    static func coordinates(_ places: [WeatherLocation]) -> [QueryItem] {
        [
            QueryItem("latitude", places.map { FixedDigits.decimal($0.latitude, digits: 4) }.joined(separator: ",")),
            QueryItem("longitude", places.map { FixedDigits.decimal($0.longitude, digits: 4) }.joined(separator: ",")),
        ]
    }

    /// Today at up to `TodayClient.limit` places in one request: the weather now and the day's extremes, each in
    /// the place's own time zone (`timezone=auto` applies to every place).
    public static func today(http: HTTPClient) -> TodayClient {
        TodayClient(provider: "open-meteo") { places throws(WeatherError) in
            guard !places.isEmpty else { return [] }
            let asked = Array(places.prefix(TodayClient.limit))
            let request = HTTPRequest.get(
                "/v1/forecast",
                query: coordinates(asked) + [
                    QueryItem("current", "temperature_2m,apparent_temperature,weather_code,is_day,wind_speed_10m"),
                    QueryItem("daily", "weather_code,temperature_2m_max,temperature_2m_min"),
                    QueryItem("timezone", "auto"), QueryItem("forecast_days", "1"),
                    QueryItem("temperature_unit", "celsius"), QueryItem("wind_speed_unit", "kmh"),
                ])
            let answer: OpenMeteoCurrentBatchDTO
            do throws(HTTPError) {
                answer = try await http.send(
                    request, decoding: OpenMeteoCurrentBatchDTO.self,
                    expected: Sentence("Open-Meteo weather data", table: .weather),
                    decoder: decoder)
            } catch {
                throw WeatherError.from(error, provider: "Open-Meteo")
            }
            guard answer.places.count == asked.count else {
                throw .malformed(
                    Sentence(
                        "Open-Meteo answered for %1$@ places where %2$@ were asked for.", .number(answer.places.count),
                        .number(asked.count), table: .weather))
            }
            return answer.places.map { place in
                guard abs(place.utcOffsetSeconds) <= 18 * 3600, let current = place.current,
                    let temperature = current.temperature2m, Plausible.temperature.contains(temperature),
                    let observed = LocalTime.date(fromLocal: current.time, utcOffset: place.utcOffsetSeconds)
                else { return nil }
                let code = current.weatherCode ?? -1
                let low = element(place.daily?.temperature2mMin, 0).flatMap {
                    Plausible.temperature.contains($0) ? $0 : nil
                }
                let high = element(place.daily?.temperature2mMax, 0).flatMap {
                    Plausible.temperature.contains($0) ? $0 : nil
                }
                return PlaceToday(
                    current: CurrentWeather(
                        temperature: temperature,
                        feelsLike: current.apparentTemperature.flatMap { Plausible.feelsLike.contains($0) ? $0 : nil },
                        humidity: nil,
                        windSpeed: current.windSpeed10m.flatMap { Plausible.windSpeed.contains($0) ? $0 : nil },
                        windDirection: nil, condition: Condition(wmo: code), code: code,
                        isDay: (current.isDay ?? 1) == 1),
                    observedAt: observed, utcOffset: place.utcOffsetSeconds,
                    minimum: low.flatMap { low in high.map { min(low, $0) } ?? low },
                    maximum: high.flatMap { high in low.map { max(high, $0) } ?? high },
                    condition: element(place.daily?.weatherCode, 0).map { Condition(wmo: $0) })
            }
        }
    }

    /// Open-Meteo's air-quality API (`{base}/v1/air-quality`, data from CAMS): the air now.
    public static func airQuality(http: HTTPClient) -> AirQualityClient {
        AirQualityClient(provider: "open-meteo-air") { location throws(WeatherError) in
            let request = HTTPRequest.get(
                "/v1/air-quality",
                query: coordinates([location]) + [
                    QueryItem("current", "european_aqi,us_aqi,pm2_5,pm10,ozone,nitrogen_dioxide,uv_index"),
                    QueryItem("timezone", "auto"),
                ])
            let dto: OpenMeteoAirQualityDTO
            do throws(HTTPError) {
                dto = try await http.send(
                    request, decoding: OpenMeteoAirQualityDTO.self,
                    expected: Sentence("Open-Meteo air quality data", table: .weather),
                    decoder: decoder)
            } catch {
                throw WeatherError.from(error, provider: "Open-Meteo")
            }
            guard abs(dto.utcOffsetSeconds) <= 18 * 3600, let current = dto.current,
                let observed = LocalTime.date(fromLocal: current.time, utcOffset: dto.utcOffsetSeconds)
            else {
                throw .malformed(
                    Sentence("Open-Meteo sent no air quality or time for %@.", .text(location.name), table: .weather))
            }
            func kept(_ value: Double?, _ range: ClosedRange<Double>) -> Double? {
                value.flatMap { $0.isFinite && range.contains($0) ? $0 : nil }
            }
            return AirQuality(
                location: location, observedAt: observed, utcOffset: dto.utcOffsetSeconds,
                europeanAqi: kept(current.europeanAqi, 0...1_000), usAqi: kept(current.usAqi, 0...1_000),
                pm25: kept(current.pm25, 0...5_000), pm10: kept(current.pm10, 0...10_000),
                ozone: kept(current.ozone, 0...2_000), nitrogenDioxide: kept(current.nitrogenDioxide, 0...5_000),
                uvIndex: kept(current.uvIndex, Plausible.uvIndex.bounds))
        }
    }

    /// The usual weather of the place from Open-Meteo's historical weather API (`{base}/v1/archive`, ERA5 and its
    /// successors): the daily highest and lowest temperature and precipitation of 1991–2020 in one request (about
    /// 11,000 days, some 350 kB), made into `ClimateNormals` here. The API counts a long request as several calls,
    /// so it is made once per place and kept for months (see the weather feature).
    public static func climate(http: HTTPClient) -> ClimateClient {
        ClimateClient(provider: "open-meteo-archive") { location throws(WeatherError) in
            let years = ClimateNormals.referenceYears
            var request = HTTPRequest.get(
                "/v1/archive",
                query: coordinates([location]) + [
                    QueryItem("start_date", "\(years.lowerBound)-01-01"),
                    QueryItem("end_date", "\(years.upperBound)-12-31"),
                    QueryItem("daily", "temperature_2m_max,temperature_2m_min,precipitation_sum"),
                    QueryItem("timezone", "auto"),
                ])
            request.timeout = .seconds(30)
            request.maxBodyBytes = 8 << 20
            let dto: OpenMeteoArchiveDTO
            do throws(HTTPError) {
                dto = try await http.send(
                    request, decoding: OpenMeteoArchiveDTO.self,
                    expected: Sentence("Open-Meteo historical weather", table: .weather),
                    decoder: decoder)
            } catch {
                throw WeatherError.from(error, provider: "Open-Meteo")
            }
            guard let normals = normals(from: dto, for: location) else {
                throw .malformed(
                    Sentence(
                        "Open-Meteo sent no daily temperatures of past years for %@.", .text(location.name),
                        table: .weather))
            }
            return normals
        }
    }

    /// The normals of an archive answer: temperatures in °C (an answer in °F, as a client that asked for it gets, is
    /// converted; precipitation in inches too), only the days of the reference years (an answer with more has the
    /// rest dropped).
    public static func normals(from dto: OpenMeteoArchiveDTO, for location: WeatherLocation) -> ClimateNormals? {
        guard let daily = dto.daily else { return nil }
        let units = dto.dailyUnits ?? [:]
        func celsius(_ values: [Double?]?, _ key: String) -> [Double?] {
            let fahrenheit = units[key]?.contains("F") == true
            return (values ?? []).map { value in value.map { fahrenheit ? ($0 - 32) * 5 / 9 : $0 } }
        }
        let inches = units["precipitation_sum"] == "inch"
        let years = ClimateNormals.referenceYears
        let kept = daily.time.indices.filter { index in
            Int(daily.time[index].prefix(4)).map { years.contains($0) } ?? false
        }
        let highs = celsius(daily.temperature2mMax, "temperature_2m_max")
        let lows = celsius(daily.temperature2mMin, "temperature_2m_min")
        let rain = (daily.precipitationSum ?? []).map { value in value.map { inches ? $0 * 25.4 : $0 } }
        func pick(_ values: [Double?]) -> [Double?] { kept.map { $0 < values.count ? values[$0] : nil } }
        return ClimateNormals.computed(
            location: location, dates: kept.map { daily.time[$0] }, highs: pick(highs), lows: pick(lows),
            precipitation: pick(rain))
    }

    /// The ensemble at the place from Open-Meteo's ensemble API (`{base}/v1/ensemble`): every run's hourly temperature
    /// and precipitation for `days` days (at most the model's) in one request, summed up here. The API counts each
    /// run's variable (two variables × 51 runs of ECMWF's ensemble: about ten calls), so the answer is kept an hour.
    public static func ensemble(http: HTTPClient) -> EnsembleClient {
        EnsembleClient(provider: "open-meteo-ensemble") { location, model, days throws(WeatherError) in
            var request = HTTPRequest.get(
                "/v1/ensemble",
                query: coordinates([location]) + [
                    QueryItem("hourly", "temperature_2m,precipitation"),
                    QueryItem("models", model.rawValue),
                    QueryItem("forecast_days", String(max(1, min(days, model.days)))),
                    QueryItem("timezone", "auto"),
                    QueryItem("temperature_unit", "celsius"),
                ])
            request.timeout = .seconds(30)
            request.maxBodyBytes = 16 << 20
            let dto: OpenMeteoEnsembleDTO
            do throws(HTTPError) {
                dto = try await http.send(
                    request, decoding: OpenMeteoEnsembleDTO.self,
                    expected: Sentence("Open-Meteo ensemble data", table: .weather),
                    decoder: decoder)
            } catch {
                throw WeatherError.from(error, provider: "Open-Meteo")
            }
            let runs = dto.members("temperature_2m").count
            guard runs >= EnsembleForecast.fewestRuns else {
                throw .malformed(
                    Sentence(
                        "Open-Meteo sent too few runs of %2$@ for %3$@ to tell how sure it is (%1$@).", .number(runs),
                        .text(model.title), .text(location.name), table: .weather))
            }
            guard abs(dto.utcOffsetSeconds) <= 18 * 3600,
                let forecast = EnsembleForecast.summed(
                    location: location, model: model, times: dto.time, utcOffset: dto.utcOffsetSeconds,
                    temperature: dto.members("temperature_2m"), precipitation: dto.members("precipitation"))
            else {
                throw .malformed(
                    Sentence("Open-Meteo sent no ensemble runs for %@.", .text(location.name), table: .weather))
            }
            return forecast
        }
    }

    static func query(for location: WeatherLocation) -> [QueryItem] {
        [
            QueryItem("latitude", FixedDigits.decimal(location.latitude, digits: 4)),
            QueryItem("longitude", FixedDigits.decimal(location.longitude, digits: 4)),
            QueryItem(
                "current",
                "temperature_2m,apparent_temperature,relative_humidity_2m,wind_speed_10m,wind_direction_10m,wind_gusts_10m,weather_code,is_day,precipitation,uv_index,pressure_msl,visibility,cloud_cover,dew_point_2m"
            ),
            QueryItem(
                "hourly",
                "temperature_2m,apparent_temperature,precipitation_probability,precipitation,weather_code,wind_speed_10m,wind_direction_10m,visibility"
            ),
            QueryItem(
                "daily",
                "weather_code,temperature_2m_max,temperature_2m_min,sunrise,sunset,precipitation_sum,precipitation_probability_max,wind_speed_10m_max"
            ),
            QueryItem("minutely_15", "precipitation,rain,snowfall,weather_code"),
            QueryItem("forecast_minutely_15", String(quarterHours)),
            QueryItem("timezone", "auto"),
            QueryItem("forecast_days", String(forecastDays)),
            QueryItem("temperature_unit", "celsius"),
            QueryItem("wind_speed_unit", "kmh"),
        ]
    }

    /// The domain model from the DTO; a response without the current temperature or times that do not parse is
    /// malformed (it is never shown as weather).
    public static func report(
        from dto: OpenMeteoForecastDTO, for location: WeatherLocation, fetchedAt: Date = Date()
    )
        throws(WeatherError) -> WeatherReport
    {
        let offset = dto.utcOffsetSeconds
        guard abs(offset) <= 18 * 3600 else {
            throw .malformed(
                Sentence("Open-Meteo sent an impossible UTC offset (%@ s).", .text(String(offset)), table: .weather))
        }
        let local = LocalTime.Parser(utcOffset: offset)
        guard let current = dto.current, let temperature = current.temperature2m,
            Plausible.temperature.contains(temperature),
            let observed = local.date(current.time)
        else {
            throw .malformed(
                Sentence(
                    "Open-Meteo sent no current temperature or time for %@.", .text(location.name), table: .weather))
        }
        let code = current.weatherCode ?? -1
        var hours: [HourForecast] = []
        if let hourly = dto.hourly {
            for (index, time) in hourly.time.enumerated() {
                // Impossible values are left for `checked(days:)`, which says what it dropped.
                guard let date = local.date(time), let value = element(hourly.temperature2m, index) else { continue }
                hours.append(
                    HourForecast(
                        time: date, temperature: value, feelsLike: element(hourly.apparentTemperature, index),
                        precipitationProbability: element(hourly.precipitationProbability, index),
                        condition: element(hourly.weatherCode, index).map { Condition(wmo: $0) } ?? .unknown,
                        precipitation: element(hourly.precipitation, index),
                        windSpeed: element(hourly.windSpeed10m, index),
                        windDirection: element(hourly.windDirection10m, index),
                        visibility: element(hourly.visibility, index)))
            }
        }
        let hourDays = hours.map { local.day($0.time) }
        var days: [DayForecast] = []
        if let daily = dto.daily {
            for (index, date) in daily.time.enumerated() {
                guard let high = element(daily.temperature2mMax, index),
                    let low = element(daily.temperature2mMin, index)
                else { continue }
                let sameDay = hours.indices.filter { hourDays[$0] == date }.map { hours[$0].temperature }
                let average = sameDay.isEmpty ? (high + low) / 2 : sameDay.reduce(0, +) / Double(sameDay.count)
                days.append(
                    DayForecast(
                        date: date, minimum: low, maximum: high, average: average,
                        condition: element(daily.weatherCode, index).map { Condition(wmo: $0) } ?? .unknown,
                        sunrise: element(daily.sunrise, index).flatMap {
                            local.date($0)
                        },
                        sunset: element(daily.sunset, index).flatMap {
                            local.date($0)
                        },
                        precipitation: element(daily.precipitationSum, index),
                        precipitationProbability: element(daily.precipitationProbabilityMax, index),
                        windSpeed: element(daily.windSpeed10mMax, index)))
            }
        }
        var quarters: [QuarterHour] = []
        if let minutely = dto.minutely15 {
            for (index, time) in minutely.time.enumerated() {
                guard let date = local.date(time) else { continue }
                quarters.append(
                    QuarterHour(
                        time: date, precipitation: element(minutely.precipitation, index),
                        rain: element(minutely.rain, index), snowfall: element(minutely.snowfall, index),
                        code: element(minutely.weatherCode, index)))
            }
        }
        return WeatherReport(
            location: location, provider: "open-meteo", observedAt: observed, utcOffset: offset,
            current: CurrentWeather(
                temperature: temperature, feelsLike: current.apparentTemperature,
                humidity: current.relativeHumidity2m, windSpeed: current.windSpeed10m,
                windDirection: current.windDirection10m, condition: Condition(wmo: code), code: code,
                isDay: (current.isDay ?? 1) == 1, precipitation: current.precipitation, windGusts: current.windGusts10m,
                uvIndex: current.uvIndex, pressure: current.pressureMsl, visibility: current.visibility,
                cloudCover: current.cloudCover, dewPoint: current.dewPoint2m),
            hours: hours, days: days, quarters: quarters)
    }

    /// `array[index]` when the array exists, is long enough and the value is not null.
    static func element<T>(_ array: [T?]?, _ index: Int) -> T? {
        guard let array, index < array.count else { return nil }
        return array[index]
    }
}

/// Open-Meteo's answer for a list of coordinates: an array of forecasts, or one forecast when one place was asked.
public struct OpenMeteoCurrentBatchDTO: Decodable, Sendable, Equatable {
    public var places: [OpenMeteoForecastDTO]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let many = try? container.decode([OpenMeteoForecastDTO].self) {
            places = many
        } else {
            places = [try container.decode(OpenMeteoForecastDTO.self)]
        }
    }
}

/// Open-Meteo's `/v1/archive` answer, as sent: daily values of past years.
public struct OpenMeteoArchiveDTO: Decodable, Sendable, Equatable {
    public struct Daily: Decodable, Sendable, Equatable {
        public var time: [String]
        public var temperature2mMax: [Double?]?
        public var temperature2mMin: [Double?]?
        public var precipitationSum: [Double?]?

        enum CodingKeys: String, CodingKey {
            case time
            case temperature2mMax = "temperature_2m_max"
            case temperature2mMin = "temperature_2m_min"
            case precipitationSum = "precipitation_sum"
        }
    }

    public var latitude: Double
    public var longitude: Double
    public var daily: Daily?
    /// Each daily variable's unit: `°C` (`°F` where the request asked), `mm` (`inch`).
    public var dailyUnits: [String: String]?

    enum CodingKeys: String, CodingKey {
        case latitude, longitude, daily
        case dailyUnits = "daily_units"
    }
}

/// Open-Meteo's `/v1/ensemble` answer: `hourly` holds `time` and each run's values as a key of its own — the control
/// run `temperature_2m`, the others `temperature_2m_member01` … (`memberNN`); with several models each key ends in the
/// model's name too (not asked for here).
public struct OpenMeteoEnsembleDTO: Decodable, Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    public var utcOffsetSeconds: Int
    public var time: [String]
    /// Every hourly series by its key.
    public var series: [String: [Double?]]

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        latitude = try container.decode(Double.self, forKey: Key(stringValue: "latitude"))
        longitude = try container.decode(Double.self, forKey: Key(stringValue: "longitude"))
        utcOffsetSeconds = try container.decode(Int.self, forKey: Key(stringValue: "utc_offset_seconds"))
        let hourly = try container.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: "hourly"))
        time = try hourly.decode([String].self, forKey: Key(stringValue: "time"))
        var series: [String: [Double?]] = [:]
        for key in hourly.allKeys where key.stringValue != "time" {
            if let values = try? hourly.decode([Double?].self, forKey: key) { series[key.stringValue] = values }
        }
        self.series = series
    }

    /// The runs of a variable, the control run first, then `member01`, `member02`… in order.
    public func members(_ variable: String) -> [[Double?]] {
        let prefix = variable + "_member"
        let numbered = series.keys.filter { key in
            key.hasPrefix(prefix) && key.dropFirst(prefix.count).allSatisfy(\.isNumber)
                && !key.dropFirst(prefix.count).isEmpty
        }.sorted { Int($0.dropFirst(prefix.count)) ?? 0 < Int($1.dropFirst(prefix.count)) ?? 0 }
        return (series[variable].map { [$0] } ?? []) + numbered.compactMap { series[$0] }
    }
}

/// Open-Meteo's `/v1/air-quality` answer, as sent.
public struct OpenMeteoAirQualityDTO: Decodable, Sendable, Equatable {
    public struct Current: Decodable, Sendable, Equatable {
        public var time: String
        public var europeanAqi: Double?
        public var usAqi: Double?
        public var pm25: Double?
        public var pm10: Double?
        public var ozone: Double?
        public var nitrogenDioxide: Double?
        public var uvIndex: Double?

        enum CodingKeys: String, CodingKey {
            case time, pm10, ozone
            case europeanAqi = "european_aqi"
            case usAqi = "us_aqi"
            case pm25 = "pm2_5"
            case nitrogenDioxide = "nitrogen_dioxide"
            case uvIndex = "uv_index"
        }
    }

    public var latitude: Double
    public var longitude: Double
    public var utcOffsetSeconds: Int
    public var current: Current?

    enum CodingKeys: String, CodingKey {
        case latitude, longitude, current
        case utcOffsetSeconds = "utc_offset_seconds"
    }
}
