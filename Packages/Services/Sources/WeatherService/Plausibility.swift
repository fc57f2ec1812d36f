import Foundation

/// What each quantity can really be on Earth, with room for records: one table for every provider. A value outside
/// its range is shown as missing (and logged), never drawn: a server that sends a wind of 10¹² km/h has a bug, and
/// the reader should see "—", not the number.
public enum Plausible {
    public struct Range: Sendable, Equatable {
        public var name: String
        public var unit: String
        public var bounds: ClosedRange<Double>

        public func contains(_ value: Double) -> Bool { value.isFinite && bounds.contains(value) }

        /// `1,000,000,000,000`, `-40`, `12.5`: the same in every locale.
        static func grouped(_ value: Double) -> String {
            let rounded = (value * 10).rounded() / 10
            let whole = Int64(rounded.magnitude.rounded(.towardZero))
            let tenth = Int64(((rounded.magnitude - Double(whole)) * 10).rounded())
            var digits = String(whole)
            var groups: [Substring] = []
            while digits.count > 3 {
                groups.insert(Substring(digits.suffix(3)), at: 0)
                digits.removeLast(3)
            }
            groups.insert(Substring(digits), at: 0)
            return (rounded < 0 ? "-" : "") + groups.joined(separator: ",") + (tenth > 0 ? ".\(tenth)" : "")
        }

        /// `wind speed 1,000,000,000,000 km/h`: for the note and the log.
        public func describe(_ value: Double) -> String {
            let number = value.isFinite && abs(value) < 1e15 ? Self.grouped(value) : "\(value)"
            return "\(name) \(number)\(unit.isEmpty ? "" : " \(unit)")"
        }
    }

    /// Air temperature: the records are −89.2 °C (Vostok) and 56.7 °C (Death Valley).
    public static let temperature = Range(name: "temperature", unit: "°C", bounds: -100...70)
    /// What it feels like: wind chill and heat index reach beyond the air's records.
    public static let feelsLike = Range(name: "feels-like temperature", unit: "°C", bounds: -120...90)
    public static let humidity = Range(name: "humidity", unit: "%", bounds: 0...100)
    /// The strongest gust measured is 408 km/h.
    public static let windSpeed = Range(name: "wind speed", unit: "km/h", bounds: 0...500)
    public static let windDirection = Range(name: "wind direction", unit: "°", bounds: 0...360)
    public static let precipitationProbability = Range(
        name: "chance of precipitation", unit: "%", bounds: 0...100)
    /// The most rain measured in a day is 1,825 mm (Réunion, 1966).
    public static let precipitation = Range(name: "precipitation", unit: "mm", bounds: 0...2_000)
    /// Fresh snow in a time step: the deepest in a day on record is under 2 m.
    public static let snowfall = Range(name: "snowfall", unit: "cm", bounds: 0...500)
    public static let uvIndex = Range(name: "UV index", unit: "", bounds: 0...30)
    /// Sea-level pressure: the records are 870 hPa (Typhoon Tip) and 1,084 hPa (Agata).
    public static let pressure = Range(name: "pressure", unit: "hPa", bounds: 850...1_100)
    public static let visibility = Range(name: "visibility", unit: "m", bounds: 0...1_000_000)
    public static let cloudCover = Range(name: "cloud cover", unit: "%", bounds: 0...100)
    /// The dew point never rises above the air's temperature; its record is near 35 °C.
    public static let dewPoint = Range(name: "dew point", unit: "°C", bounds: -100...60)

    /// Every range, for documentation and tests.
    public static let all = [
        temperature, feelsLike, humidity, windSpeed, windDirection, precipitationProbability, precipitation, uvIndex,
        pressure, visibility, cloudCover, dewPoint, snowfall,
    ]
}

extension WeatherReport {
    /// The report with every value checked against `Plausible`: an impossible value becomes missing (an hour or a
    /// day whose temperature is impossible is left out), days and hours beyond the `days` asked for are dropped, a
    /// repeated time or date keeps its first entry, and a day whose minimum is above its maximum is left out. What
    /// was changed is listed in `leftOut` with where it would have been shown, so that a view says so only when it
    /// would have shown it; it is logged.
    public func checked(days requested: Int) -> WeatherReport {
        var report = self
        var repairs: [LeftOutValue] = []
        func keep(_ value: Double?, _ range: Plausible.Range, _ context: String, _ scope: LeftOutValue.Scope) -> Double?
        {
            guard let value else { return nil }
            if range.contains(value) { return value }
            repairs.append(.init("\(range.describe(value))\(context)", scope))
            return nil
        }

        report.current.feelsLike = keep(current.feelsLike, Plausible.feelsLike, " now", .now)
        report.current.humidity = keep(current.humidity, Plausible.humidity, " now", .now)
        report.current.windSpeed = keep(current.windSpeed, Plausible.windSpeed, " now", .now)
        report.current.windDirection = keep(current.windDirection, Plausible.windDirection, " now", .now)
        report.current.precipitation = keep(current.precipitation, Plausible.precipitation, " now", .now)
        report.current.windGusts = keep(current.windGusts, Plausible.windSpeed, " (gusts) now", .now)
        report.current.uvIndex = keep(current.uvIndex, Plausible.uvIndex, " now", .now)
        report.current.pressure = keep(current.pressure, Plausible.pressure, " now", .now)
        report.current.visibility = keep(current.visibility, Plausible.visibility, " now", .now)
        report.current.cloudCover = keep(current.cloudCover, Plausible.cloudCover, " now", .now)
        report.current.dewPoint = keep(current.dewPoint, Plausible.dewPoint, " now", .now)

        // Days: in date order, each date once, sound, no more than were asked for.
        var seenDates = Set<String>()
        var days: [DayForecast] = []
        for day in self.days.sorted(by: { $0.date < $1.date }) {
            guard seenDates.insert(day.date).inserted else {
                repairs.append(.init("a second forecast for \(day.date)", .extra))
                continue
            }
            guard Plausible.temperature.contains(day.minimum), Plausible.temperature.contains(day.maximum) else {
                let bad = Plausible.temperature.contains(day.minimum) ? day.maximum : day.minimum
                repairs.append(.init("\(Plausible.temperature.describe(bad)) on \(day.date)", .day(day.date)))
                continue
            }
            guard day.minimum <= day.maximum else {
                repairs.append(.init("a minimum above the maximum on \(day.date)", .day(day.date)))
                continue
            }
            var day = day
            day.precipitation = keep(day.precipitation, Plausible.precipitation, " on \(day.date)", .day(day.date))
            day.precipitationProbability = keep(
                day.precipitationProbability, Plausible.precipitationProbability, " on \(day.date)", .day(day.date))
            day.windSpeed = keep(day.windSpeed, Plausible.windSpeed, " on \(day.date)", .day(day.date))
            days.append(day)
        }
        if days.count > requested {
            repairs.append(.init("\(days.count - requested) days more than the \(requested) asked for", .extra))
            days.removeLast(days.count - requested)
        }
        report.days = days

        // Hours: in time order, each time once, within the days asked for.
        let firstDay = days.first?.date ?? LocalTime.day(observedAt, utcOffset: utcOffset)
        let lastDay = days.count == requested ? days.last?.date : nil
        let parser = LocalTime.Parser(utcOffset: utcOffset)
        var seenTimes = Set<Date>()
        var hours: [HourForecast] = []
        var beyond = 0
        for var hour in self.hours.sorted(by: { $0.time < $1.time }) {
            let day = parser.day(hour.time)
            guard day >= firstDay, lastDay.map({ day <= $0 }) ?? true, hours.count < requested * 24 else {
                beyond += 1
                continue
            }
            guard seenTimes.insert(hour.time).inserted else {
                repairs.append(.init("a second forecast for one hour of \(day)", .extra))
                continue
            }
            guard Plausible.temperature.contains(hour.temperature) else {
                repairs.append(
                    .init("\(Plausible.temperature.describe(hour.temperature)) in an hour of \(day)", .hour(day)))
                continue
            }
            hour.feelsLike = keep(hour.feelsLike, Plausible.feelsLike, " in an hour of \(day)", .hour(day))
            hour.precipitationProbability = keep(
                hour.precipitationProbability, Plausible.precipitationProbability, " in an hour of \(day)", .hour(day))
            hour.precipitation = keep(hour.precipitation, Plausible.precipitation, " in an hour of \(day)", .hour(day))
            hour.windSpeed = keep(hour.windSpeed, Plausible.windSpeed, " in an hour of \(day)", .hour(day))
            hour.windDirection = keep(hour.windDirection, Plausible.windDirection, " in an hour of \(day)", .hour(day))
            hour.visibility = keep(hour.visibility, Plausible.visibility, " in an hour of \(day)", .hour(day))
            hours.append(hour)
        }
        if beyond > 0 { repairs.append(.init("\(beyond) hours beyond the \(requested) days asked for", .extra)) }
        report.hours = hours

        // Quarter hours: in time order, each once; an impossible amount is left out (a quarter hour with none is
        // dropped: it would be told as dry).
        var seenQuarters = Set<Date>()
        report.quarters = self.quarters.sorted { $0.time < $1.time }.compactMap { quarter in
            let day = parser.day(quarter.time)
            guard seenQuarters.insert(quarter.time).inserted else {
                repairs.append(.init("a second forecast for a quarter hour of \(day)", .extra))
                return nil
            }
            var quarter = quarter
            let scope = LeftOutValue.Scope.hour(day)
            quarter.precipitation = keep(
                quarter.precipitation, Plausible.precipitation, " in a quarter hour of \(day)", scope)
            quarter.rain = keep(quarter.rain, Plausible.precipitation, " (rain) in a quarter hour of \(day)", scope)
            quarter.snowfall = keep(
                quarter.snowfall, Plausible.snowfall, " in a quarter hour of \(day)", scope)
            return quarter.precipitation == nil ? nil : quarter
        }
        report.leftOut = repairs
        return report
    }
}
