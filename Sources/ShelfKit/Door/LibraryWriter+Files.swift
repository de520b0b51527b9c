#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension LibraryWriter {
    /// Creates the book file `relative` holding `bytes`, making missing folders inside the
    /// library; fails, writing nothing, if the file exists.
    public func create(_ relative: String, bytes: [UInt8]) throws {
        try LibraryPath.checkBookPath(relative)
        let shown = display(relative)
        // shelf never creates a file it would not read back as a book.
        let document = try BookBytes.parse(bytes, displayPath: shown)
        guard library.book(at: relative, in: document) != nil else {
            throw LibraryPath.NotABook(path: shown, reason: "internal error: the new file would not read as a book; nothing was written")
        }
        let (folderPath, name) = LibraryPath.split(relative)
        let folder = try OpenFolder.open(folderPath, below: library.root, create: true)
        let file = try ReplacementFile.write(bytes, in: folder, for: name, like: nil, displayPath: shown)
        try file.create(name, displayPath: shown)
    }

    /// Removes the book file `relative` (a link is removed, not what it points at).
    public func remove(_ relative: String) throws {
        let target = try BookTarget.resolve(relative, in: library, followLink: false)
        let identity = try checkIsBook(target, displayPath: display(relative))
        guard let now = target.folder.status(of: target.name), now.st_ino == identity.st_ino, now.st_dev == identity.st_dev else {
            throw FileError(path: display(relative), reason: "changed on disk meanwhile; nothing was removed, run the command again")
        }
        guard unlinkat(target.folder.descriptor, target.name, 0) == 0 else {
            throw FileError.fromErrno(display(relative), "cannot remove")
        }
        target.folder.sync()
    }

    /// Renames the book file `relative` to `destination` (relative to the root), making missing
    /// folders inside the library; never replaces an existing file and never leaves the library.
    public func move(_ relative: String, to destination: String) throws {
        let source = try BookTarget.resolve(relative, in: library, followLink: false)
        let info = try checkIsBook(source, displayPath: display(relative))
        try LibraryPath.checkBookPath(destination)
        let (folderPath, name) = LibraryPath.split(destination)
        if (info.st_mode & S_IFMT) == S_IFLNK {
            try checkLinkKeepsItsTarget(source, movedInto: folderPath, displayPath: display(relative))
        }
        let folder = try OpenFolder.open(folderPath, below: library.root, create: true)
        try FileRenaming.renameWithoutReplacing(
            from: source.name, in: source.folder, to: name, in: folder, displayPath: display(destination))
        folder.sync()
        source.folder.sync()
    }

    /// Writes a file of shelf's own inside the library (a cover image, `shelf.yaml`): never
    /// through a link, keeping an existing file's attributes.
    /// - Parameter original: when given, the file is replaced only if it still holds these
    ///   bytes (`[]` for a file that must not exist yet).
    public func writeFile(_ relative: String, bytes: [UInt8], ifStill original: [UInt8]? = nil) throws {
        let shown = display(relative)
        let components = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard !relative.isEmpty, !relative.hasPrefix("/"), !components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
            throw LibraryPath.NotABook(path: shown, reason: "is not a path inside the library")
        }
        let (folderPath, name) = LibraryPath.split(relative)
        let folder = try OpenFolder.open(folderPath, below: library.root, create: true)
        guard folder.status(of: name) != nil else {
            if let original, !original.isEmpty {
                throw FileError(path: shown, reason: "was removed meanwhile; nothing was written, run the command again")
            }
            return try ReplacementFile.write(bytes, in: folder, for: name, like: nil, displayPath: shown).create(name, displayPath: shown)
        }
        let snapshot = try FileSnapshot.read(name, in: folder, displayPath: shown)
        if let original, snapshot.bytes != original {
            throw FileError(path: shown, reason: "changed on disk meanwhile; nothing was written, run the command again")
        }
        guard snapshot.bytes != bytes else { return }
        try Replaceability.check(snapshot.info, name: name, in: folder, displayPath: shown)
        let replacement = try ReplacementFile.write(bytes, in: folder, for: name, like: (snapshot.info, name), displayPath: shown)
        guard try CheckedReplace.replace(replacement, over: snapshot, name: name, displayPath: shown) else {
            throw FileError(path: shown, reason: "changed on disk meanwhile; nothing was written, run the command again")
        }
    }

    /// A link whose target is written relative to its folder would lead elsewhere, or nowhere,
    /// from another folder: such a move is refused rather than leave a link that no longer
    /// reaches its book.
    private func checkLinkKeepsItsTarget(_ link: BookTarget, movedInto folderPath: String, displayPath: String) throws {
        let linkFolder = LibraryPath.split(link.relative).folder
        guard folderPath != linkFolder else { return }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlinkat(link.folder.descriptor, link.name, &buffer, buffer.count - 1)
        guard count >= 0 else { throw FileError.fromErrno(displayPath, "cannot read the link") }
        let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard !target.hasPrefix("/") else { return }
        let now = BookTarget.realPath(library.absolutePath(link.relative))
        let then = BookTarget.realPath(library.absolutePath(folderPath.isEmpty ? target : folderPath + "/" + target))
        guard now != nil, now == then else {
            throw FileError(path: displayPath, reason: "is a link to \(target), relative to its folder; moved to another folder it "
                + "would no longer lead to its book, so nothing was moved. "
                + "Rename it within its folder, or point it at an absolute path first")
        }
    }

    /// Reads the entry a removal or rename acts on and makes sure it is a book; returns what
    /// `lstat` said of it, to check it is still the same entry right before acting.
    private func checkIsBook(_ target: BookTarget, displayPath: String) throws -> stat {
        guard let info = target.folder.status(of: target.name) else { throw FileError(path: displayPath, reason: "no such file") }
        let bytes: [UInt8]
        if (info.st_mode & S_IFMT) == S_IFLNK {
            // A link: what it leads to must be a book, read where it is.
            bytes = try FileIO.read(library.absolutePath(target.relative))
        } else {
            bytes = try FileSnapshot.read(target.name, in: target.folder, displayPath: displayPath).bytes
        }
        let document = try BookBytes.parse(bytes, displayPath: displayPath)
        guard library.book(at: target.relative, in: document) != nil else {
            throw LibraryPath.NotABook(path: displayPath, reason: "has no front matter with a title, so it is not a book")
        }
        return info
    }
}

/// Renames that never replace what is already there.
enum FileRenaming {
    static func renameWithoutReplacing(
        from name: String, in source: OpenFolder, to newName: String, in destination: OpenFolder, displayPath: String
    ) throws(FileError) {
        #if os(Linux)
        if let renameat2 = renameWithFlags {
            if renameat2(source.descriptor, name, destination.descriptor, newName, 1) == 0 { return }
            if errno == EEXIST { throw FileError(path: displayPath, reason: "already exists; shelf never replaces a file") }
            // A file system without RENAME_NOREPLACE: fall back on link and unlink.
            guard errno == EINVAL || errno == ENOSYS || errno == ENOTSUP else { throw FileError.fromErrno(displayPath, "cannot rename to") }
        }
        #endif
        guard linkat(source.descriptor, name, destination.descriptor, newName, 0) == 0 else {
            throw FileError.fromErrno(displayPath, errno == EEXIST ? "already exists; shelf never replaces a file" : "cannot rename to")
        }
        guard unlinkat(source.descriptor, name, 0) == 0 else {
            let error = FileError.fromErrno(displayPath, "renamed, but cannot remove the old name")
            unlinkat(destination.descriptor, newName, 0)
            throw error
        }
    }

    #if os(Linux)
    /// glibc's `renameat2`, which the Swift Glibc module does not declare (it needs `_GNU_SOURCE`).
    static let renameWithFlags: (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32).self)
    }()
    #endif
}

extension LibraryWriter {
    /// Removes a temporary file shelf left behind when it was killed mid-write (`.shelf-*.tmp`),
    /// and nothing else: not a link, not a folder, not a file of any other name.
    func removeLeftover(_ relative: String) throws {
        let shown = display(relative)
        let (folderPath, name) = LibraryPath.split(relative)
        guard name.hasPrefix(AtomicFile.temporaryPrefix), name.hasSuffix(AtomicFile.temporarySuffix) else {
            throw LibraryPath.NotABook(path: shown, reason: "is not one of shelf's temporary files")
        }
        let folder = try OpenFolder.open(folderPath, below: library.root)
        guard let info = folder.status(of: name), (info.st_mode & S_IFMT) == S_IFREG else {
            throw FileError(path: shown, reason: "is not a regular file; left alone")
        }
        guard unlinkat(folder.descriptor, name, 0) == 0 else { throw FileError.fromErrno(shown, "cannot remove") }
        folder.sync()
    }
}

extension LibraryWriter {
    /// Removes a sync tool's conflict copy once it is merged, only while it still holds
    /// `bytes` (what was merged) and only if it is one: a regular file named as a conflict copy.
    func removeConflictCopy(_ relative: String, ifStill bytes: [UInt8]) throws {
        let shown = display(relative)
        guard ConflictCopy(path: relative) != nil else { throw LibraryPath.NotABook(path: shown, reason: "is not a sync conflict copy") }
        let (folderPath, name) = LibraryPath.split(relative)
        let folder = try OpenFolder.open(folderPath, below: library.root)
        let snapshot = try FileSnapshot.read(name, in: folder, displayPath: shown)
        guard snapshot.bytes == bytes else {
            throw FileError(path: shown, reason: "changed after it was merged; it is kept, run the command again")
        }
        let lock = FileLock(name: name, in: folder)
        defer { lock.release() }
        guard snapshot.isCurrent(name, in: folder, displayPath: shown) else {
            throw FileError(path: shown, reason: "changed after it was merged; it is kept, run the command again")
        }
        guard unlinkat(folder.descriptor, name, 0) == 0 else { throw FileError.fromErrno(shown, "cannot remove") }
        folder.sync()
    }

    /// Gives a conflict copy whose original is gone the original's name (never replacing a file).
    func restoreConflictCopy(_ relative: String, as original: String) throws {
        let shown = display(relative)
        guard ConflictCopy(path: relative) != nil else { throw LibraryPath.NotABook(path: shown, reason: "is not a sync conflict copy") }
        try LibraryPath.checkBookPath(original)
        let (folderPath, name) = LibraryPath.split(relative)
        let folder = try OpenFolder.open(folderPath, below: library.root)
        guard let info = folder.status(of: name), (info.st_mode & S_IFMT) == S_IFREG else {
            throw FileError(path: shown, reason: "is not a regular file; left alone")
        }
        let (targetFolderPath, targetName) = LibraryPath.split(original)
        let targetFolder = try OpenFolder.open(targetFolderPath, below: library.root)
        try FileRenaming.renameWithoutReplacing(from: name, in: folder, to: targetName, in: targetFolder, displayPath: display(original))
        targetFolder.sync()
        folder.sync()
    }
}
