/// Turns one file's bytes into a book, without keeping the bytes.
public enum BookFileReader {
    /// Reads the book in `bytes`.
    /// - Parameters:
    ///   - path: the path to report, relative to the library root.
    ///   - withNotes: also fold the words of the body, for the note index.
    public static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, path: String, withNotes: Bool, vocabulary: Vocabulary = .standard
    ) -> LoadedFile {
        let frontMatter: FrontMatterValues
        do throws(DocumentError) {
            // Values only: the byte ranges an edit needs are found again when a file is edited.
            guard let parsed = try FrontMatterValues.parse(bytes) else { return .notABook }
            frontMatter = parsed
        } catch {
            return .failed(.malformed(error.at(path: path)))
        }
        guard let book = Book(path: path, values: frontMatter, vocabulary: vocabulary) else { return .notABook }
        guard withNotes else { return .book(book, noteWords: nil) }
        var words: [String] = []
        let body = UnsafeBufferPointer(rebasing: bytes[frontMatter.layout.bodyStart...])
        TextFolding.forEachWord(in: body) { words.append($0) }
        return .book(book, noteWords: words)
    }
}
