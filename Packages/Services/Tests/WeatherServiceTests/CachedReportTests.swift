import Foundation
import OpenMeteo
import OpenWeatherMap
import TestSupport
import Testing

@testable import WeatherService

/// Issue 30: a report is kept with its hours and quarter hours packed as columns of numbers; what is read back is the
/// report kept, and a report kept before (its rows as objects) is still read.
@Suite struct CachedReportTests {
    /// The cache's own coders: what is checked is the form the table keeps.
    static func encoder() -> JSONEncoder { AnswerCache<WeatherReport>.encoder() }
    static func decoder() -> JSONDecoder { AnswerCache<WeatherReport>.decoder() }

    static func reports() throws -> [WeatherReport] {
        let openMeteo = try OpenMeteo.report(
            from: JSONDecoder().decode(
                OpenMeteoForecastDTO.self, from: Data(try fixture("open-meteo-toronto.json").utf8)),
            for: toronto)
        let openWeatherMap = try OpenWeatherMap.report(
            current: JSONDecoder().decode(OWMCurrentDTO.self, from: Data(try fixture("owm-current-toronto.json").utf8)),
            forecast: JSONDecoder().decode(
                OWMForecastDTO.self, from: Data(try fixture("owm-forecast-toronto.json").utf8)),
            for: toronto)
        // Every optional value missing somewhere, odd fractions, quarter hours with and without a code.
        var synthetic = openMeteo
        synthetic.hours = []
        for index in 0..<40 {
            let step = Double(index)
            let time = Date(timeIntervalSinceReferenceDate: 815_000_000.123 + step * 3600)
            let feelsLike: Double? = index % 2 == 0 ? nil : -1e-9
            let chance: Double? = index % 3 == 0 ? nil : 0.1 + 0.2
            let amount: Double? = index % 5 == 0 ? nil : 1.3
            let wind: Double? = index % 7 == 0 ? nil : 12.5
            let direction: Double? = index % 4 == 0 ? nil : 359.9
            let visibility: Double? = index % 6 == 0 ? nil : 24_140
            synthetic.hours.append(
                HourForecast(
                    time: time, temperature: -40.1 + step / 3, feelsLike: feelsLike, precipitationProbability: chance,
                    condition: Condition.allCases[index % Condition.allCases.count], precipitation: amount,
                    windSpeed: wind, windDirection: direction, visibility: visibility))
        }
        synthetic.quarters = []
        for index in 0..<12 {
            let time = Date(timeIntervalSince1970: 1_795_356_000 + Double(index) * 900)
            let amount: Double? = index % 2 == 0 ? nil : 0.4
            let rain: Double? = index % 3 == 0 ? nil : 0.2
            let snow: Double? = index % 4 == 0 ? nil : 0.07
            let code: Int? = index % 5 == 0 ? nil : 61 + index
            synthetic.quarters.append(
                QuarterHour(time: time, precipitation: amount, rain: rain, snowfall: snow, code: code))
        }
        var empty = openMeteo
        empty.hours = []
        empty.quarters = []
        return [openMeteo, openWeatherMap, synthetic, empty]
    }

    @Test func whatIsReadBackIsTheReportKept() throws {
        for report in try Self.reports() {
            let data = try Self.encoder().encode(report)
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(object["hourRows"] != nil && object["hours"] == nil)
            #expect(try Self.decoder().decode(WeatherReport.self, from: data) == report)
        }
    }

    @Test func aReportKeptWithItsRowsAsObjectsIsStillRead() throws {
        for var report in try Self.reports() {
            // Whole seconds: the old rows' times went through seconds since 1970, which a fraction does not survive.
            for index in report.hours.indices {
                report.hours[index].time = Date(
                    timeIntervalSince1970: report.hours[index].time.timeIntervalSince1970.rounded())
            }
            var object = try #require(
                try JSONSerialization.jsonObject(with: try Self.encoder().encode(report)) as? [String: Any])
            // As it was written before: `hours` and `quarters`, a JSON object a row.
            object["hourRows"] = nil
            object["quarterRows"] = nil
            object["hours"] = try JSONSerialization.jsonObject(with: try Self.encoder().encode(report.hours))
            object["quarters"] = try JSONSerialization.jsonObject(with: try Self.encoder().encode(report.quarters))
            let legacy = try JSONSerialization.data(withJSONObject: object)
            #expect(try Self.decoder().decode(WeatherReport.self, from: legacy) == report)
        }
    }

    @Test func damagedRowsAreRefusedNeverACrash() throws {
        let report = try #require(try Self.reports().dropFirst(2).first)
        let data = try Self.encoder().encode(report)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let hours = try #require(object["hourRows"] as? [String: Any])
        let quarters = try #require(object["quarterRows"] as? [String: Any])
        func decodes(_ change: (inout [String: Any]) -> Void) -> Bool {
            var changed = object
            change(&changed)
            guard let data = try? JSONSerialization.data(withJSONObject: changed) else { return false }
            return (try? Self.decoder().decode(WeatherReport.self, from: data)) != nil
        }
        #expect(decodes { _ in })
        for bad: [String: Any] in [
            hours.merging(["count": 41]) { $1 }, hours.merging(["count": -1]) { $1 },
            hours.merging(["count": 1 << 60]) { $1 }, hours.merging(["count": Int.max]) { $1 },
            hours.merging(["numbers": "not base64!"]) { $1 }, hours.merging(["texts": "clear,rain"]) { $1 },
            hours.merging(["texts": (hours["texts"] as? String ?? "").replacingOccurrences(of: "clear", with: "x")]) {
                $1
            },
            hours.merging(["numbers": Data(repeating: 0xFF, count: 40 * 8 * 8).base64EncodedString()]) { $1 },
        ] {
            #expect(!decodes { $0["hourRows"] = bad }, "\(bad)")
        }
        // A quarter hour's code that is not a whole number (1e300, 0.5): refused, not trapped.
        for code in [1e300, 0.5] {
            var values = [Double](repeating: 0, count: 12 * PackedRows.quarterColumns)
            values[4] = code
            var bytes = Data()
            for value in values { withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) } }
            #expect(!decodes { $0["quarterRows"] = quarters.merging(["numbers": bytes.base64EncodedString()]) { $1 } })
        }
    }
}
