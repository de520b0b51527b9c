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
    }

    public let library: Library

    public init(library: Library) {
        self.library = library
    }

    public func run() throws(FileError) -> Report {
        var counts: [String: Int] = [:]
        var files = 0
        for path in try BookFileScanner.scan(root: library.root) {
            guard let bytes = try? FileIO.read(library.absolutePath(path)),
                  let frontMatter = try? BookDocument(bytes: bytes).frontMatter, !frontMatter.entries.isEmpty else { continue }
            files += 1
            for key in Set(frontMatter.entries.map(\.key)) { counts[key, default: 0] += 1 }
        }
        let folded = Dictionary(counts.map { (CanonicalField.fold($0.key), $0.value) }, uniquingKeysWith: +)
        let scored = VocabularyPreset.all.map { preset in
            (preset, preset.signatureKeys.reduce(0) { $0 + (folded[CanonicalField.fold($1)] ?? 0) })
        }
        let best = scored.filter { $0.1 > 0 }.max { $0.1 < $1.1 }?.0
        var proposed = Vocabulary()
        if let best {
            // Every key of the tool's vocabulary, so that fields the files have not used yet (a
            // first `shelf start`) are written the tool's way too; in the files' own spelling
            // (myRate or my_rate) where they use one.
            for (field, key) in best.vocabulary.keys {
                proposed.keys[field] = counts.filter { CanonicalField.fold($0.key) == CanonicalField.fold(key) }.max { $0.value < $1.value }?.key ?? key
            }
            for (word, status) in best.vocabulary.statuses where word != status.rawValue {
                proposed.statuses[word] = status
            }
        }
        let keyCounts = counts.map { (key: $0.key, count: $0.value) }.sorted { ($0.count, $1.key) > ($1.count, $0.key) }
        return Report(keyCounts: keyCounts, files: files, preset: best, proposed: proposed)
    }
}
