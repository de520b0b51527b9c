import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// The test server itself: what it records, that it answers what the routes say, and that it
/// stops promptly even in the middle of a simulated hang.
@Suite struct LookupLoopbackServerTests {
    func client() -> HTTPClient {
        var settings = HTTPClient.Settings()
        settings.requestTimeout = 1
        settings.totalTimeout = 3
        settings.backoff = 0.01
        return HTTPClient(settings: settings)
    }

    @Test func itAnswersWhatTheRoutesSayAndRecordsEachRequest() throws {
        let server = try LoopbackHTTPServer { method, target in
            .json(#"{"method": "\#(method)", "target": "\#(target)"}"#)
        }
        defer { server.stop() }
        #expect(server.baseURL.hasPrefix("http://127.0.0.1:") && server.port > 0)
        let response = try client().get(try #require(URL(string: server.baseURL + "/a/b?x=1&y=two")))
        #expect(response.status == 200)
        #expect(response.contentType == "application/json; charset=utf-8")
        let object = try JSONSerialization.jsonObject(with: response.body) as? [String: String]
        #expect(object == ["method": "GET", "target": "/a/b?x=1&y=two"])
        let request = try #require(server.requests.first)
        #expect(request.path == "/a/b")
        #expect(request.query == "x=1&y=two")
        #expect(request.userAgent == HTTPClient.Settings().userAgent)
        #expect(request.headers["accept"] == "application/json")
    }

    @Test func stopCutsAHangingReplyShort() throws {
        let server = try LoopbackHTTPServer { _, _ in .json("{}", delay: 30) }
        let finished = DispatchSemaphore(value: 0)
        let url = try #require(URL(string: server.baseURL + "/hang"))
        Thread.detachNewThread {
            _ = try? self.client().get(url)
            finished.signal()
        }
        while server.requests.isEmpty { usleep(5_000) }
        let started = Date()
        server.stop()
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(finished.wait(timeout: .now() + 5) == .success)
        server.stop()
    }

    @Test func aStoppedServerAndAClosedPortRefuseConnections() throws {
        let server = try LoopbackHTTPServer { _, _ in .notFound }
        let stoppedURL = try #require(URL(string: server.baseURL + "/x"))
        server.stop()
        let closedURL = try #require(URL(string: try LoopbackHTTPServer.closedBaseURL() + "/x"))
        for url in [stoppedURL, closedURL] {
            let error = lookupError { () throws(LookupError) in try client().get(url) }
            guard case .unreachable? = error else {
                Issue.record("\(url): expected unreachable, got \(String(describing: error))")
                continue
            }
        }
    }

    @Test func aSlowReplyDoesNotHoldUpTheNextRequest() throws {
        let server = try LoopbackHTTPServer { _, target in target == "/slow" ? .json("{}", delay: 30) : .image() }
        defer { server.stop() }
        let slow = try #require(URL(string: server.baseURL + "/slow"))
        Thread.detachNewThread { _ = try? HTTPClient().get(slow) }
        while server.requests.isEmpty { usleep(5_000) }
        let started = Date()
        let image = try client().get(try #require(URL(string: server.baseURL + "/cover.jpg")))
        #expect(image.status == 200)
        #expect(Date().timeIntervalSince(started) < 1)
    }

    @Test func theCatalogFindsTheISBNInEitherServicesQuery() {
        #expect(FakeBookServices.isbn(in: "/api/books?bibkeys=ISBN:9780441478125&format=json&jscmd=data") == "9780441478125")
        #expect(FakeBookServices.isbn(in: "/books/v1/volumes?q=isbn:9780141439518") == "9780141439518")
        #expect(FakeBookServices.isbn(in: "/books/v1/volumes?q=isbn%3A9780141439518") == "9780141439518")
        #expect(FakeBookServices.isbn(in: "/search.json?q=dune") == nil)
    }
}
