extension KindleClippings {
    /// Reads a clippings file a piece at a time, a line at a time: memory holds the clippings
    /// kept, not the file's bytes nor its text.
    /// - Parameter path: names the file in errors.
    /// - Throws: when a line is not UTF-8 (with its line and column), or the file cannot be read.
    static func read(_ chunks: ImportChunks, path: String) throws(HighlightSourceError) -> Parsed {
        var reader = Reader()
        var pending: [UInt8] = []
        var lineNumber = 1
        func readLine(_ bytes: ArraySlice<UInt8>) throws(HighlightSourceError) {
            let invalid = bytes.withUnsafeBufferPointer { buffer in
                UTF8Validation.firstInvalidOffset(buffer).map { UTF8Validation.lineAndColumn(of: $0, in: buffer).column }
            }
            if let invalid {
                throw HighlightSourceError(path: path, reason: "line \(lineNumber), column \(invalid): not UTF-8 text; "
                    + "save it as UTF-8 and import it again")
            }
            reader.read(Substring(String(decoding: bytes, as: UTF8.self)))
            lineNumber += 1
        }
        func next() throws(HighlightSourceError) -> ArraySlice<UInt8>? {
            do {
                return try chunks.next()
            } catch {
                throw HighlightSourceError(path: path, reason: error.reason)
            }
        }
        while let chunk = try next() {
            var start = chunk.startIndex
            while let end = chunk[start...].firstIndex(of: 0x0A) {
                if pending.isEmpty {
                    try readLine(chunk[start..<end])
                } else {
                    // A line cut between two pieces: its first part waited in `pending`.
                    pending += chunk[start..<end]
                    try readLine(pending[...])
                    pending.removeAll(keepingCapacity: true)
                }
                start = end + 1
            }
            pending += chunk[start...]
        }
        try readLine(pending[...])
        return reader.finish()
    }
}
