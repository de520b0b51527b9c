import ArgumentParser
import ShelfKit

/// `shelf rate BOOK N`: a rating from 0.5 to 5 stars, or `none` to clear it.
struct RateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rate",
        abstract: "Rate a book from 0.5 to 5 stars; half stars allowed (none clears the rating).",
        discussion: "Examples:\n  shelf rate dune 5\n  shelf rate dune none")

    @OptionGroup var library: LibraryOptions

    @Argument(help: ArgumentHelp("The book: a path, file name, ISBN or title words.", valueName: "book"), completion: .custom(CompletionValues.bookNames))
    var book: String

    @Argument(help: ArgumentHelp("0.5 to 5 (4, 4.5), or none.", valueName: "rating"))
    var rating: String

    @Flag(help: "Replace a rating shelf cannot read.")
    var force = false

    func run() throws {
        let edit: FieldEdit = rating.lowercased() == "none"
            ? .unset("rating")
            : try BookEditing.checked { try FieldAssignment(key: "rating", value: rating).edit() }
        try BookEditing.edit(book, library: library.open(), edits: [edit], force: force)
    }
}

/// Options shared by start, finish and abandon.
struct ReadingDateOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The date (YYYY-MM-DD); replaces a date already set. Default: today, kept if one is set.", valueName: "date"))
    var date: String?

    @Flag(help: "Replace a status or date shelf cannot read (a date like \"April 21, 2025\", a wiki-link).")
    var force = false

    /// Moves a book to `status`, dating it under `key`, plus any `extra` edits, in one write.
    func transition(_ book: String, to status: ReadingStatus, dating key: CanonicalField, library options: LibraryOptions,
                    extra: [FieldEdit] = []) throws {
        let library = try options.open()
        try BookEditing.run(library) { action, reporter in
            try action.transition(book, to: status, dating: key, date: date, today: Clock.today(), extra: extra, force: force, reporter: reporter)
        }
    }
}

/// `shelf start BOOK`: status reading, `started` today.
struct StartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Start reading a book: status reading, started today (a date already set is kept).",
        discussion: "Examples:\n  shelf start dune\n  shelf start dune --date 2024-01-03")

    @OptionGroup var library: LibraryOptions
    @Argument(help: ArgumentHelp("The book.", valueName: "book"), completion: .custom(CompletionValues.bookNames)) var book: String
    @OptionGroup var dates: ReadingDateOptions

    func run() throws {
        try dates.transition(book, to: .reading, dating: .started, library: library)
    }
}

/// `shelf finish BOOK [--rating N]`: status read, `finished` today.
struct FinishCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "finish",
        abstract: "Finish a book: status read, finished today (a date already set is kept).",
        discussion: "Examples:\n  shelf finish dune --rating 5\n  shelf finish dune --date 2024-02-11")

    @OptionGroup var library: LibraryOptions
    @Argument(help: ArgumentHelp("The book.", valueName: "book"), completion: .custom(CompletionValues.bookNames)) var book: String
    @OptionGroup var dates: ReadingDateOptions
    @Option(help: ArgumentHelp("Rate it too (0.5–5; half stars allowed).", valueName: "N")) var rating: String?

    func validate() throws {
        if let rating, (try? FieldAssignment(key: "rating", value: rating).edit()) == nil {
            throw ValidationError("--rating takes a number of stars from 0.5 to 5 (4, 4.5), not '\(rating)'")
        }
    }

    func run() throws {
        var extra: [FieldEdit] = []
        if let rating { extra.append(try BookEditing.checked { try FieldAssignment(key: "rating", value: rating).edit() }) }
        try dates.transition(book, to: .read, dating: .finished, library: library, extra: extra)
    }
}

/// `shelf abandon BOOK`: status abandoned; `finished` records the day you stopped.
struct AbandonCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "abandon",
        abstract: "Abandon a book: status abandoned, finished (the day you stopped) today.",
        discussion: "Example:\n  shelf abandon \"consider phlebas\"")

    @OptionGroup var library: LibraryOptions
    @Argument(help: ArgumentHelp("The book.", valueName: "book"), completion: .custom(CompletionValues.bookNames)) var book: String
    @OptionGroup var dates: ReadingDateOptions

    func run() throws {
        try dates.transition(book, to: .abandoned, dating: .finished, library: library)
    }
}
