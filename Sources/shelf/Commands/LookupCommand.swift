import ArgumentParser
import Foundation
import ShelfKit
import ShelfPresentation

/// `shelf lookup`: what the services know of an ISBN; `--pending` fills books added offline;
/// `--search` finds ISBNs by words.
struct LookupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lookup",
        abstract: "Look an ISBN up online (adding nothing), fill pending books, or search Open Library.",
        discussion: """
            Open Library is asked first, then Google Books. Answers are cached for 30 days under \
            $XDG_CACHE_HOME/shelf (default ~/.cache/shelf), never inside the library; --refresh \
            asks again. SHELF_OPENLIBRARY_URL and SHELF_GOOGLE_BOOKS_URL point shelf at other servers.

            Examples:
              shelf lookup 9780441478125
              shelf lookup --pending
              shelf lookup --search "left hand of darkness"
            """)

    @OptionGroup var library: LibraryOptions
    @Argument(help: ArgumentHelp("The ISBN to look up.", valueName: "isbn")) var isbn: String?
    @Flag(help: "Fill every book marked `lookup: pending`, keeping every value already set.") var pending = false
    @Option(help: ArgumentHelp("Search Open Library for these words.", valueName: "words")) var search: String?
    @Flag(help: "Ignore cached answers.") var refresh = false
    @OptionGroup var output: TextOrJSONOptions

    func validate() throws {
        let modes = [isbn != nil, pending, search != nil].filter { $0 }.count
        if modes != 1 { throw ValidationError("give an ISBN, or --pending, or --search WORDS") }
    }

    func run() throws {
        if let search { return try runSearch(search) }
        if pending { return try fillPending() }
        guard let isbn else { return }
        let valid: ISBN
        do {
            valid = try ISBN(validating: isbn)
        } catch {
            throw Diagnostics.failure("'\(isbn)' is not a valid ISBN: \(error)")
        }
        let found: BookMetadata?
        do {
            found = try BookLookupService().lookup(valid, refresh: refresh)
        } catch {
            throw Diagnostics.failure(error.description)
        }
        guard let found else {
            throw Diagnostics.failure("\(valid.isbn13): neither Open Library nor Google Books knows this ISBN")
        }
        if output.isJSON {
            Output.line(JSONValue.object(found.fieldValues.map { ($0.key, json(of: $0.value, key: $0.key)) }).serialized(indent: 2))
        } else {
            let width = found.fieldValues.map(\.key.count).max() ?? 0
            for (key, value) in found.fieldValues {
                Output.line(key.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + text(of: value))
            }
        }
    }

    /// `--pending`: fills the books added while offline.
    private func fillPending() throws {
        let library = try library.open()
        let reporter = CommandReporter()
        let action = FillLookupsAction(
            library: library.namingPathsFromHere, service: BookLookupService(bulk: true), refresh: refresh, today: Clock.today(),
            reporter: reporter)
        let summary = try ActionFailure.reported {
            try action.run { Diagnostics.report($0, library: library) }
        }
        reporter.finish()
        guard summary.total > 0 else { return Output.line("No book waits for a lookup.") }
        Output.line(
            "Filled \(summary.filled) of " + Plural.count(summary.total, "pending book") + "."
                + (summary.failed > 0 ? " \(summary.failed) still pending (see above)." : ""))
        if summary.failed > 0 && summary.filled == 0 { throw ExitCode(1) }
    }

    private func runSearch(_ words: String) throws {
        let hits: [BookLookupService.SearchHit]
        do {
            hits = try BookLookupService().search(words)
        } catch {
            throw Diagnostics.failure(error.description)
        }
        if output.isJSON {
            Output.line(
                JSONValue.array(
                    hits.map { hit in
                        .object([
                            ("title", .string(hit.title)), ("authors", .array(hit.authors.map(JSONValue.string))),
                            ("year", hit.year.map(JSONValue.integer) ?? .null), ("isbns", .array(hit.isbns.map(JSONValue.string))),
                        ])
                    }
                ).serialized(indent: 2))
            return
        }
        if hits.isEmpty { Output.line("Nothing found for '\(words)'.") }
        for hit in hits {
            let year = hit.year.map { " (\($0))" } ?? ""
            let authors = hit.authors.isEmpty ? "" : " — " + hit.authors.joined(separator: ", ")
            Output.line(hit.title + year + authors)
            Output.line(
                hit.isbns.isEmpty
                    ? "    no ISBN"
                    : "    shelf add --isbn \(hit.isbns[0])"
                        + (hit.isbns.count > 1 ? "   (also \(hit.isbns.dropFirst().joined(separator: ", ")))" : ""))
        }
    }

    /// Values as `show --json` writes them: numbers for pages, dates as strings.
    private func json(of value: NewValue, key: String) -> JSONValue {
        switch value {
        case .string(let text), .raw(let text): return .string(text)
        case .typed(let text): return key == "pages" ? Int(text).map(JSONValue.integer) ?? .string(text) : .string(text)
        case .list(let items): return .array(items.map(JSONValue.string))
        }
    }

    private func text(of value: NewValue) -> String {
        switch value {
        case .string(let text), .typed(let text), .raw(let text): return text
        case .list(let items): return items.joined(separator: ", ")
        }
    }
}
