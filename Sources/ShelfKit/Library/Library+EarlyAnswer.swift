extension Library {
    /// What the index alone tells of a query's answer, worked out on one core while the other
    /// cores `stat` the files (`currentIndex(…meanwhile:)`): before a warm query knows which
    /// entries are out of date, it already knows which books can match and what the index
    /// records of them, and the work then left after the stats is small.
    ///
    /// The prefilter does not know the stale entries yet. Its candidates are still right once
    /// those are taken out (`candidates(for:over:today:early:)`): each term keeps the entries
    /// whose records can match it, whatever the other entries are, and an entry it cannot judge
    /// makes it narrow nothing, which only leaves more to the evaluator.
    struct EarlyAnswer {
        var prefilter: IndexPrefilter
        var candidates: IndexPrefilter.Candidates?
        /// The candidates decoded (every book when the prefilter narrowed nothing), in entry
        /// order; nil when they were not wanted or one could not be decoded.
        var decoded: [DecodedEntry]?
        /// The query evaluated over `decoded`: the answer when no file changed.
        var evaluated: (index: LibraryIndex, matches: [Int32])?
    }

    /// A cache entry decoded: its book and, when asked for, its note words.
    typealias DecodedEntry = (entry: Int, book: Book, words: [String]?)

    /// The prefilter of `expression` over `cache`, its candidates and, when `decoding` says so
    /// of them, their books and the query evaluated over them; nil when the note words the
    /// query needs cannot be read.
    func earlyAnswer(
        _ expression: QueryExpression, cache: LibraryCache, today: BookDate, decoding: (IndexPrefilter.Candidates?) -> Bool
    ) -> EarlyAnswer? {
        guard let prefilter = prefilter(for: expression, over: cache, stale: BitSet(capacity: 0), today: today) else { return nil }
        let candidates = prefilter.candidates(expression)
        var early = EarlyAnswer(prefilter: prefilter, candidates: candidates)
        if decoding(candidates) {
            early.decoded = Self.decode(candidates?.set ?? prefilter.books, of: expression, from: cache, notes: prefilter.notes)
            early.evaluated = early.decoded.map { evaluate(expression, over: $0.lazy.map { ($0.book, $0.words) }, today: today) }
        }
        return early
    }

    /// The early work of `expression`, as `currentIndex(…meanwhile:)` takes it, and the slot it
    /// leaves its answer in. When the index turns out not to be used, the slot is emptied (what
    /// the work made is not held while the library is read) and `made` is told with nil.
    /// - Parameter decoding: whether the candidates found are decoded and the query evaluated.
    /// - Parameter made: given each answer as it is left in the slot, and the index's entries.
    func earlyWork(
        _ expression: QueryExpression, today: BookDate, decoding: @escaping @Sendable (IndexPrefilter.Candidates?) -> Bool,
        made: (@Sendable (_ answer: EarlyAnswer?, _ entries: Int) -> Void)? = nil
    ) -> (slot: Slots<EarlyAnswer>, work: @Sendable (LibraryCache?) -> Void) {
        let slot = Slots<EarlyAnswer>(count: 1)
        return (slot, { cache in
            guard let cache else {
                _ = slot.take(0)
                made?(nil, 0)
                return
            }
            guard let answer = earlyAnswer(expression, cache: cache, today: today, decoding: decoding) else { return }
            slot.set(0, answer)
            made?(answer, cache.entries.count)
        })
    }

    /// The answer `early` worked out when it is the answer: it ran over the cache of `state`,
    /// evaluated the query, and no file changed.
    static func earlyResult(_ early: EarlyAnswer?, for state: IndexedLibrary) -> QueryResult? {
        guard state.ranMeanwhile, let evaluated = early?.evaluated, state.loose.isEmpty, state.stale.isEmpty else { return nil }
        return QueryResult(index: evaluated.index, matches: evaluated.matches, problems: state.problems, answeredEarly: true)
    }

    /// The prefilter of `expression` over the cache of `state` and its candidates, none of them
    /// out of date: from `early` when it ran over that cache, else worked out now. Nil when the
    /// note words the query needs cannot be read.
    func candidates(
        for expression: QueryExpression, over state: IndexedLibrary, today: BookDate, early: EarlyAnswer?
    ) -> (prefilter: IndexPrefilter, candidates: IndexPrefilter.Candidates?)? {
        guard let early, state.ranMeanwhile else {
            guard let prefilter = prefilter(for: expression, over: state.cache, stale: state.stale, today: today) else { return nil }
            return (prefilter, prefilter.candidates(expression))
        }
        var prefilter = early.prefilter
        prefilter.stale = state.stale
        var candidates = early.candidates
        if var found = candidates, state.stale.capacity == found.set.capacity {
            found.set.formIntersection(state.stale.inverted())
            candidates = found
        }
        return (prefilter, candidates)
    }

    /// The books the cache records for the entries of `set`, with their note words (those
    /// `expression` looks for) when it needs them; nil when one cannot be decoded.
    static func decode(
        _ set: BitSet, of expression: QueryExpression, from cache: LibraryCache, notes: NoteWordsSection?
    ) -> [DecodedEntry]? {
        let withNotes = expression.needsNotes
        let filter = NoteWordFilter(words: expression.allWords)
        var decoded: [DecodedEntry] = []
        var failed = false
        set.forEachID { entry in
            guard !failed else { return }
            guard case .book(let book, let words)? = try? cache.loaded(
                entry, path: cache.pathOf(entry), withNotes: withNotes, filter: filter, notes: notes)
            else {
                failed = true
                return
            }
            decoded.append((entry, book, words))
        }
        return failed ? nil : decoded
    }
}
