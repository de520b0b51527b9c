import Testing
@testable import ShelfKit
@testable import ShelfPresentation

/// `LibraryStats` over a small library whose every figure is worked out by hand.
@Suite struct LibraryStatsTests {
    static func book(_ path: String, _ frontMatter: String) throws -> Book {
        let document = try BookDocument(bytes: Array("---\n\(frontMatter)\n---\n".utf8))
        let parsed = try #require(document.frontMatter)
        return try #require(Book(path: path, frontMatter: parsed))
    }

    /// Six books:
    /// - alpha: read, Le Guin, 5★, 300 pages, 2023-01-10 → 2023-01-20 (10 days), US
    /// - beta: `finished` (alias of read), Le Guin, 4★, 200 pages, 2023-03-01 → 2023-03-22 (21 days), UK
    /// - gamma: read, Banks, 3★, 400 pages, started `2024` (no day) → 2024-02-05, uk (folds with UK)
    /// - delta: reading, Atwood, 5★, started 2024-05-01, Canada
    /// - epsilon: `want-to-read`, Atwood, 1★, no country
    /// - zeta: read, Zola, 4★, 150 pages, 2024-01-01 → `2024-02` (no day)
    static func library() throws -> [Book] {
        [
            try book(
                "alpha.md",
                """
                title: Alpha
                authors: [Le Guin]
                status: read
                rating: 5
                tags: [sci-fi, classics]
                pages: 300
                started: 2023-01-10
                finished: 2023-01-20
                country: US
                """),
            try book(
                "beta.md",
                """
                title: Beta
                authors: [Le Guin]
                status: finished
                rating: 4
                tags: [sci-fi]
                pages: 200
                started: 2023-03-01
                finished: 2023-03-22
                country: UK
                """),
            try book(
                "gamma.md",
                """
                title: Gamma
                authors: [Banks]
                status: read
                rating: 3
                tags: [sci-fi, fantasy]
                pages: 400
                started: 2024
                finished: 2024-02-05
                country: uk
                """),
            try book(
                "delta.md",
                """
                title: Delta
                authors: [Atwood]
                status: reading
                rating: 5
                tags: [classics]
                pages: 999
                started: 2024-05-01
                country: Canada
                """),
            try book(
                "epsilon.md",
                """
                title: Epsilon
                authors: [Atwood]
                status: want-to-read
                rating: 1
                tags: [fantasy]
                """),
            try book(
                "zeta.md",
                """
                title: Zeta
                authors: [Zola]
                status: read
                rating: 4
                pages: 150
                started: 2024-01-01
                finished: 2024-02
                """),
        ]
    }

    static func member(_ key: String, of value: JSONValue) -> JSONValue? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.0 == key }?.1
    }

    static func keys(_ value: JSONValue) -> [String] {
        guard case .object(let members) = value else { return [] }
        return members.map(\.0)
    }

    static func named(_ rows: [(String, Int)]) -> JSONValue {
        .array(rows.map { .object([("name", .string($0.0)), ("count", .integer($0.1))]) })
    }

    @Test func everyFigureWithoutYearOrBy() throws {
        let stats = LibraryStats(try Self.library())
        let json = stats.json()
        #expect(
            Self.keys(json) == [
                "total", "by_status", "finished_by_year", "pages_by_year", "ratings", "average_rating",
                "top_authors", "top_tags", "average_days_to_finish", "pages_per_day", "lengths",
            ])
        #expect(Self.member("total", of: json) == .integer(6))
        #expect(
            Self.member("by_status", of: json)
                == .object([
                    ("to-read", .integer(1)), ("reading", .integer(1)), ("read", .integer(4)), ("abandoned", .integer(0)),
                ]))
        #expect(Self.member("finished_by_year", of: json) == .object([("2023", .integer(2)), ("2024", .integer(2))]))
        #expect(Self.member("pages_by_year", of: json) == .object([("2023", .integer(500)), ("2024", .integer(550))]))
        #expect(
            Self.member("ratings", of: json)
                == .object([
                    ("1", .integer(1)), ("2", .integer(0)), ("3", .integer(1)), ("4", .integer(2)), ("5", .integer(2)),
                ]))
        // 22 / 6 = 3.666… → 3.67
        #expect(Self.member("average_rating", of: json) == .number(3.67))
        #expect(Self.member("top_authors", of: json) == Self.named([("Atwood", 2), ("Le Guin", 2), ("Banks", 1), ("Zola", 1)]))
        #expect(Self.member("top_tags", of: json) == Self.named([("sci-fi", 3), ("classics", 2), ("fantasy", 2)]))
        // Only alpha (10) and beta (21) have both full dates.
        #expect(Self.member("average_days_to_finish", of: json) == .number(15.5))
    }

    @Test func theModelFiguresMatchTheJSON() throws {
        let stats = LibraryStats(try Self.library())
        #expect(stats.total == 6)
        #expect(stats.byStatus == [.toRead: 1, .reading: 1, .read: 4])
        #expect(stats.finishedByYear == [2023: 2, 2024: 2])
        #expect(stats.finishedByMonth == nil)
        #expect(stats.ratings == [1: 1, 3: 1, 4: 2, 5: 2])
        let average = try #require(stats.averageRating)
        #expect(abs(average - 22.0 / 6.0) < 1e-9)
        #expect(stats.averageDaysToFinish == 15.5)
        #expect(stats.by == nil)
        // Without --year the monthly pages are for the latest year with finished books.
        #expect(stats.monthYear == 2024)
        #expect(stats.pagesByMonth == [2: 550])
    }

    @Test func aYearGivesAllTwelveMonths() throws {
        let json = LibraryStats(try Self.library(), year: 2024).json()
        let months = try #require(Self.member("finished_by_month", of: json))
        #expect(Self.keys(months) == ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"])
        #expect(Self.member("02", of: months) == .integer(2))
        #expect(Self.keys(months).filter { $0 != "02" }.allSatisfy { Self.member($0, of: months) == .integer(0) })
        // It sits after finished_by_year, as in the documented table.
        let keys = Self.keys(json)
        #expect(keys.firstIndex(of: "finished_by_month") == keys.firstIndex(of: "finished_by_year")! + 1)

        let quiet = LibraryStats(try Self.library(), year: 2019).json()
        let none = try #require(Self.member("finished_by_month", of: quiet))
        #expect(Self.keys(none).count == 12)
        #expect(Self.keys(none).allSatisfy { Self.member($0, of: none) == .integer(0) })
    }

    @Test func byCountsAnyFieldIncludingOnesOwnKeys() throws {
        let books = try Self.library()
        let country = LibraryStats(books, by: "country").json()
        // UK and uk fold together; the first spelling seen names the value; ties go by name.
        #expect(Self.member("by", of: country) == .object([("UK", .integer(2)), ("Canada", .integer(1)), ("US", .integer(1))]))
        #expect(Self.keys(country).last == "by")

        let tags = LibraryStats(books, by: "tags").json()
        #expect(Self.member("by", of: tags) == .object([("sci-fi", .integer(3)), ("classics", .integer(2)), ("fantasy", .integer(2))]))

        let status = LibraryStats(books, by: "status").json()
        let statusCounts = try #require(Self.member("by", of: status))
        #expect(Self.member("read", of: statusCounts) == .integer(4))
    }

    @Test func anEmptyLibraryHasZerosAndNulls() {
        let json = LibraryStats([]).json()
        #expect(Self.member("total", of: json) == .integer(0))
        #expect(
            Self.member("by_status", of: json)
                == .object([
                    ("to-read", .integer(0)), ("reading", .integer(0)), ("read", .integer(0)), ("abandoned", .integer(0)),
                ]))
        #expect(Self.member("finished_by_year", of: json) == .object([]))
        #expect(Self.member("ratings", of: json) == .object((1...5).map { (String($0), .integer(0)) }))
        #expect(Self.member("average_rating", of: json) == .null)
        #expect(Self.member("top_authors", of: json) == .array([]))
        #expect(Self.member("average_days_to_finish", of: json) == .null)
    }

    @Test func topListsAreCappedAndRankedMostFirst() throws {
        let stats = LibraryStats(try Self.library(), top: 2)
        #expect(stats.topAuthors.map(\.name) == ["Atwood", "Le Guin"])
        #expect(stats.topTags.map(\.name) == ["sci-fi", "classics"])
    }
}
