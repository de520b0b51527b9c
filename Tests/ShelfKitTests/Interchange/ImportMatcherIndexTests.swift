import Testing
@testable import ShelfKit

/// `ImportMatcher` keeps hashed keys and chains by title and author, not the books: it finds
/// the book the rules in its documentation name, the same one a walk over every book in order
/// finds, on rows made to collide (few titles, authors, ids and ISBNs; subtitles, series
/// numbers, books without authors, rows restoring shelf's own export).
@Suite struct ImportMatcherIndexTests {
    static let titles = ["Dune", "Dune Messiah", "Solaris", "The Fifth Season", "Poems"]
    static let subtitles = [nil, nil, "Deluxe Edition", "A Novel"]
    static let authors = ["Frank Herbert", "Stanisław Lem", "N. K. Jemisin", "Anonymous"]
    static let isbns = [nil, nil, "9780441013593", "9780156027601"]
    static let ids = [nil, nil, "1", "2", "3"]

    /// The rules, walked over every book in order: the reference the indexes must agree with.
    static func referenceMatch(_ record: ImportRecord, books: [Book], existing: Int) -> (path: String, reason: String)? {
        let restoring = record.path != nil
        if let path = record.path, let id = books.indices.first(where: { books[$0].path == path }), id < existing,
            ImportMatcher.titlesAgree(record.title, books[id].title)
        {
            return (books[id].path, "path")
        }
        let eligible = { (id: Int) in !restoring || id < existing }
        let id = { (book: Book, key: String) -> String? in
            guard let text = book.value(of: key)?.text?.trimmingSpaces, !text.isEmpty else { return nil }
            return text
        }
        for key in ImportSource.idKeys {
            if let value = record.text(of: key), let found = books.indices.first(where: { id(books[$0], key) == value }), eligible(found) {
                return (books[found].path, "\(key) id")
            }
        }
        let conflict = { (book: Book) in
            ImportSource.idKeys.contains { key in
                guard let mine = record.text(of: key), let theirs = id(book, key) else { return false }
                return mine != theirs
            }
        }
        let isbn = record.text(of: "isbn").flatMap(ISBN.parse)?.isbn13
        if let isbn, let found = books.indices.first(where: { books[$0].isbn13 == isbn }), eligible(found), !conflict(books[found]),
            found < existing || ImportMatcher.titlesAgree(record.title, books[found].title)
        {
            return (books[found].path, "ISBN")
        }
        guard let title = record.title.map(ImportMatcher.titleKey) else { return nil }
        let authors = Set(ImportMatcher.authorKeys(record.value(of: "authors")))
        let volume = record.text(of: "series_index").flatMap(Double.init)
        let found = books.indices.first { index in
            let book = books[index]
            let titles =
                [ImportMatcher.titleKey(book.title)] + (book.subtitle.map { [ImportMatcher.titleKey(book.title + " " + $0)] } ?? [])
            guard titles.contains(title), eligible(index), !conflict(book) else { return false }
            if let isbn, let theirs = book.isbn13, isbn != theirs { return false }
            if let volume, let theirs = book.seriesIndex, volume != theirs { return false }
            let theirs = Set(book.authors.map(ImportMatcher.authorKey))
            return authors.isEmpty || theirs.isEmpty || !authors.isDisjoint(with: theirs)
        }
        return found.map { (books[$0].path, "title and author") }
    }

    static func frontMatter(_ generator: inout CorpusRandom, path: Bool) -> (String, ImportRecord) {
        var record = ImportRecord(row: 2)
        var lines: [String] = []
        let title = titles.randomElement(using: &generator) ?? "Dune"
        record.set("title", string: title)
        lines.append("title: \(title)")
        if let subtitle = subtitles.randomElement(using: &generator) ?? nil {
            lines.append("subtitle: \(subtitle)")
        }
        let chosen = authors.filter { _ in Int.random(in: 0..<3, using: &generator) == 0 }
        record.set("authors", .list(chosen))
        if !chosen.isEmpty { lines.append("authors: [\(chosen.joined(separator: ", "))]") }
        if let isbn = isbns.randomElement(using: &generator) ?? nil {
            record.set("isbn", string: isbn)
            lines.append("isbn: \"\(isbn)\"")
        }
        for key in ["goodreads", "calibre"] {
            if let id = ids.randomElement(using: &generator) ?? nil {
                record.set(key, string: id)
                lines.append("\(key): \"\(id)\"")
            }
        }
        if Bool.random(using: &generator) {
            let index = String(Int.random(in: 1...2, using: &generator))
            record.set("series_index", typed: index)
            lines.append("series: Saga\nseries_index: \(index)")
        }
        if path { record.path = "book-\(Int.random(in: 0..<6, using: &generator)).md" }
        return (lines.joined(separator: "\n"), record)
    }

    @Test func theIndexesFindTheBookAWalkOverEveryBookFinds() throws {
        var generator = CorpusRandom(seed: 48)
        var matched = 0
        for _ in 0..<40 {
            var books: [Book] = []
            for number in 0..<Int.random(in: 0...6, using: &generator) {
                let (text, _) = Self.frontMatter(&generator, path: false)
                books.append(try interchangeBook(Array("---\n\(text)\n---\n".utf8), path: "book-\(number).md"))
            }
            let existing = books.count
            var matcher = ImportMatcher(books: books)
            for row in 0..<60 {
                let (text, record) = Self.frontMatter(&generator, path: Int.random(in: 0..<8, using: &generator) == 0)
                let expected = Self.referenceMatch(record, books: books, existing: existing)
                let found = matcher.match(record).map { ($0.candidate.path, $0.reason) }
                #expect(found?.0 == expected?.path && found?.1 == expected?.reason, "row \(row): \(text)")
                if expected != nil { matched += 1; continue }
                let book = try interchangeBook(Array("---\n\(text)\n---\n".utf8), path: "new-\(books.count).md")
                books.append(book)
                matcher.add(book)
            }
        }
        // The rows collide often enough that every way of matching is exercised.
        #expect(matched > 500)
    }
}
