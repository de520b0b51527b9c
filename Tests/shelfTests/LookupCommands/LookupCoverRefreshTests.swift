import Foundation
import ShelfTestSupport
import Testing

/// `shelf cover BOOK` and `shelf refresh BOOK` against the loopback services.
@Suite struct LookupCoverRefreshTests {
    typealias ISBNs = FakeBookServices.ISBNs

    static let leftHand = (
        "le-guin-left-hand.md",
        bookFile(
            """
            title: Left Hand
            authors:
              - Ursula K. Le Guin
            isbn: "9780441478125"
            pages: 286
            tags: [sf]
            """, body: "\nMy notes.\n")
    )

    @Test func coverDownloadsTheLookedUpCoverIntoCovers() throws {
        let world = try LookupWorld(books: [Self.leftHand])
        defer { world.stop() }
        let result = try world.run(["cover", "le-guin-left-hand.md"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines == ["covers/le-guin-left-hand.jpg"])
        #expect(try world.library.bytes("covers/le-guin-left-hand.jpg") == LoopbackHTTPServer.fakeJPEG)
        let text = try world.file("le-guin-left-hand.md")
        #expect(frontMatterLines(text).contains("cover: covers/le-guin-left-hand.jpg"), "\(text)")
        #expect(text.hasSuffix("---\n\nMy notes.\n"), "the body is kept: \(text)")
        #expect(world.server.requests(to: "/covers/b/id/8231856-L.jpg").count == 1)
    }

    @Test func coverUsesTheBooksOwnCoverURL() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        try world.library.write("dune.md", bookFile("title: Dune\nauthor: Frank Herbert\ncover: \(world.base)/covers/dune.jpg"))
        let result = try world.run(["cover", "dune.md"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines == ["covers/herbert-dune.jpg"])
        #expect(world.server.requests.map(\.path) == ["/covers/dune.jpg"], "no lookup when the book has a cover URL")
        #expect(frontMatterLines(try world.file("dune.md")).contains("cover: covers/herbert-dune.jpg"))
    }

    @Test func coverAllDoesEveryBookWithoutALocalCover() throws {
        let world = try LookupWorld(books: [
            Self.leftHand,
            ("pride.md", bookFile("title: Pride\nauthor: Jane Austen\nisbn: \"\(ISBNs.pride)\"")),
            ("has-one.md", bookFile("title: Has One\ncover: covers/has-one.jpg")),
            ("covers/has-one.jpg", "jpeg"),
        ])
        defer { world.stop() }
        let result = try world.run(["cover", "--all"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.last == "Downloaded 2 of 2 covers.", "\(result)")
        #expect(try world.library.bytes("covers/austen-pride.jpg") == LoopbackHTTPServer.fakeJPEG)
        #expect(try world.library.bytes("covers/le-guin-left-hand.jpg") == LoopbackHTTPServer.fakeJPEG)
        #expect(world.server.requests(to: "/books/content").count == 1, "Google's thumbnail for Pride")
    }

    @Test func aWebPageIsNotSavedAsACover() throws {
        let world = try LookupWorld(books: [Self.leftHand], overriding: ["/covers/": { _ in .html() }])
        defer { world.stop() }
        let before = try world.library.snapshot()
        let result = try world.run(["cover", "le-guin-left-hand.md"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("not an image"), "\(result)")
        #expect(try world.library.snapshot() == before)
    }

    @Test func aBookWithNoCoverAnywhereSaysSo() throws {
        let world = try LookupWorld(books: [("sparse.md", bookFile("title: Sparse\nisbn: \"\(ISBNs.sparse)\""))])
        defer { world.stop() }
        let result = try world.run(["cover", "sparse.md"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("no cover found"), "\(result)")
    }

    @Test func refreshShowsTheChangesAndWritesNothing() throws {
        let world = try LookupWorld(books: [Self.leftHand])
        defer { world.stop() }
        let before = try world.library.snapshot()
        let result = try world.run(["refresh", "le-guin-left-hand.md"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdoutLines == [
                "subtitle: 50th Anniversary Edition",
                "publisher: Ace Books",
                "published: 1987-07-15",
                "genres: Science fiction, Gender identity, Winter",
                "cover: \(world.base)/covers/b/id/8231856-L.jpg",
                "openlibrary: OL7283254M",
                "goodreads: 18423",
                "source: openlibrary",
                "(nothing written; --apply makes these changes)",
            ])
        #expect(try world.library.snapshot() == before)
    }

    @Test func refreshApplyFillsOnlyEmptyFields() throws {
        let world = try LookupWorld(books: [Self.leftHand])
        defer { world.stop() }
        let result = try world.run(["refresh", "le-guin-left-hand.md", "--apply"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.last == "updated le-guin-left-hand.md")
        let text = try world.file("le-guin-left-hand.md")
        let lines = frontMatterLines(text)
        for kept in ["title: Left Hand", "pages: 286", "tags: [sf]", "  - Ursula K. Le Guin"] {
            #expect(lines.contains(kept), "\(kept) in \(lines)")
        }
        for filled in ["publisher: Ace Books", "published: 1987-07-15", "subtitle: 50th Anniversary Edition", "source: openlibrary"] {
            #expect(lines.contains(filled), "\(filled) in \(lines)")
        }
        #expect(text.hasSuffix("---\n\nMy notes.\n"))
        let again = try world.run(["refresh", "le-guin-left-hand.md"])
        #expect(again.stdoutLines == ["Nothing to change."], "\(again)")
    }

    @Test func refreshOverwriteReplacesSetValues() throws {
        let world = try LookupWorld(books: [Self.leftHand])
        defer { world.stop() }
        let shown = try world.run(["refresh", "le-guin-left-hand.md", "--overwrite"])
        #expect(shown.stdoutLines.contains("title: Left Hand → The Left Hand of Darkness"), "\(shown)")
        #expect(shown.stdoutLines.contains("pages: 286 → 304"), "\(shown)")
        let result = try world.run(["refresh", "le-guin-left-hand.md", "--apply", "--overwrite"])
        #expect(result.status == 0, "\(result)")
        let lines = frontMatterLines(try world.file("le-guin-left-hand.md"))
        #expect(lines.contains("title: The Left Hand of Darkness"), "\(lines)")
        #expect(lines.contains("pages: 304"), "\(lines)")
        #expect(lines.contains("tags: [sf]"), "a field the lookup does not know is kept: \(lines)")
        #expect(lines.contains("isbn: \"9780441478125\""))
    }

    @Test func refreshOverwriteEditsAnAliasedKeyInPlace() throws {
        let world = try LookupWorld(books: [
            (
                "aliases.md",
                bookFile(
                    """
                    title: Left Hand
                    author: U. Le Guin
                    isbn13: 978-0-441-47812-5
                    image: http://example.com/old.jpg
                    """)
            )
        ])
        defer { world.stop() }
        let result = try world.run(["refresh", "aliases.md", "--apply", "--overwrite"])
        #expect(result.status == 0, "\(result)")
        let lines = frontMatterLines(try world.file("aliases.md"))
        let authorKeys = lines.filter { $0.hasPrefix("author:") || $0.hasPrefix("authors:") }
        #expect(authorKeys.count == 1, "one author key, not two: \(lines)")
        let coverKeys = lines.filter { $0.hasPrefix("image:") || $0.hasPrefix("cover:") }
        #expect(coverKeys.count == 1, "one cover key, not two: \(lines)")
        #expect(!lines.contains { $0.hasPrefix("isbn:") }, "the isbn13 key already holds the ISBN: \(lines)")
        let shown = try parseJSONObject(try world.run(["show", "aliases.md", "--json"]).stdout)
        #expect(shown["authors"] as? [String] == ["Ursula K. Le Guin"])
        #expect(shown["cover"] as? String == world.base + "/covers/b/id/8231856-L.jpg")
    }

    @Test func refreshAsksAgainEvenWithACachedAnswer() throws {
        let world = try LookupWorld(books: [Self.leftHand])
        defer { world.stop() }
        _ = try world.run(["lookup", ISBNs.leftHand])
        _ = try world.run(["refresh", "le-guin-left-hand.md"])
        #expect(world.openLibraryRequests.count == 2)
        let offline = try world.runOffline(["refresh", "le-guin-left-hand.md"])
        #expect(offline.status == 1, "\(offline)")
        #expect(offline.stderr.contains("cannot reach"), "\(offline)")
    }

    @Test func refreshNeedsAValidISBN() throws {
        let world = try LookupWorld(books: [("x.md", bookFile("title: X\nisbn: \"0441478124\""))])
        defer { world.stop() }
        let result = try world.run(["refresh", "x.md"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr == "shelf: x.md: no valid ISBN to look up\n")
    }
}
