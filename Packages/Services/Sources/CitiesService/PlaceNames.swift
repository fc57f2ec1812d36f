import CoreKit
import Foundation
import Localization

extension City {
    /// Countries whose regions people write as codes after a town's name (`Paris, TX`).
    static let regionsWrittenAsCodes: Set<String> = ["US"]

    /// The region as a place's name shows it: the code in the United States (`TX`, `NY`), the name elsewhere
    /// (`Ontario`, `Ile-de-France`); nil when unknown.
    public var regionLabel: String? {
        guard let region else { return nil }
        if Self.regionsWrittenAsCodes.contains(country), let code = region.isoCode, code.allSatisfy(\.isLetter) {
            return code
        }
        return region.name
    }

    /// `Paris, Ile-de-France, FR`, `Paris, TX, US`, `Toronto, Ontario, CA`; `Africa, —` for a row with no country. Not
    /// made safe for a terminal.
    public var qualifiedName: String {
        [name, regionLabel, country.isEmpty ? "—" : country].compactMap { $0 }.joined(separator: ", ")
    }

    /// `2.1 M`, `662 k`, `850`; nil when unknown (or 0).
    public var populationLabel: String? {
        guard let population, population > 0 else { return nil }
        switch population {
        case 10_000_000...: return "\(Int((Double(population) / 1e6).rounded())) M"
        case 1_000_000...: return FixedDigits.decimal(Double(population) / 1e6, digits: 1) + " M"
        case 10_000...: return "\(Int((Double(population) / 1e3).rounded())) k"
        case 1_000...: return FixedDigits.decimal(Double(population) / 1e3, digits: 1) + " k"
        default: return "\(population)"
        }
    }

    /// The population in the user's language: CLDR's short form of the same rounding (`2,8 Mio.`, `280万`); English
    /// keeps SkyLens's own (`2.8 M`).
    public func populationLabel(_ words: Words) -> String? {
        guard words.language != .english else { return populationLabel }
        guard let population, population > 0 else { return nil }
        let rounded: Double =
            switch population {
            case 10_000_000...: (Double(population) / 1e6).rounded() * 1e6
            case 1_000_000...: (Double(population) / 1e5).rounded() * 1e5
            case 10_000...: (Double(population) / 1e3).rounded() * 1e3
            case 1_000...: (Double(population) / 1e2).rounded() * 1e2
            default: Double(population)
            }
        return words.compactNumber(rounded)
    }

    /// `listLabel` with the population in the user's language.
    public func listLabel(_ words: Words) -> String {
        var label = qualifiedName
        if let otherName { label += " (\(otherName))" }
        if let population = populationLabel(words) { label += " · \(population)" }
        return label
    }

    /// A place in a list: `Paris, Ile-de-France, FR · 2.1 M`, with the other name it was found by
    /// (`New York City, NY, US (NYC) · 8.8 M`). Not made safe for a terminal.
    public var listLabel: String {
        var label = qualifiedName
        if let otherName { label += " (\(otherName))" }
        if let populationLabel { label += " · \(populationLabel)" }
        return label
    }
}

extension City {
    /// `qualifiedName`, without the region when that does not fit in `columns` (`Sydney, AU`), cut with "…" when
    /// even that does not. Not made safe for a terminal.
    public func qualifiedName(fitting columns: Int) -> String {
        if DisplayWidth.columns(of: qualifiedName) <= columns { return qualifiedName }
        let short = "\(name), \(country.isEmpty ? "—" : country)"
        return DisplayWidth.truncated(short, toColumns: columns)
    }
}

extension City {
    /// `Also: San José, San Jose, CR #3621849`, safe for a terminal and cut to `columns`: the one line a view gives a
    /// runner-up that was nearly as likely meant.
    public func alsoLine(fitting columns: Int, words: Words = .english()) -> String {
        DisplayWidth.truncated(
            words("Also: %1$@ #%2$@", qualifiedName.terminalSafe, String(id)), toColumns: max(1, columns))
    }
}
