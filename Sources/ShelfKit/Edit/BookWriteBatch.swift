#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Edits many book files as one batch (`tags rename` over a whole library).
///
/// Every file still goes from its old bytes to its new ones in one rename, only while it is
/// unchanged since it was read, and its new bytes reach the disk before the rename: what a batch
/// changes is how often shelf waits for the disk. `prepare` writes each new file beside its
/// book without waiting; `commit` flushes them all with one `syncfs` (a single journal commit
/// instead of one per file), renames each into place, and syncs each folder once.
final class BookWriteBatch {
    private struct Pending {
        var relative: String
        var target: BookTarget
        var snapshot: FileSnapshot
        var replacement: ReplacementFile
        var edits: [FieldEdit]
        /// The bytes of each edited key's entry as read (nil when absent), to tell whether
        /// someone else changed the same key meanwhile.
        var editedEntries: [String: [UInt8]?]
    }

    private let writer: LibraryWriter
    private var pending: [Pending] = []
    private let folders = OpenFolders()
    /// Test hook: called for each file between its last check and its rename.
    var afterCheck: (() -> Void)?

    /// A batch of edits to books of `writer`'s library, through the same checks as one edit.
    public init(writer: LibraryWriter) {
        self.writer = writer
    }

    /// The number of files waiting for `commit`.
    public var count: Int { pending.count }

    /// Reads and edits the book at `relative` (a link is edited at its target) and writes its
    /// new bytes beside it. Nothing is replaced until `commit`.
    /// - Returns: `.unchanged` when the edits change nothing (no file is written), else `.written`.
    @discardableResult
    func prepare(_ relative: String, edits: [FieldEdit]) throws -> LibraryWriter.Outcome {
        let target = try BookTarget.resolve(relative, in: writer.library, followLink: true, folders: folders)
        let shown = writer.display(relative)
        let snapshot = try FileSnapshot.read(target.name, in: target.folder, displayPath: shown)
        let document = try writer.readBook(snapshot, path: target.relative, displayPath: shown)
        let updated = try writer.apply(edits, to: document, displayPath: shown, force: false)
        guard updated != snapshot.bytes else { return .unchanged }
        try Replaceability.check(snapshot.info, name: target.name, in: target.folder, displayPath: shown)
        let replacement = try ReplacementFile.write(
            updated, in: target.folder, for: target.name, like: (snapshot.info, target.name), displayPath: shown, sync: false)
        var editedEntries: [String: [UInt8]?] = [:]
        for key in edits.compactMap(\.key) {
            editedEntries[key] = writer.valueBytes(of: key, in: document).map(Array.init)
        }
        pending.append(Pending(
            relative: relative, target: target, snapshot: snapshot, replacement: replacement, edits: edits,
            editedEntries: editedEntries))
        return .written
    }

    /// Puts every prepared file in place. A book that changed on disk since `prepare` is edited
    /// again on its new content, as `LibraryWriter.edit` does for one file.
    /// - Parameter done: called for each file, in order, with its outcome or error.
    public func commit(_ done: (_ relative: String, _ outcome: Result<LibraryWriter.Outcome, any Error>) -> Void) {
        let batch = pending
        pending = []
        flush(batch.map { ($0.replacement.folder.descriptor, $0.replacement.name) })
        var synced = Set<String>()
        for item in batch {
            let shown = writer.display(item.relative)
            do {
                if try CheckedReplace.replace(
                    item.replacement, over: item.snapshot, name: item.target.name, displayPath: shown, sync: false, afterCheck: afterCheck
                ) {
                    if synced.insert(item.target.folder.relative).inserted { item.target.folder.sync() }
                    done(item.relative, .success(.written))
                    continue
                }
            } catch {
                // The rename failed, or it put aside a version another program had changed,
                // which is kept where the error says.
                item.target.folder.sync()
                done(item.relative, .failure(error))
                continue
            }
            item.replacement.discard()
            done(item.relative, Result { try redo(item) })
        }
    }

    /// A book changed since `prepare`: the edits are made again on its new content, unless
    /// someone else changed a key being edited.
    private func redo(_ item: Pending) throws -> LibraryWriter.Outcome {
        let shown = writer.display(item.relative)
        let current = try FileSnapshot.read(item.target.name, in: item.target.folder, displayPath: shown)
        let document = try writer.readBook(current, path: item.target.relative, displayPath: shown)
        for (key, entry) in item.editedEntries where writer.valueBytes(of: key, in: document).map(Array.init) != entry {
            throw EditError.changedOnDisk(path: shown, key: key)
        }
        return try writer.edit(item.relative, edits: item.edits)
    }

    /// Removes the prepared files without replacing anything.
    func discard() {
        for item in pending { item.replacement.discard() }
        pending = []
    }

    /// Makes the new files' bytes durable before any of them is renamed into place.
    private func flush(_ files: [(folder: Int32, name: String)]) {
        #if os(Linux)
        // One syncfs per file system flushes everything at once; the files of one library
        // share a file system, so this is usually a single call.
        var synced = Set<UInt64>()
        for file in files {
            var info = stat()
            guard fstatat(file.folder, file.name, &info, AT_SYMLINK_NOFOLLOW) == 0, synced.insert(UInt64(info.st_dev)).inserted else { continue }
            let descriptor = openat(file.folder, file.name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            if BookWriteBatch.syncFileSystem?(descriptor) != 0 { fsyncEach(files) }
            close(descriptor)
        }
        #else
        fsyncEach(files)
        #endif
    }

    #if os(Linux)
    /// glibc's `syncfs`, which the Swift Glibc module does not declare (it needs `_GNU_SOURCE`).
    private static let syncFileSystem: (@convention(c) (Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
    }()
    #endif

    private func fsyncEach(_ files: [(folder: Int32, name: String)]) {
        for file in files {
            let descriptor = openat(file.folder, file.name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            _ = fsync(descriptor)
            close(descriptor)
        }
    }

    deinit { discard() }
}
