import Foundation
import Testing

/// The web UI and the command line answer from the same ShelfKit code, so they agree: the
/// grid's query with its facets and `shelf ls` with the same query, the dashboard's year and
/// goal and `shelf`'s, and an edit from the web form and `shelf set`.
@Suite struct ServeParityTests {
    static let books = [
        (
            "dune.md",
            bookFile(
                "title: Dune\nauthors: [Frank Herbert]\nstatus: read\ntags: [science fiction]\n"
                    + "finished: 2026-02-01\nreads:\n  - {started: 2025-01-02, finished: 2025-02-03}")
        ),
        ("foundation.md", bookFile("title: Foundation\nauthors: [Isaac Asimov]\nstatus: to-read\ntags: [science fiction]")),
        (
            "fiction.md",
            bookFile("title: Science and Fiction\nauthors: [Paul Halpern]\nstatus: read\ntags: [science]\nfinished: 2026-03-01")
        ),
        (
            "reread.md",
            bookFile(
                "title: Piranesi\nauthors: [Susanna Clarke]\nstatus: read\nfinished: 2026-05-01\n"
                    + "reads:\n  - {started: 2026-01-02, finished: 2026-01-20}")
        ),
        ("leguin.md", bookFile("title: The Dispossessed\nauthors: [\"Le Guin, Ursula K.\"]\nstatus: reading\nstarted: 2026-11-01")),
    ]

    /// Titles on a grid page, in order.
    private func gridTitles(_ body: String) -> [String] {
        body.components(separatedBy: "<strong>").dropFirst().map { String($0.prefix { $0 != "<" }) }
    }

    @Test(arguments: [
        ("q=dune%20OR%20foundation&status=to-read", ["(dune OR foundation)", "status:to-read"]),
        ("tag=science%20fiction", ["tag:\"science fiction\""]),
        ("tag=science", ["tag:science"]),
        ("author=Le%20Guin%2C%20Ursula%20K.", ["author:=\"Le Guin, Ursula K.\""]),
        ("q=fiction&status=read", ["fiction status:read"]),
    ])
    func theGridAndLsListTheSameBooks(_ web: String, _ cli: [String]) throws {
        let library = try TemporaryLibrary(books: Self.books)
        let server = try ServeProcess(library: library)
        // In title order on both sides: a search of words is otherwise ranked on the web (as
        // `shelf search` ranks it, ServeSearchRankingTests).
        let page = try server.request("/?" + web + "&sort=title")
        #expect(page.status == 200, "\(page.body)")
        let listed = try library.run(["ls", "--sort", "title", "--format", "json", cli.joined(separator: " ")])
        #expect(listed.status == 0, "\(listed)")
        let expected = try parseJSONArray(listed.stdout).compactMap { $0["title"] as? String }
        #expect(!expected.isEmpty)
        #expect(gridTitles(page.body) == expected, "\(web): \(page.body)")
    }

    @Test(arguments: ["author", "added", "finished", "rating"])
    func theGridSortsAsLsSorts(_ key: String) throws {
        let library = try TemporaryLibrary(books: Self.books)
        let server = try ServeProcess(library: library)
        let page = try server.request("/?sort=" + key)
        let listed = try library.run(["ls", "--sort", key, "--format", "json"])
        let expected = try parseJSONArray(listed.stdout).compactMap { $0["title"] as? String }
        #expect(gridTitles(page.body) == expected, "\(key): \(page.body)")
        #expect(page.body.contains("aria-current=\"true\">\(key)</a>"))
    }

    @Test func insideAFilterTheFacetsCountTheBooksShown() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let server = try ServeProcess(library: library)
        let all = try server.request("/").body
        #expect(all.contains(">read <span>3</span></a>"), "\(all)")
        let filtered = try server.request("/?tag=science%20fiction").body
        #expect(filtered.contains(">read <span>1</span></a>") && filtered.contains(">to-read <span>1</span></a>"), "\(filtered)")
        #expect(!filtered.contains(">reading <span>"), "a status none of the books shown has is not offered")
    }

    @Test func theDashboardCountsEveryReadOfTheYearAndTheGoalShelfGoalWrites() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let environment = ["SHELF_TODAY": "2026-11-25"]
        #expect(try library.run(["goal", "2026", "--books", "12"], environment: environment).status == 0)
        let cli = try library.run([], environment: environment)
        // Dune's 2026 read, Science and Fiction, and both of Piranesi's 2026 reads.
        #expect(cli.stdout.contains("2026 so far  4 books"), "\(cli)")
        #expect(cli.stdout.contains("4 of 12 books"), "\(cli)")
        let server = try ServeProcess(library: library, environment: environment)
        let body = try server.request("/dashboard").body
        #expect(body.contains("4 books finished · goal <span class=\"goal-text\">4 of 12</span>"), "\(body)")
    }

    /// A vault without shelf.yaml is read in its files' own words by the web as by `ls`: the
    /// name beside the slug, not the slug.
    @Test func aVaultWithoutSettingsReadsTheSameOnTheWebAsInTheTerminal() throws {
        let vault = try VocabularyInferredTests.slugAndNameVault()
        let listed = try vault.vaultRun(["ls", "--format", "json", "--library", vault.root.path])
        #expect(listed.stdout.contains("\"Jordan B. Peterson\""), "\(listed)")
        let server = try ServeProcess(library: vault, environment: vaultClock)
        let all = try server.request("/").body
        #expect(all.contains("Jordan B. Peterson") && !all.contains("jordan-b-peterson"), "\(all)")
        let grid = try server.request("/?author=Frank%20Herbert").body
        #expect(grid.contains("<strong>Dune</strong>"), "\(grid)")
    }
}
