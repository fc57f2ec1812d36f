import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a String Catalog's JSON straight from its bytes, keeping only the languages asked for: a feature's
/// catalogue holds every language (900 kB for the weather's), and a command needs one. Foundation's
/// `JSONSerialization` builds every value of every language first (about 25 ms for the weather's on the reference
/// machine); this skips the others without making them.
struct CatalogueReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    /// The entries of one key in `languages` (language code → entry; empty when it has none of them), found by the
    /// key's name without reading the rest of the catalogue; nil when the name is not found as a member written so,
    /// or what follows it is not a key's entry (the catalogue is then read whole, which says what is wrong).
    ///
    /// A member name is the key's JSON text with `{` or `,` before it and `:` after it: inside a string a quote is
    /// always escaped, so these bytes are never part of one. The value must be an entry (an object with
    /// `localizations`), which the names nested inside entries (`stringUnit`, `value`, `one`…) are not.
    static func entry(of key: String, in data: Data, languages: Set<String>) -> [String: StringCatalog.Entry]? {
        let needle = Array(quoted(key).utf8)
        return data.withUnsafeBytes { raw -> [String: StringCatalog.Entry]? in
            let bytes = raw.bindMemory(to: UInt8.self)
            // The quotes and at least one character between them.
            guard let base = bytes.baseAddress, needle.count > 2 else { return nil }
            // Each place of the key's first character (`memchr`, rarer than the quote before it), then the rest.
            var from = 1
            while from + needle.count - 1 <= bytes.count {
                guard let hit = memchr(base + from, Int32(needle[1]), bytes.count - from) else { return nil }
                let start = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) - 1
                from = start + 2
                guard start + needle.count <= bytes.count, memcmp(base + start, needle, needle.count) == 0 else {
                    continue
                }
                var before = start - 1
                while before >= 0, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[before]) { before -= 1 }
                guard before >= 0, bytes[before] == UInt8(ascii: "{") || bytes[before] == UInt8(ascii: ",") else {
                    continue
                }
                var reader = CatalogueReader(bytes, at: start + needle.count)
                guard (try? reader.take(UInt8(ascii: ":"))) != nil else { continue }
                var localized: [String: StringCatalog.Entry] = [:]
                var isEntry = false
                do throws(StringCatalogError) {
                    try reader.object { reader, field throws(StringCatalogError) in
                        guard field == "localizations" else { return try reader.skipValue() }
                        isEntry = true
                        try reader.object { reader, code throws(StringCatalogError) in
                            guard languages.contains(code) else { return try reader.skipValue() }
                            localized[code] = try reader.localization(key: key, code: code)
                        }
                    }
                } catch {
                    // Not an object here (a nested name's value), or a damaged catalogue (the whole read says so).
                    continue
                }
                if isEntry { return localized }
            }
            return nil
        }
    }

    /// `text` as a JSON string, escaped as catalogues write it (a catalogue that writes it otherwise is read whole).
    static func quoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case "\r": quoted += "\\r"
            case _ where scalar.value < 0x20: quoted += String(format: "\\u%04x", scalar.value)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    /// The catalogue, with the entries of `languages` only (every language when nil); comments only when every
    /// language is read (they are for translators' tools).
    static func read(_ data: Data, languages: Set<String>?) throws(StringCatalogError) -> StringCatalog {
        let result: Result<StringCatalog, StringCatalogError> = data.withUnsafeBytes { raw in
            var reader = CatalogueReader(raw.bindMemory(to: UInt8.self))
            do throws(StringCatalogError) {
                return .success(try reader.catalogue(languages: languages))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private mutating func catalogue(languages: Set<String>?) throws(StringCatalogError) -> StringCatalog {
        var source = "en"
        var comments: [String: String] = [:]
        var entries: [String: [String: StringCatalog.Entry]] = [:]
        var sawStrings = false
        try object { reader, name throws(StringCatalogError) in
            switch name {
            case "sourceLanguage": source = try reader.string()
            case "strings":
                sawStrings = true
                try reader.object { reader, key throws(StringCatalogError) in
                    var localized: [String: StringCatalog.Entry] = [:]
                    try reader.object { reader, field throws(StringCatalogError) in
                        switch field {
                        case "comment" where languages == nil: comments[key] = try reader.string()
                        case "localizations":
                            try reader.object { reader, code throws(StringCatalogError) in
                                guard languages?.contains(code) ?? true else { return try reader.skipValue() }
                                localized[code] = try reader.localization(key: key, code: code)
                            }
                        default: try reader.skipValue()
                        }
                    }
                    entries[key] = localized
                }
            default: try reader.skipValue()
            }
        }
        skipSpaces()
        guard index == bytes.count else { throw failure("text after the catalogue") }
        guard sawStrings else { throw StringCatalogError(message: "no \"strings\" object") }
        return StringCatalog(sourceLanguage: source, comments: comments, entries: entries)
    }

    /// `{"stringUnit": {"state", "value"}}` or `{"variations": {"plural": {"one": {"stringUnit": …}, …}}}`.
    private mutating func localization(key: String, code: String) throws(StringCatalogError) -> StringCatalog.Entry {
        var entry: StringCatalog.Entry?
        try object { reader, field throws(StringCatalogError) in
            switch field {
            case "stringUnit":
                let (value, translated) = try reader.stringUnit()
                entry = .text(value, translated: translated)
            case "variations":
                var forms: [PluralCategory: String] = [:]
                var translated = true
                try reader.object { reader, kind throws(StringCatalogError) in
                    guard kind == "plural" else { return try reader.skipValue() }
                    try reader.object { reader, name throws(StringCatalogError) in
                        guard let category = PluralCategory(rawValue: name) else {
                            throw reader.failure("\(key) [\(code)]: no plural category '\(name)'")
                        }
                        var form: (String, Bool)?
                        try reader.object { reader, inner throws(StringCatalogError) in
                            if inner == "stringUnit" { form = try reader.stringUnit() } else { try reader.skipValue() }
                        }
                        guard let form else { throw reader.failure("\(key) [\(code)]: plural form \(name) unreadable") }
                        forms[category] = form.0
                        translated = translated && form.1
                    }
                }
                entry = .plural(forms, translated: translated)
            default: try reader.skipValue()
            }
        }
        guard let entry else {
            throw StringCatalogError(message: "\(key) [\(code)]: neither a stringUnit nor plural variations")
        }
        return entry
    }

    /// `{"state": "translated", "value": "…"}`.
    private mutating func stringUnit() throws(StringCatalogError) -> (String, Bool) {
        var value: String?
        var translated = false
        try object { reader, field throws(StringCatalogError) in
            switch field {
            case "value": value = try reader.string()
            case "state": translated = try reader.string() == "translated"
            default: try reader.skipValue()
            }
        }
        guard let value else { throw failure("a stringUnit without a value") }
        return (value, translated)
    }

    // MARK: - JSON

    private func failure(_ what: String) -> StringCatalogError {
        StringCatalogError(message: "\(what) (byte \(index))")
    }

    private mutating func skipSpaces() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    private mutating func take(_ byte: UInt8) throws(StringCatalogError) {
        skipSpaces()
        guard index < bytes.count, bytes[index] == byte else {
            throw failure("expected '\(Character(Unicode.Scalar(byte)))'")
        }
        index += 1
    }

    /// An object's members, each handed to `member` with its name; `member` reads (or skips) the value.
    private mutating func object(
        _ member: (inout CatalogueReader, String) throws(StringCatalogError) -> Void
    ) throws(StringCatalogError) {
        try take(UInt8(ascii: "{"))
        skipSpaces()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            let name = try string()
            try take(UInt8(ascii: ":"))
            try member(&self, name)
            skipSpaces()
            guard index < bytes.count else { throw failure("an object not closed") }
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "}") { return }
            guard byte == UInt8(ascii: ",") else { throw failure("expected ',' or '}'") }
        }
    }

    /// A string, its escapes read (`\n`, `\"`, `\u00e9`, surrogate pairs).
    private mutating func string() throws(StringCatalogError) -> String {
        try take(UInt8(ascii: "\""))
        let start = index
        // Most strings have no escape: made straight from their bytes.
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
            index += 1
        }
        guard index < bytes.count else { throw failure("a string not closed") }
        if bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)]), as: UTF8.self)
        }
        var utf8 = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw failure("a string not closed") }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "u"):
                    var value = try hex4()
                    // A high surrogate with its low half: one character. Anything else paired wrongly is U+FFFD, and
                    // an escape after it is read again on its own.
                    if (0xD800...0xDBFF).contains(value), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    {
                        let mark = index
                        index += 2
                        let low = try hex4()
                        if (0xDC00...0xDFFF).contains(low) {
                            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            index = mark
                        }
                    }
                    utf8.append(contentsOf: String(Character(Unicode.Scalar(value) ?? "\u{FFFD}")).utf8)
                default: utf8.append(escaped)
                }
            default: utf8.append(byte)
            }
        }
        throw failure("a string not closed")
    }

    private mutating func hex4() throws(StringCatalogError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("a short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            index += 1
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw failure("a bad \\u escape")
            }
            value = value * 16 + digit
        }
        return value
    }

    /// Any value, read and dropped: what belongs to a language not asked for. An object or an array is passed over
    /// by counting its brackets outside strings, without reading its names (issue 30: an English command reads the
    /// weather's 900 kB catalogue for its plural forms; reading every other language's names as strings was most of
    /// it). Their inside is not checked here: the catalogue tests read every language (`languages` nil).
    private mutating func skipValue() throws(StringCatalogError) {
        skipSpaces()
        guard index < bytes.count else { throw failure("a value missing") }
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    index += 1
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                        index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                    }
                    guard index < bytes.count else { throw failure("a string not closed") }
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        index += 1
                        return
                    }
                default:
                    break
                }
                index += 1
            }
            throw failure("an object or an array not closed")
        case UInt8(ascii: "\""):
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard index < bytes.count else { throw failure("a string not closed") }
            index += 1
        default:
            // A number, true, false or null.
            let start = index
            while index < bytes.count, !",}] \n\r\t".utf8.contains(bytes[index]) { index += 1 }
            guard index > start else { throw failure("a value missing") }
        }
    }
}
