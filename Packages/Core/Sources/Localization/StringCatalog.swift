import Foundation

/// A feature's words in every language: a String Catalog (`Localizable.xcstrings`, the JSON Xcode and translators'
/// tools read and write), keyed by the English text. Read once, when first asked in a language other than English's
/// plain strings.
public struct StringCatalog: Sendable {
    /// One key's translations: a plain text, or a text per plural category.
    public enum Entry: Sendable, Equatable {
        case text(String, translated: Bool)
        case plural([PluralCategory: String], translated: Bool)

        public var isTranslated: Bool {
            switch self {
            case .text(_, let translated), .plural(_, let translated): translated
            }
        }
    }

    public let sourceLanguage: String
    /// Every key, with its comment for translators.
    public let comments: [String: String]
    /// key → language code → entry.
    public let entries: [String: [String: Entry]]

    public init(sourceLanguage: String = "en", comments: [String: String], entries: [String: [String: Entry]]) {
        self.sourceLanguage = sourceLanguage
        self.comments = comments
        self.entries = entries
    }

    /// Reads a String Catalog's JSON: every language, or only `languages` (what a command needs: its language
    /// and English). Throws on anything that is not one (a key whose translation has neither a `stringUnit` nor
    /// plural `variations`).
    public init(xcstrings data: Data, languages: Set<String>? = nil) throws(StringCatalogError) {
        self = try CatalogueReader.read(data, languages: languages)
    }

    /// The catalogue as a String Catalog's JSON, keys sorted (as Xcode writes it), for tools that add keys.
    public func xcstrings() -> Data {
        func unit(_ text: String, _ translated: Bool) -> [String: Any] {
            ["stringUnit": ["state": translated ? "translated" : "new", "value": text]]
        }
        var strings: [String: Any] = [:]
        for (key, languages) in entries {
            var localizations: [String: Any] = [:]
            for (code, entry) in languages {
                switch entry {
                case .text(let text, let translated): localizations[code] = unit(text, translated)
                case .plural(let forms, let translated):
                    var plural: [String: Any] = [:]
                    for (category, text) in forms { plural[category.rawValue] = unit(text, translated) }
                    localizations[code] = ["variations": ["plural": plural]]
                }
            }
            var string: [String: Any] = ["localizations": localizations]
            if let comment = comments[key] { string["comment"] = comment }
            strings[key] = string
        }
        let root: [String: Any] = ["sourceLanguage": sourceLanguage, "strings": strings, "version": "1.0"]
        return (try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])) ?? Data()
    }

    /// The text of `key` in `language`, falling back to English (the key itself) when it has no translation.
    func text(_ key: String, in language: Language) -> String {
        switch entries[key]?[language.code] {
        case .text(let text, true)?: text
        case .plural(let forms, true)?: forms[.other] ?? key
        default: key
        }
    }

    /// The form of `key` for `count` in `language`; English's forms when it has no translation; the key when
    /// English has none.
    func plural(_ key: String, count: Int, in language: Language) -> String {
        if case .plural(let forms, true)? = entries[key]?[language.code],
            let form = forms[language.pluralCategory(count)] ?? forms[.other]
        {
            return form
        }
        if language != .english { return plural(key, count: count, in: .english) }
        if case .plural(let forms, _)? = entries[key]?[Language.english.code] {
            return forms[Language.english.pluralCategory(count)] ?? key
        }
        return key
    }
}

public struct StringCatalogError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
