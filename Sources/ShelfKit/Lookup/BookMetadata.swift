/// What an online service knows about a book, mapped to shelf's fields.
public struct BookMetadata: Sendable, Equatable {
    var isbn13: String
    var title: String?
    var subtitle: String?
    var authors: [String] = []
    var publisher: String?
    /// A date shelf can read: `1969`, `1969-03`, `1969-03-01`.
    var published: String?
    var pages: Int?
    var genres: [String] = []
    var language: String?
    var coverURL: String?
    var openlibrary: String?
    var goodreads: String?
    /// `openlibrary` or `google`.
    var source: String

    init(isbn13: String, source: String) {
        self.isbn13 = isbn13
        self.source = source
    }

    /// The values as `(canonical key, value)` pairs, in canonical order, leaving out what is unknown.
    public var fieldValues: [(key: String, value: NewValue)] {
        var values: [(String, NewValue)] = []
        if let title { values.append(("title", .string(title))) }
        if let subtitle { values.append(("subtitle", .string(subtitle))) }
        if !authors.isEmpty { values.append(("authors", .list(authors))) }
        values.append(("isbn", .string(isbn13)))
        if let publisher { values.append(("publisher", .string(publisher))) }
        if let published, BookDate(published) != nil { values.append(("published", .typed(published))) }
        if let pages { values.append(("pages", .typed(String(pages)))) }
        if let language { values.append(("language", .string(language))) }
        if !genres.isEmpty { values.append(("genres", .list(genres))) }
        if let coverURL { values.append(("cover", .string(coverURL))) }
        if let openlibrary { values.append(("openlibrary", .string(openlibrary))) }
        if let goodreads { values.append(("goodreads", .string(goodreads))) }
        values.append(("source", .string(source)))
        return values
    }
}
