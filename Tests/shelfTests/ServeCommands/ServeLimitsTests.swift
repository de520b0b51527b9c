import Foundation
import Testing
@testable import ShelfKit

/// `shelf serve` against slow and greedy clients (docs/safety.md, "The web UI on the network"):
/// half-sent headers, bodies that stop, a huge declared length, more connections than it has
/// descriptors for. The time limits are lowered through the environment; every wait is bounded
/// by a generous 10 s, which only a server that never acts reaches.
@Suite(.timeLimit(.minutes(2)))
struct ServeLimitsTests {
    static let head = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"

    @Test func aHalfSentHeaderIsClosedAndAKeptAliveConnectionStillServesRequests() throws {
        let library = try ServeCommandTests.library()
        let server = try ServeProcess(library: library, environment: ["SHELF_SERVE_HEADER_SECONDS": "1"])
        let slow = try RawConnection(port: server.port)
        try slow.send(ServeLimitsTests.head + "User-Agent: slow")
        let slowEnd = slow.readUntilClosed(within: 10)
        #expect(slowEnd.closed, "a half-sent header still held its connection after 10 s")
        #expect(slowEnd.text.isEmpty, "\(slowEnd.text)")

        // A browser's kept-alive connection: request after request on one connection.
        let browser = try RawConnection(port: server.port)
        for _ in 0..<3 {
            try browser.send(ServeLimitsTests.head + "\r\n")
            let response = browser.readResponse(within: 10)
            #expect(response?.hasPrefix("HTTP/1.1 200") == true, "\(String(describing: response))")
        }
    }

    @Test func slowConnectionsBeyondTheDescriptorsLeaveANormalRequestAnswered() throws {
        let library = try ServeCommandTests.library()
        // 64 descriptors: 32 connections in all. Ten clients of 8 slow connections each, 80 in
        // all, more than the server has descriptors; the header time limit is out of reach.
        let server = try ServeProcess(
            library: library, environment: ["SHELF_SERVE_HEADER_SECONDS": "600", "SHELF_SERVE_CONNECTIONS_PER_CLIENT": "8"],
            descriptorLimit: 64)
        // One client past its cap of 8: its longest-waiting connections make room for its newest.
        // Each is answered once first, so that they wait in the order they were opened.
        let greedy = try (0..<12).map { _ in
            let connection = try RawConnection(port: server.port, from: "127.0.0.12")
            try? connection.send(ServeLimitsTests.head + "\r\n")
            _ = connection.readResponse(within: 10)
            try? connection.send(ServeLimitsTests.head)
            return connection
        }
        #expect(ServeLimitsTests.open(greedy, expecting: 8) == 8)
        #expect(greedy.last?.readUntilClosed(within: 0.1).closed == false, "the newest connection was closed")
        var slow: [RawConnection] = []
        for client in 2...11 {
            for _ in 0..<8 {
                let connection = try RawConnection(port: server.port, from: "127.0.0.\(client)")
                try connection.send(ServeLimitsTests.head)
                slow.append(connection)
            }
        }
        let normal = try RawConnection(port: server.port)
        try normal.send(ServeLimitsTests.head + "\r\n")
        let response = normal.readResponse(within: 10)
        #expect(response?.hasPrefix("HTTP/1.1 200") == true, "no answer with 80 slow connections open: \(String(describing: response))")
        #expect(response?.contains("Dune") == true)
        // The slow connections made room: at most 32 connections are open at once, this one among them.
        let stillOpen = ServeLimitsTests.open(slow, expecting: 31)
        #expect(stillOpen <= 31, "\(stillOpen) slow connections still open")
        #expect(server.child.checkTermination() == nil, "the server ended")
    }

    /// How many of `connections` are open, once as few as `expected` are or 10 s passed.
    static func open(_ connections: [RawConnection], expecting expected: Int) -> Int {
        let deadline = MonotonicClock.now + 10
        var open = connections
        repeat {
            open = open.filter { !$0.readUntilClosed(within: 0.01).closed }
        } while open.count > expected && MonotonicClock.now < deadline
        return open.count
    }

    @Test func aDeclaredLengthOverTheLimitIsRefusedBeforeTheBodyIsSent() throws {
        let library = try ServeCommandTests.library()
        let before = try library.snapshot()
        let server = try ServeProcess(library: library)
        for (path, type, limit) in [
            ("/add/scan", "multipart/form-data; boundary=x", "25 MB"),
            ("/book/note?p=dune.md", "application/x-www-form-urlencoded", "1 MB"),
        ] {
            let connection = try RawConnection(port: server.port)
            try connection.send("POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: \(type)\r\nContent-Length: 1073741824\r\n\r\n")
            let end = connection.readUntilClosed(within: 10)
            #expect(end.text.hasPrefix("HTTP/1.1 413"), "\(path): \(end.text)")
            #expect(end.text.contains("This upload is 1073741824 bytes; this form takes at most \(limit)."), "\(end.text)")
            #expect(end.closed)
        }
        // A photo under the limit is still read (and refused for what it is, not for its size).
        let token = try server.token(try server.request("/add").body)
        let photo = try server.upload("/add/scan", token: token, photo: [UInt8](repeating: 0xFF, count: 2 * 1024 * 1024))
        #expect(photo.status != 413, "\(photo.status)")
        #expect(try library.snapshot() == before)
    }

    @Test func aBodyThatStopsOrDripsIsClosed() throws {
        let library = try ServeCommandTests.library()
        let before = try library.snapshot()
        let server = try ServeProcess(
            library: library, environment: ["SHELF_SERVE_BODY_STALL_SECONDS": "1", "SHELF_SERVE_BODY_SECONDS": "3"])
        let post =
            "POST /book/note?p=dune.md HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n"
        let stalled = try RawConnection(port: server.port)
        try stalled.send(post + "token=x&note=")
        #expect(stalled.readUntilClosed(within: 10).closed, "a stalled body still held its connection after 10 s")

        // A byte every half second never stalls for a second, but takes longer than 3 s in all.
        let drip = try RawConnection(port: server.port)
        try drip.send(post)
        let start = MonotonicClock.now
        var closed = false
        while !closed, MonotonicClock.now < start + 10 {
            try? drip.send("a")
            closed = drip.readUntilClosed(within: 0.5).closed
        }
        #expect(closed, "a dripping body still held its connection after 10 s")
        #expect(try library.snapshot() == before)
    }
}
