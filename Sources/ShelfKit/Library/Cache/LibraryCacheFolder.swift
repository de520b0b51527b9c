#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder of library indexes (`$XDG_CACHE_HOME/shelf/libraries`): what it holds, and the
/// rules that keep it from growing without end.
///
/// One index is kept per library path. An index is forgotten when its library's folder is gone,
/// when it has not been used for `maxAge` (a used index has its modification time refreshed at
/// most once a day), or, oldest first, when the folder holds more than `limit` bytes. Removing an
/// index only ever costs time: the next query reads the files again.
public struct LibraryCacheFolder: Sendable {
    /// One index file in the folder.
    public struct Index: Sendable, Equatable {
        /// The index file's path.
        public var file: String
        /// The library it was made for; nil when the file is not an index this shelf can read
        /// (another version's, or damaged).
        public var root: String?
        /// The file's size in bytes.
        public var bytes: Int64
        /// When it was last written or used, seconds since 1970.
        public var lastUsed: Int64
        /// Whether the library's folder still exists.
        public var libraryExists: Bool
    }

    /// Why `clean` removed an index.
    public enum Reason: String, Sendable {
        case libraryGone = "library folder gone"
        case unused = "unused for 30 days"
        case overLimit = "over the size limit"
        case unreadable = "not an index this shelf reads"
    }

    /// The folder's path.
    public let path: String
    /// Indexes unused for this long are removed (seconds).
    var maxAge: Int64 = LibraryCacheFolder.standardMaxAge
    /// Thirty days.
    static let standardMaxAge: Int64 = 30 * 86_400
    /// The most the folder's indexes may hold together (bytes); the index in use is kept even
    /// when it alone is larger.
    public var limit: Int64

    /// The default cap on the indexes' total size: 2 GiB, room for several libraries of 100,000
    /// books (about 190 MB each).
    static let defaultLimit: Int64 = 2 << 30

    init(path: String, limit: Int64 = LibraryCacheFolder.defaultLimit) {
        self.path = path
        self.limit = limit
    }

    /// The folder for this process's environment: `standard(variable:)` over `getenv`.
    public static func standard() -> LibraryCacheFolder? {
        standard { getenv($0).map { String(cString: $0) } }
    }

    /// Why `SHELF_CACHE_LIMIT` was not taken, when it is set to something that is not a size;
    /// the default limit holds then, and the command says so.
    public var limitProblem: String?

    /// The folder for the environment `variable` looks variables up in
    /// (`LibraryCacheLocation.defaultFolder`), with the size limit `SHELF_CACHE_LIMIT` sets (in
    /// MiB). Each variable is looked up alone: the whole environment made into a dictionary
    /// costs more than the rest of opening a library.
    static func standard(variable: (String) -> String?) -> LibraryCacheFolder? {
        guard let path = LibraryCacheLocation.defaultFolder(variable: variable) else { return nil }
        var folder = LibraryCacheFolder(path: path)
        if let text = variable("SHELF_CACHE_LIMIT") {
            if let mebibytes = Int64(text.trimmingSpaces), mebibytes >= 0, mebibytes < Int64.max >> 20 {
                folder.limit = mebibytes << 20
            } else {
                folder.limitProblem =
                    "SHELF_CACHE_LIMIT is '\(text)', not a whole number of MiB; the default, "
                    + "\(defaultLimit >> 20) MiB, holds. Set it to a number (SHELF_CACHE_LIMIT=500) or unset it"
            }
        }
        return folder
    }

    /// Every index file in the folder, most recently used first.
    func indexes() -> [Index] {
        var found: [Index] = []
        for name in FolderEntries(path) where name.hasSuffix(".cache") && !name.hasPrefix(".") {
            let file = path + "/" + name
            var info = stat()
            guard lstat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            let root = LibraryCacheFolder.root(of: file)
            var folder = stat()
            let exists = root.map { stat($0, &folder) == 0 && (folder.st_mode & S_IFMT) == S_IFDIR } ?? false
            found.append(
                Index(
                    file: file, root: root, bytes: Int64(info.st_size),
                    lastUsed: FileStamp(info).modified / 1_000_000_000, libraryExists: exists))
        }
        return found.sorted { ($0.lastUsed, $1.file) > ($1.lastUsed, $0.file) }
    }

    /// A temporary file a shelf process writes in the folder: an index being written
    /// (`.tmp-PID-N.cache`) or a load's spill file (`.spill-PID-N`, removed the moment it is
    /// made). One whose process is gone was left by a shelf that was killed.
    public struct Leftover: Sendable, Equatable {
        /// The file's path.
        public var file: String
        /// The file's size in bytes.
        public var bytes: Int64
        /// When it was last written, seconds since 1970.
        public var modified: Int64
        /// Whether the process that writes it is gone (or it is over an hour old): no shelf
        /// will finish it, and it can go.
        public var isAbandoned: Bool
    }

    /// Every temporary file in the folder, abandoned or still being written.
    func leftovers(now: Int64) -> [Leftover] {
        var found: [Leftover] = []
        for name in FolderEntries(path) {
            let rest: Substring
            if name.hasPrefix(".tmp-") && name.hasSuffix(".cache") {
                rest = name.dropFirst(5)
            } else if name.hasPrefix(".spill-") {
                rest = name.dropFirst(7)
            } else {
                continue
            }
            var info = stat()
            let file = path + "/" + name
            guard lstat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            let modified = FileStamp(info).modified / 1_000_000_000
            let writer = rest.prefix { $0 != "-" }
            let writerGone = Int32(writer).map { kill($0, 0) != 0 && errno == ESRCH } ?? true
            found.append(
                Leftover(
                    file: file, bytes: Int64(info.st_size), modified: modified,
                    isAbandoned: writerGone || now - modified > 3_600))
        }
        return found.sorted { $0.file < $1.file }
    }

    /// What `clean` would remove now, and why, keeping `current` (the index in use) whatever
    /// its age or size.
    func stale(now: Int64, keeping current: String? = nil) -> [(index: Index, reason: Reason)] {
        var removals: [(Index, Reason)] = []
        // What killed writers left takes room too, until the next clean removes it.
        var total = leftovers(now: now).reduce(Int64(0)) { $0 + $1.bytes }
        for index in indexes() {
            if index.file == current {
                total += index.bytes
                continue
            }
            if index.root == nil, now - index.lastUsed > 86_400 {
                removals.append((index, .unreadable))
            } else if index.root != nil, !index.libraryExists {
                removals.append((index, .libraryGone))
            } else if now - index.lastUsed > maxAge {
                removals.append((index, .unused))
            } else if total + index.bytes > limit {
                // Most recently used first: what no longer fits is the least recently used.
                removals.append((index, .overLimit))
            } else {
                total += index.bytes
            }
        }
        return removals
    }

    /// Removes the stale indexes (see `stale`); returns what was removed.
    @discardableResult
    func clean(now: Int64, keeping current: String? = nil) -> [(index: Index, reason: Reason)] {
        removeLeftovers(now: now)
        return stale(now: now, keeping: current).filter { AtomicFile.remove($0.index.file) }
    }

    /// Removes the temporary files killed shelf processes left in the folder (`leftovers`):
    /// a file still being written by a live process is never touched.
    /// - Returns: the files removed.
    @discardableResult
    func removeLeftovers(now: Int64) -> [Leftover] {
        leftovers(now: now).filter { $0.isAbandoned && AtomicFile.remove($0.file) }
    }

    /// Removes one index, or every index when `file` is nil; returns the files removed.
    @discardableResult
    func clear(_ file: String? = nil) -> [Index] {
        // The vocabulary inferred for a library without shelf.yaml lies beside its index
        // (`<index>.vocabulary`, Library+InferredVocabulary) and goes with it.
        for name in FolderEntries(path) where name.hasSuffix(".vocabulary") && !name.hasPrefix(".") {
            let vocabulary = path + "/" + name
            if file == nil || vocabulary == file?.replacingOccurrences(of: ".cache", with: ".vocabulary") { AtomicFile.remove(vocabulary) }
        }
        return indexes().filter { file == nil || $0.file == file }.filter { AtomicFile.remove($0.file) }
    }

    /// The library root recorded at the start of an index file, when the file is an index of
    /// the format this shelf writes.
    static func root(of file: String) -> String? {
        let descriptor = open(file, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        // The header, then the root as a length and its bytes (a path is at most PATH_MAX long).
        let wanted = LibraryCache.headerSize + 10 + Int(PATH_MAX)
        guard let head = CacheStorage(reading: descriptor, at: 0, count: wanted, allowingShort: true) else { return nil }
        var reader = CacheByteReader(head.bytes)
        guard let magic = try? reader.word(), magic == LibraryCache.magic,
            let version = try? reader.word(), version == LibraryCache.formatVersion,
            (try? reader.bytes(LibraryCache.headerSize - 16)) != nil,
            let root = try? reader.string(), root.hasPrefix("/")
        else { return nil }
        return root
    }
}
