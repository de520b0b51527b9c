#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Edits many book files as one batch (`tags rename` over a whole library).
///
/// Every file still goes from its old bytes to its new ones in one rename, only while it is
/// unchanged since it was read, and its new bytes reach the disk before the rename: what a batch
/// changes is how often shelf waits for the disk. `prepare` writes each new file beside its
/// book without waiting; `commit` flushes them all with one `syncfs` (a single journal commit
/// instead of one per file), renames each into place, and syncs each folder once.
public final class BookWriteBatch {
    private struct Pending {
        var path: String
        var displayPath: String
        var temporary: String
        var fingerprint: FileFingerprint
        var edits: [FieldEdit]
        /// The bytes of each edited key's entry as read (nil when absent), to tell whether
        /// someone else changed the same key meanwhile.
        var editedEntries: [String: [UInt8]?]
    }

    private let vocabulary: Vocabulary
    private var pending: [Pending] = []

    public init(vocabulary: Vocabulary = .standard) {
        self.vocabulary = vocabulary
    }

    /// The number of files waiting for `commit`.
    public var count: Int { pending.count }

    /// Reads and edits the file at `path` (absolute; a link is edited at its target) and writes
    /// its new bytes beside it. Nothing is replaced until `commit`.
    /// - Returns: `.unchanged` when the edits change nothing (no file is written), else `.written`.
    @discardableResult
    public func prepare(path linkOrPath: String, displayPath: String, edits: [FieldEdit]) throws -> BookWriter.Outcome {
        let path = URL(fileURLWithPath: linkOrPath).resolvingSymlinksInPath().path
        let (original, fingerprint) = try FileFingerprint.read(path)
        let document = try BookWriter.parse(original, displayPath: displayPath)
        let updated = try BookWriter.apply(edits, to: document, displayPath: displayPath, vocabulary: vocabulary)
        guard updated != original else { return .unchanged }
        let temporary = try AtomicFile.writeTemporary(near: path, bytes: updated, mode: AtomicFile.currentMode(path), sync: false)
        var editedEntries: [String: [UInt8]?] = [:]
        for key in edits.compactMap(\.key) {
            editedEntries[key] = BookWriter.valueBytes(of: key, in: document, vocabulary).map(Array.init)
        }
        pending.append(Pending(
            path: path, displayPath: displayPath, temporary: temporary, fingerprint: fingerprint, edits: edits,
            editedEntries: editedEntries))
        return .written
    }

    /// Puts every prepared file in place. A book that changed on disk since `prepare` is edited
    /// again on its new content, as `BookWriter.edit` does for one file.
    /// - Parameter done: called for each file, in order, with its outcome or error.
    public func commit(_ done: (_ displayPath: String, _ outcome: Result<BookWriter.Outcome, any Error>) -> Void) {
        let batch = pending
        pending = []
        flush(batch.map(\.temporary))
        var folders = Set<String>()
        for item in batch {
            if replaceIfUnchanged(item) {
                folders.insert(AtomicFile.folderOf(item.path))
                done(item.displayPath, .success(.written))
                continue
            }
            unlink(item.temporary)
            done(item.displayPath, Result { try redo(item) })
        }
        for folder in folders.sorted() {
            AtomicFile.syncFolder(of: folder + "/.")
        }
    }

    /// A book changed since `prepare`: the edits are made again on its new content, as
    /// `BookWriter.edit` does, unless someone else changed a key being edited.
    private func redo(_ item: Pending) throws -> BookWriter.Outcome {
        let (current, _) = try FileFingerprint.read(item.path)
        let document = try BookWriter.parse(current, displayPath: item.displayPath)
        for (key, entry) in item.editedEntries
        where BookWriter.valueBytes(of: key, in: document, vocabulary).map(Array.init) != entry {
            throw EditError.changedOnDisk(path: item.displayPath, key: key)
        }
        return try BookWriter.edit(path: item.path, displayPath: item.displayPath, edits: item.edits, vocabulary: vocabulary)
    }

    /// Removes the prepared files without replacing anything.
    public func discard() {
        for item in pending { unlink(item.temporary) }
        pending = []
    }

    /// Renames the new file over the book if the book is still what was read, under the lock
    /// other shelf processes take.
    private func replaceIfUnchanged(_ item: Pending) -> Bool {
        let lock = FileLock(path: item.path)
        defer { lock.release() }
        guard let current = try? FileFingerprint.read(item.path), current.fingerprint == item.fingerprint else { return false }
        return rename(item.temporary, item.path) == 0
    }

    /// Makes the new files' bytes durable before any of them is renamed into place.
    private func flush(_ files: [String]) {
        #if os(Linux)
        // One syncfs per file system flushes everything at once; the files of one library
        // share a file system, so this is usually a single call.
        var synced = Set<UInt64>()
        for file in files {
            var info = stat()
            guard stat(file, &info) == 0, synced.insert(UInt64(info.st_dev)).inserted else { continue }
            let descriptor = open(file, O_RDONLY | O_CLOEXEC)
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

    private func fsyncEach(_ files: [String]) {
        for file in files {
            let descriptor = open(file, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            _ = fsync(descriptor)
            close(descriptor)
        }
    }

    deinit { discard() }
}
