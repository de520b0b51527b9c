import ArgumentParser
import Foundation
import ShelfKit

/// `shelf cover BOOK` / `--all`: download covers into `covers/` and point `cover:` at them.
struct CoverCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cover",
        abstract: "Download a book's cover into covers/ in the library and set cover: to it.",
        discussion: """
            The cover comes from the book's cover: URL, else from a lookup of its ISBN. With --all, \
            every book without a local cover is done, at most one request a second.

            Examples:
              shelf cover dune
              shelf cover --all
            """)

    @OptionGroup var library: LibraryOptions
    @Argument(help: ArgumentHelp("The book (not with --all).", valueName: "book"), completion: .custom(CompletionValues.bookNames)) var book: String?
    @Flag(help: "Every book without a cover file.") var all = false

    func validate() throws {
        if all == (book != nil) { throw ValidationError("name a book, or pass --all") }
    }

    func run() throws {
        let library = try library.open()
        let fetcher = CoverFetcher(library: library, service: BookLookupService(bulk: all))
        if let book {
            let path = try BookLookup.path(named: book, in: library)
            let document = try BookLookup.document(at: path, in: library)
            guard let frontMatter = document.frontMatter, let found = Book(path: path, frontMatter: frontMatter, vocabulary: library.config.vocabulary) else {
                throw Diagnostics.failure("\(Paths.display(path, in: library)): not a book")
            }
            do {
                Output.line(try fetcher.fetch(found))
            } catch {
                throw Diagnostics.failure("\(Paths.display(path, in: library)): \(error)")
            }
            return
        }
        let (index, problems) = try LoadLibrary.load(library, withNotes: false)
        Diagnostics.report(problems, library: library)
        let wanting = index.books.filter { !CoverFetcher.hasLocalCover($0, in: library) }
        var progress = ProgressBar(total: wanting.count, label: "Covers")
        var fetched = 0
        for candidate in wanting {
            defer { progress.advance() }
            do {
                _ = try fetcher.fetch(candidate)
                fetched += 1
            } catch {
                progress.note("\(Paths.display(candidate.path, in: library)): \(error)")
            }
        }
        progress.finish()
        Output.line("Downloaded \(fetched) of \(wanting.count) covers.")
    }
}

/// Finds, downloads and records one book's cover.
struct CoverFetcher {
    let library: Library
    let service: BookLookupService

    static func hasLocalCover(_ book: Book, in library: Library) -> Bool {
        guard let cover = book.cover, !cover.contains("://") else { return false }
        return FileManager.default.fileExists(atPath: library.absolutePath(cover))
    }

    /// Downloads the cover and sets `cover:`; returns the cover's path in the library.
    func fetch(_ book: Book) throws -> String {
        var url = book.cover.flatMap { $0.contains("://") ? URL(string: $0) : nil }
        if url == nil, let isbn = book.isbn.flatMap(ISBN.parse) {
            url = try service.lookup(isbn)?.coverURL.flatMap { URL(string: $0) }
        }
        guard let url else { throw CoverError.noCover }
        let response = try service.openLibrary.http.get(url, accept: "image/*")
        guard response.status == 200, !response.body.isEmpty else { throw CoverError.noCover }
        guard response.contentType?.lowercased().hasPrefix("image/") ?? true else { throw CoverError.notAnImage(response.contentType ?? "") }
        let type = response.contentType?.lowercased() ?? ""
        let fileExtension = ["png", "webp", "gif", "avif"].first { type.contains($0) } ?? "jpg"
        let stem = String(BookFileName.name(for: book, template: library.config.filenameTemplate).dropLast(3))
        let relative = "covers/\(stem).\(fileExtension)"
        try FileManager.default.createDirectory(atPath: library.absolutePath("covers"), withIntermediateDirectories: true)
        try AtomicFile.replace(path: library.absolutePath(relative), bytes: Array(response.body))
        try library.edit(book.path, displayPath: Paths.display(book.path, in: library),
                            edits: [.set("cover", .string(relative))])
        return relative
    }

    enum CoverError: Error, CustomStringConvertible {
        case noCover
        case notAnImage(String)

        var description: String {
            switch self {
            case .noCover: return "no cover found (no cover URL, and the lookup has none)"
            case .notAnImage(let type): return "the cover URL sent \(type), not an image"
            }
        }
    }
}
