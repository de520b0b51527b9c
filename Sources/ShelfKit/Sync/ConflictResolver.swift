#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What shelf knows about a library's sync conflict copies: where they are, what differs in them,
/// which version is newer, and the common ancestor git holds. `ResolveConflictsAction` merges them.
public struct ConflictResolver {
    /// Which version wins a value both changed (`--prefer`).
    public enum Preference: String, Sendable, CaseIterable {
        /// For each value, the version modified last that changed it.
        case newer
        case original
        case copy
    }

    /// A file's modification time, to the nanosecond.
    struct Time: Comparable, Sendable {
        var seconds: Int
        var nanoseconds: Int

        static func < (lhs: Time, rhs: Time) -> Bool {
            (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
        }

        static let distantPast = Time(seconds: Int.min, nanoseconds: 0)
    }

    let library: Library
    private let repository: GitRepository
    /// Asked once: outside git there is no ancestor to look for, and no process to start per copy.
    private let isVersioned: Bool

    /// Resolves the conflict copies in `library`, asking git for common ancestors when it is versioned.
    public init(library: Library) {
        self.library = library
        repository = GitRepository(folder: library.root)
        isVersioned = repository.exists
    }

    /// Every conflict copy in the library.
    public func copies() throws(FileError) -> [ConflictCopy] {
        try BookFileScanner.scanAll(root: library.root).conflicts
    }

    /// The copies grouped by the original they are copies of, in the order first seen.
    static func grouped(_ copies: [ConflictCopy]) -> [(original: String, copies: [ConflictCopy])] {
        var groups: [(original: String, copies: [ConflictCopy])] = []
        for copy in copies {
            if let index = groups.firstIndex(where: { $0.original == copy.originalPath }) {
                groups[index].copies.append(copy)
            } else {
                groups.append((copy.originalPath, [copy]))
            }
        }
        return groups
    }

    /// The original's last commit, when git holds it and it reads as a book: the common ancestor
    /// of the original and its copies.
    func ancestor(of path: String) -> BookDocument? {
        guard isVersioned, let bytes = repository.committedBytes(of: path) else { return nil }
        return try? BookDocument(bytes: bytes)
    }

    /// The keys whose values differ between the copy and its original (values the library's
    /// vocabulary reads alike are equal), and whether the notes differ.
    public func differences(_ copy: ConflictCopy) -> (fields: [String], notes: Bool) {
        guard let original = try? document(copy.originalPath), let other = try? document(copy.path) else { return ([], false) }
        let merger = VersionMerge(ours: original, theirs: other, base: nil, vocabulary: library.config.vocabulary)
        guard let mine = original.frontMatter, let theirs = other.frontMatter else {
            return ([], VersionMerge.lines(original.body) != VersionMerge.lines(other.body))
        }
        let differing = merger.pairedKeys(mine, theirs).filter { mineKey, otherKey in
            let key = mineKey ?? otherKey ?? ""
            return !merger.same(
                mineKey.flatMap { mine.entry($0) }.map { FieldValue($0.value) },
                otherKey.flatMap { theirs.entry($0) }.map { FieldValue($0.value) },
                library.config.vocabulary.field(forKey: key))
        }.map { $0.0 ?? $0.1 ?? "" }
        return (differing, VersionMerge.lines(original.body) != VersionMerge.lines(other.body))
    }

    /// True when the copy was modified after the original.
    public func copyIsNewer(_ copy: ConflictCopy) -> Bool {
        ConflictResolver.modified(library.absolutePath(copy.path)) > ConflictResolver.modified(library.absolutePath(copy.originalPath))
    }

    private func document(_ path: String) throws -> BookDocument {
        try MergedBook.document(FileIO.read(library.absolutePath(path)), displayPath: path)
    }

    /// The modification time of the file at `path` (a link's target's), or the distant past.
    static func modified(_ path: String) -> Time {
        var info = stat()
        guard stat(path, &info) == 0 else { return .distantPast }
        #if canImport(Darwin)
        return Time(seconds: Int(info.st_mtimespec.tv_sec), nanoseconds: Int(info.st_mtimespec.tv_nsec))
        #else
        return Time(seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec))
        #endif
    }

    /// True when something, even a dangling link, has the name `path`.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}
