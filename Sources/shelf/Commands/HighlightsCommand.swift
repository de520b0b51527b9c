import ArgumentParser
import Foundation
import ShelfKit
import ShelfPresentation

/// `shelf highlights`: the passages marked on e-readers, kept in each book's notes.
struct HighlightsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "highlights",
        abstract: "List highlights, show a random one, or import them from a Kindle, Kobo, KOReader or Readwise.",
        discussion: """
            Highlights live in each book's notes, under a "## Highlights" heading: one quote per \
            passage with its page, location and date, and the note typed on the device under it. \
            They are plain Markdown: edit or delete them as you like; shelf never adds back one \
            you deleted. docs/highlights.md says how to get the files off each device.

            Examples:
              shelf highlights                      every book's highlights
              shelf highlights "left hand"          one book's
              shelf highlights --random             one passage, for a daily review
              shelf highlights --matching winter    the passages that say "winter"
              shelf highlights import "/media/Kindle/documents/My Clippings.txt"
              shelf highlights import /media/KOBOeReader --dry-run
            """,
        subcommands: [HighlightsListCommand.self, HighlightsImportCommand.self],
        defaultSubcommand: HighlightsListCommand.self)
}

struct HighlightsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the highlights of every book, or of one.")

    @OptionGroup var library: LibraryOptions

    @Argument(
        help: ArgumentHelp("A book: a path, file name, ISBN or title words (all books if none).", valueName: "book"),
        completion: .custom(CompletionValues.bookNames))
    var book: [String] = []

    @Flag(help: "Show one highlight picked at random.")
    var random = false

    @Option(
        help: ArgumentHelp("Only the highlights whose passage or note has all these words (any case, any accents).", valueName: "words"))
    var matching: String?

    @OptionGroup var output: TextOrJSONOptions

    func run() throws {
        let library = try library.open()
        let books: [Book]
        if book.isEmpty {
            let (index, problems) = try LoadLibrary.load(library, withNotes: false)
            Diagnostics.report(problems, library: library)
            books = index.books.sorted { $0.title.localizedCaseInsensitiveCompare($1.title) == .orderedAscending }
        } else {
            let path = try BookArgument.path(named: book.joined(separator: " "), in: library)
            let document = try BookArgument.document(at: path, in: library)
            guard let found = Book(path: path, frontMatterOf: document, vocabulary: library.config.vocabulary) else {
                throw Diagnostics.failure("\(Paths.display(path, in: library)): not a book (no front matter with a title)")
            }
            books = [found]
        }
        var found = library.highlights(of: books).compactMap { $0.matching(matching ?? "") }
        if random {
            let all = found.flatMap { entry in entry.highlights.map { BookHighlights(book: entry.book, highlights: [$0]) } }
            guard let pick = all.randomElement() else { return try nothingFound(library) }
            found = [pick]
        }
        if output.isJSON {
            Output.line(JSONValue.array(found.map(Self.json)).serialized(indent: 2))
            return
        }
        guard !found.isEmpty else { return try nothingFound(library) }
        for (position, entry) in found.enumerated() {
            if position > 0 { Output.line("") }
            HighlightsRenderer.render(entry, path: Paths.display(entry.book.path, in: library)).forEach(Output.line)
        }
    }

    private func nothingFound(_ library: Library) throws {
        if output.isJSON { return Output.line("[]") }
        if let matching, !TextFolding.words(matching).isEmpty { return Output.line("No highlight has all of: \(matching)") }
        Output.line(
            book.isEmpty
                ? "No highlights yet. Bring them in with: shelf highlights import PATH (see shelf highlights --help)"
                : "No highlights in this book.")
    }

    private static func json(_ entry: BookHighlights) -> JSONValue {
        .object([
            ("path", .string(entry.book.path)), ("title", .string(entry.book.title)),
            ("authors", .array(entry.book.authors.map(JSONValue.string))),
            ("highlights", .array(entry.highlights.map { $0.jsonObject() })),
        ])
    }
}

struct HighlightsImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import highlights from a Kindle, Kobo, KOReader or a Readwise CSV.",
        discussion: """
            PATH is a file — a Kindle's My Clippings.txt, a KOReader metadata.*.lua sidecar or \
            statistics.sqlite3, a Kobo's KoboReader.sqlite, a Readwise CSV export — or a folder, \
            such as a mounted e-reader, searched for those files. Nothing on the device is written.

            Each device book is matched to a book in the library by ISBN, then by title and \
            author. A similar title by the same author (a subtitle or series in the device's \
            title) is a fuzzy match: shelf lists them and asks (--yes accepts them). Books the \
            library lacks are listed; --add-missing creates them. Importing again adds only new \
            highlights; one you deleted from the notes is not added back.

            Examples:
              shelf highlights import "/media/Kindle/documents/My Clippings.txt"
              shelf highlights import /media/KOBOeReader --dry-run
              shelf highlights import readwise-export.csv --yes --add-missing
              shelf highlights import /media/KOBOeReader --sync-status

            With --sync-status, what the device knows of the reading comes in too, through \
            the same steps as shelf start, finish and progress: a book the device finished is \
            marked read (dated the day the device last had it), and one being read or on hold \
            is started (on the first day the device shows it read) with its percent logged. \
            It only moves a book forward: a book finished or abandoned in the library is not \
            restarted, and a percent is logged only when it is further than the last.
            """)

    @OptionGroup var library: LibraryOptions

    @Argument(help: ArgumentHelp("A highlights file or a device folder.", valueName: "path"), completion: .file())
    var path: String

    @Flag(name: .shortAndLong, help: "Accept fuzzy title matches without asking.")
    var yes = false

    @Flag(help: "Create a book for each device book the library lacks.")
    var addMissing = false

    @Flag(help: "Show what would be imported; write nothing.")
    var dryRun = false

    @Flag(help: "Also bring in the device's reading state: finished, or being read (or on hold) and how far.")
    var syncStatus = false

    @OptionGroup var output: TextOrJSONOptions

    func run() throws {
        let library = try library.open()
        let (index, problems) = try LoadLibrary.load(library, withNotes: false)
        Diagnostics.report(problems, library: library)
        var options = ImportHighlightsAction.Options()
        options.acceptFuzzy = yes
        options.addMissing = addMissing
        options.dryRun = dryRun
        options.syncStatus = syncStatus
        let interactive = !yes && Prompt.isInteractive
        let action = ImportHighlightsAction(
            library: library.namingPathsFromHere, options: options, today: Clock.today(),
            confirm: interactive
                ? { matches in
                    for match in matches {
                        Diagnostics.write("  \(match.sourceTitle) → \(Paths.display(match.bookPath, in: library)) (\(match.bookTitle))")
                    }
                    return Prompt.confirm(
                        "Import highlights for these \(HighlightImportSummary.count(matches.count, "similar title")) too?")
                } : nil)
        let reporter = CommandReporter()
        let report: HighlightImportReport
        do {
            report = try action.run(path, books: index.books, reporter: reporter)
        } catch {
            reporter.finish()
            throw Diagnostics.failure(String(describing: error))
        }
        reporter.finish()
        if output.isJSON {
            Output.line(HighlightImportSummary.json(report).serialized(indent: 2))
        } else {
            HighlightImportSummary.lines(report, dryRun: dryRun, library: library).forEach(Output.line)
        }
        if !report.failures.isEmpty { throw ExitCode(1) }
    }
}
