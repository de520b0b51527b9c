/// The cache's entries as fixed-width records in the mapped main section, read where they lie:
/// opening an index costs a check of each record's bounds, not the decoding of every entry into
/// memory (which, at 100,000 books, took longer than the `stat` of every file).
///
/// A record, little-endian (offsets are in the main section, except the book's and the notes',
/// which are in their own sections and checked when read; docs/index-format.md has the whole file):
///
/// | at | what |
/// | ---: | --- |
/// | 0 | path: start, length (`UInt32` each) |
/// | 8 | stamp: device, inode, size, modified, changed (`UInt64` each) |
/// | 48 | kind (`UInt32`): 1 a book, 2 with note words |
/// | 52 | tags, columns, words: start, length (`UInt32` each) |
/// | 76 | title rank, Bloom filter's start (`UInt32` each), 4 unused bytes |
/// | 88 | book: start, length, checksum (`UInt64` each) |
/// | 112 | notes: start, length, checksum (`UInt64` each) |
struct CacheEntryTable: RandomAccessCollection, Sendable {
    static let recordSize = 136

    private let storage: CacheStorage
    /// Where the first record starts in the main section.
    private let start: Int
    let count: Int

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    /// The table of `count` records at `start` of `storage`'s bytes; nil when it does not fit or
    /// a record points outside the main section.
    init?(_ storage: CacheStorage, start: Int, count: Int) {
        let bytes = storage.bytes
        guard start >= 0, count >= 0, count <= (bytes.count - start) / CacheEntryTable.recordSize else { return nil }
        self.storage = storage
        self.start = start
        self.count = count
        // A path outside the library (`../x.md`) makes the whole index foreign (`CachedPath`).
        for index in 0..<count where !isWithinBounds(index) || !CachedPath.isPlausible(UnsafeRawBufferPointer(rebasing: bytes[path(index)]))
        {
            return nil
        }
    }

    subscript(index: Int) -> LibraryCache.Entry {
        let base = start + index * CacheEntryTable.recordSize
        let bytes = storage.bytes
        func word(_ at: Int) -> UInt64 { UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: base + at, as: UInt64.self)) }
        func wideRange(_ at: Int) -> Range<Int> {
            let from = Int(truncatingIfNeeded: word(at))
            return from..<from + Int(truncatingIfNeeded: word(at + 8))
        }
        let kind = half(index, 48)
        return LibraryCache.Entry(
            path: path(index),
            stamp: stamp(index),
            isBook: kind & 1 != 0, book: wideRange(88), bookChecksum: word(104), tags: tags(index), columns: columns(index),
            words: words(index), titleRank: titleRank(index), bloom: bloom(index),
            notes: kind & 2 != 0 ? wideRange(112) : nil, notesChecksum: word(128))
    }

    /// Where the entry's path lies in the main section.
    func path(_ index: Int) -> Range<Int> {
        let from = half(index, 0)
        return from..<from + half(index, 4)
    }

    /// Where the entry's folded tags lie in the main section.
    func tags(_ index: Int) -> Range<Int> {
        let from = half(index, 52)
        return from..<from + half(index, 56)
    }

    /// Where the entry's `EntryColumns` lie in the main section.
    func columns(_ index: Int) -> Range<Int> {
        let from = half(index, 60)
        return from..<from + half(index, 64)
    }

    /// Where the entry's folded words lie in the main section.
    func words(_ index: Int) -> Range<Int> {
        let from = half(index, 68)
        return from..<from + half(index, 72)
    }

    /// Where the entry's `WordBloom` lies in the main section.
    func bloom(_ index: Int) -> Range<Int> {
        let from = half(index, 80)
        return from..<from + WordBloom.byteCount
    }

    func isBook(_ index: Int) -> Bool { half(index, 48) & 1 != 0 }

    /// True when every book's note words are recorded.
    var holdsEveryBooksNotes: Bool {
        indices.allSatisfy { half($0, 48) & 3 != 1 }
    }

    func titleRank(_ index: Int) -> UInt32 { UInt32(half(index, 76)) }

    private func half(_ index: Int, _ at: Int) -> Int {
        let offset = start + index * CacheEntryTable.recordSize + at
        return Int(UInt32(littleEndian: storage.bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    }

    /// The stamp alone, for the check of every entry.
    func stamp(_ index: Int) -> FileStamp {
        let base = start + index * CacheEntryTable.recordSize + 8
        let bytes = storage.bytes
        func word(_ at: Int) -> UInt64 { UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: base + at, as: UInt64.self)) }
        return FileStamp(
            device: word(0), inode: word(8), size: Int64(bitPattern: word(16)), modified: Int64(bitPattern: word(24)),
            changed: Int64(bitPattern: word(32)))
    }

    /// True when the record's ranges in the main section lie within it, and its wide ranges do
    /// not overflow.
    private func isWithinBounds(_ index: Int) -> Bool {
        let base = start + index * CacheEntryTable.recordSize
        let bytes = storage.bytes
        func half(_ at: Int) -> UInt64 { UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: base + at, as: UInt32.self))) }
        func word(_ at: Int) -> UInt64 { UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: base + at, as: UInt64.self)) }
        let limit = UInt64(bytes.count)
        for at in [0, 52, 60, 68] where half(at) + half(at + 4) > limit { return false }
        guard half(80) + UInt64(WordBloom.byteCount) <= limit else { return false }
        for at in [88, 112] where word(at) > UInt64(Int.max / 2) || word(at + 8) > UInt64(Int.max / 2) { return false }
        return true
    }

    /// Stores the record of one entry, whose parts lie at the given ranges of the main section,
    /// into `record` (`recordSize` bytes).
    static func storeRecord(
        path: Range<Int>, stamp: FileStamp, kind: UInt32, tags: Range<Int>, columns: Range<Int>, words: Range<Int>,
        titleRank: UInt32, bloomStart: Int, book: Range<Int>, bookChecksum: UInt64, notes: Range<Int>, notesChecksum: UInt64,
        into record: UnsafeMutableRawBufferPointer
    ) {
        var at = 0
        func half(_ value: Int) {
            record.storeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian, toByteOffset: at, as: UInt32.self)
            at += 4
        }
        func word(_ value: UInt64) {
            record.storeBytes(of: value.littleEndian, toByteOffset: at, as: UInt64.self)
            at += 8
        }
        half(path.lowerBound); half(path.count)
        word(stamp.device); word(stamp.inode); word(UInt64(bitPattern: stamp.size))
        word(UInt64(bitPattern: stamp.modified)); word(UInt64(bitPattern: stamp.changed))
        half(Int(kind))
        half(tags.lowerBound); half(tags.count)
        half(columns.lowerBound); half(columns.count)
        half(words.lowerBound); half(words.count)
        half(Int(titleRank))
        half(bloomStart)
        half(0)
        word(UInt64(book.lowerBound)); word(UInt64(book.count)); word(bookChecksum)
        word(UInt64(notes.lowerBound)); word(UInt64(notes.count)); word(notesChecksum)
    }
}
