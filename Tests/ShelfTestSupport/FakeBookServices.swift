import Foundation

/// Open Library and Google Books played by one loopback server: the fixture books by ISBN,
/// search, and cover images. Point both `SHELF_OPENLIBRARY_URL` and `SHELF_GOOGLE_BOOKS_URL`
/// at `server.baseURL`.
///
/// | ISBN-13 | Open Library | Google Books |
/// | --- | --- | --- |
/// | 9780441478125 | The Left Hand of Darkness (full) | not found |
/// | 9780306406157 | sparse record | not found |
/// | 9780802130303 | Ficciones (ISBN-10 identifiers only) | not found |
/// | 9780141439518 | `{}` | Pride & Prejudice |
/// | 9780553293357 | `{}` | Foundation's Edge |
/// | 9780765326355 | `{}` | another edition only |
/// | anything else | `{}` | `totalItems: 0` |
public enum FakeBookServices {
    public enum ISBNs {
        public static let leftHand = "9780441478125"
        public static let leftHand10 = "0441478123"
        public static let sparse = "9780306406157"
        public static let ficciones = "9780802130303"
        public static let ficciones10 = "0802130305"
        public static let pride = "9780141439518"
        public static let foundationsEdge = "9780553293357"
        public static let wayOfKings = "9780765326355"
        /// Valid, and known to neither service (The Hobbit).
        public static let unknown = "9780547928210"
    }

    /// Routes for a server at `base`: cover URLs in the answers point back at it.
    public static func routes(base: String) -> LoopbackHTTPServer.Routes {
        { _, target in reply(to: target, base: base) }
    }

    /// A server playing both services; stop it when done.
    public static func start() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { base in routes(base: base) }
    }

    /// The catalog's answer to `target`.
    public static func reply(to target: String, base: String) -> Reply {
        let path = String(target.prefix { $0 != "?" })
        switch path {
        case "/api/books":
            switch isbn(in: target) {
            case ISBNs.leftHand: return .json(OpenLibraryFixtures.leftHandOfDarkness(covers: base + "/covers"))
            case ISBNs.sparse: return .json(OpenLibraryFixtures.sparseRecord)
            case ISBNs.ficciones: return .json(OpenLibraryFixtures.isbn10OnlyRecord)
            default: return .json(OpenLibraryFixtures.notFound)
            }
        case "/books/v1/volumes":
            switch isbn(in: target) {
            case ISBNs.pride: return .json(GoogleBooksFixtures.prideAndPrejudice(images: base))
            case ISBNs.foundationsEdge: return .json(GoogleBooksFixtures.foundationsEdge(images: base))
            case ISBNs.wayOfKings: return .json(GoogleBooksFixtures.anotherEdition)
            default: return .json(GoogleBooksFixtures.notFound)
            }
        case "/search.json":
            return .json(target.lowercased().contains("darkness") ? OpenLibraryFixtures.search : OpenLibraryFixtures.emptySearch)
        default:
            if path.hasPrefix("/covers/") || path == "/books/content" { return .image() }
            return .notFound
        }
    }

    /// The digits after `isbn:` (any case, `:` maybe percent-encoded) in a request target.
    public static func isbn(in target: String) -> String? {
        let decoded = target.removingPercentEncoding ?? target
        guard let range = decoded.range(of: "isbn:", options: .caseInsensitive) else { return nil }
        let digits = decoded[range.upperBound...].prefix { $0.isNumber || $0 == "X" || $0 == "x" }
        return digits.isEmpty ? nil : String(digits)
    }
}

extension LoopbackHTTPServer {
    /// A server whose routes are made knowing its own base URL (to serve URLs pointing back at it).
    public convenience init(makeRoutes: @escaping @Sendable (_ baseURL: String) -> Routes) throws {
        let box = RoutesBox()
        try self.init { method, target in box.routes?(method, target) ?? .status(503) }
        box.routes = makeRoutes(baseURL)
    }
}

/// Holds routes set just after the server starts (before any test sends a request).
private final class RoutesBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: LoopbackHTTPServer.Routes?

    var routes: LoopbackHTTPServer.Routes? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
        set {
            lock.lock()
            stored = newValue
            lock.unlock()
        }
    }
}
