/// The in-memory index of a library, rebuilt at every start: the books, and inverted indices
/// over title, author, tag and note words, plus ISBNs normalised to 13 digits.
public struct LibraryIndex: Sendable {
    /// Every book, in path order; a book's id is its position here.
    public let books: [Book]
    private(set) var titleWords = PostingIndex()
    private(set) var authorWords = PostingIndex()
    /// Folded tags, each also under every parent of a nested tag (`sci-fi/space` under `sci-fi`).
    private(set) var tags = PostingIndex()
    private(set) var isbns = PostingIndex()
    /// Words of series names, tags (`sci-fi/space` gives `sci`, `fi`, `space`) and publishers.
    private(set) var seriesWords = PostingIndex()
    private(set) var tagWords = PostingIndex()
    private(set) var publisherWords = PostingIndex()
    /// Words of the notes; nil when the library was loaded without notes.
    private(set) var noteWords: PostingIndex?

    /// Builds the indices over `books`; `noteWords`, parallel to `books`, fills the note index.
    /// - Parameter withWords: also index the words of titles, authors, series, tags and
    ///   publishers; a query of fields alone (`ls --tag x`) needs only tags and ISBNs.
    init(books: [Book], noteWords: [[String]]? = nil, withWords: Bool = true) {
        self.init(books: books, noteWords: noteWords, noteIndex: nil, withWords: withWords)
    }

    /// - Parameter noteIndex: the note index, already built (by the loader's workers); it takes
    ///   the place of `noteWords`.
    init(books: [Book], noteWords: [[String]]?, noteIndex: PostingIndex?, withWords: Bool) {
        self.books = books
        var notes = noteIndex ?? (noteWords == nil ? nil : PostingIndex())
        // Most books have an ISBN of their own.
        isbns.reserveCapacity(books.count)
        // Each book is read in place, through the array: copying it out would retain every field.
        for position in books.indices {
            let id = Int32(position)
            for tag in books[position].tags {
                let folded = TextFolding.foldTag(tag)
                tags.add(folded, book: id)
                for parent in LibraryIndex.parentTags(of: folded) { tags.add(parent, book: id) }
            }
            for isbn in books[position].isbns13 {
                isbns.add(isbn, book: id)
            }
            if let words = noteWords?[position] {
                for word in words { notes?.add(word, book: id) }
            }
            guard withWords else { continue }
            let book = books[position]
            TextFolding.forEachWord(in: book.title) { titleWords.add($0, book: id) }
            if let subtitle = book.subtitle {
                TextFolding.forEachWord(in: subtitle) { titleWords.add($0, book: id) }
            }
            for author in book.authors {
                TextFolding.forEachWord(in: author) { authorWords.add($0, book: id) }
            }
            if let series = book.series {
                TextFolding.forEachWord(in: series) { seriesWords.add($0, book: id) }
            }
            if let publisher = book.publisher {
                TextFolding.forEachWord(in: publisher) { publisherWords.add($0, book: id) }
            }
            for tag in book.tags {
                TextFolding.forEachWord(in: tag) { tagWords.add($0, book: id) }
            }
        }
        self.noteWords = notes
    }

    /// Every folded tag `book` is found under: each of its tags and each parent of a nested one.
    static func foldedTags(of book: Book) -> [String] {
        var folded: [String] = []
        for tag in book.tags {
            let tag = TextFolding.foldTag(tag)
            folded.append(tag)
            folded += parentTags(of: tag)
        }
        return folded
    }

    /// The tags a folded tag is nested under, nearest first: `a/b` and `a` for `a/b/c`.
    static func parentTags(of folded: String) -> [String] {
        // In ASCII every `/` byte is a character of its own; otherwise look by character.
        let slashes = folded.utf8.withContiguousStorageIfAvailable { bytes -> [Int]? in
            var offsets: [Int] = []
            for (offset, byte) in bytes.enumerated() {
                guard byte < 0x80 else { return nil }
                if byte == UInt8(ascii: "/") { offsets.append(offset) }
            }
            return offsets
        }
        if let slashes = slashes ?? nil {
            return slashes.reversed().map { String(decoding: folded.utf8.prefix($0), as: UTF8.self) }
        }
        return parentTagsByCharacter(of: folded)
    }

    /// `parentTags` for any tag, looking for `/` characters.
    static func parentTagsByCharacter(of folded: String) -> [String] {
        var parents: [String] = []
        var prefix = Substring(folded)
        while let slash = prefix.lastIndex(of: "/") {
            prefix = prefix[..<slash]
            parents.append(String(prefix))
        }
        return parents
    }

    /// The books with `isbn` (written with 10 digits or 13 in their files), in path order.
    public func books(withISBN isbn: ISBN) -> [Book] {
        isbns.books(with: isbn.isbn13).map { books[Int($0)] }
    }

    /// The books carrying `tag` or a tag nested under it, case-insensitively, ascending ids.
    func books(taggedWith tag: String) -> [Int32] {
        tags.books(with: TextFolding.foldTag(tag))
    }

    /// Tags with the number of books carrying each, case variants counted together under the
    /// spelling used most.
    public func tagCounts() -> [(tag: String, count: Int)] {
        var spellings: [String: [String: Int]] = [:]
        var counts: [String: Set<Int32>] = [:]
        for (id, book) in books.enumerated() {
            for tag in book.tags {
                let folded = TextFolding.foldTag(tag)
                spellings[folded, default: [:]][tag, default: 0] += 1
                counts[folded, default: []].insert(Int32(id))
            }
        }
        return counts.map { folded, ids in
            let spelling = spellings[folded]?.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? folded
            return (spelling, ids.count)
        }
        .sorted { ($0.count, $1.tag) > ($1.count, $0.tag) }
    }
}
