/// Reads a Readwise highlights export (CSV with `Highlight`, `Book Title`, `Book Author`, `Note`,
/// `Location Type`, `Location`, `Highlighted at`), the fallback for any app Readwise collects from.
enum ReadwiseCSV {
    static func looksLike(_ table: CSVTable) -> Bool {
        table.has("Highlight") && table.has("Book Title")
    }

    /// The books and highlights of the table, and what the CSV reader had to guess.
    static func parse(_ table: CSVTable) -> [HighlightedBook] {
        var order: [String] = []
        var books: [String: HighlightedBook] = [:]
        for record in table.records {
            let title = table.cell(record, "Book Title")
            guard !title.isEmpty else { continue }
            let author = table.cell(record, "Book Author")
            let key = title + "\u{1F}" + author
            if books[key] == nil {
                order.append(key)
                let authors = author.split(whereSeparator: { $0 == ";" || $0 == "&" }).map { String($0).trimmingSpaces }.filter {
                    !$0.isEmpty
                }
                books[key] = HighlightedBook(title: title, authors: authors)
            }
            let text = table.cell(record, "Highlight")
            let note = table.cell(record, "Note")
            guard !text.isEmpty || !note.isEmpty else { continue }
            var highlight = Highlight(
                text: text, note: note.isEmpty ? nil : note,
                date: BookDate(String(table.cell(record, "Highlighted at").prefix(10))))
            let location = table.cell(record, "Location")
            switch table.cell(record, "Location Type").lowercased() {
            case "page": highlight.page = location.isEmpty ? nil : location
            case "location": highlight.location = location.isEmpty ? nil : location
            default: break
            }
            books[key]?.highlights.append(highlight)
        }
        return order.compactMap { books[$0] }
    }
}
