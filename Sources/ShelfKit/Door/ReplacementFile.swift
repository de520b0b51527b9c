#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The new version of a file, written beside it under a temporary name, waiting to be renamed
/// over it. It carries what the file system knows about the old one: permission bits, owner and
/// group (where the process may set them) and extended attributes (ACLs among them), so the
/// rename changes the bytes and nothing else.
///
/// Temporary names start with `.shelf-` and end in `.tmp`: hidden, so shelf never reads them as
/// books, and swept when a killed process left one behind.
final class ReplacementFile {
    let folder: OpenFolder
    let name: String
    private var placed = false

    private init(folder: OpenFolder, name: String) {
        self.folder = folder
        self.name = name
    }

    /// Writes `bytes` to a new temporary file in `folder`.
    /// - Parameters:
    ///   - like: the file it will replace, whose mode, owner, group and attributes it takes;
    ///     nil for a new file (mode 0666 less the umask).
    ///   - sync: flush it to disk before returning (a batch flushes many at once instead).
    static func write(
        _ bytes: [UInt8], in folder: OpenFolder, for target: String, like original: (info: stat, name: String)?,
        displayPath: String, sync: Bool = true
    ) throws(FileError) -> ReplacementFile {
        var descriptor: Int32 = -1
        var name = ""
        for _ in 0..<16 {
            let nonce = String(UInt32.random(in: 0...UInt32.max), radix: 36)
            name = AtomicFile.temporaryPrefix + target + "." + nonce + AtomicFile.temporarySuffix
            descriptor = openat(
                folder.descriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, original == nil ? 0o666 : 0o600)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw FileError.fromErrno(displayPath, "cannot create a temporary file beside it") }
        let file = ReplacementFile(folder: folder, name: name)
        defer { close(descriptor) }
        guard bytes.withUnsafeBytes({ FileIO.writeAll($0, to: descriptor) }) else {
            throw FileError.fromErrno(displayPath, "cannot write")
        }
        if let original {
            try FileAttributes.copy(from: original.name, info: original.info, in: folder, to: descriptor, displayPath: displayPath)
        }
        if sync && fsync(descriptor) != 0 { throw FileError.fromErrno(displayPath, "cannot flush to disk") }
        return file
    }

    /// Renames the new version over `target`, replacing it, and makes the rename durable.
    func replace(_ target: String, displayPath: String) throws(FileError) {
        try replaceWithoutSync(target, displayPath: displayPath)
        folder.sync()
    }

    /// Renames the new version over `target`; the caller syncs the folder.
    func replaceWithoutSync(_ target: String, displayPath: String) throws(FileError) {
        guard renameat(folder.descriptor, name, folder.descriptor, target) == 0 else {
            throw FileError.fromErrno(displayPath, "cannot replace")
        }
        placed = true
    }

    /// Renames the new version over `target`, which `checked` (a descriptor this takes over) was
    /// opened on at the last check, and returns the version it displaced. On Linux the two are
    /// exchanged, so the displaced version keeps this file's temporary name until it is looked
    /// at; where the file system cannot exchange (or `target` is gone), a plain rename.
    /// The caller syncs the folder.
    func exchange(_ target: String, checked: Int32, displayPath: String) throws(FileError) -> DisplacedFile {
        #if os(Linux)
        let exchange: UInt32 = 2  // RENAME_EXCHANGE
        if let renameat2 = FileRenaming.renameWithFlags {
            if renameat2(folder.descriptor, name, folder.descriptor, target, exchange) == 0 {
                placed = true
                close(checked)
                return DisplacedFile(named: name, in: folder)
            }
            guard errno == EINVAL || errno == ENOSYS || errno == ENOTSUP || errno == ENOENT else {
                close(checked)
                throw FileError.fromErrno(displayPath, "cannot replace")
            }
        }
        #endif
        do {
            try replaceWithoutSync(target, displayPath: displayPath)
        } catch {
            close(checked)
            throw error
        }
        return DisplacedFile(descriptor: checked, in: folder)
    }

    /// Gives the new file the name `target`, failing (and writing nothing) if it exists.
    func create(_ target: String, displayPath: String) throws(FileError) {
        guard linkat(folder.descriptor, name, folder.descriptor, target, 0) == 0 else {
            throw FileError.fromErrno(displayPath, errno == EEXIST ? "already exists" : "cannot create")
        }
        folder.sync()
    }

    /// Removes the temporary file unless it was renamed into place.
    func discard() {
        guard !placed else { return }
        placed = true
        unlinkat(folder.descriptor, name, 0)
    }

    deinit { discard() }
}
