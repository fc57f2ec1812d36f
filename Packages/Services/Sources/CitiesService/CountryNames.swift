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
    public init(tsv: String, language: Language) {
        self.language = language
        var byCode: [String: String] = [:]
        let marker = "\t" + language.code + "\t"
        for line in tsv.split(separator: "\n") where line.contains(marker) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3, fields[0].count == 2, fields[1] == language.code else { continue }
            let name = TerminalText.sanitize(String(fields[2]))
            if !name.isEmpty { byCode[String(fields[0])] = name }
        }
        self.byCode = byCode
    }

    /// The names that ship with the module, for `language` (none for English, or when the file is missing).
    public static func builtIn(_ language: Language) -> CountryNames {
        guard language != .english, let url = CitiesResources.countryNames,
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return CountryNames(tsv: "", language: language) }
        return CountryNames(tsv: text, language: language)
    }

    /// The country's name in the language; nil when the table has none (say the English name then).
    public func name(_ code: String) -> String? { byCode[code.uppercased()] }

    /// How many countries have a name.
    public var count: Int { byCode.count }
}
