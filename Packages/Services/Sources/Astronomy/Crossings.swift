import Foundation

/// A body's apparent right ascension, declination and distance over an interval: exact positions (Meeus's series)
/// at nodes twelve hours apart, read between them by cubic Lagrange interpolation, so that its altitude at any
/// instant costs a few multiplications and one arcsine instead of a series (the Moon's has a hundred and twenty
/// terms). With nodes six hours apart the Moon's place read so is within a hundredth of an arcsecond of the series
/// (its fastest wobble, the variation, has a period of 15 days); the Sun's, twelve hours apart, far closer.
struct Track {
    private let first: Double
    private let step: Double
    /// Unwrapped: no jump from 360° to 0° between nodes.
    private let rightAscensions: [Double]
    private let declinations: [Double]
    private let distances: [Double]
    /// The equation of the equinoxes (nutation in right ascension) at the middle of the interval, degrees: it moves
    /// by less than 0.2″ in a day, a hundredth of a second of a rising.
    private let equationOfEquinoxes: Double

    /// Nodes from a step before `start` to two after `end`, so that every instant in between has two on each side.
    init(from start: Double, to end: Double, step: Double = 0.5, _ position: (Instant) -> EquatorialPosition) {
        self.step = step
        first = start - step
        let count = Int(((end - start) / step).rounded(.up)) + 4
        var rightAscensions: [Double] = [], declinations: [Double] = [], distances: [Double] = []
        rightAscensions.reserveCapacity(count)
        for index in 0..<count {
            let place = position(Instant(julianDay: first + Double(index) * step))
            var ra = place.rightAscension
            if let previous = rightAscensions.last { ra = previous + Angle.signed(ra - previous) }
            rightAscensions.append(ra)
            declinations.append(place.declination)
            distances.append(place.distance)
        }
        self.rightAscensions = rightAscensions
        self.declinations = declinations
        self.distances = distances
        let middle = Instant(julianDay: (start + end) / 2)
        let nutation = Nutation(centuries: middle.centuries)
        equationOfEquinoxes = nutation.longitude * Angle.cos(nutation.trueObliquity)
    }

    /// The place at `julianDay` (UT): right ascension (unwrapped), declination, distance.
    func place(at julianDay: Double) -> (rightAscension: Double, declination: Double, distance: Double) {
        let position = (julianDay - first) / step
        let base = max(0, min(rightAscensions.count - 4, Int(position.rounded(.down)) - 1))
        let x = position - Double(base)
        // Lagrange weights of the four nodes base…base+3 at x (0…3).
        let w0 = -(x - 1) * (x - 2) * (x - 3) / 6
        let w1 = x * (x - 2) * (x - 3) / 2
        let w2 = -x * (x - 1) * (x - 3) / 2
        let w3 = x * (x - 1) * (x - 2) / 6
        func read(_ values: [Double]) -> Double {
            w0 * values[base] + w1 * values[base + 1] + w2 * values[base + 2] + w3 * values[base + 3]
        }
        return (read(rightAscensions), read(declinations), read(distances))
    }

    /// Greenwich apparent sidereal time, degrees, not wrapped (it grows by 360.98…° a day).
    func siderealTime(at julianDay: Double) -> Double {
        let days = julianDay - 2_451_545.0
        let t = days / 36_525
        return 280.460_618_37 + 360.985_647_366_29 * days + 0.000_387_933 * t * t - t * t * t / 38_710_000
            + equationOfEquinoxes
    }

    /// The hour angle seen from `observer`, degrees, not wrapped: it only grows, a little under 361° a day.
    func hourAngle(at julianDay: Double, observer: Observer) -> Double {
        siderealTime(at: julianDay) + observer.longitude - place(at: julianDay).rightAscension
    }

    /// The geocentric altitude seen from `observer`, degrees, and the distance (km).
    func altitude(at julianDay: Double, observer: Observer) -> (altitude: Double, distance: Double) {
        let place = place(at: julianDay)
        let hourAngle = siderealTime(at: julianDay) + observer.longitude - place.rightAscension
        let altitude = Angle.asin(
            Angle.sin(observer.latitude) * Angle.sin(place.declination)
                + Angle.cos(observer.latitude) * Angle.cos(place.declination) * Angle.cos(hourAngle))
        return (altitude, place.distance)
    }
}

/// The instants a body's altitude crosses given levels during an interval, solved for rather than sampled. The
/// hour angle grows almost evenly, so the instants it passes each multiple of 90° (the transits among them) are
/// found by Newton's method; they cut the interval into pieces of about six hours. Within a piece the altitude has at
/// most one turning point (near the meridian; near the poles, where the Moon's declination moves faster than the
/// sky turns, anywhere): where its slope changes sign the piece is cut there too, the turning point found by
/// root finding on the slope. The altitude then only rises or only falls in each part, and each level crossed in
/// one is found by bracketed root finding (the Illinois variant of regula falsi) to a hundredth of a second.
struct Crossings {
    struct Crossing: Equatable {
        var julianDay: Double
        /// True when the altitude goes up through the level.
        var rising: Bool
        /// Which of the levels (its index in the list asked for).
        var level: Int
    }

    /// The upper transits (hour angle 0°) within the interval.
    var upperTransits: [Double] = []
    /// Every crossing of every level, in time order.
    var all: [Crossing] = []
    /// The height above each level at the start.
    var startHeights: [Double] = []

    /// - Parameters:
    ///   - height: the altitude, less a correction that may move (the Moon's parallax); `levels` are measured on it.
    init(
        track: Track, observer: Observer, from start: Double, to end: Double, levels: [Double],
        height: (Double) -> Double
    ) {
        var cuts = [start]
        let startAngle = track.hourAngle(at: start, observer: observer)
        var target = (startAngle / 90).rounded(.down) * 90 + 90
        var time = start + (target - startAngle) / 360.985_647
        while time < end + 0.05 {
            for _ in 0..<8 {
                let error = track.hourAngle(at: time, observer: observer) - target
                time -= error / 347
                if abs(error) < 1e-7 { break }
            }
            if time > start, time < end {
                cuts.append(time)
                if Angle.normalized(target) == 0 { upperTransits.append(time) }
            }
            target += 90
            time += 90 / 350
        }
        cuts.append(end)

        // The slope by a central difference over ±4 s; a piece whose ends slope opposite ways is cut at its turning
        // point.
        let epsilon = 0.5e-4
        func slope(_ time: Double) -> Double { height(time + epsilon) - height(time - epsilon) }
        var points = [cuts[0]]
        var slopes = [slope(cuts[0])]
        for next in cuts.dropFirst() {
            let a = points[points.count - 1], sa = slopes[slopes.count - 1], sb = slope(next)
            if (sa < 0) != (sb < 0), sa != 0, sb != 0 {
                let turn = Self.root(from: a, sa, to: next, sb, slope)
                if turn - a > 2 * epsilon, next - turn > 2 * epsilon {
                    points.append(turn)
                    slopes.append(0)
                }
            }
            points.append(next)
            slopes.append(sb)
        }

        let heights = points.map(height)
        startHeights = levels.map { heights[0] - $0 }
        var found: [Crossing] = []
        for piece in 0..<(points.count - 1) {
            let a = points[piece], b = points[piece + 1]
            for (index, level) in levels.enumerated() {
                let fa = heights[piece] - level, fb = heights[piece + 1] - level
                guard (fa < 0) != (fb < 0) else { continue }
                let time = Self.root(from: a, fa, to: b, fb) { height($0) - level }
                found.append(Crossing(julianDay: time, rising: fa < 0, level: index))
            }
        }
        all = found.sorted { $0.julianDay < $1.julianDay }
    }

    /// The root of `f` between `a` and `b`, where `f` changes sign (Illinois regula falsi), to 1e-7 day (0.01 s).
    static func root(from a: Double, _ fa: Double, to b: Double, _ fb: Double, _ f: (Double) -> Double) -> Double {
        var (a, fa, b, fb) = (a, fa, b, fb)
        var side = 0
        for _ in 0..<60 {
            let c = (a * fb - b * fa) / (fb - fa)
            let fc = f(c)
            if abs(fc) < 1e-9 || abs(b - a) < 1e-7 { return c }
            if (fc < 0) == (fb < 0) {
                (b, fb) = (c, fc)
                if side == -1 { fa /= 2 }
                side = -1
            } else {
                (a, fa) = (c, fc)
                if side == 1 { fb /= 2 }
                side = 1
            }
            if abs(b - a) < 1e-7 { return (a + b) / 2 }
        }
        return (a + b) / 2
    }
}
