import Foundation

/// What the loopback server answers to one request.
public struct Reply: Sendable, CustomStringConvertible {
    public var status: Int
    /// Extra headers, such as `Content-Type` or `Retry-After`. `Content-Length` and
    /// `Connection: close` are always added.
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// Seconds to wait before answering: longer than the client's timeout plays a hung server.
    public var delay: TimeInterval
    /// A body with no end, sent after `body` (with no `Content-Length`) until the client hangs up.
    public var endless: EndlessBody?

    /// A body streamed without end: `chunk` bytes of `byte` at a time, `pause` seconds apart.
    public struct EndlessBody: Sendable {
        public var chunk: Int
        public var pause: TimeInterval
        public var byte: UInt8
    }

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = [], delay: TimeInterval = 0) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
    }

    /// A 200 answer whose body never ends: a fast stream (`pause` 0) tests the size cap, a
    /// trickle tests the total timeout.
    public static func endless(chunk: Int = 64 * 1024, pause: TimeInterval = 0, contentType: String = "application/json") -> Reply {
        var reply = Reply(status: 200, headers: [("Content-Type", contentType)], body: Array("[".utf8))
        reply.endless = EndlessBody(chunk: chunk, pause: pause, byte: UInt8(ascii: " "))
        return reply
    }

    /// A JSON answer.
    public static func json(_ text: String, status: Int = 200, delay: TimeInterval = 0) -> Reply {
        Reply(status: status, headers: [("Content-Type", "application/json; charset=utf-8")], body: Array(text.utf8), delay: delay)
    }

    /// A web page, as a captive portal or an error page sends.
    public static func html(_ text: String = LoopbackHTTPServer.captivePortalPage, status: Int = 200) -> Reply {
        Reply(status: status, headers: [("Content-Type", "text/html; charset=utf-8")], body: Array(text.utf8))
    }

    /// Plain text (used for a body that is neither JSON nor HTML).
    public static func text(_ text: String, status: Int = 200) -> Reply {
        Reply(status: status, headers: [("Content-Type", "text/plain")], body: Array(text.utf8))
    }

    /// An image (a JPEG unless told otherwise).
    public static func image(_ bytes: [UInt8] = LoopbackHTTPServer.fakeJPEG, contentType: String = "image/jpeg") -> Reply {
        Reply(status: 200, headers: [("Content-Type", contentType)], body: bytes)
    }

    /// An HTTP error status with a short text body; `retryAfter` adds the header.
    public static func status(_ status: Int, retryAfter: String? = nil) -> Reply {
        var reply = Reply.text("status \(status)", status: status)
        if let retryAfter { reply.headers.append(("Retry-After", retryAfter)) }
        return reply
    }

    public static let notFound = Reply.status(404)

    public var description: String {
        let type = headers.first { $0.name.lowercased() == "content-type" }?.value ?? "no type"
        return "\(status) \(type), \(body.count) bytes" + (delay > 0 ? " after \(delay) s" : "")
    }

    /// The bytes on the wire.
    func serialized() -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Reply.reason(status))\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if endless == nil { head += "Content-Length: \(body.count)\r\n" }
        head += "Connection: close\r\n\r\n"
        return Array(head.utf8) + body
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 404: return "Not Found"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        default: return "Status"
        }
    }
}

extension LoopbackHTTPServer {
    /// What a hotel Wi-Fi login page looks like to a JSON client.
    public static let captivePortalPage = """
        <!DOCTYPE html>
        <html><head><title>Sign in to Wi-Fi</title></head>
        <body><form action="/login"><input name="room"><button>Connect</button></form></body></html>
        """

    /// A tiny JPEG-looking file: the SOI/APP0 header, a few bytes, the EOI marker.
    public static let fakeJPEG: [UInt8] = [
        0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
        0x00, 0x01, 0x00, 0x00, 0x73, 0x68, 0x65, 0x6C, 0x66, 0xFF, 0xD9,
    ]
}

/// Counts calls per key, for routes that answer differently the second time (429, then 200).
public final class AttemptCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    public init() {}

    /// The number of earlier calls with `key` (0 the first time), then counts this one.
    public func next(_ key: String = "") -> Int {
        lock.lock()
        defer { lock.unlock() }
        let count = counts[key, default: 0]
        counts[key] = count + 1
        return count
    }
}

/// A fresh folder under the temporary folder, removed when the value goes away.
public final class TemporaryFolder: @unchecked Sendable {
    public let url: URL
    public var path: String { url.path }

    public init(_ label: String = "shelf-lookup") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The names of the files below the folder (recursively), sorted.
    public func files() -> [String] {
        let walker = FileManager.default.enumerator(atPath: path)
        var names: [String] = []
        while let name = walker?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isFolder), !isFolder.boolValue {
                names.append(name)
            }
        }
        return names.sorted()
    }
}
