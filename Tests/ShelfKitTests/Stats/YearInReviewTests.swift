import Testing
@testable import ShelfKit

/// `YearInReview`: a year's reads as the goal counts them (a re-read too), month by month, the
/// longest and the shortest, and the figures of the books read.
@Suite struct YearInReviewTests {
    static let today = BookDate(year: 2026, month: 11, day: 25)

    static func book(_ path: String, _ frontMatter: String) throws -> Book {
        let document = try BookDocument(bytes: Array("---\n\(frontMatter)\n---\n".utf8))
        return try #require(document.frontMatter.flatMap { Book(path: path, frontMatter: $0) })
    }

    static func books() throws -> [Book] {
        [
            try book(
                "dune.md",
                "title: Dune\nauthors: [Frank Herbert]\ntags: [sci-fi]\npages: 412\nstatus: read\nrating: 5\n"
                    + "started: 2026-02-01\nfinished: 2026-02-10\nreads:\n  - {started: 2025-03-01, finished: 2025-03-20}"),
            try book(
                "kitchen.md",
                "title: Kitchen\nauthors: [Banana Yoshimoto]\ntags: [literary]\npages: 152\nstatus: read\nrating: 4.5\nfinished: 2026-05-01"
            ),
            try book(
                "anna.md", "title: Anna Karenina\nauthors: [Leo Tolstoy]\ntags: [literary]\npages: 864\nstatus: read\nfinished: 2026"),
            try book("solaris.md", "title: Solaris\nauthors: [Stanisław Lem]\npages: 204\nstatus: read\nfinished: 2025-07-01"),
            try book("spqr.md", "title: SPQR\nauthors: [Mary Beard]\nstatus: reading\nstarted: 2026-11-01"),
        ]
    }

    @Test func theYearsReadsAreCountedAsTheGoalCountsThem() throws {
        let review = YearInReview(year: 2026, books: try Self.books(), today: Self.today)
        #expect(review.entries.map(\.book.title) == ["Anna Karenina", "Dune", "Kitchen"], "a read of the year only comes first")
        #expect(review.entries.map(\.isReread) == [false, true, false])
        #expect(review.progress.books == 3 && review.progress.pages == 864 + 412 + 152)
        #expect(review.rereads == 1)
        #expect(review.byMonth[1] == (1, 412) && review.byMonth[4] == (1, 152))
        #expect(review.byMonth.map(\.books).reduce(0, +) == 2, "a read dated by its year only is in no month")
        #expect(review.longest?.book.title == "Anna Karenina" && review.shortest?.book.title == "Kitchen")
        #expect(review.stats.topTags.map(\.name) == ["literary", "sci-fi"])
        #expect(review.stats.ratingsInHalfStars == [9: 1, 10: 1])
    }

    @Test func anotherYearHasItsOwnReadsAndTheYearsAreThoseWithReads() throws {
        let books = try Self.books()
        let review = YearInReview(year: 2025, books: books, today: Self.today)
        #expect(review.entries.map(\.book.title) == ["Dune", "Solaris"])
        #expect(review.rereads == 0)
        #expect(YearInReview.years(of: books) == [2026, 2025])
        #expect(YearInReview(year: 2019, books: books, today: Self.today).entries.isEmpty)
    }
}
