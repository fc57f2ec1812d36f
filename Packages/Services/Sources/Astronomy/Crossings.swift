import Foundation

/// A quantity sampled at even steps across an interval, and the instants it crosses a level, refined by bisection
/// to well under a second. Steps are short enough (minutes) that a rise and a set never fall between two samples
/// except when the body only grazes the level, by less than a step's worth of motion.
struct Sampled {
    var times: [Double]
    var values: [Double]
    let evaluate: (Double) -> Double

    /// Samples `evaluate` (a function of the Julian day, UT) from `start` to `end` inclusive, about every `step` days.
    init(from start: Double, to end: Double, step: Double, _ evaluate: @escaping (Double) -> Double) {
        // Julian days carry rounding in their last digits: a 24-hour day is 288 steps of 5 minutes, not 288.0000001.
        let count = max(2, Int(((end - start) / step - 1e-6).rounded(.up)) + 1)
        let spacing = (end - start) / Double(count - 1)
        times = (0..<count).map { start + Double($0) * spacing }
        values = times.map(evaluate)
        self.evaluate = evaluate
    }

    struct Crossing {
        var julianDay: Double
        /// True when the value goes up through the level.
        var rising: Bool
    }

    /// Every crossing of `level`, in time order. With `within`, a crossing counts only where both samples are within
    /// that distance of the level (for an angle that wraps: the jump from +180° to −180° is not a crossing of 0°).
    func crossings(of level: Double, within: Double = .infinity) -> [Crossing] {
        var found: [Crossing] = []
        for index in 0..<(times.count - 1) {
            let a = values[index] - level, b = values[index + 1] - level
            guard (a < 0) != (b < 0), abs(a) < within, abs(b) < within else { continue }
            var low = times[index], high = times[index + 1]
            let rising = a < 0
            for _ in 0..<24 {
                let middle = (low + high) / 2
                if (evaluate(middle) - level < 0) == rising { low = middle } else { high = middle }
            }
            found.append(Crossing(julianDay: (low + high) / 2, rising: rising))
        }
        return found
    }
}
