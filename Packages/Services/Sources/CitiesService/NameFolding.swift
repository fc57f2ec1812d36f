import Foundation

/// How names are compared in search: lower-case, then Unicode canonical decomposition (NFD), then without
/// non-spacing marks (general category Mn). `São Paulo` folds to `sao paulo`, `Ål` to `al`.
public enum NameFolding {
    public static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII: lower-casing is all there is to do (most of the list, and the common query).
            return String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
        }
        var scalars = String.UnicodeScalarView()
        for scalar in text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars
        where scalar.properties.generalCategory != .nonspacingMark {
            scalars.append(scalar)
        }
        return String(scalars)
    }
}

/// A search as typed: a prefix, and optionally a country after the last comma (`paris, us`).
public struct CityQuery: Sendable, Equatable {
    /// The folded prefix (leading and trailing spaces removed).
    public var prefix: String
    /// An upper-case ISO 3166 alpha-2 code, when the query ended in `, CC`.
    public var country: String?

    public init(prefix: String, country: String? = nil) {
        self.prefix = prefix
        self.country = country
    }

    /// `"  Paris, us "` → prefix `paris`, country `US`; `"Washington, D.C."` stays a plain prefix.
    public init(parsing text: String) {
        // Fast path: plain ASCII without a comma or outer spaces (what people type, and the benchmark).
        let utf8 = text.utf8
        func isBlank(_ byte: UInt8?) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte ?? 0) }
        if utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: ",") }), !isBlank(utf8.first), !isBlank(utf8.last) {
            self.init(prefix: NameFolding.fold(text))
            return
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let comma = trimmed.lastIndex(of: ",") {
            let code = trimmed[trimmed.index(after: comma)...].trimmingCharacters(in: .whitespaces)
            if code.count == 2, code.allSatisfy({ $0.isASCII && $0.isLetter }) {
                let name = trimmed[..<comma].trimmingCharacters(in: .whitespaces)
                self.init(prefix: NameFolding.fold(name), country: code.uppercased())
                return
            }
        }
        self.init(prefix: NameFolding.fold(trimmed))
    }
}
