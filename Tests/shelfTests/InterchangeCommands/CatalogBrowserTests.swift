import Foundation
import Testing

/// The HTML catalog opened in headless Chromium from `file://`: every book shows, the filter
/// narrows the list, and a `<script>` in a title or the notes stays text.
@Suite(.serialized) struct CatalogBrowserTests {
    /// Chromium, when installed (`make test` installs Debian's `chromium` when it is missing).
    static let chromium: String? = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"].lazy.compactMap(
        interchangeWhich
    ).first

    /// A library with a hostile title, a hostile note, and books to filter.
    static func library() throws -> TemporaryLibrary {
        try TemporaryLibrary(books: [
            ("herbert-dune.md", "---\ntitle: Dune\nauthors: [Frank Herbert]\nstatus: read\nrating: 5\ntags: [sci-fi, classics]\n---\n"),
            ("herbert-dune-messiah.md", "---\ntitle: Dune Messiah\nauthors: [Frank Herbert]\nstatus: to-read\ntags: [sci-fi]\n---\n"),
            ("lem-solaris.md", "---\ntitle: Solaris\nauthors: [Stanisław Lem]\nstatus: read\ntags: [sci-fi/ocean]\n---\n"),
            (
                "hostile.md",
                """
                ---
                title: "<script>document.documentElement.setAttribute('data-pwned', 'title')</script>"
                authors: ["<img src=x onerror=\\"document.documentElement.setAttribute('data-pwned','author')\\">"]
                status: abandoned
                tags: [classics]
                ---

                Notes <script>document.documentElement.setAttribute('data-pwned', 'notes')</script>
                and [a link](javascript:document.documentElement.setAttribute('data-pwned','link')).

                """
            ),
        ])
    }

    /// The DOM Chromium has after loading `url` and running its scripts.
    static func dumpDOM(_ url: URL, profile: URL) throws -> String {
        let chromium = try #require(Self.chromium)
        return try interchangeRunProcess(
            chromium,
            [
                "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run", "--user-data-dir=\(profile.path)",
                "--virtual-time-budget=3000", "--dump-dom", url.absoluteString,
            ])
    }

    /// Titles of the list items Chromium shows (not `hidden`), and of those it hides.
    static func shownAndHidden(_ dom: String) -> (shown: [String], hidden: [String]) {
        var shown: [String] = [], hidden: [String] = []
        for item in dom.components(separatedBy: "<li class=\"book\"").dropFirst() {
            guard let open = item.range(of: "<a class=\"title\" href=\""),
                let start = item[open.upperBound...].range(of: "\">"),
                let end = item[start.upperBound...].range(of: "</a>")
            else { continue }
            let title = String(item[start.upperBound..<end.lowerBound])
            let tag = item[..<(item.firstIndex(of: ">") ?? item.endIndex)]
            if tag.contains(" hidden=\"\"") { hidden.append(title) } else { shown.append(title) }
        }
        return (shown, hidden)
    }

    @Test(
        .enabled(
            if: CatalogBrowserTests.chromium != nil,
            "chromium not found: install Debian's chromium (make test does) to run the catalog in a browser"))
    func theCatalogListsFiltersAndKeepsScriptsAsText() throws {
        let library = try Self.library()
        let site = library.root.appendingPathComponent("site")
        let profile = library.root.appendingPathComponent(".chromium")
        try library.interchangeRun(["export", "html", site.path])
        let index = site.appendingPathComponent("index.html")

        let all = try Self.dumpDOM(index, profile: profile)
        let escapedTitle = "&lt;script&gt;document.documentElement.setAttribute('data-pwned', 'title')&lt;/script&gt;"
        #expect(Self.shownAndHidden(all).shown.sorted() == ["Dune", "Dune Messiah", "Solaris", escapedTitle].sorted(), "\(all)")
        #expect(all.contains("<p id=\"count\">4 books</p>"))
        #expect(!all.contains("data-pwned=\""), "a script ran: \(all)")

        let filtered = try Self.dumpDOM(URL(string: index.absoluteString + "?q=dune")!, profile: profile)
        #expect(Self.shownAndHidden(filtered).shown.sorted() == ["Dune", "Dune Messiah"], "\(filtered)")
        #expect(Self.shownAndHidden(filtered).hidden.count == 2)
        #expect(filtered.contains("<p id=\"count\">2 of 4 books</p>"))

        let folded = try Self.dumpDOM(URL(string: index.absoluteString + "?q=STANISLAW%20sol")!, profile: profile)
        #expect(Self.shownAndHidden(folded).shown == ["Solaris"])

        let tagged = try Self.dumpDOM(URL(string: index.absoluteString + "?tag=sci-fi&status=read")!, profile: profile)
        #expect(Self.shownAndHidden(tagged).shown.sorted() == ["Dune", "Solaris"], "\(tagged)")

        let page = try Self.dumpDOM(site.appendingPathComponent("books/hostile.html"), profile: profile)
        #expect(page.contains("<h1>\(escapedTitle)</h1>"), "\(page)")
        #expect(page.contains("Notes &lt;script&gt;document.documentElement.setAttribute('data-pwned', 'notes')&lt;/script&gt;"))
        #expect(!page.contains("javascript:"))
        #expect(!page.contains("data-pwned=\""), "a script ran: \(page)")
    }
}
