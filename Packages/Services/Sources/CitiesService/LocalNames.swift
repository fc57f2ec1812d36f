import CoreKit
import Foundation
import Localization

/// Places' own names in one language's words or script, where the city list's other names have them: Tokyo is 東京
/// in Japanese, Москва is Moscow in Russian, Wien is Vienna in German. Which of a place's other names belongs to which
/// language comes from CLDR's names of the time zones' cities (`scripts/place-names.py`, `make place-names`): a few
/// hundred of the world's largest cities; every other place keeps its name as listed.
public struct LocalNames: Sendable {
    public let language: Language
    private let byID: [Int: String]

    /// The names of `language` in `tsv` (`id<TAB>lang<TAB>name`, a header line first).
    public init(tsv: String, language: Language) { self.init(data: Data(tsv.utf8), language: language) }

    /// The names of `language` in the table's bytes.
    init(data: Data, language: Language) {
        self.language = language
        var byID: [Int: String] = [:]
        for row in LanguageTable.rows(data, language: language.code) {
            if let id = Int(row.key) { byID[id] = row.name }
        }
        self.byID = byID
    }

    /// The names that ship with the module, for `language` (none for English, or when the file is missing).
    public static func builtIn(_ language: Language) -> LocalNames {
        guard language != .english, let url = CitiesResources.placeNames,
            let data = try? Data(contentsOf: url, options: .mappedIfSafe)
        else { return LocalNames(data: Data(), language: language) }
        return LocalNames(data: data, language: language)
    }

    /// The place's name in the language, if it has one of its own.
    public func name(_ id: Int?) -> String? { id.flatMap { byID[$0] } }

    /// How many places have a name.
    public var count: Int { byID.count }
}

extension Place {
    /// The place with its name in the language where it has one (`東京, JP`); otherwise as it is.
    public func named(in names: LocalNames) -> Place {
        guard let local = names.name(id) else { return self }
        var place = self
        place.name = local
        return place
    }
}

extension City {
    /// The city with its name in the language where it has one; otherwise as it is.
    public func named(in names: LocalNames) -> City {
        guard let local = names.name(id) else { return self }
        var city = self
        city.name = local
        return city
    }
}
