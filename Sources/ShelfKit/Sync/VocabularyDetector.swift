/// Looks at a folder's front matter and says which vocabulary its files use.
public struct VocabularyDetector {
    /// What the files use, and the vocabulary to propose.
    public struct Report: Sendable {
        /// Every top-level key with the number of files using it, most used first.
        public var keyCounts: [(key: String, count: Int)]
        /// Files with front matter.
        public var files: Int
        /// The tool whose vocabulary the proposal mostly is, if any: a name for it, never a source
        /// of keys.
        public var preset: VocabularyPreset?
        /// The map to propose: for each field, the key the files use for it, chosen by what its
        /// values look like; never a key no file holds.
        public var proposed: Vocabulary
        /// For each proposed key, how many files support it (the key is there and its value
        /// reads as the field).
        public var support: [CanonicalField: Int] = [:]
        /// Mappings left out because the files' values contradict them, with the reason.
        public var rejected: [(field: CanonicalField, key: String, reason: String)] = []
        /// Where two keys compete for a field: the one chosen, the one passed over, and why.
        public var preferences: [(field: CanonicalField, chosen: String, over: String, reason: String)] = []
        /// Keys inside maps (`params.author`) whose values read as a field, with the files holding
        /// them, that another key won the field from (a chosen one is in `proposed`).
        public var nested: [(path: String, field: CanonicalField, files: Int)] = []
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
        /// Files whose tags are one string of words with no comma, and files whose tag string has a comma.
        public var tagStrings = (spaced: 0, comma: 0)
        /// Files that keep book fields inline in their body (`rating:: 4`), which shelf reads as they are.
        public var inlineFieldFiles = 0
        /// Titles that hold their author (`title_author:`): the separator, the files, of the files with a title.
        public var titleAuthors: (separator: String, files: Int, of: Int)?
        /// A site's pages beside its books (`book_values: required`): the books, and the pages not listed.
        public var sitePages: (books: Int, pages: [String])?
        /// Headings that open the notes rather than name them (`section_headings:`): the headings,
        /// the notes holding them, of the notes without a title key that have a first heading.
        public var sectionHeadings: (headings: [String], files: Int, of: Int)?

        /// The settings to propose for shelf.yaml, commented.
        public var settings: String {
            var text = VocabularyPreset.settings(
                for: proposed, comment: "Vocabulary detected: \(preset?.summary ?? "the files' own habits")")
            if let layout {
                text += "# New books go where and under which names your notes are (\(layout.files) of \(layout.of) named by title).\n"
                // Always quoted: a template that starts with `{` would otherwise be a YAML map.
                text += "filename: \"\(layout.template)\"\nfilename_style: as-written\n"
            }
            return text
        }

        /// True when the proposal reads `tags: a b` as two tags (`tag_separator: " "`).
        public var proposesSpacedTags: Bool { proposed.splitsTagsAtSpaces }

        /// True when the proposal reads `author: A, B` as two authors (`author_separator: ","`).
        public var proposesCommaSeparator: Bool { proposed.joinsNamesWithCommas }

        /// True when nothing needs to be written for shelf to read and write the files their way.
        public var needsNoSettings: Bool { proposed.isStandard && layout == nil }
    }

    let library: Library

    /// Looks at the files of `library`.
    public init(library: Library) {
        self.library = library
    }

    /// Reads every file's front matter and proposes the library's vocabulary.
    /// - Throws: `FileError` when the library's folder cannot be listed.
    public func run() throws(FileError) -> Report {
        var counts: [String: Int] = [:]
        var files = 0
        var evidence = VocabularyEvidence()
        var habits = VaultHabits()
        var inlineFieldFiles = 0
        var pages = VaultPages()
        for path in try BookFileScanner.scan(root: library.root) {
            guard let bytes = try? FileIO.read(library.absolutePath(path)), let document = try? BookDocument(bytes: bytes) else { continue }
            // Dataview's inline fields (`rating:: 4`) are read as they are; detect only says so.
            if InlineFields.fields(in: document.bytes[document.bodyRange]).contains(where: { CanonicalField(key: $0.key) != nil }) {
                inlineFieldFiles += 1
            }
            guard let frontMatter = document.frontMatter, !frontMatter.entries.isEmpty else { continue }
            files += 1
            for key in Set(frontMatter.entries.map(\.key)) { counts[key, default: 0] += 1 }
            evidence.record(frontMatter.values)
            habits.record(frontMatter.values, path: path)
            pages.record(frontMatter.values, path: path) { Book.firstHeading(in: document.bytes[document.bodyRange]) }
        }
        let choice = VocabularyChoice(evidence)
        var proposed = Vocabulary(keys: choice.keys)
        let preset = VocabularyDetector.resemblance(of: choice.keys, counts: counts)
        // Hugo's `publishDate` is the post's; declared only where the files have it.
        if preset?.name == VocabularyPreset.hugo.name {
            proposed.postKeys = VocabularyPreset.hugo.vocabulary.postKeys.compactMap { key in
                counts.keys.filter { CanonicalField.fold($0) == CanonicalField.fold(key) }.max { counts[$0] ?? 0 < counts[$1] ?? 0 }
            }
        }
        proposed.postKeys += choice.demoted.filter { !proposed.postKeys.contains($0) }
        // A post's key is never a field's as well.
        proposed.keys = proposed.keys.filter { _, key in !proposed.postKeys.contains { CanonicalField.fold($0) == CanonicalField.fold(key) }
        }
        // Names joined by commas, with or without a tool known to write them so.
        proposed.joinsNamesWithCommas = habits.joinsNamesWithCommas(expected: preset?.vocabulary.joinsNamesWithCommas == true)
        proposed.splitsTagsAtSpaces = habits.separatesTagsWithSpaces
        proposed.dateStyle = habits.usualDateStyle.flatMap { BookDate($0.example)?.style }
        // The status words the files use, so that `check --fix` never respells hundreds of them.
        let statusKey = proposed.key(for: .status)
        for (word, status) in evidence.proposedStatuses(key: statusKey, known: proposed) where proposed.statuses[word] == nil {
            proposed.statuses[word] = status
        }
        let (titleAuthors, sitePages, owner) = VocabularyDetector.titlesAndPages(pages, evidence, &proposed)
        let sections = pages.sectionHeadings()
        proposed.sectionHeadings = sections?.headings ?? []
        let keyCounts = counts.map { (key: $0.key, count: $0.value) }.sorted { ($0.count, $1.key) > ($1.count, $0.key) }
        var report = Report(
            keyCounts: keyCounts, files: files, preset: preset, proposed: proposed, support: choice.support,
            rejected: choice.rejected)
        report.preferences = choice.preferences
        report.nested = choice.nested
        report.commaJoinedAuthors = (habits.commaLists, habits.commaNames)
        report.dateStyle = habits.usualDateStyle
        report.layout = habits.titleLayout
        report.postKeys = habits.postKeys.map { (key: $0.key, count: $0.value) }.sorted { ($0.count, $1.key) > ($1.count, $0.key) }
        report.drafts = habits.drafts
        report.inlineFieldFiles = inlineFieldFiles
        report.titleAuthors = titleAuthors
        report.sitePages = sitePages
        report.sectionHeadings = sections
        if let owner { report.preferences.append(owner) }
        report.tagStrings = (habits.spacedTagStrings, habits.commaTagStrings)
        return report
    }

    /// The known tool whose keys the chosen ones mostly are (at least two of them, and more than
    /// half of the map), or nil: a name for the vocabulary, never a source of keys.
    static func resemblance(of keys: [CanonicalField: String], counts: [String: Int]) -> VocabularyPreset? {
        let folded = Dictionary(counts.map { (CanonicalField.fold($0.key), $0.value) }, uniquingKeysWith: +)
        let scored = VocabularyPreset.all.map { preset in
            (preset, preset.signatureKeys.reduce(0) { $0 + (folded[CanonicalField.fold($1)] ?? 0) })
        }
        guard let best = scored.filter({ $0.1 > 0 }).max(by: { $0.1 < $1.1 })?.0 else { return nil }
        let shared = keys.filter { field, key in
            best.vocabulary.keys[field].map { CanonicalField.fold($0) == CanonicalField.fold(key) } ?? false
        }.count
        return shared >= 2 && shared * 2 > keys.count ? best : nil
    }

    /// Titles that hold their author and a site's pages beside its books, proposed into `proposed`;
    /// first, an author key holding one name on nearly every file (the site owner's, `author:
    /// [Rejman Jiří]`) is declared the page's own key when the titles then give the authors.
    static func titlesAndPages(
        _ pages: VaultPages, _ evidence: VocabularyEvidence, _ proposed: inout Vocabulary
    ) -> ((separator: String, files: Int, of: Int)?, (books: Int, pages: [String])?, VocabularyChoice.Preference?) {
        var owner: VocabularyChoice.Preference?
        let authorsKey = proposed.key(for: .authors)
        if let record = evidence.record(of: authorsKey), record.filled >= 5, record.commonestNameFiles * 10 >= record.filled * 9 {
            let folded = CanonicalField.fold(authorsKey)
            let others = pages.titleAuthorSeparator { $0 != folded && proposed.field(forKey: $0) == .authors }
            if let others, others.files * 2 >= record.filled {
                proposed.postKeys.append(record.spelling)
                proposed.keys[.authors] = nil
                owner = (
                    field: .authors, chosen: "the title", over: record.spelling,
                    reason:
                        "\(record.commonestNameFiles) of \(record.filled) files give `\(record.spelling)` one name (\(record.example ?? "")), "
                        + "the site owner's; \(others.files) titles hold the book's (\"Title\(others.separator)Author\")"
                )
            }
        }
        let titles = pages.titleAuthorSeparator { proposed.field(forKey: $0) == .authors }
        proposed.titleAuthorSeparator = titles?.separator
        let bookFields: Set<CanonicalField> = [
            .authors, .isbn, .status, .rating, .started, .finished, .series, .pages, .publisher, .goodreads,
        ]
        let site = pages.pagesBesideBooks(
            isBookKey: { proposed.field(forKey: $0).map(bookFields.contains) ?? false }, separator: titles?.separator)
        proposed.requiresBookValues = site != nil
        return (titles, site, owner)
    }
}
