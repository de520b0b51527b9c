/// `shelf lookup --pending`: fills every book added while the services could not be reached
/// (`lookup: pending`), keeping every value already set, and gives a book named after its
/// placeholder title (`isbn-978….md`) the name its real title gives. Edits and renames go
/// through the door, so a book is changed only where it lies inside the library and a rename
/// never replaces a file or leaves the library.
public struct FillLookupsAction {
    /// What a run did.
    public struct Summary: Sendable, Equatable {
        /// Books marked pending when the run started.
        public var total = 0
        /// Books filled from a lookup (and no longer pending).
        public var filled = 0
        /// Books still pending because their lookup failed.
        public var failed = 0
    }

    let writer: LibraryWriter
    let service: BookLookupService
    let refresh: Bool
    let today: BookDate
    let reporter: ActionReporter

    /// - Parameters:
    ///   - refresh: ignore cached lookups.
    ///   - today: the date relative dates in the query are read against.
    public init(library: Library, service: BookLookupService, refresh: Bool, today: BookDate, reporter: ActionReporter) {
        self.writer = library.writer
        self.service = service
        self.refresh = refresh
        self.today = today
        self.reporter = reporter
    }

    /// Fills the pending books, reporting each rename as a result and each book left pending as
    /// a warning.
    /// - Parameter problems: given the files that failed to load, before any lookup.
    public func run(problems: ([LibraryProblem]) -> Void) throws -> Summary {
        let pending = QueryExpression.field(
            FieldQuery(name: MetadataFiller.pendingKey, operation: .exact, value: MetadataFiller.pendingValue))
        let result = try writer.library.query(pending, today: today)
        problems(result.problems)
        let books = result.books
        var summary = Summary(total: books.count)
        guard !books.isEmpty else { return summary }
        reporter.progress(0, of: books.count, "Looking up")
        for (done, book) in books.enumerated() {
            do {
                try fill(book)
                summary.filled += 1
            } catch {
                summary.failed += 1
                reporter.warning(String(describing: error))
            }
            reporter.progress(done + 1, of: books.count, "Looking up")
        }
        return summary
    }

    /// Looks one book up, fills its empty fields, removes the marker, and renames it when it
    /// still bears its placeholder name.
    private func fill(_ book: Book) throws {
        let shown = writer.display(book.path)
        let isbn = try ActionBookReader.isbn(of: book, writer: writer)
        let found: BookMetadata?
        do {
            found = try service.lookup(isbn, refresh: refresh)
        } catch {
            throw LookupActionError("\(shown): \(error)")
        }
        guard let found else {
            throw LookupActionError("\(shown): \(isbn.isbn13) is not known to Open Library or Google Books")
        }
        let changes = MetadataFiller.changes(to: book, from: found, overwrite: false)
        try writer.edit(book.path, edits: MetadataFiller.edits(for: changes, metadata: found, removingMarker: true))
        do {
            try renameIfPlaceholder(book, isbn: isbn)
        } catch {
            // The book is filled; only its name stays as it was.
            reporter.warning("\(shown): filled, but not renamed: \(error)")
        }
    }

    /// A book added offline got its file name from the placeholder title; give it the real one,
    /// in the same folder.
    private func renameIfPlaceholder(_ book: Book, isbn: ISBN) throws {
        let library = writer.library
        let naming = library.config.fileNames
        var placeholder = book
        placeholder.title = MetadataFiller.placeholderTitle(for: isbn)
        let placeholderName = naming.name(for: placeholder)
        let (folder, current) = Self.split(book.path)
        let numbered = String(placeholderName.dropLast(3)) + naming.collisionSeparator
        guard current == placeholderName || current.hasPrefix(numbered) else { return }
        let filled = try ActionBookReader.book(at: book.path, writer: writer)
        let wanted = naming.name(for: filled)
        guard wanted.lowercased() != current.lowercased() else { return }
        let prefix = folder.isEmpty ? "" : folder + "/"
        let name = try FreeNameWriter.writeUnderFreeName(
            wanted, inFolder: folder, of: library,
            separator: naming.collisionSeparator
        ) { name in
            try writer.move(book.path, to: prefix + name)
        }
        reporter.result("\(writer.display(book.path)) -> \(writer.display(prefix + name))")
    }

    private static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[..<slash]), String(path[path.index(after: slash)...]))
    }
}
