/// Turns one file's bytes into a book, without keeping the bytes.
enum BookFileReader {
    /// Reads the book in `bytes`.
    /// - Parameters:
    ///   - path: the path to report, relative to the library root.
    ///   - withNotes: also fold the words of the body, for the note index: each distinct word
    ///     once, in the order first met.
    static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, path: String, withNotes: Bool, vocabulary: Vocabulary = .standard
    ) -> LoadedFile {
        let (loaded, notes) = readKeepingNoteList(bytes, path: path, withNotes: withNotes, vocabulary: vocabulary)
        guard let notes, case .book(let book, _) = loaded else { return loaded }
        return .book(book, noteWords: notes.strings(keeping: nil))
    }

    /// Reads the book in `bytes`; with `withNotes`, a book's distinct note words come as the
    /// list the cache stores (the book's own `noteWords` are then nil). The words are folded
    /// where they lie, without a string for each of the thousands a book's notes hold.
    static func readKeepingNoteList(
        _ bytes: UnsafeBufferPointer<UInt8>, path: String, withNotes: Bool, vocabulary: Vocabulary
    ) -> (loaded: LoadedFile, notes: DistinctWordList?) {
        let frontMatter: FrontMatterValues?
        do throws(DocumentError) {
            // Values only: the byte ranges an edit needs are found again when a file is edited.
            frontMatter = try FrontMatterValues.parse(bytes)
        } catch {
            return (.failed(.malformed(error.at(path: path))), nil)
        }
        // Without front matter the body is the whole file after any byte order mark, as `BookDocument` has it.
        let bodyStart = frontMatter?.layout.bodyStart ?? (bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
        let body = UnsafeBufferPointer(rebasing: bytes[bodyStart...])
        // Dataview's inline fields (`rating:: 4`) give what the front matter does not; a note
        // without front matter is a book by them when they name an author or an ISBN. Most
        // bodies hold no `::`, which one pass tells.
        let inline = InlineFields.fields(in: body)
        guard frontMatter != nil || Book.inlineFieldsMakeABook(inline, vocabulary: vocabulary) else { return (.notABook, nil) }
        let entries = Book.entries(frontMatter?.entries ?? [], adding: inline, vocabulary: vocabulary)
        guard let book = Book(path: path, entries: entries, vocabulary: vocabulary, heading: { Book.firstHeading(in: ArraySlice(body)) })
        else { return (.notABook, nil) }
        guard withNotes else { return (.book(book, noteWords: nil), nil) }
        return (.book(book, noteWords: nil), noteWords(in: body))
    }

    /// The distinct folded words of a book's body, as the cache stores them.
    static func noteWords(in body: UnsafeBufferPointer<UInt8>) -> DistinctWordList {
        // About one distinct word in ten bytes of notes, in the generated libraries and in real ones.
        var notes = DistinctWordList(expectedWords: min(body.count / 10 + 8, 1024))
        notes.addWords(in: body)
        return notes
    }
}
