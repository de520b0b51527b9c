import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// A loopback server, a cache folder of its own, and the environment that points a
/// `BookLookupService` at both, with a 1-second timeout and a 10 ms first backoff.
/// Call `stop()` when done (`defer { harness.stop() }` also keeps the harness alive).
final class LookupHarness {
    let server: LoopbackHTTPServer
    let cache: TemporaryFolder

    /// The fake services of `FakeBookServices`.
    convenience init() throws {
        try self.init(making: { base in FakeBookServices.routes(base: base) })
    }

    /// A server on `routes` alone.
    convenience init(routes: @escaping LoopbackHTTPServer.Routes) throws {
        try self.init(making: { _ in routes })
    }

    /// The catalog, except that a request whose target starts with a key gets that key's reply.
    convenience init(overriding overrides: [String: @Sendable (String) -> Reply]) throws {
        try self.init(making: { base in
            { _, target in
                for (prefix, reply) in overrides where target.hasPrefix(prefix) { return reply(target) }
                return FakeBookServices.reply(to: target, base: base)
            }
        })
    }

    init(making routes: @escaping @Sendable (String) -> LoopbackHTTPServer.Routes) throws {
        server = try LoopbackHTTPServer(makeRoutes: routes)
        cache = try TemporaryFolder("shelf-lookup-cache")
    }

    var base: String { server.baseURL }

    /// The environment the service reads; `servicesAt` replaces the server's URL (a closed port).
    func environment(servicesAt url: String? = nil, timeout: String = "1", backoff: String = "0.01") -> [String: String] {
        [
            "SHELF_OPENLIBRARY_URL": url ?? base,
            "SHELF_GOOGLE_BOOKS_URL": url ?? base,
            "XDG_CACHE_HOME": cache.path,
            "HOME": cache.path,
            "SHELF_HTTP_TIMEOUT": timeout,
            "SHELF_HTTP_BACKOFF": backoff,
        ]
    }

    func service(servicesAt url: String? = nil, timeout: String = "1", backoff: String = "0.01") -> BookLookupService {
        BookLookupService(environment: environment(servicesAt: url, timeout: timeout, backoff: backoff))
    }

    /// Requests to Open Library's books API and to Google's volumes API.
    var openLibraryRequests: [RecordedRequest] { server.requests(to: "/api/books") }
    var googleRequests: [RecordedRequest] { server.requests(to: "/books/v1/volumes") }

    /// Cache files, relative to `XDG_CACHE_HOME`.
    var cachedFiles: [String] { cache.files() }

    func stop() { server.stop() }
}

/// The error a throwing call threw, or nil when it returned.
func lookupError<T>(_ body: () throws(LookupError) -> T) -> LookupError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}

func isbn(_ text: String) throws -> ISBN {
    try ISBN(validating: text)
}

/// The metadata the fixtures' books map to.
enum ExpectedMetadata {
    static func leftHand(base: String) -> BookMetadata {
        var metadata = BookMetadata(isbn13: FakeBookServices.ISBNs.leftHand, source: "openlibrary")
        metadata.title = "The Left Hand of Darkness"
        metadata.subtitle = "50th Anniversary Edition"
        metadata.authors = ["Ursula K. Le Guin"]
        metadata.publisher = "Ace Books"
        metadata.published = "1987-07-15"
        metadata.pages = 304
        metadata.genres = ["Science fiction", "Gender identity", "Winter"]
        metadata.coverURL = base + "/covers/b/id/8231856-L.jpg"
        metadata.openlibrary = "OL7283254M"
        metadata.goodreads = "18423"
        return metadata
    }

    static func pride(base: String, published: String = "2014-10-28") -> BookMetadata {
        var metadata = BookMetadata(isbn13: FakeBookServices.ISBNs.pride, source: "google")
        metadata.title = "Pride & Prejudice"
        metadata.subtitle = "A Novel"
        metadata.authors = ["Jane Austen"]
        metadata.publisher = "Penguin & Classics"
        metadata.published = published
        metadata.pages = 480
        metadata.genres = ["Fiction", "Classics", "Romance"]
        metadata.language = "en"
        metadata.coverURL = base + "/books/content?id=s1gVAAAAYAAJ&printsec=frontcover&img=1&zoom=1&source=gbs_api"
        return metadata
    }
}
