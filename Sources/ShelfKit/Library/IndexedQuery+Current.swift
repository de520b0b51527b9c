import Dispatch
import Synchronization

/// A book read from its file by a query over the index, with its place in the scan's path
/// order and, when notes were asked for, its note words.
typealias LooseBook = (position: Int, book: Book, words: [String]?)

/// The cache brought up to date with the files, and what it cannot hold.
struct IndexedLibrary {
    let cache: LibraryCache
    /// For each cache entry, the position of its path in the scan.
    let positions: [Int]
    /// Books read now that the cache does not record (written moments ago, or changed since it
    /// was written).
    var loose: [LooseBook]
    var problems: [LibraryProblem]
    /// Entries whose files changed since the cache was written: what they record is out of
    /// date, and the files' books are among `loose` (or their failures among `problems`).
    var stale = BitSet(capacity: 0)
    /// What the index alone told of the answer, worked out over this cache while its files were
    /// statted (`IndexedQuery.quick()`); nil when that was not done, or could not be.
    var early: IndexedQuery.EarlyAnswer?
}

extension IndexedQuery {
    /// The cache brought up to date: by `quick()` when no folder changed since it was written,
    /// else over a scan of the whole library (`indexed(_:)`). Nil when no cache can be kept or
    /// written; the scan is returned when one was made.
    func current() throws(FileError) -> (state: IndexedLibrary?, scan: BookFileScanner.Scan?) {
        if let quick = quick() { return (quick, nil) }
        let scan = try BookFileScanner.scanAll(root: root)
        return (indexed(scan), scan)
    }

    /// Brings the cache up to date with `scan`: when every file is one it records, unchanged
    /// (one `stat` each), it is used as it is; otherwise only the files added or changed are
    /// read, the cache is written again, and the new one is used. Nil when no cache can be kept
    /// or written. When the query looks at the notes, every book's note words must be recorded
    /// (a file recorded without them is read again).
    func indexed(_ scan: BookFileScanner.Scan) -> IndexedLibrary? {
        guard let location = library.cacheLocation else { return nil }
        let now = started / 1_000_000_000
        var problems = scan.unreadable.map(LibraryProblem.unreadable)
        let old = LibraryCache.read(location, withNotes: false)
        let matches = old?.match(scan.books) ?? [Int?](repeating: nil, count: scan.books.count)
        if let old, old.entries.count == scan.books.count, matches.allSatisfy({ $0 != nil }),
           !withNotes || old.entries.holdsEveryBooksNotes,
           Self.allUnchanged(scan.books, matches, old, root: root) {
            if !scan.conflicts.isEmpty { problems.append(.conflictCopies(scan.conflicts)) }
            let records = matches.map { $0.map(CacheRecord.kept) }
            // Only the folders changed (a file that is not a book came or went, an editor's swap
            // file): the index records them again, so that the next query need not list them.
            if let listing = CacheListing(scan: scan, records: records, started: started), listing != old.listing,
               let written = library.writeCache(paths: scan.books, records: records, old: old, listing: listing, to: location, now: now),
               written.entries.count == scan.books.count {
                return IndexedLibrary(cache: written, positions: Array(scan.books.indices), loose: [], problems: problems)
            }
            Library.markUsed(old, file: location.file, now: now)
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
            root: root, paths: scan.books, withNotes: withNotes, vocabulary: library.config.vocabulary, cache: use,
            noteFilter: noteFilter, listing: scan)
        guard let records = result.records else { return nil }
        var current = old
        let listing = CacheListing(scan: scan, records: records, started: started)
        if Library.cacheChanged(records, listing: listing, old: old) {
            current = library.writeCache(paths: scan.books, records: records, old: old, listing: listing, to: location, now: now)
        }
        let positions = records.indices.filter { records[$0] != nil }
        // A cache that could not be written (or was replaced meanwhile) leaves the usual load.
        guard let current, current.entries.count == positions.count else { return nil }
        var loose: [LooseBook] = []
        for (offset, position) in result.positions.enumerated() where records[position] == nil {
            loose.append((position, result.books[offset], result.noteWords?[offset]))
        }
        problems += result.problems
        if !scan.conflicts.isEmpty { problems.append(.conflictCopies(scan.conflicts)) }
        return IndexedLibrary(cache: current, positions: positions, loose: loose, problems: problems)
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
