import Foundation

/// Looks a book up by ISBN: the cache, then Open Library, then Google Books.
public struct BookLookupService: Sendable {
    public var openLibrary: OpenLibraryClient
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
}
