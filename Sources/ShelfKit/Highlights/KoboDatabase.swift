/// Reads a Kobo's `.kobo/KoboReader.sqlite`: highlights and notes from the `Bookmark` table, the
/// book of each from `content` (title, author, ISBN, read status and percent), the chapter from
/// the content row the bookmark points into. Hidden (deleted) bookmarks and dog-ears are skipped.
enum KoboDatabase {
    static func looksLike(_ tables: Set<String>) -> Bool {
        tables.contains("Bookmark") && tables.contains("content")
    }

    static func read(_ database: SQLiteDatabase) throws(SQLiteDatabase.Failure) -> [HighlightedBook] {
        let bookmarkColumns = try database.columns(of: "Bookmark")
        let contentColumns = try database.columns(of: "content")
        func optional(_ column: String, in columns: Set<String>, as alias: String, from table: String) -> String {
            columns.contains(column) ? "\(table).\(column) AS \(alias)" : "NULL AS \(alias)"
        }
        let sql = """
            SELECT b.VolumeID AS volume, b.Text AS text, \(optional("Annotation", in: bookmarkColumns, as: "note", from: "b")), \
            \(optional("DateCreated", in: bookmarkColumns, as: "created", from: "b")), \
            \(optional("Type", in: bookmarkColumns, as: "type", from: "b")), \
            \(optional("Hidden", in: bookmarkColumns, as: "hidden", from: "b")), \
            \(optional("ChapterProgress", in: bookmarkColumns, as: "progress", from: "b")), \
            chapter.Title AS chapter \
            FROM Bookmark b LEFT JOIN content chapter ON chapter.ContentID = b.ContentID \
            ORDER BY b.VolumeID, \(bookmarkColumns.contains("DateCreated") ? "b.DateCreated" : "b.rowid")
            """
        let bookSQL = """
            SELECT ContentID AS id, Title AS title, \(optional("Attribution", in: contentColumns, as: "author", from: "content")), \
            \(optional("ISBN", in: contentColumns, as: "isbn", from: "content")), \
            \(optional("ReadStatus", in: contentColumns, as: "status", from: "content")), \
            \(optional("___PercentRead", in: contentColumns, as: "percent", from: "content")), \
            \(optional("DateLastRead", in: contentColumns, as: "lastRead", from: "content")) \
            FROM content WHERE ContentType = 6 OR ContentType = '6'
            """
        var books: [String: HighlightedBook] = [:]
        var order: [String] = []
        for row in try database.rows(bookSQL) {
            guard let id = row["id"]?.text, let title = row["title"]?.text?.trimmingSpaces, !title.isEmpty else { continue }
            let authors = (row["author"]?.text ?? "").split(whereSeparator: { $0 == "&" || $0 == ";" })
                .map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
            let isbn = row["isbn"]?.text.flatMap { ISBN.parse($0)?.isbn13 }
            books[id] = HighlightedBook(title: title, authors: authors, isbn: isbn, reading: reading(row))
            order.append(id)
        }
        var withHighlights: Set<String> = []
        for row in try database.rows(sql) {
            guard let volume = row["volume"]?.text, books[volume] != nil else { continue }
            if let hidden = row["hidden"]?.text?.lowercased(), hidden == "true" || hidden == "1" { continue }
            if let type = row["type"]?.text?.lowercased(), type == "dogear" { continue }
            let text = row["text"]?.text?.trimmingSpaces ?? ""
            let note = row["note"]?.text?.trimmingSpaces ?? ""
            guard !text.isEmpty || !note.isEmpty else { continue }
            let date = row["created"]?.text.flatMap { BookDate(String($0.prefix(10))) }
            books[volume]?.highlights.append(
                Highlight(
                    text: text, note: note.isEmpty ? nil : note,
                    chapter: row["chapter"]?.text?.trimmingSpaces, date: date))
            withHighlights.insert(volume)
        }
        // Books the reader has opened or highlighted; the shop's unopened previews say nothing.
        return order.compactMap { id in
            guard let book = books[id], withHighlights.contains(id) || book.reading?.status != nil else { return nil }
            return book
        }
    }

    private static func reading(_ row: [String: SQLiteDatabase.Value]) -> DeviceReading? {
        var reading = DeviceReading()
        switch row["status"]?.integer {
        case 1: reading.status = .reading
        case 2: reading.status = .finished
        default: break
        }
        if let percent = row["percent"]?.real, (0...100).contains(percent), reading.status != nil { reading.percent = percent }
        reading.lastRead = row["lastRead"]?.text.flatMap { BookDate(String($0.prefix(10))) }
        return reading.status == nil ? nil : reading
    }
}

/// Reads KOReader's `statistics.sqlite3`: per book, the time spent reading, the pages read and
/// the day of the first page turned.
enum KOReaderStatistics {
    static func looksLike(_ tables: Set<String>) -> Bool {
        tables.contains("book") && tables.contains("page_stat_data")
    }

    static func read(_ database: SQLiteDatabase) throws(SQLiteDatabase.Failure) -> [HighlightedBook] {
        let columns = try database.columns(of: "book")
        let wanted = ["title", "authors", "pages", "last_open", "total_read_time", "total_read_pages"]
        let select = wanted.map { columns.contains($0) ? $0 : "NULL AS \($0)" }.joined(separator: ", ")
        // The first page turned: the day the reading began, as far as the device knows.
        let pageColumns = try database.columns(of: "page_stat_data")
        let first =
            pageColumns.contains("id_book") && pageColumns.contains("start_time") && columns.contains("id")
            ? "(SELECT MIN(start_time) FROM page_stat_data WHERE page_stat_data.id_book = book.id)" : "NULL"
        return try database.rows("SELECT \(select), \(first) AS first_read FROM book ORDER BY id").compactMap { row -> HighlightedBook? in
            guard let title = row["title"]?.text?.trimmingSpaces, !title.isEmpty else { return nil }
            let authors = (row["authors"]?.text ?? "").split(separator: "\n").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
            var reading = DeviceReading()
            if let seconds = row["total_read_time"]?.integer, seconds > 0 { reading.secondsRead = Int(seconds) }
            if let pages = row["pages"]?.integer, pages > 0 { reading.pages = Int(pages) }
            if let read = row["total_read_pages"]?.integer, read > 0 { reading.page = Int(read) }
            if let opened = row["last_open"]?.integer, opened > 0 { reading.lastRead = BookDate(unixSeconds: opened) }
            if let first = row["first_read"]?.integer, first > 0 { reading.started = BookDate(unixSeconds: first) }
            return HighlightedBook(title: title, authors: authors, reading: reading == DeviceReading() ? nil : reading)
        }
    }
}

extension BookDate {
    /// The UTC day of a Unix time.
    init(unixSeconds: Int64) {
        // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
        let days = Int(unixSeconds / 86_400) + 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }
}
