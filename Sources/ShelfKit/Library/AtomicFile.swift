#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files so that a process killed at any instant leaves either the old bytes or the new
/// ones: a temporary file in the same folder, fsync, rename, fsync of the folder.
///
/// Temporary names start with `.shelf-` and end in `.tmp`: hidden, so shelf never reads them as
/// books, and named like the temporary files sync tools leave alone.
enum AtomicFile {
    /// The prefix of every temporary file shelf writes.
    static let temporaryPrefix = ".shelf-"
    static let temporarySuffix = ".tmp"

    /// Replaces the file at `path` with `bytes`, keeping its permissions.
    public static func replace(path: String, bytes: [UInt8]) throws(FileError) {
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
    public static func replace(path: String, bytes: [UInt8], ifStill original: [UInt8]) throws(FileError) {
        let temporary = try writeTemporary(near: path, bytes: bytes, mode: currentMode(path))
        let lock = FileLock(path: path)
        defer { lock.release() }
        guard (try? FileIO.read(path)) == original else {
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
    public static func create(path: String, bytes: [UInt8]) throws(FileError) {
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
        let folder = folderOf(path)
        let name = path.split(separator: "/").last.map(String.init) ?? "file"
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<16 {
            let nonce = String(UInt32.random(in: 0...UInt32.max), radix: 36)
            temporary = folder + "/" + temporaryPrefix + name + "." + nonce + temporarySuffix
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw FileError.fromErrno(path, "cannot create a temporary file") }
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

    /// Makes the rename itself durable.
    static func syncFolder(of path: String) {
        let descriptor = open(folderOf(path), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// Removes shelf's temporary files in `folder` that a killed process left behind. Only files
    /// older than `age` seconds go, so a write in progress in another process is never disturbed.
    /// - Returns: the names removed.
    @discardableResult
    static func sweepLeftovers(inFolder folder: String, olderThan age: Double = 60) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var removed: [String] = []
        let now = time(nil)
        let prefix = Array(temporaryPrefix.utf8CString.dropLast())
        while let entry = readdir(directory) {
            // The name is read where it lies (`entry.pointee.d_name` would copy all 256 bytes of
            // the field, past the end of a short record), and made a string only when it starts
            // as shelf's temporary files do: a folder of a thousand books is swept at every edit.
            guard let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) else { continue }
            let field = (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self)
            guard strncmp(field, prefix, prefix.count) == 0 else { continue }
            let name = String(cString: field)
            guard name.hasPrefix(temporaryPrefix), name.hasSuffix(temporarySuffix) else { continue }
            var info = stat()
            let path = folder + "/" + name
            guard lstat(path, &info) == 0 else { continue }
            #if canImport(Darwin)
            let modified = info.st_mtimespec.tv_sec
            #else
            let modified = info.st_mtim.tv_sec
            #endif
            guard Double(now - modified) > age, unlink(path) == 0 else { continue }
            removed.append(name)
        }
        return removed
    }

    static func folderOf(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
