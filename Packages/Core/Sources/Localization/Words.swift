import CoreKit
import Foundation
import Synchronization

/// Where a feature's catalogue is read from, when a language first needs it: only that language's entries and
/// English's (a catalogue holds all fifteen), kept for the next command. Shared by every `Words` of the feature. An
/// unreadable or missing catalogue leaves the words in English (and says so in `problem`), it never stops a
/// command.
public final class StringCatalogSource: Sendable {
    private let load: @Sendable (_ languages: Set<String>?) throws -> StringCatalog
    /// The catalogue's JSON, for finding one key's entry without reading the rest; nil when there is none to read.
    private let bytes: (@Sendable () throws -> Data)?
    private let state = Mutex<[String: Result<StringCatalog, StringCatalogError>]>([:])
    /// English entries found one key at a time (key → language code → entry; empty when the key has no English
    /// entry), and the catalogue's bytes they are found in.
    private let english = Mutex<(entries: [String: [String: StringCatalog.Entry]], bytes: Data?)>(([:], nil))

    /// `load` reads the catalogue with the entries of the languages given (all of them when nil).
    public init(load: @escaping @Sendable (_ languages: Set<String>?) throws -> StringCatalog) {
        self.load = load
        bytes = nil
    }

    /// `bytes` are the catalogue's JSON, in which English's entries are found one key at a time.
    init(
        load: @escaping @Sendable (_ languages: Set<String>?) throws -> StringCatalog,
        bytes: @escaping @Sendable () throws -> Data
    ) {
        self.load = load
        self.bytes = bytes
    }

    /// The catalogue `Localizable.xcstrings` of a SwiftPM resource bundle beside the executable
    /// (`SkyFeature_SkyFeature`).
    public convenience init(bundle: String) {
        let bytes: @Sendable () throws -> Data = {
            guard let url = ResourceLocator.url(bundle: bundle, file: "Localizable.xcstrings") else {
                throw StringCatalogError(message: "\(bundle).resources/Localizable.xcstrings is missing")
            }
            // Mapped, not copied: English reads one entry of it (a 900 kB catalogue was a quarter of a millisecond of
            // a one-shot command, issue 30). Safe as the built-in city list is: resources are only ever replaced
            // whole (docs/benchmarks.md). Read when the file system cannot map it.
            return try (try? Data(contentsOf: url, options: .alwaysMapped)) ?? Data(contentsOf: url)
        }
        self.init(load: { languages in try StringCatalog(xcstrings: bytes(), languages: languages) }, bytes: bytes)
    }

    public static func fixed(_ catalogue: StringCatalog) -> StringCatalogSource {
        StringCatalogSource { _ in catalogue }
    }

    /// The entries of `language` and of English, read once.
    public func catalogue(for language: Language) -> StringCatalog {
        cached(language.code, [language.code, Language.english.code])
    }

    /// Every language (for tools and tests).
    public var catalogue: StringCatalog { cached("*", nil) }

    /// A catalogue that holds at least `key`'s English entry, for English's plural forms (the only thing English
    /// reads from a catalogue: its plain texts are the keys). The entry is found in the catalogue's bytes by its
    /// name, without reading the other entries (issue 30: an English command read the map's 519 kB catalogue, 0.8 ms,
    /// for "2 matches"); the catalogue is read as usual when it is already, or when the name is not found so.
    func english(_ key: String) -> StringCatalog {
        let code = Language.english.code
        if let read = state.withLock({ try? $0[code]?.get() }) { return read }
        if let bytes {
            let found = english.withLock { english -> [String: StringCatalog.Entry]? in
                if let known = english.entries[key] { return known }
                guard let data = english.bytes ?? (try? bytes()) else { return nil }
                english.bytes = data
                guard let entry = CatalogueReader.entry(of: key, in: data, languages: [code]) else { return nil }
                english.entries[key] = entry
                return entry
            }
            if let found {
                return StringCatalog(comments: [:], entries: [key: found])
            }
        }
        return catalogue(for: .english)
    }

    private func cached(_ name: String, _ languages: Set<String>?) -> StringCatalog {
        state.withLock { state in
            if state[name] == nil {
                do { state[name] = .success(try load(languages)) } catch let error as StringCatalogError {
                    state[name] = .failure(error)
                } catch {
                    state[name] = .failure(StringCatalogError(message: "\(error)"))
                }
            }
            return (try? state[name]?.get()) ?? StringCatalog(comments: [:], entries: [:])
        }
    }

    /// Why the catalogue could not be read; nil when it was, or was not needed yet.
    public var problem: String? {
        state.withLock { state in
            for result in state.values { if case .failure(let error) = result { return error.message } }
            return nil
        }
    }
}

/// A feature's words in one language: `words("Sunrise")`, `words("%@ lit", percent)`,
/// `words.count("%lld days", 3)`. The key is the English text; a translation may reorder its values (`%2$@`).
/// Untranslated keys are said in English.
public struct Words: Sendable {
    public let language: Language
    private let source: StringCatalogSource?

    public init(_ source: StringCatalogSource, language: Language) {
        self.source = source
        self.language = language
    }

    /// English straight from the keys (and plural keys' `one` form by English's rule), reading no catalogue:
    /// for tests and for what has no catalogue.
    public static func english() -> Words { Words(source: nil, language: .english) }

    private init(source: StringCatalogSource?, language: Language) {
        self.source = source
        self.language = language
    }

    public var locale: Locale { language.locale }

    /// The same words in another language.
    public func `in`(_ language: Language) -> Words { Words(source: source, language: language) }

    /// The text of `key` with its values in place of `%@` (in order, or `%1$@` by position).
    public func callAsFunction(_ key: String, _ values: String...) -> String {
        let template =
            language == .english || source == nil ? key : source!.catalogue(for: language).text(key, in: language)
        return Self.format(template, values)
    }

    /// The form of `key` for `count` (`%lld` is the count, written by the language's digits), other values after it
    /// (`%2$@`).
    public func count(_ key: String, _ count: Int, _ values: String...) -> String {
        let template: String
        if let source {
            let catalogue = language == .english ? source.english(key) : source.catalogue(for: language)
            template = catalogue.plural(key, count: count, in: language)
        } else {
            template = key
        }
        return Self.format(template, [number(count)] + values)
    }

    /// A sentence made elsewhere (a service's error), said in this language from its own catalogue (the bundle it
    /// names, read for this call: errors are rare), its values in this language's digits, the sentences inside it
    /// likewise. English, or a catalogue that cannot be read, says the English.
    public func callAsFunction(_ sentence: Sentence) -> String {
        var sources: [String: StringCatalogSource] = [:]
        return say(sentence, sources: &sources)
    }

    private func say(_ sentence: Sentence, sources: inout [String: StringCatalogSource]) -> String {
        guard let table = sentence.table else {
            if case .text(let text)? = sentence.values.first { return text }
            return sentence.english
        }
        var values: [String] = []
        for value in sentence.values {
            switch value {
            case .text(let text): values.append(text)
            case .sentence(let inner): values.append(say(inner, sources: &sources))
            case .number(let number): values.append(self.number(number))
            case .decimal(let number, let digits): values.append(self.number(number, digits: digits))
            }
        }
        let template: String
        if language == .english {
            template = sentence.key
        } else {
            let source = sources[table.bundle] ?? StringCatalogSource(bundle: table.bundle)
            sources[table.bundle] = source
            template = source.catalogue(for: language).text(sentence.key, in: language)
        }
        return Self.format(template, values)
    }

    /// Between the parts of a list or a sentence: ", "; "、" in Japanese, "，" in Chinese, "، " in Arabic.
    public var comma: String {
        switch language.code {
        case "ja": "、"
        case "zh-Hans": "，"
        case "ar": "، "
        default: ", "
        }
    }

    /// Between the clauses of a sentence: "; "; "、" in Japanese, "；" in Chinese, "؛ " in Arabic.
    public var semicolon: String {
        switch language.code {
        case "ja": "、"
        case "zh-Hans": "；"
        case "ar": "؛ "
        default: "; "
        }
    }

    /// Between two sentences: a space, none in Chinese and Japanese (their full stop holds its own).
    public var sentenceSpace: String { ["ja", "zh-Hans"].contains(language.code) ? "" : " " }

    /// A whole number in the language's digits and grouping.
    public func number(_ value: Int) -> String {
        if writesByHand { return Self.englishNumber(value) }
        return Self.withoutBidiMarks(value.formatted(.number.locale(locale)))
    }

    /// The language's decimal sign ("," in German): CLDR's, through Foundation's locale, except for SkyLens's own
    /// English, whose numbers are written without ICU (above) and whose sign is the one they use, so that an English
    /// command does not load ICU's number data for it (a third of a millisecond of `map`, issue 30). The same sign as
    /// the locale's for every language (`EnglishNumbersTests`).
    public var decimalSign: String {
        if writesByHand { return "." }
        return locale.decimalSeparator ?? "."
    }

    /// A number with `digits` decimals, in the language's digits and decimal sign ("3,5" in German).
    public func number(_ value: Double, digits: Int) -> String {
        if writesByHand, let english = Self.englishNumber(value, digits: digits) { return english }
        return Self.withoutBidiMarks(value.formatted(.number.precision(.fractionLength(digits)).locale(locale)))
    }

    /// English as SkyLens's own English writes it (en_GB's conventions): numbers, the clock and dates written without
    /// ICU's data, each tested equal to ICU's text. Not English of another region (`LANG=en_US.UTF-8`: `7:42 AM`, or
    /// en_IN's grouping of numbers), which ICU writes.
    var writesByHand: Bool { language == .english && language.localeIdentifier == Language.english.localeIdentifier }

    /// English's numbers as CLDR writes them (`-12,345`, `3.5`), without ICU: a one-shot command in English that
    /// shows a number would otherwise load ICU's number data for it (about a millisecond of a 25 ms start). The
    /// same text as ICU's for every value (`EnglishNumbersTests`).
    static func englishNumber(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        grouped.reserveCapacity(digits.utf8.count + digits.utf8.count / 3 + 1)
        if value < 0 { grouped.append("-") }
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.utf8.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return grouped
    }

    /// Nil where the fast way could differ from ICU's (not finite, 10^15 or more, more than 6 decimals, a value Swift
    /// writes with an exponent). ICU rounds the shortest decimal that reads back as the value (`0.05`, not the
    /// binary 0.05000000000000000277), half to even: so does this.
    static func englishNumber(_ value: Double, digits: Int) -> String? {
        guard value.isFinite, value.magnitude < 1e15, (0...6).contains(digits) else { return nil }
        let shortest = "\(value.magnitude)"
        guard !shortest.contains("e") else { return nil }
        let parts = shortest.split(separator: ".", omittingEmptySubsequences: false)
        let zero = UInt8(ascii: "0")
        var whole = Array(parts[0].utf8)
        var fraction = parts.count > 1 ? Array(parts[1].utf8) : []
        if fraction.count > digits {
            let next = fraction[digits]
            let beyond = fraction[(digits + 1)...].contains { $0 != zero }
            fraction.removeSubrange(digits...)
            let last = fraction.last ?? whole.last ?? zero
            let up = next > UInt8(ascii: "5") || (next == UInt8(ascii: "5") && (beyond || (last - zero) % 2 == 1))
            if up {
                var number = whole + fraction
                var index = number.count - 1
                while index >= 0 {
                    if number[index] == UInt8(ascii: "9") {
                        number[index] = zero
                        index -= 1
                    } else {
                        number[index] += 1
                        break
                    }
                }
                if index < 0 { number.insert(UInt8(ascii: "1"), at: 0) }
                whole = Array(number[..<(number.count - fraction.count)])
                fraction = Array(number[(number.count - fraction.count)...])
            }
        } else {
            fraction += [UInt8](repeating: zero, count: digits - fraction.count)
        }
        guard let integer = Int(String(decoding: whole, as: UTF8.self)) else { return nil }
        let sign = value.sign == .minus ? "-" : ""
        return sign + englishNumber(integer) + (digits > 0 ? "." + String(decoding: fraction, as: UTF8.self) : "")
    }

    /// A number in the language's short form (CLDR's compact notation), already rounded by the caller: `2,8 Mio.`,
    /// `280万`, `38 тыс.`, `105 k`.
    public func compactNumber(_ value: Double) -> String {
        Self.withoutBidiMarks(
            value.formatted(.number.notation(.compactName).precision(.significantDigits(1...3)).locale(locale)))
    }

    /// CLDR's formats put invisible direction marks in some languages' numbers and dates (Arabic's minus sign is
    /// preceded by U+061C, its dates hold U+200F): SkyLens writes its text in logical order and leaves the layout
    /// to the terminal, whose sanitising would otherwise show them as `�`.
    static func withoutBidiMarks(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { Self.bidiMarks.contains($0.value) }) else { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.filter { !Self.bidiMarks.contains($0.value) })
        return String(scalars)
    }

    static let bidiMarks: Set<UInt32> = [
        0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
    ]

    /// Replaces `%@`, `%lld`, `%d` (each the next value, or `%N$…` the Nth) and `%%` in `template`. A placeholder
    /// without a value is left out.
    public static func format(_ template: String, _ values: [String]) -> String {
        Placeholder.fill(template, values)
    }
}
