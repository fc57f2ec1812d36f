import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct LoopbackServerTests {
    @Test func recordsRequestsAndAnswers() async throws {
        let server = try LoopbackServer { request in
            .respond(.json(#"{"echo":"\#(request.path)"}"#, status: 201, headers: [("X-Test", "yes")]))
        }
        var request = URLRequest(url: server.baseURL.appendingPathComponent("hello"))
        request.httpMethod = "POST"
        request.httpBody = Data("body".utf8)
        request.setValue("abc", forHTTPHeaderField: "Idempotency-Key")
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 201)
        #expect(http.value(forHTTPHeaderField: "X-Test") == "yes")
        #expect(String(decoding: data, as: UTF8.self) == #"{"echo":"/hello"}"#)
        let recorded = try #require(server.requests.first)
        #expect(recorded.method == "POST" && recorded.bodyText == "body" && recorded.header("Idempotency-Key") == "abc")
    }

    @Test func aTruncatedBodyIsAnErrorForTheClient() async throws {
        let server = try LoopbackServer { _ in .truncated(.text("0123456789"), bytes: 3) }
        await #expect(throws: (any Error).self) {
            _ = try await URLSession.shared.data(from: server.baseURL)
        }
    }

    @Test func nothingListensOnAClosedPort() async throws {
        let url = URL(string: "http://127.0.0.1:\(closedLoopbackPort())/")!
        await #expect(throws: (any Error).self) { _ = try await URLSession.shared.data(from: url) }
    }

    @Test func temporaryDirectoriesAreRemoved() throws {
        var path = ""
        do {
            let directory = try TemporaryDirectory()
            path = directory.path
            #expect(FileManager.default.fileExists(atPath: path))
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
