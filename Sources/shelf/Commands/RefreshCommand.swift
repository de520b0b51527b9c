import ArgumentParser
import ShelfKit

/// `shelf refresh BOOK`: what a new lookup would change, applied only when asked.
struct RefreshCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Show what a new lookup would change in a book; --apply fills empty fields (--overwrite: all).",
        discussion: "Examples:\n  shelf refresh dune\n  shelf refresh dune --apply\n  shelf refresh dune --apply --overwrite")

    @OptionGroup var library: LibraryOptions
    @Argument(help: ArgumentHelp("The book.", valueName: "book"), completion: .custom(CompletionValues.bookNames)) var book: String
    @Flag(help: "Make the changes.") var apply = false
    @Flag(help: "Also replace values that are already set.") var overwrite = false

    func run() throws {
        let library = try library.open()
        let path = try BookLookup.path(named: book, in: library)
        let document = try BookLookup.document(at: path, in: library)
        guard let frontMatter = document.frontMatter, let found = Book(path: path, frontMatter: frontMatter, vocabulary: library.config.vocabulary) else {
            throw Diagnostics.failure("\(Paths.display(path, in: library)): not a book")
        }
        guard let isbn = found.isbn.flatMap(ISBN.parse) else {
            throw Diagnostics.failure("\(Paths.display(path, in: library)): no valid ISBN to look up")
        }
        let metadata: BookMetadata?
        do {
            metadata = try BookLookupService().lookup(isbn, refresh: true)
        } catch {
            throw Diagnostics.failure(error.description)
        }
        guard let metadata else { throw Diagnostics.failure("\(isbn.isbn13): not known to Open Library or Google Books") }
        let changes = MetadataFiller.changes(to: found, from: metadata, overwrite: overwrite)
            .filter { $0.key != "source" || found.source == nil }
        guard !changes.isEmpty else { return Output.line("Nothing to change.") }
        for change in changes {
            Output.line("\(change.key): \(change.old.map { "\($0) → " } ?? "")\(change.new)")
        }
        if apply {
            let pending = found.value(of: MetadataFiller.pendingKey)?.text == MetadataFiller.pendingValue
            try BookEditing.edit(path, library: library, edits: MetadataFiller.edits(for: changes, metadata: metadata, removingMarker: pending))
        } else {
            Output.line("(nothing written; --apply makes these changes)")
        }
    }
}
