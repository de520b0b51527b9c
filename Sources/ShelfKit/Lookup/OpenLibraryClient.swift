import Foundation

/// Open Library's books API (`/api/books?bibkeys=ISBN:…&format=json&jscmd=data`) and search.
struct OpenLibraryClient: Sendable {
    static let defaultBase = "https://openlibrary.org"
    let base: String
    let http: HTTPClient

    init(base: String = OpenLibraryClient.defaultBase, http: HTTPClient) {
        self.base = base.hasSuffix("/") ? String(base.dropLast()) : base
        self.http = http
    }

    /// What Open Library knows of `isbn`, or nil when it knows nothing.
    func lookup(_ isbn: ISBN) throws(LookupError) -> BookMetadata? {
        guard let url = URL(string: "\(base)/api/books?bibkeys=ISBN:\(isbn.isbn13)&format=json&jscmd=data") else { return nil }
        guard let json = try http.getJSON(url) else { return nil }
        guard let answer = json as? [String: Any] else {
            throw .malformedJSON(host: url.host ?? base, reason: "expected an object")
        }
        // The key echoes the bibkey as sent; take the one record whatever its key.
        guard let record = answer.values.first as? [String: Any] else { return nil }
        return OpenLibraryClient.metadata(from: record, isbn: isbn)
    }

    /// Maps one `jscmd=data` record.
    static func metadata(from record: [String: Any], isbn: ISBN) -> BookMetadata? {
        var metadata = BookMetadata(isbn13: isbn.isbn13, source: "openlibrary")
        metadata.title = (record["title"] as? String).map(clean)
        guard metadata.title != nil else { return nil }
        metadata.subtitle = (record["subtitle"] as? String).map(clean)
        metadata.authors = names(record["authors"])
        metadata.publisher = names(record["publishers"]).first
        metadata.published = (record["publish_date"] as? String).flatMap(PublishDate.normalize)
        metadata.pages = record["number_of_pages"] as? Int
        metadata.genres = Array(names(record["subjects"]).filter { !$0.contains(":") }.prefix(3))
        if let cover = record["cover"] as? [String: Any] {
            metadata.coverURL = (cover["large"] ?? cover["medium"] ?? cover["small"]) as? String
        }
        let identifiers = record["identifiers"] as? [String: Any] ?? [:]
        metadata.openlibrary =
            (identifiers["openlibrary"] as? [String])?.first
            ?? (record["key"] as? String).map { String($0.split(separator: "/").last ?? "") }
        metadata.goodreads = (identifiers["goodreads"] as? [String])?.first
        return metadata
    }

    /// One search result (`BookLookupService.search` hands them out).
    typealias SearchHit = BookLookupService.SearchHit

    /// Searches Open Library (`/search.json?q=…`).
    func search(_ words: String, limit: Int = 10) throws(LookupError) -> [SearchHit] {
        var components = URLComponents(string: "\(base)/search.json")
        components?.queryItems = [
            URLQueryItem(name: "q", value: words), URLQueryItem(name: "limit", value: String(limit)),
            URLQueryItem(name: "fields", value: "title,author_name,first_publish_year,isbn"),
        ]
        guard let url = components?.url, let json = try http.getJSON(url) else { return [] }
        guard let documents = (json as? [String: Any])?["docs"] as? [[String: Any]] else {
            throw .malformedJSON(host: url.host ?? base, reason: "no docs list")
        }
        return documents.prefix(limit).compactMap { document in
            guard let title = document["title"] as? String else { return nil }
            let isbns = (document["isbn"] as? [String] ?? []).compactMap { ISBN.parse($0)?.isbn13 }
            var unique: [String] = []
            for isbn in isbns where !unique.contains(isbn) { unique.append(isbn) }
            return SearchHit(
                title: clean(title), authors: document["author_name"] as? [String] ?? [],
                year: document["first_publish_year"] as? Int, isbns: Array(unique.prefix(5)))
        }
    }

    private static func names(_ value: Any?) -> [String] {
        (value as? [[String: Any]] ?? []).compactMap { ($0["name"] as? String).map(clean) }.filter { !$0.isEmpty }
    }
}

/// Text from a service, trimmed and with HTML entities decoded.
func clean(_ text: String) -> String {
    HTMLEntities.decode(text).trimmingSpaces
}
