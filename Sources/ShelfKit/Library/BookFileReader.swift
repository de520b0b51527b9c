/// Turns one file's bytes into a book, without keeping the bytes.
enum BookFileReader {
    /// Reads the book in `bytes`.
    /// - Parameters:
    ///   - path: the path to report, relative to the library root.
    ///   - withNotes: also fold the words of the body, for the note index.
    public static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, path: String, withNotes: Bool, vocabulary: Vocabulary = .standard
    ) -> LoadedFile {
        guard withNotes else { return read(bytes, path: path, vocabulary: vocabulary, noteWord: nil) }
        var words: [String] = []
        let loaded = read(bytes, path: path, vocabulary: vocabulary) { words.append($0) }
        guard case .book(let book, _) = loaded else { return loaded }
        return .book(book, noteWords: words)
    }

    /// Reads the book in `bytes`, calling `noteWord` (when given) with each folded word of the
    /// body in turn; the result holds no note words.
    static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, path: String, vocabulary: Vocabulary, noteWord: ((String) -> Void)?
    ) -> LoadedFile {
        let frontMatter: FrontMatterValues
        do throws(DocumentError) {
            // Values only: the byte ranges an edit needs are found again when a file is edited.
            guard let parsed = try FrontMatterValues.parse(bytes) else { return .notABook }
            frontMatter = parsed
        } catch {
            return .failed(.malformed(error.at(path: path)))
        }
        let body = UnsafeBufferPointer(rebasing: bytes[frontMatter.layout.bodyStart...])
        guard let book = Book(path: path, entries: frontMatter.entries, vocabulary: vocabulary, heading: { Book.firstHeading(in: ArraySlice(body)) })
        else { return .notABook }
        if let noteWord {
            TextFolding.forEachWord(in: body, noteWord)
        }
        return .book(book, noteWords: nil)
    }
}
