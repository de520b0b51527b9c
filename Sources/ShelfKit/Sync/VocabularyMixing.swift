import ShelfPresentation

/// Real mixing of a vault's vocabulary, for `shelf check`: books that hold a field under another
/// key than the one the library writes, without that key. Counted over the whole library and
/// reported once per key, with the number of files: a vault's own consistent habit (a post's
/// `author` beside the book's `book-authors` on every page) is no mixing at all.
struct VocabularyMixing {
    private struct Count {
        var wanted: String
        var files: Int
        var first: String
        var line: Int
        var column: Int
    }

    /// By the key as written.
    private var counts: [String: Count] = [:]

    /// Records one book. `position` gives the line and column of a key in the file.
    mutating func record(_ book: Book, path: String, vocabulary: Vocabulary, position: (String) -> (line: Int, column: Int)) {
        guard !vocabulary.keys.isEmpty else { return }
        for field in book.fields {
            guard let canonical = field.canonical, let wanted = vocabulary.keys[canonical],
                !vocabulary.isPreferredKey(field.key, for: canonical),
                // A file that holds the library's key too is read from it: the other is not mixing.
                !book.fields.contains(where: { vocabulary.isPreferredKey($0.key, for: canonical) }),
                // `isbn10` where the library writes `isbn13` is the other form of an ISBN, not another name for the key.
                !VocabularyMixing.areISBNForms(field.key, wanted)
            else { continue }
            if counts[field.key] == nil {
                let at = position(field.key)
                counts[field.key] = Count(wanted: wanted, files: 0, first: path, line: at.line, column: at.column)
            }
            counts[field.key]?.files += 1
        }
    }

    /// True when the two keys are named for the two forms of an ISBN (`isbn10` and `isbn13`,
    /// `book.isbn10` and `book.isbn13`), which Book Search and Goodreads keep side by side.
    static func areISBNForms(_ key: String, _ other: String) -> Bool {
        func form(_ key: String) -> String? {
            let leaf = CanonicalField.fold(String(key.split(separator: ".").last ?? Substring(key)))
            return leaf == "isbn10" || leaf == "isbn13" ? leaf : nil
        }
        guard let one = form(key), let two = form(other) else { return false }
        return one != two
    }

    /// One warning per key, at the first file holding it.
    var findings: [CheckFinding] {
        counts.sorted { $0.key < $1.key }.map { key, count in
            let files = count.files == 1 ? "this file" : "this file and \(Plural.count(count.files - 1, "other"))"
            return CheckFinding(
                path: count.first, line: count.line, column: count.column, code: "mixed-vocabulary", severity: .warning,
                message: "`\(key)` in \(files), where this library's vocabulary writes `\(count.wanted)`")
        }
    }
}
