/// Reads The StoryGraph's CSV export. Its quirks: `ISBN/UID` holds an ISBN or StoryGraph's own
/// id; `Dates Read` holds ranges (`2023/01/05-2023/01/10`, several separated by commas);
/// `Star Rating` has quarter stars (`3.75`); `Read Status` includes `did-not-finish` and `paused`.
enum StoryGraphImporter {
    /// The books and skipped rows of an export's text.
    /// - Throws: `ImportError` when the text has no StoryGraph header.
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
        guard table.has("Title"), table.has("Read Status") || table.has("ISBN/UID") else {
            throw ImportError(
                "this is not a StoryGraph export: no Title and Read Status columns "
                    + "(found: \(table.header.prefix(8).joined(separator: ", ")))")
        }
    }

    static func row(_ record: CSVReader.Record, in table: CSVTable, number: Int) -> ImportRow {
        let cell = { (name: String) in table.cell(record, name) }
        let title = ImportCells.line(cell("Title"))
        guard !title.isEmpty else { return .skipped(row: number, reason: "no title") }
        var book = ImportRecord(row: number)
        book.set("title", string: title)
        book.set("authors", .list(ImportCells.names(cell("Authors"))))
        let identifier = cell("ISBN/UID")
        if let isbn = ImportCells.isbn(identifier) {
            book.set("isbn", string: isbn)
        } else {
            book.set("storygraph", string: ImportCells.line(identifier))
        }
        let readStatus = ImportCells.line(cell("Read Status")).lowercased()
        var tags = ImportCells.list(cell("Tags"))
        if !readStatus.isEmpty {
            if let status = ReadingStatus(alias: readStatus) {
                book.set("status", string: status.rawValue)
            } else {
                // `paused` and anything newer: still on the go, and the word kept as a tag.
                book.set("status", string: readStatus == "paused" ? ReadingStatus.reading.rawValue : ReadingStatus.toRead.rawValue)
                tags.insert(readStatus, at: 0)
            }
        }
        if let rating = ImportCells.rating(cell("Star Rating")) {
            book.set("rating", typed: String(rating.rating))
            book.set("rating_exact", typed: rating.exact)
        }
        book.set("tags", .list(ImportCells.unique(tags)))
        book.set("added", typed: ImportCells.date(cell("Date Added")))
        var spans = readSpans(cell("Dates Read"))
        if spans.isEmpty, let last = ImportCells.date(cell("Last Date Read")) { spans = [ImportedReads.Span(finished: last)] }
        let status = book.text(of: "status").flatMap(ReadingStatus.init(rawValue:))
        ImportedReads(spans: spans, count: ImportCells.count(cell("Read Count")))
            .apply(to: &book, hasLatest: status == .read || status == .reading || status == .abandoned)
        book.set("format", string: ImportCells.format(cell("Format")))
        book.set("source", string: "storygraph")
        book.set("contributors", .list(ImportCells.names(cell("Contributors"))))
        if let count = ImportCells.count(cell("Read Count")) { book.set(Book.readCountKey, typed: String(count)) }
        book.set("moods", .list(ImportCells.list(cell("Moods"))))
        book.set("pace", string: ImportCells.line(cell("Pace")).lowercased())
        book.set("driven", string: ImportCells.line(cell("Character- or Plot-Driven?")).lowercased())
        book.set("content_warnings", string: ImportCells.line(cell("Content Warnings")))
        if ImportCells.line(cell("Owned?")).lowercased() == "yes" { book.set("ownership", string: Ownership.owned.rawValue) }
        let review = HTMLToMarkdown.convert(cell("Review"))
        let warnings = HTMLToMarkdown.convert(cell("Content Warning Description"))
        var notes: [String] = []
        if !review.isEmpty { notes.append(review) }
        if !warnings.isEmpty { notes.append("## Content warnings\n\n" + warnings) }
        book.notes = notes.isEmpty ? nil : notes.joined(separator: "\n\n")
        return .record(book)
    }

    /// Every reading in a `Dates Read` cell, as written: `2023/01/05-2023/01/10, 2024/03/01-`.
    /// A range without an end is a reading in progress; a lone date is a finish.
    static func readSpans(_ text: String) -> [ImportedReads.Span] {
        text.split(separator: ",").compactMap { part in
            let dates = dateTokens(in: part)
            let isOpen = String(part).trimmingSpaces.hasSuffix("-")
            switch dates.count {
            case 0: return nil
            case 1: return isOpen ? ImportedReads.Span(started: dates[0]) : ImportedReads.Span(finished: dates[0])
            default: return ImportedReads.Span(started: dates[0], finished: dates[dates.count - 1])
            }
        }
    }

    /// The most recent reading in a `Dates Read` cell: `2023/01/05-2023/01/10, 2024/02/01-2024/02/09`.
    /// A range without an end (`2024/03/01-`) is a reading in progress; a lone date is a finish.
    static func latestReading(_ text: String) -> (started: String?, finished: String?) {
        var best: (started: String?, finished: String?) = (nil, nil)
        for part in text.split(separator: ",") {
            let dates = dateTokens(in: part)
            let isOpen = String(part).trimmingSpaces.hasSuffix("-")
            let reading: (String?, String?)
            switch dates.count {
            case 0: continue
            case 1: reading = isOpen ? (dates[0], nil) : (nil, dates[0])
            default: reading = (dates[0], dates[dates.count - 1])
            }
            let key = reading.1 ?? reading.0 ?? ""
            if key >= (best.finished ?? best.started ?? "") { best = reading }
        }
        return best
    }

    /// Every `YYYY/MM/DD` or `YYYY-MM-DD` in a text, written as `YYYY-MM-DD`.
    static func dateTokens(in text: Substring) -> [String] {
        let characters = Array(text)
        var tokens: [String] = []
        var index = 0
        while index + 4 <= characters.count {
            guard characters[index].isNumber, index == 0 || !characters[index - 1].isNumber else {
                index += 1
                continue
            }
            var end = index
            while end < characters.count,
                characters[end].isNumber
                    || ((characters[end] == "/" || characters[end] == "-")
                        && end + 1 < characters.count && characters[end + 1].isNumber && end - index < 8)
            {
                end += 1
            }
            if let date = ImportCells.date(String(characters[index..<end])), date.count == 10 { tokens.append(date) }
            index = max(end, index + 1)
        }
        return tokens
    }
}
