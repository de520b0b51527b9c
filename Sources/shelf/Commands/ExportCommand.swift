import ArgumentParser
import Foundation
import ShelfKit

/// `shelf export FORMAT [QUERY…]`: json, csv, goodreads, or a static HTML catalog.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export books as json, csv, goodreads CSV, or an HTML catalog.",
        discussion: """
            A query (as for `shelf ls`) selects the books; without one, every book is exported, \
            sorted by title. Output goes to standard output unless -o PATH is given.

            json: every field, your own keys included, and the notes; `shelf import json` restores it.
            csv: one row per book, canonical column names, lists joined with "; ".
            goodreads: a CSV in Goodreads' export shape, for services that import it.
            html DIR: a static catalog in DIR (index.html, a page per book, covers), browsable \
            from file:// with no network.

            Examples:
              shelf export json -o library.json
              shelf export csv tag:sci-fi > sci-fi.csv
              shelf export goodreads status:read -o for-storygraph.csv
              shelf export html ~/catalog
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, csv, goodreads, html
    }

    @OptionGroup var library: LibraryOptions

    @Argument(help: ArgumentHelp("json, csv, goodreads or html.", valueName: "format"))
    var format: Format

    @OptionGroup var filters: QueryOptions

    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: ArgumentHelp(
            "Write to this file (for html: this folder) instead of standard output.", valueName: "path"))
    var output: String?

    func run() throws {
        let library = try library.open()
        var filters = self.filters
        var destination = output
        if format == .html && destination == nil {
            // `shelf export html DIR [QUERY…]`: the first word is the folder.
            guard let folder = filters.query.first else {
                throw Diagnostics.failure("html needs a folder: shelf export html DIR [QUERY…] (or -o DIR)", code: 64)
            }
            destination = folder
            filters.query.removeFirst()
        }
        let result = try QueryRunner.run(filters, library: library)
        let books = BookSortKey.title.sort(result.books)
        let withNotes = {
            // Reading every book's notes is the slow part of a large export: a bar on a terminal.
            let progress = CommandReporter(progressFrom: CommandReporter.longWork)
            defer { progress.finish() }
            return books.enumerated().map { done, book in
                progress.progress(done + 1, of: books.count, "Reading notes")
                return ExportedBook(book: book, notes: library.notes(of: book) ?? "")
            }
        }
        let textFormat: ExportAction.Format
        switch format {
        case .json: textFormat = .json
        case .csv: textFormat = .csv
        case .goodreads: textFormat = .goodreads
        case .html:
            let folder = destination ?? "."
            do {
                let progress = CommandReporter(progressFrom: CommandReporter.longWork)
                defer { progress.finish() }
                try ExportAction(library: library).writeCatalog(
                    withNotes(), title: ExportCommand.catalogTitle(library), to: folder,
                    warn: { progress.warning($0) }, progress: { progress.progress($0, of: $1, "Writing") })
            } catch {
                throw Diagnostics.failure(String(describing: error))
            }
            Output.line((folder as NSString).appendingPathComponent("index.html"))
            Diagnostics.write("shelf: wrote a catalog of \(books.count) \(books.count == 1 ? "book" : "books") to \(folder)")
            return
        }
        let text = ExportAction.text(textFormat, of: books, withNotes: withNotes)
        guard let destination else { return Output.write(text) }
        do {
            try ExportAction(library: library).write(Array(text.utf8), to: destination)
        } catch {
            throw Diagnostics.failure(String(describing: error))
        }
    }

    /// The catalog's heading: the library folder's name.
    static func catalogTitle(_ library: Library) -> String {
        let name = (library.root as NSString).lastPathComponent
        return name.isEmpty ? "Library" : name
    }
}
