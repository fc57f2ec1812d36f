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

    @Test func aDataDirectoryThatIsAFileIsReportedAndNothingIsClaimedKept() throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("skylens")
        try Data("my notes\n".utf8).write(to: file)
        let runner = AppBinary.runner(homePath: file.path)
        let result = try runner.run([], stdin: "fav #2988507\nfavorites\n", timeout: .seconds(60))
        #expect(
            result.stderr.contains("The data directory \(file.path) is a file, not a folder, so nothing can be kept"),
            "\(result.stderr)")
        // Before: "★ Paris is now a favourite" held in memory until the session ended, the next one had none.
        #expect(result.stderr.contains("Paris, FR is not a favourite: it could not be kept"), "\(result.stderr)")
        #expect(!result.stdout.contains("is now a favourite"))
        // The list still answers, read where it is installed.
        let search = try runner.run(["--", "search", "paris"])
        #expect(search.status == 0 && search.stdout.contains("Paris, Ile-de-France, FR"), "\(search.stderr)")
        #expect(!search.stderr.contains("cannot be read"), "\(search.stderr)")
        // One-shot: exit status 73, the message in words, for a favourite, a unit and a message.
        let fav = try runner.run(["--", "fav", "#2988507"])
        #expect(fav.status == 73, "\(fav.stderr)")
        let unit = try runner.run(["--", "unit", "f"])
        #expect(unit.status == 73 && unit.stderr.contains("for this session only: they could not be kept"))
        let send = try runner.run([
            "--", "contact", "send", "--name", "A", "--email", "a@example.org", "--subject", "S", "--message",
            "0123456789",
        ])
        #expect(send.status == 73 && send.stderr.contains("Nothing was sent or kept."), "\(send.stderr)")
        #expect(!send.stdout.contains("Saved in the outbox") && !send.stdout.contains("Nothing is lost"))
        // A feature given no place still answers: the default place, said, never an error about the store.
        let sky = try runner.run(["--", "sky"])
        #expect(sky.status == 0 && sky.stdout.contains("Toronto"), "\(sky.stderr)")
        #expect(sky.stderr.contains("The last place cannot be read"), "\(sky.stderr)")
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
        // A list from a URL: kept in the data directory (the built-in one is read where it is installed).
        let cities = [
            (2988507, "Paris", "FR", 2.35, 48.85), (3171457, "Parma", "IT", 10.33, 44.80),
            (6167865, "Toronto", "CA", -79.42, 43.70), (3165524, "Torino", "IT", 7.69, 45.07),
        ]
        let list = try LoopbackServer(
            always: .json(
                "["
                    + cities.map {
                        #"{"_id":\#($0.0),"name":"\#($0.1)","country":"\#($0.2)","coord":{"lon":\#($0.3),"lat":\#($0.4)}}"#
                    }.joined(separator: ",") + "]"))
        let app = try AppBinary.runner(home: home, environment: ["SKYLENS_CITIES_URL": list.baseURL.absoluteString])
            .start([])
        app.write("search par\n")
        #expect(app.waitForOutput { $0.contains("Cities starting with \"par\"") }, "\(app.stderrSoFar)")
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
