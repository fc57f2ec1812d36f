import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct REPLTests {
    @Test func pipedHelpListsEveryFeaturesCommandsWithoutBannerOrPrompt() throws {
        let home = try TemporaryDirectory()
        let result = try AppBinary.runner(home: home).run([], stdin: "help\nquit\n")
        #expect(result.status == 0)
        for command in [
            "help", "back", "home", "about", "quit", "contact", "contact send", "contact outbox", "contact retry",
            "edit FIELD", "submit", "cancel",
        ] {
            #expect(result.stdout.contains(command), "help should list \(command)")
        }
        #expect(!result.stdout.contains("skylens>"))
        #expect(!result.stdout.contains("Type 'help' for commands, 'quit' to leave"))
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(result.stderr.isEmpty)
    }

    @Test func endOfInputEndsCleanlyAndUnknownCommandsSuggest() throws {
        let home = try TemporaryDirectory()
        let result = try AppBinary.runner(home: home).run([], stdin: "hlep\nabout\n")
        #expect(result.status == 0)
        #expect(result.stderr.contains("Unknown command 'hlep'. Did you mean 'help'?"))
        #expect(result.stdout.contains("SkyLens 0.1.0"))
        #expect(result.stdout.contains("libedit: line editing, history and completion (BSD-3-Clause)"))
        #expect(result.stdout.contains("swift-configuration: the config file and the layered settings (Apache-2.0)"))
        #expect(result.stdout.contains("Yams and LibYAML: reading the config file's YAML (MIT)"))
        #expect(result.stdout.contains("async-http-client: HTTP requests (Apache-2.0)"))
    }

    @Test func badLinesNeverEndTheSession() throws {
        let home = try TemporaryDirectory()
        let script =
            "search \"unbalanced\n\u{0}\u{0}\n     \ncontact send --name\n" + String(repeating: "x", count: 100_000)
            + "\nabout\n"
        let result = try AppBinary.runner(home: home).run([], stdin: script)
        #expect(result.stderr.contains("opening \" without a closing one"))
        #expect(result.stderr.contains("--name needs a value"))
        #expect(result.stdout.contains("SkyLens 0.1.0"))
        #expect(!result.signalled)
    }

    @Test func oneShotExitCodes() throws {
        let home = try TemporaryDirectory()
        let runner = AppBinary.runner(home: home)
        #expect(try runner.run(["--", "about"]).status == 0)
        let unknown = try runner.run(["--", "nonsense"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("Unknown command 'nonsense'"))
        #expect(try runner.run(["--format", "yaml", "about"]).status == 64)
        // Global options after the `--` of `swift run App -- …` are still global options.
        let json = try runner.run(["--", "--format", "json", "about"])
        #expect(json.status == 0 && json.stdout.hasPrefix("{") && json.stdout.contains(#""name":"SkyLens""#))
        let version = try runner.run(["--version"])
        #expect(version.status == 0 && version.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0.1.0")
    }

    @Test func jsonModeGivesOneDocumentPerCommand() throws {
        let home = try TemporaryDirectory()
        let result = try AppBinary.runner(home: home).run(
            ["--format", "json"], stdin: "about\nnonsense\nhelp contact send\n")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "not JSON: \(line)")
        }
        #expect(lines[1].contains(#""code":"usage""#))
        #expect(result.status == 0)
    }

    @Test func aBadEnvironmentSettingIsAClearUsageError() throws {
        let home = try TemporaryDirectory()
        let result = try AppBinary.runner(home: home, environment: ["SKYLENS_CONTACT_URL": "ftp://x"]).run([
            "--", "about",
        ])
        #expect(result.status == 64)
        #expect(
            result.stderr.contains(
                "The contact URL must be an http or https URL, not 'ftp://x' (from SKYLENS_CONTACT_URL)"))
    }

    @Test func startupErrorsAreJSONDocumentsInJSONMode() throws {
        let home = try TemporaryDirectory()
        let result = try AppBinary.runner(home: home, environment: ["SKYLENS_CONTACT_URL": "ftp://x"])
            .run(["--format", "json", "about"])
        #expect(result.status == 64)
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect((document?["error"] as? [String: String])?["code"] == "usage")
        #expect(document?["schema"] as? String == "skylens.error/1")
        let quit = try AppBinary.runner(home: home).run(["--format", "json", "--", "quit"])
        #expect(quit.status == 0 && quit.stdout.hasPrefix("{"))
    }

    @Test func theDataDirectoryIsPrivate() throws {
        let home = try TemporaryDirectory()
        let data = home.url.appendingPathComponent("data")
        _ = try AppBinary.runner(home: home, environment: ["SKYLENS_HOME": data.path]).run(
            [
                "--", "contact", "send", "--name", "A", "--email", "a@example.org", "--subject", "S", "--message",
                "0123456789",
            ])
        let directory = try FileManager.default.attributesOfItem(atPath: data.path)[.posixPermissions] as? Int
        let database =
            try FileManager.default.attributesOfItem(atPath: data.appendingPathComponent("skylens.sqlite").path)[
                .posixPermissions] as? Int
        #expect(directory == 0o700 && database == 0o600)
    }
}
