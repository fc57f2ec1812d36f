import CoreKit
import Diagnostics
import Foundation
import Logging
import NIOTransport
import Synchronization
import TestSupport
import Testing

@testable import Networking

@Suite struct HTTPClientTests {
    struct Greeting: Decodable, Equatable { var message: String }

    func client(
        _ server: LoopbackServer, timeout: Duration = .seconds(5), maxBody: Int = 1_048_576,
        log: InMemoryLog = InMemoryLog(), offline: Bool = false, now: @escaping @Sendable () -> Date = { Date() }
    ) -> HTTPClient {
        let transport = HTTPTransport(
            engine: NIOHTTPEngine(),
            configuration: .init(timeout: timeout, offline: offline, maxBodyBytes: maxBody), logger: log.logger(),
            now: now)
        return HTTPClient(baseURL: server.baseURL, transport: transport)
    }

    @Test func decodesJSONAndSendsMethodHeadersQueryAndBody() async throws {
        let server = try LoopbackServer(always: .json(#"{"message":"hi"}"#))
        let greeting = try await client(server).send(
            .get("/v1/hello", query: [QueryItem("city", "São Paulo")], headers: ["X-Trace": "1"]),
            decoding: Greeting.self)
        #expect(greeting == Greeting(message: "hi"))
        let request = try #require(server.requests.first)
        #expect(request.method == "GET")
        #expect(request.path == "/v1/hello")
        #expect(request.queryItems["city"] == "São Paulo")
        #expect(request.header("x-trace") == "1")

        struct Note: Encodable { var text: String }
        _ = try await client(server).send(.post("/notes", json: Note(text: "hello")))
        let post = try #require(server.requests.last)
        #expect(post.method == "POST" && post.bodyText == #"{"text":"hello"}"#)
        #expect(post.header("content-type") == "application/json")
    }

    /// A large download (`cities reload`) goes to a file as it arrives: the response holds none of it; an error's
    /// body is kept in memory as usual and no file is made; a file that cannot be written is said in the system's
    /// words, never as a network failure.
    @Test func aBodyAskedForInAFileIsWrittenThereAndNotKept() async throws {
        let directory = try TemporaryDirectory()
        let body = String(repeating: "0123456789", count: 300_000)
        let server = try LoopbackServer(always: .text(body))
        let path = directory.file("body").path
        let response = try await client(server, maxBody: 4 * 1_048_576).send(
            HTTPRequest(path: "/list", bodyFile: path))
        #expect(response.status == 200 && response.body.isEmpty)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == body)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)

        let failing = try LoopbackServer(always: .text("gone", status: 410))
        let other = directory.file("error").path
        do {
            _ = try await client(failing).send(HTTPRequest(path: "/list", bodyFile: other))
            Issue.record("a 410 must fail")
        } catch {
            guard case .status(let status) = error else { Issue.record("\(error)"); return }
            #expect(status.bodyText() == "gone")
        }
        #expect(!FileManager.default.fileExists(atPath: other))

        do {
            _ = try await client(server, maxBody: 4 * 1_048_576).send(
                HTTPRequest(path: "/list", bodyFile: directory.file("no/such/folder/body").path))
            Issue.record("a file in a missing folder cannot be written")
        } catch {
            #expect(error == .transport(host: "127.0.0.1:\(server.port)", .notSaved("No such file or directory")))
            #expect(error.message.contains("could not be saved: No such file or directory") && !error.isTransient)
        }
    }

    @Test func clientErrorCarriesStatusAndBody() async throws {
        let server = try LoopbackServer(always: .json(#"{"error":"unknown city"}"#, status: 404))
        await #expect(throws: HTTPError.self) { try await client(server).send(.get("/x")) }
        do {
            _ = try await client(server).send(.get("/x"))
        } catch {
            guard case .status(let status) = error else {
                Issue.record("expected a status error, got \(error)"); return
            }
            #expect(status.code == 404)
            #expect(status.bodyText() == #"{"error":"unknown city"}"#)
            #expect(error.message == #"127.0.0.1:\#(server.port) answered 404 Not Found: {"error":"unknown city"}"#)
            #expect(!error.isTransient)
        }
    }

    @Test func serverErrorIsTransientAndRetryAfterIsRead() async throws {
        let server = try LoopbackServer(always: .text("slow down", status: 429, headers: [("Retry-After", "120")]))
        do {
            _ = try await client(server).send(.get("/x"))
            Issue.record("expected an error")
        } catch {
            guard case .status(let status) = error else { Issue.record("wrong error \(error)"); return }
            #expect(status.retryAfter == 120)
            #expect(error.isTransient)
        }
        let failing = try LoopbackServer(always: .text("boom", status: 503))
        do {
            _ = try await client(failing).send(.get("/x"))
            Issue.record("expected an error")
        } catch {
            guard case .status(let status) = error else { Issue.record("wrong error \(error)"); return }
            #expect(status.code == 503 && status.bodyText() == "boom" && error.isTransient)
        }
    }

    @Test func malformedJSONIsADecodingFailure() async throws {
        let server = try LoopbackServer(always: .text("<html>not json</html>"))
        do {
            _ = try await client(server).send(.get("/x"), decoding: Greeting.self, expected: "a greeting")
            Issue.record("expected a decoding failure")
        } catch {
            guard case .decoding(let failure) = error else { Issue.record("wrong error \(error)"); return }
            #expect(failure.message.contains("not valid a greeting: it is not JSON"))
        }
        let wrongShape = try LoopbackServer(always: .json(#"{"message": 42}"#))
        do {
            _ = try await client(wrongShape).send(.get("/x"), decoding: Greeting.self)
            Issue.record("a number where a string belongs should not decode")
        } catch {
            #expect(error.message.contains("message is not text"))
        }
    }

    @Test func silentServerTimesOutWithinTheLimit() async throws {
        let server = try LoopbackServer { _ in .hang }
        defer { server.stop() }
        let started = ContinuousClock.now
        do {
            _ = try await client(server, timeout: .milliseconds(300)).send(.get("/x"))
            Issue.record("expected a timeout")
        } catch {
            #expect(error == .transport(host: "127.0.0.1:\(server.port)", .timedOut(seconds: 0.3)))
        }
        #expect(ContinuousClock.now - started < .seconds(3))
    }

    @Test func refusedConnectionIsATransportFailure() async throws {
        let port = closedLoopbackPort()
        let transport = HTTPTransport(engine: NIOHTTPEngine(), logger: InMemoryLog().logger(), now: { Date() })
        let client = HTTPClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!, transport: transport)
        do {
            _ = try await client.send(.get("/x"))
            Issue.record("expected a failure")
        } catch {
            guard case .transport(let host, .cannotConnect) = error else {
                Issue.record("wrong error \(error)"); return
            }
            #expect(host == "127.0.0.1:\(port)")
            #expect(error.isTransient)
        }
    }

    @Test func offlineModeMakesNoRequest() async throws {
        let server = try LoopbackServer(always: .json("{}"))
        await #expect(throws: HTTPError.transport(host: "127.0.0.1:\(server.port)", .offline)) {
            try await client(server, offline: true).send(.get("/x"))
        }
        #expect(server.requests.isEmpty)
    }

    @Test func bodyOverTheLimitIsRefused() async throws {
        let server = try LoopbackServer { _ in .huge(bytes: 5_000_000) }
        defer { server.stop() }
        await #expect(throws: HTTPError.transport(host: "127.0.0.1:\(server.port)", .tooLarge(limit: 100_000))) {
            try await client(server, maxBody: 100_000).send(.get("/x"))
        }
    }

    @Test func truncatedBodyIsAFailureNotAShortAnswer() async throws {
        let server = try LoopbackServer { _ in .truncated(.json(#"{"message":"a long message"}"#), bytes: 10) }
        await #expect(throws: HTTPError.self) { try await client(server).send(.get("/x"), decoding: Greeting.self) }
    }

    @Test func cancellationReturnsAtOnce() async throws {
        let server = try LoopbackServer { _ in .hang }
        defer { server.stop() }
        let client = client(server, timeout: .seconds(30))
        let task = Task { try await client.send(.get("/x")) }
        try await Task.sleep(for: .milliseconds(200))
        let started = ContinuousClock.now
        task.cancel()
        let result = await task.result
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(throws: HTTPError.cancelled) { try result.get() }
    }

    @Test func maxAgeIsServedFromCacheUntilItExpires() async throws {
        let server = try LoopbackServer(
            always: .json(#"{"message":"cached"}"#, headers: [("Cache-Control", "max-age=60")]))
        let clock = Mutex(Date(timeIntervalSince1970: 1_000))
        let client = client(server, now: { clock.withLock { $0 } })
        let first = try await client.send(.get("/x"))
        let second = try await client.send(.get("/x"))
        #expect(first.source == .network && second.source == .cache)
        #expect(server.requests.count == 1)
        clock.withLock { $0 += 61 }
        _ = try await client.send(.get("/x"))
        #expect(server.requests.count == 2)
    }

    @Test func etagIsRevalidatedWithIfNoneMatch() async throws {
        let server = try LoopbackServer { request in
            request.header("if-none-match") == "\"v1\""
                ? .respond(StubResponse(status: 304, headers: [("ETag", "\"v1\"")]))
                : .respond(.json(#"{"message":"tagged"}"#, headers: [("ETag", "\"v1\"")]))
        }
        let client = client(server)
        _ = try await client.send(.get("/x"))
        let again = try await client.send(.get("/x"), decoding: Greeting.self)
        #expect(again.message == "tagged")
        #expect(server.requests.count == 2)
        #expect(server.requests[1].header("if-none-match") == "\"v1\"")
    }

    @Test func expiresCountsFromTheServersDateAndLastModifiedIsRevalidatedWithIfModifiedSince() async throws {
        // MET Norway's way: `Expires` and `Last-Modified`, no max-age or ETag. The server's clock is a year off ours:
        // the freshness is the two headers' difference (30 s), not `Expires` against our clock.
        let modified = "Wed, 25 Nov 2026 10:00:00 GMT"
        let server = try LoopbackServer { request in
            request.header("if-modified-since") == modified
                ? .respond(StubResponse(status: 304, headers: [("Expires", "Wed, 25 Nov 2025 12:01:30 GMT")]))
                : .respond(
                    .json(
                        #"{"message":"metalerts"}"#,
                        headers: [
                            ("Date", "Tue, 25 Nov 2025 12:00:00 GMT"), ("Expires", "Tue, 25 Nov 2025 12:00:30 GMT"),
                            ("Last-Modified", modified),
                        ]))
        }
        let clock = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        let client = client(server, now: { clock.withLock { $0 } })
        _ = try await client.send(.get("/current.json"))
        #expect(try await client.send(.get("/current.json")).source == .cache)
        #expect(server.requests.count == 1)
        clock.withLock { $0 += 31 }
        let again = try await client.send(.get("/current.json"), decoding: Greeting.self)
        #expect(again.message == "metalerts" && server.requests.count == 2)
        #expect(server.requests[1].header("if-modified-since") == modified)
        #expect(ResponseCache.freshness([:], ["expires": "0"]) == 0, "an Expires that is no date is stale")
    }

    @Test func noStoreIsNeverCached() async throws {
        let server = try LoopbackServer(always: .json("{}", headers: [("Cache-Control", "no-store, max-age=60")]))
        let client = client(server)
        _ = try await client.send(.get("/x"))
        _ = try await client.send(.get("/x"))
        #expect(server.requests.count == 2)
    }

    @Test func secretQueryValuesNeverReachTheLog() async throws {
        let server = try LoopbackServer(always: .text("bad key", status: 401))
        let log = InMemoryLog()
        _ = try? await client(server, log: log).send(
            .get("/weather", query: [QueryItem("appid", "SECRET-KEY-123", secret: true)]))
        #expect(server.requests.first?.queryItems["appid"] == "SECRET-KEY-123")
        #expect(!log.events.isEmpty)
        #expect(!log.events.map { "\($0.message) \($0.metadata)" }.joined().contains("SECRET-KEY-123"))
    }

    @Test func redirectLoopIsStopped() async throws {
        let server = try LoopbackServer { request in
            .respond(StubResponse(status: 302, headers: [("Location", request.path == "/a" ? "/b" : "/a")]))
        }
        await #expect(throws: HTTPError.transport(host: "127.0.0.1:\(server.port)", .tooManyRedirects)) {
            try await client(server).send(.get("/a"))
        }
    }

    /// Issue 25: a redirect to a closed port was reported as the first server refusing; a redirect to `file://`
    /// showed a library's raw error text.
    @Test func aFailureAfterARedirectNamesTheHostThatFailedAndFileURLsAreRefused() async throws {
        let closed = closedLoopbackPort()
        let server = try LoopbackServer { request in
            request.path == "/file"
                ? .respond(StubResponse(status: 302, headers: [("Location", "file:///etc/passwd")]))
                : .respond(StubResponse(status: 302, headers: [("Location", "http://127.0.0.1:\(closed)/gone")]))
        }
        do {
            _ = try await client(server).send(.get("/a"))
            Issue.record("a redirect to a closed port must fail")
        } catch {
            guard case .transport(let host, .cannotConnect) = error else {
                Issue.record("wrong error \(error)"); return
            }
            #expect(host == "127.0.0.1:\(closed)", "\(error.message)")
        }
        do {
            _ = try await client(server).send(.get("/file"))
            Issue.record("a redirect to file:// must fail")
        } catch {
            #expect(error == .transport(host: "127.0.0.1:\(server.port)", .redirectRefused(scheme: "file")))
            #expect(
                error.message.contains("redirected to a file: URL, which SkyLens does not follow"), "\(error.message)")
        }
    }

    @Test func aPostIsNeverRedirectedAndTheConfiguredPathIsKept() async throws {
        let server = try LoopbackServer { request in
            request.path == "/m/"
                ? .respond(StubResponse(status: 308, headers: [("Location", "/elsewhere")]))
                : .respond(.json("{}"))
        }
        let transport = HTTPTransport(engine: NIOHTTPEngine(), logger: InMemoryLog().logger(), now: { Date() })
        let client = HTTPClient(baseURL: server.baseURL.appendingPathComponent("m/"), transport: transport)
        struct Note: Encodable { var text: String }
        do {
            _ = try await client.send(.post("", json: Note(text: "hello")))
            Issue.record("a redirected POST must not succeed")
        } catch {
            guard case .status(let status) = error else { Issue.record("wrong error \(error)"); return }
            #expect(status.code == 308 && status.headers["location"] == "/elsewhere")
        }
        #expect(server.requests.map(\.target) == ["/m/"])
    }

    @Test func credentialsAndBaseQueryValuesNeverReachTheLog() async throws {
        let server = try LoopbackServer(always: .text("no", status: 500))
        let log = InMemoryLog()
        let transport = HTTPTransport(engine: NIOHTTPEngine(), logger: log.logger(), now: { Date() })
        let base = try #require(URL(string: "http://user:s3cret@127.0.0.1:\(server.port)/m?token=TOPSECRET"))
        _ = try? await HTTPClient(baseURL: base, transport: transport).send(.get(""))
        #expect(server.requests.first?.queryItems["token"] == "TOPSECRET")
        let logged = log.events.map { "\($0.message) \($0.metadata)" }.joined()
        #expect(!logged.isEmpty && !logged.contains("s3cret") && !logged.contains("TOPSECRET"))
    }
}
