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
}
