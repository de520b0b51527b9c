/// `start`, `finish` and `abandon`: moves a book through a read, keeping every earlier read.
///
/// The latest read is the top-level `started:` / `finished:` / `status:`; starting a book whose
/// latest read is over moves that read into the `reads:` list (one new line) and begins a new
/// one. Dates are checked: a finish is never before its start, and no date is in the future
/// unless forced. The plan is worked out by `ReadingPlan`; the write goes through the door.
public struct ReadingAction {
    let writer: LibraryWriter
    let finder: BookNameResolver

    /// Starts, finishes and abandons reads through the door of `library`, finding each named book with `finder`.
    public init(library: Library, finder: BookNameResolver) {
        self.writer = library.writer
        self.finder = finder
    }

    /// What the person asked for, besides the book.
    public struct Request: Sendable {
        /// The date given (`--date`), or nil for today / the date already set.
        var date: String?
        var today: BookDate
        /// Allow a date in the future and replace values shelf cannot read.
        var force: Bool
        /// `finish --rating`, as typed (`4`, `4.5`), checked as `rate` checks it.
        var rating: String?
        /// `abandon --page`: the page reached.
        var page: Int?
        /// `finish --again`: a book already finished was read once more.
        var again: Bool
        /// `finish --started`: the day the read being finished began.
        var started: String?

        /// A request dated `date` (nil: `today`), with the options of `finish` and `abandon`.
        public init(
            date: String? = nil, today: BookDate, force: Bool = false, rating: String? = nil, page: Int? = nil, again: Bool = false,
            started: String? = nil
        ) {
            self.date = date
            self.today = today
            self.force = force
            self.rating = rating
            self.page = page
            self.again = again
            self.started = started
        }
    }

    /// Starts a read: the first, the open one again (its date kept unless one is given), or a
    /// new one after a read that ended.
    @discardableResult
    public func start(_ name: String, _ request: Request, reporter: any ActionReporter) throws -> WriteOutcome {
        try run(name, request, reporter: reporter) { try ReadingPlan(book: $0, request: $1).start() }
    }

    /// Finishes the open read (or records a finish with no start).
    @discardableResult
    public func finish(_ name: String, _ request: Request, reporter: any ActionReporter) throws -> WriteOutcome {
        try run(name, request, reporter: reporter) { try ReadingPlan(book: $0, request: $1).finish() }
    }

    /// Marks the open read did-not-finish, on a day and optionally at a page.
    @discardableResult
    public func abandon(_ name: String, _ request: Request, reporter: any ActionReporter) throws -> WriteOutcome {
        try run(name, request, reporter: reporter) { try ReadingPlan(book: $0, request: $1).abandon() }
    }

    /// Logs how far the reader is (`120`, `45%`, `3h20m`, or `+20`: twenty pages past the last
    /// page logged) on a day, starting the book if it was not started; reports the position and pace.
    @discardableResult
    public func progress(
        _ name: String, position text: String, _ request: Request, reporter: any ActionReporter
    ) throws -> WriteOutcome {
        let pagesRead = ProgressEntry.Position.pagesRead(text)
        // Checked first: to `Int`, "+20" is page 20.
        let fixed = pagesRead == nil ? ProgressEntry.Position(text) : nil
        guard pagesRead != nil || fixed != nil else {
            throw ReadingError(
                "'\(text)' is not a position: a page (120), pages since the last page logged (+20), "
                    + "a percent (45%) or a time into an audiobook (3h20m)")
        }
        var logged: Book?
        let outcome = try run(name, request, reporter: reporter) { book, request in
            logged = book
            // `+N` counts from the book as it is now, read inside the door's check.
            let position = fixed ?? .page((ReadingProgress(book: book).lastPage ?? 0) + (pagesRead ?? 0))
            return try ReadingPlan(book: book, request: request).progress(position)
        }
        if let path = logged?.path, let book = try? BookReading.book(at: path, writer: writer),
            let summary = ReadingProgress(book: book).summary
        {
            reporter.result(summary)
        }
        return outcome
    }

    func run(
        _ name: String, _ request: Request, reporter: any ActionReporter,
        plan: (Book, Request) throws -> [FieldEdit]
    ) throws -> WriteOutcome {
        try BookReading.edit(name, writer: writer, finder: finder, force: request.force, reporter: reporter) { try plan($0, request) }
    }
}

/// Reads one book of the library as it is on disk now.
enum BookReading {
    /// Plans edits from the book `name` names as it is on disk and writes them through the door,
    /// reporting `updated PATH` or `unchanged PATH`. A `ReadingError` of the plan is told with
    /// the book's path; nothing is written.
    @discardableResult
    static func edit(
        _ name: String, writer: LibraryWriter, finder: BookNameResolver, force: Bool, reporter: any ActionReporter,
        plan: (Book) throws -> [FieldEdit]
    ) throws -> WriteOutcome {
        let path = try finder.path(named: name)
        let book = try book(at: path, writer: writer)
        let edits: [FieldEdit]
        do {
            edits = try plan(book)
        } catch let error as ReadingError {
            throw ReadingError(writer.display(path) + ": " + error.description)
        }
        let outcome = try writer.edit(path, edits: edits, force: force)
        reporter.result(writer.report(outcome, of: path))
        return outcome
    }

    static func book(at path: String, writer: LibraryWriter) throws -> Book {
        let bytes = try FileIO.read(writer.library.absolutePath(path))
        let document = try BookBytes.parse(bytes, displayPath: writer.display(path))
        guard let frontMatter = document.frontMatter,
            let book = Book(path: path, frontMatter: frontMatter, vocabulary: writer.library.config.vocabulary)
        else {
            throw EditError.noFrontMatter(writer.display(path))
        }
        return book
    }
}
