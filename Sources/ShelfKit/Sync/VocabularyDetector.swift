/// Looks at a folder's front matter and says which vocabulary its files use.
public struct VocabularyDetector {
    public struct Report: Sendable {
        /// Every top-level key with the number of files using it, most used first.
        public var keyCounts: [(key: String, count: Int)]
        /// Files with front matter.
        public var files: Int
        /// The preset that fits best, if any fits at all.
        public var preset: VocabularyPreset?
        /// The map to propose: the preset's keys that the files really use.
        public var proposed: Vocabulary
        /// For each proposed key, how many files support it (the key is there and its value
        /// reads as the field).
        public var support: [CanonicalField: Int] = [:]
        /// Mappings left out because the files' values contradict them, with the reason.
        public var rejected: [(field: CanonicalField, key: String, reason: String)] = []
        /// Files whose author value joins several full names with commas, and files whose comma
        /// is one name's (`Le Guin, Ursula K.`).
        public var commaJoinedAuthors: (lists: Int, names: Int) = (0, 0)
        /// The date style most files use, when not shelf's (an example date, proposed as `date_style:`).
        public var dateStyle: (example: String, files: Int, of: Int)?
        /// The layout of notes named by title in one folder (`Books/{title}`), proposed as `filename:`.
        public var layout: (template: String, files: Int, of: Int)?
        /// Hugo's post keys (`date`, `publishDate`, `draft`…) with the files using each: the
        /// post's, not the book's.
        public var postKeys: [(key: String, count: Int)] = []
        /// Files marked `draft: true`.
        public var drafts: [String] = []

        /// The settings to propose for shelf.yaml, commented.
        public var settings: String {
            var text = VocabularyPreset.settings(for: proposed, comment: "Vocabulary detected: \(preset?.summary ?? "the files' own habits")")
            if let layout {
                text += "# New books go where and under which names your notes are (\(layout.files) of \(layout.of) named by title).\n"
                // Always quoted: a template that starts with `{` would otherwise be a YAML map.
                text += "filename: \"\(layout.template)\"\nfilename_style: as-written\n"
            }
            return text
        }

        /// True when the proposal reads `author: A, B` as two authors (`author_separator: ","`).
        public var proposesCommaSeparator: Bool { proposed.joinsNamesWithCommas }

        /// True when nothing needs to be written for shelf to read and write the files their way.
        public var needsNoSettings: Bool { proposed.isStandard && layout == nil }
    }

    public let library: Library

    public init(library: Library) {
        self.library = library
    }

    public func run() throws(FileError) -> Report {
        var counts: [String: Int] = [:]
        var files = 0
        var evidence = VocabularyEvidence()
        var habits = VaultHabits()
        for path in try BookFileScanner.scan(root: library.root) {
            guard let bytes = try? FileIO.read(library.absolutePath(path)),
                  let frontMatter = try? BookDocument(bytes: bytes).frontMatter, !frontMatter.entries.isEmpty else { continue }
            files += 1
            for key in Set(frontMatter.entries.map(\.key)) { counts[key, default: 0] += 1 }
            evidence.record(frontMatter.values)
            habits.record(frontMatter.values, path: path)
        }
        let folded = Dictionary(counts.map { (CanonicalField.fold($0.key), $0.value) }, uniquingKeysWith: +)
        let scored = VocabularyPreset.all.map { preset in
            (preset, preset.signatureKeys.reduce(0) { $0 + (folded[CanonicalField.fold($1)] ?? 0) })
        }
        let best = scored.filter { $0.1 > 0 }.max { $0.1 < $1.1 }?.0
        var proposed = Vocabulary()
        var support: [CanonicalField: Int] = [:]
        var rejected: [(field: CanonicalField, key: String, reason: String)] = []
        if let best {
            // Every key of the tool's vocabulary, so that fields the files have not used yet (a
            // first `shelf start`) are written the tool's way too; in the files' own spelling
            // (myRate or my_rate) where they use one. A key whose values say it is something
            // else (a post's `date`, a `total` of words) is left out, and the report says why.
            for (field, key) in best.vocabulary.keys.sorted(by: { $0.key.ordinal < $1.key.ordinal }) {
                let written = counts.filter { CanonicalField.fold($0.key) == CanonicalField.fold(key) }.max { $0.value < $1.value }
                let spelled = written?.key ?? key
                if written != nil, evidence.contradicts(spelled, as: field) {
                    rejected.append((field, spelled, field == .finished && CanonicalField.fold(spelled) == "date"
                                     ? "most files with it are not read yet: it is the post's date"
                                     : "most of its values are not \(field.rawValue == "rating" ? "ratings" : field == .pages ? "page counts" : "dates")"))
                    continue
                }
                proposed.keys[field] = spelled
                support[field] = written.map { evidence.supporting(spelled, as: field, files: $0.value) } ?? 0
            }
            // A post key is declared only where the files have it.
            proposed.postKeys = best.vocabulary.postKeys.compactMap { key in
                counts.keys.filter { CanonicalField.fold($0) == CanonicalField.fold(key) }.max { counts[$0] ?? 0 < counts[$1] ?? 0 }
            }
            for (word, status) in best.vocabulary.statuses where word != status.rawValue {
                proposed.statuses[word] = status
            }
        }
        // Names joined by commas, with or without a tool known to write them so.
        proposed.joinsNamesWithCommas = habits.joinsNamesWithCommas(expected: best?.vocabulary.joinsNamesWithCommas == true)
        proposed.dateStyle = habits.usualDateStyle.flatMap { BookDate($0.example)?.style }
        // The status words the files use, so that `check --fix` never respells hundreds of them.
        for (word, status) in evidence.proposedStatuses(known: proposed) where proposed.statuses[word] == nil {
            proposed.statuses[word] = status
        }
        let keyCounts = counts.map { (key: $0.key, count: $0.value) }.sorted { ($0.count, $1.key) > ($1.count, $0.key) }
        var report = Report(keyCounts: keyCounts, files: files, preset: best, proposed: proposed, support: support, rejected: rejected)
        report.commaJoinedAuthors = (habits.commaLists, habits.commaNames)
        report.dateStyle = habits.usualDateStyle
        report.layout = habits.titleLayout
        report.postKeys = habits.postKeys.map { (key: $0.key, count: $0.value) }.sorted { ($0.count, $1.key) > ($1.count, $0.key) }
        report.drafts = habits.drafts
        return report
    }
}
