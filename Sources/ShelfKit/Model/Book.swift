/// A book: the typed fields read from one file's front matter.
///
/// Every key of the file stays readable in `fields`, canonical or the user's own; the typed
/// properties are the canonical fields, read generously (aliases, a single string for a list).
public struct Book: Sendable, Equatable {
    /// Path relative to the library root, `/`-separated.
    public var path: String
    /// The title (`title:`), never empty.
    public var title: String
    /// The subtitle, when the file gives one.
    public var subtitle: String?
    /// The authors, in written order.
    public var authors: [String] = []
    /// The ISBN as written (a leading zero kept).
    public var isbn: String? {
        didSet { isbns13 = isbn.map(ISBN.thirteenDigitForms) ?? [] }
    }
    /// Every valid ISBN written in the `isbn` value, in 13-digit form (worked out once).
    private(set) var isbns13: [String] = []
    /// Where the reader is with it; nil when the file says nothing readable.
    public var status: ReadingStatus?
    /// Stars from above 0 to 5; half and quarter stars are ratings (`4.5`). Nil when unrated.
    public var rating: Double?
    /// The tags, as written (a nested tag keeps its `/`).
    public var tags: [String] = []
    /// The day the book was added to the library.
    public var added: BookDate?
    /// The day the current (or last) read started.
    public var started: BookDate?
    /// The day the last read finished.
    public var finished: BookDate?
    /// The series' name.
    public var series: String?
    /// The book's number in its series (`2`, or `2.5` for a novella between).
    public var seriesIndex: Double?
    /// The publisher.
    public var publisher: String?
    /// The publication date, as precise as written.
    public var published: BookDate?
    /// The page count.
    public var pages: Int?
    var language: String?
    var genres: [String] = []
    var location: String?
    var format: String?
    var favorite: Bool?
    var cover: String?
    var openlibrary: String?
    var goodreads: String?
    var source: String?
    /// Every top-level key in written order, with the canonical field it was read as.
    public var fields: [BookField] = []
    /// Values that could not be read as their field's type (`rating: 7`).
    public var problems: [BookProblem] = []

    init(path: String, title: String) {
        self.path = path
        self.title = title
    }

    /// A book whose ISBNs were already worked out (read back from the cache): setting `isbn` in
    /// an initializer does not run its observer, so nothing is parsed again.
    init(path: String, title: String, isbn: String?, isbns13: [String]) {
        self.path = path
        self.title = title
        self.isbn = isbn
        self.isbns13 = isbns13
    }

    /// The ISBN in 13-digit form, when the written ISBN is valid.
    var isbn13: String? { isbns13.first }

    /// The value of a field named canonically (`pages`) or as written in the file (`mood`).
    public func value(of name: String) -> FieldValue? {
        value(of: name, canonical: CanonicalField(key: name), folded: { CanonicalField.fold(name) })
    }

    /// `value(of:)` with what the name's lookups give, for a name looked up in every book.
    func value(of name: String, canonical: CanonicalField?, folded: () -> String) -> FieldValue? {
        // By index, looking at keys alone: `last(where:)` copied every field's value it passed.
        var index = fields.count - 1
        while index >= 0 {
            if fields[index].key == name { return fields[index].value }
            index -= 1
        }
        if let canonical {
            return fields.first(where: { $0.canonical == canonical })?.value
        }
        let folded = folded()
        index = fields.count - 1
        while index >= 0 {
            if CanonicalField.fold(fields[index].key, equals: folded) { return fields[index].value }
            index -= 1
        }
        return nil
    }

    /// True when the book carries `tag`, or a tag nested under it (`sci-fi/space` for `sci-fi`),
    /// compared case-insensitively.
    func hasTag(_ tag: String) -> Bool {
        let wanted = TextFolding.foldTag(tag)
        return tags.contains { TextFolding.tag(TextFolding.foldTag($0), matches: wanted) }
    }
}

/// One top-level key of a book's front matter.
public struct BookField: Sendable, Equatable {
    /// The key as written.
    public var key: String
    /// The canonical field the key is read as, if any.
    public var canonical: CanonicalField?
    /// The value, detached from the file's bytes.
    public var value: FieldValue
}

/// A value that could not be read as its field's type.
public struct BookProblem: Sendable, Equatable, CustomStringConvertible {
    /// A short code, as `shelf check` prints it: `invalid-rating`, `unknown-status`, `invalid-date`,
    /// `invalid-isbn`, `invalid-number`.
    var code: String
    /// The key as written in the file.
    var key: String
    var message: String

    /// `key: message`.
    public var description: String { "\(key): \(message)" }
}
