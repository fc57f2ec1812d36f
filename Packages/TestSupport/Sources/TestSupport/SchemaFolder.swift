import Foundation

/// The JSON schemas a package owns (`Packages/<Package>/Schemas/<kind>.schema.json`): the documents its commands
/// write are checked against them by its own tests, and the App's contract test finds every package's here.
public struct SchemaFolder {
    public let url: URL

    public init(_ url: URL) {
        self.url = url
    }

    /// The `Schemas` folder of the package a test file belongs to (`Packages/X/Tests/XTests/File.swift`).
    public static func ofPackage(testFile: StaticString = #filePath) -> SchemaFolder {
        var url = URL(fileURLWithPath: "\(testFile)")
        while url.pathComponents.count > 1, url.lastPathComponent != "Tests" { url.deleteLastPathComponent() }
        return SchemaFolder(url.deletingLastPathComponent().appendingPathComponent("Schemas"))
    }

    /// Every kind with a schema here (`weather` for `weather.schema.json`).
    public var kinds: Set<String> {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return Set(files.filter { $0.hasSuffix(".schema.json") }.map { String($0.dropLast(".schema.json".count)) })
    }

    public func validator(for kind: String) throws -> JSONSchemaValidator {
        try JSONSchemaValidator(schema: Data(contentsOf: url.appendingPathComponent("\(kind).schema.json")))
    }

    /// Checks each document (one JSON object a line) whose `schema` names a kind of this folder (others belong to
    /// other packages); returns what breaks a schema, and the kinds that were checked.
    public func check(_ documents: [String]) throws -> (problems: [String], checked: Set<String>) {
        let kinds = self.kinds
        var problems: [String] = [], checked: Set<String> = []
        var validators: [String: JSONSchemaValidator] = [:]
        for line in documents where !line.isEmpty {
            let data = Data(line.utf8)
            guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let schema = object["schema"] as? String, let slash = schema.firstIndex(of: "/"),
                schema.hasPrefix("skylens.")
            else {
                problems.append("not a SkyLens document: \(line.prefix(120))")
                continue
            }
            let kind = String(schema[schema.index(schema.startIndex, offsetBy: 8)..<slash])
            guard kinds.contains(kind) else { continue }
            let validator = try validators[kind] ?? validator(for: kind)
            validators[kind] = validator
            problems += try validator.problems(in: data).map { "\(kind): \($0)" }
            checked.insert(kind)
        }
        return (problems, checked)
    }
}
