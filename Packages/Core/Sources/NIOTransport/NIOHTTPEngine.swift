import AsyncHTTPClient
import CoreKit
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Networking
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The live `HTTPEngine`: swift-server's async-http-client on SwiftNIO. A request that waits for a slow server waits
/// in `epoll`, without spending the CPU that FoundationNetworking's libcurl bridge burned (3.0 s of CPU for a 3-second
/// wait, against 0.05 s now; see docs/benchmarks.md). Its client is made on the first request, so a run that sends none starts no event
/// loop, and shut down, without waiting, when the engine goes.
public final class NIOHTTPEngine: HTTPEngine {
    private let connectTimeout: Duration
    private let readTimeout: Duration?
    private let clientStorage = Mutex<AsyncHTTPClient.HTTPClient?>(nil)

    /// - Parameters:
    ///   - connectTimeout: a backstop; `HTTPTransport`'s deadline is the one that answers.
    ///   - readTimeout: the longest silence a response may keep (the App's `--timeout`): a long download may take
    ///     longer than that in all, but a server that stops sending is given up after it.
    public init(connectTimeout: Duration = .seconds(30), readTimeout: Duration? = nil) {
        self.connectTimeout = connectTimeout
        self.readTimeout = readTimeout
    }

    deinit {
        // Without waiting: the last reference may go on any thread, even an event loop's.
        clientStorage.withLock { $0?.shutdown { _ in } }
    }

    private var client: AsyncHTTPClient.HTTPClient {
        clientStorage.withLock { stored in
            if let client = stored { return client }
            // Redirects are followed in `exchange`, by the transport's rules; cookies are never kept.
            func milliseconds(_ duration: Duration) -> TimeAmount {
                let (seconds, attoseconds) = duration.components
                return .milliseconds(seconds * 1000 + attoseconds / 1_000_000_000_000_000)
            }
            var configuration = AsyncHTTPClient.HTTPClient.Configuration(
                redirectConfiguration: .disallow,
                timeout: .init(connect: milliseconds(connectTimeout), read: readTimeout.map(milliseconds)),
                decompression: .disabled)
            configuration.httpVersion = .http1Only
            // A refused connection is the answer, at once (the pool would otherwise retry until the deadline).
            configuration.connectionPool.retryConnectionEstablishment = false
            let client = AsyncHTTPClient.HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            stored = client
            return client
        }
    }

    public func exchange(_ exchange: EngineRequest) async -> Result<HTTPResponse, HTTPError> {
        let client = self.client
        let method = NIOHTTP1.HTTPMethod(rawValue: exchange.method)
        var headers = HTTPHeaders()
        for header in exchange.headers { headers.add(name: header.name, value: header.value) }
        let body = exchange.body, host = exchange.host, limit = exchange.maxBodyBytes
        var url = exchange.url
        var redirects = 0
        // The host asked now: after a redirect, a failure names the server that failed, not the first one.
        var current = host
        while true {
            var request = HTTPClientRequest(url: url.absoluteString)
            request.method = method
            request.headers = headers
            if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
            let response: HTTPClientResponse
            do {
                // A far deadline: the transport's own timer is the one that ends a slow request.
                response = try await client.execute(request, timeout: .hours(1))
            } catch {
                return .failure(Self.failure(error, host: current))
            }
            let status = Int(response.status.code)
            // Only GET and HEAD are redirected: the body of another method would be lost or sent again as a GET;
            // its 3xx is the answer.
            if (300..<400).contains(status), status != 304, method == .GET || method == .HEAD,
                let location = response.headers.first(name: "Location"),
                let next = URL(string: location, relativeTo: url)?.absoluteURL
            {
                redirects += 1
                guard redirects <= exchange.maxRedirects else {
                    return .failure(.transport(host: current, .tooManyRedirects))
                }
                let scheme = next.scheme?.lowercased() ?? ""
                guard scheme == "http" || scheme == "https", let nextHost = next.host, !nextHost.isEmpty else {
                    return .failure(.transport(host: current, .redirectRefused(scheme: scheme.isEmpty ? "?" : scheme)))
                }
                url = next
                current = next.port.map { "\(nextHost):\($0)" } ?? nextHost
                continue
            }
            if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > limit {
                return .failure(.transport(host: current, .tooLarge(limit: limit)))
            }
            var collected = Data()
            // A 2xx body asked for in a file goes there chunk by chunk: a download of hundreds of megabytes costs a
            // chunk of memory, not its size.
            var file: BodyFile?
            if let path = exchange.bodyFile, (200..<300).contains(status) {
                guard let opened = BodyFile(creating: path) else {
                    return .failure(.transport(host: current, .notSaved(String(cString: strerror(errno)))))
                }
                file = opened
            }
            defer { file?.finish() }
            var received = 0
            do {
                for try await chunk in response.body {
                    guard received + chunk.readableBytes <= limit else {
                        return .failure(.transport(host: current, .tooLarge(limit: limit)))
                    }
                    received += chunk.readableBytes
                    if let file {
                        if let reason = chunk.withUnsafeReadableBytes({ file.append($0) }) {
                            return .failure(.transport(host: current, .notSaved(reason)))
                        }
                    } else {
                        collected.append(contentsOf: chunk.readableBytesView)
                    }
                }
            } catch {
                return .failure(Self.failure(error, host: current))
            }
            var fields: [String: String] = [:]
            for (name, value) in response.headers {
                let key = name.lowercased()
                fields[key] = fields[key].map { "\($0), \(value)" } ?? value
            }
            return .success(HTTPResponse(status: status, headers: fields, body: collected))
        }
    }

    /// What went wrong, in the words the messages use.
    static func failure(_ error: any Error, host: String) -> HTTPError {
        if error is CancellationError { return .cancelled }
        if let error = error as? HTTPClientError {
            switch error {
            case .cancelled: return .cancelled
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout, .tlsHandshakeTimeout:
                return .transport(host: host, .timedOut(seconds: 0))
            case .remoteConnectionClosed, .uncleanShutdown:
                return .transport(host: host, .connectionLost(.closedByServer))
            case .bodyLengthMismatch, .contentLengthMissing:
                return .transport(host: host, .connectionLost(.bodyCutShort))
            case .invalidURL, .emptyHost, .emptyScheme:
                return .invalidRequest(Sentence("the URL is not one SkyLens can request", table: .core))
            default:
                if error == .unsupportedScheme("file") {
                    return .transport(host: host, .redirectRefused(scheme: "file"))
                }
                // Never a library's own text: what kind of failure, in SkyLens's words.
                return .transport(host: host, .other(.exchangeFailed))
            }
        }
        if let error = error as? NIOConnectionError {
            if error.dnsAError != nil || error.dnsAAAAError != nil, error.connectionErrors.isEmpty {
                return .transport(host: host, .cannotConnect(.nameNotResolved))
            }
            if let first = error.connectionErrors.first { return failure(first.error, host: host) }
            return .transport(host: host, .cannotConnect(.noAddressReachable))
        }
        if let error = error as? IOError {
            switch error.errnoCode {
            case ECONNREFUSED: return .transport(host: host, .cannotConnect(.refused))
            case ENETUNREACH, EHOSTUNREACH: return .transport(host: host, .cannotConnect(.noRoute))
            case ECONNRESET, EPIPE: return .transport(host: host, .connectionLost(.closedByServer))
            default: return .transport(host: host, .other(.system(String(cString: strerror(error.errnoCode)))))
            }
        }
        if error is HTTPParserError {
            return .transport(host: host, .connectionLost(.responseMalformed))
        }
        if error is ChannelError { return .transport(host: host, .connectionLost(.connectionFailed)) }
        return .transport(host: host, .other(.libraryFailed))
    }
}

/// The file a downloaded body is written to: made anew (truncated), readable by the user alone.
struct BodyFile {
    let descriptor: Int32

    /// Nil when the file cannot be made (`errno` says why).
    init?(creating path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }

    /// Writes all of `bytes`; the system's reason when it cannot (a full disk).
    func append(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard let base = bytes.baseAddress else { return nil }
        var done = 0
        while done < bytes.count {
            let written = write(descriptor, base + done, bytes.count - done)
            if written < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            done += written
        }
        return nil
    }

    func finish() {
        _ = close(descriptor)
    }
}
