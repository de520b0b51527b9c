/// Reads LibraryThing's tab-delimited export. Its quirks: ISBNs and dates in brackets
/// (`[2070291340]`, `[2007-04-16]`); authors written last-first (`Cortazar, Julio`); lists
/// separated by `|` (subjects, secondary authors and their roles); half-star ratings; reading
/// state kept in Collections (`Currently reading`, `To read`, `Read but unowned`, `Wishlist`,
/// `Favorites`); files that mix UTF-8 with stray Windows-1252 bytes (see `ImportText`).
enum LibraryThingImporter {
    /// The books and skipped rows of an export's text.
    /// - Throws: `ImportError` when the text has no LibraryThing header.
    /// - Parameter warn: told of what the CSV reader had to guess (a quote never closed), by line.
    static func read(_ text: String, warn: (String) -> Void = { _ in }) throws(ImportError) -> [ImportRow] {
        let table = CSVTable(text: text, delimiter: "\t")
        table.warnings.forEach(warn)
        try check(table)
        return table.records.enumerated().map { position, record in
            row(record, in: table, number: table.row(of: position))
        }
    }

    /// Throws unless the table's header is this service's export's.
    static func check(_ table: CSVTable) throws(ImportError) {
        guard table.has("Title"), table.has("Primary Author") || table.has("Book Id") else {
            throw ImportError(
                "this is not a LibraryThing tab-delimited export: no Title and Primary Author columns "
                    + "(found: \(table.header.prefix(8).joined(separator: ", ")))")
        }
    }

    static func row(_ record: CSVReader.Record, in table: CSVTable, number: Int) -> ImportRow {
        let cell = { (name: String) in table.cell(record, name) }
        let title = ImportCells.line(cell("Title"))
        guard !title.isEmpty else { return .skipped(row: number, reason: "no title") }
        var book = ImportRecord(row: number)
        book.set("title", string: title)
        var authors = [ImportCells.nameFirstLast(cell("Primary Author"))].filter { !$0.isEmpty }
        var contributors: [String] = []
        let secondary = ImportCells.list(cell("Secondary Author"), separator: "|")
        let roles = cell("Secondary Author Roles").components(separatedBy: "|").map(ImportCells.line)
        for (position, name) in secondary.enumerated() {
            let role = position < roles.count ? roles[position] : ""
            let person = ImportCells.nameFirstLast(name)
            if role.isEmpty || role.lowercased().contains("author") {
                authors.append(person)
            } else {
                contributors.append("\(person) (\(role))")
            }
        }
        book.set("authors", .list(ImportCells.unique(authors)))
        book.set("isbn", string: isbn(cell("ISBN"), all: cell("ISBNs")))
        let collections = ImportCells.list(cell("Collections"))
        var tags = ImportCells.list(cell("Tags"))
        var status: ReadingStatus?
        for collection in collections {
            switch collection.lowercased() {
            case "your library": break
            case "currently reading": status = .reading
            case "to read": status = status ?? .toRead
            case "read but unowned": status = .read
            case "wishlist":
                status = status ?? .toRead
                book.set("ownership", string: Ownership.wishlist.rawValue)
            case "favorites", "favourites": book.set("favorite", typed: "true")
            default: tags.append(collection)
            }
        }
        let spans = ImportedReads.paired(started: cell("Date Started"), finished: cell("Date Read"))
        let latest = spans.max { $0.sortKey < $1.sortKey }
        status = status ?? (latest?.finished != nil ? .read : latest?.started != nil ? .reading : nil)
        book.set("status", string: status?.rawValue)
        if let rating = ImportCells.rating(cell("Rating")) {
            book.set("rating", typed: String(rating.rating))
            book.set("rating_exact", typed: rating.exact)
        }
        book.set("tags", .list(ImportCells.unique(tags)))
        book.set("added", typed: ImportCells.date(cell("Entry Date")))
        ImportedReads(spans: spans, count: nil).apply(to: &book, hasLatest: status == .read || status == .reading)
        book.set("publisher", string: publisher(cell("Publication")))
        book.set("published", typed: ImportCells.date(cell("Date")))
        book.set("pages", typed: ImportCells.count(cell("Page Count")).map { String($0) })
        book.set("language", string: ImportCells.list(cell("Languages")).first)
        book.set("format", string: ImportCells.format(cell("Media")))
        book.set("librarything", string: ImportCells.line(cell("Book Id")))
        book.set("source", string: "librarything")
        book.set("contributors", .list(contributors))
        book.set("original_language", string: ImportCells.list(cell("Original Languages")).first)
        book.set("acquired", typed: ImportCells.date(cell("Acquired")))
        book.set("subjects", .list(ImportCells.list(cell("Subjects"), separator: "|")))
        book.set("dewey", string: ImportCells.line(cell("Dewey Decimal")))
        book.set("lcc", string: ImportCells.line(cell("LC Classification")))
        book.set("oclc", string: ImportCells.line(cell("OCLC")))
        book.notes = notes(review: cell("Review"), comment: cell("Comment"), privateComment: cell("Private Comment"))
        return .record(book)
    }

    /// The ISBN column, or the ISBN-13 of the same book from the ISBNs column when it has one.
    static func isbn(_ primary: String, all: String) -> String? {
        let main = ImportCells.isbn(primary)
        let candidates = all.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "|" }).compactMap { ImportCells.isbn(String($0)) }
        let wanted = main.flatMap(ISBN.parse)?.isbn13
        if let thirteen = candidates.first(where: { $0.count == 13 && (wanted == nil || ISBN.parse($0)?.isbn13 == wanted) }) {
            return thirteen
        }
        return main ?? candidates.first
    }

    /// The publisher in `Gallimard (1979), Poche`: the text before the year or the first comma.
    static func publisher(_ publication: String) -> String? {
        let text = ImportCells.line(publication)
        let end = text.range(of: " (")?.lowerBound ?? text.firstIndex(of: ",") ?? text.endIndex
        let name = String(text[..<end]).trimmingSpaces
        return name.isEmpty ? nil : name
    }

    static func notes(review: String, comment: String, privateComment: String) -> String? {
        var parts: [String] = []
        let review = HTMLToMarkdown.convert(review)
        if !review.isEmpty { parts.append(review) }
        let comment = HTMLToMarkdown.convert(comment)
        if !comment.isEmpty { parts.append("## Comments\n\n" + comment) }
        let privateText = HTMLToMarkdown.convert(privateComment)
        if !privateText.isEmpty { parts.append(GoodreadsImporter.privateNotesHeading + "\n\n" + privateText) }
        return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
    }
}
