/// The reads an export gives for one book, set on its record as shelf keeps reads: the latest
/// in `started:` / `finished:` (so a book read once looks as simple as ever), the earlier ones
/// as lines of `reads:`, oldest first. Reads the source counted but gave no dates for (a
/// Goodreads `Read Count` of 3 with one `Date Read`) are `{finished: true}` lines before them.
struct ImportedReads {
    /// One read's dates, `YYYY-MM-DD` (or partial), as the importer cleaned them.
    struct Span: Equatable {
        var started: String?
        var finished: String?

        /// What orders spans: the finish, else the start.
        var sortKey: String { finished ?? started ?? "" }
    }

    var spans: [Span]
    /// The number of reads the source counts (`Read Count`), if it says.
    var count: Int?

    /// Writes the reads into `book`. `hasLatest`: the status says the book was read or is being
    /// read, so a latest read exists even without dates.
    func apply(to book: inout ImportRecord, hasLatest: Bool) {
        let ordered = spans.enumerated().sorted { ($0.element.sortKey, $0.offset) < ($1.element.sortKey, $1.offset) }.map(\.element)
        let latest = ordered.last
        book.set("started", typed: latest?.started)
        book.set("finished", typed: latest?.finished)
        let known = ordered.count + (ordered.isEmpty && hasLatest ? 1 : 0)
        let undated = max(0, (count ?? 0) - known)
        var items = Array(repeating: "{finished: true}", count: undated)
        items += ordered.dropLast().map(ImportedReads.flowMap)
        book.set(Book.readsKey, .items(items))
    }

    static func flowMap(_ span: Span) -> String {
        // An earlier read with a start and no end stays open: how it ended is not known.
        var parts: [String] = []
        if let started = span.started { parts.append("started: " + started) }
        if let finished = span.finished { parts.append("finished: " + finished) }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    /// Spans from a cell of starts and a cell of finishes (LibraryThing's `Date Started` and
    /// `Date Read`), paired in order: `[2007-04-16]`, or several dates separated by commas.
    static func paired(started: String, finished: String) -> [Span] {
        let starts = dates(in: started)
        let ends = dates(in: finished)
        return (0..<max(starts.count, ends.count)).map { index in
            Span(started: index < starts.count ? starts[index] : nil, finished: index < ends.count ? ends[index] : nil)
        }
    }

    /// The dates of a cell, in written order.
    static func dates(in cell: String) -> [String] {
        cell.split(whereSeparator: { $0 == "," || $0 == ";" }).compactMap { ImportCells.date(String($0)) }
    }
}
