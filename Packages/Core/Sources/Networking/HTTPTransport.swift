import Foundation
import Logging
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one connection pool of the App: a URLSession with a deadline per request, a size limit per body, a redirect
/// limit, cancellation that returns at once, `--offline`, and a small in-memory cache that honours
/// `Cache-Control: max-age` and `ETag`. Build one in the composition root and share it between `HTTPClient`s.
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
    private let delegate: SessionDelegate
    /// Made on the first request: a run that sends none never starts URLSession (nor its cookie storage).
    private let sessionStorage = Mutex<URLSession?>(nil)

    public init(
        configuration: Configuration = Configuration(),
        logger: Logger,
        now: @escaping @Sendable () -> Date
    ) {
        self.configuration = configuration
        self.logger = logger
        self.cache = ResponseCache(capacity: configuration.cacheCapacity, now: now)
        let delegate = SessionDelegate(maxRedirects: configuration.maxRedirects)
        self.delegate = delegate
    }

    private var session: URLSession {
        sessionStorage.withLock { stored in
            if let session = stored { return session }
            let sessionConfiguration = URLSessionConfiguration.ephemeral
            sessionConfiguration.urlCache = nil
            sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
            sessionConfiguration.timeoutIntervalForRequest = configuration.timeout.seconds
            sessionConfiguration.timeoutIntervalForResource = configuration.timeout.seconds
            sessionConfiguration.httpCookieStorage = nil
            sessionConfiguration.httpShouldSetCookies = false
            sessionConfiguration.httpCookieAcceptPolicy = .never
            let session = URLSession(configuration: sessionConfiguration, delegate: delegate, delegateQueue: nil)
            stored = session
            return session
        }
    }

    deinit { sessionStorage.withLock { $0?.invalidateAndCancel() } }

    /// Sends `request` to `url` and returns the response whatever its status; throws only transport failures.
    func perform(
        _ request: URLRequest, host: String, timeout: Duration?, maxBodyBytes: Int? = nil
    ) async throws(HTTPError)
        -> HTTPResponse
    {
        if configuration.offline { throw .transport(host: host, .offline) }
        if Task.isCancelled { throw .cancelled }
        let deadline = timeout ?? configuration.timeout
        var request = request
        // URLSession's own idle timeout is a backstop; the deadline below is the one that answers.
        request.timeoutInterval = deadline.seconds + 1
        if request.value(forHTTPHeaderField: "User-Agent") == nil {
            request.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
        }
        let task = session.dataTask(with: request)
        let id = task.taskIdentifier
        let limit = maxBodyBytes ?? configuration.maxBodyBytes
        let delegate = self.delegate
        let box = TaskBox(task)
        let result: Result<HTTPResponse, HTTPError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                delegate.register(id, host: host, limit: limit, deadline: deadline, continuation: continuation)
                // A GCD timer, not a sleeping task: the deadline holds even when every thread of the Swift
                // concurrency pool is busy.
                let timer = DeadlineTimer {
                    if delegate.finish(id, with: .failure(.transport(host: host, .timedOut(seconds: deadline.seconds))))
                    {
                        box.task.cancel()
                    }
                }
                delegate.attachTimer(id, timer)
                timer.schedule(after: deadline.seconds)
                box.task.resume()
            }
        } onCancel: {
            if delegate.finish(id, with: .failure(.cancelled)) { box.task.cancel() }
        }
        return try result.get()
    }
}

/// A deadline on a GCD queue. `@unchecked Sendable`: `DispatchWorkItem` is thread-safe (it may be scheduled and
/// cancelled from any thread); the box only carries it across concurrency domains.
final class DeadlineTimer: @unchecked Sendable {
    private let item: DispatchWorkItem

    init(_ action: @escaping @Sendable () -> Void) {
        item = DispatchWorkItem(block: action)
    }

    func schedule(after seconds: Double) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: item)
    }

    func cancel() { item.cancel() }
}

/// URLSessionTask is thread-safe (its methods may be called from any thread); this box only carries it across
/// the concurrency boundary of the timer and the cancellation handler, which call `cancel()` and nothing else.
private final class TaskBox: @unchecked Sendable {
    let task: URLSessionDataTask
    init(_ task: URLSessionDataTask) { self.task = task }
}

extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

/// Collects each task's response and body and resumes its continuation exactly once: on completion, on the
/// deadline, on cancellation, or as soon as the body passes the size limit.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct Pending {
        var host: String
        var limit: Int
        var deadline: Duration
        var continuation: CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>
        var response: HTTPURLResponse?
        var body = Data()
        var redirects = 0
        /// A redirect of a request that is not a GET was not followed (its body would be lost or re-sent as a
        /// GET); the 3xx is the answer.
        var redirectRefused = false
        var failure: HTTPError?
        var timer: DeadlineTimer?
    }

    private let maxRedirects: Int
    private let pending = Mutex<[Int: Pending]>([:])

    init(maxRedirects: Int) {
        self.maxRedirects = maxRedirects
    }

    func register(
        _ id: Int, host: String, limit: Int, deadline: Duration,
        continuation: CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>
    ) {
        pending.withLock {
            $0[id] = Pending(host: host, limit: limit, deadline: deadline, continuation: continuation)
        }
    }

    func attachTimer(_ id: Int, _ timer: DeadlineTimer) {
        let attached = pending.withLock { state -> Bool in
            guard state[id] != nil else { return false }
            state[id]?.timer = timer
            return true
        }
        if !attached { timer.cancel() }
    }

    /// Resumes the task's continuation with `result` unless it was already resumed. True when this call did it.
    @discardableResult
    func finish(_ id: Int, with result: Result<HTTPResponse, HTTPError>) -> Bool {
        guard let entry = pending.withLock({ $0.removeValue(forKey: id) }) else { return false }
        entry.timer?.cancel()
        entry.continuation.resume(returning: result)
        return true
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let tooLarge = pending.withLock { state -> Bool in
            guard var entry = state[dataTask.taskIdentifier] else { return false }
            entry.response = response as? HTTPURLResponse
            let expected = response.expectedContentLength
            if expected > 0, expected > Int64(entry.limit) {
                entry.failure = .transport(host: entry.host, .tooLarge(limit: entry.limit))
            }
            state[dataTask.taskIdentifier] = entry
            return entry.failure != nil
        }
        completionHandler(tooLarge ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let id = dataTask.taskIdentifier
        // Mutate the entry in place: copying it out and back would copy the whole body for every chunk.
        let overLimit = pending.withLock { state -> Bool in
            guard let received = state[id]?.body.count, let limit = state[id]?.limit, let host = state[id]?.host else {
                return false
            }
            if received + data.count > limit {
                state[id]?.failure = .transport(host: host, .tooLarge(limit: limit))
                state[id]?.body = Data()
                return true
            }
            state[id]?.body.append(data)
            return false
        }
        if overLimit { dataTask.cancel() }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let method = task.originalRequest?.httpMethod?.uppercased() ?? "GET"
        if method != "GET" && method != "HEAD" {
            pending.withLock { $0[task.taskIdentifier]?.redirectRefused = true }
            completionHandler(nil)
            return
        }
        let allowed = pending.withLock { state -> Bool in
            guard var entry = state[task.taskIdentifier] else { return false }
            entry.redirects += 1
            if entry.redirects > maxRedirects {
                entry.failure = .transport(host: entry.host, .tooManyRedirects)
            }
            state[task.taskIdentifier] = entry
            return entry.failure == nil
        }
        if allowed {
            completionHandler(request)
        } else {
            completionHandler(nil)
            task.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = pending.withLock({ $0[task.taskIdentifier] }) else { return }
        let result: Result<HTTPResponse, HTTPError>
        if let failure = entry.failure {
            result = .failure(failure)
        } else if let error {
            var failure = Self.classify(error)
            if case .timedOut = failure { failure = .timedOut(seconds: entry.deadline.seconds) }
            result = .failure(.transport(host: entry.host, failure))
        } else if let response = entry.response {
            var headers: [String: String] = [:]
            for (key, value) in response.allHeaderFields {
                if let key = key as? String, let value = value as? String { headers[key.lowercased()] = value }
            }
            if (300..<400).contains(response.statusCode), response.statusCode != 304, !entry.redirectRefused {
                result = .failure(.transport(host: entry.host, .tooManyRedirects))
            } else {
                result = .success(HTTPResponse(status: response.statusCode, headers: headers, body: entry.body))
            }
        } else {
            result = .failure(.transport(host: entry.host, .other("no HTTP response")))
        }
        finish(task.taskIdentifier, with: result)
    }

    static func classify(_ error: any Error) -> TransportFailure {
        let nsError = error as NSError
        guard nsError.domain == NSURLErrorDomain else { return .other(nsError.localizedDescription) }
        switch nsError.code {
        case NSURLErrorCannotConnectToHost: return .cannotConnect("connection refused")
        case NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed: return .cannotConnect("the host name did not resolve")
        case NSURLErrorNotConnectedToInternet: return .cannotConnect("no network connection")
        case NSURLErrorNetworkConnectionLost: return .connectionLost("the server closed the connection")
        case NSURLErrorTimedOut: return .timedOut(seconds: 0)
        case NSURLErrorHTTPTooManyRedirects, NSURLErrorRedirectToNonExistentLocation: return .tooManyRedirects
        case NSURLErrorBadServerResponse: return .connectionLost("the server's response was malformed")
        case NSURLErrorCancelled: return .other("cancelled")
        default: return .other(nsError.localizedDescription)
        }
    }
}
