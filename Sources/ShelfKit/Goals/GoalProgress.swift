/// How a year's reading stands against its goal: every read finished in the year counts, a
/// re-read too; pages are the book's `pages:` for each of those reads.
public struct GoalProgress: Sendable {
    /// The year counted.
    public let year: Int
    /// The year's goal; nil when none is set.
    public let goal: ReadingGoal?
    /// The day the pace is measured on.
    public let today: BookDate
    /// Reads finished in the year.
    public let books: Int
    /// Their pages (a read of a book without `pages:` adds none).
    public let pages: Int

    /// Counts every read of `allBooks` finished in `year` against `goal`, as of `today`.
    public init(year: Int, goal: ReadingGoal?, books allBooks: [Book], today: BookDate) {
        self.year = year
        self.goal = goal
        self.today = today
        var books = 0
        var pages = 0
        for book in allBooks {
            for read in book.reads where read.outcome == .finished && read.ended?.year == year {
                books += 1
                pages += book.pages ?? 0
            }
        }
        self.books = books
        self.pages = pages
    }

    /// Where the year is: over, under way (with the share of it gone by today), or to come.
    public enum Period: Sendable, Equatable {
        case past
        case current(elapsedDays: Int, totalDays: Int)
        case future
    }

    /// Whether the year is over, under way or to come, as of `today`.
    public var period: Period {
        if year < today.year { return .past }
        if year > today.year { return .future }
        let first = DateSpan(BookDate(year: year, month: 1, day: 1)).first
        let total = DateSpan(BookDate(year: year, month: 12, day: 31)).first - first + 1
        return .current(elapsedDays: DateSpan(today).first - first + 1, totalDays: total)
    }

    /// One measure (books or pages) against its target.
    public struct Measure: Sendable, Equatable {
        /// The goal's number.
        public var target: Int
        /// How many are done.
        public var done: Int
        /// How many the pace asks for by today (the target pro rata over the year's days).
        public var expected: Int
        /// Per week needed over the rest of the year to reach the target (0 once reached).
        public var perWeek: Double?

        /// How many are left to reach the target (0 once reached).
        public var remaining: Int { max(0, target - done) }
        /// Whether the target is reached.
        public var reached: Bool { done >= target }
        /// Whether as many are done as the pace asks for by today.
        public var onPace: Bool { done >= expected }
        /// Done as a share of the target, 0–100, rounded to the nearest (1 of 6 is 17%), but 100
        /// only once reached: 199 of 200 is 99%, not a goal that looks met.
        public var percent: Int {
            guard target > 0 else { return 100 }
            let rounded = Int((Double(done) * 100 / Double(target)).rounded())
            return reached ? 100 : min(99, rounded)
        }
    }

    /// The books goal's measure; nil when the goal sets no number of books.
    public var bookMeasure: Measure? { goal?.books.map { measure(target: $0, done: books) } }
    /// The pages goal's measure; nil when the goal sets no number of pages.
    public var pageMeasure: Measure? { goal?.pages.map { measure(target: $0, done: pages) } }

    private func measure(target: Int, done: Int) -> Measure {
        let remaining = max(0, target - done)
        switch period {
        case .past:
            return Measure(target: target, done: done, expected: target, perWeek: nil)
        case .future:
            return Measure(target: target, done: done, expected: 0, perWeek: Double(remaining) * 7 / 365)
        case .current(let elapsed, let total):
            let expected = target * elapsed / total
            let daysLeft = total - elapsed + 1
            return Measure(target: target, done: done, expected: expected, perWeek: Double(remaining) * 7 / Double(daysLeft))
        }
    }
}
