import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A request as the server received it. Header names are lower-cased.
public struct RecordedRequest: Sendable, Equatable {
    public var method: String
    /// The path with its query string: `/v1/forecast?latitude=1`.
    public var target: String
    public var headers: [String: String]
    public var body: Data

    public var path: String { String(target.prefix { $0 != "?" }) }

    public var queryItems: [String: String] {
        let items = URLComponents(string: target)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }
    public var bodyText: String { String(decoding: body, as: UTF8.self) }
}

/// A response to send.
public struct StubResponse: Sendable, Equatable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: Data

    public init(status: Int = 200, headers: [(String, String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public static func json(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> Self {
        Self(status: status, headers: [("Content-Type", "application/json")] + headers, body: Data(text.utf8))
    }

    public static func text(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> Self {
        Self(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")] + headers, body: Data(text.utf8))
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.status == rhs.status && lhs.body == rhs.body
            && lhs.headers.map { "\($0.0):\($0.1)" } == rhs.headers.map { "\($0.0):\($0.1)" }
    }
}

/// How the server answers one request; the misbehaviours are on purpose, for tests of failure handling.
public enum StubBehavior: Sendable {
    case respond(StubResponse)
    /// Waits, then answers.
    case delayed(StubResponse, by: Duration)
    /// Reads the request and never answers (until the server stops).
    case hang
    /// Closes the connection without a byte of answer.
    case close
    /// Announces the whole body in `Content-Length`, sends only the first `bytes` of it, and closes.
    case truncated(StubResponse, bytes: Int)
    /// Sends the response one byte every `interval`.
    case trickle(StubResponse, interval: Duration)
    /// Sends the head with `Content-Length: bytes` and then `bytes` of filler, in chunks, as fast as the client reads.
    case huge(bytes: Int)
}

/// A real HTTP/1.1 server on 127.0.0.1 with an ephemeral port, for tests: it records every request and answers
/// with whatever the handler says, including on purpose broken answers. One request per connection.
public final class LoopbackServer: Sendable {
    public let port: Int
    private let listener: Int32
    private let handler: @Sendable (RecordedRequest) -> StubBehavior
    private let recorded = Mutex<[RecordedRequest]>([])
    private let stopped = Mutex(false)
    private let openConnections = Mutex<Set<Int32>>([])

    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }
    public var requests: [RecordedRequest] { recorded.withLock { $0 } }

    public init(handler: @escaping @Sendable (RecordedRequest) -> StubBehavior) throws {
        self.handler = handler
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerError.socket(errno) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw ServerError.socket(errno)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.port = Int(UInt16(bigEndian: address.sin_port))
        self.listener = fd
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "LoopbackServer:\(port)"
        thread.start()
    }

    /// A server that answers every request with the same response.
    public convenience init(always response: StubResponse) throws {
        try self.init { _ in .respond(response) }
    }

    deinit { stop() }

    /// Stops accepting, and breaks every open connection (a hanging one included). Safe to call twice.
    public func stop() {
        let wasStopped = stopped.withLock { stopped in
            defer { stopped = true }
            return stopped
        }
        guard !wasStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for fd in openConnections.withLock({ $0 }) { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    public enum ServerError: Error { case socket(Int32) }

    private var isStopped: Bool { stopped.withLock { $0 } }

    private func acceptLoop() {
        while !isStopped {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            var one: Int32 = 1
            setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            openConnections.withLock { _ = $0.insert(client) }
            DispatchQueue.global().async { [self] in
                serve(client)
                openConnections.withLock { _ = $0.remove(client) }
                close(client)
            }
        }
    }

    private func serve(_ fd: Int32) {
        guard let request = readRequest(fd) else { return }
        recorded.withLock { $0.append(request) }
        switch handler(request) {
        case .respond(let response):
            write(fd, head(response, contentLength: response.body.count) + response.body)
        case .delayed(let response, let delay):
            if sleepUnlessStopped(delay) {
                write(fd, head(response, contentLength: response.body.count) + response.body)
            }
        case .hang:
            while !isStopped { if !sleepUnlessStopped(.milliseconds(50)) { break } }
        case .close:
            return
        case .truncated(let response, let bytes):
            write(fd, head(response, contentLength: response.body.count) + response.body.prefix(bytes))
        case .trickle(let response, let interval):
            let data = head(response, contentLength: response.body.count) + response.body
            for byte in data {
                guard write(fd, Data([byte])), sleepUnlessStopped(interval) else { return }
            }
        case .huge(let bytes):
            let response = StubResponse(status: 200, headers: [("Content-Type", "application/json")])
            guard write(fd, head(response, contentLength: bytes)) else { return }
            let chunk = Data(repeating: UInt8(ascii: " "), count: 64 * 1024)
            var sent = 0
            while sent < bytes, !isStopped {
                let piece = chunk.prefix(min(chunk.count, bytes - sent))
                guard write(fd, piece) else { return }
                sent += piece.count
            }
        }
    }

    /// Sleeps for `duration` in short steps; false when the server stopped meanwhile.
    private func sleepUnlessStopped(_ duration: Duration) -> Bool {
        let deadline = ContinuousClock.now + duration
        while ContinuousClock.now < deadline {
            if isStopped { return false }
            let left = deadline - ContinuousClock.now
            let step = min(left, .milliseconds(20))
            let (seconds, atto) = step.components
            var spec = timespec(tv_sec: Int(seconds), tv_nsec: Int(atto / 1_000_000_000))
            nanosleep(&spec, nil)
        }
        return !isStopped
    }

    private func head(_ response: StubResponse, contentLength: Int) -> Data {
        var lines = ["HTTP/1.1 \(response.status) \(Self.reason(response.status))"]
        for (name, value) in response.headers { lines.append("\(name): \(value)") }
        lines.append("Content-Length: \(contentLength)")
        lines.append("Connection: close")
        return Data((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    @discardableResult
    private func write(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let sent = send(fd, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += sent
            }
            return true
        }
    }

    private func readRequest(_ fd: Int32) -> RecordedRequest? {
        var buffer = Data()
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let separator = Data("\r\n\r\n".utf8)
        var headerEnd: Range<Data.Index>?
        while headerEnd == nil {
            let count = recv(fd, &chunk, chunk.count, 0)
            if count <= 0 { return nil }
            buffer.append(contentsOf: chunk[0..<count])
            headerEnd = buffer.range(of: separator)
            if buffer.count > 1_048_576 { return nil }
        }
        guard let headerEnd else { return nil }
        let headText = String(decoding: buffer[buffer.startIndex..<headerEnd.lowerBound], as: UTF8.self)
        var lines = headText.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        var body = Data(buffer[headerEnd.upperBound...])
        let expected = Int(headers["content-length"] ?? "0") ?? 0
        while body.count < expected {
            let count = recv(fd, &chunk, min(chunk.count, expected - body.count), 0)
            if count <= 0 { break }
            body.append(contentsOf: chunk[0..<count])
        }
        return RecordedRequest(
            method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: body)
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}

/// A port on 127.0.0.1 that nothing listens on (bound, then closed), for "connection refused".
public func closedLoopbackPort() -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    _ = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return Int(UInt16(bigEndian: address.sin_port))
}
