import ShelfPresentation

/// One time through a book: when it began, how it ended (finished, abandoned, or not yet), and
/// optionally in which format, how far, and how it was rated.
///
/// The latest read lives in the top-level `started:` / `finished:` / `status:` keys, so a book
/// read once looks as it always did. Earlier reads are the items of a `reads:` list, oldest
/// first, each a small map: `- {started: 2019-03-02, finished: 2019-04-11}`. See docs/format.md.
public struct BookRead: Sendable, Equatable {
    /// How a read ended.
    public enum Outcome: String, Sendable {
        /// Still going (or stopped without a word).
        case open
        case finished
        case abandoned
    }

    /// The day the read started, when known.
    public var started: BookDate?
    /// The day it was finished, or the day it was given up for an abandoned read.
    public var ended: BookDate?
    /// How the read ended, or that it is still open.
    public var outcome: Outcome
    /// The page reached, for an abandoned read.
    public var page: Int?
    /// `paper`, `ebook`, `audio`, or whatever the reader wrote.
    public var format: String?
    /// This read's own rating in stars (an earlier read); the latest read's is the book's `rating`.
    public var rating: Double?
    /// True for the read held in the top-level keys.
    var isLatest: Bool

    init(
        started: BookDate? = nil, ended: BookDate? = nil, outcome: Outcome, page: Int? = nil,
        format: String? = nil, rating: Double? = nil, isLatest: Bool = false
    ) {
        self.started = started
        self.ended = ended
        self.outcome = outcome
        self.page = page
        self.format = format
        self.rating = rating
        self.isLatest = isLatest
    }

    /// The finish date of a finished read.
    var finished: BookDate? { outcome == .finished ? ended : nil }

    /// The date the read is filed under: its end, else its start.
    var date: BookDate? { ended ?? started }
}

extension Book {
    /// The key of the earlier reads.
    public static let readsKey = "reads"
    /// The times read, as a Goodreads or StoryGraph import writes it; `finish` keeps it true.
    static let readCountKey = "read_count"
    /// What `value(of:)` finds the `reads:` key by, worked out once: every book is asked for it.
    private static let readsLookup = (canonical: CanonicalField(key: readsKey), folded: CanonicalField.fold(readsKey))

    /// Every read of the book, oldest first: the `reads:` list, then the latest read.
    public var reads: [BookRead] {
        var all = earlierReads
        if let latestRead { all.append(latestRead) }
        return all
    }

    /// How many reads were finished (a book marked read without dates counts once).
    public var timesRead: Int { reads.filter { $0.outcome == .finished }.count }

    /// The read in the top-level keys, if the book was ever started, finished or given up.
    var latestRead: BookRead? {
        switch status {
        case .abandoned?:
            return BookRead(started: started, ended: finished, outcome: .abandoned, isLatest: true)
        case .read?:
            return BookRead(started: started, ended: finished, outcome: .finished, isLatest: true)
        case .reading?:
            return BookRead(started: started, ended: finished, outcome: finished == nil ? .open : .finished, isLatest: true)
        case .toRead?, nil:
            if finished != nil { return BookRead(started: started, ended: finished, outcome: .finished, isLatest: true) }
            if started != nil { return BookRead(started: started, outcome: .open, isLatest: true) }
            return nil
        }
    }

    /// The reads of the `reads:` list that can be read, in written order; with a list of read
    /// dates (`dates_read: [2008-01-05, 2012-03-01]`), a finished read for each date before the last.
    public var earlierReads: [BookRead] {
        var reads: [BookRead] = []
        if case .list(let items)? = value(of: Book.readsKey, canonical: Book.readsLookup.canonical, folded: { Book.readsLookup.folded }) {
            reads = items.compactMap(BookRead.init(item:))
        }
        if let field = fields.first(where: { $0.canonical == .finished }) {
            if let pairs = Book.readPairs(in: field.value) {
                reads += pairs.dropLast().compactMap { $0?.read }
            } else if let dates = Book.readDates(in: field.value) {
                reads += dates.dropLast().compactMap { $0.map { BookRead(ended: $0, outcome: .finished) } }
            }
        }
        return reads
    }

    /// The dates of a list of read dates, in written order (nil for an item that is no date), or
    /// nil when the value is not such a list (a scalar, a link, an empty list).
    static func readDates(in value: FieldValue) -> [BookDate?]? {
        guard case .list(let items) = value, !items.isEmpty, !value.isBareLink, readPairs(in: value) == nil else { return nil }
        return items.map { $0.writtenText.flatMap { BookDate($0) } }
    }

    /// The day the latest read ended, over every read (a re-read under way keeps the last
    /// read's end), for `--sort finished`.
    var lastFinished: BookDate? {
        finished ?? earlierReads.compactMap(\.ended).max()
    }

    /// The dates a query compares: every read's for `started` and `finished`, else the one date.
    func queryDates(of name: String) -> [BookDate] {
        switch CanonicalField(key: name) {
        case .started?: return readDates(.started)
        case .finished?: return readDates(.finished)
        default: return queryDate(of: name).map { [$0] } ?? []
        }
    }

    /// Every date of a reading field over all reads: `started` or `finished` (and the day an
    /// abandoned read stopped, which `finished` holds for the latest read).
    func readDates(_ field: CanonicalField) -> [BookDate] {
        var dates: [BookDate] = []
        for read in earlierReads {
            if let date = field == .started ? read.started : read.ended { dates.append(date) }
        }
        if let date = field == .started ? started : finished { dates.append(date) }
        return dates
    }
}

extension BookRead {
    /// Reads one item of a `reads:` list: a map (`{started: …, finished: …}`), or a bare date
    /// (a read finished that day). Nil for anything else.
    init?(item: FieldValue) {
        switch item {
        case .scalar(let text, _):
            guard let date = BookDate(text) else { return nil }
            self.init(ended: date, outcome: .finished)
        case .map(let entries):
            self.init(outcome: .open)
            for entry in entries {
                let text = entry.value.text?.trimmingSpaces ?? ""
                switch CanonicalField.fold(entry.key) {
                case "started", "start", "datestarted", "startdate": started = BookDate(text)
                case "finished", "finish", "datefinished", "finishdate", "read", "dateread", "ended":
                    // `finished: true` is a read whose day is not known.
                    ended = BookDate(text)
                    if ended != nil || ["true", "yes"].contains(text.lowercased()) { outcome = .finished }
                case "abandoned", "dnf", "stopped", "gaveup":
                    ended = BookDate(text)
                    outcome = .abandoned
                case "page", "pages", "pagereached": page = Int(text)
                case "format", "medium": format = text.isEmpty ? nil : text
                case "rating", "stars": rating = BookRead.rating(text)
                default: break
                }
            }
            guard started != nil || ended != nil || outcome != .open else { return nil }
        case .list, .null:
            return nil
        }
    }

    /// A rating as the book's `rating` reads one (`4`, `4.5`, `★★★★☆`).
    static func rating(_ text: String) -> Double? {
        guard case .stars(let stars) = Rating.read(text) else { return nil }
        return stars
    }

    /// The read as one item of a `reads:` list: a flow map, dates plain.
    var flowMap: String {
        var parts: [String] = []
        if let started { parts.append("started: " + started.text) }
        switch outcome {
        case .finished: parts.append("finished: " + (ended?.text ?? "true"))
        case .abandoned: parts.append("abandoned: " + (ended?.text ?? "true"))
        case .open: break
        }
        if let page { parts.append("page: \(page)") }
        if let format { parts.append("format: " + YAMLScalarWriter.string(format, context: .flow)) }
        if let rating { parts.append("rating: " + Rating.number(rating)) }
        return "{" + parts.joined(separator: ", ") + "}"
    }
}

extension BookRead {
    /// `{"started": "2019-03-02", "finished": "2019-04-11", "rating": 4}`: the read's known parts.
    var json: JSONValue {
        var members: [(String, JSONValue)] = []
        if let started { members.append(("started", .string(started.text))) }
        switch outcome {
        case .finished: members.append(("finished", ended.map { .string($0.text) } ?? .bool(true)))
        case .abandoned: members.append(("abandoned", ended.map { .string($0.text) } ?? .bool(true)))
        case .open: break
        }
        if let page { members.append(("page", .integer(page))) }
        if let format { members.append(("format", .string(format))) }
        if let rating { members.append(("rating", rating == rating.rounded() ? .integer(Int(rating)) : .number(rating))) }
        return .object(members)
    }
}
