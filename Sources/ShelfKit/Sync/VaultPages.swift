/// What `shelf detect` reads of each note beyond its keys' values: its title and the keys it
/// fills. From them it finds titles that hold their author (`L'Assommoir - Émile Zola`, `Odyssey
/// by Homer`), a site owner's name on every page, and a site's pages beside its books (a blog's
/// posts in a Jekyll `_posts` folder of reviews).
struct VaultPages {
    struct Note {
        var path: String
        /// The `title:` key's text, unlinked; nil without one.
        var title: String?
        /// Every top-level key (folded), and those holding a value.
        var keys: Set<String>
        var filled: Set<String>
        /// A Douban card line gives the authors (`douban: {subtitle: "A / 2015 / P"}`).
        var cardAuthors: Bool
        /// The body's first `# heading`, read only for a note without a title key.
        var heading: String?
    }

    private(set) var notes: [Note] = []

    mutating func record(_ entries: [FieldEntry], path: String, heading: () -> String?) {
        let title = entries.last { CanonicalField.fold($0.key) == "title" }?.value.writtenText.map {
            WrittenText.unlinked($0.trimmingSpaces)
        }
        let filled = entries.filter { !$0.value.texts.allSatisfy { $0.trimmingSpaces.isEmpty } || $0.value.isNonEmptyMap }
        notes.append(
            Note(
                path: path, title: title.flatMap { $0.isEmpty ? nil : $0 }, keys: Set(entries.map { CanonicalField.fold($0.key) }),
                filled: Set(filled.map { CanonicalField.fold($0.key) }),
                cardAuthors: !(Book.doubanCard(in: entries)?.authors.isEmpty ?? true), heading: title == nil ? heading() : nil))
    }

    /// First headings that open the notes without a title key rather than name them (a sync
    /// plugin's `# 元数据` on every note), with the notes holding them, of the notes with such a
    /// heading: each one at least three notes and half of them share. Nil when there is none.
    func sectionHeadings() -> (headings: [String], files: Int, of: Int)? {
        var counts: [String: Int] = [:]
        for note in notes { if let heading = note.heading { counts[heading, default: 0] += 1 } }
        let total = counts.values.reduce(0, +)
        let shared = counts.filter { $0.value >= 3 && $0.value * 2 >= total }
        guard !shared.isEmpty else { return nil }
        return (shared.keys.sorted(), shared.values.reduce(0, +), total)
    }

    /// The separator (` by `, ` - `) most titles hold their author by, among the notes no key
    /// gives an author (`isAuthorKey`), with the files supporting it: at least three, and a third
    /// of the notes with a title. Nil otherwise.
    func titleAuthorSeparator(isAuthorKey: (String) -> Bool) -> (separator: String, files: Int, of: Int)? {
        let titled = notes.filter { $0.title != nil }
        let counts = [" by ", " - "].map { separator in
            (
                separator,
                titled.filter { note in
                    !note.filled.contains(where: isAuthorKey)
                        && note.title.flatMap { Book.titleWithAuthor(in: $0, separator: separator, path: note.path) } != nil
                }.count
            )
        }
        guard let best = counts.max(by: { $0.1 < $1.1 }), best.1 >= 3, best.1 * 3 >= titled.count else { return nil }
        return (best.0, best.1, titled.count)
    }

    /// Notes with a title and book values (`isBookKey`, an author in the title by `separator`,
    /// a Douban card), and notes with a title, none of them, and only a site page's keys beside it
    /// (`layout:`, `categories:`, `comments:`): the pages are no books when the books are at least
    /// ten and a third of the notes with a title. Nil otherwise.
    func pagesBesideBooks(isBookKey: (String) -> Bool, separator: String?) -> (books: Int, pages: [String])? {
        var books = 0
        var pages: [String] = []
        var titled = 0
        for note in notes {
            guard let title = note.title else { continue }
            titled += 1
            if note.filled.contains(where: isBookKey) || note.cardAuthors
                || separator.flatMap({ Book.titleWithAuthor(in: title, separator: $0, path: note.path) }) != nil
            {
                books += 1
            } else if Book.isSitePage(keys: note.keys) {
                pages.append(note.path)
            }
        }
        guard books >= 10, books * 3 >= titled, !pages.isEmpty else { return nil }
        return (books, pages)
    }
}

extension FieldValue {
    /// A map with at least one entry (`book: {title: …}`).
    fileprivate var isNonEmptyMap: Bool {
        if case .map(let entries) = self { return !entries.isEmpty }
        return false
    }
}
