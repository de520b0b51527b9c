/// `shelf refresh`: asks the services again about a book's ISBN (never from the cache) and
/// shows what the answer would change; with `apply`, makes those changes through the door.
public struct RefreshAction {
    /// What a refresh did.
    public enum Outcome: Sendable, Equatable {
        /// The answer changes nothing.
        case nothingToChange
        /// The changes were shown, and nothing was written.
        case shown
        /// The changes were applied (or were, on reading the file again, already there).
        case applied(WriteOutcome)
    }

    let writer: LibraryWriter
    let service: BookLookupService
    let reporter: ActionReporter

    /// Refreshes books from `service` through the door of `library`, reporting each book to `reporter`.
    public init(library: Library, service: BookLookupService, reporter: ActionReporter) {
        self.writer = library.writer
        self.service = service
        self.reporter = reporter
    }

    /// Reports each change the lookup would make to the book at `path` (`key: old → new`) and,
    /// with `apply`, makes them.
    /// - Parameter overwrite: also replace values that are already set.
    public func run(bookAt path: String, apply: Bool, overwrite: Bool) throws -> Outcome {
        let book = try ActionBookReader.book(at: path, writer: writer)
        let isbn = try ActionBookReader.isbn(of: book, writer: writer)
        let metadata: BookMetadata?
        do {
            metadata = try service.lookup(isbn, refresh: true)
        } catch {
            throw LookupActionError(error.description)
        }
        guard let metadata else { throw LookupActionError("\(isbn.isbn13): not known to Open Library or Google Books") }
        let changes = MetadataFiller.changes(to: book, from: metadata, overwrite: overwrite)
            .filter { $0.key != "source" || book.source == nil }
        guard !changes.isEmpty else { return .nothingToChange }
        for change in changes {
            reporter.result("\(change.key): \(change.old.map { "\($0) → " } ?? "")\(change.new)")
        }
        guard apply else { return .shown }
        let pending = book.value(of: MetadataFiller.pendingKey)?.text == MetadataFiller.pendingValue
        let edits = MetadataFiller.edits(for: changes, metadata: metadata, removingMarker: pending)
        return .applied(try writer.edit(path, edits: edits))
    }
}
