import Foundation
@testable import ShelfKit

/// A TCP connection to the server on loopback that sends exactly the bytes a test gives (a
/// half-sent header, a body that stops), for what URLSession will not do. `from` picks the
/// loopback address it comes from (127.0.0.2…), so that one test can be several clients.
final class RawConnection {
    let descriptor: Int32

    init(port: Int, from source: String = "127.0.0.1") throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ShelfTestError("socket() failed: errno \(errno)") }
        do {
            try RawConnection.call("bind to \(source)", RawConnection.withAddress(source, port: 0) { bind(descriptor, $0, $1) })
            try RawConnection.call("connect", RawConnection.withAddress("127.0.0.1", port: port) { connect(descriptor, $0, $1) })
        } catch {
            close(descriptor)
            throw error
        }
    }

    deinit { close(descriptor) }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw ShelfTestError("send failed: errno \(errno)") }
            sent += count
        }
    }

    /// What the server sent until it closed the connection, or until `seconds` passed
    /// (`closed` false then).
    func readUntilClosed(within seconds: Double) -> (text: String, closed: Bool) {
        let read = readBytesUntilClosed(within: seconds)
        return (String(decoding: read.bytes, as: UTF8.self), read.closed)
    }

    /// What the server sends until it closes the connection (or `seconds` pass), as bytes.
    func readBytesUntilClosed(within seconds: Double) -> (bytes: [UInt8], closed: Bool) {
        var bytes: [UInt8] = []
        let deadline = MonotonicClock.now + seconds
        while MonotonicClock.now < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            // A reset (the server closed with our bytes unread) is a close too.
            guard count > 0 else { return (bytes, true) }
            bytes += buffer[..<count]
        }
        return (bytes, false)
    }

    /// One whole response (its head and a `Content-Length` body), within `seconds`; nil if none came.
    func readResponse(within seconds: Double) -> String? {
        var bytes: [UInt8] = []
        let deadline = MonotonicClock.now + seconds
        while MonotonicClock.now < deadline {
            let text = String(decoding: bytes, as: UTF8.self)
            if let end = text.range(of: "\r\n\r\n") {
                let length = text[..<end.lowerBound].split(separator: "\r\n")
                    .first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if text.utf8.count - text[..<end.upperBound].utf8.count >= length { return text }
            }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            bytes += buffer[..<count]
        }
        return nil
    }

    private static func call(_ what: String, _ result: Int32) throws {
        guard result == 0 else { throw ShelfTestError("\(what) failed: errno \(errno)") }
    }

    private static func withAddress(_ host: String, port: Int, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, host, &address.sin_addr)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }
}
