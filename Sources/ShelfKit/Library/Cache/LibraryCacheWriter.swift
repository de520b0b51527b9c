#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a load found for one file, for the next cache.
enum CacheRecord: Sendable {
    /// The old cache's entry still holds: its bytes are copied as they are.
    case kept(Int)
    /// Read from the file now: its stamp, encoded folded tags and book (both empty for a file
    /// that is not a book), and its encoded note words when they were read.
    case fresh(FileStamp, isBook: Bool, tags: [UInt8], book: [UInt8], notes: [UInt8]?)
}

/// Writes a library's cache file: to a temporary file beside it, then renamed over it, so a
/// reader sees the old file or the new one, never a mix. The cache can always be made again, so
/// it is not synced to disk; a file damaged by a crash fails its checksum and is ignored.
enum LibraryCacheWriter {
    /// Writes `records` (in path order, nil for a file not to record).
    static func write(paths: [String], records: [CacheRecord?], old: LibraryCache?, to location: LibraryCacheLocation) {
        let oldNotes = records.contains { if case .kept(let index) = $0 { return old?.entries[index].notes != nil } else { return false } }
            ? old?.notesStorage() : nil
        var main = CacheByteWriter()
        var notes = CacheByteWriter()
        main.string(location.root)
        main.count(records.reduce(0) { $0 + ($1 == nil ? 0 : 1) })
        for (path, record) in zip(paths, records) {
            switch record {
            case .none:
                continue
            case .kept(let index):
                guard let old else { continue }
                let entry = old.entries[index]
                var noteBytes: UnsafeRawBufferPointer?
                if let range = entry.notes, let oldNotes, range.upperBound <= oldNotes.bytes.count {
                    noteBytes = UnsafeRawBufferPointer(rebasing: oldNotes.bytes[range])
                }
                appendEntry(
                    path: path, stamp: entry.stamp, isBook: entry.isBook,
                    tags: UnsafeRawBufferPointer(rebasing: old.main.bytes[entry.tags]),
                    book: UnsafeRawBufferPointer(rebasing: old.main.bytes[entry.book]), notes: noteBytes,
                    main: &main, notesSection: &notes)
            case .fresh(let stamp, let isBook, let tags, let book, let noteBytes):
                tags.withUnsafeBytes { tagBytes in
                    book.withUnsafeBytes { bookBytes in
                        if let noteBytes {
                            noteBytes.withUnsafeBytes {
                                appendEntry(path: path, stamp: stamp, isBook: isBook, tags: tagBytes, book: bookBytes, notes: $0,
                                            main: &main, notesSection: &notes)
                            }
                        } else {
                            appendEntry(path: path, stamp: stamp, isBook: isBook, tags: tagBytes, book: bookBytes, notes: nil,
                                        main: &main, notesSection: &notes)
                        }
                    }
                }
            }
        }
        var header = CacheByteWriter()
        header.word(LibraryCache.magic)
        header.word(LibraryCache.formatVersion)
        header.word(location.identity)
        header.word(UInt64(main.bytes.count))
        header.word(main.bytes.withUnsafeBytes { CacheChecksum.of($0) })
        header.word(UInt64(notes.bytes.count))
        header.word(notes.bytes.withUnsafeBytes { CacheChecksum.of($0) })
        save([header.bytes, main.bytes, notes.bytes], to: location.file)
    }

    private static func appendEntry(
        path: String, stamp: FileStamp, isBook: Bool, tags: UnsafeRawBufferPointer, book: UnsafeRawBufferPointer,
        notes: UnsafeRawBufferPointer?, main: inout CacheByteWriter, notesSection: inout CacheByteWriter
    ) {
        main.string(path)
        for word in [stamp.device, stamp.inode, UInt64(bitPattern: stamp.size),
                     UInt64(bitPattern: stamp.modified), UInt64(bitPattern: stamp.changed)] {
            main.word(word)
        }
        main.byte((isBook ? 1 : 0) | (notes == nil ? 0 : 2))
        main.count(tags.count)
        main.raw(tags)
        main.count(book.count)
        main.raw(book)
        if let notes {
            main.word(UInt64(notesSection.bytes.count))
            main.word(UInt64(notes.count))
            notesSection.raw(notes)
        }
    }

    /// Writes the parts to a new file beside `file` and renames it over `file`; any failure
    /// leaves the old cache (or none), which is only slower, never wrong.
    private static func save(_ parts: [[UInt8]], to file: String) {
        guard let slash = file.lastIndex(of: "/") else { return }
        let folder = String(file[..<slash])
        makeFolder(folder)
        let temporary = folder + "/.tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).cache"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        var written = true
        for part in parts where written {
            written = part.withUnsafeBytes { FileIO.writeAll($0, to: descriptor) }
        }
        if close(descriptor) != 0 { written = false }
        if !written || rename(temporary, file) != 0 { unlink(temporary) }
    }

    /// Makes `folder` and its parents, private to the user (the cache holds the library's metadata).
    private static func makeFolder(_ folder: String) {
        var path = ""
        for part in folder.split(separator: "/", omittingEmptySubsequences: true) {
            path += "/" + part
            _ = mkdir(path, 0o700)
        }
    }
}
