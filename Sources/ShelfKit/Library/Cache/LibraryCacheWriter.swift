#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a library's cache file: to a temporary file beside it, then renamed over it, so a
/// reader sees the old file or the new one, never a mix. The cache can always be made again, so
/// it is not synced to disk; a file damaged by a crash fails its checksum and is ignored.
enum LibraryCacheWriter {
    /// One entry's bytes, wherever they lie (the old cache's storage, a fresh record, a spill
    /// file), with the checksums of its book and note words.
    struct EntryParts {
        var stamp: FileStamp
        var isBook: Bool
        var tags: UnsafeRawBufferPointer
        var columns: UnsafeRawBufferPointer
        var words: UnsafeRawBufferPointer
        var bloom: UnsafeRawBufferPointer
        var book: Part
        var notes: Part?
    }

    /// Writes `records` (in path order, nil for a file not to record) and the folders' `listing`;
    /// returns the cache written, as a reader of the file would see it, or nil when it could not
    /// be written.
    @discardableResult
    static func write(
        paths: [String], records: [CacheRecord?], old: LibraryCache?, listing: CacheListing?, to location: LibraryCacheLocation
    ) -> LibraryCache? {
        let oldNotes =
            records.contains { if case .kept(let index) = $0 { return old?.entries[index].notes != nil } else { return false } }
            ? old?.notesStorage() : nil
        var sizes = PartSizes()
        let ranks = titleRanks(records, paths: paths, old: old, oldNotes: oldNotes, sizes: &sizes)
        let count = records.reduce(0) { $0 + ($1 == nil ? 0 : 1) }
        // The main section: the root, the count, where the listing starts, then (at a multiple of
        // eight) the table of fixed-width records, the parts they point to, and the listing.
        var main = CacheByteWriter()
        main.string(location.root)
        main.count(count)
        let listingWord = main.bytes.count
        main.word(0)
        while main.bytes.count % 8 != 0 { main.byte(0) }
        let tableStart = main.bytes.count
        // About the old size, so that the array is not copied again and again as it grows.
        let fresh = records.reduce(0) { count, record in if case .fresh = record { return count + 1 } else { return count } }
        main.bytes.reserveCapacity((old?.main.bytes.count ?? 0) + fresh * 800 + tableStart)
        main.bytes += repeatElement(0, count: count * CacheEntryTable.recordSize)
        // Each kind of part of every entry together, in entry order: all the paths, then all the
        // tags, and so on. A query reads one or two kinds of part of every entry (the paths for
        // the stat of every file, the tags or columns it narrows by), and in title order the
        // paths of thousands: together they take a few hundred pages rather than all of them,
        // and are read from cache rather than from memory. Their sizes, summed as the title
        // ranks were found, place each kind's run, so the records are gone through once.
        var entries = EntryWriter(tableStart: tableStart, partsStart: main.bytes.count, sizes: sizes)
        main.bytes += repeatElement(0, count: sizes.total)
        var placed = true
        for (position, record) in records.enumerated() where placed {
            withParts(record, old: old, oldNotes: oldNotes) { entry in
                placed = entries.append(entry, path: paths[position], titleRank: ranks[position], main: &main)
            }
        }
        guard placed, entries.written == count else { return nil }
        let listingStart = main.bytes.count
        CacheListing.encode(listing, into: &main)
        // Offsets in the main section are 32-bit.
        guard main.bytes.count < Int(UInt32.max) else { return nil }
        withUnsafeBytes(of: UInt64(listingStart).littleEndian) { word in
            for (offset, byte) in word.enumerated() { main.bytes[listingWord + offset] = byte }
        }
        var header = CacheByteWriter()
        header.word(LibraryCache.magic)
        header.word(LibraryCache.formatVersion)
        header.word(location.identity)
        header.word(UInt64(main.bytes.count))
        header.word(main.bytes.withUnsafeBytes { CacheChecksum.ofSection($0) })
        header.word(UInt64(entries.notesSize))
        // Each entry's note words carry their own checksum (checked when they are read), so that
        // a query reads only the notes of the books it looks into; this word is unused.
        header.word(0)
        header.word(UInt64(entries.booksSize))
        // The note words and the books are written from the records as they lie, never gathered
        // into one more copy: at 100,000 books that copy was most of a first query's memory.
        let saved = save([header.bytes, main.bytes], to: location.file) { stream in
            for wantsNotes in [true, false] {
                for record in records {
                    var written = true
                    withParts(record, old: old, oldNotes: oldNotes) { entry in
                        guard let part = wantsNotes ? entry.notes : entry.book else { return }
                        written = stream.write(part)
                    }
                    guard written else { return false }
                }
            }
            return true
        }
        // Freed before the file is mapped back: the two would otherwise be in memory at once.
        main = CacheByteWriter()
        guard let saved else { return nil }
        // Mapped back without checksumming the main section again, when the file at the name is
        // still the one just written: same device, inode, size and modification time (another
        // process may have put its own there since, or rewritten it in place).
        return LibraryCache.read(location, withNotes: false, writtenAs: saved)
    }

    /// The title ranks of `records`' books (zero for the others), in the order of their title keys.
    /// Also sums the sizes of the parts that lie in runs (`sizes`).
    private static func titleRanks(
        _ records: [CacheRecord?], paths: [String], old: LibraryCache?, oldNotes: CacheStorage?, sizes: inout PartSizes
    ) -> [UInt32] {
        var ranks = [UInt32](repeating: 0, count: records.count)
        // Every key's bytes in one array, rather than a string each.
        var keyBytes: [UInt8] = []
        var keys: [TitleKey] = []
        keys.reserveCapacity(records.count)
        for position in records.indices {
            withParts(records[position], old: old, oldNotes: oldNotes) { parts in
                sizes.add(parts, path: paths[position])
                guard parts.isBook, let columns = EntryColumns(parts.columns) else { return }
                let start = keyBytes.count
                keyBytes += columns.titleKey
                keys.append(
                    TitleKey(
                        position: position, start: start, count: columns.titleKey.count,
                        isASCII: !columns.titleKey.contains { $0 >= 0x80 }))
            }
        }
        keyBytes.withUnsafeBufferPointer { bytes in
            // Ordered as `BookSortKey.sort` orders title keys (String comparison), so that any
            // subset of books sorted by rank is in the order that sort gives it.
            keys.sort { $0.precedes($1, in: bytes) }
            var rank: UInt32 = 0
            for (order, key) in keys.enumerated() {
                if order > 0, !keys[order - 1].equals(key, in: bytes) { rank += 1 }
                ranks[key.position] = rank
            }
        }
        return ranks
    }

    /// Where a book's title key lies among all the keys' bytes.
    private struct TitleKey {
        var position: Int
        var start: Int
        var count: Int
        var isASCII: Bool

        /// `String` order: for two ASCII keys that is the order of their bytes; any other pair
        /// is compared as strings (by canonical equivalence), as the sort of books does.
        func precedes(_ other: TitleKey, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard isASCII, other.isASCII else { return text(in: bytes) < other.text(in: bytes) }
            let common = min(count, other.count)
            guard common > 0, let base = bytes.baseAddress else { return count < other.count }
            let order = memcmp(base + start, base + other.start, common)
            return order != 0 ? order < 0 : count < other.count
        }

        func equals(_ other: TitleKey, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard isASCII, other.isASCII else { return text(in: bytes) == other.text(in: bytes) }
            guard count == other.count else { return false }
            guard count > 0, let base = bytes.baseAddress else { return true }
            return memcmp(base + start, base + other.start, count) == 0
        }

        private func text(in bytes: UnsafeBufferPointer<UInt8>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<start + count]), as: UTF8.self)
        }
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
            var notes: Part?
            if let range = entry.notes, let oldNotes, range.upperBound <= oldNotes.bytes.count {
                notes = Part(UnsafeRawBufferPointer(rebasing: oldNotes.bytes[range]), checksum: entry.notesChecksum)
            }
            body(keptParts(entry, of: old, bloom: UnsafeRawBufferPointer(rebasing: old.main.bytes[entry.bloom]), notes: notes))
        case .keptAddingNotes(let added):
            guard let old else { return }
            added.bloom.withUnsafeBytes { bloom in
                added.notes.withMemory { notes in
                    body(keptParts(old.entries[added.entry], of: old, bloom: bloom, notes: Part(added.notes, memory: notes)))
                }
            }
        case .fresh(let fresh):
            fresh.small.withUnsafeBytes { small in
                fresh.book.withMemory { book in
                    fresh.notes.withMemory { notes in
                        body(
                            EntryParts(
                                stamp: fresh.stamp, isBook: fresh.isBook, tags: UnsafeRawBufferPointer(rebasing: small[fresh.tags]),
                                columns: UnsafeRawBufferPointer(rebasing: small[fresh.columns]),
                                words: UnsafeRawBufferPointer(rebasing: small[fresh.words]),
                                bloom: UnsafeRawBufferPointer(rebasing: small[fresh.bloom]), book: Part(fresh.book, memory: book),
                                notes: fresh.notes.map { Part($0, memory: notes) }))
                    }
                }
            }
        }
    }

    /// The parts of an old entry, copied as they are, with `bloom` and `notes` as given.
    private static func keptParts(
        _ entry: LibraryCache.Entry, of old: LibraryCache, bloom: UnsafeRawBufferPointer, notes: Part?
    ) -> EntryParts {
        let bytes = old.main.bytes
        let book =
            entry.book.upperBound <= old.books.bytes.count
            ? UnsafeRawBufferPointer(rebasing: old.books.bytes[entry.book]) : UnsafeRawBufferPointer(start: nil, count: 0)
        return EntryParts(
            stamp: entry.stamp, isBook: entry.isBook, tags: UnsafeRawBufferPointer(rebasing: bytes[entry.tags]),
            columns: UnsafeRawBufferPointer(rebasing: bytes[entry.columns]),
            words: UnsafeRawBufferPointer(rebasing: bytes[entry.words]),
            bloom: bloom, book: Part(book, checksum: entry.bookChecksum), notes: notes)
    }

    /// Writes the parts, then what `rest` streams, to a new file beside `file` and renames it over
    /// `file`; any failure leaves the old cache (or none), which is only slower, never wrong.
    /// Writes `parts`, then what `rest` streams, to a new file put in place of `file`; the
    /// written file's stamp, or nil when it could not be written.
    private static func save(
        _ parts: [[UInt8]], to file: String, then rest: (inout SectionStream) -> Bool
    ) -> FileStamp? {
        guard let slash = file.lastIndex(of: "/") else { return nil }
        let folder = String(file[..<slash])
        makeFolder(folder)
        let temporary = folder + "/.tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).cache"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        var written = true
        for part in parts where written {
            written = part.withUnsafeBytes { FileIO.writeAll($0, to: descriptor) }
        }
        var stream = SectionStream(descriptor: descriptor)
        written = written && rest(&stream) && stream.flush()
        var info = stat()
        if fstat(descriptor, &info) != 0 { written = false }
        if close(descriptor) != 0 { written = false }
        if !written || rename(temporary, file) != 0 {
            unlink(temporary)
            return nil
        }
        return FileStamp(info)
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
