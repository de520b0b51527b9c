extension KindleClippings {
    /// Reads a clippings file a piece at a time, a line at a time: memory holds the clippings
    /// kept, not the file's bytes nor its text.
    /// - Parameter path: names the file in errors.
    /// - Throws: when a line is not UTF-8 (with its line and column), or the file cannot be read.
    static func read(_ chunks: ImportChunks, path: String) throws(HighlightSourceError) -> Parsed {
        var reader = Reader()
        try forEachLine(chunks, path: path) { line, _, _ in reader.read(line) }
        return reader.finish()
    }

    /// Indexes a clippings file a piece at a time: where each book's clippings lie, not their
    /// text (`Index`).
    /// - Parameter progress: told the bytes read and the file's size after each piece.
    static func index(_ chunks: ImportChunks, path: String, progress: ((Int, Int) -> Void)? = nil) throws(HighlightSourceError) -> Index {
        var indexer = Indexer()
        let end = try forEachLine(chunks, path: path, progress: progress) { line, start, end in indexer.read(line, start: start, end: end) }
        return indexer.finish(at: end)
    }

    /// Calls `body` with each line of the file (without its line feed), the offset of its first
    /// byte and the offset after its line feed; the last line, after the last line feed, is
    /// given even when empty, as a text split on line feeds would give it.
    /// - Returns: the bytes read in all.
    @discardableResult
    private static func forEachLine(
        _ chunks: ImportChunks, path: String, progress: ((Int, Int) -> Void)? = nil,
        _ body: (Substring, Int, Int) -> Void
    ) throws(HighlightSourceError) -> Int {
        var pending: [UInt8] = []
        var lineNumber = 1
        var lineStart = 0
        func readLine(_ bytes: ArraySlice<UInt8>, end: Int) throws(HighlightSourceError) {
            let invalid = bytes.withUnsafeBufferPointer { buffer in
                UTF8Validation.firstInvalidOffset(buffer).map { UTF8Validation.lineAndColumn(of: $0, in: buffer).column }
            }
            if let invalid {
                throw HighlightSourceError(
                    path: path,
                    reason: "line \(lineNumber), column \(invalid): not UTF-8 text; "
                        + "save it as UTF-8 and import it again")
            }
            body(Substring(String(decoding: bytes, as: UTF8.self)), lineStart, end)
            lineNumber += 1
            lineStart = end
        }
        func next() throws(HighlightSourceError) -> ArraySlice<UInt8>? {
            do {
                return try chunks.next()
            } catch {
                throw HighlightSourceError(path: path, reason: error.reason)
            }
        }
        var read = 0
        while let chunk = try next() {
            var start = chunk.startIndex
            while let end = chunk[start...].firstIndex(of: 0x0A) {
                let lineEnd = read + (end - chunk.startIndex) + 1
                if pending.isEmpty {
                    try readLine(chunk[start..<end], end: lineEnd)
                } else {
                    // A line cut between two pieces: its first part waited in `pending`.
                    pending += chunk[start..<end]
                    try readLine(pending[...], end: lineEnd)
                    pending.removeAll(keepingCapacity: true)
                }
                start = end + 1
            }
            pending += chunk[start...]
            read += chunk.count
            progress?(read, chunks.totalBytes ?? 0)
        }
        try readLine(pending[...], end: read)
        return read
    }
}
