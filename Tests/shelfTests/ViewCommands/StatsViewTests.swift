import Foundation
import Testing

/// `shelf stats` end to end: exact JSON, and the text sections on a pipe.
@Suite struct StatsViewTests {
    static let books: [(String, String)] = [
        (
            "a.md",
            bookFile(
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
                language: en
                """)
        ),
        (
            "b.md",
            bookFile(
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
                language: en
                """)
        ),
        (
            "c.md",
            bookFile(
                """
                title: Gamma
                authors: [Banks]
                status: read
                rating: 2
                tags: [fantasy]
                pages: 400
                finished: 2024-02-05
                country: UK
                language: fr
                """)
        ),
        ("d.md", bookFile("title: Delta\nauthors: [Atwood]\nstatus: reading\nstarted: 2024-05-01\ncountry: Canada\ntags: [classics]")),
        ("e.md", bookFile("title: Epsilon\nauthors: [Atwood]\nstatus: to-read\ntags: [fantasy]")),
    ]

    static func stats(_ args: [String], library: TemporaryLibrary) throws -> [String: Any] {
        let result = try library.run(["stats"] + args + ["--format", "json"], environment: ["NO_COLOR": ""])
        #expect(result.status == 0, "\(result)")
        return try parseJSONObject(result.stdout)
    }

    static func ints(_ value: Any?) -> [String: Int]? {
        (value as? [String: Any])?.compactMapValues { ($0 as? NSNumber)?.intValue }
    }

    static func rows(_ value: Any?) -> [String] {
        ((value as? [[String: Any]]) ?? []).map { "\($0["name"] ?? "?")=\($0["count"] ?? "?")" }
    }

    @Test func jsonHasTheExactFigures() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let json = try Self.stats([], library: library)
        #expect(
            Set(json.keys) == [
                "total", "by_status", "finished_by_year", "pages_by_year", "ratings", "average_rating",
                "top_authors", "top_tags", "average_days_to_finish", "pages_per_day", "lengths", "reads",
            ])
        #expect((json["total"] as? NSNumber)?.intValue == 5)
        #expect(Self.ints(json["by_status"]) == ["to-read": 1, "reading": 1, "read": 3, "abandoned": 0])
        #expect(Self.ints(json["finished_by_year"]) == ["2023": 2, "2024": 1])
        #expect(Self.ints(json["pages_by_year"]) == ["2023": 500, "2024": 400])
        #expect(Self.ints(json["ratings"]) == ["1": 0, "2": 1, "3": 0, "4": 1, "5": 1])
        #expect(isJSONNumber(json["average_rating"]))
        #expect((json["average_rating"] as? NSNumber)?.doubleValue == 3.67)
        #expect(Self.rows(json["top_authors"]) == ["Atwood=2", "Le Guin=2", "Banks=1"])
        #expect(Self.rows(json["top_tags"]) == ["classics=2", "fantasy=2", "sci-fi=2"])
        #expect((json["average_days_to_finish"] as? NSNumber)?.doubleValue == 15.5)
        // Alpha's 300 pages in 11 days and Beta's 200 in 22 (both ends counted); Gamma has no start.
        #expect((json["pages_per_day"] as? NSNumber)?.doubleValue == 15.2)
        #expect(Self.ints(json["lengths"]) == ["under_200": 0, "200_399": 2, "400_599": 1, "600_or_more": 0])
    }

    @Test func jsonKeysComeInTheDocumentedOrder() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let result = try library.run(["stats", "--year", "2023", "--by", "country", "--format", "json"])
        let order = [
            "\"total\"", "\"by_status\"", "\"finished_by_year\"", "\"finished_by_month\"", "\"pages_by_year\"",
            "\"ratings\"", "\"average_rating\"", "\"top_authors\"", "\"top_tags\"",
            "\"average_days_to_finish\"", "\"pages_per_day\"", "\"lengths\"", "\"by\"",
        ]
        let positions = order.compactMap { result.stdout.range(of: $0)?.lowerBound }
        #expect(positions.count == order.count, "\(result)")
        #expect(positions == positions.sorted(), "\(result)")
    }

    @Test func yearGivesTwelveMonthsAndByCountsAnyField() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let json = try Self.stats(["--year", "2023", "--by", "country"], library: library)
        var months = Dictionary(uniqueKeysWithValues: (1...12).map { (String(format: "%02d", $0), 0) })
        months["01"] = 1
        months["03"] = 1
        #expect(Self.ints(json["finished_by_month"]) == months)
        // The year narrows every section: Gamma (2024) and Delta (started 2024) are not of 2023.
        #expect(Self.ints(json["by"]) == ["UK": 1, "US": 1])
        #expect((json["total"] as? NSNumber)?.intValue == 2)
        #expect(Self.ints(json["by_status"]) == ["to-read": 0, "reading": 0, "read": 2, "abandoned": 0])
        #expect(Self.ints(json["ratings"]) == ["1": 0, "2": 0, "3": 0, "4": 1, "5": 1])
        #expect(Self.rows(json["top_authors"]) == ["Le Guin=2"])
        #expect(Self.rows(json["top_tags"]) == ["sci-fi=2", "classics=1"])
        #expect(Self.ints(json["finished_by_year"]) == ["2023": 2])

        let language = try Self.stats(["--by", "language"], library: library)
        #expect(Self.ints(language["by"]) == ["en": 2, "fr": 1])
        #expect(language["finished_by_month"] == nil)
    }

    @Test func aQueryNarrowsTheBooks() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let json = try Self.stats(["tag:sci-fi"], library: library)
        #expect((json["total"] as? NSNumber)?.intValue == 2)
        #expect(Self.ints(json["by_status"]) == ["to-read": 0, "reading": 0, "read": 2, "abandoned": 0])
        #expect((json["average_rating"] as? NSNumber)?.doubleValue == 4.5)
    }

    @Test func anEmptyLibraryGivesZerosAndNulls() throws {
        let library = try TemporaryLibrary()
        let result = try library.run(["stats", "--format", "json"])
        #expect(result.status == 0, "\(result)")
        let json = try parseJSONObject(result.stdout)
        #expect((json["total"] as? NSNumber)?.intValue == 0)
        #expect(json["average_rating"] is NSNull)
        #expect(json["average_days_to_finish"] is NSNull)
        #expect(json["pages_per_day"] is NSNull)
        #expect(Self.ints(json["lengths"]) == ["under_200": 0, "200_399": 0, "400_599": 0, "600_or_more": 0])
        #expect(Self.ints(json["ratings"]) == ["1": 0, "2": 0, "3": 0, "4": 0, "5": 0])
    }

    @Test func textOnAPipeHasTheSectionsAndNoColour() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let result = try library.run(["stats"], environment: ["NO_COLOR": "", "COLUMNS": "80"])
        #expect(result.status == 0, "\(result)")
        let text = result.stdout
        #expect(!hasANSI(text), "\(result)")
        for section in ["5 books", "Finished per year", "Ratings", "Pages per month, 2024", "Top authors", "Top tags"] {
            #expect(text.contains(section), "no \(section)\n\(result)")
        }
        #expect(text.contains("1 to-read · 1 reading · 3 read · 0 abandoned"), "\(result)")
        #expect(text.contains("Average rating 3.7"), "\(result)")
        #expect(text.contains("Pace 15 pages a day, over 2 books with pages and both dates"), "\(result)")
        #expect(text.contains("Length of the books finished") && text.contains("200–399 pages"), "\(result)")
        #expect(text.contains("2023") && text.contains("█"), "\(result)")
        #expect(text.contains("★★★★★"), "\(result)")
        for line in result.stdoutLines {
            #expect(viewColumns(line) <= 80, "wider than 80: \(line)")
        }

        let year = try library.run(["stats", "--year", "2023", "--by", "country"], environment: ["NO_COLOR": ""])
        #expect(year.status == 0, "\(year)")
        #expect(year.stdout.contains("Finished in 2023, by month"), "\(year)")
        #expect(year.stdout.contains("Jan") && year.stdout.contains("Dec"), "\(year)")
        #expect(year.stdout.contains("By country") && year.stdout.contains("UK") && !year.stdout.contains("Canada"), "\(year)")
        #expect(!year.stdout.contains("By value"), "\(year)")
    }
}
