/// A book file as bytes plus the structure found in them.
///
/// The bytes are the truth: nothing is ever re-serialised. An edit is a splice of new bytes
/// into a range found here, so everything the edit does not touch stays as the owner wrote it.
public struct BookDocument: Sendable, Equatable {
    /// The file's bytes, exactly as read.
    let bytes: [UInt8]
    /// The front matter, or nil when the file has none.
    let frontMatter: FrontMatter?

    /// Whether the file starts with front matter (a `---` line, keys, a closing `---` line).
    public var hasFrontMatter: Bool { frontMatter != nil }

    /// Reads a document from a file's bytes.
    /// - Throws: `DocumentError` (without a path) when the front matter cannot be read.
    public init(bytes: [UInt8]) throws(DocumentError) {
        self.bytes = bytes
        var parsed: FrontMatter?
        var failure: DocumentError?
        bytes.withUnsafeBufferPointer { buffer in
            do throws(DocumentError) {
                parsed = try FrontMatter.parse(buffer)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        self.frontMatter = parsed
    }

    /// Where the body (the notes) starts and ends.
    var bodyRange: Range<Int> {
        if let frontMatter { return frontMatter.layout.bodyStart..<bytes.count }
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return bom..<bytes.count
    }

    /// The body as text.
    public var body: String {
        String(decoding: bytes[bodyRange], as: UTF8.self)
    }

    /// The file's line ending: the front matter's, else the first line break's, else LF.
    var lineEnding: LineEnding {
        if let frontMatter { return frontMatter.layout.lineEnding }
        if let newline = bytes.firstIndex(of: 0x0A), newline > 0, bytes[newline - 1] == 0x0D {
            return .crlf
        }
        return .lf
    }

    /// The text of a byte range.
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The pieces the document was split into, joined again: the identical bytes, by construction
    /// of the ranges. Tests use it to prove the ranges tile the file.
    func reassembled() -> [UInt8] {
        guard let layout = frontMatter?.layout else { return bytes }
        return Array(bytes[0..<layout.bomLength]) + Array(bytes[layout.openingRange])
            + Array(bytes[layout.contentRange]) + Array(bytes[layout.closingRange])
            + Array(bytes[bodyRange])
    }
}
