import ShelfPresentation

/// Figures about a set of books: how many, finished when, how rated, by whom.
public struct LibraryStats: Sendable {
    /// How many books.
    public var total: Int
    /// Canonical status → count.
    public var byStatus: [ReadingStatus: Int]
    /// Year → books finished (status read).
    public var finishedByYear: [Int: Int]
    /// Month (1–12) → books finished in `year`, when a year was asked for.
    public var finishedByMonth: [Int: Int]?
    /// Year → pages of the books finished.
    public var pagesByYear: [Int: Int]
    /// Month (1–12) → pages finished in `year` (or in the latest year with finished books).
    public var pagesByMonth: [Int: Int]
    /// Rating (1–5) → count.
    public var ratings: [Int: Int]
    /// Rating in half stars (1 = ½ … 10 = 5) → count: the web's chart, where 4½ is not 4.
    public var ratingsInHalfStars: [Int: Int]
    /// The average of the ratings given; nil when no book is rated.
    public var averageRating: Double?
    /// The authors with the most books, most first.
    public var topAuthors: [(name: String, count: Int)]
    /// The tags on the most books, most first.
    public var topTags: [(name: String, count: Int)]
    /// Mean days from `started` to `finished`, over books with both days.
    public var averageDaysToFinish: Double?
    /// The finished books by length, over those whose page count is known.
    public var lengths: [LengthBand: Int]
    /// The reading pace: pages a day over the finished books with a page count, a start day and
    /// a finish day — their pages over their days, both ends counted (a book started and
    /// finished on one day took a day). Nil when no book has all three.
    public var pagesPerDay: Double?
    /// How many books `pagesPerDay` is worked out from.
    public var paceBooks: Int
    /// With `by`: value of that field → count.
    public var by: [(value: String, count: Int)]?
    /// The year the monthly figures are for.
    public var monthYear: Int?

    /// Which of a book's dates puts it in a year, for `year:`.
    public enum YearBasis: String, Sendable, CaseIterable {
        /// A read of it was finished in the year (a re-read too): the reader's year in books.
        case finished
        /// A read of it was started in the year.
        case started
        /// It was added to the library in the year, read or not.
        case added
    }

    /// Computes the figures over `books`. `year` narrows every figure to the books of that year
    /// — by default those with a read finished in it, else (`basis`) started or added in it — and
    /// shows its finished books month by month.
    public init(_ books: [Book], year: Int? = nil, basis: YearBasis = .finished, by field: String? = nil, top: Int = 10) {
        let books = year.map { year in books.filter { LibraryStats.book($0, belongsTo: year, basis: basis) } } ?? books
        total = books.count
        byStatus = [:]
        finishedByYear = [:]
        pagesByYear = [:]
        pagesByMonth = [:]
        ratings = [:]
        ratingsInHalfStars = [:]
        lengths = [:]
        var authorCounts: [String: (name: String, count: Int)] = [:]
        var tagCounts: [String: (name: String, count: Int)] = [:]
        var days: [Int] = []
        var ratingSum = 0.0
        let finishedBooks = books.filter { $0.status == .read && $0.finished != nil }
        for book in books {
            if let status = book.status { byStatus[status, default: 0] += 1 }
            if let rating = book.rating {
                // Counted under its whole stars (4.5 under 4); the average takes the exact value.
                ratings[max(1, Int(rating.rounded(.down))), default: 0] += 1
                ratingsInHalfStars[min(10, max(1, Int((rating * 2).rounded(.down)))), default: 0] += 1
                ratingSum += rating
            }
            for author in book.authors {
                authorCounts[TextFolding.fold(author), default: (author, 0)].count += 1
            }
            for tag in book.tags {
                tagCounts[TextFolding.foldTag(tag), default: (tag, 0)].count += 1
            }
            if let span = LibraryStats.daysReading(book) { days.append(span) }
        }
        var pace = (pages: 0, days: 0, books: 0)
        for book in finishedBooks {
            guard let finished = book.finished else { continue }
            if let pages = book.pages, pages > 0 {
                lengths[LengthBand(pages: pages), default: 0] += 1
                if let span = LibraryStats.daysReading(book) { pace = (pace.pages + pages, pace.days + span + 1, pace.books + 1) }
            }
            finishedByYear[finished.year, default: 0] += 1
            if let pages = book.pages { pagesByYear[finished.year, default: 0] += pages }
        }
        let monthYear = year ?? finishedByYear.keys.max()
        self.monthYear = monthYear
        if let monthYear {
            var months: [Int: Int] = [:]
            for book in finishedBooks {
                guard let finished = book.finished, finished.year == monthYear, let month = finished.month else { continue }
                months[month, default: 0] += 1
                if let pages = book.pages { pagesByMonth[month, default: 0] += pages }
            }
            finishedByMonth = year == nil ? nil : months
        }
        let ratingCount = ratings.values.reduce(0, +)
        averageRating = ratingCount == 0 ? nil : ratingSum / Double(ratingCount)
        averageDaysToFinish = days.isEmpty ? nil : Double(days.reduce(0, +)) / Double(days.count)
        pagesPerDay = pace.days == 0 ? nil : Double(pace.pages) / Double(pace.days)
        paceBooks = pace.books
        let ranked: ([String: (name: String, count: Int)]) -> [(name: String, count: Int)] = { counts in
            Array(counts.values.sorted { ($0.count, TextFolding.fold($1.name)) > ($1.count, TextFolding.fold($0.name)) }.prefix(top))
        }
        topAuthors = ranked(authorCounts)
        topTags = ranked(tagCounts)
        if let field {
            var values: [String: (name: String, count: Int)] = [:]
            for book in books {
                for value in Set(book.queryTexts(of: field).map { $0.trimmingSpaces }) where !value.isEmpty {
                    values[TextFolding.fold(value), default: (value, 0)].count += 1
                }
            }
            by = values.values.sorted { ($0.count, TextFolding.fold($1.name)) > ($1.count, TextFolding.fold($0.name)) }
                .map { (value: $0.name, count: $0.count) }
        }
    }

    /// How long a book is, in the bands a reader speaks of.
    public enum LengthBand: Int, CaseIterable, Sendable {
        case under200, under400, under600, longer

        init(pages: Int) {
            switch pages {
            case ..<200: self = .under200
            case ..<400: self = .under400
            case ..<600: self = .under600
            default: self = .longer
            }
        }

        /// How a chart or a table labels the band.
        public var label: String {
            switch self {
            case .under200: return "under 200 pages"
            case .under400: return "200–399 pages"
            case .under600: return "400–599 pages"
            case .longer: return "600 pages or more"
            }
        }

        /// A label short enough for a narrow bar: `<200`, `<400`, `<600`, `600+`.
        public var shortLabel: String {
            switch self {
            case .under200: return "<200"
            case .under400: return "<400"
            case .under600: return "<600"
            case .longer: return "600+"
            }
        }

        /// The band's key in `shelf stats --format json`.
        var key: String {
            switch self {
            case .under200: return "under_200"
            case .under400: return "200_399"
            case .under600: return "400_599"
            case .longer: return "600_or_more"
            }
        }
    }

    /// The days from the book's start to its finish, when both are days and in that order.
    static func daysReading(_ book: Book) -> Int? {
        guard let started = book.started, let finished = book.finished, started.day != nil, finished.day != nil else { return nil }
        let span = DateSpan(finished).first - DateSpan(started).first
        return span >= 0 ? span : nil
    }

    /// A book is of a year when, by `basis`, one of its reads was finished or started in it, or
    /// it was added in it.
    static func book(_ book: Book, belongsTo year: Int, basis: YearBasis) -> Bool {
        switch basis {
        case .finished: return book.reads.contains { $0.finished?.year == year }
        case .started: return book.reads.contains { $0.started?.year == year }
        case .added: return book.added?.year == year
        }
    }

    /// The figures as JSON, with the documented keys.
    public func json() -> JSONValue {
        func counts(_ values: [Int: Int], width: Int = 0) -> JSONValue {
            .object(
                values.keys.sorted().map { key in
                    (width > 0 ? String(zeroPadded: key, width: width) : String(key), .integer(values[key] ?? 0))
                })
        }
        var members: [(String, JSONValue)] = [
            ("total", .integer(total)),
            ("by_status", .object(ReadingStatus.allCases.map { ($0.rawValue, .integer(byStatus[$0] ?? 0)) })),
            ("finished_by_year", counts(finishedByYear)),
        ]
        if let finishedByMonth {
            // Every month, so a chart or a spreadsheet gets twelve columns whatever the year held.
            let months = Dictionary(uniqueKeysWithValues: (1...12).map { ($0, finishedByMonth[$0] ?? 0) })
            members.append(("finished_by_month", counts(months, width: 2)))
        }
        members.append(("pages_by_year", counts(pagesByYear)))
        members.append(("ratings", .object((1...5).map { (String($0), .integer(ratings[$0] ?? 0)) })))
        members.append(("average_rating", averageRating.map { .number(($0 * 100).rounded() / 100) } ?? .null))
        members.append(("top_authors", .array(topAuthors.map { .object([("name", .string($0.name)), ("count", .integer($0.count))]) })))
        members.append(("top_tags", .array(topTags.map { .object([("name", .string($0.name)), ("count", .integer($0.count))]) })))
        members.append(("average_days_to_finish", averageDaysToFinish.map { .number(($0 * 10).rounded() / 10) } ?? .null))
        members.append(("pages_per_day", pagesPerDay.map { .number(($0 * 10).rounded() / 10) } ?? .null))
        members.append(("lengths", .object(LengthBand.allCases.map { ($0.key, .integer(lengths[$0] ?? 0)) })))
        if let by { members.append(("by", .object(by.map { ($0.value, .integer($0.count)) }))) }
        return .object(members)
    }
}
