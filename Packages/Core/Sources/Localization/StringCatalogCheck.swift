import CoreKit
import Foundation

/// What a feature's tests check of its catalogue: every key translated into every language, each plural with the
/// language's CLDR categories, each translation with the English text's placeholders, and every key the sources
/// use present (and none left that no source uses).
public enum StringCatalogCheck {
    /// Each problem in words: "[de] "Sunrise": not translated".
    public static func problems(_ catalogue: StringCatalog, languages: [Language] = Language.all) -> [String] {
        var problems: [String] = []
        for key in catalogue.entries.keys.sorted() {
            let english = Placeholder.all(in: key).map { "\($0.position)\($0.kind)" }.sorted()
            for language in languages where language != .english {
                let quoted = "[\(language.code)] \"\(key)\""
                switch catalogue.entries[key]?[language.code] {
                case nil:
                    problems.append("\(quoted): no translation")
                case .text(let text, let translated)?:
                    if !translated { problems.append("\(quoted): not marked translated") }
                    let found = Placeholder.all(in: text).map { "\($0.position)\($0.kind)" }.sorted()
                    if found != english {
                        problems.append("\(quoted): placeholders \(found) differ from English's \(english)")
                    }
                case .plural(let forms, let translated)?:
                    if !translated { problems.append("\(quoted): not marked translated") }
                    let wanted = Set(language.pluralCategories), given = Set(forms.keys)
                    if wanted != given {
                        problems.append(
                            "\(quoted): plural forms \(given.map(\.rawValue).sorted()) but CLDR's are "
                                + "\(wanted.map(\.rawValue).sorted())")
                    }
                    for (category, text) in forms {
                        let found = Placeholder.all(in: text).map { "\($0.position)\($0.kind)" }.sorted()
                        // A form for exactly one number may say it in words ("يوم واحد", "ein Tag"); French's
                        // and Portuguese's `one` also holds 0, Russian's 21 and 31: those must show the count.
                        let withoutCount = english.filter { $0 != "1d" }
                        let allowed =
                            language.categoryHoldsOneNumber(category) ? [english, withoutCount] : [english]
                        if !allowed.contains(found) {
                            problems.append(
                                "\(quoted) (\(category.rawValue)): placeholders \(found) differ from English's \(english)"
                            )
                        }
                    }
                }
            }
            if case .plural(let forms, _)? = catalogue.entries[key]?["en"], Set(forms.keys) != [.one, .other] {
                problems.append("[en] \"\(key)\": plural forms must be one and other")
            }
        }
        return problems
    }

    /// The English of `catalogue` that `text` (a view written in `language`) still shows: each key's pieces between
    /// placeholders (of at least two words, or one of eight letters or more) that its translation does not itself
    /// contain. Empty when every word the catalogue knows was translated.
    public static func untranslated(in text: String, catalogue: StringCatalog, language: Language) -> [String] {
        guard language != .english else { return [] }
        var found: Set<String> = []
        for (key, languages) in catalogue.entries {
            let translation: String
            switch languages[language.code] {
            case .text(let value, _)?: translation = value
            case .plural(let forms, _)?: translation = forms.values.joined(separator: "\n")
            case nil: translation = ""
            }
            for piece in key.split(separator: /%(\d+\$)?(@|lld|d)|%%/) {
                let trimmed = piece.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
                let letters = trimmed.filter(\.isLetter).count
                guard trimmed.contains(" ") ? letters >= 4 : letters >= 8 else { continue }
                if text.contains(trimmed), !translation.contains(trimmed) { found.insert(trimmed) }
            }
        }
        return found.sorted()
    }

    /// What a package's catalogue test checks, in one call: the catalogue at `Resources/Localizable.xcstrings` under
    /// `sources` (a target's source folder), its `problems` in every language, and the keys the sources use that it
    /// lacks.
    /// `others`: more targets' sources whose sentences this catalogue holds (Core's are all in CoreKit's).
    public static func verify(sourcesAt sources: URL, alsoAt others: [URL] = []) throws -> Verdict {
        let catalogue = try StringCatalog(
            xcstrings: Data(contentsOf: sources.appendingPathComponent("Resources/Localizable.xcstrings")))
        let used = ([sources] + others).reduce(into: Set<String>()) { $0.formUnion(keysUsed(inSourcesAt: $1)) }
        return Verdict(
            catalogue: catalogue, problems: problems(catalogue),
            missing: used.subtracting(catalogue.entries.keys).sorted(),
            used: used.count)
    }

    /// A catalogue as `verify` found it.
    public struct Verdict: Sendable {
        public let catalogue: StringCatalog
        /// "[de] "Sunrise": not translated", … (empty: every language complete, with the English placeholders).
        public let problems: [String]
        /// Keys the sources use that the catalogue lacks.
        public let missing: [String]
        /// How many keys the sources use.
        public let used: Int
    }

    /// The keys written in the Swift files under `directory`: the English of `words("…")` and `words.count("…"`
    /// calls, of a command declaration's `summary:`, `discussion:` and argument `help:`, of a plugin's `name`, and of
    /// an `Attribution`'s name, `detail:` and `licence:`, and of a `Sentence("…"` (an error's words) — what the shell and the views say through a catalogue (one
    /// literal per place: a key is never built at run time; an interpolated literal is not a key).
    public static func keysUsed(inSourcesAt directory: URL) -> Set<String> {
        let pattern =
            #/(?:words\(\w+\)\(|words(?:\.count)?\(|\b(?:summary|discussion|help|detail|licence):|var name: String \{|\bAttribution\(|\bSentence\()\s*/#
        var keys: Set<String> = []
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift", let text = try? String(contentsOf: file, encoding: .utf8) else {
                continue
            }
            for match in text.matches(of: pattern) {
                // `Argument.words("name", …)` declares an argument: its name is not a key.
                if text[..<match.range.lowerBound].hasSuffix("Argument.") { continue }
                if let key = literal(in: text, at: match.range.upperBound), !key.isEmpty { keys.insert(key) }
            }
        }
        return keys
    }

    /// The value of the Swift string literal at `index` (`"…"` on one line, or `"""` … `"""` with its indentation and
    /// line continuations), nil when there is none or it is interpolated.
    static func literal(in text: String, at index: String.Index) -> String? {
        let rest = text[index...]
        if rest.hasPrefix("\"\"\"") {
            guard let close = rest.dropFirst(3).range(of: "\"\"\"") else { return nil }
            let body = rest[rest.index(index, offsetBy: 3)..<close.lowerBound]
            var lines = body.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().map(String.init)
            let indent = lines.last.map { $0.allSatisfy { $0 == " " } ? $0.count : 0 } ?? 0
            lines = lines.dropLast().map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
            var out = ""
            for line in lines {
                if line.hasSuffix("\\"), !line.hasSuffix("\\\\") { out += line.dropLast() } else { out += line + "\n" }
            }
            while out.hasSuffix("\n") { out.removeLast() }
            return out.contains("\\(") ? nil : unescape(out)
        }
        guard rest.hasPrefix("\"") else { return nil }
        var raw = ""
        var position = rest.index(after: rest.startIndex)
        while position < rest.endIndex, rest[position] != "\"" {
            if rest[position] == "\n" { return nil }
            if rest[position] == "\\" {
                let next = rest.index(after: position)
                guard next < rest.endIndex else { return nil }
                raw.append(rest[position])
                raw.append(rest[next])
                position = rest.index(after: next)
                continue
            }
            raw.append(rest[position])
            position = rest.index(after: position)
        }
        return raw.contains("\\(") ? nil : unescape(raw)
    }

    /// A Swift string literal's text: `\"`, `\\`, `\n`, `\t`, `\u{…}`.
    static func unescape(_ literal: String) -> String {
        var result = ""
        var iterator = literal.makeIterator()
        while let character = iterator.next() {
            guard character == "\\", let escaped = iterator.next() else {
                result.append(character)
                continue
            }
            switch escaped {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "u":
                var hex = ""
                while let next = iterator.next(), next != "}" {
                    if next != "{" { hex.append(next) }
                }
                if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) {
                    result.append(Character(scalar))
                }
            default: result.append(escaped)
            }
        }
        return result
    }
}
