/// `shelf add`: looks a book up by ISBN (or takes the flags alone), lays the person's values over
/// what was found, refuses a likely duplicate, and creates the file through the door, in the
/// library's own vocabulary, under a name no other file holds.
public final class AddBooksAction {
    /// One book added.
    public struct Added: Sendable, Equatable {
        /// The new file's path relative to the library root.
        public var path: String
        /// Added while the services could not be reached, marked `lookup: pending`.
        var pending: Bool
    }

    /// What a run over many ISBNs did.
    public struct Summary: Sendable, Equatable {
        /// Books written.
        public var added = 0
        /// Books written with `lookup: pending`, to be filled by a later `shelf lookup --pending`.
        public var pending = 0
        /// ISBNs that gave no book (an invalid ISBN, a duplicate, a failed write).
        public var failed = 0
    }

    let writer: LibraryWriter
    private(set) var index: LibraryIndex
    let request: NewBookRequest
    let service: BookLookupService
    let today: BookDate
    let force: Bool
    let refresh: Bool
    let reporter: ActionReporter
    /// Test hook: called with the chosen name right before the file is created.
    var beforeCreate: ((String) -> Void)?
    /// Whether the cover a lookup names (a URL in `cover:`) is saved into the library's
    /// `covers/` folder as the book is added (`shelf add --no-cover` says no).
    public var savesCover = true

    /// - Parameters:
    ///   - index: the library as loaded, for the duplicate check (books added are appended).
    ///   - today: the date written as `added`.
    ///   - force: add a likely duplicate, an ISBN with a wrong check digit (with a title), and
    ///     values that fail their check.
    ///   - refresh: ignore cached lookups.
    public init(
        library: Library, index: LibraryIndex, request: NewBookRequest, service: BookLookupService,
        today: BookDate, force: Bool, refresh: Bool, reporter: ActionReporter
    ) {
        self.writer = library.writer
        self.index = index
        self.request = request
        self.service = service
        self.today = today
        self.force = force
        self.refresh = refresh
        self.reporter = reporter
    }

    /// Adds one book; `isbn` nil adds from the request alone. Reports the new file's path, and a
    /// warning when the book waits for a lookup.
    @discardableResult
    public func add(isbn: String?) throws -> Added {
        let added = try addOne(isbn: isbn)
        reporter.result(writer.display(added.path))
        saveCover(of: added.path)
        if added.pending {
            reporter.warning(
                "the lookup services could not be reached; added with what you gave, marked "
                    + "`lookup: pending`. Run `shelf lookup --pending` when online.")
        }
        return added
    }

    /// Adds a book for each ISBN `nextLine` gives (one a line, blank lines skipped) until it
    /// returns nil, as a barcode scanner types them. A book that cannot be added is reported as a
    /// warning and the rest go on; a malformed request fails before anything is looked up.
    public func addEach(_ nextLine: () -> String?) throws -> Summary {
        var scratch = NewBookFile()
        try request.apply(to: &scratch, today: today, force: force)
        var summary = Summary()
        while let line = nextLine() {
            let text = line.trimmingSpaces
            guard !text.isEmpty else { continue }
            do {
                let added = try addOne(isbn: text)
                summary.added += 1
                if added.pending { summary.pending += 1 }
                reporter.result(writer.display(added.path) + (added.pending ? "  (lookup pending)" : ""))
                saveCover(of: added.path)
            } catch {
                summary.failed += 1
                reporter.warning(String(describing: error))
            }
        }
        return summary
    }

    /// Saves the new book's cover when the lookup named one. A cover that cannot be had leaves
    /// the book added, with its link to the cover, and says how to try again.
    private func saveCover(of path: String) {
        guard savesCover, let book = try? ActionBookReader.book(at: path, writer: writer), book.cover?.contains("://") == true else {
            return
        }
        do {
            _ = try FetchCoverAction(library: writer.library, service: service, reporter: reporter).fetch(book)
        } catch {
            reporter.warning(
                "\(writer.display(path)): the cover was not saved (\(error)); the book keeps the cover's address. "
                    + "shelf cover \(writer.display(path)) tries again")
        }
    }

    private func addOne(isbn text: String?) throws -> Added {
        var file = NewBookFile()
        var pending = false
        if let text {
            let isbn: ISBN
            do {
                isbn = try ISBN(validating: text)
            } catch {
                guard force, request.title != nil else {
                    throw LookupActionError(
                        "'\(text)' is not a valid ISBN: \(error)" + (request.title == nil ? "" : "; --force adds it as written"))
                }
                // Forced: the ISBN as typed, no lookup, the person's fields.
                file.set("isbn", .string(text))
                try request.apply(to: &file, today: today, force: force)
                return try write(file, pending: false)
            }
            do {
                if let found = try service.lookup(isbn, refresh: refresh) {
                    for (key, value) in found.fieldValues { file.set(key, value) }
                } else if request.title == nil {
                    throw AddBookError.unknownISBN(isbn.isbn13)
                } else {
                    file.set("isbn", .string(isbn.isbn13))
                }
            } catch let error as LookupError {
                guard error.isConnectivity else {
                    throw LookupActionError(
                        "\(isbn.isbn13): the lookup failed (\(error)); nothing was added. Try again, or add it by hand with --title")
                }
                reporter.warning(error.description)
                pending = true
                file.set("title", .string(MetadataFiller.placeholderTitle(for: isbn)))
                file.set("isbn", .string(isbn.isbn13))
                file.set(MetadataFiller.pendingKey, .string(MetadataFiller.pendingValue))
            }
        }
        try request.apply(to: &file, today: today, force: force)
        return try write(file, pending: pending)
    }

    /// Creates the file unless it duplicates a book the library has.
    private func write(_ file: NewBookFile, pending: Bool) throws -> Added {
        let library = writer.library
        // The library's own key names and status words: a vault keeps one vocabulary.
        let bytes = file.render(vocabulary: library.config.vocabulary)
        guard let document = try? BookDocument(bytes: bytes), let book = library.book(at: "", in: document) else {
            throw LookupActionError("internal error: the new book does not read back; nothing was written")
        }
        if !force, let existing = DuplicateFinder.duplicate(of: book, in: index) {
            throw AddBookError.duplicate(of: existing, shownPath: writer.display(existing.path))
        }
        let name = try FreeNameWriter.createBook(book, bytes: bytes, writer: writer, beforeWrite: beforeCreate)
        var added = book
        added.path = name
        index = LibraryIndex(books: index.books + [added])
        return Added(path: name, pending: pending)
    }
}

/// Why a book was not added, for each face to say in its own words: the command line names its
/// options (`--title`, `--force`), the web UI offers its form and buttons.
public enum AddBookError: Error, Sendable, CustomStringConvertible {
    /// Neither lookup service knows the ISBN, and no title was given to add it by hand.
    case unknownISBN(String)
    /// The new book looks like one the library has.
    case duplicate(of: Book, shownPath: String)

    /// The message shown to the user, saying what to do instead.
    public var description: String {
        switch self {
        case .unknownISBN(let isbn):
            return "\(isbn): neither Open Library nor Google Books knows this ISBN; add it by hand with --title (and --author…)"
        case let .duplicate(existing, shownPath):
            return "looks like a book you have: \(shownPath) (\(existing.title)); --force adds it anyway"
        }
    }
}
