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
    /// How a highlights import runs: the command's flags.
    public struct Options: Sendable {
        /// Accept fuzzy matches without asking.
        public var acceptFuzzy = false
        /// Create a book for each device book the library lacks.
        public var addMissing = false
        /// Report what would change; write nothing.
        public var dryRun = false
        /// Bring the device's reading state in too: finished, abandoned, or being read (and how far).
        public var syncStatus = false
        /// The defaults: fuzzy matches asked about, books written, none added, reading state left alone.
        public init() {}
    }

    /// A fuzzy match waiting for the reader's yes.
    public struct FuzzyMatch: Sendable, Equatable {
        /// The device's title for the book.
        public var sourceTitle: String
        var sourceAuthors: [String]
        /// The library book it would go to, relative to the library root.
        public var bookPath: String
        /// That book's title.
        public var bookTitle: String
        var highlights: Int
    }

    let writer: LibraryWriter
    let options: Options
    let today: BookDate
    /// Asked once with every fuzzy match when `acceptFuzzy` is off; true accepts them all.
    let confirm: (([FuzzyMatch]) -> Bool)?

    /// Imports highlights through the door of `library`.
    /// - Parameter confirm: asked, with the fuzzy matches, whether to use them; nil skips them
    ///   (unless `options.acceptFuzzy`).
    public init(library: Library, options: Options, today: BookDate, confirm: (([FuzzyMatch]) -> Bool)? = nil) {
        self.writer = library.writer
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
            read = try HighlightSource.read(absolute, warn: reporter.warning, progress: { reporter.progress($0, of: $1, "Reading") })
        } catch {
            throw HighlightSourceError(
                path: error.path.hasPrefix(absolute) ? path + error.path.dropFirst(absolute.count) : error.path,
                reason: error.reason)
        }
        let sources = read.map { source in
            // Named as the person named them: `device/documents/My Clippings.txt`, not absolute.
            var shown = source
            if source.path.hasPrefix(absolute) { shown.path = path + source.path.dropFirst(absolute.count) }
            return shown
        }
        var devices = DeviceBooks(sources)
        for source in sources {
            report.sources.append(.init(path: source.path, kind: source.kind, books: source.books.count, highlights: 0))
            report.bookmarks += source.bookmarks
        }
        let plan = HighlightImportPlan(books: devices.books, matcher: HighlightMatcher(books: books))
        var targets = plan.matched
        if !plan.fuzzy.isEmpty {
            var questions: [FuzzyMatch] = []
            for (source, book) in plan.fuzzy {
                let count = try devices.highlights(of: [source]).count
                questions.append(
                    FuzzyMatch(
                        sourceTitle: devices.books[source].title, sourceAuthors: devices.books[source].authors,
                        bookPath: book.path, bookTitle: book.title, highlights: count))
            }
            if options.acceptFuzzy || confirm?(questions) == true {
                targets += plan.fuzzy.map { ($0.book, [$0.source], "similar title", devices.books[$0.source].reading) }
            } else {
                report.fuzzySkipped = questions
            }
        }
        let merged = HighlightImportPlan.merged(targets, counts: devices.counts, withReading: options.syncStatus)
        for (done, target) in merged.enumerated() {
            // One library book's highlights at a time: a clippings file's are read back here.
            do {
                apply(try devices.highlights(of: target.sources), to: target.book, reason: target.reason, into: &report, reporter: reporter)
            } catch {
                report.failures.append(error.description)
                reporter.warning(error.description)
            }
            if options.syncStatus, let reading = target.reading {
                sync(reading, to: target.book, reason: target.reason, into: &report, reporter: reporter)
            }
            reporter.progress(done + 1, of: merged.count, target.book.path)
        }
        for group in plan.unmatched where group.contains(where: { devices.counts[$0] != 0 }) {
            var source = devices.books[group[0]]
            do {
                source.highlights = try devices.highlights(of: group)
            } catch {
                report.failures.append(error.description)
                reporter.warning(error.description)
                continue
            }
            guard !source.highlights.isEmpty else { continue }
            if options.addMissing {
                create(source, into: &report, reporter: reporter)
            } else {
                report.unmatched.append(source.title + (source.authors.isEmpty ? "" : " (" + source.authors.joined(separator: ", ") + ")"))
            }
        }
        // Each source's highlights, counted as its books were read (each book is read once).
        for number in sources.indices { report.sources[number].highlights = devices.total(ofSource: number) }
        return report
    }

    private func apply(
        _ highlights: [Highlight], to book: Book, reason: String, into report: inout HighlightImportReport,
        reporter: ActionReporter
    ) {
        guard !highlights.isEmpty else { return }
        let body = writer.library.notes(of: book) ?? ""
        guard let change = HighlightsSection(body: body).splices(adding: highlights, lineEnding: .lf) else {
            report.unchanged += 1
            return
        }
        do {
            if !options.dryRun { try writer.edit(book.path, edits: [.addHighlights(highlights)]) }
            report.books.append(
                .init(
                    path: book.path, title: book.title, added: change.added, replaced: change.replaced,
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
            report.books.append(
                .init(
                    path: path, title: source.title, added: source.highlights.count, replaced: 0,
                    created: true, matchedBy: "new book"))
        } catch {
            report.failures.append("\(source.title): \(error)")
            reporter.warning("\(source.title): \(error)")
        }
    }
}

/// Which device books go to which library books. Device books are named by their place in
/// `DeviceBooks.books`; their highlights are read only when a book is written.
struct HighlightImportPlan {
    typealias Target = (book: Book, sources: [Int], reason: String, reading: DeviceReading?)
    var matched: [Target] = []
    var fuzzy: [(source: Int, book: Book)] = []
    /// Device books with no library book, those named alike (the same book on two devices) together.
    var unmatched: [[Int]] = []

    init(books: [HighlightedBook], matcher: HighlightMatcher) {
        var alone: [Int] = []
        for (number, source) in books.enumerated() {
            switch matcher.match(source) {
            case .isbn(let book)?: matched.append((book, [number], "ISBN", source.reading))
            case .titleAndAuthor(let book)?: matched.append((book, [number], "title and author", source.reading))
            case .fuzzy(let book)?: fuzzy.append((number, book))
            case nil: alone.append(number)
            }
        }
        var order: [String] = []
        var byKey: [String: [Int]] = [:]
        for number in alone {
            let key = books[number].isbn ?? ImportMatcher.titleKey(books[number].title)
            if byKey[key] == nil { order.append(key) }
            byKey[key, default: []].append(number)
        }
        unmatched = order.compactMap { byKey[$0] }
    }

    /// One target per library book: the highlights of every device book matched to it (a Kindle
    /// and Readwise both naming it), in order, and what the devices say of the reading, merged.
    /// - Parameters:
    ///   - counts: each device book's number of highlights, nil when not yet read.
    ///   - withReading: keep books that have a reading state and no highlights.
    static func merged(_ targets: [Target], counts: [Int?], withReading: Bool) -> [Target] {
        var order: [String] = []
        var byPath: [String: Target] = [:]
        for target in targets where target.sources.contains(where: { counts[$0] != 0 }) || (withReading && target.reading != nil) {
            if var existing = byPath[target.book.path] {
                existing.sources += target.sources
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
}

/// Every book of every source read, in order; a clippings file's highlights are read back book
/// by book when asked for (`highlights(of:)`), so one book's are held at a time, and each book's
/// number of highlights is known once it was read (at once for a source read whole).
struct DeviceBooks {
    private let sources: [HighlightSourceFile]
    /// Each book's source and its place there.
    private var places: [(source: Int, number: Int)] = []
    /// The books: title, authors, ISBN and reading; highlights only for sources read whole.
    private(set) var books: [HighlightedBook] = []
    /// Each book's number of highlights; nil until a clippings file's book is read back.
    private(set) var counts: [Int?] = []

    init(_ sources: [HighlightSourceFile]) {
        self.sources = sources
        for (source, file) in sources.enumerated() {
            for number in file.books.indices {
                places.append((source, number))
                books.append(file.books[number])
                counts.append(file.readBack == nil ? file.books[number].highlights.count : nil)
            }
        }
    }

    /// The highlights counted so far in a source's books.
    func total(ofSource source: Int) -> Int {
        places.indices.reduce(0) { $0 + (places[$1].source == source ? counts[$1] ?? 0 : 0) }
    }

    /// The highlights of the books numbered `numbers`, in order.
    mutating func highlights(of numbers: [Int]) throws(HighlightSourceError) -> [Highlight] {
        var highlights: [Highlight] = []
        for number in numbers {
            let place = places[number]
            let read = try sources[place.source].highlights(ofBook: place.number)
            counts[number] = read.count
            highlights += read
        }
        return highlights
    }
}

/// What a highlights import did (or, in a dry run, would do).
public struct HighlightImportReport: Sendable {
    /// One source read: a device file or folder.
    public struct Source: Sendable {
        /// The file or folder, as given.
        public var path: String
        /// What kind of source it was read as.
        public var kind: HighlightSourceKind
        /// Books it holds highlights of.
        public var books: Int
        /// Highlights it holds.
        public var highlights: Int
    }

    /// One library book the import changed (or would change).
    public struct BookChange: Sendable {
        /// The book's file, relative to the library root.
        public var path: String
        /// The book's title.
        public var title: String
        /// Highlights added to its notes.
        public var added: Int
        /// Highlights extended or trimmed on the device whose earlier quote was replaced.
        public var replaced: Int
        /// Whether the book was created for the import (`--add-missing`).
        public var created: Bool
        /// `ISBN`, `title and author`, `similar title` or `new book`.
        public var matchedBy: String
        /// What `--sync-status` changed: `marked read`, `started`, `at 45%`.
        public var reading: [String] = []
    }

    /// The sources read, in the order given.
    public var sources: [Source] = []
    /// The books changed (or, in a dry run, to change).
    public var books: [BookChange] = []
    /// Matched books that had every highlight already.
    public var unchanged = 0
    /// Device books with highlights and no book in the library (`--add-missing` creates them).
    public var unmatched: [String] = []
    /// Fuzzy matches not confirmed, whose highlights were not imported.
    public var fuzzySkipped: [ImportHighlightsAction.FuzzyMatch] = []
    /// Kindle bookmarks, which carry no text.
    public var bookmarks = 0
    /// Sources or books that could not be read or written, each with why.
    public var failures: [String] = []

    var highlightsAdded: Int { books.reduce(0) { $0 + $1.added } }
}
