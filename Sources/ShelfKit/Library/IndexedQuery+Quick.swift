import Dispatch
import Synchronization

extension IndexedQuery {
    /// The cache as it stands, without listing a folder, when no folder changed since it was
    /// written (its `CacheListing`): the book files are then exactly its entries and the files it
    /// records no entry for, so one `stat` per entry tells what changed. A few changed files are
    /// read again, each query, and the cache is left as it is; nil (list the library, and bring
    /// the cache up to date) when a folder changed, or more files than `quickRereadLimit`.
    /// While the others stat, one core works out what the index alone tells of the answer
    /// (`early(over:)`), which the state returned holds.
    func quick() -> IndexedLibrary? {
        guard let location = library.cacheLocation, let cache = LibraryCache.read(location, withNotes: false),
              let listing = cache.listing,
              !withNotes || cache.entries.holdsEveryBooksNotes,
              CacheListing.trustsFolderTimes(root: root), listing.foldersUnchanged(root: root)
        else { return nil }
        let limit = Self.quickRereadLimit(cache.entries.count)
        guard listing.unrecorded.count <= limit else { return nil }
        // More changes than a query reads again: the library is listed and read next, and what
        // was worked out early is let go with `stats`, not held meanwhile.
        let stats = changedEntries(cache, limit: limit - listing.unrecorded.count, workingEarly: true)
        guard let changed = stats.changed else { return nil }
        Library.markUsed(cache, file: location.file, now: started / 1_000_000_000)
        let (positions, unrecordedPositions) = Self.merge(cache, listing.unrecorded)
        var reread = changed.map { (position: positions[$0], path: cache.pathOf($0)) }
            + zip(unrecordedPositions, listing.unrecorded).map { (position: $0, path: $1) }
        reread.sort { $0.position < $1.position }
        let result = LibraryLoader.load(
            root: root, paths: reread.map(\.path), withNotes: withNotes, vocabulary: library.config.vocabulary, cache: nil,
            noteFilter: noteFilter)
        var loose: [LooseBook] = []
        for (offset, index) in result.positions.enumerated() {
            loose.append((reread[index].position, result.books[offset], result.noteWords?[offset]))
        }
        var problems = result.problems
        let conflicts = listing.conflicts.compactMap(ConflictCopy.init(path:))
        if !conflicts.isEmpty { problems.append(.conflictCopies(conflicts)) }
        var stale = BitSet(capacity: cache.entries.count)
        for entry in changed { stale.insert(entry) }
        return IndexedLibrary(
            cache: cache, positions: positions, loose: loose, problems: problems, stale: stale, early: stats.early)
    }

    /// How many files a query reads again rather than bring the cache up to date: a few
    /// hand-edited books cost less to read than the whole cache costs to write.
    static func quickRereadLimit(_ entries: Int) -> Int {
        16 + entries / 1000
    }

    /// The entries whose files' stamps are not the ones recorded (stat on every core); nil when
    /// there are more than `limit`. The cores take runs of entries in turn as each is done, not
    /// a fixed share: the second starts a little later and each may be slowed apart, and a fixed
    /// half left the first core statting alone at the end. A run keeps to a folder or two, which
    /// `FolderCursor` keeps open.
    /// - Parameter workingEarly: one core first works out `early(over:)`, which needs no `stat`,
    ///   while the others stat; it then takes runs too, so the cores still finish together. Its
    ///   answer is returned, whether or not the stats gave up.
    func changedEntries(_ cache: LibraryCache, limit: Int, workingEarly: Bool) -> (changed: [Int]?, early: EarlyAnswer?) {
        let count = cache.entries.count
        let workers = max(1, min(ProcessInfoCores.count, count / 512 + 1))
        let found = Slots<[Int]>(count: workers)
        let early = Slots<EarlyAnswer>(count: 1)
        let tooMany = Atomic<Bool>(false)
        let nextRun = Atomic<Int>(0)
        // The iterations are taken in order, so the early work, first, starts at once.
        let first = workingEarly ? 1 : 0
        DispatchQueue.concurrentPerform(iterations: workers + first) { iteration in
            if iteration < first {
                if let answer = self.early(over: cache) { early.set(0, answer) }
                return
            }
            let worker = iteration - first
            var folders = FolderCursor(root: root)
            var changed: [Int] = []
            while !tooMany.load(ordering: .relaxed) {
                let start = nextRun.wrappingAdd(Self.changedEntriesRun, ordering: .relaxed).oldValue
                guard start < count else { break }
                for entry in start..<min(count, start + Self.changedEntriesRun) {
                    let path = UnsafeRawBufferPointer(rebasing: cache.main.bytes[cache.entries.path(entry)])
                    if folders.stamp(path) != cache.entries.stamp(entry) {
                        changed.append(entry)
                        if changed.count > limit {
                            tooMany.store(true, ordering: .relaxed)
                            break
                        }
                    }
                }
            }
            found.set(worker, changed)
        }
        let changed = found.drain().flatMap { $0 ?? [] }
        guard !tooMany.load(ordering: .relaxed), changed.count <= limit else { return (nil, early.take(0)) }
        return (changed.sorted(), early.take(0))
    }

    /// How many entries a core stats before it takes the next run: small enough that the cores
    /// finish together, large enough that taking one is rare.
    static let changedEntriesRun = 256

    /// The places of the entries and of `unrecorded` (both in path order) in the one path order
    /// of them all, which is the scanner's.
    static func merge(_ cache: LibraryCache, _ unrecorded: [String]) -> (entries: [Int], unrecorded: [Int]) {
        // For each unrecorded path, how many entries come before it.
        let before = unrecorded.map { path -> Int in
            var low = 0
            var high = cache.entries.count
            while low < high {
                let middle = (low + high) / 2
                if cache.pathOf(middle) < path { low = middle + 1 } else { high = middle }
            }
            return low
        }
        var entries = [Int](repeating: 0, count: cache.entries.count)
        var passed = 0
        for entry in entries.indices {
            while passed < before.count, before[passed] <= entry { passed += 1 }
            entries[entry] = entry + passed
        }
        return (entries, before.enumerated().map { $0.element + $0.offset })
    }
}
