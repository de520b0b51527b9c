import Foundation

/// Looks a book up by ISBN: the cache, then Open Library, then Google Books.
public struct BookLookupService: Sendable {
    var openLibrary: OpenLibraryClient
    var googleBooks: GoogleBooksClient
    var cache: LookupCache?

    /// The service as configured by the environment: `SHELF_OPENLIBRARY_URL`,
    /// `SHELF_GOOGLE_BOOKS_URL`, `XDG_CACHE_HOME`; `SHELF_HTTP_TIMEOUT` and `SHELF_HTTP_BACKOFF`
    /// (seconds) tune the HTTP client, for tests and slow links.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment, bulk: Bool = false) {
        var settings = HTTPClient.Settings()
        if let timeout = environment["SHELF_HTTP_TIMEOUT"].flatMap(Double.init) {
            settings.requestTimeout = timeout
            settings.totalTimeout = timeout * 3
        }
        if let backoff = environment["SHELF_HTTP_BACKOFF"].flatMap(Double.init) { settings.backoff = backoff }
        if bulk { settings.minimumInterval = environment["SHELF_HTTP_INTERVAL"].flatMap(Double.init) ?? 1 }
        let http = HTTPClient(settings: settings)
        openLibrary = OpenLibraryClient(base: environment["SHELF_OPENLIBRARY_URL"] ?? OpenLibraryClient.defaultBase, http: http)
        googleBooks = GoogleBooksClient(base: environment["SHELF_GOOGLE_BOOKS_URL"] ?? GoogleBooksClient.defaultBase, http: http)
        cache = LookupCache(environment: environment)
    }

    /// What the services know of `isbn`; nil when both say they know nothing.
    /// - Parameter refresh: skip the cache.
    /// - Throws: `LookupError` when no service could answer.
    public func lookup(_ isbn: ISBN, refresh: Bool = false) throws(LookupError) -> BookMetadata? {
        if !refresh, let cached = cache?.read(isbn) { return cached }
        var firstError: LookupError?
        do {
            if let found = try openLibrary.lookup(isbn) {
                cache?.write(found)
                return found
            }
        } catch {
            firstError = error
        }
        do {
            if let found = try googleBooks.lookup(isbn) {
                cache?.write(found)
                return found
            }
        } catch {
            throw firstError ?? error
        }
        if let firstError { throw firstError }
        return nil
    }

    /// One book a title search found: enough to choose it and add it by ISBN.
    public struct SearchHit: Sendable, Equatable {
        /// The title as the service gives it.
        public var title: String
        /// The authors' names, in the service's order.
        public var authors: [String]
        /// The year of first publication, when the service knows it.
        public var year: Int?
        /// The valid ISBNs of its editions, as 13 digits, at most five.
        public var isbns: [String]
    }

    /// The books Open Library finds for `words` (a title, perhaps with an author), at most
    /// `limit`; the lookup cache is not used.
    /// - Throws: `LookupError` when the service could not answer.
    public func search(_ words: String, limit: Int = 10) throws(LookupError) -> [SearchHit] {
        try openLibrary.search(words, limit: limit)
    }
}
