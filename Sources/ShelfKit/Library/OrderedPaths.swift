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
    /// The files that failed to load, to report.
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

    /// How many paths there are.
    public var count: Int { items.count }

    /// The paths, relative to the library's root.
    public var paths: [String] {
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
