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

    /// The books the library held before this import: numbers `0..<existing.count`.
    private let existing: [Book]
    /// The path and title of each book the import added, two strings a book, in order.
    private var addedTexts = PackedStrings()
    /// What matching needs of each book, a fixed 48 bytes however long its text: its id at each
    /// service of `ImportSource.idKeys` (hashed; 0 for none), its ISBN-13 and its number in a
    /// series. An import of a million rows keeps these, not the books.
    private var idHashes: [UInt64] = []
    private var isbns: [UInt64] = []
    private var seriesIndexes: [Double] = []
    private var byID: [UInt64: Int32] = [:]
    private var byISBN: [UInt64: Int32] = [:]
    /// The library's books by path (a restore names its files).
    private var byPath: [UInt64: Int32] = [:]
    /// Books by title (folded; the title alone and with its subtitle).
    private var byTitle = NumberChains()
    /// Books by title and one of their authors, or `noAuthor`: a record's title is looked up
    /// with its authors, so that a title shared by thousands of books is not walked whole.
    private var byTitleAndAuthor = NumberChains()
    private static let noAuthor = "\u{1E}"
    /// `seriesIndexes`' mark for a book in no series (a NaN no text parses to).
    private static let noSeries = Double(nan: 0x5E1E5, signaling: false)

    /// A matcher over the books of a library.
    init(books: [Book]) {
        existing = books
        for book in books { add(book) }
    }

    /// Adds a book (a new one, written by this import) and returns its id.
    @discardableResult
    mutating func add(_ book: Book) -> Int {
        let id = isbns.count
        for key in ImportSource.idKeys {
            guard let value = book.value(of: key)?.text?.trimmingSpaces, !value.isEmpty else {
                idHashes.append(0)
                continue
            }
            idHashes.append(ImportMatcher.idHash(value))
            let lookup = MatchKey.of(key + ":" + value)
            if byID[lookup] == nil { byID[lookup] = Int32(id) }
        }
        let isbn = book.isbn13.map(MatchKey.isbn)
        isbns.append(isbn ?? 0)
        if let isbn, byISBN[isbn] == nil { byISBN[isbn] = Int32(id) }
        seriesIndexes.append(book.seriesIndex ?? ImportMatcher.noSeries)
        if id < existing.count {
            let path = MatchKey.of(book.path)
            if byPath[path] == nil { byPath[path] = Int32(id) }
        } else {
            _ = addedTexts.append(book.path)
            _ = addedTexts.append(book.title)
        }
        var titles = [ImportMatcher.titleKey(book.title)]
        if let subtitle = book.subtitle { titles.append(ImportMatcher.titleKey(book.title + " " + subtitle)) }
        let authors = Set(book.authors.map(ImportMatcher.authorKey))
        for title in titles {
            byTitle.append(id, under: MatchKey.of(title))
            for author in authors.isEmpty ? [ImportMatcher.noAuthor] : authors.sorted() {
                byTitleAndAuthor.append(id, under: MatchKey.of(title: title, author: author))
            }
        }
        return id
    }

    private func path(_ id: Int) -> String {
        id < existing.count ? existing[id].path : addedTexts[2 * (id - existing.count)]
    }

    private func title(_ id: Int) -> String {
        id < existing.count ? existing[id].title : addedTexts[2 * (id - existing.count) + 1]
    }

    private func candidate(_ id: Int) -> Candidate {
        Candidate(id: id, path: path(id), book: id < existing.count ? existing[id] : nil)
    }

    /// The book `record` stands for, and how it was found.
    func match(_ record: ImportRecord) -> (candidate: Candidate, reason: String)? {
        // shelf's own export names each book's file: the book at that path is the one, and no
        // other row of the export (each is a file of its own) can be.
        let restoring = record.path != nil
        if let path = record.path, let found = byPath[MatchKey.of(path)], existing[Int(found)].path == path,
            ImportMatcher.titlesAgree(record.title, existing[Int(found)].title)
        {
            return (candidate(Int(found)), "path")
        }
        let eligible = { (id: Int) in !restoring || id < existing.count }
        let recordIDs = ImportSource.idKeys.map { record.text(of: $0) }
        for (key, value) in zip(ImportSource.idKeys, recordIDs) {
            if let value, let found = byID[MatchKey.of(key + ":" + value)], eligible(Int(found)) {
                return (candidate(Int(found)), "\(key) id")
            }
        }
        // Two rows of one import sharing an ISBN (two copies kept apart, a misprinted ISBN) are
        // two books unless their titles agree; a book already in the library matches by ISBN
        // alone (its owner may have shortened the title). Different ids at one service are two
        // books whatever their ISBN.
        let mine = recordIDs.map { $0.map(ImportMatcher.idHash) }
        let isbn = record.text(of: "isbn").flatMap(ISBN.parse).map { MatchKey.isbn($0.isbn13) }
        if let isbn, let found = byISBN[isbn].map(Int.init), eligible(found), !idsConflict(mine, found),
            found < existing.count || ImportMatcher.titlesAgree(record.title, title(found))
        {
            return (candidate(found), "ISBN")
        }
        guard let title = record.title else { return nil }
        let titleKey = ImportMatcher.titleKey(title)
        let volume = record.text(of: "series_index").flatMap(Double.init)
        let accept = { (id: Int) in eligible(id) && !idsConflict(mine, id) && !differs(id, isbn: isbn, volume: volume) }
        // A book with an author in common, or either side with none: the earliest such book.
        let authors = Set(ImportMatcher.authorKeys(record.value(of: "authors")))
        if authors.isEmpty { return byTitle.first(under: MatchKey.of(titleKey), where: accept).map { (candidate($0), "title and author") } }
        let found = (authors.sorted() + [ImportMatcher.noAuthor]).compactMap { author in
            byTitleAndAuthor.first(under: MatchKey.of(title: titleKey, author: author), where: accept)
        }.min()
        return found.map { (candidate($0), "title and author") }
    }

    /// True when the book is another edition or volume than the record's: both have an ISBN
    /// and they differ, or both a number in a series and they differ.
    private func differs(_ id: Int, isbn: UInt64?, volume: Double?) -> Bool {
        if let isbn, isbns[id] != 0, isbn != isbns[id] { return true }
        let index = seriesIndexes[id]
        if let volume, index.bitPattern != ImportMatcher.noSeries.bitPattern, volume != index { return true }
        return false
    }

    /// True when the record and the book carry different ids at the same service: two editions
    /// the service keeps apart (`Master and Man` twice on Goodreads), so a title match is no match.
    /// `mine` are the record's ids hashed, in the order of `ImportSource.idKeys`.
    private func idsConflict(_ mine: [UInt64?], _ id: Int) -> Bool {
        mine.indices.contains { index in
            guard let mine = mine[index] else { return false }
            let theirs = idHashes[id * ImportSource.idKeys.count + index]
            return theirs != 0 && mine != theirs
        }
    }

    /// An id's hash, never 0 (0 marks no id).
    private static func idHash(_ value: String) -> UInt64 {
        max(1, MatchKey.of(value))
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
