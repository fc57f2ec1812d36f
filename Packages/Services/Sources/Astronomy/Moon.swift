import Foundation

/// The Moon's apparent place, from Meeus chapter 47 (after Chapront's ELP-2000/82, the 60 + 60 largest terms:
/// about 10″ in longitude, 4″ in latitude, a few km in distance).
public enum MoonPosition {
    /// One row of Meeus's tables 47.A and 47.B: multiples of D, M, M′, F and the coefficient(s).
    struct Term {
        var d: Double, m: Double, mp: Double, f: Double
        var first: Double
        var second: Double
    }

    /// Table 47.A: longitude (Σl, 10⁻⁶ degree, sine) and distance (Σr, metres, cosine).
    static let longitudeAndDistance: [Term] = table47A.map {
        Term(d: $0.0, m: $0.1, mp: $0.2, f: $0.3, first: $0.4, second: $0.5)
    }
    static let latitude: [Term] = table47B.map { Term(d: $0.0, m: $0.1, mp: $0.2, f: $0.3, first: $0.4, second: 0) }

    private static let table47A: [(Double, Double, Double, Double, Double, Double)] = [
        (0, 0, 1, 0, 6_288_774, -20_905_355), (2, 0, -1, 0, 1_274_027, -3_699_111),
        (2, 0, 0, 0, 658_314, -2_955_968), (0, 0, 2, 0, 213_618, -569_925), (0, 1, 0, 0, -185_116, 48_888),
        (0, 0, 0, 2, -114_332, -3_149), (2, 0, -2, 0, 58_793, 246_158), (2, -1, -1, 0, 57_066, -152_138),
        (2, 0, 1, 0, 53_322, -170_733), (2, -1, 0, 0, 45_758, -204_586), (0, 1, -1, 0, -40_923, -129_620),
        (1, 0, 0, 0, -34_720, 108_743), (0, 1, 1, 0, -30_383, 104_755), (2, 0, 0, -2, 15_327, 10_321),
        (0, 0, 1, 2, -12_528, 0), (0, 0, 1, -2, 10_980, 79_661), (4, 0, -1, 0, 10_675, -34_782),
        (0, 0, 3, 0, 10_034, -23_210), (4, 0, -2, 0, 8_548, -21_636), (2, 1, -1, 0, -7_888, 24_208),
        (2, 1, 0, 0, -6_766, 30_824), (1, 0, -1, 0, -5_163, -8_379), (1, 1, 0, 0, 4_987, -16_675),
        (2, -1, 1, 0, 4_036, -12_831), (2, 0, 2, 0, 3_994, -10_445), (4, 0, 0, 0, 3_861, -11_650),
        (2, 0, -3, 0, 3_665, 14_403), (0, 1, -2, 0, -2_689, -7_003), (2, 0, -1, 2, -2_602, 0),
        (2, -1, -2, 0, 2_390, 10_056), (1, 0, 1, 0, -2_348, 6_322), (2, -2, 0, 0, 2_236, -9_884),
        (0, 1, 2, 0, -2_120, 5_751), (0, 2, 0, 0, -2_069, 0), (2, -2, -1, 0, 2_048, -4_950),
        (2, 0, 1, -2, -1_773, 4_130), (2, 0, 0, 2, -1_595, 0), (4, -1, -1, 0, 1_215, -3_958),
        (0, 0, 2, 2, -1_110, 0), (3, 0, -1, 0, -892, 3_258), (2, 1, 1, 0, -810, 2_616),
        (4, -1, -2, 0, 759, -1_897), (0, 2, -1, 0, -713, -2_117), (2, 2, -1, 0, -700, 2_354),
        (2, 1, -2, 0, 691, 0), (2, -1, 0, -2, 596, 0), (4, 0, 1, 0, 549, -1_423), (0, 0, 4, 0, 537, -1_117),
        (4, -1, 0, 0, 520, -1_571), (1, 0, -2, 0, -487, -1_739), (2, 1, 0, -2, -399, 0),
        (0, 0, 2, -2, -381, -4_421), (1, 1, 1, 0, 351, 0), (3, 0, -2, 0, -340, 0), (4, 0, -3, 0, 330, 0),
        (2, -1, 2, 0, 327, 0), (0, 2, 1, 0, -323, 1_165), (1, 1, -1, 0, 299, 0), (2, 0, 3, 0, 294, 0),
        (2, 0, -1, -2, 0, 8_752),
    ]

    /// Table 47.B: latitude (Σb, 10⁻⁶ degree, sine).
    private static let table47B: [(Double, Double, Double, Double, Double)] = [
        (0, 0, 0, 1, 5_128_122), (0, 0, 1, 1, 280_602), (0, 0, 1, -1, 277_693), (2, 0, 0, -1, 173_237),
        (2, 0, -1, 1, 55_413), (2, 0, -1, -1, 46_271), (2, 0, 0, 1, 32_573), (0, 0, 2, 1, 17_198),
        (2, 0, 1, -1, 9_266), (0, 0, 2, -1, 8_822), (2, -1, 0, -1, 8_216), (2, 0, -2, -1, 4_324),
        (2, 0, 1, 1, 4_200), (2, 1, 0, -1, -3_359), (2, -1, -1, 1, 2_463), (2, -1, 0, 1, 2_211),
        (2, -1, -1, -1, 2_065), (0, 1, -1, -1, -1_870), (4, 0, -1, -1, 1_828), (0, 1, 0, 1, -1_794),
        (0, 0, 0, 3, -1_749), (0, 1, -1, 1, -1_565), (1, 0, 0, 1, -1_491), (0, 1, 1, 1, -1_475),
        (0, 1, 1, -1, -1_410), (0, 1, 0, -1, -1_344), (1, 0, 0, -1, -1_335), (0, 0, 3, 1, 1_107),
        (4, 0, 0, -1, 1_021), (4, 0, -1, 1, 833), (0, 0, 1, -3, 777), (4, 0, -2, 1, 671), (2, 0, 0, -3, 607),
        (2, 0, 2, -1, 596), (2, -1, 1, -1, 491), (2, 0, -2, 1, -451), (0, 0, 3, -1, 439), (2, 0, 2, 1, 422),
        (2, 0, -3, -1, 421), (2, 1, -1, 1, -366), (2, 1, 0, 1, -351), (4, 0, 0, 1, 331), (2, -1, 1, 1, 315),
        (2, -2, 0, -1, 302), (0, 0, 1, 3, -283), (2, 1, 1, -1, -229), (1, 1, 0, -1, 223), (1, 1, 0, 1, 223),
        (0, 1, -2, -1, -220), (2, 1, -1, -1, -220), (1, 0, 1, 1, -185), (2, -1, -2, -1, 181),
        (0, 1, 2, 1, -177), (4, 0, -2, -1, 176), (4, -1, -1, -1, 166), (1, 0, 1, -1, -164), (4, 0, 1, -1, 132),
        (1, 0, -1, -1, -119), (4, -1, 0, -1, 115), (2, -2, 0, 1, 107),
    ]

    /// Geocentric ecliptic longitude and latitude (degrees, mean equinox of date: no nutation) and distance (km).
    static func ecliptic(at instant: Instant) -> (longitude: Double, latitude: Double, distance: Double) {
        let t = instant.centuries
        let t2 = t * t, t3 = t2 * t, t4 = t3 * t
        let lp = 218.316_447_7 + 481_267.881_234_21 * t - 0.001_578_6 * t2 + t3 / 538_841 - t4 / 65_194_000
        let d = 297.850_192_1 + 445_267.111_403_4 * t - 0.001_881_9 * t2 + t3 / 545_868 - t4 / 113_065_000
        let m = 357.529_109_2 + 35_999.050_290_9 * t - 0.000_153_6 * t2 + t3 / 24_490_000
        let mp = 134.963_396_4 + 477_198.867_505_5 * t + 0.008_741_4 * t2 + t3 / 69_699 - t4 / 14_712_000
        let f = 93.272_095_0 + 483_202.017_523_3 * t - 0.003_653_9 * t2 - t3 / 3_526_000 + t4 / 863_310_000
        let a1 = 119.75 + 131.849 * t, a2 = 53.09 + 479_264.290 * t, a3 = 313.45 + 481_266.484 * t
        let e = 1 - 0.002_516 * t - 0.000_007_4 * t2
        let eFactor = [1, e, e * e]

        // Every term's argument is a sum of small multiples of D, M, M′ and F: their sines and cosines are built once
        // from one sine and cosine each (angle addition), and each term's from them by multiplying unit complex
        // numbers: four calls to sin and cos instead of 180, the same sums to 1e-12.
        let multiples = Multiples(d: d, m: m, mp: mp, f: f)
        var sumL = 0.0, sumR = 0.0, sumB = 0.0
        for term in longitudeAndDistance {
            let (cosine, sine) = multiples.cosineAndSine(term)
            let factor = eFactor[Int(abs(term.m))]
            sumL += term.first * factor * sine
            sumR += term.second * factor * cosine
        }
        for term in latitude {
            sumB += term.first * eFactor[Int(abs(term.m))] * multiples.cosineAndSine(term).sine
        }
        // Venus, Jupiter and the flattening of the Earth.
        sumL += 3_958 * Angle.sin(a1) + 1_962 * Angle.sin(lp - f) + 318 * Angle.sin(a2)
        sumB +=
            -2_235 * Angle.sin(lp) + 382 * Angle.sin(a3) + 175 * Angle.sin(a1 - f) + 175 * Angle.sin(a1 + f)
            + 127 * Angle.sin(lp - mp) - 115 * Angle.sin(lp + mp)
        return (Angle.normalized(lp + sumL / 1_000_000), sumB / 1_000_000, 385_000.56 + sumR / 1_000)
    }

    /// Apparent right ascension and declination (degrees, nutation included) and distance (km).
    public static func equatorial(at instant: Instant) -> EquatorialPosition {
        let (longitude, latitude, distance) = ecliptic(at: instant)
        let nutation = Nutation(centuries: instant.centuries)
        let lambda = longitude + nutation.longitude
        let epsilon = nutation.trueObliquity
        return EquatorialPosition(
            rightAscension: Angle.normalized(
                Angle.atan2(
                    Angle.sin(lambda) * Angle.cos(epsilon) - Angle.tan(latitude) * Angle.sin(epsilon),
                    Angle.cos(lambda))),
            declination: Angle.asin(
                Angle.sin(latitude) * Angle.cos(epsilon)
                    + Angle.cos(latitude) * Angle.sin(epsilon) * Angle.sin(lambda)),
            distance: distance)
    }

    /// cos and sin of −4…4 times each of D, M, M′ and F (the tables' multiples stay within ±4).
    struct Multiples {
        /// Nine values per angle (its multiple k at 9 × angle + k + 4).
        private var cosines = [Double](repeating: 1, count: 36)
        private var sines = [Double](repeating: 0, count: 36)

        init(d: Double, m: Double, mp: Double, f: Double) {
            for (slot, degrees) in [d, m, mp, f].enumerated() {
                let radians = degrees * Angle.radians
                let (c1, s1) = (Foundation.cos(radians), Foundation.sin(radians))
                let zero = slot * 9 + 4
                for k in 1...4 {
                    let c = cosines[zero + k - 1] * c1 - sines[zero + k - 1] * s1
                    let s = sines[zero + k - 1] * c1 + cosines[zero + k - 1] * s1
                    (cosines[zero + k], sines[zero + k]) = (c, s)
                    (cosines[zero - k], sines[zero - k]) = (c, -s)
                }
            }
        }

        /// cos and sin of d·D + m·M + m′·M′ + f·F.
        func cosineAndSine(_ term: Term) -> (cosine: Double, sine: Double) {
            var (c, s) = (1.0, 0.0)
            func turn(_ slot: Int, _ k: Double) {
                guard k != 0 else { return }
                let index = slot * 9 + Int(k) + 4
                (c, s) = (c * cosines[index] - s * sines[index], s * cosines[index] + c * sines[index])
            }
            turn(0, term.d)
            turn(1, term.m)
            turn(2, term.mp)
            turn(3, term.f)
            return (c, s)
        }
    }

    /// The equatorial horizontal parallax (degrees) at a distance in km.
    static func parallax(distance: Double) -> Double { Angle.asin(6_378.14 / distance) }
}
