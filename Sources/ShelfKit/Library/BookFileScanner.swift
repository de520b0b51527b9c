#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// Finds the book files under a library root: every `*.md`, recursively, skipping hidden files
/// and folders (`.git`, `.obsidian`, `.stversions`, `.trash`, shelf's own temporary files).
///
/// A FIFO, socket or device with a book's name is listed too, never opened here: whoever reads
/// it gets `FileIO`'s "not a regular file" error and reports it, so the user hears of it.
enum BookFileScanner {
    /// What a walk of the library found.
    struct Scan: Sendable {
        /// Relative, `/`-separated paths of candidate book files, sorted.
        var books: [String] = []
        /// The books the folders' listings did not say are regular files (links, special files,
        /// or a file system that does not tell): the others can be opened without a `stat` first
        /// (`FileIO.read(at:_:path:into:allowingSpecialFiles:listedRegular:)`).
        var notListedRegular: Set<String> = []
        /// Sync tools' conflict copies, which are never books.
        var conflicts: [ConflictCopy] = []
        /// shelf's own temporary files left by a process that was killed mid-write.
        var leftovers: [String] = []
        /// Folders that could not be listed (no permission, a path longer than `PATH_MAX`):
        /// reported, never skipped silently.
        var unlistedFolders: [FileError] = []
        /// Books and folders whose names are not UTF-8 (`MisnamedEntry`): reported, never read.
        var misnamed: [MisnamedEntry.Found] = []
        /// What the scan could not read, to report: `unlistedFolders`, then `misnamed`.
        var unreadable: [FileError] { unlistedFolders + misnamed.map(\.problem) }
        /// Every folder listed (the root is `""`), with its stamp as it was just before it was
        /// listed: while a folder's stamp stays the same, so does what it holds (a file added,
        /// removed or renamed changes its folder's times).
        var folders: [ListedFolder] = []
    }

    /// A folder the scan listed, and its stamp.
    struct ListedFolder: Sendable, Equatable {
        /// Relative to the root, `/`-separated; `""` for the root.
        var path: String
        var stamp: FileStamp
    }

    /// Relative, `/`-separated paths of candidate book files, sorted.
    static func scan(root: String) throws(FileError) -> [String] {
        try scanAll(root: root).books
    }

    /// Books, conflict copies and leftover temporary files under `root`.
    static func scanAll(root: String) throws(FileError) -> Scan {
        guard let directory = opendir(root) else { throw FileError.fromErrno(root, "cannot open folder") }
        closedir(directory)
        var scan = Scan()
        // The root's own entries, then each of its folders' whole subtree, joined in the order one
        // walk would find them; the subtrees are walked in parallel.
        var findings = Findings()
        var subfolders: [String] = []
        list(root: root, relative: "", into: &findings, subfolders: &subfolders)
        for subtree in walkInParallel(root: root, subfolders) {
            findings.found += subtree.found
            findings.leftovers += subtree.leftovers
            findings.unlisted += subtree.unlisted
            findings.misnamed += subtree.misnamed
            findings.folders += subtree.folders
            findings.notListedRegular += subtree.notListedRegular
        }
        scan.leftovers = findings.leftovers
        scan.unlistedFolders = findings.unlisted
        // In byte order, as the books are: the listing's own order differs between file systems.
        scan.misnamed = findings.misnamed.sorted { $0.problem.path.utf8.lexicographicallyPrecedes($1.problem.path.utf8) }
        scan.folders = findings.folders
        scan.notListedRegular = Set(findings.notListedRegular)
        for path in sortedPaths(findings.found) {
            if let conflict = ConflictCopy(path: path) {
                scan.conflicts.append(conflict)
            } else {
                scan.books.append(path)
            }
        }
        // A book kept in several languages (`record.zh.md`, `record.en.md`) is one book.
        scan.books = BookTranslations.listedOnce(scan.books)
        return scan
    }

    /// True for a file name shelf reads as a possible book.
    static func isCandidate(_ name: String) -> Bool {
        // For an ASCII name, characters are bytes: look at the bytes. (A `.md` ending is none of
        // the sync tools' temporary endings, so only the `~` start is left to check.)
        let ascii = name.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            let count = bytes.count
            return count > 3 && bytes[0] != UInt8(ascii: ".") && bytes[0] != UInt8(ascii: "~") && !isSiteIndex(name)
                && bytes[count - 3] == UInt8(ascii: ".") && bytes[count - 2] == UInt8(ascii: "m") && bytes[count - 1] == UInt8(ascii: "d")
        }
        if let decided = ascii ?? nil { return decided }
        return isCandidateByCharacter(name)
    }

    /// `isCandidate` for any name, by character.
    static func isCandidateByCharacter(_ name: String) -> Bool {
        name.utf8.first != UInt8(ascii: ".") && name.utf8.count > 3 && name.hasSuffix(".md") && !ConflictCopy.isSyncTemporary(name)
            && !isSiteIndex(name)
    }

    /// Hugo's section pages (`_index.md`) describe a folder, never a book.
    static func isSiteIndex(_ name: String) -> Bool { name == "_index.md" }

    /// A folder of note templates (Obsidian's `Templates`, Templater's `_templates`): its files
    /// are the shapes of books to come, full of placeholders, not books.
    static func isTemplateFolder(_ name: String) -> Bool {
        switch name.lowercased() {
        case "templates", "template", "_templates", "_template": return true
        default: return false
        }
    }

    /// `paths` in `String` order. For ASCII paths, the usual case, that is byte order: they are
    /// sorted by their first 16 bytes as two integers, and by the whole path only on a tie.
    static func sortedPaths(_ paths: [String]) -> [String] {
        var keys: [(high: UInt64, low: UInt64, index: Int)] = []
        keys.reserveCapacity(paths.count)
        for (index, path) in paths.enumerated() {
            var path = path
            let key = path.withUTF8 { bytes -> (UInt64, UInt64)? in
                var high: UInt64 = 0
                var low: UInt64 = 0
                var ored: UInt8 = 0
                // File names hold no NUL byte, so zero padding puts a prefix first.
                for offset in 0..<min(bytes.count, 8) { high |= UInt64(bytes[offset]) << (56 - 8 * UInt64(offset)) }
                for offset in min(bytes.count, 8)..<min(bytes.count, 16) { low |= UInt64(bytes[offset]) << (120 - 8 * UInt64(offset)) }
                for byte in bytes { ored |= byte }
                return ored < 0x80 ? (high, low) : nil
            }
            guard let (high, low) = key else { return paths.sorted() }
            keys.append((high, low, index))
        }
        keys.sort { left, right in
            if left.high != right.high { return left.high < right.high }
            if left.low != right.low { return left.low < right.low }
            return paths[left.index] < paths[right.index]
        }
        return keys.map { paths[$0.index] }
    }

    /// True when the link at `path` leads to a file the scan lists under its own name, inside the
    /// library: listing the link too would show one book twice. A link to a file the scan does
    /// not list (in a hidden or template folder, or not named like a book) is the only way to it.
    private static func linksInside(_ path: String, root: String) -> Bool {
        guard let resolved = realpath(path, nil) else { return false }
        defer { free(resolved) }
        var realRoot = root
        if let rootResolved = realpath(root, nil) {
            realRoot = String(cString: rootResolved)
            free(rootResolved)
        }
        let target = String(cString: resolved)
        guard target.hasPrefix(realRoot + "/") else { return false }
        let parts = target.dropFirst(realRoot.count + 1).split(separator: "/")
        guard let name = parts.last, isCandidate(String(name)) else { return false }
        return !parts.dropLast().contains { $0.utf8.first == UInt8(ascii: ".") || isTemplateFolder(String($0)) }
    }

    private static func isLeftover(_ name: String) -> Bool {
        name.hasPrefix(AtomicFile.temporaryPrefix) && name.hasSuffix(AtomicFile.temporarySuffix)
    }

    /// The whole subtree of each folder, each walked by one worker, in the order of `folders`.
    private static func walkInParallel(root: String, _ folders: [String]) -> [Findings] {
        guard folders.count > 1 else {
            return folders.map { folder in
                var findings = Findings()
                walk(root: root, relative: folder, into: &findings)
                return findings
            }
        }
        let results = SubtreeResults(count: folders.count)
        DispatchQueue.concurrentPerform(iterations: folders.count) { index in
            var findings = Findings()
            walk(root: root, relative: folders[index], into: &findings)
            results.set(index, findings)
        }
        return results.all
    }

    private static func walk(root: String, relative: String, into findings: inout Findings) {
        var subfolders: [String] = []
        list(root: root, relative: relative, into: &findings, subfolders: &subfolders)
        for subfolder in subfolders {
            walk(root: root, relative: subfolder, into: &findings)
        }
    }

    /// The entries of one folder: candidate files into `found`, shelf's leftover temporary files
    /// into `leftovers`, folders (not hidden) into `subfolders`, each in the order `readdir` gives.
    /// A folder that cannot be opened goes into `unlisted`, with the reason.
    private static func list(root: String, relative: String, into findings: inout Findings, subfolders: inout [String]) {
        let folder = relative.isEmpty ? root : root + "/" + relative
        guard let directory = opendir(folder) else {
            findings.unlisted.append(FileError.fromErrno(folder, "cannot open folder (skipped)"))
            return
        }
        defer { closedir(directory) }
        // Before the first entry is read: a change made while the folder is listed then shows
        // as a changed stamp next time. (A stamp that cannot be read is recorded as zero, which
        // no folder has: the index then never takes the folder as unchanged.)
        var info = stat()
        let stamp =
            fstat(dirfd(directory), &info) == 0
            ? FileStamp(info) : FileStamp(device: 0, inode: 0, size: 0, modified: 0, changed: 0)
        findings.folders.append(ListedFolder(path: relative, stamp: stamp))
        let prefix = relative.isEmpty ? "" : relative + "/"
        while let entry = readdir(directory) {
            // The name is read where it lies: `entry.pointee.d_name` would copy all 256 bytes of the
            // field, past the end of a short record at the end of readdir's buffer.
            guard let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) else { continue }
            let rawName = (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self)
            let name = String(cString: rawName)
            if MisnamedEntry.isMisnamed(name, raw: rawName) {
                if let found = MisnamedEntry.found(
                    raw: rawName, name: name, type: entry.pointee.d_type, in: folder,
                    folderDescriptor: dirfd(directory))
                {
                    findings.misnamed.append(found)
                }
                continue
            }
            let path = prefix + name
            // Only a name whose first byte is `.` can be hidden or a leftover temporary file.
            // Hidden by its first byte, as every tool takes it (`.\u{301}x`, a dot with an
            // accent on it, is one character but still a hidden name).
            if name.utf8.first == UInt8(ascii: ".") {
                if isLeftover(name) { findings.leftovers.append(path) }
                continue
            }
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR):
                if !isTemplateFolder(name) { subfolders.append(path) }
            case Int32(DT_REG):
                if isCandidate(name) { findings.found.append(path) }
            case Int32(DT_FIFO), Int32(DT_SOCK), Int32(DT_CHR), Int32(DT_BLK):
                // Listed so that the reader reports it (see the type's comment); never opened here.
                if isCandidate(name) {
                    findings.found.append(path)
                    findings.notListedRegular.append(path)
                }
            default:
                // A link or a file system that does not report types (DT_UNKNOWN): ask stat, and
                // follow links to files but never to folders, which could loop.
                var info = stat()
                let full = root + "/" + path
                // Gone since it was listed: nothing to read.
                guard lstat(full, &info) == 0 else { continue }
                let isLink = (info.st_mode & S_IFMT) == S_IFLNK
                if (info.st_mode & S_IFMT) == S_IFDIR {
                    if !isTemplateFolder(name) { subfolders.append(path) }
                } else if isCandidate(name) {
                    if isLink && stat(full, &info) != 0 {
                        // A link to nothing (its target moved) or a loop: listed, so that the
                        // reader names it, rather than a book vanishing without a word.
                        findings.found.append(path)
                        findings.notListedRegular.append(path)
                        continue
                    }
                    switch info.st_mode & S_IFMT {
                    case S_IFREG:
                        // A regular file the listing could not type costs no second `lstat`.
                        if !(isLink && linksInside(full, root: root)) {
                            findings.found.append(path)
                            findings.notListedRegular.append(path)
                        }
                    default:
                        // A FIFO, socket or device, or a link to one, or a link named like a book
                        // to a folder (never walked: it could loop): the reader reports it. A
                        // query answered from the index reads it again every time, and says the
                        // same, whatever its target has become since.
                        findings.found.append(path)
                        findings.notListedRegular.append(path)
                    }
                }
            }
        }
    }
}

/// What walking one subtree found.
private struct Findings {
    /// Candidate book files (and special files with a book's name).
    var found: [String] = []
    /// shelf's leftover temporary files.
    var leftovers: [String] = []
    /// Folders that could not be opened.
    var unlisted: [FileError] = []
    /// Entries whose names are not UTF-8.
    var misnamed: [MisnamedEntry.Found] = []
    /// Folders listed, with their stamps.
    var folders: [BookFileScanner.ListedFolder] = []
    /// Those of `found` not listed as regular files.
    var notListedRegular: [String] = []
}

/// Each subtree's findings, each set by the worker that walked it, read after they all finish.
private final class SubtreeResults: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<Findings>

    init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: Findings())
    }

    func set(_ index: Int, _ result: Findings) {
        storage[index] = result
    }

    var all: [Findings] { Array(storage) }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }
}
