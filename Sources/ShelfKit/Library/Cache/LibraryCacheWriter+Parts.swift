extension LibraryCacheWriter {
    /// A book's or its note words' bytes, and their checksum: as recorded with them (an old
    /// entry's damaged bytes stay damaged, and are found so when decoded), or as taken when made.
    struct Part {
        enum Source {
            case bytes(UnsafeRawBufferPointer)
            case spill(CacheSpill, offset: Int)
        }

        var source: Source
        var count: Int
        var checksum: UInt64

        init(_ bytes: UnsafeRawBufferPointer, checksum: UInt64) {
            source = .bytes(bytes)
            count = bytes.count
            self.checksum = checksum
        }

        init(_ stored: StoredBytes, memory: UnsafeRawBufferPointer) {
            switch stored.place {
            case .memory: source = .bytes(memory)
            case .spill(let spill, let offset): source = .spill(spill, offset: offset)
            }
            count = stored.count
            checksum = stored.checksum
        }
    }

    /// Writes to a file through a buffer, so that thousands of small parts cost few system calls.
    struct SectionStream {
        let descriptor: Int32
        private var buffer: [UInt8] = []

        init(descriptor: Int32) {
            self.descriptor = descriptor
            buffer.reserveCapacity(1 << 18)
        }

        mutating func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
            if buffer.count + bytes.count > 1 << 18, !flush() { return false }
            if bytes.count >= 1 << 18 { return FileIO.writeAll(bytes, to: descriptor) }
            buffer.append(contentsOf: bytes)
            return true
        }

        mutating func write(_ part: Part) -> Bool {
            switch part.source {
            case .bytes(let bytes):
                return write(bytes)
            case .spill(let spill, let offset):
                return spill.withBytes(at: offset, count: part.count) { write($0) } ?? false
            }
        }

        mutating func flush() -> Bool {
            defer { buffer.removeAll(keepingCapacity: true) }
            return buffer.withUnsafeBytes { FileIO.writeAll($0, to: descriptor) }
        }
    }

    /// The sizes of the parts of all entries that lie in runs, one run per kind.
    struct PartSizes {
        var paths = 0
        var tags = 0
        var columns = 0
        var words = 0

        var total: Int { paths + tags + columns + words }

        mutating func add(_ parts: EntryParts, path: String) {
            paths += path.utf8.count
            tags += parts.tags.count
            columns += parts.columns.count
            words += parts.words.count
        }
    }

    /// Writes entries into the main section: each one's path, tags, columns and words at the
    /// next place of their kind's run (laid out after the table from `PartSizes`), its Bloom
    /// filter after what is there, and its record into the table's next slot; counts the note
    /// words and books, written after it.
    struct EntryWriter {
        let tableStart: Int
        private(set) var written = 0
        private(set) var notesSize = 0
        private(set) var booksSize = 0
        /// Where the next path, tags, columns and words go, and where each run ends (by `Run`).
        private var next: [Int]
        private let ends: [Int]

        private enum Run: Int {
            case paths, tags, columns, words
        }

        init(tableStart: Int, partsStart: Int, sizes: PartSizes) {
            self.tableStart = tableStart
            var start = partsStart
            var starts: [Int] = []
            var ends: [Int] = []
            for size in [sizes.paths, sizes.tags, sizes.columns, sizes.words] {  // in `Run` order
                starts.append(start)
                start += size
                ends.append(start)
            }
            next = starts
            self.ends = ends
        }

        /// Writes one entry; false when a part does not fit its run (the sizes were not the parts').
        mutating func append(_ parts: EntryParts, path: String, titleRank: UInt32, main: inout CacheByteWriter) -> Bool {
            var path = path
            let pathRange = path.withUTF8 { place(UnsafeRawBufferPointer($0), run: .paths, in: &main) }
            guard let pathRange, let tags = place(parts.tags, run: .tags, in: &main),
                let columns = place(parts.columns, run: .columns, in: &main), let words = place(parts.words, run: .words, in: &main)
            else { return false }
            let bloomStart = main.bytes.count
            if parts.bloom.count == WordBloom.byteCount {
                main.raw(parts.bloom)
            } else {
                main.bytes += repeatElement(0xFF, count: WordBloom.byteCount)
            }
            let book = booksSize..<booksSize + parts.book.count
            booksSize += parts.book.count
            var notes = 0..<0
            if let noteBytes = parts.notes {
                notes = notesSize..<notesSize + noteBytes.count
                notesSize += noteBytes.count
            }
            let slot = tableStart + written * CacheEntryTable.recordSize
            main.bytes.withUnsafeMutableBytes { bytes in
                CacheEntryTable.storeRecord(
                    path: pathRange, stamp: parts.stamp, kind: (parts.isBook ? 1 : 0) | (parts.notes == nil ? 0 : 2), tags: tags,
                    columns: columns, words: words, titleRank: titleRank, bloomStart: bloomStart, book: book,
                    bookChecksum: parts.book.checksum, notes: notes, notesChecksum: parts.notes?.checksum ?? 0,
                    into: UnsafeMutableRawBufferPointer(rebasing: bytes[slot..<slot + CacheEntryTable.recordSize]))
            }
            written += 1
            return true
        }

        /// Copies `bytes` to the next place of run `run`; where they went, or nil when they do not fit.
        private mutating func place(_ bytes: UnsafeRawBufferPointer, run: Run, in main: inout CacheByteWriter) -> Range<Int>? {
            let start = next[run.rawValue]
            guard bytes.count <= ends[run.rawValue] - start else { return nil }
            main.bytes.withUnsafeMutableBytes { target in
                UnsafeMutableRawBufferPointer(rebasing: target[start..<start + bytes.count]).copyMemory(from: bytes)
            }
            next[run.rawValue] = start + bytes.count
            return start..<start + bytes.count
        }
    }
}
