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
}
