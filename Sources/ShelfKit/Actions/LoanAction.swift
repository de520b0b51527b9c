import Foundation

/// `shelf lend BOOK --to NAME [--due DATE]` and `shelf return BOOK`: a loan is one line of the
/// book's `loans:` list, appended when the book goes out and given `returned:` when it comes
/// back, through the door. A book already out is not lent again; one not out cannot come back.
public struct LoanAction {
    let writer: LibraryWriter
    let finder: BookNameResolver

    /// Lends and takes back books through the door of `library`, finding each named book with `finder`.
    public init(library: Library, finder: BookNameResolver) {
        self.writer = library.writer
        self.finder = finder
    }

    /// What the person asked for, besides the book.
    public struct Request: Sendable {
        /// The day the book went out or came back (`--date`); nil for today.
        var date: String?
        /// The day it is due back (`--due`).
        var due: String?
        var today: BookDate
        /// Accept a lending or return day in the future.
        var force: Bool

        /// A request dated `date` (nil: `today`), due back on `due`.
        public init(date: String? = nil, due: String? = nil, today: BookDate, force: Bool = false) {
            self.date = date
            self.due = due
            self.today = today
            self.force = force
        }
    }

    /// Lends the book to `person`.
    @discardableResult
    public func lend(_ name: String, to person: String, _ request: Request, reporter: any ActionReporter) throws -> BookLoan {
        let who = person.trimmingSpaces
        guard !who.isEmpty else { throw ReadingError("--to takes the name of the person who borrows the book") }
        guard !who.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" })
        else {
            throw ReadingError(
                "--to holds a line break or another control character; a borrower's name is one line of text "
                    + "(shelf lend \(name) --to \"Ana\"); nothing was written")
        }
        let lent = try request.date.map { try ReadingDates.check($0, today: request.today, force: request.force) } ?? request.today
        let due = try request.due.map { try LoanAction.dueDate($0, after: lent) }
        let loan = BookLoan(to: who, lent: lent, due: due)
        try run(name, request, reporter: reporter) { book in
            if let out = book.openLoan {
                throw ReadingError(
                    "already lent to \(out.to)" + (out.lent.map { " since " + $0.text } ?? "")
                        + "; when it is back: shelf return \(name)")
            }
            return [.appendItem(Book.loansKey, raw: loan.flowMap)]
        }
        return loan
    }

    /// Marks the book's open loan returned.
    @discardableResult
    public func giveBack(_ name: String, _ request: Request, reporter: any ActionReporter) throws -> BookLoan {
        let day = try request.date.map { try ReadingDates.check($0, today: request.today, force: request.force) } ?? request.today
        var returned: BookLoan?
        try run(name, request, reporter: reporter) { book in
            let items: [FieldValue]
            if case .list(let list)? = book.value(of: Book.loansKey) { items = list } else { items = [] }
            guard let index = items.lastIndex(where: { BookLoan(item: $0)?.isOpen == true }),
                var loan = BookLoan(item: items[index])
            else {
                throw ReadingError("not lent out (no loan without returned: in its loans: list); nothing was written")
            }
            if let lent = loan.lent, DateSpan(day).last < DateSpan(lent).first {
                throw ReadingError("it cannot come back (\(day.text)) before it was lent (\(lent.text))")
            }
            loan.returned = day
            returned = loan
            return [.replaceItem(Book.loansKey, at: index, raw: loan.flowMap)]
        }
        return returned ?? BookLoan(to: "", lent: nil)
    }

    /// A due date: a day (or month, or year) not before the day the book went out.
    static func dueDate(_ text: String, after lent: BookDate) throws -> BookDate {
        guard let due = BookDate(text.trimmingSpaces), due.minutes == nil else {
            throw ReadingError("--due takes a date (YYYY-MM-DD), not '\(text)'")
        }
        if DateSpan(due).last < DateSpan(lent).first {
            throw ReadingError("the due date \(due.text) is before the day it is lent (\(lent.text))")
        }
        return due
    }

    private func run(_ name: String, _ request: Request, reporter: any ActionReporter, plan: (Book) throws -> [FieldEdit]) throws {
        try BookReading.edit(name, writer: writer, finder: finder, force: false, reporter: reporter, plan: plan)
    }
}

/// Every book out on loan (or, for the history, every loan), for `shelf loans`.
public struct LoanListing: Sendable {
    /// One book and one of its loans.
    public struct Entry: Sendable {
        /// The book lent.
        public var book: Book
        /// The loan: to whom, when, due and returned.
        public var loan: BookLoan
    }

    /// The loans: the longest out first, or for the history the latest first.
    public let entries: [Entry]

    /// The open loans, the longest out first; with `history`, every loan, the latest first.
    public init(books: [Book], history: Bool) {
        var entries: [Entry] = []
        for book in books {
            for loan in book.loans where history || loan.isOpen { entries.append(Entry(book: book, loan: loan)) }
        }
        self.entries = entries.sorted { left, right in
            let (a, b) = (left.loan.lent ?? BookDate(year: 1, month: 1, day: 1), right.loan.lent ?? BookDate(year: 1, month: 1, day: 1))
            if a != b { return history ? a > b : a < b }
            return left.book.title.localizedStandardCompare(right.book.title) == .orderedAscending
        }
    }
}
