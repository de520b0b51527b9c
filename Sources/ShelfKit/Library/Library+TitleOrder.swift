/// The paths of a query's books in title order, and what went wrong on the way.
///
/// Paths from the index stay where the index holds them until they are asked for: a listing of
/// 10,000 paths is then one copy of their bytes, not 10,000 strings joined.
public struct OrderedPaths: Sendable {
    /// One path: an index entry's, or a book's read from its file.
    enum Item: Sendable {
        case entry(Int)
        case read(String)
    }

    let cache: LibraryCache?
    let items: [Item]
    public var problems: [LibraryProblem]

    init(cache: LibraryCache?, items: [Item], problems: [LibraryProblem]) {
        self.cache = cache
        self.items = items
        self.problems = problems
    }

    /// Paths already known, relative to the library's root.
    public init(paths: [String], problems: [LibraryProblem] = []) {
        self.init(cache: nil, items: paths.map(Item.read), problems: problems)
    }

    var count: Int { items.count }

    /// The paths, relative to the library's root.
    var paths: [String] {
        items.map { item in
            switch item {
            case .read(let path): path
            case .entry(let entry): cache?.pathOf(entry) ?? ""
            }
        }
    }

    /// The first `limit` paths (all when nil), each named by `naming` and followed by a newline,
    /// as UTF-8.
    public func lines(_ naming: PathNaming, limit: Int? = nil) -> [UInt8] {
        let shown = items.prefix(limit ?? items.count)
        let prefix = Array(naming.prefix.utf8)
        let within = naming.within.map { Array($0.utf8) }
        // Where the paths lie is read for every entry first, record after record, when a good
        // part of the library is shown: in title order each record would be a cache miss of its
        // own. For fewer, the misses cost less than reading every record.
        let entries = cache?.entries.count ?? 0
        let spans = shown.count > max(256, entries / 4) ? cache?.pathSpans() : nil
        if within == nil, let spans, let cache, let gathered = Self.gathered(shown, prefix: prefix, spans: spans, from: cache) {
            return gathered
        }
        var bytes: [UInt8] = []
        // About 40 bytes a path in a typical library; the array grows past that if it must.
        bytes.reserveCapacity(shown.count * (prefix.count + 48))
        func append(_ item: Item, to bytes: inout [UInt8]) {
            switch item {
            case .read(let path): bytes.append(contentsOf: path.utf8)
            case .entry(let entry): if let cache { cache.appendPath(at: spans?[entry] ?? cache.entries.path(entry), to: &bytes) }
            }
        }
        // Each path is copied once where every path gets the prefix; from a folder inside the
        // library each is looked at first, to name those under that folder from it.
        var path: [UInt8] = []
        for item in shown {
            if let within {
                path.removeAll(keepingCapacity: true)
                append(item, to: &path)
                if path.starts(with: within) {
                    bytes.append(contentsOf: path[within.count...])
                } else {
                    bytes.append(contentsOf: prefix)
                    bytes.append(contentsOf: path)
                }
            } else {
                bytes.append(contentsOf: prefix)
                append(item, to: &bytes)
            }
            bytes.append(0x0A)
        }
        return bytes
    }
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
        // The candidates are found while the files are statted, and decoded then when the index
        // cannot answer exactly.
        let work = earlyWork(expression, today: today, decoding: { !($0?.exact ?? false) })
        let current = try currentIndex(started: started, withNotes: expression.needsNotes, noteFilter: filter, meanwhile: work.work)
        guard let state = current.state else { return nil }
        let cache = state.cache
        let early = work.slot.take(0)
        guard let (prefilter, found) = candidates(for: expression, over: state, today: today, early: early) else { return nil }
        if let candidates = found, candidates.exact {
            let ids = candidates.set.ids
            let loose = matchingLoose(expression, state.loose, withNotes: expression.needsNotes, today: today)
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
        guard let result = answer(expression, from: state, prefilter: prefilter, candidates: found, early: early) else { return nil }
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

    /// The books of `loose` that match `expression`, evaluated over them alone.
    func matchingLoose(
        _ expression: QueryExpression, _ loose: [(position: Int, book: Book, words: [String]?)], withNotes: Bool, today: BookDate
    ) -> [LooseTitle] {
        guard !loose.isEmpty else { return [] }
        let index = LibraryIndex(
            books: loose.map(\.book), noteWords: withNotes ? loose.map { $0.words ?? [] } : nil, withWords: withNotes)
        let evaluator = QueryEvaluator(index: index, today: today, notesReader: { self.notes(of: $0) })
        return evaluator.evaluate(expression).ids.map { id in
            let found = loose[Int(id)]
            return LooseTitle(key: BookSortKey.titleKey(found.book.title), position: found.position, path: found.book.path)
        }
    }
}
