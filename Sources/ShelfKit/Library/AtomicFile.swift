#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one writer for shelf's files outside a library — the lookup cache, thumbnails, git's
/// merge result, a `.gitattributes` above the library, a new library's folder — as the door
/// (`LibraryWriter`) is for the files inside one. A process killed at any instant leaves either
/// the old bytes or the new ones: a temporary file in the same folder, fsync, rename, fsync of
/// the folder. It never writes through a link: a file that is a link is refused, not replaced
/// by a copy.
///
/// Temporary names start with `.shelf-` and end in `.tmp`: hidden, so shelf never reads them as
/// books, and named like the temporary files sync tools leave alone.
enum AtomicFile {
    /// The prefix of every temporary file shelf writes.
    static let temporaryPrefix = ".shelf-"
    static let temporarySuffix = ".tmp"

    /// Replaces the file at `path` with `bytes`, keeping its permissions.
    static func replace(path: String, bytes: [UInt8]) throws(FileError) {
        try refuseLink(path)
        let temporary = try writeTemporary(near: path, bytes: bytes, mode: currentMode(path))
        guard rename(temporary, path) == 0 else {
            let error = FileError.fromErrno(path, "cannot replace")
            unlink(temporary)
            throw error
        }
        syncFolder(of: path)
    }

    /// Replaces the file at `path` with `bytes` only if it still holds `original`: a settings
    /// file edited by hand while shelf worked is never overwritten blindly.
    static func replace(path: String, bytes: [UInt8], ifStill original: [UInt8]) throws(FileError) {
        try refuseLink(path)
        let temporary = try writeTemporary(near: path, bytes: bytes, mode: currentMode(path))
        let lock = FileLock(path: path)
        defer { lock.release() }
        guard !isLink(path), (try? FileIO.read(path)) == original else {
            unlink(temporary)
            throw FileError(path: path, reason: "changed on disk meanwhile; nothing was written, run the command again")
        }
        guard rename(temporary, path) == 0 else {
            let error = FileError.fromErrno(path, "cannot replace")
            unlink(temporary)
            throw error
        }
        syncFolder(of: path)
    }

    static func currentMode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o644
    }

    /// Creates the file at `path` with `bytes`; fails, writing nothing, if it already exists.
    static func create(path: String, bytes: [UInt8]) throws(FileError) {
        let temporary = try writeTemporary(near: path, bytes: bytes, mode: 0o644)
        defer { unlink(temporary) }
        guard link(temporary, path) == 0 else {
            throw FileError.fromErrno(path, errno == EEXIST ? "already exists" : "cannot create")
        }
        syncFolder(of: path)
    }

    /// Writes `bytes` to a new temporary file beside `path` and returns its path.
    /// - Parameter sync: fsync it before returning; a batch flushes many at once instead.
    static func writeTemporary(near path: String, bytes: [UInt8], mode: mode_t, sync: Bool = true) throws(FileError) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? "file"
        guard let (temporary, descriptor) = createTemporary(in: folderOf(path), name: name, flags: O_WRONLY, mode: mode) else {
            throw FileError.fromErrno(path, "cannot create a temporary file")
        }
        var failure: FileError?
        if !bytes.withUnsafeBytes({ FileIO.writeAll($0, to: descriptor) }) {
            failure = FileError.fromErrno(path, "cannot write")
        }
        if failure == nil {
            _ = fchmod(descriptor, mode)
            if sync && fsync(descriptor) != 0 { failure = FileError.fromErrno(path, "cannot sync") }
        }
        close(descriptor)
        if let failure {
            unlink(temporary)
            throw failure
        }
        return temporary
    }

    /// A new file under a temporary name in `folder` (`.shelf-NAME.NONCE.tmp`), opened with
    /// `flags`; nil (errno set) when none could be made.
    private static func createTemporary(in folder: String, name: String, flags: Int32, mode: mode_t) -> (String, Int32)? {
        for _ in 0..<16 {
            let nonce = String(UInt32.random(in: 0...UInt32.max), radix: 36)
            let temporary = folder + "/" + temporaryPrefix + name + "." + nonce + temporarySuffix
            let descriptor = open(temporary, flags | O_CREAT | O_EXCL | O_CLOEXEC, mode)
            if descriptor >= 0 { return (temporary, descriptor) }
            if errno != EEXIST { return nil }
        }
        return nil
    }

    /// A file with no name in `folder` (made if missing) holding the pieces `next` gives until
    /// it gives nil, open for reading: bytes shelf must read twice and was given once (a pipe),
    /// which no other program sees and which go when the descriptor is closed, even if shelf is
    /// killed. The caller closes the descriptor.
    static func unnamedCopy(in folder: String, of next: () throws(FileError) -> ArraySlice<UInt8>?) throws(FileError) -> Int32 {
        try makeFolders(folder, mode: 0o700)
        guard let (temporary, descriptor) = createTemporary(in: folder, name: "copy", flags: O_RDWR, mode: 0o600) else {
            throw FileError.fromErrno(folder, "cannot create a temporary file")
        }
        unlink(temporary)
        do throws(FileError) {
            while let piece = try next() {
                guard piece.withUnsafeBytes({ FileIO.writeAll($0, to: descriptor) }) else {
                    throw FileError.fromErrno(folder, "cannot write a temporary file")
                }
            }
            return descriptor
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// Makes the rename itself durable.
    static func syncFolder(of path: String) {
        let descriptor = open(folderOf(path), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// Moves the file a tool made at `temporary` (beside `path`) to `path`, replacing what is
    /// there unless it is a link.
    static func move(_ temporary: String, to path: String) throws(FileError) {
        try refuseLink(path)
        guard rename(temporary, path) == 0 else { throw FileError.fromErrno(path, "cannot replace") }
        syncFolder(of: path)
    }

    /// Removes the regular file at `path`; a link, a folder or nothing there is left. Returns
    /// whether a file was removed.
    @discardableResult
    static func remove(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && unlink(path) == 0
    }

    /// Makes the folder at `path` and the missing ones above it (`mkdir -p`).
    static func makeFolders(_ path: String, mode: mode_t = 0o777) throws(FileError) {
        var made = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            made += "/" + component
            if mkdir(made, mode) != 0 && errno != EEXIST { throw FileError.fromErrno(made, "cannot create the folder") }
        }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw FileError(path: path, reason: "is not a folder")
        }
    }

    private static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// A file that is a link is the owner's arrangement: replacing it would put a copy in its place.
    private static func refuseLink(_ path: String) throws(FileError) {
        if isLink(path) {
            throw FileError(
                path: path, reason: "is a symbolic link; shelf does not replace it with a copy. Make the change in the file it leads to")
        }
    }

    static func folderOf(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
