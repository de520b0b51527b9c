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
        let rows: [ImportRow]
        do {
            rows = try source.read(try readInput(), warn: { Diagnostics.write("shelf: \(file): \($0)") })
        } catch let error as ImportError {
            throw Diagnostics.failure("\(file): \(error.reason)")
        }
        let (index, problems) = try LoadLibrary.load(library, withNotes: false)
        Diagnostics.report(problems, library: library)
        let planner = ImportPlanner(
            source: source, update: update, template: library.config.filenameTemplate,
            exists: BookFileName.taken(inLibrary: library.root),
            notes: { library.notes(of: $0) })
        let plan = planner.plan(rows, books: index.books)
        let runner = ImportRunner(library: library, source: source, file: file, dryRun: dryRun)
        if try !runner.run(plan) { throw ExitCode(1) }
    }

    private func readInput() throws -> [UInt8] {
        if file == "-" { return Array(FileHandle.standardInput.readDataToEndOfFile()) }
        do {
            // The user named this file: a pipe (`<(…)`) is read to its end, as asked.
            return try FileIO.read(file, allowingSpecialFiles: true)
        } catch {
            throw Diagnostics.failure(error.description)
        }
    }
}

extension ImportSource: ExpressibleByArgument {}
