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

    struct Reply {
        var status: Int
        var body: String
        var location: String?
    }

    init(library: TemporaryLibrary, arguments: [String] = [], environment: [String: String] = [:]) throws {
        var childEnvironment = ChildProcess.currentEnvironment
        childEnvironment["SHELF_LIBRARY"] = nil
        for (key, value) in environment { childEnvironment[key] = value }
        child = try ChildProcess(
            try ShelfBinary.url().path, arguments: ["serve", "--library", library.root.path, "--port", "0"] + arguments,
            environment: childEnvironment, workingDirectory: library.root.path, standardInput: .null,
            standardOutput: .pipe, standardError: .pipe, processGroup: .new
        ).spawn()
        base = try ServeProcess.announcedURL(child)
    }

    deinit {
        child.kill(SIGKILL)
        child.closeStreams()
        _ = child.wait()
    }

    /// The URL in the `Serving … at http://…/` line.
    private static func announcedURL(_ child: SpawnedChild) throws -> URL {
        guard let descriptor = child.standardOutput else { throw ShelfTestError("no standard output") }
        var text = ""
        let deadline = MonotonicClock.now + 120
        while MonotonicClock.now < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            text += String(decoding: buffer[..<count], as: UTF8.self)
            if let range = text.range(of: "http://"), let end = text[range.upperBound...].firstIndex(of: "/"),
               let url = URL(string: String(text[range.lowerBound...end])) {
                return url
            }
        }
        let output = child.collectOutput(until: MonotonicClock.now + 1)
        throw ShelfTestError("shelf serve did not say where it listens: \(text) \(String(decoding: output.standardError, as: UTF8.self))")
    }

    /// GET or POST (a form) on the server; redirects are not followed, so tests see them.
    func request(_ path: String, form: [(String, String)]? = nil, headers: [String: String] = [:]) throws -> Reply {
        guard let form else { return try send(path, method: "GET", headers: headers) }
        return try send(path, method: "POST", body: Data(form.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&").utf8),
                        contentType: "application/x-www-form-urlencoded", headers: headers)
    }

    private func send(_ path: String, method: String, body: Data? = nil, contentType: String? = nil, headers: [String: String] = [:]) throws -> Reply {
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
                reply = Reply(status: response.statusCode, body: String(decoding: data ?? Data(), as: UTF8.self),
                              location: response.value(forHTTPHeaderField: "Location"))
            }
            failure = error
            done.signal()
        }.resume()
        done.wait()
        guard let reply else { throw failure ?? ShelfTestError("no reply for \(path)") }
        return reply
    }

    /// POSTs the scan form: the token and a photo, as a browser's multipart upload.
    func upload(_ path: String, token: String, photo: [UInt8]) throws -> Reply {
        let boundary = "----shelfTestBoundary7MA4YWxkTrZu0gW"
        var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"token\"\r\n\r\n\(token)\r\n".utf8)
        body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"../../etc/passwd\"\r\nContent-Type: image/jpeg\r\n\r\n".utf8)
        body += Data(photo) + Data("\r\n--\(boundary)--\r\n".utf8)
        return try send(path, method: "POST", body: body, contentType: "multipart/form-data; boundary=\(boundary)")
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
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}

