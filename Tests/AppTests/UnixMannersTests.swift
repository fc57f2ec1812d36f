import Foundation
import TestSupport
import Testing

/// SkyLens as a well-made Unix tool: one command reads no input, a closed reader or a full disk ends it properly,
/// signals give the terminal back, Ctrl-Z suspends, the window's size is followed, libedit is optional, input is
/// bounded. Each test failed before its fix (see docs/reliability.md).
@Suite(.serialized) struct UnixMannersTests {
    let bash = URL(fileURLWithPath: "/bin/bash")

    /// `bash -c script`, started, with `$APP` the App and `home` its data directory.
    func shell(_ script: String, home: TemporaryDirectory) throws -> RunningProcess {
        let runner = ProcessRunner(
            executable: bash,
            environment: [
                "SKYLENS_HOME": home.path, "TERM": "dumb", "SKYLENS_LOG_LEVEL": "error", "APP": AppBinary.url.path,
                "PATH": "/usr/bin:/bin",
            ])
        let started = try runner.start(["-c", script])
        started.closeInput()
        return started
    }

    // MARK: - One command means one command

    @Test(arguments: [
        ["search", "par"], ["open", "#2988507"], ["map", "Toronto", "--width", "40", "--height", "10"],
        ["weather", "Toronto"], ["hourly", "Toronto"], ["favorites"],
    ])
    func aOneShotCommandNeverReadsStandardInput(_ command: [String]) throws {
        let home = try TemporaryDirectory()
        // Standard input stays open and silent, as `sleep 30 | App -- search par` keeps it: the App must not wait.
        let app = try AppBinary.runner(home: home, environment: ["SKYLENS_OFFLINE": "1"]).start(["--"] + command)
        let started = ContinuousClock.now
        let result = app.wait(timeout: .seconds(20))
        #expect(ContinuousClock.now - started < .seconds(10), "\(command) waited for input")
        #expect(!result.signalled)
        if command.first == "open" {
            #expect(result.status == 0)
            #expect(result.stdout.contains("Paris, Ile-de-France, FR"))
        }
    }

    @Test func aOneShotCommandLeavesTheLoopsInputAlone() throws {
        let home = try TemporaryDirectory()
        let result = try shell(
            #"printf 'first\nsecond\n' | while read -r word; do "$APP" -- search par --limit 1 >/dev/null; echo "got $word"; done"#,
            home: home
        ).wait()
        #expect(result.stdout == "got first\ngot second\n", "\(result.stdout)")
    }

    @Test func theContactFormStillAsksItsQuestionsInOneShotMode() throws {
        let home = try TemporaryDirectory()
        let result = try AppBinary.runner(home: home).run(
            ["--", "contact"], stdin: "Ann\nann@example.org\n\nHi\nHello there, team\n.\nsubmit\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Saved in the outbox"), "\(result.stdout)")
    }

    // MARK: - Output that goes nowhere

    @Test func aClosedReaderEndsTheAppQuietlyAsSIGPIPEDoes() throws {
        let home = try TemporaryDirectory()
        let app = try shell(#"yes 'search a' | "$APP" | head -1; echo "statuses ${PIPESTATUS[*]}""#, home: home)
        let started = ContinuousClock.now
        let result = app.wait(timeout: .seconds(30))
        #expect(ContinuousClock.now - started < .seconds(15))
        #expect(result.stdout.contains("Cities starting with \"a\""))
        // yes and the App both end by SIGPIPE (128 + 13), head with 0; nothing is said.
        #expect(result.stdout.contains("statuses 141 141 0"), "\(result.stdout)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test func aFailedWriteIsReportedAndExitsNonZero() throws {
        let home = try TemporaryDirectory()
        let oneShot = try shell(#""$APP" -- search a --limit 500 >/dev/full"#, home: home).wait()
        #expect(oneShot.status == 74)
        #expect(oneShot.stderr.contains("cannot write to standard output: No space left on device"))
        let piped = try shell(#"printf 'search a\nabout\n' | "$APP" >/dev/full"#, home: home).wait()
        #expect(piped.status == 74)
        #expect(piped.stderr.components(separatedBy: "cannot write").count == 2, "said once: \(piped.stderr)")
    }

    /// Issue 25: a parent that sets its pipe non-blocking (some editors' and runners' do) saw the output cut at the
    /// pipe's 64 KiB, "Resource temporarily unavailable" and exit 74.
    @Test func aNonBlockingStandardOutputGetsTheWholeAnswer() throws {
        let home = try TemporaryDirectory()
        let pipe = Pipe()
        let writing = pipe.fileHandleForWriting.fileDescriptor
        #expect(fcntl(writing, F_SETFL, fcntl(writing, F_GETFL) | O_NONBLOCK) == 0)
        let process = Process()
        process.executableURL = AppBinary.url
        process.arguments = ["--format", "json", "search", "b", "--limit", "500"]
        process.environment = ["SKYLENS_HOME": home.path, "TERM": "dumb", "PATH": "/usr/bin:/bin"]
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try pipe.fileHandleForWriting.close()
        // Nobody reads for a second: the App fills the pipe and must wait, not give up.
        Thread.sleep(forTimeInterval: 1)
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(data.count > 65_536, "\(data.count) bytes")
        #expect((try? JSONSerialization.jsonObject(with: data)) != nil, "the document is whole")
    }

    /// Issue 25: `search` with a query of 100,000 characters wrote them all back (a 1 MB one, 1 MB).
    @Test func aHugeQueryIsNotEchoedBack() throws {
        let home = try TemporaryDirectory()
        let query = String(repeating: "x", count: 100_000)
        let result = try AppBinary.runner(home: home).run(["--", "search", query])
        #expect(result.stdout.utf8.count + result.stderr.utf8.count < 1_000, "\(result.stdout.prefix(200))")
        #expect(result.stdout.contains("starting with \"xxxxxxxx") && result.stdout.contains("…"))
    }

    // MARK: - Bounded input

    @Test func endlessInputWithoutLineEndsIsRefusedWithinSecondsInBoundedMemory() throws {
        let home = try TemporaryDirectory()
        let app = try shell(#"exec "$APP" < /dev/zero"#, home: home)
        var peak = 0
        let started = ContinuousClock.now
        while ContinuousClock.now - started < .seconds(30), let resident = app.residentKiB {
            peak = max(peak, resident)
            Thread.sleep(forTimeInterval: 0.01)
        }
        let result = app.wait(timeout: .seconds(5))
        #expect(ContinuousClock.now - started < .seconds(20))
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("without a line end"))
        #expect(peak < 300 * 1024, "peak resident memory \(peak / 1024) MB")
    }

    @Test func aLineOverTheLimitIsRefusedAndSkipped() throws {
        let home = try TemporaryDirectory()
        let result = try AppBinary.runner(home: home).run(
            [], stdin: "search " + String(repeating: "y", count: 100_000) + "\nabout\n")
        #expect(result.stderr.contains("a line of 100,007 bytes is longer than the limit of 65,536; skipped."))
        #expect(result.stdout.contains("SkyLens 0.1.0"))
        #expect(!result.stdout.contains("Cities starting with"))
    }
}

/// The same on a real pseudo-terminal (util-linux `script`): the terminal's modes after a signal, suspending,
/// editing keys, the window's size, TERM=dumb, a machine without libedit.
@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
struct TerminalMannersTests {
    /// `script` running `sh -c 'App; report'`, where the report gives the App's status and the terminal's modes
    /// after it (sh, unlike bash, does not restore them itself).
    func appThenModes(home: TemporaryDirectory, environment: [String: String] = [:]) throws -> RunningProcess {
        let runner = ProcessRunner(
            executable: URL(fileURLWithPath: "/usr/bin/script"),
            environment: ["SKYLENS_HOME": home.path, "TERM": "dumb", "SKYLENS_LOG_LEVEL": "error"].merging(environment)
            { $1 })
        let script = home.file("app-then-modes.sh")
        let lines = [
            "'\(AppBinary.url.path)'", #"echo "status=$?""#,
            #"stty -a | tr ' ;' '\n\n' | grep -E '^-?(icanon|echo)$' | tr '\n' ' '"#, "echo",
        ]
        try lines.joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
        return try runner.start(["-qfec", "sh '\(script.path)'", "/dev/null"])
    }

    /// The App's process id: a descendant of `script` (through the `sh` it started) running the App.
    func appProcess(under script: RunningProcess) -> Int32? {
        func parent(of pid: Int32) -> Int32? {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            return stat[stat.index(after: close)...].split(separator: " ").dropFirst().first.flatMap { Int32($0) }
        }
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap(Int32.init) ?? []
            let found = pids.first { pid in
                guard let command = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8),
                    command.hasPrefix(AppBinary.url.path)
                else { return false }
                var ancestor = parent(of: pid)
                for _ in 0..<3 {
                    if ancestor == script.processIdentifier { return true }
                    ancestor = ancestor.flatMap(parent(of:))
                }
                return false
            }
            if let found { return found }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    @Test(arguments: [(SIGTERM, 143), (SIGHUP, 129), (SIGINT, 130), (SIGQUIT, 131)])
    func aSignalAtThePromptGivesTheTerminalBackAndExitsConventionally(signal: Int32, status: Int) throws {
        let home = try TemporaryDirectory()
        let app = try appThenModes(home: home)
        #expect(app.waitForOutput { $0.contains("skylens> ") })
        let pid = try #require(appProcess(under: app))
        kill(pid, signal)
        let result = app.wait(timeout: .seconds(20))
        let output = result.stdout.replacingOccurrences(of: "\r", with: "")
        #expect(output.contains("status=\(status)"), "\(output)")
        #expect(output.contains("icanon echo"), "the terminal's modes after the App: \(output)")
        #expect(!output.contains("Press space") && !output.lowercased().contains("backtrace"))
    }

    @Test func sigtermDuringARequestEndsTheAppPromptlyWithTheTerminalBack() throws {
        let home = try TemporaryDirectory()
        let server = try LoopbackServer { _ in .hang }
        defer { server.stop() }
        let app = try appThenModes(
            home: home, environment: ["SKYLENS_OPEN_METEO_URL": server.baseURL.absoluteString, "SKYLENS_TIMEOUT": "60"])
        #expect(app.waitForOutput { $0.contains("skylens> ") })
        app.write("weather Toronto\n")
        #expect(app.waitForOutput(timeout: .seconds(10)) { _ in !server.requests.isEmpty })
        let pid = try #require(appProcess(under: app))
        let sent = ContinuousClock.now
        kill(pid, SIGTERM)
        let result = app.wait(timeout: .seconds(20))
        #expect(ContinuousClock.now - sent < .seconds(4))
        let output = result.stdout.replacingOccurrences(of: "\r", with: "")
        #expect(output.contains("status=143"), "\(output)")
        #expect(output.contains("icanon echo"), "\(output)")
    }

    /// Issue 25: Ctrl-Z in the full-screen map did nothing (raw mode turns the key into a byte), and a SIGTSTP from
    /// outside left the alternate screen, the mouse reporting and a hidden cursor while stopped.
    @Test func ctrlZInTheFullScreenMapGivesTheScreenBackAndFgRedrawsIt() throws {
        let home = try TemporaryDirectory()
        let runner = ProcessRunner(
            executable: URL(fileURLWithPath: "/usr/bin/script"),
            environment: [
                "SKYLENS_HOME": home.path, "TERM": "xterm", "SKYLENS_LOG_LEVEL": "error", "PS1": "$ ",
                "PATH": "/usr/bin:/bin", "COLUMNS": "80", "LINES": "24",
            ])
        let shell = try runner.start(["-qfec", "bash --norc --noprofile -i", "/dev/null"])
        defer { shell.kill() }
        shell.write("'\(AppBinary.url.path)'\n")
        #expect(shell.waitForOutput { $0.contains("skylens> ") })
        shell.write("map Toronto\n")
        #expect(shell.waitForOutput { $0.contains("q back") }, "\(shell.stdoutSoFar.suffix(500))")
        let before = shell.stdoutSoFar.count
        shell.write("\u{1A}")
        #expect(shell.waitForOutput { $0.contains("Stopped") }, "\(shell.stdoutSoFar.suffix(500))")
        // While stopped: the main screen, the cursor shown, no mouse reporting.
        let stopped = String(shell.stdoutSoFar.dropFirst(before))
        #expect(
            stopped.contains("\u{1B}[?1049l") && stopped.contains("\u{1B}[?25h") && stopped.contains("\u{1B}[?1000l"))
        let beforeFg = shell.stdoutSoFar.count
        shell.write("fg\n")
        // Continued: the alternate screen again, and the map drawn again.
        #expect(
            shell.waitForOutput { String($0.dropFirst(beforeFg)).contains("q back") },
            "\(shell.stdoutSoFar.suffix(500))")
        #expect(String(shell.stdoutSoFar.dropFirst(beforeFg)).contains("\u{1B}[?1049h"))
        shell.write("q")
        shell.write("quit\n")
        shell.write("exit\n")
        shell.closeInput()
        _ = shell.wait(timeout: .seconds(10))
    }

    @Test func ctrlZSuspendsAndFgResumesWithAWorkingPrompt() throws {
        let home = try TemporaryDirectory()
        let runner = ProcessRunner(
            executable: URL(fileURLWithPath: "/usr/bin/script"),
            environment: [
                "SKYLENS_HOME": home.path, "TERM": "dumb", "SKYLENS_LOG_LEVEL": "error", "PS1": "$ ",
                "PATH": "/usr/bin:/bin",
            ])
        // An interactive bash: job control, as at a real terminal.
        let shell = try runner.start(["-qfec", "bash --norc --noprofile -i", "/dev/null"])
        defer { shell.kill() }
        shell.write("'\(AppBinary.url.path)'\n")
        #expect(shell.waitForOutput { $0.contains("skylens> ") })
        shell.write("abo\u{1A}")
        #expect(shell.waitForOutput { $0.contains("Stopped") }, "\(shell.stdoutSoFar)")
        shell.write("fg\n")
        shell.write("ut\n")
        #expect(shell.waitForOutput { $0.contains("libedit: line editing") }, "\(shell.stdoutSoFar)")
        shell.write("quit\n")
        shell.write("exit\n")
        shell.closeInput()
        _ = shell.wait(timeout: .seconds(10))
    }

    func session(home: TemporaryDirectory, environment: [String: String] = [:]) throws -> RunningProcess {
        let runner = ProcessRunner(
            executable: URL(fileURLWithPath: "/usr/bin/script"),
            environment: ["SKYLENS_HOME": home.path, "TERM": "dumb", "SKYLENS_LOG_LEVEL": "error"].merging(environment)
            { $1 })
        return try runner.start(["-qfec", "exec '\(AppBinary.url.path)'", "/dev/null"])
    }

    @Test func homeEndAndDeleteAsTmuxAndScreenSendThemEditTheLine() throws {
        let home = try TemporaryDirectory()
        let app = try session(home: home)
        #expect(app.waitForOutput { $0.contains("skylens> ") })
        // "bout", Home, "a", End, "x", Left, Delete: "about".
        app.write("bout\u{1B}[1~a\u{1B}[4~x\u{1B}[D\u{1B}[3~\n")
        #expect(app.waitForOutput { $0.contains("libedit: line editing") }, "\(app.stdoutSoFar)")
        app.write("quit\n")
        let result = app.wait(timeout: .seconds(20))
        #expect(!result.stdout.contains("~"), "\(result.stdout)")
        #expect(!result.stdout.contains("Unknown command"))
    }

    @Test func termDumbGetsNoEscapeSequences() throws {
        let home = try TemporaryDirectory()
        // A list from a URL: its import draws a progress bar on a terminal that allows it.
        let cities = try LoopbackServer(
            always: .json(#"[{"country":"US","name":"Alpha","_id":4829764,"coord":{"lon":-86.75,"lat":32.75}}]"#))
        defer { cities.stop() }
        let app = try session(
            home: home, environment: ["SKYLENS_CITIES_URL": cities.baseURL.absoluteString, "SKYLENS_COLOR": "auto"])
        #expect(app.waitForOutput { $0.contains("skylens> ") })
        app.write("search al\n")
        app.write("help\n")
        app.write("quit\n")
        let result = app.wait(timeout: .seconds(30))
        #expect(result.stdout.contains("Alpha"), "\(result.stdout)")
        #expect(!result.stdout.contains("\u{1B}"), "an escape sequence: \(result.stdout.debugDescription)")
    }

    @Test func withoutLibeditTheAppSaysSoOnceAndReadsPlainLines() throws {
        let home = try TemporaryDirectory()
        let app = try session(home: home, environment: ["SKYLENS_LIBEDIT": "/nonexistent/libedit.so.2"])
        #expect(app.waitForOutput { $0.contains("skylens> ") })
        app.write("search toronto\n")
        #expect(app.waitForOutput { $0.contains("Toronto, Ontario, CA") })
        app.write("about\n")
        #expect(app.waitForOutput { $0.contains("Sources, services and licences") })
        app.write("quit\n")
        let result = app.wait(timeout: .seconds(20))
        #expect(result.status == 0)
        #expect(result.stdout.components(separatedBy: "line editing is off").count == 2, "\(result.stdout)")
        #expect(result.stdout.contains("/nonexistent/libedit.so.2"))
    }
}

/// The window's size, followed from one command to the next: the pseudo-terminal is resized under the App by
/// `stty cols` in a job beside it (which is what a terminal emulator does when its window changes: TIOCSWINSZ, then
/// SIGWINCH).
@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
struct WindowSizeTests {
    @Test func theNextMapUsesTheResizedWindow() throws {
        let home = try TemporaryDirectory()
        let resize = home.file("resize-now"), resized = home.file("resized")
        let script = home.file("session.sh")
        try """
        stty cols 40 rows 20
        (while [ ! -f '\(resize.path)' ]; do sleep 0.05; done; stty cols 120 rows 40 < /dev/tty; touch '\(resized.path)') &
        exec '\(AppBinary.url.path)'
        """.write(to: script, atomically: true, encoding: .utf8)
        let app = try ProcessRunner(
            executable: URL(fileURLWithPath: "/usr/bin/script"),
            environment: ["SKYLENS_HOME": home.path, "TERM": "dumb", "SKYLENS_LOG_LEVEL": "error"]
        ).start(["-qfec", "sh '\(script.path)'", "/dev/null"])
        #expect(app.waitForOutput { $0.contains("skylens> ") })
        app.write("map Toronto\n")
        #expect(app.waitForOutput { $0.contains("zoom 9") })
        #expect(FileManager.default.createFile(atPath: resize.path, contents: Data()))
        let deadline = ContinuousClock.now + .seconds(10)
        while !FileManager.default.fileExists(atPath: resized.path), ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        app.write("map Toronto\n")
        #expect(app.waitForOutput { $0.components(separatedBy: "zoom 9").count > 2 })
        app.write("quit\n")
        let result = app.wait(timeout: .seconds(20))
        // The map's rows (lines with braille dots), before and after the resize.
        let maps = result.stdout.replacingOccurrences(of: "\r", with: "").components(
            separatedBy: "skylens Toronto·map> ")
        func widest(_ text: String) -> Int {
            text.split(separator: "\n").filter { $0.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) } }
                .map(\.count).max() ?? 0
        }
        try #require(maps.count >= 2)
        #expect(widest(maps[0]) > 20 && widest(maps[0]) <= 40, "the map before: \(maps[0])")
        #expect(widest(maps[1]) > 80, "the map after the resize: \(maps[1])")
    }
}
