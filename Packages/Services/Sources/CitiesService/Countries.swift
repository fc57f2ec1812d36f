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

    public init(csv: String) {
        var byCode: [String: Country] = [:]
        // Read as bytes (a comma, a quote and a newline are ASCII): no grapheme breaking for 250 lines on every start.
        for line in csv.utf8.split(separator: 0x0A).dropFirst() {
            let fields = Self.fields(line.last == 0x0D ? line.dropLast() : line)
            guard fields.count >= 6, fields[0].utf8.count == 2 else { continue }
            byCode[fields[0]] = Country(
                code: fields[0], name: fields[2].trimmingCharacters(in: .whitespaces), capital: fields[3],
                population: Int(fields[5]))
        }
        self.byCode = byCode
    }

    /// The list that ships with the module (empty if it is missing).
    public static func builtIn() -> Countries {
        guard let url = CitiesResources.countries, let text = try? String(contentsOf: url, encoding: .utf8) else {
            return Countries(csv: "")
        }
        return Countries(csv: text)
    }

    public func country(_ code: String) -> Country? { byCode[code.uppercased()] }

    /// Every country, by code.
    public var all: [Country] { byCode.keys.sorted().compactMap { byCode[$0] } }

    public func name(_ code: String) -> String? { byCode[code.uppercased()]?.name }

    /// Splits a CSV line, honouring double quotes.
    static func fields(_ line: String) -> [String] { fields(Substring(line).utf8) }

    static func fields(_ line: Substring.UTF8View) -> [String] {
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
