import CoreKit
import Foundation
import Testing

/// `FixedDigits` against `printf` itself (Foundation's `String(format:)`, which hands `%d` and `%f` to it): the text
/// of coordinates, ISO dates and UTC offsets did not change when they stopped going through Foundation (issue 30).
@Suite struct FixedDigitsTests {
    @Test func decimalsAsPrintfWritesThem() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [
            0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 0.375, -0.125, 1e-7, -1e-7, 0.00005, -0.00005, 0.000049999, 179.99995,
            -179.99995, 43.70011, -79.41632, 89.999999, 1e15, -1e15, 4503599627370495.5, 123456.78905, 0.1, 0.2, 0.3,
            1.005, 2.675, 1.0000000005, 9.9999999995, 0.05, 0.15, 0.25, 0.35, 0.45, .leastNonzeroMagnitude,
            -.leastNonzeroMagnitude,
            // What `printf` writes itself: too large to scale exactly, infinite, not a number.
            .infinity, -.infinity, .nan, 1e300, -1.7976931348623157e308, 1e22,
        ]
        // Exact ties at every number of decimals: k / 2^n written to fewer decimals than it has.
        for numerator in 0..<2_000 { values.append(Double(numerator) / 1_024) }
        for _ in 0..<20_000 { values.append(.random(in: -200...200, using: &generator)) }
        for _ in 0..<5_000 { values.append(Double(Int.random(in: -2_000_000...2_000_000, using: &generator)) / 10_000) }
        for _ in 0..<2_000 { values.append(.random(in: -1e12...1e12, using: &generator)) }
        for value in values {
            for digits in 0...9 {
                #expect(
                    FixedDigits.decimal(value, digits: digits) == String(format: "%.\(digits)f", value),
                    "\(value) to \(digits)")
            }
        }
    }

    @Test func widthsAndSigns() {
        #expect(FixedDigits.decimal(43.7001, digits: 4, width: 9) == String(format: "%9.4f", 43.7001))
        #expect(FixedDigits.decimal(-79.4163, digits: 4, width: 10) == String(format: "%10.4f", -79.4163))
        #expect(FixedDigits.decimal(-0.00001, digits: 4, width: 9) == "  -0.0000")
        #expect(FixedDigits.decimal(123_456.5, digits: 1, width: 3) == "123456.5")
    }

    @Test func integersAsPrintfPadsThem() {
        var generator = SystemRandomNumberGenerator()
        var values = [0, 1, -1, 9, -9, 10, 99, 100, -100, 2026, -2026, 12_345, Int.max, Int.min + 1]
        for _ in 0..<2_000 { values.append(.random(in: -100_000...100_000, using: &generator)) }
        for value in values {
            for width in 0...6 {
                #expect(
                    FixedDigits.padded(value, width: width) == String(format: "%0\(width)ld", value),
                    "\(value) \(width)")
            }
        }
        #expect(FixedDigits.padded(Int.min, width: 4) == "\(Int.min)")
    }
}
