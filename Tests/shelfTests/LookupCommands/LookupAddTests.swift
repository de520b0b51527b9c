import Foundation
import ShelfTestSupport
import Testing

/// `shelf add --isbn`: a new book file from the lookup, with the user's flags winning.
@Suite struct LookupAddTests {
    typealias ISBNs = FakeBookServices.ISBNs

    @Test func anOpenLibraryBookIsWrittenFromTheLookup() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        let result = try world.run(["add", "--isbn", "0-441-47812-3", "--no-cover"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines == ["le-guin-the-left-hand-of-darkness.md"])
        let text = try world.file("le-guin-the-left-hand-of-darkness.md")
        #expect(text == """
            ---
            title: The Left Hand of Darkness
            subtitle: 50th Anniversary Edition
            authors:
              - Ursula K. Le Guin
            isbn: "9780441478125"
            status: to-read
            added: 2024-05-01
            publisher: Ace Books
            published: 1987-07-15
            pages: 304
            genres: [Science fiction, Gender identity, Winter]
            cover: \(world.base)/covers/b/id/8231856-L.jpg
            openlibrary: OL7283254M
            goodreads: "18423"
            source: openlibrary
            ---

            """, "\(text)")
        let shown = try world.run(["show", "le-guin-the-left-hand-of-darkness.md", "--format", "json"])
        let book = try parseJSONObject(shown.stdout)
        #expect(book["title"] as? String == "The Left Hand of Darkness", "the new file reads back: \(shown)")
        #expect(book["pages"] as? Int == 304)
    }

    @Test func theCoverTheLookupNamesIsSavedIntoTheLibraryAsTheBookIsAdded() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        let result = try world.run(["add", "--isbn", "0-441-47812-3"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let text = try world.file("le-guin-the-left-hand-of-darkness.md")
        #expect(frontMatterLines(text).contains("cover: covers/le-guin-the-left-hand-of-darkness.jpg"), "\(text)")
        let image = try #require(FileManager.default.contents(atPath: world.library.path("covers/le-guin-the-left-hand-of-darkness.jpg")))
        #expect(image.starts(with: [0xFF, 0xD8]), "the image the server sent")
    }

    @Test func aCoverThatCannotBeHadLeavesTheBookAddedWithItsAddress() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        // A file where the covers folder would be: the cover cannot be saved, the book still is.
        try world.library.write("covers", "not a folder\n")
        let result = try world.run(["add", "--isbn", "0-441-47812-3"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("the cover was not saved") && result.stderr.contains("shelf cover le-guin-the-left-hand-of-darkness.md tries again"),
                "\(result)")
        let text = try world.file("le-guin-the-left-hand-of-darkness.md")
        #expect(frontMatterLines(text).contains("cover: \(world.base)/covers/b/id/8231856-L.jpg"), "\(text)")
    }

    @Test func theUsersFlagsWinOverLookedUpValues() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        let result = try world.run([
            "add", "--isbn", ISBNs.leftHand, "--title", "Left Hand", "--author", "U. K. Le Guin", "--publisher", "Gollancz",
            "--pages", "286", "--published", "1969", "--tag", "sf", "--tag", "classics", "--status", "reading", "--rating", "5",
        ])
        #expect(result.status == 0, "\(result)")
        let name = try #require(result.stdoutLines.first)
        #expect(name == "le-guin-left-hand.md")
        let lines = frontMatterLines(try world.file(name))
        for expected in ["title: Left Hand", "  - U. K. Le Guin", "publisher: Gollancz", "pages: 286", "published: 1969",
                         "status: reading", "rating: 5", "tags: [sf, classics]", "source: openlibrary",
                         "subtitle: 50th Anniversary Edition", "openlibrary: OL7283254M"] {
            #expect(lines.contains(expected), "\(expected) in \(lines)")
        }
        // Whole lines for the pages: the cover's URL holds the server's port, which may contain 304.
        #expect(!lines.contains { $0.contains("Ace Books") || $0.contains("Ursula") || $0 == "pages: 304" })
    }

    @Test func aGoogleBookSaysSourceGoogle() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        let result = try world.run(["add", "--isbn", ISBNs.pride])
        #expect(result.status == 0, "\(result)")
        let name = try #require(result.stdoutLines.first)
        #expect(name == "austen-pride-prejudice.md")
        let lines = frontMatterLines(try world.file(name))
        for expected in ["title: Pride & Prejudice", "subtitle: A Novel", "  - Jane Austen", "isbn: \"9780141439518\"",
                         "publisher: Penguin & Classics", "published: 2014-10-28", "pages: 480", "language: en",
                         "genres: [Fiction, Classics, Romance]", "source: google"] {
            #expect(lines.contains(expected), "\(expected) in \(lines)")
        }
        #expect(!lines.contains { $0.hasPrefix("openlibrary:") })
    }

    @Test func anInvalidISBNWritesNothingAndNamesTheCheckDigit() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        let before = try world.library.snapshot()
        let result = try world.run(["add", "--isbn", "0-441-47812-4"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr == "shelf: '0-441-47812-4' is not a valid ISBN: check digit is 4, expected 3\n")
        #expect(result.stdout.isEmpty)
        #expect(try world.library.snapshot() == before)
        #expect(world.server.requests.isEmpty, "nothing is looked up")
    }

    @Test func anISBNNeitherServiceKnowsWritesNothing() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        let before = try world.library.snapshot()
        let result = try world.run(["add", "--isbn", ISBNs.unknown, "--tag", "x"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("9780547928210: neither Open Library nor Google Books knows this ISBN"))
        #expect(result.stderr.contains("--title"), "the message says how to add it by hand")
        #expect(try world.library.snapshot() == before)
        let otherEdition = try world.run(["add", "--isbn", ISBNs.wayOfKings])
        #expect(otherEdition.status == 1, "\(otherEdition)")
        #expect(try world.library.snapshot() == before)
    }

    @Test func anUnknownISBNWithATitleIsAManualEntry() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        let result = try world.run(["add", "--isbn", "0-547-92821-1", "--title", "The Hobbit", "--author", "J. R. R. Tolkien"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines == ["tolkien-the-hobbit.md"])
        #expect(try world.file("tolkien-the-hobbit.md") == """
            ---
            title: The Hobbit
            authors:
              - J. R. R. Tolkien
            isbn: "9780547928210"
            status: to-read
            added: 2024-05-01
            ---

            """)
    }

    @Test func aSecondAddOfTheSameISBNIsADuplicate() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        #expect(try world.run(["add", "--isbn", ISBNs.leftHand]).status == 0)
        let again = try world.run(["add", "--isbn", ISBNs.leftHand10])
        #expect(again.status == 1, "\(again)")
        #expect(again.stderr.contains("looks like a book you have: le-guin-the-left-hand-of-darkness.md"), "\(again)")
        #expect(try world.bookFiles() == ["le-guin-the-left-hand-of-darkness.md"])
        #expect(world.openLibraryRequests.count == 1, "the second add was answered from the cache")
    }

    @Test func aCaptivePortalPageCountsAsOfflineAndTheBookIsPending() throws {
        let world = try LookupWorld(overriding: ["/": { _ in .html() }])
        defer { world.stop() }
        let result = try world.run(["add", "--isbn", ISBNs.leftHand])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("sent a web page instead of data"), "\(result)")
        #expect(result.stdoutLines == ["isbn-9780441478125.md"])
        #expect(frontMatterLines(try world.file("isbn-9780441478125.md")).contains("lookup: pending"))
    }

    @Test func aServerThatHangsCountsAsOffline() throws {
        let world = try LookupWorld(overriding: ["/api/books": { _ in .json("{}", delay: 5) }])
        defer { world.stop() }
        let started = Date()
        let result = try world.run(["add", "--isbn", ISBNs.leftHand])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("127.0.0.1 did not answer in time"), "\(result)")
        #expect(result.stdoutLines == ["isbn-9780441478125.md"])
        #expect(Date().timeIntervalSince(started) < 4.5, "SHELF_HTTP_TIMEOUT=1 is used")
    }

    @Test func aBrokenAnswerIsNotMistakenForAMissingBook() throws {
        let world = try LookupWorld(overriding: ["/api/books": { _ in .json("{\"ISBN:") }])
        defer { world.stop() }
        let result = try world.run(["add", "--isbn", ISBNs.leftHand])
        #expect(!result.stderr.contains("neither Open Library nor Google Books knows"), "\(result)")
        #expect(result.stderr.contains("malformed JSON"), "\(result)")
    }
}

extension LookupWorld {
    var openLibraryRequests: [RecordedRequest] { server.requests(to: "/api/books") }
}
