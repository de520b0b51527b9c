/// One year of reading looked back on: every read finished in the year, a re-read too (as the
/// goal and the dashboard count them, `GoalProgress`), month by month, the longest and
/// shortest, and the authors, tags and ratings of the books read (`LibraryStats` over them).
public struct YearInReview: Sendable {
    /// One read finished in the year.
    public struct Entry: Sendable {
        /// The book read.
        public var book: Book
        /// The read: its days, how it ended, its rating.
        public var read: BookRead
        /// The book had a finished read before this one.
        public var isReread: Bool
        /// The read's day, or the year's first day for a read of a month or of the year only.
        var day: BookDate
    }

    /// The year looked back on.
    public let year: Int
    /// The reads finished in the year, in the order they were finished (by title on one day).
    public let entries: [Entry]
    /// The reads and their pages, counted as the goal counts them.
    public let progress: GoalProgress
    /// Month 1–12 → reads finished and their pages; a read dated only by its year is in none.
    public let byMonth: [(books: Int, pages: Int)]
    /// The longest and shortest book read, by `pages:` (none without pages).
    public let longest: Entry?
    /// The shortest book read, by `pages:`.
    public let shortest: Entry?
    /// Re-reads among the reads.
    public let rereads: Int
    /// The figures of the books read: authors, tags, ratings in half stars, days to finish.
    public let stats: LibraryStats

    /// The look back on `year` over `books`; `today` says how far a year still going has come.
    public init(year: Int, books: [Book], today: BookDate) {
        self.year = year
        var entries: [Entry] = []
        for book in books {
            let finished = book.reads.filter { $0.outcome == .finished }
            for (position, read) in finished.enumerated() {
                guard let ended = read.ended, ended.year == year else { continue }
                let day = BookDate(year: year, month: ended.month ?? 1, day: ended.day ?? 1)
                entries.append(Entry(book: book, read: read, isReread: position > 0, day: day))
            }
        }
        self.entries = entries.sorted {
            ($0.day, BookSortKey.titleKey($0.book.title)) < ($1.day, BookSortKey.titleKey($1.book.title))
        }
        progress = GoalProgress(year: year, goal: nil, books: books, today: today)
        var months = Array(repeating: (books: 0, pages: 0), count: 12)
        for entry in entries {
            guard let month = entry.read.ended?.month else { continue }
            months[month - 1].books += 1
            months[month - 1].pages += entry.book.pages ?? 0
        }
        byMonth = months
        let paged = self.entries.filter { $0.book.pages != nil }
        longest = paged.max { ($0.book.pages ?? 0) < ($1.book.pages ?? 0) }
        shortest = paged.min { ($0.book.pages ?? 0) < ($1.book.pages ?? 0) }
        rereads = entries.filter(\.isReread).count
        // Each book once, however many times it was read in the year.
        var seen = Set<String>()
        stats = LibraryStats(self.entries.map(\.book).filter { seen.insert($0.path).inserted })
    }

    /// The years with a read finished in them, newest first: the years a review can be of.
    public static func years(of books: [Book]) -> [Int] {
        Set(books.flatMap { $0.reads.filter { $0.outcome == .finished }.compactMap { $0.ended?.year } }).sorted(by: >)
    }
}
