#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What shelf keeps in its cache folder, as `shelf cache info` shows it.
public struct CacheReport: Sendable {
    /// The folder of library indexes.
    public var indexFolder: String
    /// Every library index, most recently used first.
    public var indexes: [LibraryCacheFolder.Index]
    /// The index of the library shelf was pointed at, when there is one.
    public var current: String?
    /// Indexes the next clean will remove, with the reason.
    public var stale: [(file: String, reason: LibraryCacheFolder.Reason)]
    /// Temporary files in the index folder: indexes being written, or left by a killed shelf.
    public var leftovers: [LibraryCacheFolder.Leftover]
    /// The cap on the indexes' total size, bytes (leftovers count towards it).
    public var limit: Int64
    /// The lookup answers kept (`shelf lookup`), and their size in bytes.
    public var lookupFolder: String
    /// How many lookup answers are kept.
    public var lookupAnswers: Int
    /// The lookup answers' size in bytes.
    public var lookupBytes: Int64
}

/// `shelf cache`: looks at and empties shelf's caches. Nothing in them is ever the only copy of
/// anything: the books are the files, and a removed index or answer is made again when needed.
public enum CacheAction {
    /// What the caches hold now (the lookup answers where `LookupCache` keeps them).
    /// - Parameter library: the library shelf was pointed at, if any, to mark its index.
    public static func report(folder: LibraryCacheFolder, library: Library?, now: Int64) -> CacheReport {
        let lookups = LookupCache()
        let current = library.map { LibraryCacheLocation(folder: folder.path, root: $0.root, configBytes: []).file }
        let answers = jsonFiles(in: lookups.folder)
        return CacheReport(
            indexFolder: folder.path, indexes: folder.indexes(), current: current,
            stale: folder.stale(now: now, keeping: current).map { ($0.index.file, $0.reason) },
            leftovers: folder.leftovers(now: now), limit: folder.limit, lookupFolder: lookups.folder,
            lookupAnswers: answers.count, lookupBytes: answers.reduce(0) { $0 + $1.bytes })
    }

    /// What `clear` removed.
    public struct Cleared: Sendable {
        /// The library indexes removed.
        public var indexes: [LibraryCacheFolder.Index]
        /// Temporary files killed shelf processes had left.
        public var leftovers: [LibraryCacheFolder.Leftover]
        /// How many lookup answers were removed (0 unless asked).
        public var lookupAnswers: Int
    }

    /// Removes `library`'s index, or every library's index when `library` is nil, and the
    /// temporary files killed shelf processes left (whichever library they were for: a file
    /// half written is no library's index); with `lookups`, the lookup answers too.
    public static func clear(folder: LibraryCacheFolder, library: Library?, lookups: Bool, now: Int64) -> Cleared {
        let file = library.map { LibraryCacheLocation(folder: folder.path, root: $0.root, configBytes: []).file }
        let removed = folder.clear(file)
        let leftovers = folder.removeLeftovers(now: now)
        var answers = 0
        if lookups {
            let lookups = LookupCache()
            for answer in jsonFiles(in: lookups.folder) where AtomicFile.remove(lookups.folder + "/" + answer.name) { answers += 1 }
        }
        return Cleared(indexes: removed, leftovers: leftovers, lookupAnswers: answers)
    }

    /// The `*.json` files directly in `folder`, with their sizes.
    private static func jsonFiles(in folder: String) -> [(name: String, bytes: Int64)] {
        FolderEntries(folder).compactMap { name in
            var info = stat()
            guard name.hasSuffix(".json"), !name.hasPrefix("."), lstat(folder + "/" + name, &info) == 0,
                (info.st_mode & S_IFMT) == S_IFREG
            else { return nil }
            return (name, Int64(info.st_size))
        }
    }
}
