import ShelfPresentation

/// Reads Goodreads' "Export Library" CSV. Columns are found by name, so the 31-column exports
/// (with Average Rating, Recommended For…, BCID) and the 23/24-column ones read the same.
/// docs/import.md lists the mapping.
enum GoodreadsImporter {
    static let standardShelves: Set<String> = ["read", "currently-reading", "to-read"]

    /// The books and skipped rows of an export's text.
    /// - Throws: `ImportError` when the text has no Goodreads header.
    /// - Parameter warn: told of what the CSV reader had to guess (a quote never closed), by line.
    static func read(_ text: String, warn: (String) -> Void = { _ in }) throws(ImportError) -> [ImportRow] {
        let table = CSVTable(text: text)
        table.warnings.forEach(warn)
        try check(table)
        return table.records.enumerated().map { position, record in
            row(record, in: table, number: table.row(of: position))
        }
    }

    /// Throws unless the table's header is this service's export's.
    static func check(_ table: CSVTable) throws(ImportError) {
        guard table.has("Title"), table.has("Book Id") || table.has("Author") else {
            throw ImportError(
                "this is not a Goodreads export: no Title and Book Id columns "
                    + "(found: \(table.header.prefix(8).joined(separator: ", ")))")
        }
    }

    static func row(_ record: CSVReader.Record, in table: CSVTable, number: Int) -> ImportRow {
        // A cell shelf's own export neutralised for spreadsheets (`'=…`) reads as it was.
        let cell = { (name: String) in ImportCells.unneutralised(table.cell(record, name)) }
        let fullTitle = ImportCells.line(cell("Title"))
        guard !fullTitle.isEmpty else { return .skipped(row: number, reason: "no title") }
        var book = ImportRecord(row: number)
        let split = ImportCells.splitAllSeries(fullTitle)
        book.set("title", string: split.title)
        var authors = [ImportCells.line(cell("Author"))]
        authors += ImportCells.names(cell("Additional Authors"))
        book.set("authors", .list(ImportCells.unique(authors.filter { !$0.isEmpty })))
        book.set("isbn", string: ImportCells.isbn(cell("ISBN13")) ?? ImportCells.isbn(cell("ISBN")))
        let shelf = ImportCells.line(cell("Exclusive Shelf")).lowercased()
        let (status, shelfTag) = status(forShelf: shelf)
        book.set("status", string: status?.rawValue)
        if let rating = ImportCells.rating(cell("My Rating")) { book.set("rating", typed: String(rating.rating)) }
        var tags = ImportCells.list(cell("Bookshelves")).filter { tag in
            let folded = tag.lowercased()
            return folded != shelf && !standardShelves.contains(folded)
        }
        if let shelfTag { tags.insert(shelfTag, at: 0) }
        book.set("tags", .list(ImportCells.unique(tags)))
        book.set("added", typed: ImportCells.date(cell("Date Added")))
        // Goodreads keeps one read's dates and counts the others (`Read Count`).
        let span = ImportedReads.Span(started: ImportCells.date(cell("Date Started")), finished: ImportCells.date(cell("Date Read")))
        ImportedReads(spans: span == ImportedReads.Span() ? [] : [span], count: ImportCells.count(cell("Read Count")))
            .apply(to: &book, hasLatest: status == .read || status == .reading || status == .abandoned)
        if split.series.count > 1 {
            // A book in several series: every one, as a list of names and numbers (shelf reads
            // the first as the book's series; all are searchable and in JSON's series_list).
            book.set(
                "series",
                .json(
                    .array(
                        split.series.map { series in
                            .object(
                                [("name", .string(series.name))]
                                    + (series.index.flatMap(Double.init).map { [("index", JSONValue.number($0))] } ?? []))
                        })))
        } else {
            book.set("series", string: split.series.first?.name)
            book.set("series_index", typed: split.series.first?.index)
        }
        book.set("publisher", string: ImportCells.line(cell("Publisher")))
        book.set("published", typed: ImportCells.date(cell("Year Published")))
        book.set("pages", typed: ImportCells.count(cell("Number of Pages")).map { String($0) })
        book.set("format", string: ImportCells.format(cell("Binding")))
        book.set("goodreads", string: ImportCells.line(cell("Book Id")))
        book.set("source", string: "goodreads")
        let original = ImportCells.date(cell("Original Publication Year"))
        if original != book.text(of: "published") { book.set("original_published", typed: original) }
        if let count = ImportCells.count(cell("Read Count")) { book.set(Book.readCountKey, typed: String(count)) }
        if let copies = ImportCells.count(cell("Owned Copies")) { book.set("owned_copies", typed: String(copies)) }
        book.set("recommended_by", string: ImportCells.line(cell("Recommended By")))
        book.set("recommended_for", string: ImportCells.line(cell("Recommended For")))
        book.notes = notes(review: cell("My Review"), privateNotes: cell("Private Notes"))
        return .record(book)
    }

    /// The status for an exclusive shelf, and the shelf kept as a tag when it is a custom one
    /// that says nothing shelf can store as a status.
    static func status(forShelf shelf: String) -> (ReadingStatus?, String?) {
        switch shelf {
        case "": return (nil, nil)
        case "read": return (.read, nil)
        case "currently-reading": return (.reading, nil)
        case "to-read": return (.toRead, nil)
        default:
            if let alias = ReadingStatus(alias: shelf) { return (alias, nil) }
            return (.toRead, shelf)
        }
    }

    /// The body: the review, then the private notes under their own heading. `<br/>` becomes a
    /// line break and entities are decoded.
    static func notes(review: String, privateNotes: String) -> String? {
        let review = HTMLToMarkdown.convert(review)
        let privateText = HTMLToMarkdown.convert(privateNotes)
        var parts: [String] = []
        if !review.isEmpty { parts.append(review) }
        if !privateText.isEmpty { parts.append(privateNotesHeading + "\n\n" + privateText) }
        return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
    }

    /// The heading private notes are written under, and found under by the Goodreads export.
    static let privateNotesHeading = "## Private notes"
}
