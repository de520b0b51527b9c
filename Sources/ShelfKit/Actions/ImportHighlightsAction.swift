/// `shelf highlights import PATH`: brings the highlights and notes a reader made on a Kindle,
/// Kobo or KOReader device (or collected in Readwise) into the `## Highlights` section of each
/// book's notes (docs/highlights.md).
///
/// Each device book is matched to a library book by ISBN, then by title and author; a fuzzy
/// match (similar title, same surname) is used only once confirmed. A device book with no match
/// is reported, and created as a new book only with `addMissing`. Importing again adds only
/// highlights that are new: one already there, or imported before and deleted since, is not
/// added. Every write goes through the library's door; the device's files are only read.
public struct ImportHighlightsAction {
    public struct Options: Sendable {
        /// Accept fuzzy matches without asking.
        public var acceptFuzzy = false
        /// Create a book for each device book the library lacks.
        public var addMissing = false
        /// Report what would change; write nothing.
        public var dryRun = false
        /// Bring the device's reading state in too: finished, abandoned, or being read (and how far).
        public var syncStatus = false
        public init() {}
    }

    /// A fuzzy match waiting for the reader's yes.
    public struct FuzzyMatch: Sendable, Equatable {
        public var sourceTitle: String
        var sourceAuthors: [String]
        public var bookPath: String
        public var bookTitle: String
        public var highlights: Int
    }

    let writer: LibraryWriter
    let options: Options
    let today: BookDate
    /// Asked once with every fuzzy match when `acceptFuzzy` is off; true accepts them all.
    let confirm: (([FuzzyMatch]) -> Bool)?

    public init(writer: LibraryWriter, options: Options, today: BookDate, confirm: (([FuzzyMatch]) -> Bool)? = nil) {
        self.writer = writer
        self.options = options
        self.today = today
        self.confirm = confirm
    }

    /// Reads `path` (a file or a device folder) and imports what it holds into `books`' files.
    public func run(_ path: String, books: [Book], reporter: ActionReporter) throws -> HighlightImportReport {
        var report = HighlightImportReport()
        let absolute = Library.absolute(path)
        let read: [HighlightSourceFile]
        do {
            read = try HighlightSource.read(absolute, warn: reporter.warning)
        } catch {
            throw HighlightSourceError(path: error.path.hasPrefix(absolute) ? path + error.path.dropFirst(absolute.count) : error.path,
                                       reason: error.reason)
        }
        let sources = read.map { source in
            // Named as the person named them: `device/documents/My Clippings.txt`, not absolute.
            var shown = source
            if source.path.hasPrefix(absolute) { shown.path = path + source.path.dropFirst(absolute.count) }
            return shown
        }
        var sourceBooks: [HighlightedBook] = []
        for source in sources {
            report.sources.append(.init(path: source.path, kind: source.kind, books: source.books.count,
                                        highlights: source.books.reduce(0) { $0 + $1.highlights.count }))
            report.bookmarks += source.bookmarks
            sourceBooks += source.books
        }
        let plan = HighlightImportPlan(books: sourceBooks, matcher: HighlightMatcher(books: books))
        var targets = plan.matched
        if !plan.fuzzy.isEmpty {
            let questions = plan.fuzzy.map { FuzzyMatch(sourceTitle: $0.source.title, sourceAuthors: $0.source.authors, bookPath: $0.book.path,
                                                         bookTitle: $0.book.title, highlights: $0.source.highlights.count) }
            if options.acceptFuzzy || confirm?(questions) == true {
                targets += plan.fuzzy.map { ($0.book, $0.source.highlights, "similar title", $0.source.reading) }
            } else {
                report.fuzzySkipped = questions
            }
        }
        let merged = HighlightImportPlan.merged(targets, withReading: options.syncStatus)
        for (done, target) in merged.enumerated() {
            apply(target.highlights, to: target.book, reason: target.reason, into: &report, reporter: reporter)
            if options.syncStatus, let reading = target.reading {
                sync(reading, to: target.book, reason: target.reason, into: &report, reporter: reporter)
            }
            reporter.progress(done + 1, of: merged.count, target.book.path)
        }
        for source in plan.unmatched where !source.highlights.isEmpty {
            if options.addMissing {
                create(source, into: &report, reporter: reporter)
            } else {
                report.unmatched.append(source.title + (source.authors.isEmpty ? "" : " (" + source.authors.joined(separator: ", ") + ")"))
            }
        }
        return report
    }

    private func apply(_ highlights: [Highlight], to book: Book, reason: String, into report: inout HighlightImportReport,
                       reporter: ActionReporter) {
        guard !highlights.isEmpty else { return }
        let body = writer.library.notes(of: book) ?? ""
        guard let change = HighlightsSection(body: body).splices(adding: highlights, lineEnding: .lf) else {
            report.unchanged += 1
            return
        }
        do {
            if !options.dryRun { try writer.edit(book.path, edits: [.addHighlights(highlights)]) }
            report.books.append(.init(path: book.path, title: book.title, added: change.added, replaced: change.replaced,
                                      created: false, matchedBy: reason))
        } catch {
            report.failures.append(String(describing: error))
            reporter.warning(String(describing: error))
        }
    }

    private func create(_ source: HighlightedBook, into report: inout HighlightImportReport, reporter: ActionReporter) {
        var request = NewBookRequest()
        request.title = source.title
        request.authors = source.authors
        request.note = HighlightsSection(body: "").splices(adding: source.highlights, lineEnding: .lf)?.newSection
        do {
            var file = NewBookFile()
            if let isbn = source.isbn { file.set("isbn", .string(isbn)) }
            try request.apply(to: &file, today: today, force: false)
            let library = writer.library
            let bytes = file.render(vocabulary: library.config.vocabulary)
            let document = try BookDocument(bytes: bytes)
            guard let book = library.book(at: "", in: document) else {
                throw LookupActionError("internal error: the new book does not read back; nothing was written")
            }
            var path = library.config.fileNames.path(for: book)
            if !options.dryRun {
                path = try FreeNameWriter.createBook(book, bytes: bytes, writer: writer)
            }
            report.books.append(.init(path: path, title: source.title, added: source.highlights.count, replaced: 0,
                                      created: true, matchedBy: "new book"))
        } catch {
            report.failures.append("\(source.title): \(error)")
            reporter.warning("\(source.title): \(error)")
        }
    }
}

/// Which device books go to which library books.
struct HighlightImportPlan {
    typealias Target = (book: Book, highlights: [Highlight], reason: String, reading: DeviceReading?)
    var matched: [Target] = []
    var fuzzy: [(source: HighlightedBook, book: Book)] = []
    var unmatched: [HighlightedBook] = []

    init(books: [HighlightedBook], matcher: HighlightMatcher) {
        for source in books {
            switch matcher.match(source) {
            case .isbn(let book)?: matched.append((book, source.highlights, "ISBN", source.reading))
            case .titleAndAuthor(let book)?: matched.append((book, source.highlights, "title and author", source.reading))
            case .fuzzy(let book)?: fuzzy.append((source, book))
            case nil: unmatched.append(source)
            }
        }
        unmatched = HighlightImportPlan.mergedSources(unmatched)
    }

    /// One target per library book: the highlights of every device book matched to it (a Kindle
    /// and Readwise both naming it), in order, and what the devices say of the reading, merged.
    /// - Parameter withReading: keep books that have a reading state and no highlights.
    static func merged(_ targets: [Target], withReading: Bool) -> [Target] {
        var order: [String] = []
        var byPath: [String: Target] = [:]
        for target in targets where !target.highlights.isEmpty || (withReading && target.reading != nil) {
            if var existing = byPath[target.book.path] {
                existing.highlights += target.highlights
                // Each source says part (the sidecar the status, the statistics the first day):
                // together, not the last one alone.
                if let reading = target.reading { existing.reading = existing.reading.map { $0.merged(with: reading) } ?? reading }
                byPath[target.book.path] = existing
            } else {
                order.append(target.book.path)
                byPath[target.book.path] = target
            }
        }
        return order.compactMap { byPath[$0] }
    }

    /// Unmatched device books named alike (the same book on two devices) as one.
    private static func mergedSources(_ books: [HighlightedBook]) -> [HighlightedBook] {
        var order: [String] = []
        var byKey: [String: HighlightedBook] = [:]
        for book in books {
            let key = book.isbn ?? ImportMatcher.titleKey(book.title)
            if byKey[key] == nil { order.append(key); byKey[key] = book } else { byKey[key]?.highlights += book.highlights }
        }
        return order.compactMap { byKey[$0] }
    }
}

/// What a highlights import did (or, in a dry run, would do).
public struct HighlightImportReport: Sendable {
    public struct Source: Sendable {
        public var path: String
        public var kind: HighlightSourceKind
        public var books: Int
        public var highlights: Int
    }

    public struct BookChange: Sendable {
        public var path: String
        public var title: String
        public var added: Int
        /// Highlights extended or trimmed on the device whose earlier quote was replaced.
        public var replaced: Int
        public var created: Bool
        /// `ISBN`, `title and author`, `similar title` or `new book`.
        public var matchedBy: String
        /// What `--sync-status` changed: `marked read`, `started`, `at 45%`.
        public var reading: [String] = []
    }

    public var sources: [Source] = []
    public var books: [BookChange] = []
    /// Matched books that had every highlight already.
    public var unchanged = 0
    /// Device books with highlights and no book in the library (`--add-missing` creates them).
    public var unmatched: [String] = []
    public var fuzzySkipped: [ImportHighlightsAction.FuzzyMatch] = []
    /// Kindle bookmarks, which carry no text.
    public var bookmarks = 0
    public var failures: [String] = []

    var highlightsAdded: Int { books.reduce(0) { $0 + $1.added } }
}
