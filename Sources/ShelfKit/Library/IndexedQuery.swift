/// One query answered from the library's persistent index: the library, the query, and the
/// stages of its answer, each a method.
///
/// The index is first brought up to date with the files (`current()`): `quick()` when no folder
/// changed since it was written, one `stat` per entry, else `indexed(_:)` over a listing of the
/// library. While the files are statted, one core works out what the index alone tells of the
/// answer (`early(over:)`), and the work left after the stats is small. The candidates then
/// decoded, the books read again added, the query is evaluated (`answer(from:)`), or the paths
/// are put in title order (`pathsInTitleOrder(reversed:)`). When the index cannot be used,
/// `run()` loads the library. docs/persistent-index.md tells the whole path.
struct IndexedQuery: Sendable {
    /// What the answer is for, which decides the work done early, over the index alone.
    enum Purpose: Sendable {
        /// The matching books (`Library.query`): the candidates are decoded and the query
        /// evaluated early.
        case answer
        /// A ranked search (`Library.search`): evaluated and ranked early, the snippets cut then
        /// when the hits are few.
        case search(limit: Int?, withSnippets: Bool)
        /// The paths in title order (`Library.pathsInTitleOrder`): the candidates are decoded
        /// early only when the index cannot answer exactly.
        case titleOrder
    }

    let library: Library
    let expression: QueryExpression
    let today: BookDate
    let purpose: Purpose
    /// When the query began, in nanoseconds since 1970, taken before any file is looked at: a
    /// file changed after this is never cached as clean.
    let started: Int64
    /// The note words the query can ask about, the only ones read.
    let noteFilter: NoteWordFilter

    init(_ expression: QueryExpression, over library: Library, today: BookDate, purpose: Purpose = .answer) {
        self.library = library
        self.expression = expression
        self.today = today
        self.purpose = purpose
        started = library.clock()
        noteFilter = NoteWordFilter(words: expression.allWords)
    }

    /// Whether the query looks at the notes' words, which the index must then hold for every book.
    var withNotes: Bool { expression.needsNotes }

    var root: String { library.root }

    /// The answer: from the index when it can be used, else from a load of the whole library;
    /// with the search ranked while the files were statted when the answer is the one worked
    /// out then (`answeredEarly`).
    func run() throws(FileError) -> (answer: QueryResult, ranked: Library.RankedSearch?) {
        let (fromIndex, made) = try answerFromIndex()
        if let fromIndex { return fromIndex }
        let scan: BookFileScanner.Scan
        if let made { scan = made } else { scan = try BookFileScanner.scanAll(root: root) }
        let (index, problems) = library.load(
            scan, started: started, cache: nil, withNotes: withNotes, withWords: withNotes, noteFilter: noteFilter)
        let evaluator = QueryEvaluator(index: index, today: today, notesReader: { library.notes(of: $0) })
        return (QueryResult(index: index, matches: evaluator.evaluate(expression).ids, problems: problems), nil)
    }

    /// The answer from the index; when there is none, the listing of the library made on the
    /// way (if one was). The index and what was worked out early are let go on return, before
    /// the library is loaded.
    private func answerFromIndex() throws(FileError) -> (answer: (QueryResult, Library.RankedSearch?)?, scan: BookFileScanner.Scan?) {
        let (state, scan) = try current()
        guard let state, let answer = answer(from: state) else { return (nil, scan) }
        return ((answer, answer.answeredEarly ? state.early?.ranked : nil), nil)
    }

    /// The answer from `state`; nil when the index cannot be used.
    func answer(from state: IndexedLibrary) -> QueryResult? {
        if let result = state.earlyResult { return result }
        guard let (prefilter, candidates) = candidates(over: state) else { return nil }
        return answer(from: state, prefilter: prefilter, candidates: candidates)
    }

    /// Decodes the candidates `prefilter` found (nil: every book) and evaluates the query over
    /// them, or takes what was worked out early over the cache of `state`: all of it when no
    /// file changed, else the books decoded then (among them some no longer candidates, which
    /// are passed over).
    func answer(from state: IndexedLibrary, prefilter: IndexPrefilter, candidates: IndexPrefilter.Candidates?) -> QueryResult? {
        if let result = state.earlyResult { return result }
        let candidates = candidates?.set ?? prefilter.books
        guard let books = state.early?.decoded ?? decode(candidates, from: state.cache, notes: prefilter.notes) else { return nil }
        var found: [LooseBook] = []
        found.reserveCapacity(books.count)
        for (entry, book, words) in books where candidates.contains(entry) {
            found.append((state.positions[entry], book, words))
        }
        if !state.loose.isEmpty {
            found += state.loose
            found.sort { $0.position < $1.position }
        }
        let (index, matches) = evaluate(over: found.lazy.map { ($0.book, $0.words) })
        return QueryResult(index: index, matches: matches, problems: state.problems)
    }

    /// The prefilter of the query over `cache`, with its note words when the query needs them;
    /// nil when they cannot be read.
    func prefilter(over cache: LibraryCache, stale: BitSet) -> IndexPrefilter? {
        var notes: NoteWordsSection?
        if withNotes {
            guard let section = cache.noteWords() else { return nil }
            notes = section
        }
        return IndexPrefilter(cache: cache, today: today, notes: notes, stale: stale, root: root)
    }

    /// The index of `books` (with their note words when the query needs them) and the ids of
    /// those matching the query.
    func evaluate(over books: some Collection<(book: Book, words: [String]?)>) -> (index: LibraryIndex, matches: [Int32]) {
        let index = LibraryIndex(
            books: books.map(\.book), noteWords: withNotes ? books.map { $0.words ?? [] } : nil, withWords: withNotes)
        let evaluator = QueryEvaluator(index: index, today: today, notesReader: { library.notes(of: $0) })
        return (index, evaluator.evaluate(expression).ids)
    }
}
