import CoreKit
import Foundation
import Localization

/// Countries' names in one language, as people call them: the ISO 3166 short names of Debian's iso-codes, with the
/// common name where the formal one differs (`Südkorea`, not `Korea, Republik`) from a reviewed table
/// (`scripts/country-names-common.tsv`, `make country-names`), never a name that takes a side in a dispute. English
/// is `Countries`' own (`countries.csv`).
public struct CountryNames: Sendable {
    public let language: Language
    private let byCode: [String: String]

    /// The names of `language` in `tsv` (`iso<TAB>lang<TAB>name`, a header line first); other languages' lines are
    /// skipped without being split.
    public init(tsv: String, language: Language) { self.init(data: Data(tsv.utf8), language: language) }

    /// The names of `language` in the table's bytes.
    init(data: Data, language: Language) {
        self.language = language
        var byCode: [String: String] = [:]
        for row in LanguageTable.rows(data, language: language.code) where row.key.utf8.count == 2 {
            byCode[row.key] = row.name
        }
        self.byCode = byCode
    }

    /// The names that ship with the module, for `language` (none for English, or when the file is missing).
    public static func builtIn(_ language: Language) -> CountryNames {
        guard language != .english, let url = CitiesResources.countryNames,
            let data = try? Data(contentsOf: url, options: .mappedIfSafe)
        else { return CountryNames(tsv: "", language: language) }
        return CountryNames(data: data, language: language)
    }

    /// The country's name in the language; nil when the table has none (say the English name then).
    public func name(_ code: String) -> String? { byCode[code.uppercased()] }

    /// How many countries have a name.
    public var count: Int { byCode.count }
}
