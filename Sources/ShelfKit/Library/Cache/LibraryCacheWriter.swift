#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a load found for one file, for the next cache.
enum CacheRecord: Sendable {
    /// The old cache's entry still holds: its bytes are copied as they are.
    case kept(Int)
    /// Read from the file now: its stamp, encoded folded tags, columns, words and book (all empty for a
    /// file that is not a book), and its encoded note words when they were read.
    case fresh(FileStamp, isBook: Bool, tags: [UInt8], columns: [UInt8], words: [UInt8], book: [UInt8], notes: [UInt8]?)
}

/// Writes a library's cache file: to a temporary file beside it, then renamed over it, so a
/// reader sees the old file or the new one, never a mix. The cache can always be made again, so
/// it is not synced to disk; a file damaged by a crash fails its checksum and is ignored.
enum LibraryCacheWriter {
    /// One entry's bytes, wherever they lie (the old cache's storage or a fresh record).
    private struct EntryParts {
        var stamp: FileStamp
        var isBook: Bool
        var tags: UnsafeRawBufferPointer
        var columns: UnsafeRawBufferPointer
        var words: UnsafeRawBufferPointer
        /// The entry's `WordBloom`, as the old cache recorded it; nil to make it from the words.
        var bloom: UnsafeRawBufferPointer?
        var book: UnsafeRawBufferPointer
        var notes: UnsafeRawBufferPointer?
    }

    /// Writes `records` (in path order, nil for a file not to record) and the folders' `listing`;
    /// returns the cache written, as a reader of the file would see it, or nil when it could not
    /// be written.
    @discardableResult
    static func write(
        paths: [String], records: [CacheRecord?], old: LibraryCache?, listing: CacheListing?, to location: LibraryCacheLocation
    ) -> LibraryCache? {
        let oldNotes = records.contains { if case .kept(let index) = $0 { return old?.entries[index].notes != nil } else { return false } }
            ? old?.notesStorage() : nil
        var ranks = [UInt32](repeating: 0, count: records.count)
        var keys: [(position: Int, key: String)] = []
        keys.reserveCapacity(records.count)
        for position in records.indices {
            withParts(records[position], old: old, oldNotes: oldNotes) { parts in
                guard parts.isBook, let columns = EntryColumns(parts.columns) else { return }
                keys.append((position, String(decoding: columns.titleKey, as: UTF8.self)))
            }
        }
        // Ordered as `BookSortKey.sort` orders title keys (String comparison), so that any subset
        // of books sorted by rank is in the order that sort gives it.
        keys.sort { $0.key < $1.key }
        var rank: UInt32 = 0
        for (order, item) in keys.enumerated() {
            if order > 0, keys[order - 1].key != item.key { rank += 1 }
            ranks[item.position] = rank
        }
        var main = CacheByteWriter()
        var notes = CacheByteWriter()
        var books = CacheByteWriter()
        // About the old sizes, so that the arrays are not copied again and again as they grow.
        let fresh = records.reduce(0) { count, record in if case .fresh = record { return count + 1 } else { return count } }
        main.bytes.reserveCapacity((old?.main.bytes.count ?? 0) + fresh * 512)
        notes.bytes.reserveCapacity((oldNotes?.bytes.count ?? 0) + fresh * 2048)
        books.bytes.reserveCapacity((old?.books.bytes.count ?? 0) + fresh * 1024)
        main.string(location.root)
        main.count(records.reduce(0) { $0 + ($1 == nil ? 0 : 1) })
        for (position, (path, record)) in zip(paths, records).enumerated() {
            withParts(record, old: old, oldNotes: oldNotes) { parts in
                appendEntry(path: path, parts: parts, titleRank: ranks[position], main: &main, notesSection: &notes, books: &books)
            }
        }
        CacheListing.encode(listing, into: &main)
        var header = CacheByteWriter()
        header.word(LibraryCache.magic)
        header.word(LibraryCache.formatVersion)
        header.word(location.identity)
        header.word(UInt64(main.bytes.count))
        header.word(main.bytes.withUnsafeBytes { CacheChecksum.ofSection($0) })
        header.word(UInt64(notes.bytes.count))
        // Each entry's note words carry their own checksum (checked when they are read), so that
        // a query reads only the notes of the books it looks into; this word is unused.
        header.word(0)
        header.word(UInt64(books.bytes.count))
        guard save([header.bytes, main.bytes, notes.bytes, books.bytes], to: location.file) else { return nil }
        return LibraryCache.read(location, withNotes: false)
    }

    /// Calls `body` with the bytes of `record`'s entry; not at all for a file not to record.
    private static func withParts(
        _ record: CacheRecord?, old: LibraryCache?, oldNotes: CacheStorage?, _ body: (EntryParts) -> Void
    ) {
        switch record {
        case .none:
            return
        case .kept(let index):
            guard let old else { return }
            let entry = old.entries[index]
            var noteBytes: UnsafeRawBufferPointer?
            if let range = entry.notes, let oldNotes, range.upperBound <= oldNotes.bytes.count {
                noteBytes = UnsafeRawBufferPointer(rebasing: oldNotes.bytes[range])
            }
            let bytes = old.main.bytes
            body(EntryParts(
                stamp: entry.stamp, isBook: entry.isBook, tags: UnsafeRawBufferPointer(rebasing: bytes[entry.tags]),
                columns: UnsafeRawBufferPointer(rebasing: bytes[entry.columns]),
                words: UnsafeRawBufferPointer(rebasing: bytes[entry.words]),
                bloom: UnsafeRawBufferPointer(rebasing: bytes[entry.bloom]),
                book: entry.book.upperBound <= old.books.bytes.count
                    ? UnsafeRawBufferPointer(rebasing: old.books.bytes[entry.book]) : UnsafeRawBufferPointer(start: nil, count: 0),
                notes: noteBytes))
        case .fresh(let stamp, let isBook, let tags, let columns, let words, let book, let noteBytes):
            tags.withUnsafeBytes { tagBytes in
                columns.withUnsafeBytes { columnBytes in
                    words.withUnsafeBytes { wordBytes in
                        book.withUnsafeBytes { bookBytes in
                            let parts = EntryParts(
                                stamp: stamp, isBook: isBook, tags: tagBytes, columns: columnBytes, words: wordBytes, bloom: nil,
                                book: bookBytes, notes: nil)
                            guard let noteBytes else { return body(parts) }
                            noteBytes.withUnsafeBytes { noteBuffer in
                                var withNotes = parts
                                withNotes.notes = noteBuffer
                                body(withNotes)
                            }
                        }
                    }
                }
            }
        }
    }

    private static func appendEntry(
        path: String, parts: EntryParts, titleRank: UInt32, main: inout CacheByteWriter, notesSection: inout CacheByteWriter,
        books: inout CacheByteWriter
    ) {
        main.string(path)
        main.stamp(parts.stamp)
        main.byte((parts.isBook ? 1 : 0) | (parts.notes == nil ? 0 : 2))
        main.count(parts.tags.count)
        main.raw(parts.tags)
        main.count(parts.columns.count)
        main.raw(parts.columns)
        main.word(UInt64(titleRank))
        main.count(parts.words.count)
        main.raw(parts.words)
        main.word(UInt64(books.bytes.count))
        main.word(UInt64(parts.book.count))
        main.word(CacheChecksum.ofSection(parts.book))
        books.raw(parts.book)
        if let bloom = parts.bloom, bloom.count == WordBloom.byteCount {
            main.raw(bloom)
        } else {
            main.bytes += WordBloom.make([parts.words] + (parts.notes.map { [$0] } ?? []))
        }
        if let notes = parts.notes {
            main.word(UInt64(notesSection.bytes.count))
            main.word(UInt64(notes.count))
            main.word(CacheChecksum.ofSection(notes))
            notesSection.raw(notes)
        }
    }

    /// Writes the parts to a new file beside `file` and renames it over `file`; any failure
    /// leaves the old cache (or none), which is only slower, never wrong.
    private static func save(_ parts: [[UInt8]], to file: String) -> Bool {
        guard let slash = file.lastIndex(of: "/") else { return false }
        let folder = String(file[..<slash])
        makeFolder(folder)
        let temporary = folder + "/.tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).cache"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        var written = true
        for part in parts where written {
            written = part.withUnsafeBytes { FileIO.writeAll($0, to: descriptor) }
        }
        if close(descriptor) != 0 { written = false }
        if !written || rename(temporary, file) != 0 {
            unlink(temporary)
            return false
        }
        return true
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
