import ArgumentParser
import Foundation
import ShelfKit
import ShelfPresentation

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
    @Argument(help: ArgumentHelp("The book (not with --all).", valueName: "book"), completion: .custom(CompletionValues.bookNames))
    var book: String?
    @Flag(help: "Every book without a cover file.") var all = false

    func validate() throws {
        if all == (book != nil) { throw ValidationError("name a book, or pass --all") }
    }

    func run() throws {
        let library = try library.open()
        let reporter = CommandReporter()
        let action = FetchCoverAction(library: library.namingPathsFromHere, service: BookLookupService(bulk: all), reporter: reporter)
        if let book {
            let path = try BookArgument.path(named: book, in: library)
            try ActionFailure.reported { try action.fetch(bookAt: path) }
            return
        }
        let (index, problems) = try LoadLibrary.load(library, withNotes: false)
        Diagnostics.report(problems, library: library)
        let summary = action.fetchMissing(among: index.books)
        reporter.finish()
        Output.line("Downloaded \(summary.fetched) of " + Plural.count(summary.total, "cover") + ".")
    }
}
