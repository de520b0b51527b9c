import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1, on a port the kernel picks, for tests that talk to
/// "Open Library" and "Google Books" without the internet.
///
/// Every connection gets one answer and is closed (`Connection: close`); each is served on a
/// thread of its own, so a reply that hangs does not hold up the next request. The routes
/// closure gets the method and the request target (path and query) and returns a `Reply`; a
/// reply may wait before answering, to play a server that hangs. Every request is recorded.
///
/// Call `stop()` when done (the accept thread keeps the server alive until then): it stops
/// accepting, cuts short any reply still waiting, closes the listening socket and waits for
/// every thread to end, so no test leaks a thread. Do not call it from inside a route.
public final class LoopbackHTTPServer: @unchecked Sendable {
    public typealias Routes = @Sendable (_ method: String, _ target: String) -> Reply

    /// The port the server listens on.
    public let port: UInt16
    /// `http://127.0.0.1:PORT`, with no trailing slash.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    private let routes: Routes
    private let lock = NSLock()
    private var listener: Int32
    private var stopped = false
    private var recorded: [RecordedRequest] = []
    private let threads = DispatchGroup()

    /// Starts serving at once.
    public init(routes: @escaping Routes) throws {
        self.routes = routes
        let socket = try Socket.listening()
        listener = socket.descriptor
        port = socket.port
        threads.enter()
        let thread = Thread { [self] in
            acceptLoop()
            threads.leave()
        }
        thread.name = "LoopbackHTTPServer:\(port)"
        thread.start()
    }

    /// Every request so far, in the order they arrived.
    public var requests: [RecordedRequest] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// The requests whose path (without the query) starts with `prefix`.
    public func requests(to prefix: String) -> [RecordedRequest] {
        requests.filter { $0.path.hasPrefix(prefix) }
    }

    /// Stops accepting, cuts short any reply still waiting, and waits for every thread to end.
    /// Calling it again does nothing.
    public func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        lock.unlock()
        guard !wasStopped else { return }
        threads.wait()
        lock.lock()
        let descriptor = listener
        listener = -1
        lock.unlock()
        if descriptor >= 0 { _ = close(descriptor) }
    }

    /// A port on 127.0.0.1 where nothing listens: bound, read back and closed again, so a
    /// connection to it is refused at once. The "offline" case.
    public static func closedPort() throws -> UInt16 {
        let socket = try Socket.bound()
        _ = close(socket.descriptor)
        return socket.port
    }

    /// `http://127.0.0.1:PORT` for a `closedPort()`.
    public static func closedBaseURL() throws -> String {
        "http://127.0.0.1:\(try closedPort())"
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func acceptLoop() {
        while !isStopped {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 20)
            guard ready > 0, poller.revents & Int16(POLLIN) != 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            threads.enter()
            let thread = Thread { [self] in
                serve(connection)
                _ = close(connection)
                threads.leave()
            }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        Socket.configure(connection)
        guard let request = Socket.readRequest(connection) else { return }
        lock.lock()
        recorded.append(request)
        lock.unlock()
        let reply = routes(request.method, request.target)
        // Wait in small steps, so that stop() cuts a simulated hang short.
        let deadline = Date().addingTimeInterval(reply.delay)
        while Date() < deadline && !isStopped { usleep(5_000) }
        if isStopped && reply.delay > 0 { return }
        Socket.sendAll(reply.serialized(), to: connection)
        if let endless = reply.endless {
            // Until the client hangs up (a send fails) or the server stops.
            let chunk = [UInt8](repeating: endless.byte, count: endless.chunk)
            while !isStopped && Socket.sendAll(chunk, to: connection) {
                if endless.pause > 0 { usleep(UInt32(endless.pause * 1_000_000)) }
            }
        }
        _ = shutdown(connection, Int32(SHUT_WR))
    }
}

/// One request as the server saw it.
public struct RecordedRequest: Sendable, Equatable {
    public var method: String
    /// The request target: path and query, as sent.
    public var target: String
    /// Header names lowercased.
    public var headers: [String: String]

    /// The path without the query.
    public var path: String { String(target.prefix { $0 != "?" }) }
    /// The query without the `?`, percent-encoding kept; "" when there is none.
    public var query: String { target.firstIndex(of: "?").map { String(target[target.index(after: $0)...]) } ?? "" }
    public var userAgent: String? { headers["user-agent"] }
}

/// The POSIX calls, kept apart from the server's logic.
enum Socket {
    struct Bound {
        var descriptor: Int32
        var port: UInt16
    }

    /// A TCP socket bound to 127.0.0.1 on an ephemeral port.
    static func bound() throws -> Bound {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw ServerError("socket() failed: errno \(errno)") }
        var yes: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            _ = close(descriptor)
            throw ServerError("bind/getsockname on 127.0.0.1 failed: errno \(code)")
        }
        return Bound(descriptor: descriptor, port: UInt16(bigEndian: address.sin_port))
    }

    /// A bound socket that listens.
    static func listening() throws -> (descriptor: Int32, port: UInt16) {
        let socket = try bound()
        guard listen(socket.descriptor, 32) == 0 else {
            let code = errno
            _ = close(socket.descriptor)
            throw ServerError("listen() failed: errno \(code)")
        }
        return (socket.descriptor, socket.port)
    }

    /// A receive timeout, so that a client that connects and sends nothing cannot hold a thread;
    /// no SIGPIPE on macOS (Linux uses MSG_NOSIGNAL when sending).
    static func configure(_ connection: Int32) {
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        _ = setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        // Nor can a client that stops reading hold an endless body's thread (and `stop()`).
        _ = setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
        var yes: Int32 = 1
        _ = setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Reads the request line and headers (a GET has no body); nil when the client sent no request.
    static func readRequest(_ connection: Int32) -> RecordedRequest? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        while bytes.count < 65_536 {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            bytes += buffer[0..<count]
            if bytes.containsSequence(end) { break }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.components(separatedBy: "\r\n")
        let requestLine = lines.first?.split(separator: " ").map(String.init) ?? []
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard !line.isEmpty else { break }
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return RecordedRequest(method: requestLine[0], target: requestLine[1], headers: headers)
    }

    /// Sends all of `bytes`, giving up quietly when the client has gone (it timed out).
    /// - Returns: false when the client had gone.
    @discardableResult
    static func sendAll(_ bytes: [UInt8], to connection: Int32) -> Bool {
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, flags) }
            if sent < 0 && errno == EINTR { continue }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }
}

extension Array where Element == UInt8 {
    /// True when `pattern` occurs in the array.
    fileprivate func containsSequence(_ pattern: [UInt8]) -> Bool {
        guard count >= pattern.count else { return false }
        return (0...(count - pattern.count)).contains { self[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }
}

/// A failure to set the server up.
public struct ServerError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
