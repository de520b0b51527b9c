/// The key names and status words a library's files use, when they are not shelf's own: an
/// Obsidian vault written by the Book Search plugin says `author`, `myRate`, `status: unread`.
///
/// shelf reads the user's keys as the canonical fields they stand for, and every edit writes the
/// user's key, in the user's value spelling, so a vault stays uniform and no key is ever renamed.
public struct Vocabulary: Sendable, Equatable {
    /// Canonical field → the key the files use for it.
    public var keys: [CanonicalField: String]
    /// The files' status word → the canonical status.
    var statuses: [String: ReadingStatus]
    /// True when the files join several authors in one string with commas (`author: A, B`), as
    /// Obsidian Book Search does; `;` always separates. (`author_separator: ","` in shelf.yaml.)
    var joinsNamesWithCommas: Bool
    /// The style the vault writes dates in (`2025/04/21`, `[[2025-04-21]]`), for a book's first
    /// date; nil writes ISO. A book that already has a date keeps that one's style.
    /// (`date_style:` in shelf.yaml, an example date.)
    var dateStyle: BookDate.Style?
    /// Keys that are a web page's, not the book's, although shelf would read them as a field
    /// (Hugo's `publishDate` is the post's, not the book's publication): read as the user's own
    /// keys. (`post_keys:` in shelf.yaml.)
    var postKeys: [String] = []
    /// The separator between a title and its author inside the title, when the notes write them
    /// so and no key holds the author (`title: "L'Assommoir - Émile Zola"`, `"Dune by Frank
    /// Herbert"`): ` - ` or ` by `. (`title_author:` in shelf.yaml.)
    var titleAuthorSeparator: String?
    /// True when a note with a title but no value only a book has (an author, an ISBN, a rating,
    /// a status, a reading date…) and keys of a site's page (`layout:`, `categories:`) is not a
    /// book: a blog's posts beside its reviews. (`book_values: required` in shelf.yaml.)
    var requiresBookValues = false
    /// True when a tag string's words are its tags (`tags: philosophy literature` is two), as
    /// Jekyll reads it; a string with a comma is still split at its commas. (`tag_separator: " "`
    /// in shelf.yaml.) Off, a one-string tag with a space is one tag (`science fiction`).
    var splitsTagsAtSpaces = false
    /// First headings that are a section of every note, not its title (a sync plugin's `# 元数据`,
    /// "metadata", opening each note): a note without a title key is titled by its file name
    /// instead. (`section_headings:` in shelf.yaml.)
    var sectionHeadings: [String] = []

    init(keys: [CanonicalField: String] = [:], statuses: [String: ReadingStatus] = [:], joinsNamesWithCommas: Bool = false) {
        self.keys = keys
        self.statuses = statuses
        self.joinsNamesWithCommas = joinsNamesWithCommas
    }

    /// shelf's own names.
    public static let standard = Vocabulary()

    var isStandard: Bool {
        keys.isEmpty && statuses.isEmpty && !joinsNamesWithCommas && dateStyle == nil && postKeys.isEmpty && titleAuthorSeparator == nil
            && !requiresBookValues && !splitsTagsAtSpaces && sectionHeadings.isEmpty
    }

    /// The canonical field a key stands for: the user's map first, then shelf's names and aliases.
    public func field(forKey key: String) -> CanonicalField? {
        if !keys.isEmpty || !postKeys.isEmpty {
            let folded = CanonicalField.fold(key)
            if let mapped = keys.first(where: { CanonicalField.fold($0.value) == folded }) { return mapped.key }
            if postKeys.contains(where: { CanonicalField.fold($0) == folded }) { return nil }
        }
        return CanonicalField(key: key)
    }

    /// True when the keys inside `key`'s map are read as fields (`params.author`): the map is a
    /// site's page values (Hugo's `params:`, Zola's `extra:`), or the user's map names a key in it.
    func readsInside(_ key: String) -> Bool {
        let folded = CanonicalField.fold(key)
        if folded == "params" || folded == "extra" { return true }
        let prefix = key + "."
        return keys.values.contains { $0.hasPrefix(prefix) }
    }

    /// The canonical field a key inside a map stands for, by its dotted path (`params.author`):
    /// the user's map first, else the inner key's own name, as a top-level key would be read.
    func field(forKey path: String, leaf: String) -> CanonicalField? {
        let folded = CanonicalField.fold(path)
        if let mapped = keys.first(where: { CanonicalField.fold($0.value) == folded }) { return mapped.key }
        if postKeys.contains(where: { CanonicalField.fold($0) == folded }) { return nil }
        return CanonicalField(key: leaf)
    }

    /// The key to write a canonical field under.
    func key(for field: CanonicalField) -> String {
        keys[field] ?? field.rawValue
    }

    /// True when `key` is the spelling this vocabulary writes for `field`.
    func isPreferredKey(_ key: String, for field: CanonicalField) -> Bool {
        CanonicalField.fold(key) == CanonicalField.fold(self.key(for: field))
    }

    /// A status word of the files, or any alias shelf knows.
    func status(fromWord word: String) -> ReadingStatus? {
        let trimmed = word.trimmingSpaces
        if let mapped = statuses.first(where: { $0.key.lowercased() == trimmed.lowercased() }) { return mapped.value }
        return ReadingStatus(alias: trimmed)
    }

    /// The word the files use for a status.
    func word(for status: ReadingStatus) -> String {
        statuses.filter { $0.value == status }.map(\.key).sorted().first ?? status.rawValue
    }
}
