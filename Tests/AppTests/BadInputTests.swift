import Foundation
import TestSupport
import Testing

/// Whatever arrives at the prompt: a clear message, never a crash, and memory that does not grow with commands.
@Suite(.serialized) struct BadInputTests {
    @Test func hugeBinaryAndBrokenLinesGetAMessageAndTheSessionGoesOn() throws {
        let home = try TemporaryDirectory()
        let session = try AppBinary.runner(home: home).start([])
        session.write("search " + String(repeating: "x", count: 1_048_576) + "\n")
        // "search " and bytes that are not UTF-8.
        session.write(Data([0x73, 0x65, 0x61, 0x72, 0x63, 0x68, 0x20, 0xFF, 0xFE, 0xC3, 0x28, 0x0A]))
        session.write("sea\u{0}rch\u{0}\n")
        session.write("      \n")
        session.write("map 'unbalanced\n")
        session.write("open #abc\n")
        session.write("page -1\n")
        session.write("search --limit 99999999999999999999 x\n")
        session.write("about\n")
        session.closeInput()
        let result = session.wait(timeout: .seconds(60))
        #expect(!result.signalled && result.status == 0)
        #expect(result.stdout.contains("no match"))
        #expect(result.stderr.contains("opening ' without a closing one"))
        #expect(result.stderr.contains("'#abc' is not an id"))
        #expect(result.stderr.contains("--limit must be a whole number from 1 to 500"))
        #expect(result.stdout.contains("SkyLens 0.1.0"))
    }

    @Test func tenThousandCommandsDoNotGrowMemory() throws {
        let home = try TemporaryDirectory()
        let session = try AppBinary.runner(home: home).start([])
        func run(_ count: Int, expecting total: Int) -> Int? {
            session.write(String(repeating: "search al --limit 1\nabout\nhlep\n", count: count))
            _ = session.waitForOutput(timeout: .seconds(120)) {
                $0.components(separatedBy: "Cities starting with").count > total
            }
            return session.residentKiB
        }
        let warm = try #require(run(1_000, expecting: 1_000))
        let later = try #require(run(9_000, expecting: 10_000))
        session.closeInput()
        let result = session.wait(timeout: .seconds(60))
        #expect(result.status == 0 || result.status == 64)
        #expect(later - warm < 8 * 1024, "resident memory grew from \(warm / 1024) MB to \(later / 1024) MB")
    }

    @Test func aTerminalTenColumnsWideIsServed() throws {
        let home = try TemporaryDirectory()
        let result = try AppBinary.runner(home: home, environment: ["COLUMNS": "10", "LINES": "5"])
            .run([], stdin: "help\nsearch toronto\nopen 1\nmap\nzoom out\nforecast\n")
        #expect(!result.signalled)
        #expect(result.stdout.contains("Toronto"))
        #expect(result.stdout.contains("zoom 8"))
    }
}
