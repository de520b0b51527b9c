import Foundation

/// Google Books' volumes API (`/books/v1/volumes?q=isbn:…`), the fallback when Open Library
/// knows nothing. A volume is used only when its identifiers hold the ISBN asked for: Google
/// sometimes answers with another edition.
struct GoogleBooksClient: Sendable {
    static let defaultBase = "https://www.googleapis.com"
    let base: String
    let http: HTTPClient

    init(base: String = GoogleBooksClient.defaultBase, http: HTTPClient) {
        self.base = base.hasSuffix("/") ? String(base.dropLast()) : base
        self.http = http
    }

    func lookup(_ isbn: ISBN) throws(LookupError) -> BookMetadata? {
        guard let url = URL(string: "\(base)/books/v1/volumes?q=isbn:\(isbn.isbn13)") else { return nil }
        guard let json = try http.getJSON(url) else { return nil }
        guard let answer = json as? [String: Any] else {
            throw .malformedJSON(host: url.host ?? base, reason: "expected an object")
        }
        let volumes = answer["items"] as? [[String: Any]] ?? []
        for volume in volumes {
            guard let info = volume["volumeInfo"] as? [String: Any], GoogleBooksClient.holds(isbn, info) else { continue }
            return GoogleBooksClient.metadata(from: info, isbn: isbn)
        }
        return nil
    }

    static func holds(_ isbn: ISBN, _ info: [String: Any]) -> Bool {
        let identifiers = info["industryIdentifiers"] as? [[String: Any]] ?? []
        return identifiers.contains { identifier in
            (identifier["identifier"] as? String).flatMap(ISBN.parse) == isbn
        }
    }

    static func metadata(from info: [String: Any], isbn: ISBN) -> BookMetadata? {
        var metadata = BookMetadata(isbn13: isbn.isbn13, source: "google")
        guard let title = info["title"] as? String else { return nil }
        metadata.title = clean(title)
        metadata.subtitle = (info["subtitle"] as? String).map(clean)
        metadata.authors = (info["authors"] as? [String] ?? []).map(clean)
        metadata.publisher = (info["publisher"] as? String).map(clean)
        metadata.published = (info["publishedDate"] as? String).flatMap(PublishDate.normalize)
        metadata.pages = (info["pageCount"] as? Int).flatMap { $0 > 0 ? $0 : nil }
        metadata.genres = Array((info["categories"] as? [String] ?? []).map(clean).prefix(3))
        metadata.language = info["language"] as? String
        if let images = info["imageLinks"] as? [String: Any] {
            metadata.coverURL = (images["thumbnail"] ?? images["smallThumbnail"]) as? String
        }
        return metadata
    }
}
