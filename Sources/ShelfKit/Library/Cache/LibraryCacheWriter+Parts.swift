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

    /// Appends entries to the main section: each one's Bloom filter after what is there, and its
    /// record into the table's next slot; counts the note words and books, written after it.
    struct EntryWriter {
        let tableStart: Int
        private(set) var written = 0
        private(set) var notesSize = 0
        private(set) var booksSize = 0

        init(tableStart: Int) {
            self.tableStart = tableStart
        }

        /// Appends the entry's Bloom filter, and stores its record with where its other parts
        /// (already in the main section) lie.
        mutating func append(
            _ parts: EntryParts, path pathRange: Range<Int>, tags: Range<Int>, columns: Range<Int>, words: Range<Int>,
            titleRank: UInt32, main: inout CacheByteWriter
        ) {
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
        }
    }
}
