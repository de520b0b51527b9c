import ArgumentParser
import Foundation
import ShelfKit
import ShelfPresentation

/// `shelf add`: a new book file, from the flags, or looked up by ISBN.
struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a book (looked up by ISBN, or from the flags); prints its path.",
        discussion: """
            With --isbn, shelf looks the book up on Open Library, then Google Books; your flags win \
            over looked-up values. If neither knows the ISBN, nothing is written unless --title is \
            given too. If the services cannot be reached, the book is added with what you gave, \
            marked `lookup: pending`; `shelf lookup --pending` fills it later. `--isbn -` reads \
            ISBNs one per line from stdin, as a barcode scanner types them. The cover the lookup \
            names is saved into the library's covers/ folder (--no-cover keeps only its address; \
            a cover that cannot be had leaves the address, and shelf cover BOOK tries again).

            The file name follows the template in shelf.yaml (default {author}-{title}), made \
            unique with -2, -3. A likely duplicate (same ISBN, or same title with an author in \
            common) is refused unless --force.

            Examples:
              shelf add --isbn 9780441478125 --tag sci-fi
              shelf add --title "The Dispossessed" --author "Ursula K. Le Guin" --published 1974
              shelf add --title Dune --status read --finished 2019-05
              shelf add --isbn -        # then scan barcodes; Ctrl-D ends
            """)

    @OptionGroup var library: LibraryOptions
    @OptionGroup var fields: NewBookOptions
    @Flag(help: "Add even if it looks like a duplicate, or the ISBN's check digit is wrong.") var force = false
    @Flag(help: "Ignore cached lookups.") var refresh = false
    @Flag(name: .customLong("no-cover"), help: "Keep only the cover's address, not the image in covers/.") var noCover = false

    func validate() throws {
        if fields.title == nil && fields.isbn == nil { throw ValidationError("give --title, or --isbn to look the book up") }
        if fields.isbn == "-" && fields.title != nil { throw ValidationError("--isbn - adds many books; --title would name them all") }
        if let title = fields.title, title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw ValidationError(FieldAssignment.emptyTitle.description)
        }
        if fields.tags.contains(where: { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }) {
            throw ValidationError("an empty tag cannot be added")
        }
    }

    func run() throws {
        let library = try library.open()
        let (index, problems) = try LoadLibrary.load(library, withNotes: false)
        Diagnostics.report(problems, library: library)
        let reporter = CommandReporter()
        var action = AddBooksAction(
            library: library.namingPathsFromHere, index: index, request: fields.request,
            service: BookLookupService(bulk: fields.isbn == "-"), today: Clock.today(), force: force, refresh: refresh,
            reporter: reporter)
        action.savesCover = !noCover
        guard fields.isbn == "-" else {
            try ActionFailure.reported { try action.add(isbn: fields.isbn) }
            return
        }
        let summary = try ActionFailure.reported { try action.addEach { readLine() } }
        var line = "Added " + Plural.count(summary.added, "book")
        if summary.pending > 0 { line += ", \(summary.pending) waiting for a lookup (shelf lookup --pending)" }
        if summary.failed > 0 { line += "; \(summary.failed) not added (see above)" }
        Diagnostics.write(line + ".")
        if summary.failed > 0 && summary.added == 0 { throw ExitCode(1) }
    }
}

/// The fields `add` takes.
struct NewBookOptions: ParsableArguments {
    @Option(help: "The title.") var title: String?
    @Option(name: .customLong("author"), help: ArgumentHelp("An author (repeatable).", valueName: "name")) var authors: [String] = []
    @Option(help: "The ISBN (10 or 13 digits, check digit verified); - reads ISBNs from stdin.") var isbn: String?
    @Option(name: .customLong("tag"), help: ArgumentHelp("A tag (repeatable).", valueName: "tag")) var tags: [String] = []
    @Option(help: "to-read (default), reading, read or abandoned. read records a finish today unless --finished is given.") var status:
        String?
    @Option(help: ArgumentHelp("When you started it (YYYY-MM-DD, YYYY-MM or YYYY).", valueName: "date")) var started: String?
    @Option(help: ArgumentHelp("When you finished it (implies --status read unless another is given).", valueName: "date")) var finished:
        String?
    @Option(help: "A rating from 0.5 to 5 stars (4, 4.5).") var rating: String?
    @Option(help: "The series.") var series: String?
    @Option(help: ArgumentHelp("The position in the series.", valueName: "N")) var seriesIndex: String?
    @Option(help: "The publisher.") var publisher: String?
    @Option(help: ArgumentHelp("Publication year or date.", valueName: "Y")) var published: String?
    @Option(help: ArgumentHelp("Page count.", valueName: "N")) var pages: String?
    @Option(name: .customLong("set"), help: ArgumentHelp("Any other field (repeatable).", valueName: "key=value")) var extra: [String] = []
    @Option(help: ArgumentHelp("Notes for the body.", valueName: "text")) var note: String?
}

extension NewBookOptions {
    /// The flags as ShelfKit's request.
    var request: NewBookRequest {
        var request = NewBookRequest()
        request.title = title
        request.authors = authors
        request.tags = tags
        request.status = status
        request.rating = rating
        request.series = series
        request.seriesIndex = seriesIndex
        request.publisher = publisher
        request.published = published
        request.pages = pages
        request.started = started
        request.finished = finished
        request.extra = extra
        request.note = note
        return request
    }
}
