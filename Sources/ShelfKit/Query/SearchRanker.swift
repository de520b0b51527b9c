/// Ranks search results: a match in the title counts most, then authors, then series and tags,
/// then ISBN and publisher, then notes; whole words count twice what prefixes do; ties go by title.
enum SearchRanker {
    /// A field a search looks in, with its weight.
    enum Field: String, Sendable, CaseIterable {
        case title, subtitle, authors, series, tags, isbn, publisher, notes

        var weight: Double {
            switch self {
            case .title: return 10
            case .subtitle: return 8
            case .authors: return 6
            case .series, .tags: return 4
            case .isbn, .publisher: return 2
            case .notes: return 1
            }
        }
    }

    /// One ranked book: its score and the fields the terms matched in, best first.
    struct Ranked: Sendable {
        var id: Int32
        var score: Double
        var fields: [Field]
    }

    /// Scores the books `ids` for `terms` (each a word or a phrase's words); `prefixWord` is the
    /// query's last word, which may also match as a prefix.
    static func rank(
        _ ids: [Int32], terms: [[String]], prefixWord: String?, index: LibraryIndex,
        notes: (Book) -> String?
    ) -> [Ranked] {
        var ranked: [Ranked] = []
        // A note word's books, and a prefix's, looked up once per term rather than once per book:
        // a prefix walks every word of the notes.
        let noteBooks = NoteBooks(index: index, terms: terms, prefixWord: prefixWord)
        for id in ids {
            let book = index.books[Int(id)]
            var score = 0.0
            var matched: Set<Field> = []
            // Each field's words, folded once for all the terms.
            var folded: [[[String]]?] = Array(repeating: nil, count: Field.allCases.count)
            for term in terms {
                var best = 0.0
                for (position, field) in Field.allCases.enumerated() {
                    let strength = match(term, in: field, of: book, id: id, noteBooks: noteBooks, prefixWord: prefixWord) {
                        if let words = folded[position] { return words }
                        let words = texts(of: field, in: book, notes: notes).map(TextFolding.words)
                        folded[position] = words
                        return words
                    }
                    guard strength > 0 else { continue }
                    matched.insert(field)
                    best = max(best, field.weight * strength)
                }
                score += best
            }
            ranked.append(Ranked(id: id, score: score, fields: Field.allCases.filter(matched.contains)))
        }
        // Each title folded once, not twice per comparison.
        let keyed = ranked.map { (ranked: $0, titleKey: BookSortKey.titleKey(index.books[Int($0.id)].title)) }
        return keyed.sorted { lhs, rhs in
            if lhs.ranked.score != rhs.ranked.score { return lhs.ranked.score > rhs.ranked.score }
            return lhs.titleKey < rhs.titleKey
        }.map(\.ranked)
    }

    /// 1 for whole words, 0.5 for a prefix, 0 for no match.
    /// - Parameter fieldWords: the folded words of each of the field's texts.
    private static func match(
        _ term: [String], in field: Field, of book: Book, id: Int32, noteBooks: NoteBooks,
        prefixWord: String?, fieldWords: () -> [[String]]
    ) -> Double {
        if field == .isbn {
            guard term.count == 1, let isbn = ISBN.parse(term[0]) else { return 0 }
            return book.isbns13.contains(isbn.isbn13) ? 1 : 0
        }
        if field == .notes && term.count == 1 {
            guard noteBooks.hasNotes else { return 0 }
            if noteBooks.withWord[term[0]]?.contains(id) == true { return 1 }
            if term[0] == prefixWord, noteBooks.withPrefix[term[0]]?.contains(id) == true { return 0.5 }
            return 0
        }
        let words = fieldWords()
        if term.count > 1 { return words.contains { PhraseMatcher.text($0, holds: term) } ? 1 : 0 }
        if words.contains(where: { $0.contains(term[0]) }) { return 1 }
        if term[0] == prefixWord, words.contains(where: { $0.contains { $0.hasPrefix(term[0]) } }) { return 0.5 }
        return 0
    }

    /// The texts of a field, as searched and as snippets are cut from.
    static func texts(of field: Field, in book: Book, notes: (Book) -> String?) -> [String] {
        switch field {
        case .title: return [book.title]
        case .subtitle: return book.subtitle.map { [$0] } ?? []
        case .authors: return book.authors
        case .series: return book.series.map { [$0] } ?? []
        case .tags: return book.tags
        case .isbn: return book.isbn.map { [$0] } ?? []
        case .publisher: return book.publisher.map { [$0] } ?? []
        case .notes: return notes(book).map { [$0] } ?? []
        }
    }
}

/// For each one-word term, the books whose notes hold the word, and (for the query's last word)
/// a word starting with it.
private struct NoteBooks {
    var hasNotes = false
    var withWord: [String: Set<Int32>] = [:]
    var withPrefix: [String: Set<Int32>] = [:]

    init(index: LibraryIndex, terms: [[String]], prefixWord: String?) {
        guard let postings = index.noteWords else { return }
        hasNotes = true
        for term in terms where term.count == 1 && withWord[term[0]] == nil {
            withWord[term[0]] = Set(postings.books(with: term[0]))
            if term[0] == prefixWord { withPrefix[term[0]] = Set(postings.books(withPrefix: term[0])) }
        }
    }
}
