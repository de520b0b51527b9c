import Dispatch

/// Reads every book file of a library in parallel, one reused buffer per core, taking what it
/// can from the cache.
enum LibraryLoader {
    /// What loading a library gave: the books, and the files that failed.
    struct Result: Sendable {
        var books: [Book]
        /// Folded note words, parallel to `books`, when notes were asked for.
        var noteWords: [[String]]?
        var problems: [LibraryProblem]
        /// For each path, what the next cache should hold; nil when no cache is kept.
        var records: [CacheRecord?]?
        /// For each book of `books`, the position of its path.
        var positions: [Int] = []

        /// How many files were taken from the cache rather than read.
        var cacheHits: Int {
            records?.reduce(0) { count, record in
                if case .kept = record { return count + 1 }
                return count
            } ?? 0
        }
    }

    /// How a load uses the cache.
    struct CacheUse {
        /// The cache as read, if there was a usable one.
        var old: LibraryCache?
        /// For each path, its entry in `old`.
        var matches: [Int?]
        /// Files whose times are this recent (nanoseconds since 1970) or later are not recorded.
        var recentSince: Int64
        /// False to leave out of the result the books the cache records (only their records say
        /// they are there): to bring the cache up to date without decoding it, nor keeping in
        /// memory the books it records now.
        var decodesKept = true
        /// Where the workers may spill the books and note words they record (the cache's own
        /// folder); nil to keep them in memory.
        var spillFolder: String?
    }

    /// Loads the files at `paths` (relative to `root`).
    static func load(root: String, paths: [String], withNotes: Bool, vocabulary: Vocabulary = .standard) -> Result {
        load(root: root, paths: paths, withNotes: withNotes, vocabulary: vocabulary, cache: nil)
    }

    /// - Parameter noteFilter: which note words to keep for the index (all when nil); the cache
    ///   still records every word.
    /// - Parameter listing: the scan `paths` come from, when they do: a path its folder listed as
    ///   a regular file is opened without a `stat` first (see `FileIO.read(at:…listedRegular:)`).
    static func load(
        root: String, paths: [String], withNotes: Bool, vocabulary: Vocabulary, cache: CacheUse?,
        noteFilter: NoteWordFilter? = nil, listing: BookFileScanner.Scan? = nil
    ) -> Result {
        let notListedRegular = listing?.notListedRegular
        let slots = Slots<LoadedFile>(count: paths.count)
        let records = cache.map { _ in Slots<CacheRecord>(count: paths.count) }
        let workers = max(1, min(ProcessInfoCores.count, paths.count / 64 + 1))
        let spills = (0..<workers).map { _ in cache?.spillFolder.flatMap(CacheSpill.init(folder:)) }
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var buffer: [UInt8] = []
            buffer.reserveCapacity(16 * 1024)
            var folders = FolderCursor(root: root)
            var index = worker
            while index < paths.count {
                defer { index += workers }
                let path = paths[index]
                if let cache, let entry = unchanged(index, path: path, cache: cache, folders: &folders, withNotes: withNotes) {
                    if !cache.decodesKept {
                        records?.set(index, .kept(entry))
                        continue
                    }
                    if let old = cache.old, let loaded = try? old.loaded(entry, path: path, withNotes: withNotes, filter: noteFilter) {
                        slots.set(index, loaded)
                        records?.set(index, .kept(entry))
                        continue
                    }
                }
                do throws(FileError) {
                    let listedRegular = notListedRegular.map { $0.isEmpty || !$0.contains(path) } ?? false
                    let stamp = try folders.read(path, path: root + "/" + path, into: &buffer, listedRegular: listedRegular)
                    if let cache, !cache.decodesKept, withNotes,
                        let added = notesAdded(index, stamp: stamp, bytes: buffer, cache: cache, spill: spills[worker])
                    {
                        records?.set(index, .keptAddingNotes(added))
                        continue
                    }
                    let (loaded, notes) = buffer.withUnsafeBufferPointer {
                        BookFileReader.readKeepingNoteList($0, path: path, withNotes: withNotes, vocabulary: vocabulary)
                    }
                    if let cache, stamp.latest < cache.recentSince,
                        let record = record(loaded, notes: notes, stamp: stamp, spill: spills[worker])
                    {
                        records?.set(index, record)
                        // Recorded, and not to be decoded: the cache is all the caller wants of it.
                        if !cache.decodesKept { continue }
                    }
                    if let notes, case .book(let book, _) = loaded {
                        // Strings only for the words the query can ask about, when it says which.
                        slots.set(index, .book(book, noteWords: notes.strings(keeping: noteFilter)))
                    } else {
                        slots.set(index, loaded)
                    }
                } catch {
                    slots.set(index, .failed(.unreadable(error)))
                }
            }
        }
        for spill in spills { spill?.flush() }
        var books: [Book] = []
        books.reserveCapacity(paths.count)
        var noteWords: [[String]]? = withNotes ? [] : nil
        var problems: [LibraryProblem] = []
        var positions: [Int] = []
        for index in paths.indices {
            switch slots.take(index) {
            case .book(let book, let words):
                books.append(book)
                positions.append(index)
                noteWords?.append(words ?? [])
            case .notABook, .none:
                break
            case .failed(let problem):
                problems.append(problem)
            }
        }
        return Result(books: books, noteWords: noteWords, problems: problems, records: records?.drain(), positions: positions)
    }

    /// The cache's entry for the file at `path`, when its stamp is unchanged and it holds what
    /// this load needs.
    private static func unchanged(
        _ index: Int, path: String, cache: CacheUse, folders: inout FolderCursor, withNotes: Bool
    ) -> Int? {
        guard let old = cache.old, let entryIndex = cache.matches[index] else { return nil }
        let entry = old.entries[entryIndex]
        guard !withNotes || !entry.isBook || entry.notes != nil,
            let stamp = folders.stamp(path), stamp == entry.stamp
        else { return nil }
        return entryIndex
    }

    /// The note words of the file at `index`, just read as `bytes`, when the old cache records
    /// it as a book, unchanged, but without them: only they are new, so the front matter is
    /// neither parsed nor recorded again. (An unchanged file has the layout it had when it was
    /// recorded, which was then read from a whole parse of it.) Nil for any other file.
    private static func notesAdded(
        _ index: Int, stamp: FileStamp, bytes: [UInt8], cache: CacheUse, spill: CacheSpill?
    ) -> NotesAdded? {
        guard let old = cache.old, let entryIndex = cache.matches[index] else { return nil }
        let entry = old.entries[entryIndex]
        guard entry.isBook, entry.notes == nil, stamp == entry.stamp, entry.bloom.count == WordBloom.byteCount else { return nil }
        return bytes.withUnsafeBufferPointer { bytes -> NotesAdded? in
            guard let layout = try? FrontMatter.locate(in: bytes) else { return nil }
            let body = UnsafeBufferPointer(rebasing: bytes[layout.bodyStart...])
            let notes = BookFileReader.noteWords(in: body)
            var bloom = CacheByteWriter()
            bloom.bytes = Array(old.main.bytes[entry.bloom])
            WordBloom.add(notes.hashes, toFilterAt: 0, in: &bloom)
            var encoded = CacheByteWriter()
            notes.encode(into: &encoded)
            return NotesAdded(entry: entryIndex, bloom: bloom.bytes, notes: StoredBytes(encoded.bytes, spill: spill))
        }
    }

    /// What the cache should record of a file just read; nil for a file that failed, which is
    /// read again (and reported again) every time.
    /// - Parameter notes: the book's distinct note words, when the cache is to hold them.
    static func record(_ loaded: LoadedFile, notes: DistinctWordList?, stamp: FileStamp, spill: CacheSpill?) -> CacheRecord? {
        switch loaded {
        case .book(let book, _):
            var bookBytes = CacheByteWriter()
            // Most books encode to a few hundred bytes: grown from empty, the array was copied
            // eight or nine times on the way.
            bookBytes.bytes.reserveCapacity(1024)
            BookCodec.encode(book, into: &bookBytes)
            // The small parts, one after the other in one array.
            var small = CacheByteWriter()
            small.bytes.reserveCapacity(512)
            let tags = LibraryIndex.foldedTags(of: book)
            small.count(tags.count)
            for tag in tags { small.string(tag) }
            let tagsEnd = small.bytes.count
            EntryColumns.encode(book, into: &small)
            let columnsEnd = small.bytes.count
            let searchWords = searchWords(of: book)
            searchWords.encode(into: &small)
            let wordsEnd = small.bytes.count
            let bloom = WordBloom.appendEmpty(to: &small)
            WordBloom.add(searchWords.hashes, toFilterAt: bloom, in: &small)
            if let notes { WordBloom.add(notes.hashes, toFilterAt: bloom, in: &small) }
            return .fresh(
                FreshRecord(
                    stamp: stamp, isBook: true, small: small.bytes, ends: (tagsEnd, columnsEnd, wordsEnd),
                    book: StoredBytes(bookBytes.bytes, spill: spill),
                    notes: notes.map { list in
                        var encoded = CacheByteWriter()
                        list.encode(into: &encoded)
                        return StoredBytes(encoded.bytes, spill: spill)
                    }))
        case .notABook:
            var small = CacheByteWriter()
            _ = WordBloom.appendEmpty(to: &small)
            return .fresh(
                FreshRecord(
                    stamp: stamp, isBook: false, small: small.bytes, ends: (0, 0, 0), book: StoredBytes([], spill: nil), notes: nil))
        case .failed:
            return nil
        }
    }
}

extension LibraryLoader {
    /// The distinct folded words `LibraryIndex` indexes for a bare word outside the notes (title,
    /// subtitle, authors, series, tags, publisher).
    static func searchWords(of book: Book) -> DistinctWordList {
        var words = DistinctWordList(expectedWords: 32)
        // One by one, not from an array of the four: that array was made for every book.
        words.addWords(of: book.title)
        if let subtitle = book.subtitle { words.addWords(of: subtitle) }
        if let series = book.series { words.addWords(of: series) }
        if let publisher = book.publisher { words.addWords(of: publisher) }
        for text in book.authors { words.addWords(of: text) }
        for text in book.tags { words.addWords(of: text) }
        return words
    }
}

/// Result slots written by many workers, each slot by exactly one, read after they all finish.
final class Slots<Value>: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<Value?>

    init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil)
    }

    func set(_ index: Int, _ value: Value) {
        storage[index] = value
    }

    /// Moves the result at `index` out, leaving the slot empty: no copy of a book is made.
    func take(_ index: Int) -> Value? {
        storage[index].take()
    }

    /// Moves every result out, leaving the slots empty.
    func drain() -> [Value?] {
        var results: [Value?] = []
        results.reserveCapacity(storage.count)
        for index in storage.indices {
            results.append(storage[index].take())
        }
        return results
    }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }
}
