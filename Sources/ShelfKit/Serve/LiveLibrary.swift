#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization

/// A library held in memory by a long-running process (`shelf serve`): each use looks at the
/// files (one `stat` each) and loads the books again only when a file was added, removed or
/// changed, so that a change made in an editor, by a sync tool or by the command line shows at
/// once without every request decoding every book. While no folder changed (a `stat` each), no
/// file was added, removed or renamed, and the folders are not listed again, as
/// `IndexedQuery.quick()` does for the command line.
///
/// The books are kept only when every file's times were older than `LibraryCache.racyWindow`
/// when they were looked at: a second write in the same timestamp tick leaves a stamp unchanged,
/// so a library changed moments ago is loaded again at each use until it has been still for a
/// few seconds.
public final class LiveLibrary: Sendable {
    let library: Library

    /// The books as the files are now; `generation` names this set of books while it is held
    /// (the same number until a file changes), nil when it is not held.
    public struct Snapshot: Sendable {
        /// The loaded books.
        public var index: LibraryIndex
        /// The files that failed to load.
        public var problems: [LibraryProblem]
        /// The number naming this set of books; nil when it is not held.
        public var generation: UInt64?
    }

    private struct Held: Sendable {
        var generation: UInt64
        var paths: [String]
        var stamps: [FileStamp?]
        var index: LibraryIndex
        var problems: [LibraryProblem]
        /// The folders as listed, when their stamps can be trusted to change with what they hold
        /// (`CacheListing.trustedFolders`); nil: list them at every use.
        var folders: [BookFileScanner.ListedFolder]?
    }

    private let held = Mutex<Held?>(nil)

    /// Holds `library`; nothing is loaded until it is first asked for.
    public init(library: Library) {
        self.library = library
    }

    /// Whether books are held for the next use (tests look).
    var isHolding: Bool { held.withLock { $0 != nil } }

    private let generations = Atomic<UInt64>(0)

    /// How many times the folders were listed (tests look: not while none changed).
    var listings: Int { listed.load(ordering: .relaxed) }
    private let listed = Atomic<Int>(0)

    /// The books as the files are now, and the files that failed.
    public func load() throws(FileError) -> (index: LibraryIndex, problems: [LibraryProblem]) {
        let snapshot = try self.snapshot()
        return (snapshot.index, snapshot.problems)
    }

    /// The books as the files are now, with the generation that lets a caller keep what it
    /// worked out from them (a sorted grid, facet counts) until a file changes.
    public func snapshot() throws(FileError) -> Snapshot {
        let started = FileStamp.now()
        let kept = held.withLock { $0 }
        if let kept, let folders = kept.folders, CacheListing.unchanged(folders, root: library.root),
            LiveLibrary.stamps(kept.paths, root: library.root) == kept.stamps
        {
            return Snapshot(index: kept.index, problems: kept.problems, generation: kept.generation)
        }
        let scan = try BookFileScanner.scanAll(root: library.root)
        listed.add(1, ordering: .relaxed)
        let paths = scan.books
        let stamps = LiveLibrary.stamps(paths, root: library.root)
        if let kept, kept.paths == paths, kept.stamps == stamps {
            return Snapshot(index: kept.index, problems: kept.problems, generation: kept.generation)
        }
        // Looked at before the load: a file changed during it shows as changed next time.
        let loaded = library.load(scan, started: started, cache: nil, withNotes: false, withWords: true, noteFilter: nil)
        let settled = stamps.allSatisfy { stamp in stamp.map { $0.latest < started - LibraryCache.racyWindow } ?? true }
        let generation = generations.add(1, ordering: .relaxed).newValue
        let folders = CacheListing.trustsFolderTimes(root: library.root) ? CacheListing.trustedFolders(of: scan, started: started) : nil
        let next =
            settled
            ? Held(
                generation: generation, paths: paths, stamps: stamps, index: loaded.index, problems: loaded.problems, folders: folders)
            : nil
        held.withLock { $0 = next }
        return Snapshot(index: loaded.index, problems: loaded.problems, generation: settled ? generation : nil)
    }

    /// The books matching `expression`, answered over the books in memory (a query that needs
    /// the words of the notes reads the library as `Library.query` does).
    public func query(_ expression: QueryExpression, today: BookDate) throws(FileError) -> QueryResult {
        guard !expression.needsNotes else { return try library.query(expression, today: today) }
        let (index, problems) = try load()
        let library = self.library
        let evaluator = QueryEvaluator(index: index, today: today, notesReader: { library.notes(of: $0) })
        return QueryResult(index: index, matches: evaluator.evaluate(expression).ids, problems: problems)
    }

    /// Each file's stamp (nil for one that cannot be looked at), on every core.
    private static func stamps(_ paths: [String], root: String) -> [FileStamp?] {
        let slots = Slots<FileStamp>(count: paths.count)
        let workers = max(1, min(ProcessInfoCores.count, paths.count / 256 + 1))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var folders = FolderCursor(root: root)
            for position in stride(from: worker, to: paths.count, by: workers) {
                if let stamp = folders.stamp(paths[position]) { slots.set(position, stamp) }
            }
        }
        return slots.drain()
    }
}
