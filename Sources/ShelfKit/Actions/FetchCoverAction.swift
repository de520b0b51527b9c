import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `shelf cover`: downloads a book's cover into the library's `covers/` folder and points the
/// book's `cover:` at it. The image is written through the door (`writeFile`), so it lands inside
/// the library or nowhere: a `covers` that is a link (to anywhere) is refused before anything is
/// downloaded, and the door refuses a link swapped in meanwhile. An image already there is never
/// replaced unless it is this book's own cover.
public struct FetchCoverAction {
    /// What a run over many books did.
    public struct Summary: Sendable, Equatable {
        /// Books without a cover in the library: those the run tried.
        public var total = 0
        /// Books whose cover was fetched and written.
        public var fetched = 0
    }

    /// The folder covers are written to, relative to the library root.
    static let folder = "covers"

    let writer: LibraryWriter
    let service: BookLookupService
    let reporter: ActionReporter

    /// Fetches covers the lookup services name and writes them beside the books through the door of `library`,
    /// reporting each book to `reporter`.
    public init(library: Library, service: BookLookupService, reporter: ActionReporter) {
        self.writer = library.writer
        self.service = service
        self.reporter = reporter
    }

    /// Fetches the cover of the book at `path` and reports where it was written.
    public func fetch(bookAt path: String) throws {
        let book = try ActionBookReader.book(at: path, writer: writer)
        do {
            reporter.result(writer.display(try fetch(book)))
        } catch let error as LookupActionError {
            throw LookupActionError("\(writer.display(path)): \(error)")
        } catch let error as LookupError {
            throw LookupActionError("\(writer.display(path)): \(error)")
        }
    }

    /// Fetches a cover for each of `books` that has none in the library, one warning for each
    /// that fails.
    public func fetchMissing(among books: [Book]) -> Summary {
        let wanting = books.filter { !hasLocalCover($0) }
        var summary = Summary(total: wanting.count)
        guard !wanting.isEmpty else { return summary }
        reporter.progress(0, of: wanting.count, "Covers")
        for (done, book) in wanting.enumerated() {
            do {
                _ = try fetch(book)
                summary.fetched += 1
            } catch {
                reporter.warning("\(writer.display(book.path)): \(error)")
            }
            reporter.progress(done + 1, of: wanting.count, "Covers")
        }
        return summary
    }

    /// Whether `cover:` names a file that exists in the library.
    func hasLocalCover(_ book: Book) -> Bool {
        guard let cover = book.cover, !cover.contains("://") else { return false }
        return FileManager.default.fileExists(atPath: writer.library.absolutePath(cover))
    }

    /// Downloads the cover and sets `cover:`; returns the cover's path in the library.
    func fetch(_ book: Book) throws -> String {
        try checkCoversFolder()
        var url = book.cover.flatMap { $0.contains("://") ? URL(string: $0) : nil }
        if url == nil, let isbn = book.isbn.flatMap(ISBN.parse) {
            url = try service.lookup(isbn)?.coverURL.flatMap { URL(string: $0) }
        }
        guard let url else { throw LookupActionError("no cover found (no cover URL, and the lookup has none)") }
        let response = try service.openLibrary.http.get(url, accept: "image/*")
        guard response.status == 200, !response.body.isEmpty else {
            throw LookupActionError("no cover found (no cover URL, and the lookup has none)")
        }
        let type = response.contentType?.lowercased() ?? ""
        guard response.contentType == nil || type.hasPrefix("image/") else {
            throw LookupActionError("the cover URL sent \(response.contentType ?? ""), not an image")
        }
        let fileExtension = ["png", "webp", "gif", "avif"].first { type.contains($0) } ?? "jpg"
        let stem = String(writer.library.config.fileNames.name(for: book).dropLast(3))
        let relative = try write(Array(response.body), stem: stem, fileExtension: fileExtension, replacing: book.cover)
        try writer.edit(book.path, edits: [.set("cover", .string(relative))])
        return relative
    }

    /// Writes the image as `covers/<stem>.<ext>`, or `<stem>-2.<ext>`… when another file holds
    /// that name; only `replacing` (the book's current cover) may be overwritten.
    private func write(_ bytes: [UInt8], stem: String, fileExtension: String, replacing current: String?) throws -> String {
        let own = "\(Self.folder)/\(stem).\(fileExtension)"
        if current == own {
            try writer.writeFile(own, bytes: bytes)
            return own
        }
        var counter = 1
        while true {
            let name = counter == 1 ? "\(stem).\(fileExtension)" : "\(stem)-\(counter).\(fileExtension)"
            let relative = "\(Self.folder)/\(name)"
            counter += 1
            if FreeNameWriter.exists(name, inFolder: Self.folder, of: writer.library) { continue }
            do {
                // `[]`: the file must not exist; one created meanwhile is left alone.
                try writer.writeFile(relative, bytes: bytes, ifStill: [])
                return relative
            } catch {
                guard FreeNameWriter.exists(name, inFolder: Self.folder, of: writer.library), counter < 100 else { throw error }
            }
        }
    }

    /// Refuses a `covers` entry that is not a plain folder of the library (a link, even to a
    /// folder inside the library, or a file), before anything is downloaded.
    private func checkCoversFolder() throws {
        var info = stat()
        guard lstat(writer.library.absolutePath(Self.folder), &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw LookupActionError(
                "\(writer.display(Self.folder)) is \(FileKind.name(of: info.st_mode)), not a folder of the library; "
                    + "shelf writes covers only into a real covers folder inside the library. Nothing was written")
        }
    }
}
