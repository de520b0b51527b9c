import ArgumentParser
import Foundation
import ShelfKit

/// `shelf import SOURCE FILE`: bring books in from Goodreads, StoryGraph, LibraryThing, calibre
/// or shelf's own JSON.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import books from goodreads, storygraph, librarything, calibre or json.",
        discussion: """
            SOURCE is goodreads (Export Library CSV), storygraph (CSV export), librarything \
            (tab-delimited export), calibre (`calibredb catalog books.csv` or `calibredb list \
            --for-machine --fields all`) or json (`shelf export json`). FILE - reads standard input.

            Each row becomes a book file, unless it matches a book you have: by the service's id \
            (goodreads:, storygraph:, librarything:, calibre:), then by ISBN, then by title and an \
            author. Importing the same file again changes nothing. With --update, values that \
            changed at the source since the last import are written, by minimal edits; values you \
            changed are kept. docs/import.md describes each service's columns.

            Examples:
              shelf import goodreads goodreads_library_export.csv
              shelf import goodreads goodreads_library_export.csv --update --dry-run
              shelf import json backup.json
            """)

    @OptionGroup var library: LibraryOptions

    @Argument(help: ArgumentHelp("goodreads, storygraph, librarything, calibre or json.", valueName: "source"))
    var source: ImportSource

    @Argument(help: ArgumentHelp("The export file; - reads standard input.", valueName: "file"))
    var file: String

    @Flag(help: "Show what would be created and updated; write nothing.")
    var dryRun = false

    @Flag(help: "Also write values that changed at the source since the last import (your own changes are kept).")
    var update = false

    func run() throws {
        let library = try library.open()
        let (index, problems) = try LoadLibrary.load(library, withNotes: false)
        Diagnostics.report(problems, library: library)
        var action = ImportBooksAction(library: library.namingPathsFromHere, source: source, update: update, dryRun: dryRun)
        action.today = Clock.today()
        let reporter = CommandReporter()
        let report: ImportReport
        do {
            report = try action.run(input(), books: index.books, reporter: reporter)
        } catch {
            reporter.finish()
            throw Diagnostics.failure(String(describing: error))
        }
        reporter.finish()
        for line in ImportSummary(report: report, source: source, file: file).lines() { Diagnostics.write(line) }
        if !report.failures.isEmpty || report.recordFailure != nil { throw ExitCode(1) }
    }

    /// The export: standard input for `-`, else the file (which the action reads).
    private func input() -> ImportInput {
        file == "-" ? .standardInput : .file(file)
    }
}

extension ImportSource: ExpressibleByArgument {}
