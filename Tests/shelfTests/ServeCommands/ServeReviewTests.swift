import Foundation
import Testing

/// The year in review (`/review?year=Y`): the year's reads counted as `shelf stats --year Y`
/// and `shelf goal` count them, month by month with a table, the longest and the shortest.
@Suite struct ServeReviewTests {
    static let environment = ["SHELF_TODAY": "2026-11-25"]
    static let books = [
        (
            "dune.md",
            bookFile(
                "title: Dune\nauthors: [Frank Herbert]\ntags: [sci-fi]\npages: 412\nstatus: read\nrating: 5\n"
                    + "started: 2026-02-01\nfinished: 2026-02-10\nreads:\n  - {started: 2025-03-01, finished: 2025-03-20}")
        ),
        (
            "kitchen.md",
            bookFile(
                "title: Kitchen\nauthors: [Banana Yoshimoto]\ntags: [literary]\npages: 152\nstatus: read\nrating: 4.5\nfinished: 2026-05-01"
            )
        ),
        (
            "anna.md",
            bookFile("title: Anna Karenina\nauthors: [Leo Tolstoy]\ntags: [literary]\npages: 864\nstatus: read\nfinished: 2026-05-20")
        ),
        ("solaris.md", bookFile("title: Solaris\nauthors: [Stanisław Lem]\npages: 204\nstatus: read\nfinished: 2025-07-01")),
    ]

    @Test func theYearsReadsAreTheReadsShelfStatsAndGoalCount() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let server = try ServeProcess(library: library, environment: Self.environment)
        let page = try server.request("/review?year=2026")
        #expect(page.status == 200)
        let body = page.body
        let stats = try library.run(["stats", "--year", "2026", "--format", "json"], environment: Self.environment)
        let reads = try #require(
            (try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])?["reads"] as? [String: Any], "\(stats)")
        #expect(reads["reads"] as? Int == 3 && reads["rereads"] as? Int == 1, "\(reads)")
        #expect(body.contains("<strong>3 books</strong> finished · <strong>1428 pages</strong> · 1 re-read"), "\(body)")
        let goal = try library.run(["goal", "2026"], environment: Self.environment)
        #expect(goal.stdout.contains("3 books"), "\(goal)")
        #expect(body.contains("<tr><td>Feb</td><td>1</td><td>412</td></tr>"), "\(body)")
        #expect(body.contains("<tr><td>May</td><td>2</td><td>1016</td></tr>"), "\(body)")
        #expect(body.contains("The longest: <a href=\"/book?p=anna.md\">Anna Karenina</a>, 864 pages."))
        #expect(body.contains("The shortest: <a href=\"/book?p=kitchen.md\">Kitchen</a>, 152 pages."))
        #expect(body.contains("<span class=\"muted\">2026-02-10 · re-read</span>"), "Dune's second read is told as one")
        #expect(body.contains("aria-label=\"Books finished each month of 2026\"") && body.contains("<summary>Both as a table</summary>"))
        #expect(body.contains("<a class=\"facet\" href=\"/review?year=2025\">2025</a>"))
    }

    @Test func aYearWithoutReadsSaysSoAndTheStatsPageLeadsToTheReview() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let server = try ServeProcess(library: library, environment: Self.environment)
        let empty = try server.request("/review?year=2019").body
        #expect(empty.contains("<h1>2019 in review</h1>") && empty.contains("No read was finished in 2019."), "\(empty)")
        #expect(try server.request("/review").body.contains("<h1>2026 in review</h1>"), "the latest year with reads by default")
        #expect(try server.request("/stats?year=2025").body.contains("<a href=\"/review?year=2025\">2025 in review</a>"))
    }
}
