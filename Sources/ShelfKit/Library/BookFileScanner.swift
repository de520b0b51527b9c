#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the book files under a library root: every `*.md`, recursively, skipping hidden files
/// and folders (`.git`, `.obsidian`, `.stversions`, `.trash`, shelf's own temporary files).
public enum BookFileScanner {
    /// What a walk of the library found.
    public struct Scan: Sendable {
        /// Relative, `/`-separated paths of candidate book files, sorted.
        public var books: [String] = []
        /// Sync tools' conflict copies, which are never books.
        public var conflicts: [ConflictCopy] = []
        /// shelf's own temporary files left by a process that was killed mid-write.
        public var leftovers: [String] = []
    }

    /// Relative, `/`-separated paths of candidate book files, sorted.
    public static func scan(root: String) throws(FileError) -> [String] {
        try scanAll(root: root).books
    }

    /// Books, conflict copies and leftover temporary files under `root`.
    public static func scanAll(root: String) throws(FileError) -> Scan {
        guard let directory = opendir(root) else { throw FileError.fromErrno(root, "cannot open folder") }
        closedir(directory)
        var found: [String] = []
        var scan = Scan()
        walk(root: root, relative: "", into: &found, leftovers: &scan.leftovers)
        for path in sortedPaths(found) {
            if let conflict = ConflictCopy(path: path) {
                scan.conflicts.append(conflict)
            } else {
                scan.books.append(path)
            }
        }
        return scan
    }

    /// True for a file name shelf reads as a possible book.
    public static func isCandidate(_ name: String) -> Bool {
        // For an ASCII name, characters are bytes: look at the bytes. (A `.md` ending is none of
        // the sync tools' temporary endings, so only the `~` start is left to check.)
        let ascii = name.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            let count = bytes.count
            return count > 3 && bytes[0] != UInt8(ascii: ".") && bytes[0] != UInt8(ascii: "~")
                && bytes[count - 3] == UInt8(ascii: ".") && bytes[count - 2] == UInt8(ascii: "m") && bytes[count - 1] == UInt8(ascii: "d")
        }
        if let decided = ascii ?? nil { return decided }
        return isCandidateByCharacter(name)
    }

    /// `isCandidate` for any name, by character.
    static func isCandidateByCharacter(_ name: String) -> Bool {
        !name.hasPrefix(".") && name.utf8.count > 3 && name.hasSuffix(".md") && !ConflictCopy.isSyncTemporary(name)
    }

    /// `paths` in `String` order. For ASCII paths, the usual case, that is byte order: they are
    /// sorted by their first 16 bytes as two integers, and by the whole path only on a tie.
    static func sortedPaths(_ paths: [String]) -> [String] {
        var keys: [(high: UInt64, low: UInt64, index: Int)] = []
        keys.reserveCapacity(paths.count)
        for (index, path) in paths.enumerated() {
            let key = path.utf8.withContiguousStorageIfAvailable { bytes -> (UInt64, UInt64)? in
                var high: UInt64 = 0
                var low: UInt64 = 0
                for (offset, byte) in bytes.enumerated() {
                    // File names hold no NUL byte, so zero padding puts a prefix first.
                    guard byte < 0x80 else { return nil }
                    if offset < 8 {
                        high |= UInt64(byte) << (56 - 8 * UInt64(offset))
                    } else if offset < 16 {
                        low |= UInt64(byte) << (56 - 8 * UInt64(offset - 8))
                    }
                }
                return (high, low)
            }
            guard let (high, low) = key ?? nil else { return paths.sorted() }
            keys.append((high, low, index))
        }
        keys.sort { left, right in
            if left.high != right.high { return left.high < right.high }
            if left.low != right.low { return left.low < right.low }
            return paths[left.index] < paths[right.index]
        }
        return keys.map { paths[$0.index] }
    }

    /// True for a link to a file inside the library: that file is listed under its own name, and
    /// listing the link too would show one book twice.
    private static func linksInside(_ path: String, root: String) -> Bool {
        var link = stat()
        guard lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK,
              let resolved = realpath(path, nil) else { return false }
        defer { free(resolved) }
        var realRoot = root
        if let rootResolved = realpath(root, nil) {
            realRoot = String(cString: rootResolved)
            free(rootResolved)
        }
        return String(cString: resolved).hasPrefix(realRoot + "/")
    }

    private static func isLeftover(_ name: String) -> Bool {
        name.hasPrefix(AtomicFile.temporaryPrefix) && name.hasSuffix(AtomicFile.temporarySuffix)
    }

    private static func walk(root: String, relative: String, into found: inout [String], leftovers: inout [String]) {
        let folder = relative.isEmpty ? root : root + "/" + relative
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        var subfolders: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            let path = relative.isEmpty ? name : relative + "/" + name
            if isLeftover(name) { leftovers.append(path) }
            guard !name.hasPrefix(".") else { continue }
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR):
                subfolders.append(path)
            case Int32(DT_REG):
                if isCandidate(name) { found.append(path) }
            default:
                // A link or a file system that does not report types: ask stat, and follow
                // links to files but never to folders, which could loop.
                var info = stat()
                let full = root + "/" + path
                if lstat(full, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
                    subfolders.append(path)
                } else if stat(full, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, isCandidate(name),
                          !linksInside(full, root: root) {
                    found.append(path)
                }
            }
        }
        for subfolder in subfolders {
            walk(root: root, relative: subfolder, into: &found, leftovers: &leftovers)
        }
    }
}
