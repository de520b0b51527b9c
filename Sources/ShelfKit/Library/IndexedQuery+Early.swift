extension IndexedQuery {
    /// What the index alone tells of a query's answer, worked out on one core while the other
    /// cores `stat` the files (`quick()`): before a warm query knows which entries are out of
    /// date, it already knows which books can match and what the index records of them, and
    /// the work then left after the stats is small.
    ///
    /// The prefilter does not know the stale entries yet. Its candidates are still right once
    /// those are taken out (`candidates(over:)`): each term keeps the entries whose records can
    /// match it, whatever the other entries are, and an entry it cannot judge makes it narrow
    /// nothing, which only leaves more to the evaluator.
    struct EarlyAnswer {
        var prefilter: IndexPrefilter
        var candidates: IndexPrefilter.Candidates?
        /// The candidates decoded (every book when the prefilter narrowed nothing), in entry
        /// order; nil when they were not wanted or one could not be decoded.
        var decoded: [DecodedEntry]?
        /// The query evaluated over `decoded`: the answer when no file changed.
        var evaluated: (index: LibraryIndex, matches: [Int32])?
        /// For a search, `evaluated` ranked (`rankedEarly(_:entries:)`).
        var ranked: Library.RankedSearch?
    }

    /// A cache entry decoded: its book and, when asked for, its note words.
    typealias DecodedEntry = (entry: Int, book: Book, words: [String]?)

    /// The prefilter of the query over `cache` and its candidates; unless the query is for paths
    /// in title order and the index answers it exactly, their books and the query evaluated over
    /// them; for a search, that answer ranked. Nil when the note words the query needs cannot be
    /// read.
    func early(over cache: LibraryCache) -> EarlyAnswer? {
        guard let prefilter = prefilter(over: cache, stale: BitSet(capacity: 0)) else { return nil }
        let candidates = prefilter.candidates(expression)
        var early = EarlyAnswer(prefilter: prefilter, candidates: candidates)
        if case .titleOrder = purpose, candidates?.exact == true { return early }
        early.decoded = decode(candidates?.set ?? prefilter.books, from: cache, notes: prefilter.notes)
        early.evaluated = early.decoded.map { evaluate(over: $0.lazy.map { ($0.book, $0.words) }) }
        if let evaluated = early.evaluated {
            early.ranked = rankedEarly(evaluated, entries: cache.entries.count)
        }
        return early
    }

    /// The prefilter of the query over the cache of `state` and its candidates, none of them out
    /// of date: from what was worked out early over that cache, else worked out now. Nil when
    /// the note words the query needs cannot be read.
    func candidates(over state: IndexedLibrary) -> (prefilter: IndexPrefilter, candidates: IndexPrefilter.Candidates?)? {
        guard let early = state.early else {
            guard let prefilter = prefilter(over: state.cache, stale: state.stale) else { return nil }
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

    /// The books the cache records for the entries of `set`, with their note words (those the
    /// query looks for) when it needs them; nil when one cannot be decoded.
    func decode(_ set: BitSet, from cache: LibraryCache, notes: NoteWordsSection?) -> [DecodedEntry]? {
        var decoded: [DecodedEntry] = []
        var failed = false
        set.forEachID { entry in
            guard !failed else { return }
            guard case .book(let book, let words)? = try? cache.loaded(
                entry, path: cache.pathOf(entry), withNotes: withNotes, filter: noteFilter, notes: notes)
            else {
                failed = true
                return
            }
            decoded.append((entry, book, words))
        }
        return failed ? nil : decoded
    }
}

extension IndexedLibrary {
    /// The answer worked out early when it is the answer: it was evaluated over this cache, and
    /// no file changed.
    var earlyResult: QueryResult? {
        guard let evaluated = early?.evaluated, loose.isEmpty, stale.isEmpty else { return nil }
        return QueryResult(index: evaluated.index, matches: evaluated.matches, problems: problems, answeredEarly: true)
    }
}
