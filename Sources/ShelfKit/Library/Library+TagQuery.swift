#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization

extension Library {
    /// What `quickTagQuery` gave: the answer, or the cache it read (nil when there was none),
    /// for the full load to use instead of reading it again.
    enum QuickTagAnswer {
        case answered(QueryResult)
        case notAnswered(LibraryCache?)
    }

    /// Answers a query of tags alone (`ls --tag sci-fi`, `tag:a -tag:b`) from the cache's
    /// recorded tags, decoding only the books that match.
    ///
    /// It answers only when every file of `scan` is one the cache recorded, unchanged (one
    /// `stat` each), and something matches: a library with a new, changed, unreadable or unlisted
    /// file is loaded in full (which also brings the cache up to date), and an empty answer is
    /// explained from the whole library.
    func quickTagQuery(_ tags: TagExpression, scan: BookFileScanner.Scan, started: Int64) -> QuickTagAnswer {
        guard let location = cacheLocation, let cache = LibraryCache.read(location, withNotes: false) else { return .notAnswered(nil) }
        guard scan.unlistedFolders.isEmpty, cache.entries.count == scan.books.count else { return .notAnswered(cache) }
        let matches = cache.match(scan.books)
        guard matches.allSatisfy({ $0 != nil }), Library.allUnchanged(scan.books, matches, cache, root: root) else {
            return .notAnswered(cache)
        }
        var books: [Book] = []
        for (position, entry) in matches.enumerated() {
            guard let entry, cache.entries[entry].isBook, tags.matches(entry, in: cache) else { continue }
            guard case .book(let book, _)? = try? cache.loaded(entry, path: scan.books[position], withNotes: false) else {
                return .notAnswered(cache)
            }
            books.append(book)
        }
        guard !books.isEmpty else { return .notAnswered(cache) }
        Library.markUsed(cache, file: location.file, now: started / 1_000_000_000)
        let problems: [LibraryProblem] = scan.conflicts.isEmpty ? [] : [.conflictCopies(scan.conflicts)]
        let index = LibraryIndex(books: books, noteWords: nil, withWords: false)
        return .answered(QueryResult(index: index, matches: books.indices.map(Int32.init), problems: problems))
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
                      stamp == cache.entries[entry].stamp
                else {
                    changed.store(true, ordering: .relaxed)
                    return
                }
            }
        }
        return !changed.load(ordering: .relaxed)
    }
}

/// A query of tags alone, its tags folded once, matched against the tags the cache recorded.
struct TagExpression {
    private indirect enum Node {
        case tag([UInt8])
        case and([Node])
        case or([Node])
        case not(Node)
    }

    private let root: Node

    /// Nil unless `expression` is made only of `tag:x` terms (or `--tag x`) joined by AND, OR
    /// and NOT; `tags:=x` and `tags:/re/` compare differently and are left to the evaluator.
    init?(_ expression: QueryExpression) {
        guard let root = TagExpression.node(expression) else { return nil }
        self.root = root
    }

    private static func node(_ expression: QueryExpression) -> Node? {
        switch expression {
        case .field(let query) where CanonicalField(key: query.name) == .tags && query.operation == .matches:
            return .tag(Array(TextFolding.foldTag(query.value).utf8))
        case .and(let parts) where !parts.isEmpty:
            let nodes = parts.compactMap(node)
            return nodes.count == parts.count ? .and(nodes) : nil
        case .or(let parts) where !parts.isEmpty:
            let nodes = parts.compactMap(node)
            return nodes.count == parts.count ? .or(nodes) : nil
        case .not(let inner):
            return node(inner).map(Node.not)
        default:
            return nil
        }
    }

    /// True when the book of cache entry `entry` matches, as the evaluator would find it.
    func matches(_ entry: Int, in cache: LibraryCache) -> Bool {
        TagExpression.matches(root, entry, cache)
    }

    private static func matches(_ node: Node, _ entry: Int, _ cache: LibraryCache) -> Bool {
        switch node {
        case .tag(let folded): return folded.withUnsafeBytes { cache.hasTag(entry, folded: $0) }
        case .and(let nodes): return nodes.allSatisfy { matches($0, entry, cache) }
        case .or(let nodes): return nodes.contains { matches($0, entry, cache) }
        case .not(let inner): return !matches(inner, entry, cache)
        }
    }
}
