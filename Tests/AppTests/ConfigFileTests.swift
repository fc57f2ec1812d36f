import Foundation
import TestSupport
import Testing

/// The config file (`$XDG_CONFIG_HOME/skylens/config.yaml`) under the environment and the options, and what a
/// mistake in it does: said on standard error with its line, ignored, never a crash nor a failed command.
@Suite(.serialized) struct ConfigFileTests {
    private func write(_ text: String, in home: TemporaryDirectory) throws -> String {
        let folder = home.path + "/config/skylens"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/config.yaml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func optionsWinOverTheEnvironmentWhichWinsOverTheFileWhichWinsOverTheDefaults() throws {
        let home = try TemporaryDirectory()
        let runner = AppBinary.runner(home: home)
        // The defaults: text.
        #expect(try runner.run(["about"]).stdout.hasPrefix("SkyLens "))
        // The file: JSON.
        _ = try write("# my settings\nformat: json\nunits: imperial\n", in: home)
        let fromFile = try runner.run(["about"])
        #expect(fromFile.status == 0 && fromFile.stdout.hasPrefix("{"), "\(fromFile.stdout)")
        #expect(fromFile.stderr.isEmpty, "\(fromFile.stderr)")
        // The environment over the file: text.
        let fromEnvironment = try runner.run(["about"], environment: ["SKYLENS_FORMAT": "text"])
        #expect(fromEnvironment.stdout.hasPrefix("SkyLens "))
        // An empty variable is not set: the file stands.
        #expect(try runner.run(["about"], environment: ["SKYLENS_FORMAT": " "]).stdout.hasPrefix("{"))
        // The option over the environment: JSON again.
        let fromOption = try runner.run(["--format", "json", "about"], environment: ["SKYLENS_FORMAT": "text"])
        #expect(fromOption.stdout.hasPrefix("{"))
        // Units start where the file says, SKYLENS_UNITS over it; a choice made with `unit` is kept and wins.
        #expect(try runner.run(["--format", "text", "unit"]).stdout.contains("°F, mph, in"))
        let fromVariable = try runner.run(["--format", "text", "unit"], environment: ["SKYLENS_UNITS": "c kn"])
        #expect(fromVariable.stdout.contains("°C, kn, mm"), "\(fromVariable.stdout)")
        #expect(try runner.run(["--format", "text", "unit", "c"]).status == 0)
        #expect(try runner.run(["--format", "text", "unit"]).stdout.contains("°C, km/h, mm"))
    }

    @Test func eachSettingIsReadFromTheFile() throws {
        let home = try TemporaryDirectory()
        let elsewhere = try TemporaryDirectory()
        _ = try write(
            """
            format: json
            color: never
            timeout: 2.5
            offline: true
            provider: open-meteo
            data-dir: \(elsewhere.path)
            log-level: error
            contact-url: http://127.0.0.1:9/contact
            """, in: home)
        let runner = AppBinary.runner(home: home)
        // Offline from the file: no request is made, and the answer says so.
        let weather = try runner.run(["weather", "Toronto"])
        #expect(weather.stdout.hasPrefix("{") && weather.stdout.contains("offline"), "\(weather.stdout)")
        // The data directory from the file (the environment's SKYLENS_HOME would win: here it is not set).
        let favourite = try runner.run(["fav", "Lisbon"], environment: ["SKYLENS_HOME": ""])
        #expect(favourite.status == 0, "\(favourite.stdout)\(favourite.stderr)")
        #expect(FileManager.default.fileExists(atPath: elsewhere.path + "/skylens.sqlite"))
    }

    /// Issue 30: an absolute path is used as given when it is already standard (without Foundation's standardizing);
    /// one with `.`, `..`, doubled or trailing slashes still names the folder it always did.
    @Test func theDataDirectoryIsTheFolderItsPathNamesHoweverItIsWritten() throws {
        let home = try TemporaryDirectory()
        let base = home.path
        let spellings: [(given: String, folder: String)] = [
            (base + "/plain", base + "/plain"),
            (base + "/a/../dots/./here", base + "/dots/here"),
            (base + "//doubled///slashes/", base + "/doubled/slashes"),
        ]
        for (given, folder) in spellings {
            let result = try AppBinary.runner(home: home).run(
                ["--data-dir", given, "fav", "Lisbon"], environment: ["SKYLENS_HOME": ""])
            #expect(result.status == 0, "\(given): \(result.stderr)")
            #expect(FileManager.default.fileExists(atPath: folder + "/skylens.sqlite"), "\(given)")
        }
    }

    @Test func aMalformedFileIsReportedWithItsLineAndIgnored() throws {
        let home = try TemporaryDirectory()
        let path = try write("format: json\ncolor: never\n  units: [imperial\n", in: home)
        let result = try AppBinary.runner(home: home).run(["about"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("SkyLens "), "the file is ignored as a whole: \(result.stdout)")
        #expect(result.stderr.contains(path), "\(result.stderr)")
        #expect(
            result.stderr.contains("(line 3, column ") && result.stderr.contains("the file is ignored"),
            "\(result.stderr)")
        // JSON output stays JSON: the note is on standard error.
        let json = try AppBinary.runner(home: home).run(["--format", "json", "about"])
        #expect(json.status == 0 && json.stdout.hasPrefix("{") && json.stderr.contains("(line 3, column "))
    }

    @Test func aWrongValueOrAnUnknownKeyIsReportedWithItsLineAndTheRestStands() throws {
        let home = try TemporaryDirectory()
        let path = try write(
            "format: json\n\ncolor: sometimes\nfromat: text\ncontact-url: ftp://x\nunits: kelvin\n", in: home)
        let result = try AppBinary.runner(home: home).run(["about"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("{"), "format: json stands")
        #expect(
            result.stderr.contains(
                "color in \(path) (line 3) must be auto, always or never, not 'sometimes'; the default is used."),
            "\(result.stderr)")
        #expect(result.stderr.contains("(line 4): 'fromat' is not a setting (did you mean format?)"))
        #expect(result.stderr.contains("not 'ftp://x' (from contact-url in \(path) (line 5)); it is ignored."))
        #expect(result.stderr.contains("units in \(path) (line 6) must be metric, imperial"))
        // A wrong value from the environment is still a usage error: it was given for this run.
        let variable = try AppBinary.runner(home: home).run(["about"], environment: ["SKYLENS_COLOR": "sometimes"])
        #expect(variable.status == 64 && variable.stdout.contains("SKYLENS_COLOR must be auto, always or never"))
    }

    @Test func somethingOtherThanAFileIsSaidAndIgnored() throws {
        let home = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            atPath: home.path + "/config/skylens/config.yaml", withIntermediateDirectories: true)
        let result = try AppBinary.runner(home: home).run(["about"])
        #expect(result.status == 0 && result.stdout.hasPrefix("SkyLens "))
        #expect(result.stderr.contains("config.yaml is a folder, not a file; it is ignored."), "\(result.stderr)")
        // Nothing at all, or an empty file: nothing to say.
        try FileManager.default.removeItem(atPath: home.path + "/config/skylens/config.yaml")
        #expect(try AppBinary.runner(home: home).run(["about"]).stderr.isEmpty)
        for nothing in ["", "# nothing set yet\n\n", "---\n"] {
            _ = try write(nothing, in: home)
            let empty = try AppBinary.runner(home: home).run(["about"])
            #expect(empty.status == 0 && empty.stderr.isEmpty, "\(empty.stderr)")
        }
    }

    /// Issue 25: a 438-byte file of aliases took 89 s at every start and one of 525 bytes never let the App start;
    /// 60,000 unknown keys took 35 s and printed 180,000 lines; invalid UTF-8 gave Foundation's own message; `units:`
    /// as a mapping was silently ignored. Each is now one line of SkyLens's own, at once, and the App goes on.
    @Test func aConfigFileCannotStopTheApp() throws {
        let home = try TemporaryDirectory()
        let runner = AppBinary.runner(home: home)
        func start() throws -> ProcessResult {
            let started = ContinuousClock.now
            let result = try runner.run(["about"], timeout: .seconds(30))
            #expect(ContinuousClock.now - started < .seconds(5), "the start waited on the config file")
            #expect(result.status == 0 && result.stdout.hasPrefix("SkyLens "), "\(result.stderr)")
            return result
        }
        // Aliases nested (a "billion laughs" of 311 bytes).
        var laughs = "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
        for (name, previous) in [("b", "a"), ("c", "b"), ("d", "c"), ("e", "d"), ("f", "e")] {
            laughs += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",") + "]\n"
        }
        let path = try write(laughs, in: home)
        let aliases = try start()
        #expect(
            aliases.stderr.contains("\(path) (line 1): YAML anchors are not read in the config file"),
            "\(aliases.stderr)")
        #expect(aliases.stderr.split(separator: "\n").count <= 3)
        // Many keys: refused at the 101st, one message.
        _ = try write((0..<5_000).map { "k\($0): v" }.joined(separator: "\n"), in: home)
        let keys = try start()
        #expect(keys.stderr.contains("(line 101): it has more than 100 settings"), "\(keys.stderr)")
        #expect(keys.stderr.split(separator: "\n").count <= 3)
        // Twenty unknown keys: five said, the rest counted, the settings listed once.
        _ = try write((0..<20).map { "k\($0): v" }.joined(separator: "\n"), in: home)
        let unknown = try start()
        #expect(unknown.stderr.contains("15 more lines like these are ignored"), "\(unknown.stderr)")
        #expect(unknown.stderr.components(separatedBy: "The settings:").count == 2)
        // Too large.
        _ = try write(String(repeating: "# a comment\n", count: 10_000), in: home)
        #expect(try start().stderr.contains("more than a config file of a dozen settings needs"))
        // Not UTF-8: the line of the first bad byte, never Foundation's words.
        var bytes = [UInt8]("format: json\nunits: ".utf8)
        bytes += [0xFF, 0x0A]
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let encoding = try start()
        #expect(encoding.stderr.contains("(line 2): it is not UTF-8 text"), "\(encoding.stderr)")
        #expect(!encoding.stderr.contains("NSCocoaErrorDomain") && !encoding.stderr.contains("Error Domain"))
        // A setting written as a mapping is said; `units` as a mapping of its parts is read.
        _ = try write("timeout:\n  seconds: 3\n", in: home)
        #expect(try start().stderr.contains("(line 1): timeout takes one value, not a mapping or a list"))
        _ = try write("units:\n  temperature: f\n  wind: kn\n", in: home)
        let units = try runner.run(["unit"])
        #expect(units.stderr.isEmpty && units.stdout.contains("°F, kn, in"), "\(units.stdout)\(units.stderr)")
        // A '#', '&' or '*' inside quotes or a comment is not an alias.
        _ = try write("contact-url: \"http://a.example/x#y*z\" # &not *an alias\nunits: imperial\n", in: home)
        #expect(try start().stderr.isEmpty)
        // Nor is an `&` inside an unquoted URL's query (the file was ignored whole for it).
        _ = try write("contact-url: https://forms.example.org/submit?id=1&lang=en\nformat: json\n", in: home)
        let query = try runner.run(["about"])
        #expect(query.stderr.isEmpty && query.stdout.hasPrefix("{"), "\(query.stderr)")
    }

    /// The environment as the App reads it (issue 30): a value holding `=`, spaces and letters beyond ASCII is the
    /// whole of what follows the first `=`.
    @Test func variablesAreReadWholeFromTheEnvironment() throws {
        let parent = try TemporaryDirectory()
        let home = parent.url.appendingPathComponent("data=dossier é 1").path
        let runner = AppBinary.runner(homePath: home, environment: ["SKYLENS_UNITS": "imperial"])
        let units = try runner.run(["--", "unit"])
        #expect(units.status == 0 && units.stdout.contains("°F"), "\(units.stdout)\(units.stderr)")
        let fav = try runner.run(["--", "fav", "#2988507"])
        #expect(fav.status == 0, "\(fav.stderr)")
        #expect(FileManager.default.fileExists(atPath: home + "/skylens.sqlite"))
    }
}
