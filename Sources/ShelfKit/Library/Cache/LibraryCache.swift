#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What shelf read from a library last time, kept outside the library
/// (`$XDG_CACHE_HOME/shelf/`), so that a query re-reads only the files that changed.
///
/// An entry is used only when the file's `FileStamp` (device, inode, size, modification and
/// change times in nanoseconds) is exactly the one recorded. A file written in the last few
/// seconds before it was read is never recorded, the way git treats "racily clean" index
/// entries: a second write within the same timestamp tick would leave the stamp unchanged. The
/// whole cache is dropped when the shelf binary, the cache format, the library's root or its
/// `shelf.yaml` changes, or when a section's checksum does not match.
struct LibraryCache: Sendable {
    /// One file's record: where its path, book and note words lie in the cache's bytes.
    struct Entry: Sendable {
        var path: Range<Int>
        var stamp: FileStamp
        var isBook: Bool
        /// In the books section, with the checksum of those bytes.
        var book: Range<Int>
        var bookChecksum: UInt64
        /// The book's folded tags, each parent of a nested tag too (`LibraryIndex.foldedTags`),
        /// as a count and strings: a query of tags alone is answered from these without
        /// decoding the books it does not match.
        var tags: Range<Int>
        /// The values queries compare most (`EntryColumns`).
        var columns: Range<Int>
        /// The folded words of the title, subtitle, authors, series, tags and publisher, as a
        /// count and strings: the words a query's bare word looks for outside the notes.
        var words: Range<Int>
        /// The book's place in the order of every entry's title key (`--sort title`): books
        /// with the same key share a place. Zero for a file that is not a book.
        var titleRank: UInt32
        /// The entry's `WordBloom`, in the main section.
        var bloom: Range<Int>
        /// In the notes section, with the checksum of those bytes; nil when the file was read
        /// without its notes.
        var notes: Range<Int>?
        var notesChecksum: UInt64
    }

    /// Bump whenever the layout of the file or of `BookCodec` changes (docs/index-format.md has
    /// every byte): `IndexFormatGoldenTests` fails until it is bumped and its golden file is
    /// written again for the new version.
    static let formatVersion: UInt64 = 9
    static let magic = UInt64(littleEndian: 0x3130_5844_4945_4853)  // "SHEIDX01"
    static let headerSize = 64
    /// How recent a file's times may be for its entry to be left out: wider than any file
    /// system's timestamp granularity (FAT's is two seconds).
    static let racyWindow: Int64 = 3_000_000_000

    /// Every entry, small: what a query reads of every file.
    let main: CacheStorage
    /// The encoded books, each checked against its own checksum when it is decoded: a query
    /// touches only the pages of the books it decodes.
    let books: CacheStorage
    let notes: CacheStorage?
    let entries: CacheEntryTable
    /// The folders as they were listed, when the index can tell from them that no file was
    /// added or removed since.
    let listing: CacheListing?
    /// When the cache file was last modified (written, or marked used), seconds since 1970.
    let lastUsed: Int64
    /// Where the notes section lies in the file, and its checksum, to read it later.
    private let notesSection: (file: String, offset: Int, count: Int)

    /// Reads the cache file at `location`; nil when there is none or it does not belong to this
    /// library and binary, or is damaged.
    /// - Parameters:
    ///   - withNotes: also read the note words section.
    ///   - writtenAs: the stamp of a file this process has just written there: when the file is
    ///     still that one (same device, inode, size and modification time; a rename changes only
    ///     its change time), its main section is not checksummed again.
    static func read(
        _ location: LibraryCacheLocation, withNotes: Bool, writtenAs written: FileStamp? = nil
    ) -> LibraryCache? {
        let descriptor = open(location.file, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0,
            let header = CacheStorage(reading: descriptor, at: 0, count: headerSize)
        else { return nil }
        let fileSize = Int(info.st_size)
        let ownWrite =
            written.map { written in
                let now = FileStamp(info)
                return written.device == now.device && written.inode == now.inode && written.size == now.size
                    && written.modified == now.modified
            } ?? false
        var reader = CacheByteReader(header.bytes)
        guard let magic = try? reader.word(), magic == LibraryCache.magic,
            let version = try? reader.word(), version == formatVersion,
            let identity = try? reader.word(), identity == location.identity,
            let mainLength = try? reader.word(), let mainChecksum = try? reader.word(),
            let notesLength = try? reader.word(), (try? reader.word()) != nil,
            let booksLength = try? reader.word(),
            mainLength < UInt64(Int.max / 4), notesLength < UInt64(Int.max / 4), booksLength < UInt64(Int.max / 4),
            headerSize + Int(mainLength) + Int(notesLength) + Int(booksLength) <= fileSize,
            let main = CacheStorage(mapping: descriptor, at: headerSize, count: Int(mainLength)),
            ownWrite || CacheChecksum.ofSection(main.bytes) == mainChecksum,
            let books = CacheStorage(
                mapping: descriptor, at: headerSize + Int(mainLength) + Int(notesLength), count: Int(booksLength), sparse: true)
        else { return nil }
        var notes: CacheStorage?
        if withNotes {
            guard let section = CacheStorage(mapping: descriptor, at: headerSize + Int(mainLength), count: Int(notesLength))
            else { return nil }
            notes = section
        }
        guard let (entries, listing) = try? LibraryCache.entries(in: main, root: location.root) else { return nil }
        let section = (location.file, headerSize + Int(mainLength), Int(notesLength))
        return LibraryCache(
            main: main, books: books, notes: notes, entries: entries, listing: listing,
            lastUsed: FileStamp(info).modified / 1_000_000_000, notesSection: section)
    }

    private init(
        main: CacheStorage, books: CacheStorage, notes: CacheStorage?, entries: CacheEntryTable, listing: CacheListing?, lastUsed: Int64,
        notesSection: (file: String, offset: Int, count: Int)
    ) {
        self.main = main
        self.books = books
        self.notes = notes
        self.entries = entries
        self.listing = listing
        self.lastUsed = lastUsed
        self.notesSection = notesSection
    }

    /// The notes section: the one mapped with the cache, else the whole section mapped now from
    /// the file (for copying every entry's words into a new cache). Each entry's words are
    /// checked against their own checksum when they are read (a file replaced since fails those
    /// checks).
    func notesStorage() -> CacheStorage? {
        if let notes { return notes }
        let descriptor = open(notesSection.file, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, notesSection.offset + notesSection.count <= Int(info.st_size) else { return nil }
        return CacheStorage(mapping: descriptor, at: notesSection.offset, count: notesSection.count)
    }

    /// The notes section for reading a few entries' words: the mapped one, else the file.
    func noteWords() -> NoteWordsSection? {
        if let notes { return NoteWordsSection(mapped: notes) }
        return NoteWordsSection(file: notesSection.file, offset: notesSection.offset, count: notesSection.count)
    }

    /// Reads the main section: the root it was made for, the table of entries (`CacheEntryTable`),
    /// then the listing.
    private static func entries(
        in main: CacheStorage, root: String
    ) throws(CacheCorruption) -> (entries: CacheEntryTable, listing: CacheListing?) {
        var reader = CacheByteReader(main.bytes)
        guard try reader.string() == root else { throw CacheCorruption() }
        let count = try reader.count()
        let listingStart = try reader.word()
        while reader.offset % 8 != 0 { _ = try reader.byte() }
        guard listingStart <= UInt64(main.bytes.count),
            let table = CacheEntryTable(main, start: reader.offset, count: count),
            reader.offset + count * CacheEntryTable.recordSize <= Int(listingStart)
        else { throw CacheCorruption() }
        var listingReader = CacheByteReader(main.bytes, offset: Int(listingStart))
        return (table, try CacheListing.decode(from: &listingReader))
    }

    /// For each of `paths` (sorted, as the scanner gives them), the entry recorded for it, or nil.
    ///
    /// The paths usually come in the order the cache stored them, so each is first compared with
    /// the next entry; a dictionary of every entry is made only when that fails.
    func match(_ paths: [String]) -> [Int?] {
        var result = [Int?](repeating: nil, count: paths.count)
        var byPath: [String: Int]?
        var next = 0
        for (position, path) in paths.enumerated() {
            if next < entries.count, pathOf(next, equals: path) {
                result[position] = next
                next += 1
                continue
            }
            if byPath == nil {
                var made: [String: Int] = [:]
                made.reserveCapacity(entries.count)
                for index in entries.indices { made[pathOf(index)] = index }
                byPath = made
            }
            if let index = byPath?[path] {
                result[position] = index
                next = index + 1
            }
        }
        return result
    }

    /// Entry `index`'s columns; nil when they do not read (a damaged entry).
    func columns(_ index: Int) -> EntryColumns? {
        EntryColumns(UnsafeRawBufferPointer(rebasing: main.bytes[entries.columns(index)]))
    }

    func pathOf(_ index: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: main.bytes[entries.path(index)]), as: UTF8.self)
    }

    /// Appends the path lying at `span` of the main section (`entries.path`, or one of
    /// `pathSpans()`) to `bytes`.
    func appendPath(at span: Range<Int>, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: main.bytes[span]))
    }

    /// Where each entry's path lies in the main section, in entry order.
    func pathSpans() -> [Range<Int>] {
        entries.indices.map { entries.path($0) }
    }

    private func pathOf(_ index: Int, equals path: String) -> Bool {
        let stored = UnsafeRawBufferPointer(rebasing: main.bytes[entries.path(index)])
        var copy = path
        return copy.withUTF8 { utf8 in
            guard utf8.count == stored.count else { return false }
            guard let mine = utf8.baseAddress, let theirs = stored.baseAddress else { return true }
            return memcmp(mine, theirs, utf8.count) == 0
        }
    }

    /// What entry `index` recorded, read back: the book with its path, or nil for a file that
    /// is not a book. Throws when the entry does not decode.
    /// - Parameter filter: which note words to make strings of (all when nil).
    /// - Parameter notes: the notes section, when it was read apart from the cache.
    func loaded(
        _ index: Int, path: String, withNotes: Bool, filter: NoteWordFilter? = nil, notes: NoteWordsSection? = nil
    ) throws(CacheCorruption) -> LoadedFile {
        let entry = entries[index]
        guard entry.isBook else { return .notABook }
        guard entry.book.upperBound <= books.bytes.count else { throw CacheCorruption() }
        let bytes = UnsafeRawBufferPointer(rebasing: books.bytes[entry.book])
        guard CacheChecksum.ofSection(bytes) == entry.bookChecksum else { throw CacheCorruption() }
        var reader = CacheByteReader(bytes)
        let book = try BookCodec.decode(path: path, from: &reader)
        guard withNotes else { return .book(book, noteWords: nil) }
        guard let notes = notes ?? self.notes.map(NoteWordsSection.init(mapped:)) else { throw CacheCorruption() }
        let decoded: [String]?? = withNoteBytes(of: entry, in: notes) { bytes -> [String]? in
            var wordReader = CacheByteReader(bytes)
            guard let count = try? wordReader.count() else { return nil }
            var words: [String] = []
            for _ in 0..<count {
                guard let length = try? wordReader.count(), let word = try? wordReader.bytes(length) else { return nil }
                if filter?.keeps(word) ?? true { words.append(String(decoding: word, as: UTF8.self)) }
            }
            return words
        }
        guard let words = decoded ?? nil else { throw CacheCorruption() }
        return .book(book, noteWords: words)
    }
}
