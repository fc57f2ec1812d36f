import CoreKit
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

/// A search as typed: a prefix, and optionally what narrows it after commas: `paris, us` (a country), `paris,
/// texas` or `london, on` (a region's name or code), `Paris, TX, US` (a region, then the country). `NAME, XX` with two
/// letters is the country or a region so named, whichever fits (`paris, ca`: Canada's Parises and California's).
/// Whether a region exists is the catalogue's to say: a query whose region names none is a plain prefix with its
/// commas (`Washington, D.C.`).
public struct CityQuery: Sendable, Equatable {
    public enum Order: Sendable, Equatable {
        /// Name, then country, then the more populous: the list's own order.
        case name
        /// The same matches, the most important first (`PlaceRanking.importance`: people, a capital, a town).
        case population
    }

    /// The folded prefix (leading and trailing spaces removed).
    public var prefix: String
    /// An upper-case ISO 3166 alpha-2 code, when the query ended in `, CC`.
    public var country: String?
    /// What was typed for the region (`texas`, `TX`, `Île-de-France`), when the query names one.
    public var region: String?
    /// True for `NAME, XX`: `country` and `region` are the same two letters, and either may fit.
    public var countryOrRegion: Bool
    /// The whole query folded, commas and all: what is searched when the region names none.
    public var whole: String
    public var order: Order

    public init(
        prefix: String, country: String? = nil, region: String? = nil, countryOrRegion: Bool = false,
        whole: String? = nil, order: Order = .name
    ) {
        self.prefix = prefix
        self.country = country
        self.region = region
        self.countryOrRegion = countryOrRegion
        self.whole = whole ?? prefix
        self.order = order
    }

    /// `"  Paris, us "` → prefix `paris`, country `US` (or a region `us`); `"Paris, TX, US"` → prefix `paris`, region
    /// `TX`, country `US`; `"paris, texas"` → prefix `paris`, region `texas`.
    public init(parsing text: String, order: Order = .name) {
        // Fast path: plain ASCII without a comma or outer spaces (what people type, and the benchmark).
        let utf8 = text.utf8
        func isBlank(_ byte: UInt8?) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte ?? 0) }
        if utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: ",") }), !isBlank(utf8.first), !isBlank(utf8.last) {
            self.init(prefix: NameFolding.fold(text), order: order)
            return
        }
        let trimmed = text.trimmingSpacesAndNewlines
        let whole = NameFolding.fold(trimmed)
        var parts = trimmed.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingSpaces
        }
        func isCode(_ part: String) -> Bool { part.count == 2 && part.allSatisfy { $0.isASCII && $0.isLetter } }
        guard parts.count >= 2, let last = parts.last, !last.isEmpty else {
            self.init(prefix: whole, order: order)
            return
        }
        if parts.count >= 3, isCode(last), !parts[parts.count - 2].isEmpty {
            let region = parts[parts.count - 2]
            parts.removeLast(2)
            self.init(
                prefix: NameFolding.fold(parts.joined(separator: ",")).trimmingSpaces,
                country: last.uppercased(), region: region, whole: whole, order: order)
            return
        }
        parts.removeLast()
        let name = NameFolding.fold(parts.joined(separator: ",")).trimmingSpaces
        if isCode(last) {
            // `UK`, reserved in ISO 3166 for the United Kingdom, is how people write GB.
            let code = last.uppercased() == "UK" ? "GB" : last.uppercased()
            self.init(
                prefix: name, country: code, region: last, countryOrRegion: true, whole: whole, order: order)
        } else {
            self.init(prefix: name, region: last, whole: whole, order: order)
        }
    }
}
