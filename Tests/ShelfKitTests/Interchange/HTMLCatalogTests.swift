import Foundation
import Testing
@testable import ShelfKit

/// The static catalog: every book listed, every piece of book text escaped, notes made safe.
@Suite struct HTMLCatalogTests {
    private func book(_ yaml: String, path: String) throws -> Book {
        try interchangeBook(Array("---\n\(yaml)\n---\n".utf8), path: path)
    }

    private func text(_ catalog: HTMLCatalog, _ path: String) throws -> String {
        let file = try #require(catalog.files.first { $0.path == path }, "no \(path)")
        return String(decoding: file.bytes, as: UTF8.self)
    }

    @Test func anIndexAndAPagePerBookAreBuilt() throws {
        let books = [
            ExportedBook(
                book: try book(
                    "title: Dune\nauthors: [Frank Herbert]\nstatus: read\nrating: 5\ntags: [sci-fi, Classics]", path: "herbert-dune.md"),
                notes: ""),
            ExportedBook(book: try book("title: Solaris", path: "classics/lem-solaris.md"), notes: "Ocean."),
            ExportedBook(book: try book("title: Solaris", path: "lem-solaris.md"), notes: ""),
        ]
        let catalog = HTMLCatalog(books: books, title: "Books", libraryRoot: "/library", localCover: { _ in .refused("missing") })
        #expect(
            catalog.files.map(\.path) == [
                "index.html", "books/herbert-dune.html", "books/classics-lem-solaris.html", "books/lem-solaris.html",
            ])
        let index = try text(catalog, "index.html")
        #expect(
            index.contains(
                "<li class=\"book\" data-status=\"read\" data-tags=\"sci-fi|classics\" data-search=\"dune frank herbert sci-fi classics\">")
        )
        #expect(index.contains("<a class=\"title\" href=\"books/herbert-dune.html\">Dune</a>"))
        #expect(index.contains("<span class=\"rating\" title=\"5 of 5\">★★★★★</span>"))
        #expect(index.contains("<option value=\"classics\">Classics (1)</option>"))
        #expect(index.contains("<p id=\"count\">3 books</p>"))
        #expect(try text(catalog, "books/classics-lem-solaris.html").contains("<section class=\"notes\">\n<p>Ocean.</p>\n</section>"))
    }

    @Test func aScriptInATitleAuthorTagOrOwnKeyStaysText() throws {
        let yaml = """
            title: "<script>alert('title')</script>"
            authors: ["<img src=x onerror=alert(1)>"]
            tags: ["\\"><script>alert(2)</script>"]
            mood: "</dd><script>alert(3)</script>"
            """
        let catalog = HTMLCatalog(
            books: [ExportedBook(book: try book(yaml, path: "x.md"), notes: "")], title: "<b>Lib</b>",
            libraryRoot: "/library", localCover: { _ in .refused("missing") })
        for file in catalog.files {
            let html = String(decoding: file.bytes, as: UTF8.self)
            #expect(!html.contains("<script>alert"), "\(file.path)")
            #expect(!html.contains("<img src=x"), "\(file.path)")
            #expect(!html.contains("<b>Lib"), "\(file.path)")
        }
        let page = try text(catalog, "books/x.html")
        #expect(
            page.contains("<h1>&lt;script&gt;alert(&#39;title&#39;)&lt;/script&gt;</h1>")
                || page.contains("<h1>&lt;script&gt;alert('title')&lt;/script&gt;</h1>"))
        #expect(page.contains("<dd>&lt;/dd&gt;&lt;script&gt;alert(3)&lt;/script&gt;</dd>"))
    }

    @Test func theProgressLogShowsItsLinesNotTheJSONObjects() throws {
        let yaml = "title: Dune\nprogress:\n  - 2026-01-05 page 120\n  - 2026-01-06 <b>37%</b>"
        let catalog = HTMLCatalog(
            books: [ExportedBook(book: try book(yaml, path: "dune.md"), notes: "")], title: "Books",
            libraryRoot: "/library", localCover: { _ in .refused("missing") })
        #expect(
            try text(catalog, "books/dune.html").contains(
                "<dt>Progress</dt><dd>2026-01-05 page 120, 2026-01-06 &lt;b&gt;37%&lt;/b&gt;</dd>"))
    }

    @Test func rawHTMLInNotesShowsAsText() {
        let html = NotesHTML.render("Hello <script>alert(1)</script> and <img src=x onerror=alert(2)>\n\n<div onclick=x>raw</div>")
        #expect(
            html
                == "<p>Hello &lt;script&gt;alert(1)&lt;/script&gt; and &lt;img src=x onerror=alert(2)&gt;</p><p>&lt;div onclick=x&gt;raw&lt;/div&gt;</p>"
        )
    }

    @Test func dangerousLinksAndSmuggledAttributesAreDropped() {
        let html = NotesHTML.render(
            "[a](javascript:alert(1)) [b](JaVaScRiPt&#58;alert(1)) [c](http://x.org/\"onmouseover=\"alert(1)) ![d](y\" onerror=\"alert(1))")
        #expect(!html.contains("javascript"))
        #expect(!html.lowercased().contains("javascript"))
        #expect(!html.contains("onmouseover="))
        #expect(!html.contains("onerror="))
        #expect(html.contains("<a href=\"http://x.org/\" rel=\"noopener noreferrer\">c</a>"))
    }

    @Test func markdownStillRenders() {
        let html = NotesHTML.render("# Notes\n\n- *one* & **two**\n- `a < b`\n\n> quote\n\n[site](https://example.org)\n\n```\nx < y\n```")
        #expect(
            html == "<h1>Notes</h1><ul><li><em>one</em> &amp; <strong>two</strong></li><li><code>a &lt; b</code></li></ul>"
                + "<blockquote><p>quote</p></blockquote><p><a href=\"https://example.org\" rel=\"noopener noreferrer\">site</a></p>"
                + "<pre><code>x &lt; y\n</code></pre>")
    }

    /// Ink 0.6 traps on an empty list item followed by a line of spaces; these render.
    @Test func inputsThatCrashInkRenderSafely() {
        for notes in ["- \n ", "-\t\n ", "1.\t\n ", "- x\n- \n ", "* \r\n \r\n"] {
            #expect(!NotesHTML.render(notes).contains("<script"), "\(notes.debugDescription)")
        }
        // Every short text over Markdown's busiest characters.
        let alphabet: [String] = ["-", " ", "\t", "\n", "*", "1.", "a", ">", "`", "[", "]", "(", "#", "|"]
        var texts = [""]
        for _ in 0..<4 { texts = texts.flatMap { text in alphabet.map { text + $0 } } }
        for text in texts { _ = NotesHTML.render(text) }
    }

    /// Ink's link parser takes minutes on thirty nested or unclosed brackets; they render as text.
    @Test(.timeLimit(.minutes(1))) func manyBracketsRenderQuicklyAsText() {
        let nested = String(repeating: "[", count: 40) + "x" + String(repeating: "]", count: 40)
        #expect(NotesHTML.render(nested) == "<p>\(nested)</p>")
        let unclosed = String(repeating: "x [a [b ", count: 30)
        #expect(NotesHTML.render(unclosed) == "<p>\(unclosed.trimmingCharacters(in: .whitespaces))</p>")
        #expect(
            NotesHTML.render("[1] and [a [b] c](x) and ![i](p.png)") == "<p>[1] and [a [b] c](x) and <img src=\"p.png\" alt=\"i\"/></p>")
    }

    @Test func notesStartingWithARuleAreNotDropped() {
        #expect(NotesHTML.render("---\ntitle: x\n---\nkept").contains("kept"))
        #expect(NotesHTML.render("---\ntitle: x\n---\nkept").contains("title: x"))
    }

    @Test func localCoversAreCopiedRemoteOnesLinkedAndUnsafeOnesDropped() throws {
        let books = [
            ExportedBook(book: try book("title: A\ncover: covers/a.png", path: "a.md"), notes: ""),
            ExportedBook(book: try book("title: B\ncover: https://covers.example.org/b.jpg", path: "b.md"), notes: ""),
            ExportedBook(book: try book("title: C\ncover: javascript:alert(1)", path: "c.md"), notes: ""),
            ExportedBook(book: try book("title: D\ncover: covers/missing.jpg", path: "d.md"), notes: ""),
        ]
        let catalog = HTMLCatalog(
            books: books, title: "Books", libraryRoot: "/library",
            localCover: { $0 == "covers/a.png" ? .file("/library/covers/a.png") : .refused("cover \($0) does not exist") })
        #expect(catalog.covers == [HTMLCatalog.CoverCopy(from: "/library/covers/a.png", to: "covers/a.png")])
        let index = try text(catalog, "index.html")
        #expect(index.contains("<img src=\"covers/a.png\""))
        #expect(index.contains("<img src=\"https://covers.example.org/b.jpg\""))
        #expect(!index.contains("javascript:"))
        #expect(try text(catalog, "books/a.html").contains("<img class=\"cover\" src=\"../covers/a.png\""))
    }

    @Test func bookPagesRunNoScriptAndTheIndexOnlyItsOwn() throws {
        let catalog = HTMLCatalog(
            books: [ExportedBook(book: try book("title: A", path: "a.md"), notes: "")], title: "Books",
            libraryRoot: "/library", localCover: { _ in .refused("missing") })
        #expect(try text(catalog, "books/a.html").contains("script-src 'none'"))
        #expect(try text(catalog, "index.html").components(separatedBy: "<script>").count == 2)
    }
}
