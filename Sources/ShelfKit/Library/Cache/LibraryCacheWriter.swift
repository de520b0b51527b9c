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
        var notes = CacheByteWriter()
        var books = CacheByteWriter()
        let count = records.reduce(0) { $0 + ($1 == nil ? 0 : 1) }
        // The root, the count, where the listing starts, then (at a multiple of eight) the table
        // of fixed-width records, the parts they point to, and the listing.
        var prefix = CacheByteWriter()
        prefix.string(location.root)
        prefix.count(count)
        let listingWord = prefix.bytes.count
        prefix.word(0)
        while prefix.bytes.count % 8 != 0 { prefix.byte(0) }
        var table: [UInt8] = []
        table.reserveCapacity(count * CacheEntryTable.recordSize)
        var parts = EntryWriter(base: prefix.bytes.count + count * CacheEntryTable.recordSize)
        // About the old sizes, so that the arrays are not copied again and again as they grow.
        let fresh = records.reduce(0) { count, record in if case .fresh = record { return count + 1 } else { return count } }
        parts.variable.bytes.reserveCapacity((old?.main.bytes.count ?? 0) + fresh * 512)
        notes.bytes.reserveCapacity((oldNotes?.bytes.count ?? 0) + fresh * 2048)
        books.bytes.reserveCapacity((old?.books.bytes.count ?? 0) + fresh * 1024)
        for (position, (path, record)) in zip(paths, records).enumerated() {
            withParts(record, old: old, oldNotes: oldNotes) { entry in
                parts.append(path: path, entry, titleRank: ranks[position], table: &table, notesSection: &notes, books: &books)
            }
        }
        guard table.count == count * CacheEntryTable.recordSize else { return nil }
        var listingBytes = CacheByteWriter()
        CacheListing.encode(listing, into: &listingBytes)
        let listingStart = prefix.bytes.count + table.count + parts.variable.bytes.count
        // Offsets in the main section are 32-bit.
        guard listingStart + listingBytes.bytes.count < Int(UInt32.max) else { return nil }
        withUnsafeBytes(of: UInt64(listingStart).littleEndian) { word in
            for (offset, byte) in word.enumerated() { prefix.bytes[listingWord + offset] = byte }
        }
        let main = prefix.bytes + table + parts.variable.bytes + listingBytes.bytes
        var header = CacheByteWriter()
        header.word(LibraryCache.magic)
        header.word(LibraryCache.formatVersion)
        header.word(location.identity)
        header.word(UInt64(main.count))
        header.word(main.withUnsafeBytes { CacheChecksum.ofSection($0) })
        header.word(UInt64(notes.bytes.count))
        // Each entry's note words carry their own checksum (checked when they are read), so that
        // a query reads only the notes of the books it looks into; this word is unused.
        header.word(0)
        header.word(UInt64(books.bytes.count))
        guard save([header.bytes, main, notes.bytes, books.bytes], to: location.file) else { return nil }
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

    /// Appends entries: each one's parts to the main section's variable area (and its book and
    /// note words to their sections), and its record to the table.
    private struct EntryWriter {
        /// Where the variable area starts in the main section.
        let base: Int
        var variable = CacheByteWriter()

        mutating func append(
            path: String, _ parts: EntryParts, titleRank: UInt32, table: inout [UInt8], notesSection: inout CacheByteWriter,
            books: inout CacheByteWriter
        ) {
            func put(_ bytes: UnsafeRawBufferPointer) -> Range<Int> {
                let start = base + variable.bytes.count
                variable.raw(bytes)
                return start..<start + bytes.count
            }
            var pathText = path
            let pathRange = pathText.withUTF8 { put(UnsafeRawBufferPointer($0)) }
            let tags = put(parts.tags)
            let columns = put(parts.columns)
            let words = put(parts.words)
            let bloomStart = base + variable.bytes.count
            if let bloom = parts.bloom, bloom.count == WordBloom.byteCount {
                variable.raw(bloom)
            } else {
                variable.bytes += WordBloom.make([parts.words] + (parts.notes.map { [$0] } ?? []))
            }
            let book = books.bytes.count..<books.bytes.count + parts.book.count
            books.raw(parts.book)
            var notes = 0..<0
            if let noteBytes = parts.notes {
                notes = notesSection.bytes.count..<notesSection.bytes.count + noteBytes.count
                notesSection.raw(noteBytes)
            }
            CacheEntryTable.appendRecord(
                path: pathRange, stamp: parts.stamp, kind: (parts.isBook ? 1 : 0) | (parts.notes == nil ? 0 : 2), tags: tags,
                columns: columns, words: words, titleRank: titleRank, bloomStart: bloomStart, book: book,
                bookChecksum: CacheChecksum.ofSection(parts.book), notes: notes,
                notesChecksum: parts.notes.map(CacheChecksum.ofSection) ?? 0, to: &table)
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
