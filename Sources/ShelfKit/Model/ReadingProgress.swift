import Foundation

/// One update of how far the reader is: a day and a position, written as one line of the
/// `progress:` list: `- 2024-03-02 page 120`, `- 2024-03-02 45%`, `- 2024-03-02 3h20m`.
public struct ProgressEntry: Sendable, Equatable {
    /// A place in a book.
    public enum Position: Sendable, Equatable {
        case page(Int)
        case percent(Double)
        /// Minutes into an audiobook.
        case time(Int)

        /// Reads `120`, `p120`, `page 120`, `45%`, `3h20m`, `3h`, `50m`, `1:05` (hours:minutes).
        init?(_ text: String) {
            let trimmed = text.trimmingSpaces.lowercased()
            if trimmed.hasSuffix("%") {
                guard let value = Double(String(trimmed.dropLast()).trimmingSpaces), (0...100).contains(value) else { return nil }
                self = .percent(value)
                return
            }
            var pageText = Substring(trimmed)
            for prefix in ["page", "p.", "p"] where pageText.hasPrefix(prefix) {
                pageText = pageText.dropFirst(prefix.count)
                break
            }
            if let page = Int(String(pageText).trimmingSpaces), page >= 0 {
                self = .page(page)
                return
            }
            guard let minutes = Position.minutes(trimmed) else { return nil }
            self = .time(minutes)
        }

        /// The pages in `+20` (read since the last page logged); nil for any other text.
        static func pagesRead(_ text: String) -> Int? {
            let trimmed = text.trimmingSpaces
            guard trimmed.hasPrefix("+"), let pages = Int(String(trimmed.dropFirst()).trimmingSpaces), pages > 0 else { return nil }
            return pages
        }

        private static func minutes(_ text: String) -> Int? {
            let clock = text.split(separator: ":", omittingEmptySubsequences: false)
            if clock.count == 2, let hours = Int(clock[0]), let minutes = Int(clock[1]), hours >= 0, (0..<60).contains(minutes) {
                return hours * 60 + minutes
            }
            var total = 0
            var number = ""
            var sawUnit = false
            for character in text where character != " " {
                if character.isASCII && character.isNumber {
                    number.append(character)
                } else if character == "h" || character == "m", let value = Int(number) {
                    total += character == "h" ? value * 60 : value
                    number = ""
                    sawUnit = true
                } else {
                    return nil
                }
            }
            return sawUnit && number.isEmpty ? total : nil
        }

        /// As written in the log: `page 120`, `45%`, `3h20m`.
        public var text: String {
            switch self {
            case .page(let page): return "page \(page)"
            case .percent(let value):
                return value == value.rounded() ? "\(Int(value))%" : String(format: "%.1f%%", value)
            case .time(let minutes):
                let hours = minutes / 60
                let rest = minutes % 60
                if hours == 0 { return "\(rest)m" }
                return rest == 0 ? "\(hours)h" : "\(hours)h\(rest)m"
            }
        }
    }

    var date: BookDate
    /// Where the reader was that day.
    public var position: Position

    init(date: BookDate, position: Position) {
        self.date = date
        self.position = position
    }

    /// Reads `2024-03-02 page 120`.
    init?(line: String) {
        let trimmed = line.trimmingSpaces
        guard let space = trimmed.firstIndex(of: " "), let date = BookDate(String(trimmed[..<space])),
            let position = Position(String(trimmed[space...]))
        else { return nil }
        self.init(date: date, position: position)
    }

    /// The line of the log.
    var line: String { date.text + " " + position.text }
}

/// The progress log of the current read, and what it says: where the reader is and how fast.
public struct ReadingProgress: Sendable {
    /// The key of the log.
    public static let key = "progress"

    /// The entries that can be read, in written order.
    var entries: [ProgressEntry]
    /// The lines as written, parallel to the file's list (for replacing one).
    var lines: [String]
    var pages: Int?
    var started: BookDate?

    /// The progress log of `book`'s current read, with its page count and start day.
    public init(book: Book) {
        lines = book.value(of: ReadingProgress.key)?.texts ?? []
        entries = lines.compactMap(ProgressEntry.init(line:))
        pages = book.pages
        started = book.started
    }

    /// The last page logged, or reached: a percent of a book whose pages are known is a page.
    var lastPage: Int? {
        for entry in entries.reversed() { if let page = page(of: entry) { return page } }
        return nil
    }

    /// The page `entry` stands at: its page, or its percent of the book's pages (45% of 528 is
    /// page 238); nil for a time into an audiobook, or a percent of a book of unknown length.
    func page(of entry: ProgressEntry) -> Int? {
        switch entry.position {
        case .page(let page): return page
        case .percent(let value):
            guard let pages, pages > 0 else { return nil }
            return Int((Double(pages) * value / 100).rounded())
        case .time: return nil
        }
    }

    /// The latest position.
    public var current: ProgressEntry? { entries.last }

    /// How far through the book, 0–100, when it can be told (a page of a book with pages, or a percent).
    public var percent: Double? {
        guard let current else { return nil }
        switch current.position {
        case .percent(let value): return value
        case .page(let page):
            guard let pages, pages > 0 else { return nil }
            return min(100, Double(page) * 100 / Double(pages))
        case .time: return nil
        }
    }

    /// Pages a day since the read started (or since the first entry), when both ends are known
    /// days at least two days apart: one day's reading is no pace yet (250 pages on the first
    /// day would promise the rest in a day), so the summary waits for a second day.
    var pagesPerDay: Double? {
        guard let last = entries.last, let page = page(of: last), last.date.day != nil else { return nil }
        var fromPage = 0
        var fromDate = started
        if fromDate?.day == nil, let first = entries.first, let firstPage = self.page(of: first), first.date.day != nil {
            fromPage = firstPage
            fromDate = first.date
        }
        guard let fromDate, fromDate.day != nil else { return nil }
        let days = DateSpan(last.date).first - DateSpan(fromDate).first + 1
        guard days >= 2, page > fromPage else { return nil }
        return Double(page - fromPage) / Double(days)
    }

    /// Days left at the current pace.
    var daysLeft: Int? {
        guard let pace = pagesPerDay, pace > 0, let pages, let page = lastPage, page <= pages else { return nil }
        return Int((Double(pages - page) / pace).rounded(.up))
    }

    /// `page 120 of 412 (29%) · 12.5 pages a day · about 24 days to go`, `45% (page 238 of 528)`,
    /// or nil with no entry.
    public var summary: String? {
        guard let current else { return nil }
        var parts: [String] = []
        var position = current.position.text
        if case .page = current.position, let pages { position += " of \(pages)" }
        if let percent, case .page = current.position { position += " (\(Int(percent.rounded()))%)" }
        if case .percent = current.position, let pages, let page = page(of: current) { position += " (page \(page) of \(pages))" }
        parts.append(position + " on " + current.date.text)
        if let pace = pagesPerDay { parts.append(String(format: "%.1f pages a day", pace)) }
        if let days = daysLeft { parts.append(days == 0 ? "done" : "about \(days) day\(days == 1 ? "" : "s") to go") }
        return parts.joined(separator: " · ")
    }

    /// The edits that log `entry`: a line added, or the same day's line replaced.
    static func logEdits(book: Book, entry: ProgressEntry) -> [FieldEdit] {
        let progress = ReadingProgress(book: book)
        // The line is plain YAML: a date, a space, then `page 120`, `45%` or `3h20m`, which no
        // YAML reader takes for anything but a string (so it is written unquoted).
        let append = FieldEdit.appendItem(key, raw: entry.line)
        guard let sameDay = progress.lines.last(where: { ProgressEntry(line: $0)?.date.text == entry.date.text }) else { return [append] }
        if sameDay == entry.line { return [] }
        // The day's line goes and the new one ends the list (a list left empty goes whole).
        return [progress.lines.count == 1 ? .unset(key) : .remove(key, sameDay), append]
    }
}
