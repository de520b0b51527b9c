/// One step of an import plan: what the import does with one row.
enum ImportStep: Sendable, Equatable {
    /// A new book file at `path` (relative to the library) with these bytes.
    case create(row: Int, path: String, bytes: [UInt8])
    /// Edits to the existing book at `path`.
    case update(row: Int, path: String, result: ImportUpdater.Result)
    /// The book at `path` is already in the library and nothing is to change.
    case unchanged(row: Int, path: String, kept: [String])
    case skipped(row: Int, reason: String)

    public var row: Int {
        switch self {
        case .create(let row, _, _), .update(let row, _, _), .unchanged(let row, _, _), .skipped(let row, _): return row
        }
    }
}

/// Decides, for every row of an export, whether it creates a book, updates one, changes nothing
/// or is skipped. Nothing is written here: the plan is carried out by the caller (or only shown,
/// for `--dry-run`).
struct ImportPlanner {
    public let source: ImportSource
    /// `--update`: write values that changed at the source (see `ImportUpdater`).
    public let update: Bool
    /// Where new books go (the library's `filename:`).
    let naming: FileNameTemplate
    /// The library's key names and status words, which new files are written in.
    public let vocabulary: Vocabulary
    /// True when a file (relative to the library) exists on disk.
    public let exists: (String) -> Bool
    /// The notes of an existing book, for `--update`.
    public let notes: (Book) -> String?
    /// The day written in `imported:` lines (YYYY-MM-DD), if known.
    var today: String?

    /// A planner for an import from `source` into a library named by `template`, whose files
    /// use `vocabulary`.
    init(source: ImportSource, update: Bool, naming: FileNameTemplate, vocabulary: Vocabulary,
                exists: @escaping (String) -> Bool, notes: @escaping (Book) -> String?) {
        self.source = source
        self.update = update
        self.naming = naming
        self.vocabulary = vocabulary
        self.exists = exists
        self.notes = notes
    }

    /// The plan for `rows` against the books of a library.
    func plan(_ rows: [ImportRow], books: [Book]) -> [ImportStep] {
        var planning = start(books: books)
        return rows.compactMap { planning.plan($0) }
    }

    /// A plan made row by row, each row's step known as soon as the row is read.
    func start(books: [Book]) -> ImportPlanning {
        ImportPlanning(planner: self, matcher: ImportMatcher(books: books), existingCount: books.count)
    }

    /// The exported path when a JSON restore gives a usable free one, else the template's name.
    /// `taken` holds the paths planned so far, lowercased.
    /// `counters` holds, by template path (lowercased), the last number a collision took.
    func path(for record: ImportRecord, book: Book, taken: Set<String>, counters: inout [String: Int]) -> String {
        // Two planned books differing only in case would be one file on macOS or Windows.
        let isFree = { (path: String) in !taken.contains(path.lowercased()) && !self.exists(path) }
        if let path = record.path, ImportPlanner.isSafeRelativePath(path), !BookFileName.isReservedOnWindows(path), isFree(path) { return path }
        let named = naming.path(for: book)
        // The numbers below the last one taken are still taken (planned paths stay planned):
        // start after it, so that many books named alike cost one try each, not one per earlier book.
        var counter = counters[named.lowercased()] ?? 2
        let path = BookFileName.unique(named, separator: naming.collisionSeparator, counter: &counter) { !isFree($0) }
        if path != named { counters[named.lowercased()] = counter + 1 }
        return path
    }

    /// A relative `.md` path with no `..`, no hidden part and no empty part.
    static func isSafeRelativePath(_ path: String) -> Bool {
        guard path.hasSuffix(".md"), !path.hasPrefix("/"), !path.contains("\\") else { return false }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.allSatisfy { !$0.isEmpty && !$0.hasPrefix(".") && $0.utf8.count <= 255 }
    }
}

/// The state of a plan made row by row: the books matched and planned so far (the library's
/// and the import's), so that a row repeated in one file finds the book an earlier row made.
struct ImportPlanning {
    let planner: ImportPlanner
    var matcher: ImportMatcher
    let existingCount: Int
    /// Book (by matcher id) → the row that claimed it.
    private var claimedBy: [Int: Int] = [:]
    /// The paths of the books planned so far, lowercased.
    private var plannedPaths = Set<String>()
    /// Template path → the next number to try for a collision.
    private var counters: [String: Int] = [:]

    init(planner: ImportPlanner, matcher: ImportMatcher, existingCount: Int) {
        self.planner = planner
        self.matcher = matcher
        self.existingCount = existingCount
    }

    /// What to do with `row`; nil for a row that is not a book at all.
    mutating func plan(_ row: ImportRow) -> ImportStep? {
        guard case .record(let record) = row else {
            if case let .skipped(number, reason) = row { return .skipped(row: number, reason: reason) }
            return nil
        }
        let source = planner.source
        if let (candidate, _) = matcher.match(record) {
            if let earlier = claimedBy[candidate.id] {
                return .skipped(row: record.row, reason: "the same book as row \(earlier) (\(candidate.path))")
            }
            claimedBy[candidate.id] = record.row
            guard planner.update, candidate.id < existingCount, let book = candidate.book else {
                return .unchanged(row: record.row, path: candidate.path, kept: [])
            }
            let result = ImportUpdater(source: source, today: planner.today).update(book, body: planner.notes(book), from: record)
            if result.edits.isEmpty { return .unchanged(row: record.row, path: candidate.path, kept: result.kept) }
            return .update(row: record.row, path: candidate.path, result: result)
        }
        let extra = source.recordsBaseline
            ? [ImportField(key: ImportBaseline.key, value: .string(ImportBaseline.of(record, source: source.rawValue, date: planner.today).text))]
            : []
        let bytes = ImportedBookFile.bytes(for: record, extra: extra, vocabulary: planner.vocabulary)
        guard let frontMatter = try? BookDocument(bytes: bytes).frontMatter,
              var book = Book(path: "", frontMatter: frontMatter, vocabulary: planner.vocabulary) else {
            return .skipped(row: record.row, reason: "the book's fields do not read back as a book file")
        }
        book.path = planner.path(for: record, book: book, taken: plannedPaths, counters: &counters)
        plannedPaths.insert(book.path.lowercased())
        claimedBy[matcher.add(book)] = record.row
        return .create(row: record.row, path: book.path, bytes: bytes)
    }
}
