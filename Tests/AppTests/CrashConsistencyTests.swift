import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Kills, damaged files and two sessions at once: the store always opens, and nothing stored is lost.
@Suite(.serialized) struct CrashConsistencyTests {
    func favourites(_ runner: ProcessRunner) throws -> [Int] {
        let result = try runner.run(["--format", "json", "favorites", "--limit", "500"])
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return ((document?["results"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? Int }
    }

    @Test func killedDuringTheImportCacheAndOutboxWritesTheStoreOpensAndNothingIsLost() throws {
        let home = try TemporaryDirectory()
        let weather = try LoopbackServer(always: .json(try weatherFixture("open-meteo-toronto.json")))
        let contact = try LoopbackServer(always: .json("{}", status: 503))
        let runner = AppBinary.runner(
            home: home,
            environment: [
                "SKYLENS_OPEN_METEO_URL": weather.baseURL.absoluteString,
                "SKYLENS_CONTACT_URL": contact.baseURL.absoluteString,
            ])
        // Something stored before the kills.
        _ = try runner.run([], stdin: "search toronto\nfav 1\n")
        _ = try runner.run([
            "--", "contact", "send", "--name", "A", "--email", "a@example.org", "--subject", "Kept", "--message",
            "0123456789",
        ])
        var state: UInt64 = 42
        for round in 0..<24 {
            state = state &* 6_364_136_223_846_793_005 &+ 1
            let delay = Double(state >> 40) / Double(1 << 24) * 0.08
            let script: String
            switch round % 3 {
            case 0:
                // The city import, on a data directory without a catalogue.
                try? FileManager.default.removeItem(at: home.file("cities.skycat"))
                script = "search a\n"
            case 1: script = "weather Toronto --refresh\nforecast --refresh\n"
            default:
                script = "contact send --name B --email b@example.org --subject Round\(round) --message 0123456789\n"
            }
            let process = try runner.start([])
            process.write(script)
            Thread.sleep(forTimeInterval: delay)
            process.kill()
            _ = process.wait(timeout: .seconds(10))
        }
        // The store opens, the catalogue is whole (imported again if it was cut), and what was stored is there.
        let search = try runner.run(["--format", "json", "search", "toronto"])
        #expect(search.status == 0, "\(search.stderr)")
        #expect(try favourites(runner) == [6167865])
        let outbox = try runner.run(["--format", "json", "contact", "outbox"])
        #expect(outbox.status == 0 && outbox.stdout.contains(#""subject":"Kept""#))
        #expect(try runner.run(["--", "weather", "Toronto"]).status == 0)
        // A half-written import of a killed process is removed by the next import.
        try Data("half".utf8).write(to: home.file("cities.skycat.importing-999999"))
        try FileManager.default.removeItem(at: home.file("cities.skycat"))
        #expect(try runner.run(["--", "search", "a"]).status == 0)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: home.path).filter {
            $0.contains(".importing-")
        }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test func aForeignFileWhereTheDatabaseShouldBeIsKeptAsideAndAFreshStoreStarts() throws {
        let home = try TemporaryDirectory()
        let foreign = Data("my notes, not a database\n".utf8) + Data(repeating: 0x41, count: 4096)
        try foreign.write(to: home.file("skylens.sqlite"))
        let result = try AppBinary.runner(home: home).run(["--", "search", "toronto"])
        #expect(result.status == 0)
        let result2 = try AppBinary.runner(home: home).run([], stdin: "search toronto\nfav 1\n")
        #expect(result2.status == 0)
        let aside = try FileManager.default.contentsOfDirectory(atPath: home.path).filter {
            $0.contains(".unreadable-")
        }
        #expect(aside.count == 1)
        #expect(try Data(contentsOf: home.file(aside[0])) == foreign)
        #expect((result.stderr + result2.stderr).contains("was not a readable SkyLens database; it was kept as"))
    }

    @Test func twoSessionsAtOnceLoseNoWriteAndNeverReportALock() throws {
        let home = try TemporaryDirectory()
        let runner = AppBinary.runner(home: home)
        // The catalogue first, so that both sessions start from the same one.
        _ = try runner.run(["--", "search", "a"])
        let ids = [6167865, 6173331, 6077243, 5913490, 6094817, 2988507, 2643743, 5128581, 1850147, 2147714]
        var writes = ""
        for round in 0..<15 {
            for id in ids { writes += round % 2 == 0 ? "fav #\(id)\n" : "unfav #\(id)\nfav #\(id)\n" }
        }
        let writer = try runner.start([])
        let reader = try runner.start([])
        writer.write(writes)
        reader.write(String(repeating: "favorites\nsearch par --favorites\n", count: 150))
        writer.closeInput()
        reader.closeInput()
        let written = writer.wait(timeout: .seconds(120))
        let read = reader.wait(timeout: .seconds(120))
        #expect(written.status == 0 && read.status == 0)
        #expect(!(written.stderr + read.stderr).lowercased().contains("locked"), "\(written.stderr) \(read.stderr)")
        #expect(written.stderr.isEmpty && read.stderr.isEmpty)
        #expect(try favourites(runner).sorted() == ids.sorted())
    }
}

@Suite(.serialized) struct UnwritableDataDirectoryTests {
    @Test func theAppSaysSoAndAnswersWhatItCan() throws {
        let parent = try TemporaryDirectory()
        try Data("a file, not a folder".utf8).write(to: parent.file("blocked"))
        let data = parent.file("blocked").appendingPathComponent("skylens").path
        let server = try LoopbackServer(always: .json(try weatherFixture("open-meteo-toronto.json")))
        let runner = ProcessRunner(
            executable: AppBinary.url,
            environment: [
                "SKYLENS_HOME": data, "TERM": "dumb", "SKYLENS_OPEN_METEO_URL": server.baseURL.absoluteString,
            ])
        let search = try runner.run(["--", "search", "toronto"])
        #expect(search.status == 0 && search.stdout.contains("Toronto, CA"))
        #expect(search.stderr.contains("cannot be saved in the data directory"))
        #expect(search.stderr.contains("favourites are unavailable"))
        let weather = try runner.run(["--", "weather", "Toronto"])
        #expect(weather.status == 0 && weather.stdout.contains("3 °C"))
        let send = try runner.run([
            "--", "contact", "send", "--name", "A", "--email", "a@example.org", "--subject", "S", "--message",
            "0123456789",
        ])
        #expect(send.status == 1 && send.stderr.contains("could not be opened"))
        let fav = try runner.run([], stdin: "search toronto\nfav 1\nabout\n")
        #expect(fav.stderr.contains("could not be opened") && fav.stdout.contains("SkyLens 0.1.0"))
    }
}
