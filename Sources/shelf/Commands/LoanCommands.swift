import ArgumentParser
import ShelfKit
import ShelfPresentation

/// Options shared by lend and return.
struct LoanDateOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The day: YYYY-MM-DD. Default: today.", valueName: "date"))
    var date: String?

    @Flag(help: "Accept a day in the future.")
    var force = false

    /// Runs one loan action on the library.
    func run(library options: LibraryOptions, _ body: (LoanAction, CommandReporter) throws -> Void) throws {
        try BookEditing.run(options, making: LoanAction.init, body)
    }
}

/// `shelf lend BOOK --to NAME [--due DATE]`: one line in the book's loans: list.
struct LendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lend",
        abstract: "Lend a book to someone: a line in its loans: list (shelf loans lists them).",
        discussion: """
            The loan is one line of the book's loans: list, {to: Ana, lent: 2026-11-26, \
            due: 2026-12-24}; shelf return adds returned: to it, so the book's history of loans \
            stays in the file. A book already lent out is not lent again.

            Examples:
              shelf lend dune --to "Ana"
              shelf lend dune --to "Ana" --due 2026-12-24
              shelf lend dune --to "Ana" --date 2026-11-02    # lent a while ago
            """)

    @OptionGroup var library: LibraryOptions
    @Argument(help: ArgumentHelp("The book.", valueName: "book"), completion: .custom(CompletionValues.bookNames)) var book: String
    @Option(help: ArgumentHelp("Who borrows it.", valueName: "name")) var to: String
    @Option(help: ArgumentHelp("When it is due back: YYYY-MM-DD.", valueName: "date")) var due: String?
    @OptionGroup var dates: LoanDateOptions

    func run() throws {
        let request = LoanAction.Request(date: dates.date, due: due, today: Clock.today(), force: dates.force)
        try dates.run(library: library) { try $0.lend(book, to: to, request, reporter: $1) }
    }
}

/// `shelf return BOOK`: the open loan gets its `returned:` day.
struct ReturnCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "return",
        abstract: "A lent book is back: its loan gets returned: today.",
        discussion: """
            The book's open loan (the line of loans: without returned:) gets returned: and the \
            day; the line stays, as the book's history of loans.

            Examples:
              shelf return dune
              shelf return dune --date 2026-11-20
            """)

    @OptionGroup var library: LibraryOptions
    @Argument(help: ArgumentHelp("The book.", valueName: "book"), completion: .custom(CompletionValues.bookNames)) var book: String
    @OptionGroup var dates: LoanDateOptions

    func run() throws {
        let request = LoanAction.Request(date: dates.date, today: Clock.today(), force: dates.force)
        try dates.run(library: library) { try $0.giveBack(book, request, reporter: $1) }
    }
}

/// `shelf loans [--history]`: who has which book, since when, and what is overdue.
struct LoansCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "loans",
        abstract: "List the books lent out: who has each, since when, when it is due; OVERDUE marked.",
        discussion: """
            --history lists every loan, returned ones too, the latest first.

            Examples:
              shelf loans
              shelf loans --history
              shelf loans --json
            """)

    @OptionGroup var library: LibraryOptions
    @Flag(help: "Every loan, returned ones too.") var history = false
    @OptionGroup var output: TextOrJSONOptions

    func run() throws {
        let library = try library.open()
        let (index, problems) = try LoadLibrary.load(library, withNotes: false)
        Diagnostics.report(problems, library: library)
        let today = Clock.today()
        let listing = LoanListing(books: index.books, history: history)
        if output.isJSON {
            let items = listing.entries.map { entry -> JSONValue in
                guard case .object(let members) = entry.loan.json(today: today) else { return .null }
                return .object([("path", .string(entry.book.path)), ("title", .string(entry.book.title))] + members)
            }
            return Output.line(JSONValue.array(items).serialized(indent: 2))
        }
        guard !listing.entries.isEmpty else {
            return Output.line(
                history
                    ? "No loans yet. Lend a book with: shelf lend BOOK --to NAME"
                    : "No book is lent out. Lend one with: shelf lend BOOK --to NAME")
        }
        let style = Style.standard
        for entry in listing.entries {
            let loan = entry.loan
            var parts = [entry.book.title, loan.to]
            parts.append(loan.lent.map { "since " + $0.text } ?? "since ?")
            if let returned = loan.returned { parts.append("returned " + returned.text) } else if !loan.isOpen { parts.append("returned") }
            if let due = loan.due, loan.isOpen { parts.append("due " + due.text) }
            var line = parts.joined(separator: "  ·  ")
            if loan.isOverdue(today: today) { line += "  " + style.red("OVERDUE") }
            Output.line(line)
        }
    }
}
