/// What a folder's values say about its keys: for each key the files use, how many files hold it,
/// how many of its values read as each field its name may stand for, whether those values vary
/// from file to file, and the status words written under it. Keys inside a map (Hugo's
/// `params: {author:}`) are recorded apart, spelled by their path (`params.author`).
struct VocabularyEvidence {
    /// What the files hold under one key (keys compare folded: `myRate` and `my_rate` are one).
    struct KeyRecord {
        /// Each spelling with the files using it.
        var spellings: [String: Int] = [:]
        /// Files holding the key, and those with a value that is not empty.
        var files = 0
        var filled = 0
        /// Per field its name may stand for: files with a value that reads as it.
        var support: [CanonicalField: Int] = [:]
        /// Per field: up to two distinct values that read as it (two say the values vary).
        var distinct: [CanonicalField: Set<String>] = [:]
        /// Files whose value is a list.
        var lists = 0
        /// A value as written, for the report (`jordan-b-peterson`).
        var example: String?
        /// Files where the key sits beside a status meaning "read" (a Hugo `date` that is really
        /// the day a book was finished), and beside any other status (a post's date on a book
        /// still to read).
        var besideReadStatus = 0
        var besideOtherStatus = 0
        /// Status words as written under the key, with the files using each.
        var statusWords: [String: Int] = [:]
        /// For a key that may hold authors: its values that read as names, with the files holding
        /// each (the first 64 values): one value on nearly every file is the site owner's name.
        var names: [String: Int] = [:]
        /// For a key whose name says it may hold labels (`topics`, `categories`): each label,
        /// folded, with the files holding it (see `VocabularyLabels`).
        var labels: [String: Int] = [:]
        /// Files holding two labels or more under the key.
        var severalLabelFiles = 0

        /// The files holding the one name most of them hold.
        var commonestNameFiles: Int { names.values.max() ?? 0 }

        /// The spelling most files use.
        var spelling: String { spellings.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? "" }

        /// True when the values that read as `field` are not all one value.
        func varies(as field: CanonicalField) -> Bool { (distinct[field]?.count ?? 0) > 1 }
    }

    /// Top-level keys, by folded name.
    private(set) var keys: [String: KeyRecord] = [:]
    /// Keys inside maps, by their dotted path (`params.author`).
    private(set) var nested: [String: KeyRecord] = [:]

    /// Records the top-level entries of one file.
    mutating func record(_ entries: [FieldEntry]) {
        let status = VocabularyEvidence.fileStatus(entries)
        var seen: Set<String> = []
        for entry in entries {
            let folded = CanonicalField.fold(entry.key)
            guard seen.insert(folded).inserted else { continue }
            VocabularyEvidence.add(entry, to: &keys[folded, default: KeyRecord()], status: status)
            if case .map(let inner) = entry.value { recordNested(inner, under: entry.key, depth: 1) }
        }
    }

    /// Keys inside a map, a few levels down.
    private mutating func recordNested(_ entries: [FieldEntry], under path: String, depth: Int) {
        guard depth <= 3 else { return }
        for entry in entries {
            let inner = path + "." + entry.key
            VocabularyEvidence.add(FieldEntry(key: inner, value: entry.value), to: &nested[inner, default: KeyRecord()], status: nil)
            if case .map(let deeper) = entry.value { recordNested(deeper, under: inner, depth: depth + 1) }
        }
    }

    /// The status a file's status key gives, written as one word or among shelves (`booklists:
    /// [completed, favorites]`), so that a file reads the same whichever way its status is kept.
    private static func fileStatus(_ entries: [FieldEntry]) -> ReadingStatus? {
        for entry in entries where FieldHints.fields(forKey: entry.key).contains(.status) {
            for text in entry.value.texts {
                if let status = VocabularyEvidence.status(ofWord: WrittenText.unlinked(text.trimmingSpaces)) { return status }
            }
        }
        return nil
    }

    private static func add(_ entry: FieldEntry, to record: inout KeyRecord, status: ReadingStatus?) {
        record.spellings[entry.key, default: 0] += 1
        record.files += 1
        if status == .read { record.besideReadStatus += 1 } else if status != nil { record.besideOtherStatus += 1 }
        let texts = entry.value.texts.map { $0.trimmingSpaces }.filter { !$0.isEmpty }
        var isList = false
        if case .list = entry.value { record.lists += 1; isList = true }
        guard !texts.isEmpty else { return }
        record.filled += 1
        if record.example == nil { record.example = texts[0] }
        record.recordLabels(texts, key: entry.key)
        for field in FieldHints.fields(forKey: entry.key) {
            let reading = texts.filter { ValueShape.reads($0, as: field) }
            // A list reads as the field when most of its items do (a list of authors); a list of
            // shelves holds a status when one item is a status word (`[to-read, favorites]`).
            let shelves = field == .status && isList && reading.count == 1
            guard !reading.isEmpty, shelves || reading.count * 2 >= texts.count else { continue }
            record.support[field, default: 0] += 1
            if (record.distinct[field]?.count ?? 0) < 2 { record.distinct[field, default: []].insert(reading.joined(separator: "; ")) }
            if field == .authors, record.names.count < 64 || record.names[reading.joined(separator: "; ")] != nil {
                record.names[reading.joined(separator: "; "), default: 0] += 1
            }
            if field == .status, case .scalar(let word, _) = entry.value {
                record.statusWords[WrittenText.unlinked(word.trimmingSpaces), default: 0] += 1
            } else if shelves {
                record.statusWords[WrittenText.unlinked(reading[0]), default: 0] += 1
            }
        }
    }

    /// The records of every top-level key.
    var allKeys: [KeyRecord] { Array(keys.values) }

    /// The record of a top-level key.
    func record(of key: String) -> KeyRecord? { keys[CanonicalField.fold(key)] }

    /// The status words to declare (`completed: read`), from the key the status is read from, so
    /// that `check --fix` leaves them alone: for each status, the word most files use for it,
    /// when that is not shelf's own. (A rarer word for the same status is respelled to the
    /// vault's usual one by `check --fix`.)
    func proposedStatuses(key: String, known: Vocabulary) -> [String: ReadingStatus] {
        var usual: [ReadingStatus: (word: String, count: Int)] = [:]
        for (word, count) in (record(of: key)?.statusWords ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let status = known.status(fromWord: word) ?? VocabularyEvidence.status(ofWord: word) else { continue }
            if count > usual[status]?.count ?? 0 { usual[status] = (word, count) }
        }
        var words: [String: ReadingStatus] = [:]
        for (status, choice) in usual where choice.word != status.rawValue { words[choice.word] = status }
        return words
    }

    /// A status word of any tool or language, emoji included (`✅`, `📖`, `📚`, `❌`, `读过`).
    static func status(ofWord word: String) -> ReadingStatus? {
        if let status = ReadingStatus(alias: word) { return status }
        let emoji: [String: ReadingStatus] = [
            "✅": .read, "✔️": .read, "📗": .read, "📖": .reading, "👓": .reading,
            "📚": .toRead, "🔖": .toRead, "⏳": .toRead, "❌": .abandoned, "🚫": .abandoned,
        ]
        return emoji[word.trimmingSpaces]
    }
}
