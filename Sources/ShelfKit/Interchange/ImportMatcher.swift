/// Finds the book an imported record stands for: by a service id (`goodreads:`, `storygraph:`,
/// `librarything:`, `calibre:`), then by ISBN (compared as ISBN-13), then by title (folded: case,
/// accents and punctuation ignored; the title alone or with its subtitle) with an author in
/// common, unless both carry different ids at the same service, different ISBNs or different
/// numbers in a series (volumes 1 and 2 of one title are two books). Books added during the
/// import are added to the matcher, so a row repeated in one file finds the book the first one
/// created — but for a row of shelf's own export, which names its file: it is that file's book,
/// found by its path, and two rows of one export are never one book.
struct ImportMatcher: Sendable {
    /// A matched book, identified by its position in the matcher.
    struct Candidate: Sendable {
        var id: Int
        /// Where the book is, relative to the library.
        var path: String
        /// The book as loaded, when it was in the library before this import (nil for one the
        /// import added: only its small facts are kept, not the whole book).
        var book: Book?
    }

    /// What matching needs of a book: an import of a million rows keeps this, not the books.
    private struct Entry: Sendable {
        var path: String
        var title: String
        var authorKeys: Set<String>
        /// The book's id at each service of `ImportSource.idKeys`, in that order.
        var ids: [String?]
        var isbn13: String?
        var seriesIndex: Double?

        /// True when the book is another edition or volume than the record's: both have an ISBN
        /// and they differ, or both a number in a series and they differ.
        func differs(isbn: String?, volume: Double?) -> Bool {
            if let isbn, let isbn13, isbn != isbn13 { return true }
            if let volume, let seriesIndex, volume != seriesIndex { return true }
            return false
        }
    }

    /// The books the library held before this import.
    private let existing: [Book]
    private var entries: [Entry] = []
    private var byID: [String: Int] = [:]
    private var byISBN: [String: Int] = [:]
    private var byTitle: [String: [Int]] = [:]
    private var byPath: [String: Int] = [:]

    /// A matcher over the books of a library.
    init(books: [Book]) {
        existing = books
        for book in books { add(book) }
    }

    /// Adds a book (a new one, written by this import) and returns its id.
    @discardableResult
    mutating func add(_ book: Book) -> Int {
        let id = entries.count
        let ids = ImportSource.idKeys.map { key in book.value(of: key)?.text?.trimmingSpaces }
        entries.append(Entry(path: book.path, title: book.title, authorKeys: Set(book.authors.map(ImportMatcher.authorKey)), ids: ids,
                             isbn13: book.isbn13, seriesIndex: book.seriesIndex))
        if byPath[book.path] == nil { byPath[book.path] = id }
        index(book, id: id)
        return id
    }

    private func candidate(_ id: Int) -> Candidate {
        Candidate(id: id, path: entries[id].path, book: id < existing.count ? existing[id] : nil)
    }

    /// The book `record` stands for, and how it was found.
    func match(_ record: ImportRecord) -> (candidate: Candidate, reason: String)? {
        // shelf's own export names each book's file: the book at that path is the one, and no
        // other row of the export (each is a file of its own) can be.
        let restoring = record.path != nil
        if let path = record.path, let id = byPath[path], id < existing.count, ImportMatcher.titlesAgree(record.title, entries[id].title) {
            return (candidate(id), "path")
        }
        let eligible = { (id: Int) in !restoring || id < existing.count }
        for key in ImportSource.idKeys {
            if let value = record.text(of: key), let id = byID[key + ":" + value], eligible(id) {
                return (candidate(id), "\(key) id")
            }
        }
        // Two rows of one import sharing an ISBN (two copies kept apart, a misprinted ISBN) are
        // two books unless their titles agree; a book already in the library matches by ISBN
        // alone (its owner may have shortened the title). Different ids at one service are two
        // books whatever their ISBN.
        let isbn = record.text(of: "isbn").flatMap(ISBN.parse)?.isbn13
        if let isbn, let id = byISBN[isbn], eligible(id), !ImportMatcher.idsConflict(record, entries[id].ids),
           id < existing.count || ImportMatcher.titlesAgree(record.title, entries[id].title) {
            return (candidate(id), "ISBN")
        }
        guard let title = record.title else { return nil }
        let authors = Set(ImportMatcher.authorKeys(record.value(of: "authors")))
        let volume = record.text(of: "series_index").flatMap(Double.init)
        for id in byTitle[ImportMatcher.titleKey(title)] ?? []
        where eligible(id) && !ImportMatcher.idsConflict(record, entries[id].ids) && !entries[id].differs(isbn: isbn, volume: volume) {
            let candidateAuthors = entries[id].authorKeys
            if authors.isEmpty || candidateAuthors.isEmpty || !authors.isDisjoint(with: candidateAuthors) {
                return (candidate(id), "title and author")
            }
        }
        return nil
    }

    private mutating func index(_ book: Book, id: Int) {
        for (key, value) in zip(ImportSource.idKeys, entries[id].ids) {
            if let value, !value.isEmpty, byID[key + ":" + value] == nil {
                byID[key + ":" + value] = id
            }
        }
        if let isbn = book.isbn13, byISBN[isbn] == nil { byISBN[isbn] = id }
        var titles = [ImportMatcher.titleKey(book.title)]
        if let subtitle = book.subtitle { titles.append(ImportMatcher.titleKey(book.title + " " + subtitle)) }
        for title in titles where byTitle[title]?.last != id {
            byTitle[title, default: []].append(id)
        }
    }

    /// True when the record and the book carry different ids at the same service: two editions
    /// the service keeps apart (`Master and Man` twice on Goodreads), so a title match is no match.
    /// `ids` are the book's, in the order of `ImportSource.idKeys`.
    private static func idsConflict(_ record: ImportRecord, _ ids: [String?]) -> Bool {
        zip(ImportSource.idKeys, ids).contains { key, theirs in
            guard let mine = record.text(of: key), let theirs, !theirs.isEmpty else { return false }
            return mine != theirs
        }
    }

    /// True when a record's title and a book's could name the same book: the same words, or
    /// one's words begin the other's (`Dune` and `Dune: Deluxe Edition`; not `Twin A` and
    /// `Twin B`), or the record has no title.
    static func titlesAgree(_ recordTitle: String?, _ bookTitle: String) -> Bool {
        guard let recordTitle else { return true }
        let mine = titleKey(recordTitle), theirs = titleKey(bookTitle)
        if mine.isEmpty || theirs.isEmpty || mine == theirs { return true }
        return mine.hasPrefix(theirs + " ") || theirs.hasPrefix(mine + " ")
    }

    static func titleKey(_ title: String) -> String {
        TextFolding.words(title).joined(separator: " ")
    }

    static func authorKey(_ author: String) -> String {
        TextFolding.words(author).sorted().joined(separator: " ")
    }

    static func authorKeys(_ value: ImportValue?) -> [String] {
        guard case .list(let authors)? = value else { return [] }
        return authors.map(authorKey)
    }
}

