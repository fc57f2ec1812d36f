import Foundation
import TestSupport
import Testing

/// Issue 25: a session is meant to stay open all day (a status bar asks every minute), and one grew by about 49 KB a
/// weather request without bound (3,000 requests: 75 MB to 221 MB), whatever the server answered: every request's
/// task and answer were held by a reference cycle in the transport's race of answer, deadline and cancellation.
/// `make bench` draws the curve over 10,000 requests; this guards it: resident memory after 2,000 requests within
/// 5 MB of what it was after the first 500.
@Suite(.serialized) struct LongSessionTests {
    func growth(server: String, command: String) throws -> (warm: Int, later: Int) {
        let home = try TemporaryDirectory()
        let session = try AppBinary.runner(home: home, environment: ["SKYLENS_OPEN_METEO_URL": server]).start([])
        var asked = 0
        func run(_ count: Int) -> Int? {
            asked += count
            // Each answer ends with a line the test counts: `about`'s first.
            session.write(String(repeating: "\(command)\nabout\n", count: count))
            _ = session.waitForOutput(timeout: .seconds(300)) {
                $0.components(separatedBy: "SkyLens 0.1.0").count > asked
            }
            return session.residentKiB
        }
        let warm = try #require(run(500))
        let later = try #require(run(1_500))
        session.closeInput()
        _ = session.wait(timeout: .seconds(60))
        return (warm, later)
    }

    @Test func memoryStaysFlatOverTwoThousandWeatherRequests() throws {
        let server = try LoopbackServer(always: .json(try weatherFixture("open-meteo-toronto.json")))
        let (warm, later) = try growth(server: server.baseURL.absoluteString, command: "weather Toronto --refresh")
        #expect(later - warm < 5 * 1024, "resident memory grew from \(warm / 1024) MB to \(later / 1024) MB")
        #expect(server.requests.count >= 2_000)
    }

    @Test func memoryStaysFlatWhenEveryRequestFails() throws {
        let server = try LoopbackServer(always: .json(#"{"error":true,"reason":"down"}"#, status: 503))
        let (warm, later) = try growth(server: server.baseURL.absoluteString, command: "hourly Toronto --refresh")
        #expect(later - warm < 5 * 1024, "resident memory grew from \(warm / 1024) MB to \(later / 1024) MB")
    }
}
