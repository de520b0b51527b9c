import Foundation

/// Successful lookups kept under `$XDG_CACHE_HOME/shelf/lookup/` (default `~/.cache/shelf/`),
/// never inside the library, for 30 days.
struct LookupCache: Sendable {
    let folder: String
    var maximumAge: TimeInterval = 30 * 24 * 3600

    /// The cache folder for an environment.
    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        folder = ShelfCacheFolder.path("lookup", in: environment) ?? NSHomeDirectory() + "/.cache/shelf/lookup"
    }

    init(folder: String) {
        self.folder = folder
    }

    func read(_ isbn: ISBN) -> BookMetadata? {
        let path = self.path(isbn)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let modified = attributes[.modificationDate] as? Date,
            Date().timeIntervalSince(modified) < maximumAge,
            let data = FileManager.default.contents(atPath: path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return CachedMetadata.decode(object, isbn: isbn)
    }

    /// Stores an answer; a cache that cannot be written is not worth failing a lookup for.
    func write(_ metadata: BookMetadata) {
        guard let isbn = ISBN.parse(metadata.isbn13),
            let data = try? JSONSerialization.data(withJSONObject: CachedMetadata.encode(metadata), options: [.sortedKeys])
        else { return }
        try? AtomicFile.makeFolders(folder)
        try? AtomicFile.replace(path: path(isbn), bytes: Array(data))
    }

    private func path(_ isbn: ISBN) -> String { folder + "/" + isbn.isbn13 + ".json" }
}

/// The cache's file format: the metadata's fields as a flat JSON object.
private enum CachedMetadata {
    static func encode(_ metadata: BookMetadata) -> [String: Any] {
        var object: [String: Any] = [
            "isbn13": metadata.isbn13, "source": metadata.source, "authors": metadata.authors, "genres": metadata.genres,
        ]
        let optional: [(String, Any?)] = [
            ("title", metadata.title), ("subtitle", metadata.subtitle), ("publisher", metadata.publisher),
            ("published", metadata.published), ("pages", metadata.pages), ("language", metadata.language),
            ("cover", metadata.coverURL), ("openlibrary", metadata.openlibrary), ("goodreads", metadata.goodreads),
        ]
        for case let (key, value?) in optional { object[key] = value }
        return object
    }

    static func decode(_ object: [String: Any], isbn: ISBN) -> BookMetadata? {
        guard let source = object["source"] as? String else { return nil }
        var metadata = BookMetadata(isbn13: isbn.isbn13, source: source)
        metadata.title = object["title"] as? String
        metadata.subtitle = object["subtitle"] as? String
        metadata.authors = object["authors"] as? [String] ?? []
        metadata.publisher = object["publisher"] as? String
        metadata.published = object["published"] as? String
        metadata.pages = object["pages"] as? Int
        metadata.genres = object["genres"] as? [String] ?? []
        metadata.language = object["language"] as? String
        metadata.coverURL = object["cover"] as? String
        metadata.openlibrary = object["openlibrary"] as? String
        metadata.goodreads = object["goodreads"] as? String
        return metadata
    }
}
