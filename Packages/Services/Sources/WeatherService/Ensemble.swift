import Foundation

/// An ensemble's models: each run of a model from slightly different beginnings; how far the runs spread is how sure
/// the forecast is.
public enum EnsembleModel: String, Sendable, Equatable, Codable, CaseIterable {
    /// ECMWF IFS 0.25° ensemble: 51 runs, 15 days, global. The default: the ensemble with the best medium-range
    /// skill in the WMO's verification exchanges, and long enough for `forecast`'s days.
    case ecmwf = "ecmwf_ifs025_ensemble"
    /// NOAA GEFS 0.25°: 31 runs, 10 days (35 at 0.5°), global.
    case gfs = "ncep_gefs_seamless"
    /// DWD ICON-EPS: 40 runs, 7.5 days, global (finer over Europe).
    case icon = "icon_seamless_eps"
    /// CMC GEM GEPS: 21 runs, 16 days, global.
    case gem = "gem_global_ensemble"

    /// `ecmwf`, as typed.
    public var name: String {
        switch self {
        case .ecmwf: "ecmwf"
        case .gfs: "gfs"
        case .icon: "icon"
        case .gem: "gem"
        }
    }

    public var title: String {
        switch self {
        case .ecmwf: "ECMWF ensemble"
        case .gfs: "NOAA GEFS"
        case .icon: "DWD ICON-EPS"
        case .gem: "CMC GEPS"
        }
    }

    /// The days it reaches.
    public var days: Int {
        switch self {
        case .ecmwf: 15
        case .gfs: 10
        case .icon: 7
        case .gem: 16
        }
    }

    public init?(name: String) {
        guard let model = Self.allCases.first(where: { $0.name == name.lowercased() }) else { return nil }
        self = model
    }
}

/// What an ensemble says, summed up: each day's highest and lowest temperature across the runs (their 10th, 50th and
/// 90th percentiles), and the share of runs with precipitation in each quarter of the day; each hour's temperature
/// percentiles and chance of precipitation.
public struct EnsembleForecast: Sendable, Equatable, Codable {
    public struct Percentiles: Sendable, Equatable, Codable {
        public var p10: Double
        public var p50: Double
        public var p90: Double

        public init(p10: Double, p50: Double, p90: Double) {
            self.p10 = p10
            self.p50 = p50
            self.p90 = p90
        }

        /// Of values in any order (linear between ranks); nil for none.
        public init?(_ values: [Double]) {
            guard let spread = Spread(values) else { return nil }
            self.init(p10: spread.p10, p50: spread.p50, p90: spread.p90)
        }
    }

    public struct Day: Sendable, Equatable, Codable {
        /// The local date, `2026-11-22`.
        public var date: String
        /// The runs' highest temperature of the day, °C.
        public var high: Percentiles
        /// The runs' lowest temperature of the day, °C.
        public var low: Percentiles
        /// The share of runs with 0.1 mm or more in the night (0–6 h), morning, afternoon and evening, 0…1; nil
        /// where the runs do not reach that quarter of the day.
        public var rainChances: [Double?]
        /// The share of runs with 1 mm or more in the day, 0…1; nil where the runs give no precipitation.
        public var wetChance: Double?
        /// The runs' precipitation of the day, mm; nil where they give none.
        public var precipitation: Percentiles?

        public init(
            date: String, high: Percentiles, low: Percentiles, rainChances: [Double?], wetChance: Double?,
            precipitation: Percentiles?
        ) {
            self.date = date
            self.high = high
            self.low = low
            self.rainChances = rainChances
            self.wetChance = wetChance
            self.precipitation = precipitation
        }
    }

    public struct Hour: Sendable, Equatable, Codable {
        public var time: Date
        public var temperature: Percentiles
        /// The share of runs with 0.1 mm or more in the hour (before `time`), 0…1; nil where none gives it.
        public var rainChance: Double?

        public init(time: Date, temperature: Percentiles, rainChance: Double?) {
            self.time = time
            self.temperature = temperature
            self.rainChance = rainChance
        }
    }

    /// Fewer runs than this tell nothing of a spread (the smallest ensemble Open-Meteo serves, MOGREPS-UK, has 3).
    public static let fewestRuns = 3

    public var location: WeatherLocation
    public var model: EnsembleModel
    /// How many runs answered.
    public var members: Int
    public var utcOffset: Int
    public var days: [Day]
    public var hours: [Hour]

    public init(
        location: WeatherLocation, model: EnsembleModel, members: Int, utcOffset: Int, days: [Day], hours: [Hour]
    ) {
        self.location = location
        self.model = model
        self.members = members
        self.utcOffset = utcOffset
        self.days = days
        self.hours = hours
    }

    /// From each run's hourly temperature (°C, at its time) and precipitation (mm, of the hour before its time), hours
    /// as local times (`2026-11-22T09:00`) with the offset. A day is summed up from the runs that give at least 18 of
    /// its hours (an ensemble that ends mid-day leaves that day out); its precipitation is that of the hours within it
    /// (01:00 to the next 00:00), each quarter of the day (night 0–6 h, morning, afternoon, evening) from at least
    /// three hours; a run missing a value is left out of that hour.
    public static func summed(
        location: WeatherLocation, model: EnsembleModel, times: [String], utcOffset: Int,
        temperature: [[Double?]], precipitation: [[Double?]]
    ) -> EnsembleForecast? {
        let parser = LocalTime.Parser(utcOffset: utcOffset)
        let members = temperature.count
        guard members > 0 else { return nil }
        func finite(_ value: Double?, _ range: ClosedRange<Double>) -> Double? {
            value.flatMap { $0.isFinite && range.contains($0) ? $0 : nil }
        }
        var hours: [Hour] = []
        // Each run's temperatures by the local date of their time; its amounts by the date of the hour they fall in
        // (the hour before their time: 00:00's is the day before's last), with that hour's hour of day.
        var temperaturesByDay: [String: [[Double]]] = [:]
        var amountsByDay: [String: [[(hour: Int, amount: Double)]]] = [:]
        var order: [String] = []
        for (index, text) in times.enumerated() {
            guard let date = parser.date(text) else { continue }
            let day = LocalTime.day(date, utcOffset: utcOffset)
            let before = date.addingTimeInterval(-3600)
            let rainDay = LocalTime.day(before, utcOffset: utcOffset)
            let rainHour = ((Int(before.timeIntervalSince1970) + utcOffset) % 86_400 + 86_400) % 86_400 / 3600
            if temperaturesByDay[day] == nil {
                temperaturesByDay[day] = Array(repeating: [], count: members)
                order.append(day)
            }
            if amountsByDay[rainDay] == nil { amountsByDay[rainDay] = Array(repeating: [], count: members) }
            var temperatures: [Double] = []
            var wet = 0, answered = 0
            for member in 0..<members {
                if index < temperature[member].count,
                    let t = finite(temperature[member][index], Plausible.temperature.bounds)
                {
                    temperaturesByDay[day]?[member].append(t)
                    temperatures.append(t)
                }
                if member < precipitation.count, index < precipitation[member].count,
                    let p = finite(precipitation[member][index], Plausible.precipitation.bounds)
                {
                    amountsByDay[rainDay]?[member].append((rainHour, p))
                    answered += 1
                    if p >= 0.1 { wet += 1 }
                }
            }
            if let spread = Percentiles(temperatures) {
                hours.append(
                    Hour(
                        time: date, temperature: spread,
                        rainChance: answered == 0 ? nil : Double(wet) / Double(answered)))
            }
        }
        var days: [Day] = []
        for day in order {
            guard let runs = temperaturesByDay[day] else { continue }
            var highs: [Double] = [], lows: [Double] = [], totals: [Double] = []
            var parts: [[Bool]] = Array(repeating: [], count: 4)
            for (member, run) in runs.enumerated() {
                guard run.count >= 18, let high = run.max(), let low = run.min() else { continue }
                highs.append(high)
                lows.append(low)
                let amounts = amountsByDay[day]?[member] ?? []
                // A day's amount only from a run that gives most of its hours.
                if amounts.count >= 18 { totals.append(amounts.map(\.amount).reduce(0, +)) }
                for part in 0..<4 {
                    let known = amounts.filter { $0.hour / 6 == part }.map(\.amount)
                    guard known.count >= 3 else { continue }
                    parts[part].append(known.reduce(0, +) >= 0.1)
                }
            }
            guard let high = Percentiles(highs), let low = Percentiles(lows) else { continue }
            days.append(
                Day(
                    date: day, high: high, low: low,
                    rainChances: parts.map { $0.isEmpty ? nil : Double($0.filter { $0 }.count) / Double($0.count) },
                    wetChance: totals.isEmpty ? nil : Double(totals.filter { $0 >= 1 }.count) / Double(totals.count),
                    precipitation: Percentiles(totals)))
        }
        return EnsembleForecast(
            location: location, model: model, members: members, utcOffset: utcOffset, days: days, hours: hours)
    }
}

/// Where the ensemble comes from (Open-Meteo's ensemble API in the App).
public struct EnsembleClient: Sendable {
    /// The cache's name for these answers.
    public var provider: String
    public var fetch:
        @Sendable (WeatherLocation, EnsembleModel, _ days: Int) async throws(WeatherError) -> EnsembleForecast

    public init(
        provider: String,
        fetch: @escaping @Sendable (WeatherLocation, EnsembleModel, Int) async throws(WeatherError) -> EnsembleForecast
    ) {
        self.provider = provider
        self.fetch = fetch
    }

    public static func failing(_ error: WeatherError) -> Self {
        Self(provider: "test-ensemble") { _, _, _ throws(WeatherError) in throw error }
    }
}
