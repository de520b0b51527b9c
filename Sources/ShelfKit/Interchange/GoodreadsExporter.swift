import ShelfPresentation

/// `shelf export goodreads`: a CSV in the shape of Goodreads' own library export (31 columns),
/// which Goodreads, The StoryGraph and others import. Series go back into the title
/// (`Dune (Dune, #1)`), ISBNs into `="…"` cells, dates into `yyyy/mm/dd`, the notes into
/// My Review with `<br/>` line breaks (a `## Private notes` section into Private Notes), and
/// `abandoned` onto a `did-not-finish` shelf. Other cells are neutralised as in `CSVExporter`.
enum GoodreadsExporter {
    /// The header of Goodreads' 31-column export, in its order.
    static let columns = [
        "Book Id", "Title", "Author", "Author l-f", "Additional Authors", "ISBN", "ISBN13", "My Rating",
        "Average Rating", "Publisher", "Binding", "Number of Pages", "Year Published", "Original Publication Year",
        "Date Read", "Date Added", "Bookshelves", "Bookshelves with positions", "Exclusive Shelf", "My Review",
        "Spoiler", "Private Notes", "Read Count", "Recommended For", "Recommended By", "Owned Copies",
        "Original Purchase Date", "Original Purchase Location", "Condition", "Condition Description", "BCID",
    ]

    /// The CSV text of `books`, in the order given.
    static func export(_ books: [ExportedBook]) -> String {
        var writer = CSVWriter()
        writer.writeRow(columns)
        for exported in books { writer.writeRow(row(exported)) }
        return writer.text
    }

    static func row(_ exported: ExportedBook) -> [String] {
        let book = exported.book
        let isbn = book.isbn.flatMap(ISBN.parse)
        let shelf = exclusiveShelf(book.status)
        let shelves = ([shelf] + book.tags.map { $0.replacingOccurrences(of: ",", with: " ") }).filter { !$0.isEmpty }
        let (review, privateNotes) = split(exported.notes)
        var title = book.title
        if let series = book.series, let index = book.seriesIndex {
            title += " (\(series), #\(ImportCells.number(index)))"
        }
        let text = { (key: String) in book.value(of: key)?.text?.trimmingSpaces ?? "" }
        let readCount = Int(text(Book.readCountKey)) ?? book.timesRead
        var cells: [String: String] = [
            "Book Id": book.goodreads ?? "",
            "Title": title,
            "Author": book.authors.first ?? "",
            "Author l-f": book.authors.first.map(lastFirst) ?? "",
            "Additional Authors": book.authors.dropFirst().joined(separator: ", "),
            // Goodreads takes whole stars: a half star is rounded half up.
            "My Rating": String(Int(((book.rating ?? 0) + 0.5).rounded(.down))),
            "Publisher": book.publisher ?? "",
            "Binding": binding(book.format),
            "Number of Pages": book.pages.map { String($0) } ?? "",
            "Year Published": book.published.map { String($0.year) } ?? "",
            "Original Publication Year": BookDate(text("original_published")).map { String($0.year) } ?? "",
            "Date Read": date(book.finished),
            "Date Added": date(book.added),
            "Bookshelves": shelves.joined(separator: ", "),
            "Exclusive Shelf": shelf,
            "My Review": html(review),
            "Private Notes": html(privateNotes),
            "Read Count": String(readCount),
            "Recommended For": text("recommended_for"),
            "Recommended By": text("recommended_by"),
            "Owned Copies": String(Int(text("owned_copies")) ?? 0),
        ]
        for (key, value) in cells { cells[key] = CSVWriter.neutralised(value) }
        // Goodreads' own wrapper keeps a spreadsheet from reading the digits as a number; it is
        // a formula only of a quoted literal, and holds nothing but digits (and X).
        cells["ISBN"] = "=\"" + (isbn?.isbn10 ?? "") + "\""
        cells["ISBN13"] = "=\"" + (isbn?.isbn13 ?? "") + "\""
        return columns.map { cells[$0] ?? "" }
    }

    static func exclusiveShelf(_ status: ReadingStatus?) -> String {
        switch status {
        case .read?: return "read"
        case .reading?: return "currently-reading"
        case .abandoned?: return "did-not-finish"
        case .toRead?, nil: return "to-read"
        }
    }

    /// Goodreads' binding names for shelf's formats.
    static func binding(_ format: String?) -> String {
        guard let format, !format.isEmpty else { return "" }
        switch format.lowercased() {
        case "ebook": return "ebook"
        case "audiobook": return "Audiobook"
        default: return format.split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        }
    }

    /// `Ursula K. Le Guin` as `Le Guin, Ursula K.`.
    static func lastFirst(_ author: String) -> String {
        let last = BookFileName.lastName(author)
        guard author.hasSuffix(last), author.count > last.count, !author.contains(",") else { return author }
        return last + ", " + String(author.dropLast(last.count)).trimmingSpaces
    }

    static func date(_ date: BookDate?) -> String {
        guard let date, let month = date.month, let day = date.day else { return "" }
        return String(zeroPadded: date.year, width: 4) + "/" + String(zeroPadded: month, width: 2) + "/" + String(zeroPadded: day, width: 2)
    }

    /// The notes split into the review and the `## Private notes` section.
    static func split(_ notes: String) -> (review: String, privateNotes: String) {
        let text = notes.replacingOccurrences(of: "\r\n", with: "\n")
        let marker = "\n" + GoodreadsImporter.privateNotesHeading + "\n"
        guard let range = ("\n" + text).range(of: marker) else { return (text.trimmingSpaces, "") }
        let padded = "\n" + text
        return (String(padded[..<range.lowerBound]).trimmingSpaces, String(padded[range.upperBound...]).trimmingSpaces)
    }

    /// Text as Goodreads keeps it: `&`, `<` and `>` escaped, line breaks as `<br/>`.
    static func html(_ text: String) -> String {
        HTMLEscaping.text(text).replacingOccurrences(of: "\n", with: "<br/>")
    }
}
