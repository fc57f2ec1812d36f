import Foundation
import Logging
import Synchronization

/// What sends the bytes: one exchange (the request, the redirects it is allowed, the body collected up to a limit).
/// The live engine is `NIOHTTPEngine` (module `NIOTransport`: swift-server's async-http-client on SwiftNIO); this
/// module stays free of it, so that what only decodes answers (the providers' parsers, their fuzzers) builds without
/// SwiftNIO.
public protocol HTTPEngine: Sendable {
    /// Sends the request and follows redirects by `HTTPTransport`'s rules (only GET and HEAD, at most
    /// `maxRedirects`); refuses a body over `limit` bytes as soon as it is known to be one. Fails with
    /// `HTTPError.transport` (a timeout of its own as `.timedOut(seconds: 0)`) or `.cancelled`, never throws.
    func exchange(_ request: EngineRequest) async -> Result<HTTPResponse, HTTPError>
}

/// One request as an engine sends it.
public struct EngineRequest: Sendable {
    public var url: URL
    public var method: String
    /// Names as given; the engine sends them as they are.
    public var headers: [(name: String, value: String)]
    public var body: Data?
    /// For messages: `api.open-meteo.com`, `127.0.0.1:8080`.
    public var host: String
    public var maxBodyBytes: Int
    public var maxRedirects: Int
    /// Where a 2xx answer's body goes instead of memory (`HTTPRequest.bodyFile`); nil keeps it in the response.
    public var bodyFile: String?

    public init(
        url: URL, method: String, headers: [(name: String, value: String)], body: Data?, host: String,
        maxBodyBytes: Int, maxRedirects: Int, bodyFile: String? = nil
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.host = host
        self.maxBodyBytes = maxBodyBytes
        self.maxRedirects = maxRedirects
        self.bodyFile = bodyFile
    }
}

/// The one connection pool of the App, over an `HTTPEngine`: a deadline per request, a size limit per body, a
/// redirect limit (only GET and HEAD are redirected), cancellation that returns at once, `--offline`, and a small
/// in-memory cache that honours `Cache-Control: max-age` and `ETag`. Build one in the composition root and share it
/// between `HTTPClient`s.
public final class HTTPTransport: Sendable {
    public struct Configuration: Sendable {
        /// The whole request, connection to last byte, must finish within this.
        public var timeout: Duration
        /// No request leaves the process; every one fails with `TransportFailure.offline`.
        public var offline: Bool
        /// A body longer than this is refused while it arrives.
        public var maxBodyBytes: Int
        public var maxRedirects: Int
        public var userAgent: String
        /// How many responses the cache keeps (least recently stored go first).
        public var cacheCapacity: Int

        public init(
            timeout: Duration = .seconds(10),
            offline: Bool = false,
            maxBodyBytes: Int = 4 * 1_048_576,
            maxRedirects: Int = 5,
            userAgent: String = "SkyLens",
            cacheCapacity: Int = 64
        ) {
            self.timeout = timeout
            self.offline = offline
            self.maxBodyBytes = maxBodyBytes
            self.maxRedirects = maxRedirects
            self.userAgent = userAgent
            self.cacheCapacity = cacheCapacity
        }
    }

    public let configuration: Configuration
    let logger: Logger
    let cache: ResponseCache
    let engine: any HTTPEngine
    /// Told when a request to a host starts; what it returns is called when the request ends (the App's spinner).
    let activity: (@Sendable (_ host: String) -> @Sendable () -> Void)?

    public init(
        engine: any HTTPEngine,
        configuration: Configuration = Configuration(),
        logger: Logger,
        now: @escaping @Sendable () -> Date,
        activity: (@Sendable (_ host: String) -> @Sendable () -> Void)? = nil
    ) {
        self.configuration = configuration
        self.engine = engine
        self.logger = logger
        self.cache = ResponseCache(capacity: configuration.cacheCapacity, now: now)
        self.activity = activity
    }

    /// Sends `request` and returns the response whatever its status; throws only transport failures.
    func perform(
        _ request: PreparedRequest, host: String, timeout: Duration?, maxBodyBytes: Int? = nil,
        bodyFile: String? = nil
    ) async throws(HTTPError)
        -> HTTPResponse
    {
        if configuration.offline { throw .transport(host: host, .offline) }
        if Task.isCancelled { throw .cancelled }
        let deadline = timeout ?? configuration.timeout
        let limit = maxBodyBytes ?? configuration.maxBodyBytes
        var headers = request.headers.sorted { $0.name < $1.name }
        if !headers.contains(where: { $0.name.lowercased() == "user-agent" }) {
            headers.append((name: "User-Agent", value: configuration.userAgent))
        }
        let exchange = EngineRequest(
            url: request.url, method: request.method.uppercased(), headers: headers, body: request.body,
            host: host, maxBodyBytes: limit, maxRedirects: configuration.maxRedirects, bodyFile: bodyFile)
        let engine = self.engine
        let ended = activity?(host)
        defer { ended?() }
        // The first of the answer, the deadline (a GCD timer, not a sleeping task: it holds even when every thread
        // of the Swift concurrency pool is busy) and a cancellation is returned at once; the others stop the work.
        let race = Race()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                race.attach(continuation)
                race.start(
                    work: Task {
                        var answer = await engine.exchange(exchange)
                        // A timeout of the library's own is the deadline's: said with the deadline.
                        // (The library's read timeout, the configured one, may be the shorter.)
                        if case .failure(.transport(let host, .timedOut)) = answer {
                            let seconds = min(deadline.seconds, configuration.timeout.seconds)
                            answer = .failure(.transport(host: host, .timedOut(seconds: seconds)))
                        }
                        race.settle(answer)
                    },
                    timer: DeadlineTimer {
                        race.settle(.failure(.transport(host: host, .timedOut(seconds: deadline.seconds))))
                    }, after: deadline.seconds)
            }
        } onCancel: {
            race.settle(.failure(.cancelled))
        }
        return try result.get()
    }
}

/// Resumes the request's continuation exactly once, with the first of the answer, the deadline or a cancellation;
/// then stops the work and the timer.
private final class Race: Sendable {
    private struct State {
        /// Waiting for the outcome; nil once resumed (or before it is attached).
        var continuation: CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>?
        var settled = false
        /// The outcome, kept only when it came before the continuation (a cancellation at once): a cancelled timer's
        /// block holds the race until its deadline, and must not hold an answer's body with it.
        var result: Result<HTTPResponse, HTTPError>?
        var work: Task<Void, Never>?
        var timer: DeadlineTimer?
    }

    private let state = Mutex(State())

    /// A cancellation can settle the race before the continuation exists: it is then resumed at once.
    func attach(_ continuation: CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>) {
        let ready = state.withLock { state -> Result<HTTPResponse, HTTPError>? in
            if !state.settled { state.continuation = continuation }
            defer { state.result = nil }
            return state.result
        }
        if let ready { continuation.resume(returning: ready) }
    }

    func start(work: Task<Void, Never>, timer: DeadlineTimer, after seconds: Double) {
        let finished = state.withLock { state -> Bool in
            guard !state.settled else { return true }
            state.work = work
            state.timer = timer
            return false
        }
        if finished {
            work.cancel()
        } else {
            timer.schedule(after: seconds)
        }
    }

    func settle(_ result: Result<HTTPResponse, HTTPError>) {
        let (continuation, work, timer) = state.withLock {
            state -> (CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>?, Task<Void, Never>?, DeadlineTimer?)
            in
            guard !state.settled else { return (nil, nil, nil) }
            state.settled = true
            if state.continuation == nil { state.result = result }
            // Let go of all three: the work's task and the timer's block hold the race, and the race held them, so
            // every request stayed in memory for good (43 KB each; issue 25's session that grew without bound).
            defer { (state.continuation, state.work, state.timer) = (nil, nil, nil) }
            return (state.continuation, state.work, state.timer)
        }
        timer?.cancel()
        work?.cancel()
        continuation?.resume(returning: result)
    }
}

/// A deadline on a GCD timer source. `@unchecked Sendable`: a dispatch source is thread-safe (it may be resumed and
/// cancelled from any thread); the box only carries it across concurrency domains. A source, not `asyncAfter`: a
/// cancelled work item stays queued, with the block and all it holds, until its deadline (at a thousand failing
/// requests a second, 8 MB of them in a session); a cancelled source lets go of its handler at once.
final class DeadlineTimer: @unchecked Sendable {
    private let source: any DispatchSourceTimer
    /// Whether the source was resumed: a source released while suspended traps, so one never scheduled is cancelled
    /// and resumed (to no effect) before it goes.
    private let resumed = Mutex(false)

    init(_ action: @escaping @Sendable () -> Void) {
        source = DispatchSource.makeTimerSource(queue: .global())
        source.setEventHandler(handler: action)
    }

    func schedule(after seconds: Double) {
        source.schedule(deadline: .now() + seconds)
        resume()
    }

    func cancel() {
        source.setEventHandler(handler: nil)
        source.cancel()
    }

    private func resume() {
        let first = resumed.withLock { resumed in
            defer { resumed = true }
            return !resumed
        }
        if first { source.resume() }
    }

    deinit {
        source.setEventHandler(handler: nil)
        source.cancel()
        resume()
    }
}

extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

/// A request as the transport sends it: the URL, the method, the headers (a name once, whatever its case) and the
/// body. SkyLens's own type rather than Foundation's `URLRequest`, which would link FoundationNetworking and its
/// libcurl into a binary that never uses them (async-http-client does the sending).
struct PreparedRequest: Sendable {
    var url: URL
    var method: String
    private(set) var headers: [(name: String, value: String)] = []
    var body: Data?

    init(url: URL, method: String, body: Data? = nil) {
        self.url = url
        self.method = method
        self.body = body
    }

    /// Sets a header, replacing one of the same name in any case (as HTTP compares names).
    mutating func setHeader(_ name: String, _ value: String) {
        headers.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
        headers.append((name: name, value: value))
    }

    func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
