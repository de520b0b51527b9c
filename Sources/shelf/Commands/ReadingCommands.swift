import ArgumentParser
import ShelfKit

/// `shelf rate BOOK N`: a rating from 0.5 to 5 stars, or `none` to clear it.
struct RateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rate",
        abstract: "Rate a book from 0.5 to 5 stars; half stars allowed (none clears the rating).",
        discussion: "Examples:\n  shelf rate dune 5\n  shelf rate dune none")

    @OptionGroup var library: LibraryOptions

    @Argument(
        help: ArgumentHelp("The book: a path, file name, ISBN or title words.", valueName: "book"),
        completion: .custom(CompletionValues.bookNames))
    var book: String

    @Argument(help: ArgumentHelp("0.5 to 5 (4, 4.5), or none.", valueName: "rating"))
    var rating: String

    @Flag(help: "Replace a rating shelf cannot read.")
    var force = false

    func run() throws {
        let edit: FieldEdit =
            rating.lowercased() == "none"
            ? .unset("rating")
            : try BookEditing.checked { try FieldAssignment(key: "rating", value: rating).edit() }
        try BookEditing.edit(book, library: library.open(), edits: [edit], force: force)
    }
}

/// Options shared by start, finish and abandon.
struct ReadingDateOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The date: YYYY-MM-DD, or YYYY-MM / YYYY for an old read. Default: today (a date already set is kept).", valueName: "date"))
    var date: String?

    @Flag(help: "Accept a date in the future, and replace a status or date shelf cannot read.")
    var force = false

    /// The request for the reading action.
    func request(rating: String? = nil, page: Int? = nil, again: Bool = false, started: String? = nil) -> ReadingAction.Request {
        ReadingAction.Request(date: date, today: Clock.today(), force: force, rating: rating, page: page, again: again, started: started)
    }

    /// Runs one reading action on the library.
    func run(library options: LibraryOptions, _ body: (ReadingAction, CommandReporter) throws -> Void) throws {
        try BookEditing.run(options, making: ReadingAction.init, body)
    }
}

/// `shelf start BOOK`: status reading, `started` today; a book already read starts a new read.
struct StartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Start reading a book (again): status reading, started today.",
        discussion: """
            A book being read keeps its start date unless --date is given. A book already \
            finished or abandoned starts a new read: the earlier read moves into the reads: \
            list of the file, so no date is lost.

            Examples:
              shelf start dune
              shelf start dune --date 2024-01-03
              shelf start dune              # finished in 2019: a re-read begins today
            """)

    @OptionGroup var library: LibraryOptions
    @Argument(help: ArgumentHelp("The book.", valueName: "book"), completion: .custom(CompletionValues.bookNames)) var book: String
    @OptionGroup var dates: ReadingDateOptions

    func run() throws {
        try dates.run(library: library) { try $0.start(book, dates.request(), reporter: $1) }
    }
}

/// `shelf finish BOOK [--rating N]`: status read, `finished` today.
struct FinishCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "finish",
        abstract: "Finish a book: status read, finished today.",
        discussion: """
            A book already finished keeps its date. To log one more read of it, pass --again: \
            the earlier read moves into the reads: list. A finish date before the start date, \
            or in the future (without --force), is refused.

            Examples:
              shelf finish dune --rating 5
              shelf finish dune --date 2024-02-11
              shelf finish dune --again --date 2019-05   # read it once more, in May 2019
              shelf finish dune --again --started 2019-04-02 --date 2019-05-01
            """)

    @OptionGroup var library: LibraryOptions
    @Argument(help: ArgumentHelp("The book.", valueName: "book"), completion: .custom(CompletionValues.bookNames)) var book: String
    @OptionGroup var dates: ReadingDateOptions
    @Option(help: ArgumentHelp("Rate it too (0.5 to 5; half stars allowed).", valueName: "N")) var rating: String?
    @Flag(help: "The book was already finished: record another read of it.") var again = false
    @Option(help: ArgumentHelp("The day this read began (with --again, a read of the past has both its days).", valueName: "date"))
    var started: String?

    func validate() throws {
        if let rating, (try? FieldAssignment(key: "rating", value: rating).edit()) == nil {
            throw ValidationError("--rating takes a number of stars from 0.5 to 5 (4, 4.5), not '\(rating)'")
        }
    }

    func run() throws {
        try dates.run(library: library) {
            try $0.finish(book, dates.request(rating: rating, again: again, started: started), reporter: $1)
        }
    }
}

/// `shelf abandon BOOK [--page N]`: status abandoned; `finished` records the day you stopped.
struct AbandonCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "abandon",
        abstract: "Abandon a book (did not finish): status abandoned, finished (the day you stopped) today.",
        discussion: """
            --page logs the page you reached in the progress: list. Starting the book again \
            later keeps this read, with its page, in the reads: list.

            Examples:
              shelf abandon "consider phlebas"
              shelf abandon "consider phlebas" --page 120 --date 2024-02-01
            """)

    @OptionGroup var library: LibraryOptions
    @Argument(help: ArgumentHelp("The book.", valueName: "book"), completion: .custom(CompletionValues.bookNames)) var book: String
    @OptionGroup var dates: ReadingDateOptions
    @Option(help: ArgumentHelp("The page you reached.", valueName: "N")) var page: Int?

    func validate() throws {
        if let page, page < 0 { throw ValidationError("--page takes a page number (0 or more)") }
    }

    func run() throws {
        try dates.run(library: library) { try $0.abandon(book, dates.request(page: page), reporter: $1) }
    }
}

/// `shelf progress BOOK POSITION`: logs a page, a percent or a time into an audiobook.
struct ProgressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "progress",
        abstract: "Log how far you are in a book: a page, a percent, or a time into an audiobook.",
        discussion: """
            Each update is one line of the book's progress: list, dated today (a second update \\
            on the same day replaces that day's line). A book not started yet is started. shelf \\
            prints where you are and your pace; shelf show prints it too.

            Examples:
              shelf progress dune 120
              shelf progress dune +20          (twenty pages past the last page logged)
              shelf progress dune 45%
              shelf progress "project hail mary" 3h20m
              shelf progress dune 200 --date 2024-03-01
            """)

    @OptionGroup var library: LibraryOptions
    @Argument(help: ArgumentHelp("The book.", valueName: "book"), completion: .custom(CompletionValues.bookNames)) var book: String
    @Argument(
        help: ArgumentHelp("A page (120), pages read since the last (+20), a percent (45%) or a time (3h20m, 1:05).", valueName: "position")
    ) var position: String
    @OptionGroup var dates: ReadingDateOptions

    func run() throws {
        try dates.run(library: library) { try $0.progress(book, position: position, dates.request(), reporter: $1) }
    }
}
