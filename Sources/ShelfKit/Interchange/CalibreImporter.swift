import ShelfPresentation

/// Reads calibre's two exports: the CSV of `calibredb catalog books.csv` and the JSON of
/// `calibredb list --for-machine --fields all`. Their quirks: ratings are stored 0–10 (the JSON
/// gives them raw; the CSV catalog halves them to 0–5 with half stars); authors are joined with
/// ` & `; `identifiers` holds `goodreads:…,isbn:…`; comments are HTML; an unknown `pubdate` is
/// written as the year 101; custom columns are named `#name` (CSV) or `*name` (JSON).
enum CalibreImporter {
    /// The books and skipped rows of either export's text (JSON when it starts with `[`).
    /// - Throws: `ImportError` when the text is neither export.
    /// - Parameter warn: told of what the CSV reader had to guess (a quote never closed), by line.
    static func read(_ text: String, warn: (String) -> Void = { _ in }) throws(ImportError) -> [ImportRow] {
        let start = text.unicodeScalars.first { !$0.properties.isWhitespace && $0 != "\u{FEFF}" }
        if start == "[" { return try readJSON(text) }
        let table = CSVTable(text: text)
        table.warnings.forEach(warn)
        guard table.has("title"), table.has("authors") else {
            throw ImportError(
                "this is not a calibre catalog CSV or `calibredb list --for-machine` JSON: no title and "
                    + "authors columns (found: \(table.header.prefix(8).joined(separator: ", ")))")
        }
        // The catalog halves ratings to stars; a value above 5 means a raw 0–10 rating.
        let scale: Double = table.records.contains { (Double(table.cell($0, "rating")) ?? 0) > 5 } ? 10 : 5
        return table.records.enumerated().map { position, record in
            var cells: [String: Entry.Value] = [:]
            for (column, name) in table.header.enumerated() where column < record.cells.count {
                cells[name] = .text(record.cells[column].trimmingSpaces)
            }
            return row(Entry(cells: cells, ratingScale: scale), number: table.row(of: position))
        }
    }

    static func readJSON(_ text: String) throws(ImportError) -> [ImportRow] {
        let parsed: JSONValue
        do {
            parsed = try JSONReader.parse(text)
        } catch {
            throw ImportError("calibre JSON: \(error)")
        }
        guard case .array(let items) = parsed else { throw ImportError("calibre JSON: expected an array of books") }
        return items.enumerated().map { position, item in
            guard case .object(let members) = item else { return .skipped(row: position + 1, reason: "not an object") }
            var cells: [String: Entry.Value] = [:]
            for (key, value) in members {
                switch value {
                case .array(let values): cells[key] = .list(values.compactMap(\.scalarText))
                case .object(let pairs): cells[key] = .list(pairs.compactMap { pair in pair.1.scalarText.map { pair.0 + ":" + $0 } })
                case .string(let text): cells[key] = .text(text)
                default: if let text = value.scalarText { cells[key] = .typed(text) }
                }
            }
            return row(Entry(cells: cells, ratingScale: 10), number: position + 1)
        }
    }

    static func row(_ entry: Entry, number: Int) -> ImportRow {
        let title = ImportCells.line(entry.text("title"))
        guard !title.isEmpty else { return .skipped(row: number, reason: "no title") }
        var book = ImportRecord(row: number)
        book.set("title", string: title)
        book.set("authors", .list(authors(entry)))
        var identifiers: [(String, String)] = entry.list("identifiers").compactMap { pair -> (String, String)? in
            guard let colon = pair.firstIndex(of: ":") else { return nil }
            return (String(pair[..<colon]).trimmingSpaces.lowercased(), String(pair[pair.index(after: colon)...]).trimmingSpaces)
        }
        let isbn = ImportCells.isbn(entry.text("isbn")) ?? identifiers.first { $0.0 == "isbn" }.flatMap { ImportCells.isbn($0.1) }
        book.set("isbn", string: isbn)
        if let rating = ImportCells.rating(entry.text("rating"), scale: entry.ratingScale) {
            book.set("rating", typed: String(rating.rating))
            book.set("rating_exact", typed: rating.exact)
        }
        book.set("tags", .list(ImportCells.unique(entry.list("tags"))))
        book.set("added", typed: ImportCells.date(entry.text("timestamp")))
        book.set("series", string: ImportCells.line(entry.text("series")))
        if book.value(of: "series") != nil { book.set("series_index", typed: ImportCells.seriesIndex(entry.text("series_index"))) }
        book.set("publisher", string: ImportCells.line(entry.text("publisher")))
        book.set("published", typed: ImportCells.date(entry.text("pubdate")))
        book.set("language", string: entry.list("languages").first)
        if !entry.list("formats").isEmpty { book.set("format", string: "ebook") }
        book.set("cover", string: entry.text("cover"))
        for (kind, key) in [("goodreads", "goodreads"), ("openlibrary", "openlibrary"), ("olid", "openlibrary")] {
            if let value = identifiers.first(where: { $0.0 == kind })?.1, book.value(of: key) == nil { book.set(key, string: value) }
        }
        identifiers.removeAll { ["isbn", "goodreads", "openlibrary", "olid"].contains($0.0) }
        book.set("calibre", string: entry.text("uuid").isEmpty ? entry.text("id") : entry.text("uuid"))
        book.set("source", string: "calibre")
        book.set("identifiers", .list(identifiers.map { $0.0 + ":" + $0.1 }))
        for (name, value) in entry.cells.sorted(by: { $0.key < $1.key }) where name.hasPrefix("#") || name.hasPrefix("*") {
            var key = String(name.dropFirst())
            if CanonicalField(key: key) != nil || book.value(of: key) != nil { key = "calibre_" + key }
            switch value {
            case .text(let text): book.set(key, string: ImportCells.line(text))
            case .typed(let text): book.set(key, typed: text)
            case .list(let items): book.set(key, .list(items.map(ImportCells.line).filter { !$0.isEmpty }))
            }
        }
        let comments = HTMLToMarkdown.convert(entry.text("comments"))
        book.notes = comments.isEmpty ? nil : comments
        return .record(book)
    }

    /// Authors joined with ` & `; an old catalog joined them with `, `, which `author_sort`
    /// (`McGuire, Seanan & Other, Name`) tells apart from one name with a comma.
    static func authors(_ entry: Entry) -> [String] {
        if case .list(let items)? = entry.cells["authors"] { return ImportCells.unique(items.map(ImportCells.line).filter { !$0.isEmpty }) }
        let text = entry.text("authors")
        if text.contains(" & ") { return ImportCells.names(text, separator: " & ") }
        let sortParts = entry.text("author_sort").components(separatedBy: " & ").count
        if sortParts > 1 { return ImportCells.names(text) }
        let single = ImportCells.line(text)
        return single.isEmpty ? [] : [single]
    }

    /// One book's cells, from either export.
    struct Entry {
        enum Value {
            case text(String)
            /// A JSON number or boolean.
            case typed(String)
            case list([String])
        }

        var cells: [String: Value]
        var ratingScale: Double

        func text(_ key: String) -> String {
            switch cells[key] {
            case .text(let text)?, .typed(let text)?: return text
            case .list(let items)?: return items.joined(separator: ", ")
            case nil: return ""
            }
        }

        /// A list cell; a CSV cell is split on commas.
        func list(_ key: String) -> [String] {
            switch cells[key] {
            case .list(let items)?: return items.map(\.trimmingSpaces).filter { !$0.isEmpty }
            case .text(let text)?, .typed(let text)?: return ImportCells.list(text)
            case nil: return []
            }
        }
    }
}
