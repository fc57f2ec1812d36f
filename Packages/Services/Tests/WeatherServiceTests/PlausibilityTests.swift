import Foundation
import OpenMeteo
import TestSupport
import Testing
import WeatherService

/// Values a server sends that cannot be: shown as missing, never drawn; days and hours beyond what was asked,
/// repeated times and a minimum above the maximum are dropped; what was changed is listed in `repairs`.
@Suite struct PlausibilityTests {
    let toronto = WeatherLocation(id: 6167865, name: "Toronto", country: "CA", latitude: 43.7, longitude: -79.42)

    /// The recorded Open-Meteo answer for Toronto, changed by `edit`, made into a checked report.
    func openMeteo(_ edit: (inout OpenMeteoForecastDTO) -> Void) throws -> WeatherReport {
        var dto = try OpenMeteo.decoder.decode(
            OpenMeteoForecastDTO.self, from: Data(fixture("open-meteo-toronto.json").utf8))
        edit(&dto)
        // The recorded answer was asked for 7 days (SkyLens now asks for 16).
        return try OpenMeteo.report(from: dto, for: toronto).checked(days: 7)
    }

    @Test func aSoundAnswerIsLeftAsItIs() throws {
        let report = try openMeteo { _ in }
        #expect(report.repairs.isEmpty, "\(report.repairs)")
        #expect(report.days.count == 7)
        #expect(report.current.windSpeed == 14.8 && report.current.humidity == 81)
    }

    @Test func impossibleCurrentValuesBecomeMissing() throws {
        let report = try openMeteo { dto in
            dto.current?.windSpeed10m = 1_000_000_000_000
            dto.current?.relativeHumidity2m = 150
            dto.current?.windDirection10m = -40
            dto.current?.apparentTemperature = -500
        }
        #expect(report.current.windSpeed == nil)
        #expect(report.current.humidity == nil)
        #expect(report.current.windDirection == nil)
        #expect(report.current.feelsLike == nil)
        #expect(report.current.temperature == 3.4)
        #expect(report.repairs.contains("wind speed 1,000,000,000,000 km/h now"), "\(report.repairs)")
        #expect(report.repairs.contains("humidity 150 % now"))
        #expect(report.repairs.count == 4)
    }

    @Test func daysBeyondWhatWasAskedRepeatedDatesAndMinAboveMaxAreDropped() throws {
        let report = try openMeteo { dto in
            guard var daily = dto.daily, var highs = daily.temperature2mMax, var lows = daily.temperature2mMin else {
                return
            }
            // Day 2 with its minimum above its maximum; day 3 sent twice; three days more than the seven asked for.
            lows[1] = 20
            daily.time.insert(daily.time[2], at: 3)
            highs.insert(30, at: 3)
            lows.insert(25, at: 3)
            for extra in ["2026-11-29", "2026-11-30", "2026-12-01"] {
                daily.time.append(extra)
                highs.append(5)
                lows.append(1)
            }
            daily.temperature2mMax = highs
            daily.temperature2mMin = lows
            daily.weatherCode = Array(repeating: 3, count: daily.time.count)
            daily.sunrise = nil
            daily.sunset = nil
            dto.daily = daily
        }
        #expect(
            report.days.map(\.date) == [
                "2026-11-22", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29",
            ])
        // The first 2026-11-24 is kept, not the repeat.
        #expect(report.days[1].maximum == 7.1)
        #expect(report.repairs.contains("a minimum above the maximum on 2026-11-23"), "\(report.repairs)")
        #expect(report.repairs.contains("a second forecast for 2026-11-24"))
        #expect(report.repairs.contains("2 days more than the 7 asked for"))
    }

    @Test func hoursWithImpossibleValuesRepeatedTimesOrBeyondTheDaysAreDropped() throws {
        let report = try openMeteo { dto in
            guard var hourly = dto.hourly, var temperatures = hourly.temperature2m,
                var chances = hourly.precipitationProbability
            else { return }
            temperatures[5] = 1000
            chances[6] = 250
            hourly.time[8] = hourly.time[7]
            hourly.time += ["2026-11-29T00:00", "2026-11-29T01:00"]
            temperatures += [1, 1]
            chances += [0, 0]
            hourly.temperature2m = temperatures
            hourly.precipitationProbability = chances
            hourly.apparentTemperature = nil
            hourly.weatherCode = nil
            dto.hourly = hourly
        }
        // 168 hours sent: the last has no temperature, one is impossible, one repeats a time; two are beyond.
        #expect(report.hours.count == 168 - 3)
        #expect(Set(report.hours.map(\.time)).count == report.hours.count)
        #expect(report.hours.allSatisfy { Plausible.temperature.contains($0.temperature) })
        #expect(report.hours[5].precipitationProbability == nil)
        #expect(report.repairs.contains("2 hours beyond the 7 days asked for"), "\(report.repairs)")
        #expect(report.repairs.contains { $0.hasPrefix("temperature 1,000 °C in an hour of 2026-11-22") })
        #expect(report.repairs.contains { $0.hasPrefix("chance of precipitation 250 %") })
        #expect(report.repairs.contains("a second forecast for one hour of 2026-11-22"))
    }

    @Test func everyRangeHoldsItsRecordsAndRefusesTheAbsurd() {
        #expect(Plausible.temperature.contains(-89.2) && Plausible.temperature.contains(56.7))
        #expect(!Plausible.temperature.contains(71) && !Plausible.temperature.contains(.nan))
        #expect(Plausible.windSpeed.contains(408) && !Plausible.windSpeed.contains(1e12))
        #expect(!Plausible.humidity.contains(-1) && !Plausible.windSpeed.contains(-1))
        #expect(
            Plausible.pressure.contains(870) && Plausible.pressure.contains(1084) && !Plausible.pressure.contains(0))
        #expect(Plausible.precipitation.contains(0) && !Plausible.precipitation.contains(-0.1))
        #expect(!Plausible.uvIndex.contains(-1) && !Plausible.cloudCover.contains(101))
        // Snow: 193 cm fell in a day at Silver Lake, Colorado (1921).
        #expect(Plausible.snowfall.contains(193) && !Plausible.snowfall.contains(-1))
        #expect(Plausible.all.count == 13)
    }

    @Test func quarterHoursAreCheckedLikeHours() {
        let start = Date(timeIntervalSince1970: 1_795_356_000)
        let report = WeatherReport(
            location: WeatherLocation(id: nil, name: "X", country: "CA", latitude: 43.7, longitude: -79.4),
            provider: "open-meteo", observedAt: start, utcOffset: -18_000,
            current: CurrentWeather(
                temperature: 3, feelsLike: nil, humidity: nil, windSpeed: nil, windDirection: nil, condition: .rain,
                code: 61, isDay: true),
            hours: [], days: [],
            quarters: [
                QuarterHour(time: start.addingTimeInterval(1800), precipitation: 0.4, rain: 0.4, snowfall: 0),
                QuarterHour(time: start.addingTimeInterval(900), precipitation: 0.2),
                QuarterHour(time: start.addingTimeInterval(900), precipitation: 9),
                QuarterHour(time: start.addingTimeInterval(2700), precipitation: -3),
                QuarterHour(time: start.addingTimeInterval(3600), precipitation: 0.1, snowfall: 900),
            ]
        ).checked(days: 7)
        // In time order, the repeated time's first kept, the impossible amount's quarter hour left out (it would
        // read as dry), the impossible snowfall left out and its quarter hour kept.
        #expect(report.quarters.map(\.precipitation) == [0.2, 0.4, 0.1])
        #expect(report.quarters.last?.snowfall == nil)
        #expect(report.repairs.contains { $0.hasPrefix("precipitation -3 mm in a quarter hour of 2026-11-22") })
        #expect(report.repairs.contains("a second forecast for a quarter hour of 2026-11-22"))
    }
}
