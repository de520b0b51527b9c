/// Notes without front matter, for `shelf check`. shelf leaves them alone, and says so only where
/// that is news: a vault keeps other notes than books without front matter (an author's page, a
/// dashboard, a map of content, a README), so where at least three text notes have none, that is
/// the owner's habit, and `check` names only a note that seems to have lost its front matter (its
/// first line reads as a book's key, `title: Dune` with no `---` around it) and a file that is
/// not text. Elsewhere every note without front matter is named, as a slip in a library of books.
struct NotesWithoutFrontMatter {
    /// The notes recorded, and whether each is worth a word in any library.
    private var notes: [(path: String, worthAWord: Bool)] = []
    /// Notes that are UTF-8 text, without a NUL byte.
    private var textNotes = 0

    /// The least number of text notes without front matter that makes them the vault's habit.
    static let habit = 3

    /// Records a note without front matter.
    mutating func record(path: String, bytes: [UInt8], vocabulary: Vocabulary) {
        let isText = !bytes.contains(0) && bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset($0) == nil }
        if isText { textNotes += 1 }
        notes.append((path, !isText || NotesWithoutFrontMatter.startsWithBookKey(bytes, vocabulary: vocabulary)))
    }

    /// The notes `check` says nothing of: none, unless the library keeps such notes by habit.
    var quiet: Set<String> {
        guard textNotes >= NotesWithoutFrontMatter.habit else { return [] }
        return Set(notes.filter { !$0.worthAWord }.map(\.path))
    }

    /// True when the note's first line that is not blank is `key: value` with a key the library
    /// reads as a book's field (`title: Dune`): front matter whose `---` lines are missing.
    static func startsWithBookKey(_ bytes: [UInt8], vocabulary: Vocabulary) -> Bool {
        let text = String(decoding: bytes.prefix(4096), as: UTF8.self)
        guard let line = text.split(whereSeparator: \.isNewline).first(where: { !$0.allSatisfy(\.isWhitespace) }),
            let colon = line.firstIndex(of: ":"), line[line.index(after: colon)...].first.map({ $0 == " " }) ?? true
        else { return false }
        let key = line[..<colon]
        guard !key.isEmpty, !key.contains(" ") else { return false }
        return vocabulary.field(forKey: String(key)) != nil
    }
}
