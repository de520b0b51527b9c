import Foundation
import Testing

/// The reading-life forms of the web UI — progress, half stars, lending, returning, the year's
/// goal — write exactly the bytes the command that does the same writes: two libraries alike,
/// one changed from the web, one from the terminal, compared file by file.
@Suite struct ServeReadingTests {
    static let environment = ["SHELF_TODAY": "2026-11-25"]
    static let books = [
        (
            "dune.md",
            bookFile(
                "title: Dune\nauthors: [Frank Herbert]\nstatus: reading\nstarted: 2026-11-01\npages: 412\n"
                    + "progress:\n  - 2026-11-20 page 100")
        ),
        ("foundation.md", bookFile("title: Foundation\nauthors: [Isaac Asimov]\nstatus: to-read  # maybe next\nrating: 4")),
        (
            "piranesi.md",
            bookFile(
                "title: Piranesi\nauthors: [Susanna Clarke]\nstatus: read\nstarted: 2026-01-02\nfinished: 2026-02-01\n"
                    + "reads:\n  - {started: 2021-03-02, finished: 2021-04-11, rating: 4}")
        ),
    ]

    /// A library changed by the web form and its twin changed by the command: the same bytes.
    func expectSameWrite(_ file: String, web: [(String, String)], at route: String, cli: [String]) throws {
        let served = try TemporaryLibrary(books: Self.books)
        let typed = try TemporaryLibrary(books: Self.books)
        let server = try ServeProcess(library: served, environment: Self.environment)
        let token = try server.token(try server.request("/book?p=foundation.md").body)
        let reply = try server.request(route, form: [("token", token)] + web)
        #expect(reply.status == 303, "\(route): \(reply.status) \(reply.body)")
        let command = try typed.run(cli, environment: Self.environment)
        #expect(command.status == 0, "\(command)")
        let web = String(decoding: try served.bytes(file), as: UTF8.self)
        let terminal = String(decoding: try typed.bytes(file), as: UTF8.self)
        #expect(web == terminal, "web:\n\(web)\nterminal:\n\(terminal)")
        #expect(web != String(decoding: try TemporaryLibrary(books: Self.books).bytes(file), as: UTF8.self), "nothing was written")
    }

    @Test func progressFromTheWebIsTheLineShelfProgressWrites() throws {
        try expectSameWrite("dune.md", web: [("position", "120")], at: "/book/progress?p=dune.md", cli: ["progress", "dune", "120"])
        try expectSameWrite("dune.md", web: [("position", "45%")], at: "/book/progress?p=dune.md", cli: ["progress", "dune", "45%"])
    }

    @Test func onePressAddsPagesToTheLastPageLogged() throws {
        try expectSameWrite("dune.md", web: [("position", "+25")], at: "/book/progress?p=dune.md", cli: ["progress", "dune", "+25"])
        let library = try TemporaryLibrary(books: Self.books)
        #expect(try library.run(["progress", "dune", "+25"], environment: Self.environment).status == 0)
        let text = String(decoding: try library.bytes("dune.md"), as: UTF8.self)
        #expect(text.contains("  - 2026-11-25 page 125\n"), "\(text)")
    }

    @Test func halfStarsLendingReturningAndTheGoalWriteWhatTheCommandsWrite() throws {
        try expectSameWrite(
            "foundation.md", web: [("rating", "3.5")], at: "/book/rate?p=foundation.md", cli: ["rate", "foundation", "3.5"])
        try expectSameWrite(
            "foundation.md", web: [("to", "Ann"), ("due", "2026-12-20")], at: "/book/lend?p=foundation.md",
            cli: ["lend", "foundation", "--to", "Ann", "--due", "2026-12-20"])
        try expectSameWrite("shelf.yaml", web: [("books", "24"), ("pages", "")], at: "/goal", cli: ["goal", "2026", "--books", "24"])
    }

    @Test func aLoanShowsOnTheLoansPageAndComesBackFromTheBookPage() throws {
        let library = try TemporaryLibrary(books: Self.books)
        #expect(
            try library.run(
                ["lend", "foundation", "--to", "Ann", "--date", "2026-10-01", "--due", "2026-11-01"],
                environment: Self.environment
            ).status == 0)
        let server = try ServeProcess(library: library, environment: Self.environment)
        let loans = try server.request("/loans").body
        #expect(loans.contains("<td>Ann</td><td>2026-10-01</td><td>2026-11-01 <strong class=\"overdue\">overdue</strong></td>"), "\(loans)")
        let page = try server.request("/book?p=foundation.md").body
        #expect(page.contains("Lent to Ann.") && page.contains("/book/return?p=foundation.md"), "\(page)")
        let token = try server.token(page)
        #expect(try server.request("/book/return?p=foundation.md", form: [("token", token)]).status == 303)
        let text = String(decoding: try library.bytes("foundation.md"), as: UTF8.self)
        #expect(text.contains("returned: 2026-11-25"), "\(text)")
        #expect(try server.request("/loans").body.contains("Every book is home."))
        #expect(try server.request("/loans?all=1").body.contains("<td>Ann</td>"))
    }

    @Test func aPositionShelfCannotReadIsRefusedAndNothingIsWritten() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let before = try library.bytes("dune.md")
        let server = try ServeProcess(library: library, environment: Self.environment)
        let token = try server.token(try server.request("/book?p=dune.md").body)
        for position in ["chapter four", "500", ""] {
            let reply = try server.request("/book/progress?p=dune.md", form: [("token", token), ("position", position)])
            #expect(reply.status == 400, "\(position): \(reply.status)")
            #expect(reply.body.contains("Nothing was saved"), "\(reply.body)")
        }
        #expect(try library.bytes("dune.md") == before)
        let goal = try server.request("/goal", form: [("token", token), ("books", "twelve")])
        #expect(goal.status == 400 && goal.body.contains("whole number"), "\(goal.body)")
    }

    @Test func theHighlightsPageFindsPassagesAsShelfHighlightsMatchingDoes() throws {
        let library = try TemporaryLibrary(books: [
            (
                "dune.md",
                bookFile(
                    "title: Dune\nauthors: [Frank Herbert]",
                    body: "\n## Highlights\n\n> Fear is the mind-killer.\n>\n> — p. 8\n\n> The spice must flow.\n")
            ),
            (
                "lem.md",
                bookFile("title: Solaris\nauthors: [Stanisław Lem]", body: "\n## Highlights\n\n> Gödel would have smiled at the ocean.\n")
            ),
            ("plain.md", bookFile("title: Plain\nauthors: [Nobody]", body: "\nNo passages here.\n")),
        ])
        let server = try ServeProcess(library: library, environment: Self.environment)
        let all = try server.request("/highlights").body
        #expect(all.contains("3 passages"), "\(all)")
        #expect(all.contains("<p>Fear is the mind-killer.</p>") && all.contains("page 8"), "\(all)")
        #expect(!all.contains("Plain"))
        let found = try server.request("/highlights?q=GODEL").body
        #expect(found.contains("1 passage") && found.contains("Gödel would have smiled") && !found.contains("mind-killer"), "\(found)")
        let cli = try library.run(["highlights", "--matching", "GODEL", "--format", "json"])
        #expect(cli.status == 0 && cli.stdout.contains("Gödel would have smiled") && !cli.stdout.contains("mind-killer"), "\(cli)")
        let none = try server.request("/highlights?q=harkonnen").body
        #expect(none.contains("No passage has all of: harkonnen"), "\(none)")
        let random = try server.request("/highlights?random=1").body
        #expect(random.components(separatedBy: "<blockquote>").count == 2, "one passage: \(random)")
    }

    @Test func removingABookAsksFirstAndRefusesAFileChangedSinceThePageWasShown() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let server = try ServeProcess(library: library, environment: Self.environment)
        let page = try server.request("/book?p=foundation.md").body
        let token = try server.token(page)
        let version = try server.value(of: "version", in: page)
        let unticked = try server.request("/book/remove?p=foundation.md", form: [("token", token), ("version", version)])
        #expect(unticked.status == 400 && unticked.body.contains("Yes, remove the file"), "\(unticked.body)")
        #expect(FileManager.default.fileExists(atPath: library.path("foundation.md")))
        try library.write("foundation.md", bookFile("title: Foundation\nauthors: [Isaac Asimov]\nstatus: reading"))
        let stale = try server.request("/book/remove?p=foundation.md", form: [("token", token), ("version", version), ("confirm", "yes")])
        #expect(stale.status == 400 && stale.body.contains("changed since this page was loaded"), "\(stale.body)")
        #expect(FileManager.default.fileExists(atPath: library.path("foundation.md")))
        let fresh = try server.value(of: "version", in: try server.request("/book?p=foundation.md").body)
        let removed = try server.request("/book/remove?p=foundation.md", form: [("token", token), ("version", fresh), ("confirm", "yes")])
        #expect(removed.status == 303 && removed.header("Location") == "/?removed=foundation.md", "\(removed.status)")
        #expect(!FileManager.default.fileExists(atPath: library.path("foundation.md")))
        #expect(try server.request("/?removed=foundation.md").body.contains("Removed foundation.md."))
    }

    @Test func everyPageHasOneHeadingAndASkipLinkToItsContent() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let server = try ServeProcess(library: library, environment: Self.environment)
        for route in ["/", "/?q=dune", "/?tag=sci-fi", "/book?p=dune.md", "/dashboard", "/loans", "/highlights", "/add", "/problems"] {
            let body = try server.request(route).body
            #expect(body.components(separatedBy: "<h1").count == 2, "\(route): one h1")
            #expect(body.contains("<a class=\"skip\" href=\"#main\">") && body.contains("<main id=\"main\">"), "\(route)")
        }
        // A table that may scroll sideways on a phone can be reached by the keyboard.
        let book = try server.request("/book?p=dune.md").body
        #expect(book.contains("<section class=\"reads\" tabindex=\"0\" aria-label=\"Reads\">"), "\(book)")
    }

    @Test func theStatsPageShowsEveryYearAndOneYearByMonthWithTablesAndHalfStars() throws {
        let library = try TemporaryLibrary(books: [
            ("a.md", bookFile("title: A\nauthors: [Ann]\nstatus: read\nfinished: 2024-03-02\npages: 100\nrating: 4.5\ntags: [sf]")),
            ("b.md", bookFile("title: B\nauthors: [Ann]\nstatus: read\nstarted: 2026-03-01\nfinished: 2026-03-09\npages: 200\nrating: 4")),
            ("c.md", bookFile("title: C\nauthors: [Bo]\nstatus: read\nfinished: 2026-07-01\nrating: 4")),
            ("d.md", bookFile("title: D\nauthors: [Bo]\nstatus: to-read")),
        ])
        let server = try ServeProcess(library: library, environment: Self.environment)
        let all = try server.request("/stats").body
        #expect(
            all.contains("<title>’24: 1</title>") && all.contains("<title>’25: 0</title>") && all.contains("<title>’26: 2</title>"),
            "\(all)")
        #expect(all.contains("<tr><td>2026</td><td>2</td><td>200</td></tr>"), "\(all)")
        // 4½ has a bar of its own beside 4.
        #expect(all.contains("<title>4½★: 1</title>") && all.contains("<title>4★: 2</title>"), "\(all)")
        #expect(all.contains("href=\"/?author=Ann\">Ann</a> <span class=\"muted\">2</span>"), "\(all)")
        // The pace and the lengths, as `shelf stats` works them out (B: 200 pages in 9 days).
        #expect(all.contains("Pace: 22 pages a day, over 1 book with pages and both dates."), "\(all)")
        #expect(all.contains("<tr><td>under 200 pages</td><td>1</td></tr><tr><td>200–399 pages</td><td>1</td></tr>"), "\(all)")
        #expect(all.contains("<title>600+: 0</title>"), "\(all)")
        let year = try server.request("/stats?year=2026").body
        #expect(
            year.contains("<h1>2026 in books</h1>") && year.contains("<title>Mar: 1</title>") && year.contains("<title>Jul: 1</title>"),
            "\(year)")
        #expect(year.contains("<tr><td>Mar</td><td>1</td><td>200</td></tr>"), "\(year)")
        #expect(year.contains("aria-current=\"page\">2026</a>"))
        let cli = try library.run(["stats", "--year", "2026", "--format", "json"], environment: Self.environment)
        #expect(cli.status == 0 && cli.stdout.contains("\"total\""), "\(cli)")
    }

    @Test func theStarButtonsSayWhatTheyDoAndWhichIsOn() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let server = try ServeProcess(library: library, environment: Self.environment)
        let page = try server.request("/book?p=foundation.md").body
        #expect(page.contains("aria-label=\"Rate 4 of 5\" aria-pressed=\"true\""), "\(page)")
        #expect(page.contains("aria-label=\"Rate 3 of 5\" aria-pressed=\"false\""))
        #expect(page.contains("<option value=\"4\" selected>"), "\(page)")
        #expect(page.contains("<option value=\"3.5\">"))
    }
}
