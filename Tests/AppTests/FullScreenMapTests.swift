import Foundation
import TestSupport
import Testing

/// The full-screen map in a pseudo-terminal (`script`), as a person uses it: `map Toronto` takes the screen (the
/// alternate screen, keys read one by one), an arrow moves it, `+` zooms in, `q` gives the screen back, and the prompt
/// is there again; a piped `map` still prints one map.
@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
struct FullScreenMapTests {
    func session(home: TemporaryDirectory, term: String = "xterm-256color") throws -> RunningProcess {
        let script = home.file("session.sh")
        try """
        stty cols 100 rows 30
        exec '\(AppBinary.url.path)'
        """.write(to: script, atomically: true, encoding: .utf8)
        return try ProcessRunner(
            executable: URL(fileURLWithPath: "/usr/bin/script"),
            environment: ["SKYLENS_HOME": home.path, "TERM": term, "SKYLENS_LOG_LEVEL": "error", "NO_COLOR": "1"]
        ).start(["-qfec", "sh '\(script.path)'", "/dev/null"])
    }

    /// What came after the last occurrence of `marker`.
    func after(_ marker: String, in text: String) -> String {
        text.components(separatedBy: marker).last ?? ""
    }

    @Test func mapTorontoAnArrowPlusAndQ() throws {
        let home = try TemporaryDirectory()
        let app = try session(home: home)
        #expect(app.waitForOutput { $0.contains("skylens> ") })
        app.write("map Toronto\r")
        // The alternate screen, the map with its footer: centre, zoom, scale, nearest city; the keys.
        #expect(app.waitForOutput { $0.contains("\u{1B}[?1049h") && $0.contains("hjkl move") })
        #expect(app.waitForOutput { self.after("\u{1B}[?1049h", in: $0).contains("43.70°N 79.42°W · zoom 9") })
        #expect(app.stdoutSoFar.contains("near Toronto"))
        app.write("\u{1B}[C")  // →: a quarter of the screen east
        #expect(app.waitForOutput { $0.contains("43.70°N 79.28°W · zoom 9") })
        app.write("+")
        #expect(app.waitForOutput { $0.contains("43.70°N 79.28°W · zoom 10") })
        app.write("q")
        // The screen as it was, and the prompt, naming the map's city.
        #expect(app.waitForOutput { self.after("\u{1B}[?1049l", in: $0).contains("skylens Toronto·map> ") })
        // Nothing of the map was printed on the main screen.
        #expect(!after("\u{1B}[?1049l", in: app.stdoutSoFar).contains("zoom 10"))
        app.write("quit\r")
        let result = app.wait(timeout: .seconds(20))
        #expect(result.status == 0)
    }

    @Test func findingAPlaceAndItsWeatherAndBack() throws {
        let home = try TemporaryDirectory()
        let app = try session(home: home)
        #expect(app.waitForOutput { $0.contains("skylens> ") })
        app.write("map Toronto\r")
        #expect(app.waitForOutput { $0.contains("hjkl move") })
        app.write("/oslo\r")
        #expect(app.waitForOutput { $0.contains("59.91°N 10.75°E · zoom 9") })
        app.write("\u{1B}")  // Esc alone
        #expect(app.waitForOutput { self.after("\u{1B}[?1049l", in: $0).contains("skylens Oslo·map> ") })
        app.write("quit\r")
        #expect(app.wait(timeout: .seconds(20)).status == 0)
    }

    @Test func aDumbTerminalGetsThePrintedMap() throws {
        let home = try TemporaryDirectory()
        let app = try session(home: home, term: "dumb")
        #expect(app.waitForOutput { $0.contains("skylens> ") })
        app.write("map Toronto\n")
        #expect(app.waitForOutput { $0.contains("zoom in|out · pan n|s|e|w") })
        #expect(!app.stdoutSoFar.contains("\u{1B}[?1049h"))
        app.write("quit\n")
        #expect(app.wait(timeout: .seconds(20)).status == 0)
    }
}
