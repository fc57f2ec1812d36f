import Foundation
import TestSupport
import Testing

/// Files that are not what they should be, where the App keeps its data: never a crash or a hang; the App says what
/// is wrong in words, keeps the file aside (or, for a data directory that is a file, leaves it alone) and goes on.
/// Each test failed before its fix (see docs/reliability.md).
@Suite(.serialized) struct FileMannersTests {
    func kept(_ home: TemporaryDirectory, _ part: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.contains(part) }
    }

    func isPipe(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
    }

    @Test func aDataDirectoryThatIsAFileIsReportedAndTheSessionGoesOnInMemory() throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("skylens")
        try Data("my notes\n".utf8).write(to: file)
        let result = try AppBinary.runner(homePath: file.path).run(
            [], stdin: "fav #2988507\nfavorites\n", timeout: .seconds(60))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("The data directory \(file.path) is a file, not a folder, so nothing is saved"),
            "\(result.stderr)")
        // Before: "The city catalogue at …/cities.skycat cannot be read", and no favourites at all.
        #expect(result.stdout.contains("Paris, Ile-de-France, FR"), "\(result.stdout)")
        #expect(!result.stderr.contains("cannot be read"), "\(result.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == "my notes\n")
    }

    @Test func aNamedPipeWhereTheStoreBelongsIsKeptAsideAndAFreshStoreStarts() throws {
        let home = try TemporaryDirectory()
        #expect(mkfifo(home.file("skylens.sqlite").path, 0o600) == 0)
        let started = ContinuousClock.now
        let result = try AppBinary.runner(home: home).run(["--", "fav", "#2988507"], timeout: .seconds(30))
        #expect(ContinuousClock.now - started < .seconds(15), "the App waited on the pipe")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("was a named pipe (FIFO), not a database; it was kept as"), "\(result.stderr)")
        let aside = try kept(home, "skylens.sqlite.not-a-database-")
        #expect(aside.count == 1 && isPipe(home.file(aside[0]).path))
        let again = try AppBinary.runner(home: home).run(["--", "search", "--favorites"])
        #expect(again.stdout.contains("Paris, Ile-de-France, FR"))
    }

    @Test func aNamedPipeWhereTheCatalogueBelongsIsKeptAsideAndTheListImported() throws {
        let home = try TemporaryDirectory()
        #expect(mkfifo(home.file("cities.skycat").path, 0o600) == 0)
        let started = ContinuousClock.now
        let result = try AppBinary.runner(home: home).run(["--", "search", "toronto"], timeout: .seconds(30))
        #expect(ContinuousClock.now - started < .seconds(15), "the App waited on the pipe")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Toronto, Ontario, CA"))
        #expect(result.stderr.contains("was a named pipe (FIFO), not a city catalogue"), "\(result.stderr)")
        #expect(try kept(home, "cities.skycat.not-a-catalogue-").count == 1)
    }

    @Test func aNamedPipeWhereTheListOfPlacesBelongsIsAClearError() throws {
        let home = try TemporaryDirectory()
        #expect(mkfifo(home.file("locations.json").path, 0o600) == 0)
        let started = ContinuousClock.now
        let result = try AppBinary.runner(home: home, environment: ["SKYLENS_OFFLINE": "1"]).run(
            ["--", "presets"], timeout: .seconds(30))
        #expect(ContinuousClock.now - started < .seconds(15), "the App waited on the pipe")
        #expect(result.status == 1)
        #expect(result.stderr.contains("locations.json cannot be used as a list of places: it is a named pipe (FIFO)"))
    }

    @Test func aCatalogueTruncatedInPlaceDuringASessionDoesNotKillIt() throws {
        let home = try TemporaryDirectory()
        let app = try AppBinary.runner(home: home).start([])
        app.write("search par\n")
        #expect(app.waitForOutput { $0.contains("Cities starting with \"par\"") })
        // As an editor or `: > file` would: the same file, cut to nothing, while the App has it open.
        #expect(truncate(home.file("cities.skycat").path, 0) == 0)
        app.write("search tor\nnext\nopen 1\nsearch zz\n")
        #expect(app.waitForOutput { $0.contains("Cities starting with \"zz\"") }, "\(app.stdoutSoFar)")
        app.closeInput()
        let result = app.wait(timeout: .seconds(20))
        // Before: killed by SIGBUS at the first touch of a page that was gone.
        #expect(!result.signalled, "\(result.stderr)")
        #expect(result.status == 0, "\(result.stderr)")
    }
}

/// The history file is read by libedit, only on a terminal.
@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
struct HistoryFileTests {
    @Test func aNamedPipeWhereTheHistoryBelongsIsKeptAsideAndThePromptComes() throws {
        let home = try TemporaryDirectory()
        #expect(mkfifo(home.file("history").path, 0o600) == 0)
        let runner = ProcessRunner(
            executable: URL(fileURLWithPath: "/usr/bin/script"),
            environment: ["SKYLENS_HOME": home.path, "TERM": "dumb", "SKYLENS_LOG_LEVEL": "error"])
        let app = try runner.start(["-qfec", "exec '\(AppBinary.url.path)'", "/dev/null"])
        // Before: libedit's fopen waited for a writer, and no prompt ever came.
        #expect(app.waitForOutput(timeout: .seconds(20)) { $0.contains("skylens> ") }, "\(app.stdoutSoFar)")
        #expect(app.stdoutSoFar.unwrapped.contains("was a named pipe (FIFO), not a history file"), "\(app.stdoutSoFar)")
        app.write("about\n")
        #expect(app.waitForOutput { $0.contains("libedit") })
        app.write("quit\n")
        let result = app.wait(timeout: .seconds(20))
        #expect(result.status == 0)
        let history = try String(contentsOf: home.file("history"), encoding: .utf8)
        #expect(history.contains("about"))
    }
}
