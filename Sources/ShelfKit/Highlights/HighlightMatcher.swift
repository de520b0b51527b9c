/// Finds the library book a device's book is: by ISBN, then by title and an author, then — as a
/// fuzzy match a person confirms — by the title without its subtitle, series or edition notes
/// (`Dune (Dune Chronicles, Book 1)`, `Dune: Deluxe Edition`) and a shared author surname.
struct HighlightMatcher {
    enum Match: Equatable {
        case isbn(Book)
        case titleAndAuthor(Book)
        /// Needs the reader's confirmation.
        case fuzzy(Book)

        var book: Book {
            switch self {
            case .isbn(let book), .titleAndAuthor(let book), .fuzzy(let book): return book
            }
        }

        var reason: String {
            switch self {
            case .isbn: return "ISBN"
            case .titleAndAuthor: return "title and author"
            case .fuzzy: return "similar title"
            }
        }
    }

    private let books: [Book]
    private var byISBN: [String: Int] = [:]
    private var byTitle: [String: [Int]] = [:]
    private var byShortTitle: [String: [Int]] = [:]

    init(books: [Book]) {
        self.books = books
        for (id, book) in books.enumerated() {
            for isbn in book.isbns13 where byISBN[isbn] == nil { byISBN[isbn] = id }
            byTitle[ImportMatcher.titleKey(book.title), default: []].append(id)
            if let subtitle = book.subtitle { byTitle[ImportMatcher.titleKey(book.title + " " + subtitle), default: []].append(id) }
            byShortTitle[HighlightMatcher.shortTitle(book.title), default: []].append(id)
        }
    }

    func match(_ source: HighlightedBook) -> Match? {
        if let isbn = source.isbn, let id = byISBN[isbn] { return .isbn(books[id]) }
        let candidates = byTitle[ImportMatcher.titleKey(source.title)] ?? []
        if let id = candidates.first(where: { sharesAuthor(source, books[$0]) }) { return .titleAndAuthor(books[id]) }
        // A personal document or a file without author: the exact title alone, when only one book has it.
        if source.authors.isEmpty, candidates.count == 1, let id = candidates.first { return .titleAndAuthor(books[id]) }
        let short = HighlightMatcher.shortTitle(source.title)
        guard !short.isEmpty else { return nil }
        let fuzzy = (byShortTitle[short] ?? []) + candidates
        if let id = fuzzy.first(where: { sharesSurname(source, books[$0]) || (source.authors.isEmpty && books[$0].authors.isEmpty) }) {
            return .fuzzy(books[id])
        }
        return nil
    }

    private func sharesAuthor(_ source: HighlightedBook, _ book: Book) -> Bool {
        if source.authors.isEmpty || book.authors.isEmpty { return source.authors.isEmpty && book.authors.isEmpty }
        let mine = Set(source.authors.map(ImportMatcher.authorKey))
        return book.authors.contains { mine.contains(ImportMatcher.authorKey($0)) }
    }

    private func sharesSurname(_ source: HighlightedBook, _ book: Book) -> Bool {
        let mine = Set(source.authors.compactMap(HighlightMatcher.surname))
        return book.authors.contains { HighlightMatcher.surname($0).map(mine.contains) ?? false }
    }

    /// The last word of a name, folded (`Le Guin, Ursula` was already turned around).
    static func surname(_ name: String) -> String? {
        TextFolding.words(name).last
    }

    /// The title before a colon, a parenthesis or a bracket, folded.
    static func shortTitle(_ title: String) -> String {
        let cut = title.firstIndex(where: { $0 == ":" || $0 == "(" || $0 == "[" || $0 == "—" }) ?? title.endIndex
        return ImportMatcher.titleKey(String(title[..<cut]))
    }
}
