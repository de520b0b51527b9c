/// What a folder's values say about a proposed vocabulary: how many files support each mapping
/// (the key is there and its value reads as the field), how many contradict it, and the status
/// words the files use that shelf would otherwise call misspelt.
struct VocabularyEvidence {
    /// Per folded key: files whose value reads as each field, and files whose value does not.
    private var support: [String: [CanonicalField: Int]] = [:]
    private var contradiction: [String: [CanonicalField: Int]] = [:]
    /// Per folded key: files where it sits beside a status meaning "read" (a Hugo `date` that is
    /// really the day a book was finished).
    private var besideReadStatus: [String: Int] = [:]
    /// Status words as written, with how many files use each.
    private(set) var statusWords: [String: Int] = [:]

    static let typedFields: [CanonicalField] = [.rating, .pages, .added, .started, .finished, .published]

    /// Records the entries of one file.
    mutating func record(_ entries: [FieldEntry]) {
        let statusWord = entries.first { CanonicalField(key: $0.key) == .status }?.value.writtenText.map(WrittenText.unlinked)
        if let statusWord, !statusWord.isEmpty { statusWords[statusWord, default: 0] += 1 }
        let isRead = statusWord.flatMap(VocabularyEvidence.status(ofWord:)) == .read
        for entry in entries {
            let folded = CanonicalField.fold(entry.key)
            if isRead { besideReadStatus[folded, default: 0] += 1 }
            guard let text = entry.value.writtenText?.trimmingSpaces, !text.isEmpty else { continue }
            for field in VocabularyEvidence.typedFields {
                if VocabularyEvidence.reads(text, as: field) {
                    support[folded, default: [:]][field, default: 0] += 1
                } else {
                    contradiction[folded, default: [:]][field, default: 0] += 1
                }
            }
        }
    }

    /// Files whose `key` value reads as `field` (every file with the key, for a text field).
    func supporting(_ key: String, as field: CanonicalField, files: Int) -> Int {
        guard VocabularyEvidence.typedFields.contains(field) else { return files }
        return support[CanonicalField.fold(key)]?[field] ?? 0
    }

    /// True when the files' values say `key` is not `field`: more values that do not read as it
    /// than values that do, or (for `finished`) a date that mostly sits in books not read yet —
    /// a Hugo or Jekyll `date` is the day of the post.
    func contradicts(_ key: String, as field: CanonicalField) -> Bool {
        let folded = CanonicalField.fold(key)
        let yes = support[folded]?[field] ?? 0
        let no = contradiction[folded]?[field] ?? 0
        if VocabularyEvidence.typedFields.contains(field), no > yes { return true }
        if field == .finished, folded == "date" { return (besideReadStatus[folded] ?? 0) * 2 < yes }
        return false
    }

    /// The status words to declare (`completed: read`), so that `check --fix` leaves them alone:
    /// for each status, the word most files use for it, when that is not shelf's own. (A rarer
    /// word for the same status is respelled to the vault's usual one by `check --fix`.)
    func proposedStatuses(known: Vocabulary) -> [String: ReadingStatus] {
        var usual: [ReadingStatus: (word: String, count: Int)] = [:]
        for (word, count) in statusWords.sorted(by: { $0.key < $1.key }) {
            guard let status = known.status(fromWord: word) ?? VocabularyEvidence.status(ofWord: word) else { continue }
            if count > usual[status]?.count ?? 0 { usual[status] = (word, count) }
        }
        var words: [String: ReadingStatus] = [:]
        for (status, choice) in usual where choice.word != status.rawValue { words[choice.word] = status }
        return words
    }

    /// A status word of any tool, emoji included (`✅`, `📖`, `📚`, `❌`).
    static func status(ofWord word: String) -> ReadingStatus? {
        if let status = ReadingStatus(alias: word) { return status }
        let emoji: [String: ReadingStatus] = ["✅": .read, "✔️": .read, "📗": .read, "📖": .reading, "👓": .reading,
                                              "📚": .toRead, "🔖": .toRead, "⏳": .toRead, "❌": .abandoned, "🚫": .abandoned]
        return emoji[word.trimmingSpaces]
    }

    static func reads(_ text: String, as field: CanonicalField) -> Bool {
        switch field {
        case .rating: return Rating.read(text) != .invalid
        case .pages: return Int(text).map { $0 >= 0 } ?? false
        case .added, .started, .finished, .published: return BookDate(text) != nil
        default: return true
        }
    }
}
