import Foundation
import Testing

/// The book page's reads and progress, the dashboard with its goal and charts, and the grid's
/// author and series facets and pages, over HTTP on loopback.
@Suite struct ServePagesTests {
    static let reread = bookFile(
        """
        title: Dune
        authors: [Frank Herbert]
        series: Dune
        series_index: 1
        status: reading
        rating: 5
        pages: 400
        started: 2026-11-01
        reads:
          - {started: 2019-03-02, finished: 2019-04-11, rating: 4, format: ebook}
          - {started: 2021-06, abandoned: 2021-07, page: 120}
        progress:
          - 2026-11-01 page 20
          - 2026-11-10 page 120
        """, body: "\nSand.\n\n## Highlights\n\n> Fear is the mind-killer.\n")

    static func library(goal: Bool) throws -> TemporaryLibrary {
        let library = try TemporaryLibrary(books: [
            ("dune.md", reread),
            (
                "messiah.md",
                bookFile(
                    "title: Dune Messiah\nauthors: [Frank Herbert]\nseries: Dune\nseries_index: 2\nstatus: read\nfinished: 2026-03-04\nrating: 4"
                )
            ),
            ("piranesi.md", bookFile("title: Piranesi\nauthors: [Susanna Clarke]\nstatus: read\nfinished: 2026-03-20\nrating: 5")),
            ("old.md", bookFile("title: Solaris\nauthors: [Stanisław Lem]\nstatus: read\nfinished: 2020-01-02\nrating: 4")),
        ])
        if goal { try library.write("shelf.yaml", "goal: 12\n") }
        return library
    }

    @Test func theBookPageShowsEveryReadAndTheProgressOfTheCurrentOne() throws {
        let library = try Self.library(goal: false)
        let server = try ServeProcess(library: library)
        let page = try server.request("/book?p=dune.md").body
        // Newest first: the read going on, the abandoned one, the first.
        let rows = page.components(separatedBy: "<tr><td>").dropFirst().map { $0.components(separatedBy: "</tr>")[0] }
        #expect(rows.count == 3, "\(page)")
        #expect(rows.first?.hasPrefix("2026-11-01</td><td></td><td>reading</td><td></td><td class=\"stars\">★★★★★") == true, "\(rows)")
        #expect(
            rows.dropFirst().first == "2021-06</td><td>2021-07</td><td>abandoned at page 120</td><td></td><td class=\"stars\"></td>",
            "\(rows)")
        #expect(
            rows.last?.hasPrefix("2019-03-02</td><td>2019-04-11</td><td>finished</td><td>ebook</td><td class=\"stars\">★★★★") == true,
            "\(rows)")
        #expect(page.contains("<progress max=\"100\" value=\"30\">30%</progress>"), "\(page)")
        #expect(page.contains("page 120 of 400 (30%) on 2026-11-10"), "\(page)")
        #expect(page.contains("<blockquote>"), "the highlights, rendered from the notes")
        let plain = try server.request("/book?p=piranesi.md").body
        #expect(!plain.contains("<progress") && plain.contains("<section class=\"reads\" tabindex=\"0\" aria-label=\"Reads\">"))
    }

    @Test func theBookPageShowsItsLoansNewestFirstWithTheOverdueOneMarked() throws {
        let library = try TemporaryLibrary(books: [
            (
                "lent.md",
                bookFile(
                    """
                    title: Lent
                    loans:
                      - {to: Ana, lent: 2025-01-02, due: 2025-02-01, returned: 2025-01-30}
                      - {to: "Бо <b>", lent: 2026-10-01, due: 2026-11-01}
                    """)
            )
        ])
        let server = try ServeProcess(library: library, environment: ["SHELF_TODAY": "2026-11-26"])
        let page = try server.request("/book?p=lent.md").body
        let loans = try #require(page.components(separatedBy: "<h2>Loans</h2>").last?.components(separatedBy: "</table>").first, "\(page)")
        let rows = loans.components(separatedBy: "<tr><td>").dropFirst().map { $0.components(separatedBy: "</tr>")[0] }
        #expect(
            rows == [
                "Бо &lt;b&gt;</td><td>2026-10-01</td><td>2026-11-01 <strong class=\"overdue\">overdue</strong></td><td></td>",
                "Ana</td><td>2025-01-02</td><td>2025-02-01</td><td>2025-01-30</td>",
            ], "\(loans)")
        // Shown in their own section, not again among the fields.
        #expect(!page.contains("<dt>loans</dt>"), "\(page)")
    }

    @Test func theDashboardShowsReadingNowRecentTheGoalAndChartsAsSVG() throws {
        let library = try Self.library(goal: true)
        let server = try ServeProcess(library: library, environment: ["SHELF_TODAY": "2026-11-25"])
        let page = try server.request("/dashboard")
        #expect(page.status == 200)
        let body = page.body
        let readingNow = try #require(body.components(separatedBy: "<h2>").first)
        #expect(readingNow.contains("<strong>Dune</strong>") && readingNow.contains("value=\"30\""), "\(readingNow)")
        #expect(!readingNow.contains("Piranesi"))
        #expect(body.contains("2 books finished · goal <span class=\"goal-text\">2 of 12</span>"), "\(body)")
        #expect(body.contains("<progress class=\"goal\" max=\"12\" value=\"2\">"))
        let recent = try #require(body.components(separatedBy: "Recently finished").last)
        #expect(recent.range(of: "Piranesi")!.lowerBound < recent.range(of: "Dune Messiah")!.lowerBound, "newest first")
        #expect(recent.contains("Solaris"))
        // March holds both of 2026's books; the ratings chart counts every rated book.
        #expect(body.contains("<title>Mar: 2</title>") && body.contains("<title>Nov: 0</title>"), "\(body)")
        #expect(body.contains("<title>5★: 2</title>") && body.contains("<title>4★: 2</title>"), "\(body)")
        #expect(!body.contains(" style=\""))
        // Without a goal in shelf.yaml, nothing is said about one but the form that sets it.
        try FileManager.default.removeItem(at: library.root.appendingPathComponent("shelf.yaml"))
        let withoutGoal = try server.request("/dashboard").body
        #expect(!withoutGoal.contains("goal-text") && !withoutGoal.contains("<progress class=\"goal\""), "\(withoutGoal)")
        #expect(withoutGoal.contains("<summary>Set a goal for"))
    }

    @Test func authorAndSeriesFacetsFilterAndKeepTheOtherFilters() throws {
        let library = try Self.library(goal: false)
        let server = try ServeProcess(library: library)
        let home = try server.request("/").body
        #expect(home.contains("href=\"/?author=Frank%20Herbert\">Frank Herbert <span>2</span>"), "\(home)")
        #expect(home.contains("href=\"/?series=Dune\">Dune <span>2</span>"), "\(home)")
        let author = try server.request("/?author=Stanis%C5%82aw%20Lem").body
        #expect(author.contains("<strong>Solaris</strong>") && !author.contains("<strong>Piranesi</strong>"))
        let series = try server.request("/?series=Dune&status=read").body
        #expect(series.contains("<strong>Dune Messiah</strong>") && !series.contains("<strong>Dune</strong>"), "\(series)")
        // The active facet's link takes it off and keeps the other; it counts the books shown.
        #expect(series.contains("class=\"facet active\" href=\"/?status=read\">Dune <span>1</span>"), "\(series)")
        let ordered = try server.request("/?series=Dune").body
        #expect(ordered.range(of: "<strong>Dune</strong>")!.lowerBound < ordered.range(of: "<strong>Dune Messiah</strong>")!.lowerBound)
    }

    @Test func aTagFacetTakesInEveryCaseAndTheNestedTagsAndCountsWhatItShows() throws {
        let library = try TemporaryLibrary(books: [
            ("a.md", bookFile("title: A\ntags: [sci-fi]")), ("b.md", bookFile("title: B\ntags: [sci-fi, Sci-Fi]")),
            ("c.md", bookFile("title: C\ntags: [Sci-Fi]")), ("d.md", bookFile("title: D\ntags: [sci-fi/space]")),
            ("e.md", bookFile("title: E\ntags: [sci-fi]")),
        ])
        let server = try ServeProcess(library: library)
        let home = try server.request("/").body
        #expect(home.contains("href=\"/?tag=sci-fi\">#sci-fi <span>5</span>"), "written as most books write it: \(home)")
        #expect(!home.contains("#Sci-Fi"))
        #expect(try server.request("/?tag=sci-fi").body.contains("5 books"))
    }

    @Test func aLargeGridIsPagedAndThePagesKeepTheQuery() throws {
        let books = (1...250).map { index in
            (
                String(format: "b%03d.md", index),
                bookFile(String(format: "title: Book %03d\ntags: [%@]", index, index % 2 == 0 ? "even" : "odd"))
            )
        }
        let library = try TemporaryLibrary(books: books)
        let server = try ServeProcess(library: library)
        let first = try server.request("/").body
        #expect(first.components(separatedBy: "<li><a href=").count - 1 == 120)
        #expect(first.contains("250 books · page 1 of 3"))
        #expect(first.contains("<a rel=\"next\" href=\"/?page=2\">") && !first.contains("rel=\"prev\""))
        let last = try server.request("/?page=3").body
        #expect(last.components(separatedBy: "<li><a href=").count - 1 == 10)
        #expect(last.contains("<strong>Book 250</strong>") && last.contains("rel=\"prev\" href=\"/?page=2\""))
        let even = try server.request("/?q=tag%3Aeven&page=2").body
        #expect(even.contains("125 books · page 2 of 2"), "\(even)")
        #expect(even.contains("rel=\"prev\" href=\"/?q=tag%3Aeven&amp;page=1\""), "\(even)")
        #expect(try server.request("/?page=99").body.contains("page 3 of 3"))
    }

    @Test func aCoverIsServedWithAnETagAndAnUnchangedOneIsNotSentAgain() throws {
        let library = try TemporaryLibrary(books: [("dune.md", bookFile("title: Dune\ncover: covers/dune.png"))])
        let image = PNG.grey(ServeAddTests.barcodePGM("9780441478125", scale: 1, height: 10))
        try FileManager.default.createDirectory(at: library.root.appendingPathComponent("covers"), withIntermediateDirectories: true)
        try Data(image).write(to: library.root.appendingPathComponent("covers/dune.png"))
        let server = try ServeProcess(library: library)
        let first = try server.request("/cover?p=dune.md")
        #expect(first.status == 200)
        #expect(first.header("Content-Type") == "image/png")
        let tag = try #require(first.header("ETag"))
        #expect(try server.request("/cover?p=dune.md", headers: ["If-None-Match": tag]).status == 304)
        try Data(image + [0]).write(to: library.root.appendingPathComponent("covers/dune.png"))
        let changed = try server.request("/cover?p=dune.md", headers: ["If-None-Match": tag])
        #expect(changed.status == 200 && changed.header("ETag") != tag)
    }

    /// A browser holding two versions names both; a proxy may have weakened the tag; `*` is any.
    @Test func anETagNamedInAListOrWeakOrByStarIsAnsweredNotModified() throws {
        let library = try TemporaryLibrary(books: [("dune.md", bookFile("title: Dune\ncover: covers/dune.png"))])
        let image = PNG.grey(ServeAddTests.barcodePGM("9780441478125", scale: 1, height: 10))
        try library.write("covers/dune.png", bytes: image)
        let server = try ServeProcess(library: library, environment: ["SHELF_THUMBNAILER": ""])
        for path in ["/cover?p=dune.md", "/thumb?p=dune.md"] {
            let tag = try #require(try server.request(path).header("ETag"))
            for header in ["\"old\", \(tag)", "W/\(tag)", "*"] {
                let answer = try server.request(path, headers: ["If-None-Match": header])
                #expect(answer.status == 304 && answer.body.isEmpty, "\(path) with If-None-Match: \(header)")
            }
            #expect(try server.request(path, headers: ["If-None-Match": "\"old\", W/\"other\""]).status == 200)
        }
    }

    static let vips: String? = ["/usr/bin/vipsthumbnail", "/usr/local/bin/vipsthumbnail"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test(.enabled(if: ServePagesTests.vips != nil, "vipsthumbnail not found: install Debian's libvips-tools (make test does)"))
    func theGridsThumbnailsAreMadeOnceKeptInTheCacheAndRemadeWhenTheCoverChanges() throws {
        let library = try TemporaryLibrary(books: [("dune.md", bookFile("title: Dune\ncover: covers/dune.png"))])
        let cover = library.root.appendingPathComponent("covers/dune.png")
        try FileManager.default.createDirectory(at: cover.deletingLastPathComponent(), withIntermediateDirectories: true)
        let image = PNG.grey(ServeAddTests.barcodePGM("9780441478125", scale: 6, height: 1200))
        try Data(image).write(to: cover)
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-thumbs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let server = try ServeProcess(library: library, environment: ["XDG_CACHE_HOME": cache.path])
        #expect(try server.request("/").body.contains("<img src=\"/thumb?p=dune.md\""))
        let folder = cache.appendingPathComponent("shelf/thumbnails")
        func thumbnails() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jpg") }.sorted()
        }

        let first = try server.request("/thumb?p=dune.md")
        #expect(first.status == 200 && first.header("Content-Type") == "image/jpeg")
        let made = try thumbnails()
        #expect(made.count == 1)
        let thumbnail = try Data(contentsOf: folder.appendingPathComponent(made[0]))
        #expect(thumbnail.starts(with: [0xFF, 0xD8]) && thumbnail.count < image.count)
        let header = try run(
            ["-f", "height", folder.appendingPathComponent(made[0]).path], in: library.root,
            executable: URL(fileURLWithPath: "/usr/bin/vipsheader"))
        #expect(header.stdout == "540\n", "fits the 360×540 box: \(header)")
        let stamp =
            try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(made[0]).path)[.modificationDate] as? Date

        #expect(try server.request("/thumb?p=dune.md").status == 200)
        #expect(try thumbnails() == made, "made once")
        #expect(
            try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(made[0]).path)[.modificationDate] as? Date
                == stamp)
        #expect(FileManager.default.fileExists(atPath: library.root.appendingPathComponent("covers/dune.png").path))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: cover.deletingLastPathComponent().path) == ["dune.png"],
            "nothing written beside the cover")

        try Data(PNG.grey(ServeAddTests.barcodePGM("9780441013593", scale: 6, height: 1200))).write(to: cover)
        #expect(try server.request("/thumb?p=dune.md").status == 200)
        #expect(try thumbnails().count == 2, "a changed cover gets a new thumbnail")
    }

    @Test func withoutAThumbnailToolTheGridIsSentTheCoverItself() throws {
        let library = try TemporaryLibrary(books: [("dune.md", bookFile("title: Dune\ncover: covers/dune.png"))])
        let image = PNG.grey(ServeAddTests.barcodePGM("9780441478125", scale: 1, height: 10))
        try FileManager.default.createDirectory(at: library.root.appendingPathComponent("covers"), withIntermediateDirectories: true)
        try Data(image).write(to: library.root.appendingPathComponent("covers/dune.png"))
        let server = try ServeProcess(library: library, environment: ["SHELF_THUMBNAILER": ""])
        let reply = try server.request("/thumb?p=dune.md")
        #expect(reply.status == 200 && reply.header("Content-Type") == "image/png")
        #expect(try server.request("/thumb?p=nothing.md").status == 404)
        #expect(try server.request("/thumb?p=../etc/passwd").status == 404)
    }
}

/// A file shelf cannot read is said on the grid, with a link to a page that lists it as
/// `shelf check` does (path:line:column, what is wrong); it no longer vanishes without a word.
@Suite struct ServeProblemsTests {
    @Test func aBrokenFileIsABannerAndAPageListingItAsCheckDoes() throws {
        let library = try TemporaryLibrary(books: [
            ("dune.md", bookFile("title: Dune")),
            ("broken.md", "---\ntitle: [unclosed\nauthor: X\n---\n"),
        ])
        let server = try ServeProcess(library: library)
        let grid = try server.request("/").body
        #expect(grid.contains("1 file could not be read: <a href=\"/problems\">"), "\(grid)")
        let check = try library.run(["check", "--format", "json"])
        let finding = try #require(try parseJSONArray(check.stdout).first { ($0["path"] as? String) == "broken.md" }, "\(check)")
        let page = try server.request("/problems")
        #expect(page.status == 200)
        let place = "broken.md:\(finding["line"] ?? ""):\(finding["column"] ?? "")"
        #expect(page.body.contains("<code>\(place)</code>"), "\(place) in \(page.body)")
        // Mended in an editor: the banner goes at the next load.
        try library.write("broken.md", "---\ntitle: Unclosed\nauthor: X\n---\n")
        #expect(!(try server.request("/").body.contains("could not be read")))
        #expect(try server.request("/problems").body.contains("Every file reads"))
    }
}

/// A book without a cover is drawn: its title and author on a colour of its own (the same every
/// time for a title), not a grey box.
@Suite struct ServeDrawnCoverTests {
    @Test func aBookWithoutACoverIsDrawnWithItsTitleAndAuthorOnItsColour() throws {
        let library = try TemporaryLibrary(books: [
            ("dune.md", bookFile("title: Dune\nauthors: [Frank Herbert]")),
            ("solaris.md", bookFile("title: Solaris\nauthors: [Stanisław Lem]")),
        ])
        let server = try ServeProcess(library: library)
        let body = try server.request("/").body
        let drawn = body.components(separatedBy: "<div class=\"nocover tint").dropFirst()
        #expect(drawn.count == 2, "\(body)")
        #expect(drawn.contains { $0.contains("<span class=\"cover-title\">Dune</span><span class=\"cover-author\">Frank Herbert</span>") })
        #expect(drawn.contains { $0.contains("<span class=\"cover-title\">Solaris</span>") })
        // The same colour at every visit, and no style attribute (the page's policy allows none).
        #expect(try server.request("/").body == body)
        #expect(!body.contains(" style=\""))
    }

    @Test func theBookPageDrawsTheSameCoverAsTheGrid() throws {
        let library = try TemporaryLibrary(books: [("dune.md", bookFile("title: Dune\nauthors: [Frank Herbert]"))])
        let server = try ServeProcess(library: library)
        let grid = try server.request("/").body
        let tint = try #require(grid.components(separatedBy: "<div class=\"nocover tint").dropFirst().first?.prefix { $0.isNumber })
        let page = try server.request("/book?p=dune.md").body
        #expect(
            page.contains(
                "<div class=\"cover nocover tint\(tint)\" aria-hidden=\"true\"><span class=\"cover-title\">Dune</span>"
                    + "<span class=\"cover-author\">Frank Herbert</span></div>"), "\(page)")
        #expect(!page.contains("<img class=\"cover\""))
    }
}
