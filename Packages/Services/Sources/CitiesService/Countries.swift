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
        for line in csv.split(whereSeparator: \.isNewline).dropFirst() {
            let fields = Self.fields(String(line))
            guard fields.count >= 6, fields[0].count == 2 else { continue }
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
    static func fields(_ line: String) -> [String] {
        var fields: [String] = []
        var current = ""
        var quoted = false
        var iterator = line.makeIterator()
        while let character = iterator.next() {
            switch character {
            case "\"" where quoted:
                quoted = false
            case "\"" where current.isEmpty:
                quoted = true
            case "," where !quoted:
                fields.append(current)
                current = ""
            default:
                current.append(character)
            }
        }
        fields.append(current)
        return fields
    }
}
