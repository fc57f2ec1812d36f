import Foundation

/// A distribution of daily values: its mean and percentiles.
public struct Spread: Sendable, Equatable, Codable {
    public var mean: Double
    public var p10: Double
    public var p25: Double
    public var p50: Double
    public var p75: Double
    public var p90: Double

    public init(mean: Double, p10: Double, p25: Double, p50: Double, p75: Double, p90: Double) {
        self.mean = mean
        self.p10 = p10
        self.p25 = p25
        self.p50 = p50
        self.p75 = p75
        self.p90 = p90
    }

    /// From values in any order; nil for none.
    public init?(_ values: [Double]) {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        func quantile(_ q: Double) -> Double {
            // Linear between the closest ranks (type 7, R's and NumPy's default).
            let position = q * Double(sorted.count - 1)
            let lower = Int(position.rounded(.down)), upper = min(sorted.count - 1, lower + 1)
            return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
        }
        self.init(
            mean: values.reduce(0, +) / Double(values.count), p10: quantile(0.1), p25: quantile(0.25),
            p50: quantile(0.5), p75: quantile(0.75), p90: quantile(0.9))
    }
}

/// What is usual on one day of the year: the days of the reference years within `ClimateNormals.window` days of it.
public struct DayNormal: Sendable, Equatable, Codable {
    /// The daily highest temperature, °C.
    public var high: Spread
    /// The daily lowest temperature, °C.
    public var low: Spread
    /// mm a day, the mean.
    public var precipitation: Double?
    /// The share of days with 1 mm or more, 0…1.
    public var wetDays: Double?
    /// How many days it is made of.
    public var count: Int

    public init(high: Spread, low: Spread, precipitation: Double?, wetDays: Double?, count: Int) {
        self.high = high
        self.low = low
        self.precipitation = precipitation
        self.wetDays = wetDays
        self.count = count
    }
}

/// The usual weather of each day of the year at a place, from the daily records of reference years (1991–2020, the
/// WMO's current climate normal period) within ±7 days of the date: computed once from one archive request and
/// kept for months.
public struct ClimateNormals: Sendable, Equatable, Codable {
    public var location: WeatherLocation
    /// The years the records span, as sent.
    public var firstYear: Int
    public var lastYear: Int
    /// 366 days, January 1 to December 31 of a leap year (February 29 at 59); a day with no records is nil.
    public var days: [DayNormal?]

    /// Days either side of a date that count as "the same time of year".
    public static let window = 7
    /// The WMO's current normal period.
    public static let referenceYears = 1991...2020

    public init(location: WeatherLocation, firstYear: Int, lastYear: Int, days: [DayNormal?]) {
        self.location = location
        self.firstYear = firstYear
        self.lastYear = lastYear
        self.days = days
    }

    /// The index of a month and day in `days`.
    public static func index(month: Int, day: Int) -> Int? {
        let lengths = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...12).contains(month), (1...lengths[month - 1]).contains(day) else { return nil }
        return lengths.prefix(month - 1).reduce(0, +) + day - 1
    }

    /// The normal of a local date, `2026-11-22`.
    public func normal(for date: String) -> DayNormal? {
        let parts = date.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, let index = Self.index(month: parts[1], day: parts[2]), index < days.count else {
            return nil
        }
        return days[index]
    }

    /// From daily records: local dates (`1991-01-01`) with the day's highest and lowest temperature (°C) and
    /// precipitation (mm), any of them missing. Each day of the year gets the records within `window` days of it
    /// (across the year's end); February 29 is a day of its own, its window the days around it.
    public static func computed(
        location: WeatherLocation, dates: [String], highs: [Double?], lows: [Double?], precipitation: [Double?]
    ) -> ClimateNormals? {
        var byDay = [[(high: Double?, low: Double?, rain: Double?)]](repeating: [], count: 366)
        var years: [Int] = []
        for (offset, date) in dates.enumerated() {
            let parts = date.split(separator: "-").compactMap { Int($0) }
            guard parts.count == 3, let index = index(month: parts[1], day: parts[2]) else { continue }
            func value(_ array: [Double?], _ range: ClosedRange<Double>) -> Double? {
                guard offset < array.count, let value = array[offset], value.isFinite, range.contains(value) else {
                    return nil
                }
                return value
            }
            let record = (
                high: value(highs, Plausible.temperature.bounds), low: value(lows, Plausible.temperature.bounds),
                rain: value(precipitation, Plausible.precipitation.bounds)
            )
            guard record.high != nil || record.low != nil else { continue }
            byDay[index].append(record)
            years.append(parts[0])
        }
        guard let first = years.min(), let last = years.max() else { return nil }
        let days: [DayNormal?] = (0..<366).map { day in
            let records = (-window...window).flatMap { byDay[(day + $0 + 366) % 366] }
            guard let high = Spread(records.compactMap(\.high)), let low = Spread(records.compactMap(\.low)) else {
                return nil
            }
            let rains = records.compactMap(\.rain)
            return DayNormal(
                high: high, low: low,
                precipitation: rains.isEmpty ? nil : rains.reduce(0, +) / Double(rains.count),
                wetDays: rains.isEmpty ? nil : Double(rains.filter { $0 >= 1 }.count) / Double(rains.count),
                count: records.count)
        }
        return ClimateNormals(location: location, firstYear: first, lastYear: last, days: days)
    }
}

/// Where the normals of a place come from (Open-Meteo's historical weather API in the App).
public struct ClimateClient: Sendable {
    /// The cache's name for these answers.
    public var provider: String
    public var fetch: @Sendable (WeatherLocation) async throws(WeatherError) -> ClimateNormals

    public init(
        provider: String, fetch: @escaping @Sendable (WeatherLocation) async throws(WeatherError) -> ClimateNormals
    ) {
        self.provider = provider
        self.fetch = fetch
    }

    /// Fails every request with `error` (for tests, and where none is set up).
    public static func failing(_ error: WeatherError) -> Self {
        Self(provider: "test-climate") { _ throws(WeatherError) in throw error }
    }
}
