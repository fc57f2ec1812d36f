import CoreKit
import Foundation

/// A language SkyLens speaks: its code (BCP 47, what `--lang` takes), its names, the locale Foundation formats its
/// dates and numbers with (CLDR), its direction, its plural rule, and a note on the translation.
public struct Language: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// `en`, `de`, `pt-BR`, `zh-Hans`: what `--lang`, `SKYLENS_LANG`, `lang:` and the `lang` command take.
    public let code: String
    public let englishName: String
    /// The language's name in itself: "Deutsch", "日本語".
    public let nativeName: String
    /// The locale of its dates, times and numbers: Arabic is written with Latin digits (`ar-u-nu-latn`), as most
    /// Arabic weather services and phones show temperatures; its words stay right to left.
    public let localeIdentifier: String
    /// Written right to left: SkyLens writes its text in logical order and leaves the display to the terminal.
    public let isRightToLeft: Bool
    /// Who wrote the translation and how: shown by `about`.
    public let note: String
    package let plural: PluralRule

    public var id: String { code }
    public var description: String { code }
    public var locale: Locale { Locale(identifier: localeIdentifier) }

    init(
        _ code: String, _ englishName: String, _ nativeName: String, locale: String, plural: PluralRule,
        rightToLeft: Bool = false, note: String
    ) {
        self.code = code
        self.englishName = englishName
        self.nativeName = nativeName
        self.localeIdentifier = locale
        self.plural = plural
        self.isRightToLeft = rightToLeft
        self.note = note
    }

    /// The CLDR plural category of a whole number in this language.
    public func pluralCategory(_ count: Int) -> PluralCategory { plural.category(count) }

    /// Whether `category` holds a single whole number (German's `one` is 1 alone; French's is 0 and 1, Russian's 1,
    /// 21, 31…): only then may a translation say the number in words. Counted over 0…1000, where every rule shows
    /// its pattern.
    public func categoryHoldsOneNumber(_ category: PluralCategory) -> Bool {
        (0...1_000).lazy.filter { plural.category($0) == category }.prefix(2).count == 1
    }

    /// The categories this language's translations of a count must give (CLDR, for whole numbers and `other`).
    public var pluralCategories: [PluralCategory] { plural.categories }

    public static func == (lhs: Language, rhs: Language) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}

extension Language {
    static let draft =
        "Drafted for SkyLens from its English, in the terms of the platform's own weather apps; not yet read by a "
        + "native speaker: corrections welcome (docs/languages.md)."

    public static let english = Language(
        "en", "English", "English", locale: "en_GB", plural: .oneOther, note: "The source language.")

    /// Every language SkyLens speaks, English first, the rest by code.
    public static let all: [Language] = [
        english,
        Language("ar", "Arabic", "العربية", locale: "ar-u-nu-latn", plural: .arabic, rightToLeft: true, note: draft),
        Language("de", "German", "Deutsch", locale: "de_DE", plural: .oneOther, note: draft),
        Language("es", "Spanish", "Español", locale: "es_ES", plural: .romance, note: draft),
        Language("fr", "French", "Français", locale: "fr_FR", plural: .french, note: draft),
        Language("it", "Italian", "Italiano", locale: "it_IT", plural: .romance, note: draft),
        Language("ja", "Japanese", "日本語", locale: "ja_JP", plural: .otherOnly, note: draft),
        Language("ko", "Korean", "한국어", locale: "ko_KR", plural: .otherOnly, note: draft),
        Language("nl", "Dutch", "Nederlands", locale: "nl_NL", plural: .oneOther, note: draft),
        Language("pl", "Polish", "Polski", locale: "pl_PL", plural: .polish, note: draft),
        Language(
            "pt-BR", "Portuguese (Brazil)", "Português (Brasil)", locale: "pt_BR", plural: .portuguese, note: draft),
        Language("ru", "Russian", "Русский", locale: "ru_RU", plural: .eastSlavic, note: draft),
        Language("tr", "Turkish", "Türkçe", locale: "tr_TR", plural: .oneOther, note: draft),
        Language("uk", "Ukrainian", "Українська", locale: "uk_UA", plural: .eastSlavic, note: draft),
        Language("zh-Hans", "Chinese (Simplified)", "简体中文", locale: "zh_Hans_CN", plural: .otherOnly, note: draft),
    ]

    /// The language a code names: `de`, `DE`, `de-DE`, `de_DE.UTF-8`, `de_DE@euro`, `pt_BR`, `pt` (Brazil's),
    /// `zh_CN`, `zh-Hans-CN`. Nil for a language SkyLens does not speak, for `zh_TW` (Traditional Chinese is not
    /// Simplified) and for an empty code.
    public static func named(_ code: String) -> Language? {
        var text = code.trimmingSpaces
        if let cut = text.firstIndex(where: { $0 == "." || $0 == "@" }) { text = String(text[..<cut]) }
        var parts = text.replacingEvery("_", with: "-").lowercased().split(separator: "-").map(String.init)
        // A BCP 47 extension (`-u-hc-h12`, `-x-…`) is not a region or a script: what follows its singleton is left.
        if let singleton = parts.dropFirst().firstIndex(where: { $0.count == 1 }) { parts = Array(parts[..<singleton]) }
        guard let first = parts.first, !first.isEmpty else { return nil }
        let rest = Set(parts.dropFirst())
        // The region, when the code names one (`en_US`, `de-AT`): its dates, times and numbers follow it.
        let region = parts.dropFirst().first { $0.count == 2 && $0.allSatisfy(\.isLetter) }?.uppercased()
        guard let language = base(first, rest) else { return nil }
        guard let region, first != "zh" else { return language }
        return language.formatting(region: region)
    }

    /// The same language, its dates and numbers written as in `region` (Arabic keeps Latin digits).
    func formatting(region: String) -> Language {
        let language =
            localeIdentifier.split(separator: "-").first.map(String.init)?.split(separator: "_").first
            .map(String.init) ?? code
        return Language(
            code, englishName, nativeName,
            locale: "\(language)_\(region)" + (code == "ar" ? "@numbers=latn" : ""), plural: plural,
            rightToLeft: isRightToLeft, note: note)
    }

    private static func base(_ first: String, _ rest: Set<String>) -> Language? {
        switch first {
        case "zh":
            // Traditional characters are not written; a script named wins over a region (`zh-Hans-TW` is Simplified).
            if rest.contains("hant") { return nil }
            if !rest.contains("hans"), rest.contains("tw") || rest.contains("hk") || rest.contains("mo") { return nil }
            return all.first { $0.code == "zh-Hans" }
        case "pt":
            // Only Brazil's Portuguese is written; Portugal's reads it, with a few words it would put otherwise.
            return all.first { $0.code == "pt-BR" }
        default:
            return all.first { $0.code.lowercased() == first }
        }
    }

    /// The codes `--lang` takes, for a usage error and help: "ar, de, en, …".
    public static var codes: String { all.map(\.code).sorted().joined(separator: ", ") }
}

/// Where the language came from, in the order that decides it.
public enum LanguageChoice: Sendable, Equatable {
    case option(String)
    case environment(String)
    case configuration(String)
    case session(String)

    /// The language SkyLens speaks, chosen in this order: `--lang`, `SKYLENS_LANG`, `lang:` in the config file (or
    /// the one kept by the `lang` command), then the POSIX locale variables `LC_ALL`, `LC_MESSAGES`, `LANG` (the
    /// first that is set and not empty decides; `C` and `POSIX` are English; a language SkyLens does not speak is
    /// English too). A code given explicitly that SkyLens does not know is an error naming it and its source.
    public static func resolve(
        option: String?, environment: [String: String], configured: String?
    ) -> Result<Language, UnknownLanguage> {
        let explicit: [(String?, String)] = [
            (option, "--lang"), (environment["SKYLENS_LANG"], "SKYLENS_LANG"), (configured, "lang"),
        ]
        for (value, source) in explicit {
            guard let value, !value.trimmingSpaces.isEmpty else { continue }
            guard let language = Language.named(value) else {
                return .failure(UnknownLanguage(code: value, source: source))
            }
            return .success(language)
        }
        return .success(fromLocale(environment))
    }

    /// The language of the POSIX locale variables alone.
    public static func fromLocale(_ environment: [String: String]) -> Language {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            if value == "C" || value == "POSIX" || value.hasPrefix("C.") { return .english }
            return Language.named(value) ?? .english
        }
        return .english
    }
}

/// A language code SkyLens does not speak, given by `source` (`--lang`, `SKYLENS_LANG`, `lang`).
public struct UnknownLanguage: Error, Sendable, Equatable {
    public let code: String
    public let source: String

    public init(code: String, source: String) {
        self.code = code
        self.source = source
    }
}
