#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Numbers as C's `printf` writes them (`%04d`, `%9.4f`) for machine-like text (coordinates, ISO dates, UTC offsets),
/// without Foundation's `String(format:)`: its first use in a process sets up CoreFoundation's formatting, a fifth of
/// a millisecond of a one-shot `search` or `sky` (issue 30). The same text as `printf`'s for every value
/// (`FixedDigitsTests`, against `String(format:)`), ties included. Not for text in a language: that is `Words`'.
public enum FixedDigits {
    /// `%0*d`: `value` in at least `width` characters, zeros between the sign and the digits (`-005`).
    public static func padded(_ value: Int, width: Int) -> String {
        let digits = String(value.magnitude)
        let sign = value < 0 ? "-" : ""
        let zeros = max(0, width - sign.utf8.count - digits.utf8.count)
        return sign + String(repeating: "0", count: zeros) + digits
    }

    /// `%*.*f`: `value` with `digits` decimals (0–9), right-aligned in `width` characters. Rounded as `printf` rounds:
    /// the exact binary value to the nearest, ties to even; a negative value that rounds to zero keeps its sign
    /// (`-0.0000`). Values too large to scale exactly, infinities and NaN are written by `snprintf` itself.
    public static func decimal(_ value: Double, digits: Int, width: Int = 0) -> String {
        let text = scaled(value, digits: digits) ?? printed(value, digits: digits)
        let padding = max(0, width - text.utf8.count)
        return padding == 0 ? text : String(repeating: " ", count: padding) + text
    }

    private static let powers: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]

    /// The value times 10^digits rounded exactly: `p` is the rounded product and `error` what rounding took from it
    /// (exact, by a fused multiply-add); `p - floor(p)` is exact and a multiple of p's ulp, as ½ is, so it decides
    /// the rounding unless it is ½ itself, when the error (then the evenness) does.
    private static func scaled(_ value: Double, digits: Int) -> String? {
        guard (0...9).contains(digits), value.isFinite else { return nil }
        let magnitude = value.magnitude
        let scale = powers[digits]
        let product = magnitude * scale
        guard product < 0x1p52 else { return nil }
        let error = (-product).addingProduct(magnitude, scale)
        let whole = product.rounded(.down)
        let fraction = product - whole
        var units = UInt64(whole)
        if fraction > 0.5 || (fraction == 0.5 && (error > 0 || (error == 0 && units % 2 == 1))) { units += 1 }
        let unit = UInt64(scale)
        var text = value.sign == .minus ? "-" : ""
        text += String(units / unit)
        if digits > 0 {
            let decimals = String(units % unit)
            text += "." + String(repeating: "0", count: digits - decimals.utf8.count) + decimals
        }
        return text
    }

    /// `snprintf`'s own text: at most 1 + 309 + 1 + 60 characters (a sign, DBL_MAX's digits, a point, 60 decimals).
    private static func printed(_ value: Double, digits: Int) -> String {
        var buffer = [CChar](repeating: 0, count: 400)
        let format = "%.\(min(max(digits, 0), 60))f"
        let count = buffer.withUnsafeMutableBufferPointer { pointer in
            withVaList([value]) { vsnprintf(pointer.baseAddress, pointer.count, format, $0) }
        }
        guard count > 0, Int(count) < buffer.count else { return String(value) }
        return String(decoding: buffer[..<Int(count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
