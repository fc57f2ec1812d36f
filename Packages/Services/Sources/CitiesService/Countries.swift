import Foundation

/// Country names by ISO 3166 alpha-2 code, from the `countries.csv` that ships with the module.
public struct Countries: Sendable {
    public struct Country: Sendable, Equatable {
        public var code: String
        public var name: String
        public var capital: String
        public var population: Int?
    }

    private let byCode: [String: Country]

    public init(csv: String) { self.init(bytes: Array(csv.utf8)) }

    /// Read as bytes (a comma, a quote, a space and a newline are ASCII): no grapheme breaking, no Foundation
    /// trimming, for 250 lines on every start of a city command (issue 30).
    init(bytes: [UInt8]) {
        var byCode: [String: Country] = [:]
        byCode.reserveCapacity(256)
        var lineStart = 0
        var first = true
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            var end = lineEnd
            if end > lineStart, bytes[end - 1] == 0x0D { end -= 1 }
            if first {
                first = false
                continue
            }
            let fields = Self.fields(bytes[lineStart..<end])
            guard fields.count >= 6, fields[0].utf8.count == 2 else { continue }
            byCode[fields[0]] = Country(
                code: fields[0], name: Self.trimmingSpaces(fields[2]), capital: fields[3], population: Int(fields[5]))
        }
        self.byCode = byCode
    }

    /// The list that ships with the module (empty if it is missing).
    public static func builtIn() -> Countries {
        guard let url = CitiesResources.countries, let data = try? Data(contentsOf: url) else {
            return Countries(bytes: [])
        }
        return Countries(bytes: Array(data))
    }

    /// Without the spaces and tabs around it (what `.whitespaces` trims in a name of this list).
    static func trimmingSpaces(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard let first = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }),
            let last = bytes.lastIndex(where: { $0 != 0x20 && $0 != 0x09 })
        else { return "" }
        return first == 0 && last == bytes.count - 1 ? text : String(decoding: bytes[first...last], as: UTF8.self)
    }

    public func country(_ code: String) -> Country? { byCode[code.uppercased()] }

    /// Every country, by code.
    public var all: [Country] { byCode.keys.sorted().compactMap { byCode[$0] } }

    public func name(_ code: String) -> String? { byCode[code.uppercased()]?.name }

    /// Splits a CSV line, honouring double quotes.
    static func fields(_ line: String) -> [String] { fields(Substring(line).utf8) }

    static func fields(_ line: some Collection<UInt8>) -> [String] {
        var fields: [String] = []
        var current: [UInt8] = []
        var quoted = false
        for byte in line {
            switch byte {
            case UInt8(ascii: "\"") where quoted:
                quoted = false
            case UInt8(ascii: "\"") where current.isEmpty:
                quoted = true
            case UInt8(ascii: ",") where !quoted:
                fields.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            default:
                current.append(byte)
            }
        }
        fields.append(String(decoding: current, as: UTF8.self))
        return fields
    }
}
