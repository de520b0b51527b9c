import Foundation
import ShelfPresentation

/// `shelf export html DIR`: a static catalog that works from `file://` with no network.
///
/// - `index.html`: every book (cover, title, authors, status, rating, tags), a filter box and
///   status and tag filters in plain JavaScript; `?q=`, `?status=` and `?tag=` in the address
///   pre-fill them, so a filtered view can be bookmarked.
/// - `books/<name>.html`: one page per book with every field and the notes rendered from
///   Markdown (see `NotesHTML`).
/// - `covers/`: copies of the covers stored in the library, so the folder stands alone.
///
/// Every piece of book text is HTML-escaped. Building the catalog writes nothing: the caller
/// writes `files` and copies `covers`.
struct HTMLCatalog: Sendable {
    /// A file to write, relative to the catalog folder.
    struct File: Sendable {
        var path: String
        var bytes: [UInt8]
    }

    /// A cover to copy from the library into the catalog folder.
    struct CoverCopy: Sendable, Equatable {
        /// Absolute path of the image.
        var from: String
        /// Path relative to the catalog folder.
        var to: String
    }

    private(set) var files: [File] = []
    private(set) var covers: [CoverCopy] = []
    /// Covers left out, each with the book's path and why (`LocalCover`): the page shows none.
    private(set) var warnings: [String] = []

    /// Builds the catalog of `books` (in the order given).
    /// - Parameters:
    ///   - title: the catalog's heading (the library folder's name).
    ///   - libraryRoot: the library's absolute root, to find local covers.
    init(books: [ExportedBook], title: String, libraryRoot: String) {
        self.init(books: books, title: title, libraryRoot: libraryRoot) { LocalCover.check($0, libraryRoot: libraryRoot) }
    }

    /// - Parameter localCover: the check of a local `cover:` value (`LocalCover.check` outside tests).
    init(books: [ExportedBook], title: String, libraryRoot: String, localCover: (String) -> LocalCover) {
        var usedNames = Set<String>()
        var entries: [HTMLCatalogPages.Entry] = []
        for exported in books {
            let stem = HTMLCatalog.uniqueStem(for: exported.book.path, used: &usedNames)
            var cover: String?
            if let written = exported.book.cover?.trimmingSpaces, !written.isEmpty {
                if let remote = HTMLCatalog.remoteURL(written) {
                    cover = remote
                } else {
                    switch localCover(written) {
                    case .file(let absolute):
                        let target = "covers/" + stem + HTMLCatalog.imageExtension(of: written)
                        covers.append(CoverCopy(from: absolute, to: target))
                        cover = target
                    case .refused(let reason):
                        warnings.append("\(exported.book.path): \(reason); no cover shown")
                    }
                }
            }
            entries.append(
                HTMLCatalogPages.Entry(book: exported.book, notes: exported.notes, page: "books/" + stem + ".html", cover: cover))
        }
        files.append(File(path: "index.html", bytes: Array(HTMLCatalogPages.index(entries, title: title).utf8)))
        for entry in entries {
            files.append(File(path: entry.page, bytes: Array(HTMLCatalogPages.bookPage(entry, catalogTitle: title).utf8)))
        }
    }

    /// A file-name stem from the book's path (`classics/tolstoy-anna-karenina.md` →
    /// `classics-tolstoy-anna-karenina`), made unique.
    static func uniqueStem(for path: String, used: inout Set<String>) -> String {
        let base = path.hasSuffix(".md") ? String(path.dropLast(3)) : path
        var stem = BookFileName.slug(base)
        if stem.isEmpty { stem = "book" }
        var candidate = stem
        var counter = 2
        while used.contains(candidate) {
            candidate = "\(stem)-\(counter)"
            counter += 1
        }
        used.insert(candidate)
        return candidate
    }

    /// An http(s) cover URL, safe to put in `src`.
    static func remoteURL(_ text: String) -> String? {
        let lower = text.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return nil }
        return HTMLEscaping.safeURL(text)
    }

    static func imageExtension(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        guard let dot = name.lastIndex(of: ".") else { return ".jpg" }
        let ext = name[dot...].lowercased()
        return [".jpg", ".jpeg", ".png", ".gif", ".webp", ".avif", ".svg"].contains(ext) ? ext : ".jpg"
    }
}
