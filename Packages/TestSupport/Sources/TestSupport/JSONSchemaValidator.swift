import Foundation

/// Checks a JSON value against a JSON Schema (draft 2020-12), for the keywords SkyLens's schemas use: `type`,
/// `properties`, `required`, `additionalProperties`, `items`, `enum`, `const`, `$ref` (to `#/$defs/…`), `anyOf`,
/// `oneOf`, `minimum`, `maximum`, `minItems`, `maxItems`, `minLength` and `pattern`. A keyword it does not know is
/// reported as a problem of the schema, never passed over: a schema cannot pass by using words it ignores.
public struct JSONSchemaValidator {
    private let root: [String: JSONValue]

    /// Keywords that say something to a reader, not to the validator.
    private static let annotations: Set<String> = [
        "$schema", "$id", "title", "description", "$comment", "$defs", "examples", "format", "default",
        "deprecated",
    ]
    private static let assertions: Set<String> = [
        "type", "properties", "required", "additionalProperties", "items", "enum", "const", "$ref", "anyOf", "oneOf",
        "minimum", "maximum", "minItems", "maxItems", "minLength", "pattern",
    ]

    public init(schema: Data) throws {
        guard case .object(let root) = try JSONDecoder().decode(JSONValue.self, from: schema) else {
            throw Problem("the schema is not a JSON object")
        }
        self.root = root
    }

    public struct Problem: Error, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    /// Every way `document` breaks the schema, each with its path (`$.days[2].high`); empty when it conforms.
    public func problems(in document: Data) throws -> [String] {
        let value = try JSONDecoder().decode(JSONValue.self, from: document)
        var found: [String] = []
        check(value, against: root, at: "$", into: &found)
        return found
    }

    private func check(
        _ value: JSONValue, against schema: [String: JSONValue], at path: String, into found: inout [String]
    ) {
        for key in schema.keys where !Self.annotations.contains(key) && !Self.assertions.contains(key) {
            found.append("\(path): the schema uses '\(key)', which this validator does not check")
        }
        if case .string(let reference) = schema["$ref"] {
            guard reference.hasPrefix("#/$defs/"), case .object(let defs) = root["$defs"],
                case .object(let target) = defs[String(reference.dropFirst("#/$defs/".count))]
            else {
                found.append("\(path): the reference \(reference) leads nowhere")
                return
            }
            check(value, against: target, at: path, into: &found)
        }
        if let type = schema["type"] {
            let allowed: [String]
            switch type {
            case .string(let one): allowed = [one]
            case .array(let many): allowed = many.compactMap(\.string)
            default: allowed = []
            }
            if !allowed.contains(where: value.isOfType) {
                found.append("\(path): \(value) is not \(allowed.joined(separator: " or "))")
                return
            }
        }
        if case .array(let options) = schema["enum"], !options.contains(value) {
            found.append("\(path): \(value) is none of \(options.map(\.description).joined(separator: ", "))")
        }
        if let constant = schema["const"], constant != value {
            found.append("\(path): \(value) is not \(constant)")
        }
        if case .number(let number) = value {
            if case .number(let minimum) = schema["minimum"], number < minimum {
                found.append("\(path): \(number) is below \(minimum)")
            }
            if case .number(let maximum) = schema["maximum"], number > maximum {
                found.append("\(path): \(number) is above \(maximum)")
            }
        }
        if case .string(let text) = value {
            if case .number(let minimum) = schema["minLength"], Double(text.count) < minimum {
                found.append("\(path): '\(text)' is shorter than \(Int(minimum))")
            }
            if case .string(let pattern) = schema["pattern"],
                text.range(of: pattern, options: .regularExpression) == nil
            {
                found.append("\(path): '\(text)' does not match \(pattern)")
            }
        }
        if case .object(let object) = value {
            var properties: [String: JSONValue] = [:]
            if case .object(let declared) = schema["properties"] { properties = declared }
            if case .array(let required) = schema["required"] {
                for name in required.compactMap(\.string) where object[name] == nil {
                    found.append("\(path): '\(name)' is missing")
                }
            }
            for (name, member) in object.sorted(by: { $0.key < $1.key }) {
                if case .object(let property) = properties[name] {
                    check(member, against: property, at: "\(path).\(name)", into: &found)
                } else if case .bool(false) = schema["additionalProperties"] {
                    found.append("\(path): '\(name)' is not in the schema")
                } else if case .object(let additional) = schema["additionalProperties"] {
                    check(member, against: additional, at: "\(path).\(name)", into: &found)
                }
            }
        }
        if case .array(let array) = value {
            if case .number(let minimum) = schema["minItems"], Double(array.count) < minimum {
                found.append("\(path): \(array.count) items, fewer than \(Int(minimum))")
            }
            if case .number(let maximum) = schema["maxItems"], Double(array.count) > maximum {
                found.append("\(path): \(array.count) items, more than \(Int(maximum))")
            }
            if case .object(let items) = schema["items"] {
                for (index, item) in array.enumerated() {
                    check(item, against: items, at: "\(path)[\(index)]", into: &found)
                }
            }
        }
        for keyword in ["anyOf", "oneOf"] {
            guard case .array(let options) = schema[keyword] else { continue }
            let passing = options.filter { option in
                guard case .object(let option) = option else { return false }
                var local: [String] = []
                check(value, against: option, at: path, into: &local)
                return local.isEmpty
            }
            if keyword == "anyOf", passing.isEmpty {
                found.append("\(path): \(value) matches none of anyOf")
            } else if keyword == "oneOf", passing.count != 1 {
                found.append("\(path): \(value) matches \(passing.count) of oneOf, not exactly 1")
            }
        }
    }
}

/// Any JSON value, decoded without Foundation's bridging (which tells `true` from `1` differently on each platform).
public enum JSONValue: Decodable, Equatable, CustomStringConvertible, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    func isOfType(_ type: String) -> Bool {
        switch (type, self) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array),
            ("object", .object):
            true
        case ("integer", .number(let number)): number == number.rounded()
        default: false
        }
    }

    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .number(let value): "\(value)"
        case .string(let text): "'\(text.prefix(40))'"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
