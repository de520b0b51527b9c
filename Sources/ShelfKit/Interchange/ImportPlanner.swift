/// One thing an import does.
enum ImportAction: Sendable, Equatable {
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
    func plan(_ rows: [ImportRow], books: [Book]) -> [ImportAction] {
        var matcher = ImportMatcher(books: books)
        let existingCount = books.count
        var claimedBy: [Int: Int] = [:]
        var plannedPaths = Set<String>()
        var actions: [ImportAction] = []
        actions.reserveCapacity(rows.count)
        for row in rows {
            guard case .record(let record) = row else {
                if case let .skipped(number, reason) = row { actions.append(.skipped(row: number, reason: reason)) }
                continue
            }
            if let (candidate, _) = matcher.match(record) {
                if let earlier = claimedBy[candidate.id] {
                    actions.append(.skipped(row: record.row, reason: "the same book as row \(earlier) (\(candidate.book.path))"))
                    continue
                }
                claimedBy[candidate.id] = record.row
                guard update, candidate.id < existingCount else {
                    actions.append(.unchanged(row: record.row, path: candidate.book.path, kept: []))
                    continue
                }
                let result = ImportUpdater(source: source, today: today).update(candidate.book, body: notes(candidate.book), from: record)
                if result.edits.isEmpty {
                    actions.append(.unchanged(row: record.row, path: candidate.book.path, kept: result.kept))
                } else {
                    actions.append(.update(row: record.row, path: candidate.book.path, result: result))
                }
                continue
            }
            let extra = source.recordsBaseline
                ? [ImportField(key: ImportBaseline.key, value: .string(ImportBaseline.of(record, source: source.rawValue, date: today).text))]
                : []
            let bytes = ImportedBookFile.bytes(for: record, extra: extra, vocabulary: vocabulary)
            guard let frontMatter = try? BookDocument(bytes: bytes).frontMatter,
                  var book = Book(path: "", frontMatter: frontMatter, vocabulary: vocabulary) else {
                actions.append(.skipped(row: record.row, reason: "the book's fields do not read back as a book file"))
                continue
            }
            book.path = path(for: record, book: book, taken: plannedPaths)
            plannedPaths.insert(book.path.lowercased())
            claimedBy[matcher.add(book)] = record.row
            actions.append(.create(row: record.row, path: book.path, bytes: bytes))
        }
        return actions
    }

    /// The exported path when a JSON restore gives a usable free one, else the template's name.
    /// `taken` holds the paths planned so far, lowercased.
    func path(for record: ImportRecord, book: Book, taken: Set<String>) -> String {
        // Two planned books differing only in case would be one file on macOS or Windows.
        let isFree = { (path: String) in !taken.contains(path.lowercased()) && !self.exists(path) }
        if let path = record.path, ImportPlanner.isSafeRelativePath(path), !BookFileName.isReservedOnWindows(path), isFree(path) { return path }
        return BookFileName.unique(naming.path(for: book), separator: naming.collisionSeparator) { !isFree($0) }
    }

    /// A relative `.md` path with no `..`, no hidden part and no empty part.
    static func isSafeRelativePath(_ path: String) -> Bool {
        guard path.hasSuffix(".md"), !path.hasPrefix("/"), !path.contains("\\") else { return false }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.allSatisfy { !$0.isEmpty && !$0.hasPrefix(".") && $0.utf8.count <= 255 }
    }
}
