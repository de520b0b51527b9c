extension Library {
    /// The paths of the books matching `expression`, in the order `BookSortKey.title` gives them
    /// (`shelf ls --format paths`, sorted by title by default), from the index
    /// (`IndexedQuery.pathsInTitleOrder(reversed:)`). Nil when the index cannot be used or
    /// nothing matches (the caller then loads the library, and can say why nothing matched).
    public func pathsInTitleOrder(_ expression: QueryExpression, today: BookDate, reversed: Bool) throws(FileError) -> OrderedPaths? {
        try IndexedQuery(expression, over: self, today: today, purpose: .titleOrder).pathsInTitleOrder(reversed: reversed)
    }
}

extension IndexedQuery {
    /// The paths of the books matching the query, in the order `BookSortKey.title` gives them.
    ///
    /// When the index answers the query exactly (tags, status, ratings, pages, dates, and AND,
    /// OR and NOT over them), no book is decoded: the paths are ordered by the title ranks the
    /// index records. Otherwise the candidates are decoded (while the files are statted, for the
    /// `titleOrder` purpose) and sorted as `ls` sorts. Nil when the index cannot be used or
    /// nothing matches.
    func pathsInTitleOrder(reversed: Bool) throws(FileError) -> OrderedPaths? {
        guard let state = try current().state else { return nil }
        let cache = state.cache
        guard let (prefilter, found) = candidates(over: state) else { return nil }
        if let candidates = found, candidates.exact {
            let ids = candidates.set.ids
            let loose = matchingLoose(state.loose)
            guard !ids.isEmpty || !loose.isEmpty else { return nil }
            // Entries are in path order (`String` order, as the scanner lists them), so keeping
            // equal ranks in entry order breaks a tie of titles as `BookSortKey.sort` does, by
            // path; a reversed order flips the rank alone.
            let order = Self.byTitleRank(ids, rank: cache.entries.titleRank, entries: cache.entries.count, reversed: reversed)
            guard !loose.isEmpty else {
                return OrderedPaths(cache: cache, items: order.map(OrderedPaths.Item.entry), problems: state.problems)
            }
            // The few books read now, each put in its place among them by its title key, then path.
            func precedes(_ left: (key: String, position: Int), _ right: (key: String, position: Int)) -> Bool {
                left.key == right.key ? left.position < right.position : (left.key < right.key) != reversed
            }
            var placed = loose.map { book -> (at: Int, book: LooseTitle) in
                var low = 0
                var high = order.count
                while low < high {
                    let middle = (low + high) / 2
                    let entry = order[middle]
                    let key = cache.columns(entry).map { String(decoding: $0.titleKey, as: UTF8.self) } ?? ""
                    if precedes((key, state.positions[entry]), (book.key, book.position)) { low = middle + 1 } else { high = middle }
                }
                return (low, book)
            }
            placed.sort { $0.at != $1.at ? $0.at < $1.at : precedes(($0.book.key, $0.book.position), ($1.book.key, $1.book.position)) }
            var items: [OrderedPaths.Item] = []
            items.reserveCapacity(order.count + placed.count)
            var next = 0
            for (place, entry) in order.enumerated() {
                while next < placed.count, placed[next].at == place {
                    items.append(.read(placed[next].book.path))
                    next += 1
                }
                items.append(.entry(entry))
            }
            items += placed[next...].map { .read($0.book.path) }
            return OrderedPaths(cache: cache, items: items, problems: state.problems)
        }
        guard let result = answer(from: state, prefilter: prefilter, candidates: found) else { return nil }
        return OrderedPaths(paths: BookSortKey.title.sort(result.books, reversed: reversed).map(\.path), problems: result.problems)
    }

    /// Entry ids (in path order) ordered by their title ranks, ties kept in path order: a
    /// counting sort, as the ranks are below the number of entries (else a plain sort).
    static func byTitleRank(_ ids: [Int32], rank: (Int) -> UInt32, entries: Int, reversed: Bool) -> [Int] {
        let ranks = ids.map { rank(Int($0)) }
        guard let highest = ranks.max(), Int(highest) < entries else {
            // Ranks out of their range (an index written by another version): a plain sort.
            var keyed: [(id: Int, key: UInt32)] = []
            keyed.reserveCapacity(ids.count)
            for (id, rank) in zip(ids, ranks) { keyed.append((Int(id), reversed ? ~rank : rank)) }
            keyed.sort { $0.key != $1.key ? $0.key < $1.key : $0.id < $1.id }
            return keyed.map { $0.id }
        }
        var starts = [Int](repeating: 0, count: Int(highest) + 2)
        for rank in ranks { starts[reversed ? Int(highest - rank) + 1 : Int(rank) + 1] += 1 }
        for bucket in 1..<starts.count { starts[bucket] += starts[bucket - 1] }
        var order = [Int](repeating: 0, count: ids.count)
        for (id, rank) in zip(ids, ranks) {
            let bucket = reversed ? Int(highest - rank) : Int(rank)
            order[starts[bucket]] = Int(id)
            starts[bucket] += 1
        }
        return order
    }

    /// A book read now (not from the index) that matches, with what orders it by title.
    struct LooseTitle {
        var key: String
        var position: Int
        var path: String
    }

    /// The books of `loose` that match the query, evaluated over them alone.
    func matchingLoose(_ loose: [LooseBook]) -> [LooseTitle] {
        guard !loose.isEmpty else { return [] }
        return evaluate(over: loose.lazy.map { ($0.book, $0.words) }).matches.map { id in
            let found = loose[Int(id)]
            return LooseTitle(key: BookSortKey.titleKey(found.book.title), position: found.position, path: found.book.path)
        }
    }
}
