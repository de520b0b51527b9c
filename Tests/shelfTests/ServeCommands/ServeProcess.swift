import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import ShelfKit

/// `shelf serve --port 0` on a temporary library, for the tests: started, asked over HTTP on
/// loopback, and stopped with Ctrl-C's signal.
final class ServeProcess {
    let child: SpawnedChild
    let base: URL
    /// What the server printed at start: the address line, and on the network the access link
    /// and its QR code.
    let announcement: String

    struct Reply {
        var status: Int
        var body: String
        var location: String?
        var headers: [String: String] = [:]

        func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    /// `onTerminal`: run on a pseudo-terminal (util-linux `script`), as a person starts it.
    /// `descriptorLimit`: run with that many descriptors at most (`ulimit -n`).
    init(
        library: TemporaryLibrary, arguments: [String] = [], environment: [String: String] = [:], onTerminal: Bool = false,
        descriptorLimit: Int? = nil
    ) throws {
        var childEnvironment = ChildProcess.currentEnvironment
        childEnvironment["SHELF_LIBRARY"] = nil
        // Never the user's own cache (thumbnails, lookups).
        childEnvironment["XDG_CACHE_HOME"] = testCacheHome
        for (key, value) in environment { childEnvironment[key] = value }
        var program = try ShelfBinary.url().path
        var words = ["serve", "--library", library.root.path, "--port", "0"] + arguments
        if let descriptorLimit {
            words = ["-c", "ulimit -n \(descriptorLimit) && exec \"$0\" \"$@\"", program] + words
            program = "/bin/sh"
        }
        if onTerminal {
            guard let script = ViewTerminal.scriptPath else { throw ShelfTestError("util-linux script is not installed") }
            words = ["-qec", ([program] + words).map(ViewTerminal.quoted).joined(separator: " "), "/dev/null"]
            program = script
        }
        let spawned = try ChildProcess(
            program, arguments: words, environment: childEnvironment, workingDirectory: library.root.path, standardInput: .null,
            standardOutput: .pipe, standardError: .pipe, processGroup: .new
        ).spawn()
        do {
            (base, announcement) = try ServeProcess.announcement(spawned)
        } catch {
            // No ServeProcess, so no deinit: the server must not outlive the failed test.
            spawned.kill(SIGKILL)
            spawned.closeStreams()
            _ = spawned.wait()
            throw error
        }
        child = spawned
    }

    var port: Int { base.port ?? 0 }

    /// The access link printed on the network (`…/?access=TOKEN`), or nil on loopback.
    var accessLink: String? {
        guard let range = announcement.range(of: "/?access=") else { return nil }
        let start = announcement[..<range.lowerBound].range(of: "http", options: .backwards)?.lowerBound ?? range.lowerBound
        return String(announcement[start...].prefix { !$0.isWhitespace })
    }

    /// The QR code's lines as printed (without colours: standard output is not a terminal).
    var qrLines: [Substring] {
        guard let link = accessLink, let range = announcement.range(of: link) else { return [] }
        return announcement[range.upperBound...].replacingOccurrences(of: "\r", with: "").split(separator: "\n")
    }

    /// A line without its ANSI colour sequences.
    static func visible(_ line: Substring) -> String {
        line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression).replacingOccurrences(of: "\r", with: "")
    }

    deinit {
        child.kill(SIGKILL)
        child.closeStreams()
        _ = child.wait()
    }

    /// The URL in the `Serving … at http(s)://…/` line, and all that was printed with it (on the
    /// network, read until the QR code's last line: it is as many lines as half its width).
    private static func announcement(_ child: SpawnedChild) throws -> (URL, String) {
        guard let descriptor = child.standardOutput else { throw ShelfTestError("no standard output") }
        var text = ""
        // Decoded whole each time: a read may end inside a character (the QR code's are 3 bytes).
        var bytes: [UInt8] = []
        let deadline = MonotonicClock.now + 120
        while MonotonicClock.now < deadline {
            if let range = text.range(of: " at http"), let end = text[range.upperBound...].range(of: "/ "),
                let url = URL(string: String(text[text.index(range.lowerBound, offsetBy: 4)..<end.upperBound].dropLast()))
            {
                guard text.contains("?access=") else { return (url, text) }
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                if let linkLine = lines.firstIndex(where: { $0.contains("?access=") }), text.hasSuffix("\n") {
                    let code = lines[(linkLine + 1)...].map(ServeProcess.visible).filter { !$0.isEmpty }
                    if let width = code.first?.count, code.count >= (width + 1) / 2 { return (url, text) }
                }
            }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            // A terminal ends lines with \r\n, to Swift one Character that is not "\n".
            bytes += buffer[..<count]
            text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        }
        let output = child.collectOutput(until: MonotonicClock.now + 1)
        throw ShelfTestError("shelf serve did not say where it listens: \(text) \(String(decoding: output.standardError, as: UTF8.self))")
    }

    /// GET or POST (a form) on the server; redirects are not followed, so tests see them.
    func request(_ path: String, form: [(String, String)]? = nil, headers: [String: String] = [:]) throws -> Reply {
        guard let form else { return try send(path, method: "GET", headers: headers) }
        return try send(
            path, method: "POST", body: Data(form.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&").utf8),
            contentType: "application/x-www-form-urlencoded", headers: headers)
    }

    private func send(
        _ path: String, method: String, body: Data? = nil, contentType: String? = nil, headers: [String: String] = [:]
    ) throws -> Reply {
        var request = URLRequest(url: URL(string: path, relativeTo: base)!)
        request.timeoutInterval = 60
        request.httpMethod = method
        request.httpBody = body
        if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let delegate = NoRedirects()
        let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var reply: Reply?
        nonisolated(unsafe) var failure: Error?
        session.dataTask(with: request) { data, response, error in
            if let response = response as? HTTPURLResponse {
                var headers: [String: String] = [:]
                for (name, value) in response.allHeaderFields { headers["\(name)"] = "\(value)" }
                reply = Reply(
                    status: response.statusCode, body: String(decoding: data ?? Data(), as: UTF8.self),
                    location: response.value(forHTTPHeaderField: "Location"), headers: headers)
            }
            failure = error
            done.signal()
        }.resume()
        done.wait()
        guard let reply else { throw failure ?? ShelfTestError("no reply for \(path)") }
        return reply
    }

    /// POSTs the scan form: the token and a photo, as a browser's multipart upload.
    func upload(_ path: String, token: String, photo: [UInt8], headers: [String: String] = [:]) throws -> Reply {
        let boundary = "----shelfTestBoundary7MA4YWxkTrZu0gW"
        var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"token\"\r\n\r\n\(token)\r\n".utf8)
        body += Data(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"../../etc/passwd\"\r\nContent-Type: image/jpeg\r\n\r\n"
                .utf8)
        body += Data(photo) + Data("\r\n--\(boundary)--\r\n".utf8)
        return try send(path, method: "POST", body: body, contentType: "multipart/form-data; boundary=\(boundary)", headers: headers)
    }

    /// The token the book page's forms carry.
    func token(_ page: String) throws -> String {
        guard let range = page.range(of: "name=\"token\" value=\"") else { throw ShelfTestError("no token in \(page)") }
        return String(page[range.upperBound...].prefix { $0 != "\"" })
    }

    func value(of name: String, in page: String) throws -> String {
        guard let range = page.range(of: "name=\"\(name)\" value=\"") else { throw ShelfTestError("no \(name) in \(page)") }
        return String(page[range.upperBound...].prefix { $0 != "\"" })
    }

    /// Sends SIGINT (Ctrl-C) and waits for the server to end.
    func interrupt() -> ChildTermination? {
        child.kill(SIGINT)
        return child.wait(until: MonotonicClock.now + 30)
    }

    private func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }
}

private final class NoRedirects: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
