import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// What `BookLookupService` and `HTTPClient` do when a service misbehaves: retries, timeouts,
/// web pages where JSON was expected, and nothing listening at all.
@Suite struct LookupFailureTests {
    typealias ISBNs = FakeBookServices.ISBNs
    static let host = "127.0.0.1"

    @Test func a429IsRetriedAfterTheBackoff() throws {
        let attempts = AttemptCounter()
        let harness = try LookupHarness(overriding: [
            "/api/books": { target in
                attempts.next() == 0 ? .status(429) : FakeBookServices.reply(to: target, base: "http://covers")
            }
        ])
        defer { harness.stop() }
        let started = Date()
        let found = try harness.service().lookup(isbn(ISBNs.leftHand))
        #expect(found?.title == "The Left Hand of Darkness")
        #expect(harness.openLibraryRequests.count == 2)
        #expect(Date().timeIntervalSince(started) < 2)
    }

    @Test func aRetryAfterHeaderIsHonoured() throws {
        let attempts = AttemptCounter()
        let harness = try LookupHarness(overriding: [
            "/api/books": { target in
                attempts.next() < 2 ? .status(503, retryAfter: "0") : FakeBookServices.reply(to: target, base: "http://covers")
            }
        ])
        defer { harness.stop() }
        // A backoff of 30 s would make this test time out if Retry-After: 0 were not used.
        let found = try harness.service(backoff: "30").lookup(isbn(ISBNs.leftHand))
        #expect(found?.source == "openlibrary")
        #expect(harness.openLibraryRequests.count == 3)
    }

    @Test
    func aLongRetryAfterDoesNotHangTheLookup() throws {
        let harness = try LookupHarness(routes: { _, _ in .status(429, retryAfter: "3600") })
        defer { harness.stop() }
        let started = Date()
        let error = lookupError { () throws(LookupError) in try harness.service().lookup(try! isbn(ISBNs.leftHand)) }
        #expect(error == .rateLimited(host: Self.host))
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func serverErrorsUntilTheRetriesRunOutAreAServerError() throws {
        let harness = try LookupHarness(routes: { _, _ in .status(500) })
        defer { harness.stop() }
        let error = lookupError { () throws(LookupError) in try harness.service().lookup(try! isbn(ISBNs.leftHand)) }
        #expect(error == .serverError(host: Self.host, status: 500))
        #expect(harness.openLibraryRequests.count == 4, "the first attempt and three retries")
        #expect(harness.googleRequests.count == 4, "Google is tried too; Open Library's error is the one reported")
        #expect(error?.isConnectivity == true)
        #expect(error?.description == "127.0.0.1 failed with HTTP 500, still after retries")
    }

    @Test func tooManyRequestsUntilTheRetriesRunOutIsRateLimited() throws {
        let harness = try LookupHarness(overriding: ["/api/books": { _ in .status(429) }])
        defer { harness.stop() }
        let error = lookupError { () throws(LookupError) in try harness.service().lookup(try! isbn(ISBNs.unknown)) }
        #expect(error == .rateLimited(host: Self.host))
        #expect(harness.openLibraryRequests.count == 4)
    }

    @Test func aGoogleErrorIsReportedWhenOpenLibraryKnewNothing() throws {
        let harness = try LookupHarness(overriding: ["/books/v1/volumes": { _ in .status(502) }])
        defer { harness.stop() }
        let error = lookupError { () throws(LookupError) in try harness.service().lookup(try! isbn(ISBNs.unknown)) }
        #expect(error == .serverError(host: Self.host, status: 502))
    }

    @Test func aClientErrorIsNotRetried() throws {
        let harness = try LookupHarness(overriding: ["/api/books": { _ in .status(403) }])
        defer { harness.stop() }
        let error = lookupError { () throws(LookupError) in try harness.service().lookup(try! isbn(ISBNs.unknown)) }
        #expect(error == .httpError(host: Self.host, status: 403))
        #expect(harness.openLibraryRequests.count == 1)
        #expect(error?.isConnectivity == false)
    }

    @Test(arguments: [
        Reply.html(),
        Reply.html(status: 200),
        Reply.text("  \n<html><body>Log in</body></html>"),
    ])
    func aWebPageInsteadOfJSONIsNotJSON(reply: Reply) throws {
        let harness = try LookupHarness(overriding: ["/api/books": { _ in reply }])
        defer { harness.stop() }
        let error = lookupError { () throws(LookupError) in try harness.service().lookup(try! isbn(ISBNs.unknown)) }
        #expect(error == .notJSON(host: Self.host))
        #expect(error?.description.contains("web page") == true)
    }

    @Test(arguments: [#"{"ISBN:9780547928210": {"title": "The Hob"#, "not json at all", #"["an", "array"]"#])
    func malformedJSONIsMalformedJSON(body: String) throws {
        let harness = try LookupHarness(overriding: ["/api/books": { _ in .json(body) }])
        defer { harness.stop() }
        let error = lookupError { () throws(LookupError) in try harness.service().lookup(try! isbn(ISBNs.unknown)) }
        guard case .malformedJSON(let host, _)? = error else {
            Issue.record("expected malformedJSON, got \(String(describing: error))")
            return
        }
        #expect(host == Self.host)
        #expect(error?.isConnectivity == false)
    }

    @Test func googleSendingMalformedJSONIsMalformedJSON() throws {
        let harness = try LookupHarness(overriding: ["/books/v1/volumes": { _ in .json(#"{"totalItems": "#) }])
        defer { harness.stop() }
        let error = lookupError { () throws(LookupError) in try harness.service().lookup(try! isbn(ISBNs.unknown)) }
        if case .malformedJSON? = error {} else { Issue.record("got \(String(describing: error))") }
    }

    @Test func aServerThatHangsTimesOut() throws {
        let harness = try LookupHarness(overriding: [
            "/api/books": { target in
                var reply = FakeBookServices.reply(to: target, base: "http://covers")
                reply.delay = 4
                return reply
            }
        ])
        defer { harness.stop() }
        let started = Date()
        let error = lookupError { () throws(LookupError) in try harness.service(timeout: "1").lookup(try! isbn(ISBNs.leftHand)) }
        let elapsed = Date().timeIntervalSince(started)
        #expect(error == .timedOut(host: Self.host))
        #expect(error?.isConnectivity == true)
        #expect(elapsed < 3.5, "a 1-second timeout took \(elapsed) s")
        #expect(harness.openLibraryRequests.count == 1, "a timeout is not retried")
    }

    @Test func aClosedPortIsUnreachable() throws {
        let closed = try LoopbackHTTPServer.closedBaseURL()
        let cache = try TemporaryFolder()
        let service = BookLookupService(environment: [
            "SHELF_OPENLIBRARY_URL": closed, "SHELF_GOOGLE_BOOKS_URL": closed, "XDG_CACHE_HOME": cache.path,
            "SHELF_HTTP_TIMEOUT": "1", "SHELF_HTTP_BACKOFF": "0.01",
        ])
        let error = lookupError { () throws(LookupError) in try service.lookup(try! isbn(ISBNs.leftHand)) }
        guard case .unreachable(let host, _)? = error else {
            Issue.record("expected unreachable, got \(String(describing: error))")
            return
        }
        #expect(host == Self.host)
        #expect(error?.isConnectivity == true)
        #expect(error?.description.hasPrefix("cannot reach 127.0.0.1") == true)
        #expect(cache.files().isEmpty)
    }

    @Test func httpClientReturnsA404AndRetriesOnlyServerErrors() throws {
        let attempts = AttemptCounter()
        let harness = try LookupHarness(routes: { _, target in
            if target == "/missing" { return .notFound }
            return attempts.next() == 0 ? .status(500) : .image()
        })
        defer { harness.stop() }
        var settings = HTTPClient.Settings()
        settings.backoff = 0.01
        settings.requestTimeout = 1
        let client = HTTPClient(settings: settings)
        let missing = try client.get(try #require(URL(string: harness.base + "/missing")))
        #expect(missing.status == 404)
        #expect(try client.getJSON(try #require(URL(string: harness.base + "/missing"))) == nil)
        let image = try client.get(try #require(URL(string: harness.base + "/cover.jpg")))
        #expect(image.status == 200)
        #expect(image.contentType == "image/jpeg")
        #expect(Array(image.body) == LoopbackHTTPServer.fakeJPEG)
        #expect(harness.server.requests(to: "/cover.jpg").count == 2)
    }
}
