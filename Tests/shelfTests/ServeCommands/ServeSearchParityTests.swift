import Foundation
import Testing

/// A search on the web says where each book matched, with the snippets `shelf search` prints:
/// the same fields, the same text, the query's words marked.
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
        // shelf search ranks; the grid is in title order: compared by title.
        let expected = try parseJSONArray(searched.stdout).sorted { ($0["title"] as? String ?? "") < ($1["title"] as? String ?? "") }
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
