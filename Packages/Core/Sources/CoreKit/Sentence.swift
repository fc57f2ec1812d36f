import Foundation

/// Something to tell the user, kept until it is said: the English text (the key of a String Catalog), the catalogue
/// that translates it, and its values — numbers and names, or other sentences (a reason inside an error). A service's
/// error carries one, and the feature that shows it says it in the user's language (`Words.callAsFunction(_:)` in
/// Localization); `english` is for logs and tests. The idea of Foundation's `LocalizedStringResource`: the words are
/// chosen where the failure is known, the language where they are read.
public struct Sentence: Hashable, Sendable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The English text with `%@` (or `%N$@`) for each value.
    public var key: String
    /// The catalogue that holds `key`; nil for text said as it is (a system's or a server's own words).
    public var table: Table?
    public var values: [Value]

    /// A resource bundle whose `Localizable.xcstrings` translates sentences (`Core_CoreKit`). Each module names its
    /// own: `extension Sentence.Table { static let weather = Self(bundle: "Services_WeatherService") }`.
    public struct Table: Hashable, Sendable, Codable {
        public let bundle: String
        public init(bundle: String) { self.bundle = bundle }
        /// Core's words: the store's, the files', the network's failures.
        public static let core = Self(bundle: "Core_CoreKit")
    }

    /// One value in a sentence.
    public indirect enum Value: Hashable, Sendable, Codable {
        /// A name, a host, a server's words: said as they are.
        case text(String)
        /// Another sentence, said in the same language.
        case sentence(Sentence)
        /// A whole number, in the language's digits.
        case number(Int)
        /// A number with `digits` decimals, in the language's digits and decimal sign.
        case decimal(Double, digits: Int)
    }

    public init(_ key: String, _ values: Value..., table: Table) {
        self.key = key
        self.table = table
        self.values = values
    }

    /// Text from outside (a system's reason, a server's words): never translated.
    public static func verbatim(_ text: String) -> Sentence {
        Sentence(verbatim: text)
    }

    /// A literal is text said as it is (tests, and names that are not words): a sentence to translate names its
    /// key and table.
    public init(stringLiteral text: String) { self.init(verbatim: text) }

    private init(verbatim text: String) {
        key = "%@"
        table = nil
        values = [.text(text)]
    }

    /// The sentence in English, straight from its key.
    public var english: String {
        guard table != nil else { return values.first.map(Self.english) ?? "" }
        return Placeholder.fill(key, values.map(Self.english))
    }

    public var description: String { english }

    /// The same sentence with `transform` applied to every text value, here and inside (a key scrubbed from a
    /// server's words).
    public func mapTexts(_ transform: (String) -> String) -> Sentence {
        var copy = self
        copy.values = values.map { value in
            switch value {
            case .text(let text): .text(transform(text))
            case .sentence(let sentence): .sentence(sentence.mapTexts(transform))
            default: value
            }
        }
        return copy
    }

    private static func english(_ value: Value) -> String {
        switch value {
        case .text(let text): text
        case .sentence(let sentence): sentence.english
        case .number(let number): String(number)
        case .decimal(let number, let digits):
            digits == 0 ? String(Int(number.rounded())) : FixedDigits.decimal(number, digits: digits)
        }
    }
}
