/// Vocabularies other tools write, ready to use: `shelf init --preset NAME`, and what
/// `shelf detect` recognises.
public struct VocabularyPreset: Sendable {
    /// The name `--preset` takes (`obsidian`).
    public var name: String
    /// One line saying which tool writes these keys.
    public var summary: String
    /// The keys and status words the preset maps.
    public var vocabulary: Vocabulary
    /// Keys whose presence says a file was written in this vocabulary.
    var signatureKeys: [String]

    /// The Obsidian Book Search plugin's default template (camelCase; snake_case reads the same,
    /// since keys compare without case, `_` and `-`).
    public static let obsidianBookSearch = VocabularyPreset(
        name: "obsidian-book-search",
        summary: "Obsidian's Book Search plugin (author, category, publish, total, myRate, startReadDate…)",
        vocabulary: Vocabulary(
            keys: [
                .authors: "author", .genres: "category", .published: "publish", .pages: "total", .rating: "myRate",
                .started: "startReadDate", .finished: "finishReadDate", .tags: "tag", .added: "created",
            ],
            statuses: ["unread": .toRead, "reading": .reading, "read": .read],
            // The plugin fills `author: "{{author}}"` with every author joined by commas.
            joinsNamesWithCommas: true),
        signatureKeys: [
            "category", "publish", "total", "totalPage", "coverUrl", "localCover", "isbn13", "isbn10", "myRate",
            "startReadDate", "finishReadDate", "created", "updated",
        ])

    /// Hugo or Jekyll posts about books.
    static let hugo = VocabularyPreset(
        name: "hugo",
        summary: "Hugo/Jekyll book posts (book_author, categories, date)",
        vocabulary: {
            var vocabulary = Vocabulary(keys: [.authors: "book_author", .genres: "categories", .finished: "date"])
            // The post's publication, not the book's.
            vocabulary.postKeys = ["publishDate"]
            return vocabulary
        }(),
        signatureKeys: ["book_author", "categories", "date", "draft", "slug", "publishDate"])

    /// Every preset shelf knows, in the order help lists them.
    public static let all = [obsidianBookSearch, hugo]

    /// The preset called `name`; nil when there is none.
    public static func named(_ name: String) -> VocabularyPreset? {
        all.first { $0.name == name }
    }

    /// The `fields:` and `statuses:` settings for shelf.yaml.
    var settings: String {
        VocabularyPreset.settings(for: vocabulary, comment: "Vocabulary: \(summary)")
    }

    /// `fields:` and `statuses:` lines for a vocabulary.
    static func settings(for vocabulary: Vocabulary, comment: String) -> String {
        var text = "# \(comment)\n# shelf reads and writes these keys instead of its own names (docs/vocabularies.md).\n"
        if !vocabulary.keys.isEmpty { text += "fields:\n" }
        for field in CanonicalField.allCases {
            if let key = vocabulary.keys[field] { text += "  \(field.rawValue): \(YAMLScalarWriter.string(key))\n" }
        }
        if !vocabulary.statuses.isEmpty {
            text += "statuses:\n"
            // A word that is already shelf's (`read: read`) needs no line.
            for (word, status) in vocabulary.statuses.sorted(by: { ($0.value, $0.key) < ($1.value, $1.key) }) where word != status.rawValue
            {
                text += "  \(YAMLScalarWriter.string(word)): \(status.rawValue)\n"
            }
        }
        if vocabulary.joinsNamesWithCommas {
            text += "# Several authors in one value are joined with commas (author: A, B).\nauthor_separator: \",\"\n"
        }
        if vocabulary.splitsTagsAtSpaces {
            text += "# A tag string's words are its tags (tags: a b), as Jekyll reads them.\ntag_separator: \" \"\n"
        }
        if !vocabulary.postKeys.isEmpty {
            text += "# The post's keys, not the book's: read as your own keys, not as shelf's fields.\n"
            text += "post_keys: \(ListSplicer.flowList(vocabulary.postKeys))\n"
        }
        if let separator = vocabulary.titleAuthorSeparator {
            text += "# Titles hold their author (\"Title\(separator)Author\") where no key gives one.\n"
            text += "title_author: \"\(separator)\"\n"
        }
        if !vocabulary.sectionHeadings.isEmpty {
            text += "# Headings that open every note, not its title: such a note is titled by its file name.\n"
            text += "section_headings: \(ListSplicer.flowList(vocabulary.sectionHeadings))\n"
        }
        if vocabulary.requiresBookValues {
            text +=
                "# A note with a title and nothing only a book has (an author, ISBN, rating, status, reading date) is a page, not a book.\n"
            text += "book_values: required\n"
        }
        if let style = vocabulary.dateStyle {
            text += "# A book's first date is written the way your notes write dates.\n"
            text += "date_style: \(YAMLScalarWriter.string(VaultHabits.exampleDate.text(in: style)))\n"
        }
        return text
    }
}
