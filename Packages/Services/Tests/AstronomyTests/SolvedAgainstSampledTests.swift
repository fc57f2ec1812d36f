import Foundation
import Testing

@testable import Astronomy

/// The events as SkyLens found them before they were solved for: the altitude sampled every five minutes (the Moon's
/// every ten, the hour angle every thirty) from the exact series, each crossing bisected to well under a second.
/// Kept here as the reference the solver must agree with.
enum SampledReference {
    struct Sampled {
        var times: [Double]
        var values: [Double]
        let evaluate: (Double) -> Double

        init(from start: Double, to end: Double, step: Double, _ evaluate: @escaping (Double) -> Double) {
            let count = max(2, Int(((end - start) / step - 1e-6).rounded(.up)) + 1)
            let spacing = (end - start) / Double(count - 1)
            times = (0..<count).map { start + Double($0) * spacing }
            values = times.map(evaluate)
            self.evaluate = evaluate
        }

        func crossings(of level: Double, within: Double = .infinity) -> [(julianDay: Double, rising: Bool)] {
            var found: [(julianDay: Double, rising: Bool)] = []
            for index in 0..<(times.count - 1) {
                let a = values[index] - level, b = values[index + 1] - level
                guard (a < 0) != (b < 0), abs(a) < within, abs(b) < within else { continue }
                var low = times[index], high = times[index + 1]
                let rising = a < 0
                for _ in 0..<24 {
                    let middle = (low + high) / 2
                    if (evaluate(middle) - level < 0) == rising { low = middle } else { high = middle }
                }
                found.append(((low + high) / 2, rising))
            }
            return found
        }
    }

    /// The Sun's nine events and the Moon's rise and set, by name (absent: none that day); `minutes` the step.
    static func events(on day: LocalDay, at observer: Observer, minutes: Double = 5) -> [String: Double] {
        let start = Instant(day.start).julianDay, end = Instant(day.end).julianDay
        let sun = Sampled(from: start, to: end, step: minutes / 1_440) { jd in
            let instant = Instant(julianDay: jd)
            return SunPosition.equatorial(at: instant)
                .horizontal(observer: observer, siderealTime: instant.apparentSiderealTime).altitude
        }
        var events: [String: Double] = [:]
        for (index, level) in [-18, -12, -6, SunDay.horizon].enumerated() {
            let crossings = sun.crossings(of: level)
            events["dawn\(index)"] = crossings.first { $0.rising }?.julianDay
            events["dusk\(index)"] = crossings.last { !$0.rising }?.julianDay
        }
        let hourAngles = Sampled(from: start, to: end, step: min(30, minutes * 6) / 1_440) { jd in
            let instant = Instant(julianDay: jd)
            return SunPosition.equatorial(at: instant)
                .horizontal(observer: observer, siderealTime: instant.apparentSiderealTime).hourAngle
        }
        events["noon"] = hourAngles.crossings(of: 0, within: 90).first { $0.rising }?.julianDay
        let moon = Sampled(from: start, to: end, step: 2 * minutes / 1_440) { jd in
            let instant = Instant(julianDay: jd)
            let moon = MoonPosition.equatorial(at: instant)
            let altitude = moon.horizontal(observer: observer, siderealTime: instant.apparentSiderealTime).altitude
            return altitude - (0.7275 * MoonPosition.parallax(distance: moon.distance) - 34.0 / 60)
        }
        let crossings = moon.crossings(of: 0)
        events["moonrise"] = crossings.first { $0.rising }?.julianDay
        events["moonset"] = crossings.first { !$0.rising }?.julianDay
        return events
    }

    static func solved(on day: LocalDay, at observer: Observer) -> [String: Double] {
        let sun = SunDay(on: day, at: observer)
        let moon = MoonRising(on: day, at: observer)
        let named: [String: Date?] = [
            "dawn0": sun.astronomicalDawn, "dawn1": sun.nauticalDawn, "dawn2": sun.civilDawn, "dawn3": sun.sunrise,
            "dusk0": sun.astronomicalDusk, "dusk1": sun.nauticalDusk, "dusk2": sun.civilDusk, "dusk3": sun.sunset,
            "noon": sun.solarNoon, "moonrise": moon.moonrise, "moonset": moon.moonset,
        ]
        return named.compactMapValues { $0.map { Instant($0).julianDay } }
    }
}

@Suite("Events solved for, against the sampled search they replaced")
struct SolvedAgainstSampledTests {
    /// SplitMix64: the same places and dates on every run.
    struct Random {
        var state: UInt64
        mutating func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
    }

    /// 10,000 random places (pole to pole) and dates (1950–2050), each in the zone of its longitude: every event the
    /// same within 5 s, or none on both sides. Where they differ, the body grazes the level between two five-minute
    /// samples: then a search sampled every 20 seconds must agree with the solver.
    @Test func tenThousandRandomPlacesAndDatesAgreeWithinFiveSeconds() {
        var random = Random(state: 20_261_126)
        var worst = 0.0
        var grazing = 0
        for _ in 0..<10_000 {
            let latitude = random.next() * 179.8 - 89.9, longitude = random.next() * 360 - 180
            let days = Int(random.next() * 36_525)
            let zone = TimeZone(secondsFromGMT: Int((longitude / 15).rounded()) * 3_600)!
            let date = Date(timeIntervalSince1970: Double(days - 7_305) * 86_400 + 43_200)
            let day = LocalDay(containing: date, timeZone: zone)
            let observer = Observer(latitude: latitude, longitude: longitude)
            let solved = SampledReference.solved(on: day, at: observer)
            var reference = SampledReference.events(on: day, at: observer)
            func differences() -> [String] {
                Set(solved.keys).union(reference.keys).sorted().filter { name in
                    switch (solved[name], reference[name]) {
                    case (nil, nil): false
                    case (let a?, let b?): abs(a - b) * 86_400 > 5
                    default: true
                    }
                }
            }
            if !differences().isEmpty {
                grazing += 1
                reference = SampledReference.events(on: day, at: observer, minutes: 1.0 / 3)
            }
            let different = differences()
            #expect(
                different.isEmpty,
                "\(latitude), \(longitude) on \(day): \(different.map { "\($0) \(String(describing: solved[$0])) vs \(String(describing: reference[$0]))" })"
            )
            for (name, a) in solved {
                if let b = reference[name] { worst = max(worst, abs(a - b) * 86_400) }
            }
        }
        #expect(worst < 5, "the largest difference: \(worst) s")
        #expect(grazing < 100, "\(grazing) days where the five-minute search missed a grazing crossing")
    }
}
