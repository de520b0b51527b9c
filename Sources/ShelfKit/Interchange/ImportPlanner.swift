/// One step of an import plan: what the import does with one row.
enum ImportStep: Sendable, Equatable {
    /// A new book file at `path` (relative to the library) with these bytes, and the record of
    /// what it imported for `shelf-imports.txt` (nil when the source records none).
    case create(row: Int, path: String, bytes: [UInt8], record: ImportBaselineFile.Entry?)
    /// Edits to the existing book at `path`.
    case update(row: Int, path: String, result: ImportUpdater.Result)
    /// The book at `path` is already in the library and nothing in it is to change; the result
    /// says which values were kept and what to record.
    case unchanged(row: Int, path: String, result: ImportUpdater.Result)
    case skipped(row: Int, reason: String)

    var row: Int {
        switch self {
        case .create(let row, _, _, _), .update(let row, _, _), .unchanged(let row, _, _), .skipped(let row, _): return row
        }
    }
}

/// Decides, for every row of an export, whether it creates a book, updates one, changes nothing
/// or is skipped. Nothing is written here: the plan is carried out by the caller (or only shown,
/// for `--dry-run`).
struct ImportPlanner {
    let source: ImportSource
    /// `--update`: write values that changed at the source (see `ImportUpdater`).
    let update: Bool
    /// Where new books go (the library's `filename:`).
    let naming: FileNameTemplate
    /// The library's key names and status words, which new files are written in.
    let vocabulary: Vocabulary
    /// True when a file (relative to the library) exists on disk.
    let exists: (String) -> Bool
    /// The notes of an existing book, for `--update`.
    let notes: (Book) -> String?
    /// The day written in `imported:` lines (YYYY-MM-DD), if known.
    var today: String?
    /// What earlier imports wrote (`shelf-imports.txt`), for `--update`.
    var records = ImportBaselines()

    /// A planner for an import from `source` into a library named by `template`, whose files
    /// use `vocabulary`.
    init(
        source: ImportSource, update: Bool, naming: FileNameTemplate, vocabulary: Vocabulary,
        exists: @escaping (String) -> Bool, notes: @escaping (Book) -> String?
    ) {
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
    /// `taken` holds the paths planned so far, lowercased and hashed (`MatchKey`): a path
    /// sharing a hash with a planned one is taken for one, and the next name is tried.
    /// `counters` holds, by template path (lowercased, hashed), the last number a collision took.
    func path(for record: ImportRecord, book: Book, taken: Set<UInt64>, counters: inout [UInt64: Int]) -> String {
        // Two planned books differing only in case would be one file on macOS or Windows.
        let isFree = { (path: String) in !taken.contains(MatchKey.of(path.lowercased())) && !self.exists(path) }
        if let path = record.path, ImportPlanner.isSafeRelativePath(path), !BookFileName.isReservedOnWindows(path), isFree(path) {
            return path
        }
        let named = naming.path(for: book)
        // The numbers below the last one taken are still taken (planned paths stay planned):
        // start after it, so that many books named alike cost one try each, not one per earlier book.
        let counterKey = MatchKey.of(named.lowercased())
        var counter = counters[counterKey] ?? 2
        let path = BookFileName.unique(named, separator: naming.collisionSeparator, counter: &counter) { !isFree($0) }
        if path != named { counters[counterKey] = counter + 1 }
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
    /// Book (by matcher id) → the row that claimed it; -1 for none.
    private var claimedBy: [Int32] = []
    /// The paths of the books planned so far, lowercased and hashed.
    private var plannedPaths = Set<UInt64>()
    /// Template path (lowercased, hashed) → the next number to try for a collision.
    private var counters: [UInt64: Int] = [:]

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
            if let earlier = claimedRow(candidate.id) {
                return .skipped(row: record.row, reason: "the same book as row \(earlier) (\(candidate.path))")
            }
            claim(candidate.id, row: record.row)
            guard planner.update, candidate.id < existingCount, let book = candidate.book else {
                return .unchanged(row: record.row, path: candidate.path, result: ImportUpdater.Result())
            }
            let result = ImportUpdater(source: source, today: planner.today)
                .update(book, body: planner.notes(book), from: record, records: planner.records)
            if result.edits.isEmpty { return .unchanged(row: record.row, path: candidate.path, result: result) }
            return .update(row: record.row, path: candidate.path, result: result)
        }
        // The book keeps the service and the day; what was imported goes to `shelf-imports.txt`.
        let baseline = ImportBaseline.of(record, source: source.rawValue, date: planner.today)
        let extra =
            source.recordsBaseline ? [ImportField(key: ImportBaseline.key, value: .string(baseline.line))] : []
        let bytes = ImportedBookFile.bytes(for: record, extra: extra, vocabulary: planner.vocabulary)
        guard let frontMatter = try? BookDocument(bytes: bytes).frontMatter,
            var book = Book(path: "", frontMatter: frontMatter, vocabulary: planner.vocabulary)
        else {
            return .skipped(row: record.row, reason: "the book's fields do not read back as a book file")
        }
        book.path = planner.path(for: record, book: book, taken: plannedPaths, counters: &counters)
        plannedPaths.insert(MatchKey.of(book.path.lowercased()))
        claim(matcher.add(book), row: record.row)
        let entry = baseline.token.map {
            ImportBaselineFile.Entry(
                source: source.rawValue, key: ImportBaselineFile.key(for: record, source: source), date: planner.today, token: $0,
                path: book.path)
        }
        return .create(row: record.row, path: book.path, bytes: bytes, record: source.recordsBaseline ? entry : nil)
    }

    private func claimedRow(_ id: Int) -> Int? {
        id < claimedBy.count && claimedBy[id] >= 0 ? Int(claimedBy[id]) : nil
    }

    private mutating func claim(_ id: Int, row: Int) {
        if claimedBy.count <= id { claimedBy += repeatElement(-1, count: id + 1 - claimedBy.count) }
        claimedBy[id] = Int32(clamping: row)
    }
}
