import Foundation

/// Reads a KOReader sidecar (`book.sdr/metadata.epub.lua`): the book's title, authors and ISBN
/// from `doc_props`, its highlights and notes, and its reading state (`summary.status`,
/// `percent_finished`, `doc_pages`).
///
/// Highlights are in `annotations` since KOReader 2024.01; older versions keep them in
/// `highlight` (by page) with the notes in `bookmarks`. Both are read. Entries without text
/// are bookmarks, and are skipped.
enum KOReaderSidecar {
    static func parse(_ text: String) throws(LuaSyntaxError) -> HighlightedBook? {
        let root = try LuaReader.read(text)
        let properties = root["doc_props"]
        let stats = root["stats"]
        guard let title = (properties?["title"]?.string ?? stats?["title"]?.string)?.trimmingSpaces, !title.isEmpty else {
            return nil
        }
        let authorText = properties?["authors"]?.string ?? stats?["authors"]?.string ?? ""
        let authors = authorText.split(whereSeparator: { $0 == "\n" || $0 == ";" }).map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
        var book = HighlightedBook(title: title, authors: authors, isbn: isbn(in: properties?["identifiers"]?.string))
        book.highlights = annotations(root["annotations"]) + legacyHighlights(root["highlight"], bookmarks: root["bookmarks"])
        book.reading = reading(root, highlights: book.highlights)
        return book
    }

    private static func isbn(in identifiers: String?) -> String? {
        guard let identifiers else { return nil }
        for line in identifiers.split(whereSeparator: { $0 == "\n" || $0 == "," || $0 == " " }) {
            let candidate = line.lowercased().hasPrefix("isbn:") ? line.dropFirst(5) : line
            if let isbn = ISBN.parse(String(candidate)) { return isbn.isbn13 }
        }
        return nil
    }

    private static func annotations(_ table: LuaValue?) -> [Highlight] {
        guard let table else { return [] }
        return table.entries.compactMap { entry -> Highlight? in
            let item = entry.value
            let text = item["text"]?.string?.trimmingSpaces ?? ""
            let note = item["note"]?.string?.trimmingSpaces
            // A bookmark: a page and nothing marked on it.
            guard !text.isEmpty || !(note ?? "").isEmpty, item["pos0"] != nil || !text.isEmpty else { return nil }
            return Highlight(
                text: text, note: note?.isEmpty == false ? note : nil, chapter: item["chapter"]?.string?.trimmingSpaces,
                page: item["pageno"]?.string ?? pageNumber(item["page"]), date: date(item["datetime"]?.string))
        }
    }

    /// Before 2024: `highlight[page][n] = {text, chapter, datetime}`, notes in `bookmarks`
    /// (`notes` holding the highlighted text, `text` the note).
    private static func legacyHighlights(_ table: LuaValue?, bookmarks: LuaValue?) -> [Highlight] {
        guard let table else { return [] }
        var notes: [String: String] = [:]
        for entry in bookmarks?.entries ?? [] {
            guard let marked = entry.value["notes"]?.string?.trimmingSpaces, let note = entry.value["text"]?.string?.trimmingSpaces,
                !note.isEmpty, note != marked, !isGeneratedBookmarkText(note)
            else { continue }
            notes[marked] = note
        }
        var highlights: [Highlight] = []
        let pages = table.entries.sorted { ($0.key.sortValue) < ($1.key.sortValue) }
        for page in pages {
            for entry in page.value.entries {
                let text = entry.value["text"]?.string?.trimmingSpaces ?? ""
                guard !text.isEmpty else { continue }
                highlights.append(
                    Highlight(
                        text: text, note: notes[text], chapter: entry.value["chapter"]?.string?.trimmingSpaces,
                        page: page.key.text, date: date(entry.value["datetime"]?.string)))
            }
        }
        return highlights
    }

    /// Old KOReader filled a bookmark's text with `Page 12 … @ 2020-01-01 10:00:00` when the reader wrote none.
    private static func isGeneratedBookmarkText(_ text: String) -> Bool {
        text.hasPrefix("Page ") && text.contains(" @ ")
    }

    private static func pageNumber(_ value: LuaValue?) -> String? {
        guard case .number = value else { return nil }
        return value?.string
    }

    private static func date(_ text: String?) -> BookDate? {
        guard let text, text.count >= 10 else { return nil }
        return BookDate(String(text.prefix(10)))
    }

    /// `summary.status` is what KOReader's menus set: `reading` (set when the book is first
    /// opened), `complete` (*Finished*) and `abandoned` (*On hold*); a sidecar without one is a
    /// book being read, as KOReader shows it. `percent_finished` is 0–1.
    private static func reading(_ root: LuaValue, highlights: [Highlight]) -> DeviceReading? {
        var reading = DeviceReading()
        let percent = root["percent_finished"]?.number
        let word = root["summary"]?["status"]?.string?.lowercased()
        switch word {
        case "complete", "finished": reading.status = .finished
        case "reading": reading.status = .reading
        case "abandoned", "on hold", "on_hold", "paused": reading.status = .onHold
        case nil where percent.map({ $0 > 0 && $0 < 1 }) == true: reading.status = .reading
        default: break
        }
        if let percent, (0...1).contains(percent) { reading.percent = (percent * 1000).rounded() / 10 }
        if let pages = root["doc_pages"]?.number, pages >= 1, pages < 1_000_000 { reading.pages = Int(pages) }
        if let pages = reading.pages, let percent = reading.percent { reading.page = Int((Double(pages) * percent / 100).rounded()) }
        let modified = date(root["summary"]?["modified"]?.string)
        reading.lastRead = modified
        reading.started = firstDay(
            root["stats"]?["performance_in_pages"], highlights: highlights,
            statusSet: word == "reading" ? modified : nil)
        return reading == DeviceReading() ? nil : reading
    }

    /// The first day the sidecar shows the book read: the first page turn older KOReader logged
    /// in `stats.performance_in_pages` (Unix time → page), the first passage marked, or the day
    /// the status became `reading` (KOReader sets it when the book is first opened; a later
    /// change of the rating moves it, so the earliest of the three is taken).
    private static func firstDay(_ turns: LuaValue?, highlights: [Highlight], statusSet: BookDate?) -> BookDate? {
        var days = highlights.compactMap(\.date) + [statusSet].compactMap { $0 }
        for entry in turns?.entries ?? [] {
            if case .number(let seconds) = entry.key, seconds > 0, seconds < 1e11 { days.append(BookDate(unixSeconds: Int64(seconds))) }
        }
        return days.filter { $0.day != nil }.min()
    }
}

extension LuaKey {
    var sortValue: Double {
        if case .number(let number) = self { return number }
        return .infinity
    }

    var text: String {
        switch self {
        case .string(let text): return text
        case .number(let number): return number == number.rounded() ? String(Int(number)) : String(number)
        }
    }
}
