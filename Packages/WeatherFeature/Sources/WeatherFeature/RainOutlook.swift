import Foundation
import Localization
import WeatherService

/// Will it rain, and when: the next hours as steps of what falls, from the quarter hours where the provider gives
/// them (Open-Meteo's `minutely_15`) and the hourly forecast after them, and the first spell of rain or snow in them.
/// Every amount is the provider's sum over the step that *ends* at its time, so a step runs from `time − length` to
/// `time`.
struct RainOutlook: Sendable, Equatable {
    /// What falls.
    enum Kind: String, Sendable, Equatable, Codable {
        case rain, showers, drizzle, freezingRain, sleet, snow, snowShowers, thunderstorms

        /// Its name in the language as a sentence starts with it: "Rain from 14:15".
        func noun(_ words: Words) -> String {
            switch self {
            case .rain: words("Rain")
            case .showers: words("Showers")
            case .drizzle: words("Drizzle")
            case .freezingRain: words("Freezing rain")
            case .sleet: words("Sleet")
            case .snow: words("Snow")
            case .snowShowers: words("Snow showers")
            case .thunderstorms: words("Thunderstorms")
            }
        }

        /// Its name within a sentence: "Dry for the next 2 hours; rain from 15:00" (German keeps its capital:
        /// "Regen").
        func midSentenceNoun(_ words: Words) -> String {
            switch self {
            case .rain: words("rain")
            case .showers: words("showers")
            case .drizzle: words("drizzle")
            case .freezingRain: words("freezing rain")
            case .sleet: words("sleet")
            case .snow: words("snow")
            case .snowShowers: words("snow showers")
            case .thunderstorms: words("thunderstorms")
            }
        }

        var isSnow: Bool { self == .snow || self == .snowShowers }
    }

    struct Step: Sendable, Equatable {
        var start: Date
        var end: Date
        /// mm of water; nil when only a chance was given.
        var amount: Double?
        var rain: Double?
        /// cm.
        var snowfall: Double?
        var code: Int?
        /// Percent (hourly steps only).
        var chance: Double?

        var length: TimeInterval { end.timeIntervalSince(start) }
        /// mm/h.
        var rate: Double { (amount ?? 0) * 3600 / max(60, length) }
        /// At least 0.1 mm (what the providers round to), or, where no amount is given, a chance of 50 % or more.
        var isWet: Bool { amount.map { $0 >= 0.1 } ?? ((chance ?? 0) >= 50) }
    }

    /// The first spell: from the first wet step to the end of the last one, dry gaps shorter than `gap` bridged.
    struct Spell: Sendable, Equatable {
        var kind: Kind
        var start: Date
        /// When it is dry again: the end of its last wet step.
        var end: Date
        /// The start of its heaviest step, and that step's rate (mm/h of water) and snowfall (cm/h).
        var heaviest: Date
        var heaviestRate: Double
        var heaviestSnowRate: Double?
        /// mm in all.
        var total: Double
        /// It falls at the first step (now).
        var isNow: Bool
        /// Its last wet step is the last step known: it may go on.
        var goesOn: Bool
        /// The highest chance, for hourly steps that give one.
        var chance: Double?
    }

    /// The steps from the one under way, up to the horizon asked for.
    var steps: [Step]
    /// The first spell starting before the horizon; nil when dry.
    var spell: Spell?
    /// The steps' length where they begin: 900 s for quarter hours, 3600 or 10,800 for hours.
    var resolution: TimeInterval
    /// How far ahead the data reaches (the end of the last step): shorter than the horizon when it ends before it.
    var reach: Date

    /// Dry gaps shorter than this belong to the spell around them.
    static let gap: TimeInterval = 30 * 60

    init(_ report: WeatherReport, now: Date, horizon: TimeInterval) {
        let limit = now.addingTimeInterval(max(horizon, 24 * 3600))
        var steps: [Step] = report.quarters.filter { $0.time > now }.map { quarter in
            Step(
                start: quarter.time.addingTimeInterval(-QuarterHour.length), end: quarter.time,
                amount: quarter.precipitation, rain: quarter.rain, snowfall: quarter.snowfall, code: quarter.code)
        }
        // The hours after the last quarter hour; where there are none, from the hour under way.
        let hours = report.hours
        let after = steps.last?.end
        for (index, hour) in hours.enumerated() {
            let length: TimeInterval =
                index > 0
                ? hour.time.timeIntervalSince(hours[index - 1].time)
                : (hours.count > 1 ? hours[1].time.timeIntervalSince(hour.time) : 3600)
            guard length > 0, length <= 6 * 3600 else { continue }
            let start = hour.time.addingTimeInterval(-length)
            guard hour.time > (after ?? now) else { continue }
            var step = Step(
                start: start, end: hour.time, amount: hour.precipitation, code: Self.code(hour.condition),
                chance: hour.precipitationProbability)
            // The hour the quarter hours end in: its part after them, with what the hour has beyond theirs.
            if let after, start < after {
                let counted = report.quarters.filter { $0.time > start && $0.time <= after }
                    .compactMap(\.precipitation).reduce(0, +)
                step.start = after
                step.amount = hour.precipitation.map { max(0, $0 - counted) }
            }
            steps.append(step)
        }
        // A spell is followed to its end, a day at most, whatever the horizon asked.
        steps = steps.filter { $0.start < limit }
        self.steps = steps
        resolution = steps.first?.length ?? 3600
        reach = steps.last?.end ?? now
        spell = Self.firstSpell(steps)
    }

    /// A WMO code standing for a condition (hourly steps carry the condition, not the code).
    private static func code(_ condition: Condition) -> Int? {
        switch condition {
        case .drizzle: 53
        case .freezingDrizzle, .freezingRain: 66
        case .rain, .heavyRain: 63
        case .rainShowers: 81
        case .snow, .heavySnow: 73
        case .snowShowers: 85
        case .sleet: 68
        case .thunderstorm, .thunderstormWithHail: 95
        default: nil
        }
    }

    static func firstSpell(_ steps: [Step]) -> Spell? {
        guard let first = steps.firstIndex(where: \.isWet) else { return nil }
        var last = first
        var index = first + 1
        while index < steps.count {
            if steps[index].isWet {
                last = index
            } else if steps[index].end.timeIntervalSince(steps[last].end) >= gap {
                break
            }
            index += 1
        }
        let wet = steps[first...last].filter(\.isWet)
        let heaviest = wet.max { $0.rate < $1.rate } ?? steps[first]
        let snowRate = heaviest.snowfall.map { $0 * 3600 / max(60, heaviest.length) }
        return Spell(
            kind: kind(of: wet), start: steps[first].start, end: steps[last].end, heaviest: heaviest.start,
            heaviestRate: heaviest.rate, heaviestSnowRate: snowRate.flatMap { $0 > 0 ? $0 : nil },
            total: wet.compactMap(\.amount).reduce(0, +), isNow: first == 0, goesOn: last == steps.count - 1,
            chance: wet.compactMap(\.chance).max())
    }

    /// What falls in a spell: thunder if any step has it; else the code of its heaviest step where codes are sent;
    /// else by amounts — snow (its water: cm ÷ 7 × 10 mm, Open-Meteo's rule), rain, and showers (the rest of the
    /// precipitation).
    static func kind(of wet: [Step]) -> Kind {
        let codes = wet.compactMap(\.code)
        if codes.contains(where: { (95...99).contains($0) }) { return .thunderstorms }
        if let code = (wet.max { $0.rate < $1.rate } ?? wet.first)?.code {
            switch code {
            case 51...55: return .drizzle
            case 56, 57, 66, 67: return .freezingRain
            case 61...65: return .rain
            case 68, 69: return .sleet
            case 71...77: return .snow
            case 80...82: return .showers
            case 85, 86: return .snowShowers
            default: break
            }
        }
        let total = wet.compactMap(\.amount).reduce(0, +)
        let snow = wet.compactMap(\.snowfall).reduce(0, +) * 10 / 7
        let rain = wet.compactMap(\.rain).reduce(0, +)
        guard total > 0 else { return .rain }
        if snow >= total * 0.8 { return .snow }
        if snow >= total * 0.2 { return .sleet }
        // Without a rain figure it is all rain; with one, the rest is showers.
        let hasRain = wet.contains { $0.rain != nil }
        if hasRain, total - rain - snow > rain { return .showers }
        return .rain
    }

    /// Rain is expected to start before `deadline` (or is falling now).
    func expected(before deadline: Date) -> Bool { spell.map { $0.start < deadline } ?? false }

    /// The data reaches the deadline: a dry answer can be given.
    func covers(_ deadline: Date) -> Bool { reach >= deadline }
}
