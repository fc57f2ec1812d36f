import Foundation
import TestSupport
import Testing

/// The JSON contract: every document any command writes carries `"schema": "skylens.<kind>/<version>"`, and
/// conforms to `<kind>.schema.json` in the `Schemas` folder of the package that writes it (`Packages/*/Schemas`,
/// `App/Schemas` for the App's own): each kind in one place. Every command of `WidthTests`, and every example of
/// every command (from `help`'s JSON: a new command is run by being declared), runs here with `--format json`,
/// one-shot and in a piped session that opens every view, with the errors they make.
@Suite(.serialized) struct JSONContractTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every schema file, by kind, from every package's `Schemas` folder and the App's.
    static func schemaFiles() throws -> [String: [URL]] {
        var folders = [root.appendingPathComponent("App/Schemas")]
        let packages = root.appendingPathComponent("Packages")
        for package in try FileManager.default.contentsOfDirectory(atPath: packages.path).sorted() {
            folders.append(packages.appendingPathComponent(package).appendingPathComponent("Schemas"))
        }
        var files: [String: [URL]] = [:]
        for folder in folders {
            for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            where file.hasSuffix(".schema.json") {
                files[String(file.dropLast(".schema.json".count)), default: []].append(
                    folder.appendingPathComponent(file))
            }
        }
        return files
    }

    /// More than `WidthTests` runs: the errors and the answers only JSON has.
    static let extraCommands: [[String]] = [
        ["weather", "Toronto", "--refresh"], ["sky", "Nowhereville"], ["moon", "--month", "2026-12", "Sydney"],
        ["compare", "Toronto"], ["completions", "bash"], ["manual"], ["help", "contact", "send"], ["quit"],
        ["contact", "retry"], ["unit", "f"], ["unit", "wind", "kn"], ["hourly", "Toronto", "--step", "3"],
        ["nonsense"], ["weather", "--bogus"], ["home"], ["back"],
        ["contact", "send", "--name", "Ann", "--email", "ann@", "--subject", "Hi", "--message", "Hello there"],
    ]

    /// Every document of every command, each with the command that wrote it.
    private func documents() throws -> [(command: String, line: String)] {
        let home = try TemporaryDirectory()
        let server = try WidthTests.server()
        let base = server.baseURL.absoluteString
        let runner = AppBinary.runner(
            home: home,
            environment: [
                "SKYLENS_OPEN_METEO_URL": base, "SKYLENS_AIR_QUALITY_URL": base, "SKYLENS_ARCHIVE_URL": base,
                "SKYLENS_ENSEMBLE_URL": base,
                "SKYLENS_CONTACT_URL": base + "/contact",
            ])
        var found: [(command: String, line: String)] = []
        for command in WidthTests.commands + Self.extraCommands + (try WidthTests.examples())
        where command != ["--version"] {
            let result = try runner.run(["--format", "json"] + command, stdin: "")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(!lines.isEmpty, "\(command) wrote no JSON")
            found += lines.map { (command.joined(separator: " "), $0) }
        }
        let session = try runner.run(["--format", "json"], stdin: WidthTests.session, timeout: .seconds(120))
        found += session.stdout.split(separator: "\n").map { ("session", String($0)) }
        return found
    }

    @Test func everyDocumentNamesItsSchemaAndConformsToIt() throws {
        let schemas = try Self.schemaFiles()
        let documents = try documents()
        #expect(documents.count > 60, "only \(documents.count) documents")
        var validators: [String: JSONSchemaValidator] = [:]
        var seen: Set<String> = []
        let dump = ProcessInfo.processInfo.environment["SKYLENS_DUMP_JSON"]
        for (index, document) in documents.enumerated() {
            let data = Data(document.line.utf8)
            guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let schema = object["schema"] as? String
            else {
                Issue.record("\(document.command): no schema in \(document.line.prefix(200))")
                continue
            }
            guard let match = schema.firstMatch(of: /^skylens\.([a-z-]+)\/([0-9]+)$/) else {
                Issue.record("\(document.command): '\(schema)' is not skylens.<kind>/<version>")
                continue
            }
            let kind = String(match.1)
            seen.insert(kind)
            if let dump {
                try document.line.write(
                    toFile: "\(dump)/\(kind)-\(index).json", atomically: true, encoding: .utf8)
            }
            guard let file = schemas[kind]?.first,
                let validator = try validators[kind] ?? (try? Data(contentsOf: file)).map(JSONSchemaValidator.init)
            else {
                Issue.record("\(document.command): no schema file \(kind).schema.json in any package's Schemas")
                continue
            }
            validators[kind] = validator
            let problems = try validator.problems(in: data)
            #expect(problems.isEmpty, "\(document.command) (\(kind)): \(problems.prefix(5))")
        }
        // Every schema documents something a command writes, and each kind is described once.
        let files = Set(schemas.keys)
        #expect(files.subtracting(seen).isEmpty, "schemas no command wrote: \(files.subtracting(seen))")
        #expect(schemas.values.allSatisfy { $0.count == 1 }, "\(schemas.filter { $0.value.count > 1 })")
    }

    /// Each schema states its kind and version, and requires the `schema` field to say exactly that.
    @Test func eachSchemaPinsItsOwnName() throws {
        let files = try Self.schemaFiles()
        #expect(files.count >= 20)
        for (kind, urls) in files {
            let file = "\(kind).schema.json"
            let data = try Data(contentsOf: try #require(urls.first))
            let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let properties = try #require(schema["properties"] as? [String: Any], "\(file)")
            let field = try #require(properties["schema"] as? [String: Any], "\(file)")
            let constant = try #require(field["const"] as? String, "\(file)")
            #expect(constant.hasPrefix("skylens.\(kind)/"), "\(file): \(constant)")
            #expect((schema["required"] as? [String])?.contains("schema") == true, "\(file)")
            #expect(schema["additionalProperties"] as? Bool == false, "\(file): new fields must be documented")
            // The validator checks the schema's own words: one it does not know is a problem of the schema.
            let validator = try JSONSchemaValidator(schema: data)
            let probe = try validator.problems(in: Data(#"{"schema":"\#(constant)"}"#.utf8))
            #expect(!probe.contains { $0.contains("does not check") }, "\(file): \(probe)")
        }
    }

    /// The validator itself fails what it should: a test that cannot fail is none.
    @Test func theValidatorCatchesWhatIsWrong() throws {
        let schema = Data(
            #"""
            {"type":"object","required":["schema","n"],"additionalProperties":false,
             "properties":{"schema":{"const":"skylens.t/1"},"n":{"type":"integer","minimum":0},
              "tags":{"type":"array","items":{"enum":["a","b"]}},"when":{"type":["string","null"]},
              "place":{"$ref":"#/$defs/place"}},
             "$defs":{"place":{"type":"object","required":["name"],"properties":{"name":{"type":"string"}}}}}
            """#.utf8)
        let validator = try JSONSchemaValidator(schema: schema)
        #expect(
            try validator.problems(in: Data(#"{"schema":"skylens.t/1","n":3,"tags":["a"],"when":null}"#.utf8)).isEmpty)
        let wrong = try validator.problems(
            in: Data(#"{"schema":"skylens.t/2","n":true,"tags":["c"],"when":1,"place":{},"extra":1}"#.utf8))
        for expected in ["$.schema", "$.n", "$.tags[0]", "$.when", "$.place: 'name' is missing", "'extra'"] {
            #expect(wrong.contains { $0.contains(expected) }, "\(expected) not caught: \(wrong)")
        }
        #expect(try validator.problems(in: Data(#"{"schema":"skylens.t/1"}"#.utf8)) == ["$: 'n' is missing"])
        let unknown = try JSONSchemaValidator(schema: Data(#"{"propertyNames":{"pattern":"^a"}}"#.utf8))
        #expect(try unknown.problems(in: Data("{}".utf8)).first?.contains("does not check") == true)
    }
}
