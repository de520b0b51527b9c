import Foundation
import ShelfTestSupport
import Testing

/// The lookup commands write only through the door: covers land inside the library or nowhere,
/// a pending book is filled and renamed only inside the library, and new books are written in
/// the library's own vocabulary.
@Suite struct LookupDoorTests {
    typealias ISBNs = FakeBookServices.ISBNs

    /// The Obsidian Book Search preset's map, as `shelf init --preset obsidian-book-search` writes it.
    static let obsidianConfig = """
        fields:
          authors: author
          genres: category
          published: publish
          pages: total
          rating: myRate
          started: startReadDate
          finished: finishReadDate
          tags: tag
          added: created
        statuses:
          unread: to-read

        """

    static let leftHand = ("le-guin-left-hand.md", bookFile("title: Left Hand\nauthors:\n  - Ursula K. Le Guin\nisbn: \"9780441478125\""))

    /// A fresh folder outside any library, removed afterwards.
    static func outsideFolder() throws -> TemporaryFolder {
        try TemporaryFolder("shelf-outside")
    }

    static func entries(of folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    @Test func coverRefusesACoversFolderLinkedOutsideTheLibrary() throws {
        let outside = try Self.outsideFolder()
        let world = try LookupWorld(books: [Self.leftHand])
        defer { world.stop() }
        try FileManager.default.createSymbolicLink(atPath: world.library.path("covers"), withDestinationPath: outside.path)
        // (A snapshot of the library would follow the link.)
        let book = try world.library.bytes("le-guin-left-hand.md")
        for args in [["cover", "le-guin-left-hand.md"], ["cover", "--all"]] {
            let result = try world.run(args)
            #expect(result.stderr.contains("covers is a symbolic link, not a folder of the library"), "\(result)")
            #expect(try Self.entries(of: outside.path).isEmpty, "nothing is written outside the library: \(args)")
            #expect(try world.library.bytes("le-guin-left-hand.md") == book, "the book is not pointed at a cover: \(args)")
            #expect(try Self.entries(of: world.library.root.path) == ["covers", "le-guin-left-hand.md", "shelf.yaml"])
        }
        #expect(try world.run(["cover", "le-guin-left-hand.md"]).status == 1)
        #expect(world.server.requests(to: "/covers/").isEmpty, "nothing is downloaded for a folder it cannot write to")
    }

    @Test func coverRefusesACoversFolderLinkedInsideTheLibraryToo() throws {
        let world = try LookupWorld(books: [Self.leftHand])
        defer { world.stop() }
        _ = try world.library.makeFolder("images")
        try FileManager.default.createSymbolicLink(atPath: world.library.path("covers"), withDestinationPath: "images")
        let result = try world.run(["cover", "le-guin-left-hand.md"])
        #expect(result.status == 1, "\(result)")
        #expect(try Self.entries(of: world.library.path("images")).isEmpty)
    }

    @Test func coverNeverReplacesAnImageThatIsNotTheBooksOwn() throws {
        let world = try LookupWorld(books: [
            Self.leftHand,
            ("covers/le-guin-left-hand.jpg", "another book's cover, kept"),
        ])
        defer { world.stop() }
        let result = try world.run(["cover", "le-guin-left-hand.md"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines == ["covers/le-guin-left-hand-2.jpg"])
        #expect(try world.file("covers/le-guin-left-hand.jpg") == "another book's cover, kept")
        #expect(try world.library.bytes("covers/le-guin-left-hand-2.jpg") == LoopbackHTTPServer.fakeJPEG)
        #expect(frontMatterLines(try world.file("le-guin-left-hand.md")).contains("cover: covers/le-guin-left-hand-2.jpg"))
    }

    @Test func coverReplacesTheBooksOwnCoverInPlace() throws {
        let world = try LookupWorld(books: [
            ("le-guin-left-hand.md", bookFile("title: Left Hand\nauthors:\n  - Ursula K. Le Guin\nisbn: \"9780441478125\"\ncover: covers/le-guin-left-hand.jpg")),
            ("covers/le-guin-left-hand.jpg", "an old, small image"),
        ])
        defer { world.stop() }
        let result = try world.run(["cover", "le-guin-left-hand.md"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines == ["covers/le-guin-left-hand.jpg"])
        #expect(try world.library.bytes("covers/le-guin-left-hand.jpg") == LoopbackHTTPServer.fakeJPEG)
        #expect(try Self.entries(of: world.library.path("covers")) == ["le-guin-left-hand.jpg"])
    }

    @Test func lookupPendingNeverWritesThroughALinkOutOfTheLibrary() throws {
        let outside = try Self.outsideFolder()
        let world = try LookupWorld()
        defer { world.stop() }
        let pendingText = bookFile("title: ISBN 9780441478125\nisbn: \"9780441478125\"\nlookup: pending")
        try Data(pendingText.utf8).write(to: URL(fileURLWithPath: outside.path + "/isbn-9780441478125.md"))
        try FileManager.default.createSymbolicLink(
            atPath: world.library.path("isbn-9780441478125.md"), withDestinationPath: outside.path + "/isbn-9780441478125.md")
        let before = try world.library.snapshot()
        let result = try world.run(["lookup", "--pending"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("outside the library"), "\(result)")
        #expect(try String(contentsOfFile: outside.path + "/isbn-9780441478125.md", encoding: .utf8) == pendingText)
        #expect(try Self.entries(of: outside.path) == ["isbn-9780441478125.md"], "nothing renamed or created outside")
        #expect(try world.library.snapshot() == before, "the link is neither renamed nor replaced")
    }

    @Test func lookupPendingRenamesInsideItsFolderWithoutReplacingAFile() throws {
        let world = try LookupWorld(books: [
            ("sub/isbn-9780441478125.md", bookFile("title: ISBN 9780441478125\nisbn: \"9780441478125\"\nlookup: pending")),
            ("sub/Le-Guin-The-Left-Hand-of-Darkness.md", bookFile("title: Someone else's notes")),
        ])
        defer { world.stop() }
        let result = try world.run(["lookup", "--pending"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.contains("sub/isbn-9780441478125.md -> sub/le-guin-the-left-hand-of-darkness-2.md"), "\(result)")
        #expect(try Self.entries(of: world.library.path("sub")) == ["Le-Guin-The-Left-Hand-of-Darkness.md", "le-guin-the-left-hand-of-darkness-2.md"])
        #expect(try world.file("sub/Le-Guin-The-Left-Hand-of-Darkness.md") == bookFile("title: Someone else's notes"))
    }

    @Test func addByISBNInAnObsidianVaultWritesTheVaultsKeys() throws {
        let world = try LookupWorld(config: Self.obsidianConfig)
        defer { world.stop() }
        let result = try world.run(["add", "--isbn", ISBNs.leftHand, "--tag", "sf", "--no-cover"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines == ["le-guin-the-left-hand-of-darkness.md"])
        let text = try world.file("le-guin-the-left-hand-of-darkness.md")
        #expect(text == """
            ---
            title: The Left Hand of Darkness
            subtitle: 50th Anniversary Edition
            author: [Ursula K. Le Guin]
            isbn: "9780441478125"
            status: unread
            tag: [sf]
            created: 2024-05-01
            publisher: Ace Books
            publish: 1987-07-15
            total: 304
            category: [Science fiction, Gender identity, Winter]
            cover: \(world.base)/covers/b/id/8231856-L.jpg
            openlibrary: OL7283254M
            goodreads: "18423"
            source: openlibrary
            ---

            """, "\(text)")
    }

    @Test func addOfflineThenLookupPendingInAnObsidianVaultKeepsTheVaultsKeys() throws {
        let world = try LookupWorld(config: Self.obsidianConfig)
        defer { world.stop() }
        #expect(try world.runOffline(["add", "--isbn", ISBNs.leftHand, "--pages", "999"]).status == 0)
        #expect(try world.file("isbn-9780441478125.md") == """
            ---
            title: ISBN 9780441478125
            isbn: "9780441478125"
            status: unread
            created: 2024-05-01
            total: 999
            lookup: pending
            ---

            """)
        let result = try world.run(["lookup", "--pending"])
        #expect(result.status == 0, "\(result)")
        let lines = frontMatterLines(try world.file("le-guin-the-left-hand-of-darkness.md"))
        for expected in ["author: [Ursula K. Le Guin]", "publish: 1987-07-15", "total: 999", "status: unread", "created: 2024-05-01"] {
            #expect(lines.contains(expected), "\(expected) in \(lines)")
        }
        for canonical in ["authors:", "published:", "pages:", "added:", "lookup:"] {
            #expect(!lines.contains { $0.hasPrefix(canonical) }, "no \(canonical) key: \(lines)")
        }
    }
}
