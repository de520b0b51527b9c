import Foundation
import Testing

/// A search on the web shows the books in the order `shelf search` ranks them and says where each
/// matched, with the snippets it prints: the same fields, the same text, the query's words marked.
@Suite struct ServeSearchParityTests {
    static let books = [
        (
            "left-hand.md",
            bookFile(
                "title: The Left Hand of Darkness\nauthors: [Ursula K. Le Guin]\ntags: [sci-fi]",
                body: "\nGenly Ai spends half the book misreading Estraven, and so did I.\n")
        ),
        (
            "quoted.md",
            bookFile(
                "title: Ice Crossing\nauthors: [Nobody]",
                body: "\nMy own notes.\n\n## Highlights\n\n> Estraven crossed the glacier at dawn.\n")
        ),
        ("dune.md", bookFile("title: Dune\nauthors: [Frank Herbert]\ntags: [sci-fi]")),
    ]

    /// The grid's "matched in" lines, as (title, field, snippet without its marks), in page order.
    static func webMatches(_ body: String) -> [String] {
        body.components(separatedBy: "<li>").dropFirst().flatMap { item -> [String] in
            let title = item.components(separatedBy: "<strong>").dropFirst().first.map { String($0.prefix { $0 != "<" }) } ?? ""
            return item.components(separatedBy: "<p class=\"matched\">matched in ").dropFirst().map { line in
                let text = String(line.prefix { $0 != "\n" }).components(separatedBy: "”</p>")[0]
                let plain = text.replacingOccurrences(of: "<mark>", with: "").replacingOccurrences(of: "</mark>", with: "")
                return title + " | " + plain.replacingOccurrences(of: ": “", with: " | ")
            }
        }
    }

    @Test(arguments: ["estraven", "glacier", "le guin", "dune", "estraven tag:sci-fi"])
    func theGridSaysWhereEachBookMatchedAsShelfSearchDoes(_ query: String) throws {
        let library = try TemporaryLibrary(books: Self.books)
        let server = try ServeProcess(library: library)
        let page = try server.request("/?q=" + (query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
        #expect(page.status == 200, "\(page.body)")
        let searched = try library.run(["search", "--format", "json", query])
        #expect(searched.status == 0, "\(searched)")
        // In the order shelf search ranks them.
        let expected = try parseJSONArray(searched.stdout)
            .flatMap { result -> [String] in
                let matches = result["matches"] as? [[String: Any]] ?? []
                let shown = matches.filter { $0["field"] as? String != "title" || matches.count == 1 }
                return shown.map { match in
                    let field = match["field"] as? String == "highlight" ? "highlights" : match["field"] as? String ?? ""
                    return "\(result["title"] as? String ?? "") | \(field) | \(match["snippet"] as? String ?? "")"
                }
            }
        #expect(!expected.isEmpty)
        #expect(Self.webMatches(page.body) == expected, "\(query): \(page.body)")
    }

    @Test func theMatchingWordsAreMarkedAndTheSnippetEscaped() throws {
        let library = try TemporaryLibrary(books: [
            ("angle.md", bookFile("title: Angles\nauthors: [A]", body: "\nA note on <b>estraven</b> & others.\n"))
        ])
        let server = try ServeProcess(library: library)
        let body = try server.request("/?q=estraven").body
        #expect(body.contains("matched in notes: “A note on &lt;b&gt;<mark>estraven</mark>&lt;/b&gt; &amp; others.”"), "\(body)")
        let fields = try server.request("/?q=tag%3Asci-fi").body
        #expect(!fields.contains("matched in"), "a query of fields only searched no text")
    }
}

/// The grid's results of a search are ranked as `shelf search` ranks them (a title before an
/// author before the notes), inside facets too; another order is there to choose.
@Suite struct ServeSearchRankingTests {
    /// Title order and rank order differ: the notes' match is first by title, last by rank.
    static let books = [
        ("a.md", bookFile("title: Aardvark Days\nauthors: [Ann Other]\ntags: [sci-fi]", body: "\nEstraven, again.\n")),
        ("m.md", bookFile("title: Middle March\nauthors: [Estraven Harth]\ntags: [sci-fi]")),
        ("z.md", bookFile("title: Zed and Estraven\nauthors: [Zoe]\ntags: [sci-fi]")),
        ("b.md", bookFile("title: Barely\nauthors: [Ben]\ntags: [fantasy]", body: "\nNothing of him.\n")),
    ]

    /// The titles of the grid's books, in page order.
    static func webTitles(_ body: String) -> [String] {
        body.components(separatedBy: "<li>").dropFirst().compactMap { item in
            item.components(separatedBy: "<strong>").dropFirst().first.map { String($0.prefix { $0 != "<" }) }
        }
    }

    @Test(arguments: [("estraven", ""), ("estraven", "&tag=sci-fi"), ("estrav", ""), ("estraven OR nothing", "")])
    func theGridListsASearchInTheOrderShelfSearchRanksIt(_ query: String, _ facets: String) throws {
        let library = try TemporaryLibrary(books: Self.books)
        let server = try ServeProcess(library: library)
        let page = try server.request("/?q=" + (query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") + facets)
        #expect(page.status == 200, "\(page.body)")
        let words = facets.isEmpty ? [query] : [query, "tag:sci-fi"]
        let searched = try library.run(["search", "--format", "json"] + words)
        #expect(searched.status == 0, "\(searched)")
        let ranked = try parseJSONArray(searched.stdout).map { $0["title"] as? String ?? "" }
        #expect(ranked.count >= 3)
        #expect(ranked != ranked.sorted(), "the fixture tells rank order from title order")
        #expect(Self.webTitles(page.body) == ranked, "\(query)\(facets): \(page.body)")
        #expect(page.body.contains("aria-current=\"true\">relevance</a>"), "the order is said")
    }

    @Test func anotherOrderCanBeChosenAndRelevanceLeadsBack() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let server = try ServeProcess(library: library)
        let byTitle = try server.request("/?q=estraven&sort=title")
        #expect(Self.webTitles(byTitle.body) == ["Aardvark Days", "Middle March", "Zed and Estraven"], "\(byTitle.body)")
        #expect(byTitle.body.contains("<a href=\"/?q=estraven\">relevance</a>"), "\(byTitle.body)")
        // Still said where each matched.
        #expect(byTitle.body.contains("matched in notes: “<mark>Estraven</mark>, again.”"), "\(byTitle.body)")
        // A query of fields only is in title order, with no relevance to choose.
        let fields = try server.request("/?q=tag%3Asci-fi")
        #expect(Self.webTitles(fields.body) == ["Aardvark Days", "Middle March", "Zed and Estraven"])
        #expect(!fields.body.contains(">relevance</a>"))
    }

    /// The server keeps the library's index where the command line keeps it, and answers a search
    /// from it; `shelf serve --no-cache` keeps none, as `--no-cache` does for every command.
    @Test(arguments: [false, true])
    func theServerKeepsTheLibrarysIndexUnlessNoCache(_ noCache: Bool) throws {
        let library = try TemporaryLibrary(books: Self.books)
        let cacheHome = try TemporaryLibrary(config: nil)
        let server = try ServeProcess(
            library: library, arguments: noCache ? ["--no-cache"] : [], environment: ["XDG_CACHE_HOME": cacheHome.root.path])
        let page = try server.request("/?q=estraven")
        #expect(Self.webTitles(page.body).count == 3, "\(page.body)")
        #expect(try server.request("/").status == 200)
        let indexes = (try? FileManager.default.contentsOfDirectory(atPath: cacheHome.path("shelf/libraries"))) ?? []
        #expect(indexes.contains { $0.hasSuffix(".cache") } == !noCache, "\(indexes)")
    }
}
