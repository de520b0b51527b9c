#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization

extension Library {
    /// The cache brought up to date with the files of a scan, and what it cannot hold.
    struct IndexedLibrary {
        let cache: LibraryCache
        /// For each cache entry, the position of its path in the scan.
        let positions: [Int]
        /// Books read now that the cache does not record (written moments ago, or changed since
        /// it was written), with their scan positions and, when notes were asked for, their
        /// note words.
        var loose: [(position: Int, book: Book, words: [String]?)]
        var problems: [LibraryProblem]
        /// Entries whose files changed since the cache was written: what they record is out of
        /// date, and the files' books are among `loose` (or their failures among `problems`).
        var stale = BitSet(capacity: 0)
        /// The work given as `meanwhile` ran over this state's cache.
        var ranMeanwhile = false
    }

    /// The cache brought up to date: by `quickIndexed` when no folder changed since it was
    /// written, else over a scan of the whole library (`indexed(_:started:withNotes:noteFilter:)`).
    /// Nil when no cache can be kept or written; the scan is returned when one was made.
    /// - Parameter meanwhile: work over the cache alone, done while its files are statted, when
    ///   the cache is used as it is (the state then has `ranMeanwhile`); called with nil when
    ///   the cache turns out not to be used, to drop what it made (`quickIndexed`).
    func currentIndex(
        started: Int64, withNotes: Bool, noteFilter: NoteWordFilter?, meanwhile: (@Sendable (LibraryCache?) -> Void)? = nil
    ) throws(FileError) -> (state: IndexedLibrary?, scan: BookFileScanner.Scan?) {
        if let quick = quickIndexed(started: started, withNotes: withNotes, noteFilter: noteFilter, meanwhile: meanwhile) {
            return (quick, nil)
        }
        let scan = try BookFileScanner.scanAll(root: root)
        return (indexed(scan, started: started, withNotes: withNotes, noteFilter: noteFilter), scan)
    }

    /// Brings the cache up to date with `scan`: when every file is one it records, unchanged
    /// (one `stat` each), it is used as it is; otherwise only the files added or changed are
    /// read, the cache is written again, and the new one is used. Nil when no cache can be kept
    /// or written.
    /// - Parameter withNotes: every book's note words must be recorded (a file recorded without
    ///   them is read again).
    func indexed(_ scan: BookFileScanner.Scan, started: Int64, withNotes: Bool, noteFilter: NoteWordFilter?) -> IndexedLibrary? {
        guard let location = cacheLocation else { return nil }
        var problems = scan.unreadable.map(LibraryProblem.unreadable)
        let old = LibraryCache.read(location, withNotes: false)
        let matches = old?.match(scan.books) ?? [Int?](repeating: nil, count: scan.books.count)
        if let old, old.entries.count == scan.books.count, matches.allSatisfy({ $0 != nil }),
           !withNotes || old.entries.holdsEveryBooksNotes,
           Library.allUnchanged(scan.books, matches, old, root: root) {
            if !scan.conflicts.isEmpty { problems.append(.conflictCopies(scan.conflicts)) }
            let records = matches.map { $0.map(CacheRecord.kept) }
            // Only the folders changed (a file that is not a book came or went, an editor's swap
            // file): the index records them again, so that the next query need not list them.
            if let listing = CacheListing(scan: scan, records: records, started: started), listing != old.listing,
               let written = writeCache(
                paths: scan.books, records: records, old: old, listing: listing, to: location, now: started / 1_000_000_000),
               written.entries.count == scan.books.count {
                return IndexedLibrary(cache: written, positions: Array(scan.books.indices), loose: [], problems: problems)
            }
            Library.markUsed(old, file: location.file, now: started / 1_000_000_000)
            var positions = [Int](repeating: 0, count: old.entries.count)
            for (position, entry) in matches.enumerated() { if let entry { positions[entry] = position } }
            return IndexedLibrary(cache: old, positions: positions, loose: [], problems: problems)
        }
        // Checking the old cache's main section made every page of it resident, and the files
        // are now read and recorded anew: at 100,000 books holding both was a first search's
        // peak. Only the pages the load and the writer look at again come back.
        old?.main.releaseResidentPages()
        let use = LibraryLoader.CacheUse(
            old: old, matches: matches, recentSince: started - LibraryCache.racyWindow, decodesKept: false,
            spillFolder: location.folder)
        let result = LibraryLoader.load(
            root: root, paths: scan.books, withNotes: withNotes, vocabulary: config.vocabulary, cache: use, noteFilter: noteFilter,
            listing: scan)
        guard let records = result.records else { return nil }
        var current = old
        let listing = CacheListing(scan: scan, records: records, started: started)
        if Library.cacheChanged(records, listing: listing, old: old) {
            current = writeCache(
                paths: scan.books, records: records, old: old, listing: listing, to: location, now: started / 1_000_000_000)
        }
        let positions = records.indices.filter { records[$0] != nil }
        // A cache that could not be written (or was replaced meanwhile) leaves the usual load.
        guard let current, current.entries.count == positions.count else { return nil }
        var loose: [(position: Int, book: Book, words: [String]?)] = []
        for (offset, position) in result.positions.enumerated() where records[position] == nil {
            loose.append((position, result.books[offset], result.noteWords?[offset]))
        }
        problems += result.problems
        if !scan.conflicts.isEmpty { problems.append(.conflictCopies(scan.conflicts)) }
        return IndexedLibrary(cache: current, positions: positions, loose: loose, problems: problems)
    }

    /// Answers `expression` from the cache: the books the cache's tags and columns leave as
    /// candidates are decoded (never the others), and the query evaluator decides over them.
    /// The answer's index holds those candidates only. Nil when the cache cannot be used.
    func indexedQuery(_ expression: QueryExpression, scan: BookFileScanner.Scan, started: Int64, today: BookDate) -> QueryResult? {
        let filter = NoteWordFilter(words: expression.allWords)
        guard let state = indexed(scan, started: started, withNotes: expression.needsNotes, noteFilter: filter) else { return nil }
        return answer(expression, from: state, today: today)
    }

    /// Answers `expression` from `state`, with the work `early` did while the files were
    /// statted (when it ran over this state's cache); nil when the cache cannot be used.
    func answer(_ expression: QueryExpression, from state: IndexedLibrary, today: BookDate, early: EarlyAnswer? = nil) -> QueryResult? {
        if let result = Self.earlyResult(early, for: state) { return result }
        guard let (prefilter, candidates) = candidates(for: expression, over: state, today: today, early: early) else { return nil }
        return answer(expression, from: state, prefilter: prefilter, candidates: candidates, early: early)
    }

    /// The prefilter of `expression` over `cache`, with its note words when the query needs
    /// them; nil when they cannot be read.
    func prefilter(for expression: QueryExpression, over cache: LibraryCache, stale: BitSet, today: BookDate) -> IndexPrefilter? {
        var notes: NoteWordsSection?
        if expression.needsNotes {
            guard let section = cache.noteWords() else { return nil }
            notes = section
        }
        return IndexPrefilter(cache: cache, today: today, notes: notes, stale: stale, root: root)
    }

    /// Decodes the candidates `prefilter` found (nil: every book) and evaluates `expression` over
    /// them, or takes what `early` did of that while the files were statted (when it ran over
    /// this state's cache): all of it when no file changed, else the books it decoded (among
    /// them some no longer candidates, which are passed over).
    func answer(
        _ expression: QueryExpression, from state: IndexedLibrary, prefilter: IndexPrefilter, candidates: IndexPrefilter.Candidates?,
        early: EarlyAnswer? = nil
    ) -> QueryResult? {
        if let result = Self.earlyResult(early, for: state) { return result }
        let early = state.ranMeanwhile ? early : nil
        let decoded = early?.decoded
        let candidates = candidates?.set ?? prefilter.books
        guard let books = decoded ?? Self.decode(candidates, of: expression, from: state.cache, notes: prefilter.notes) else { return nil }
        var found: [(position: Int, book: Book, words: [String]?)] = []
        found.reserveCapacity(books.count)
        for (entry, book, words) in books where candidates.contains(entry) {
            found.append((state.positions[entry], book, words))
        }
        if !state.loose.isEmpty {
            found += state.loose
            found.sort { $0.position < $1.position }
        }
        let (index, matches) = evaluate(expression, over: found.lazy.map { ($0.book, $0.words) }, today: prefilter.today)
        return QueryResult(index: index, matches: matches, problems: state.problems)
    }

    /// The index of `books` (with their note words when `expression` needs them) and the ids of
    /// those matching `expression`.
    func evaluate(
        _ expression: QueryExpression, over books: some Collection<(book: Book, words: [String]?)>, today: BookDate
    ) -> (index: LibraryIndex, matches: [Int32]) {
        let withNotes = expression.needsNotes
        let index = LibraryIndex(
            books: books.map(\.book), noteWords: withNotes ? books.map { $0.words ?? [] } : nil, withWords: withNotes)
        let evaluator = QueryEvaluator(index: index, today: today, notesReader: { self.notes(of: $0) })
        return (index, evaluator.evaluate(expression).ids)
    }

    /// Refreshes the cache file's time when it is used without being rewritten, once a day, so
    /// that age alone never removes an index in use.
    static func markUsed(_ cache: LibraryCache, file: String, now: Int64) {
        if now - cache.lastUsed > 86_400 { _ = utimensat(AT_FDCWD, file, nil, 0) }
    }

    /// True when every file's stamp is the one its entry recorded (stat on every core; all stop
    /// at the first change).
    static func allUnchanged(_ paths: [String], _ matches: [Int?], _ cache: LibraryCache, root: String) -> Bool {
        let changed = Atomic<Bool>(false)
        let workers = max(1, min(ProcessInfoCores.count, paths.count / 256 + 1))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var folders = FolderCursor(root: root)
            for position in stride(from: worker, to: paths.count, by: workers) {
                guard !changed.load(ordering: .relaxed) else { return }
                guard let entry = matches[position], let stamp = folders.stamp(paths[position]),
                      stamp == cache.entries.stamp(entry)
                else {
                    changed.store(true, ordering: .relaxed)
                    return
                }
            }
        }
        return !changed.load(ordering: .relaxed)
    }
}
