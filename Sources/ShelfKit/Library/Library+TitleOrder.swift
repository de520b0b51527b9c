/// The paths of a query's books in title order, and what went wrong on the way.
public struct OrderedPaths: Sendable {
    /// Relative to the library's root.
    public var paths: [String]
    public var problems: [LibraryProblem]
}

extension Library {
    /// The paths of the books matching `expression`, in the order `BookSortKey.title` gives them
    /// (`shelf ls --format paths`, sorted by title by default), from the index.
    ///
    /// When the index answers the query exactly (tags, status, ratings, pages, dates, and AND,
    /// OR and NOT over them), no book is decoded: the paths are ordered by the title ranks the
    /// index records. Otherwise the candidates are decoded and sorted as `ls` sorts. Nil when the
    /// index cannot be used or nothing matches (the caller then loads the library, and can say
    /// why nothing matched).
    public func pathsInTitleOrder(_ expression: QueryExpression, today: BookDate, reversed: Bool) throws(FileError) -> OrderedPaths? {
        let started = clock()
        let filter = NoteWordFilter(words: expression.allWords)
        guard let state = try currentIndex(started: started, withNotes: expression.needsNotes, noteFilter: filter).state
        else { return nil }
        let cache = state.cache
        guard let prefilter = prefilter(for: expression, over: state, today: today) else { return nil }
        let found = prefilter.candidates(expression)
        if state.loose.isEmpty, let candidates = found, candidates.exact {
            let ids = candidates.set.ids
            guard !ids.isEmpty else { return nil }
            // Entries are in path order (`String` order, as the scanner lists them), so an entry's
            // position breaks a tie of titles as `BookSortKey.sort` does, by path: each book is
            // one number, rank then position, and a reversed order flips the rank alone.
            var keys = ids.map { id -> UInt64 in
                let rank = cache.entries.titleRank(Int(id))
                return UInt64(reversed ? ~rank : rank) << 32 | UInt64(UInt32(id))
            }
            keys.sort()
            let order = keys.map { Int(UInt32(truncatingIfNeeded: $0)) }
            return OrderedPaths(paths: order.map(cache.pathOf), problems: state.problems)
        }
        guard let result = answer(expression, from: state, prefilter: prefilter, candidates: found) else { return nil }
        return OrderedPaths(paths: BookSortKey.title.sort(result.books, reversed: reversed).map(\.path), problems: result.problems)
    }
}
