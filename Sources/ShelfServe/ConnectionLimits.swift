import Foundation
import ShelfKit

/// How long a client may take to send a request, how much it may send, and how many connections
/// it may hold: what keeps one slow or hostile client (anyone on the network, with `--host
/// 0.0.0.0`: these apply before the access token is seen) from holding the server's descriptors
/// and threads. `ConnectionGuard` enforces them on every connection.
struct ConnectionLimits: Sendable {
    /// Seconds a connection may wait for a whole request head (request line and headers), counted
    /// from the connection's opening or the end of the previous response: a half-sent header, or
    /// a kept-alive connection left idle, is closed after that. A browser sends its head at once
    /// and opens a new connection when a kept-alive one was closed.
    static let headerSeconds = 10
    /// Seconds a request's body may go without a byte arriving before the connection is closed.
    static let bodyStallSeconds = 15
    /// Seconds a whole body may take: the largest upload (a 25 MB photo) at about 0.7 Mbit/s.
    static let bodySeconds = 300
    /// Connections open at once from one client (an IPv4 address, or an IPv6 /64 network, which
    /// one machine may hold whole). A browser opens about 6 to one server.
    static let connectionsPerClient = 32
    /// Connections open at once from everyone: at most this, and at most half the descriptors the
    /// process may open (`RLIMIT_NOFILE`), so that the books, thumbnails and zbar's pipes always
    /// have the other half. Under the usual limit of 1,024 descriptors: 512.
    static let connectionsInAll = 512

    var header: TimeInterval = TimeInterval(headerSeconds)
    var bodyStall: TimeInterval = TimeInterval(bodyStallSeconds)
    var body: TimeInterval = TimeInterval(bodySeconds)
    var perClient = connectionsPerClient
    var inAll: Int

    /// The limits above, the total sized by this process's descriptor limit. The tests lower the
    /// others through the environment: `SHELF_SERVE_HEADER_SECONDS`, `SHELF_SERVE_BODY_STALL_SECONDS`,
    /// `SHELF_SERVE_BODY_SECONDS` and `SHELF_SERVE_CONNECTIONS_PER_CLIENT` (positive numbers; any
    /// other value is ignored).
    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        var limit = rlimit()
        let descriptors = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 ? Int(clamping: limit.rlim_cur) : 1024
        inAll = max(1, min(ConnectionLimits.connectionsInAll, descriptors / 2))
        func number(_ name: String) -> Double? { environment[name].flatMap(Double.init).flatMap { $0 > 0 ? $0 : nil } }
        header = number("SHELF_SERVE_HEADER_SECONDS") ?? header
        bodyStall = number("SHELF_SERVE_BODY_STALL_SECONDS") ?? bodyStall
        body = number("SHELF_SERVE_BODY_SECONDS") ?? body
        perClient = number("SHELF_SERVE_CONNECTIONS_PER_CLIENT").map { Int($0) } ?? perClient
    }

    /// The largest body a form may send: the scan form's photo (25 MB and the form around it);
    /// every other form 1 MB. A request declaring more is answered 413 before its body is read.
    static func maximumBody(path: String) -> Int {
        path == "/add/scan" ? BarcodeReader.maximumBytes + 64 * 1024 : 1 << 20
    }
}
