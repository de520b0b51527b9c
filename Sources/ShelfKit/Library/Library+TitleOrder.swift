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
        let scan = try BookFileScanner.scanAll(root: root)
        let filter = NoteWordFilter(words: expression.allWords)
        guard let state = indexed(scan, started: started, withNotes: expression.needsNotes, noteFilter: filter) else { return nil }
        let cache = state.cache
        let prefilter = IndexPrefilter(cache: cache, today: today, notes: expression.needsNotes ? cache.notesStorage() : nil)
        if state.loose.isEmpty, let candidates = prefilter.candidates(expression), candidates.exact {
            let ids = candidates.set.ids.map(Int.init)
            guard !ids.isEmpty else { return nil }
            let paths = ids.map(cache.pathOf)
            let order = ids.indices.sorted { lhs, rhs in
                let left = cache.entries[ids[lhs]].titleRank, right = cache.entries[ids[rhs]].titleRank
                if left != right { return (left < right) != reversed }
                return paths[lhs] < paths[rhs]
            }
            return OrderedPaths(paths: order.map { paths[$0] }, problems: state.problems)
        }
        guard let result = answer(expression, from: state, today: today) else { return nil }
        return OrderedPaths(paths: BookSortKey.title.sort(result.books, reversed: reversed).map(\.path), problems: result.problems)
    }
}
