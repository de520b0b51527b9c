import Foundation
import ShelfTestSupport
import Testing

/// Adding while offline (`lookup: pending`), filling later with `shelf lookup --pending`, and
/// `shelf add --isbn -` reading many ISBNs from stdin.
@Suite struct LookupPendingTests {
    typealias ISBNs = FakeBookServices.ISBNs

    @Test func offlineTheBookIsAddedMarkedPending() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        let result = try world.runOffline(["add", "--isbn", ISBNs.leftHand, "--tag", "mine"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines == ["isbn-9780441478125.md"])
        #expect(result.stderr.contains("cannot reach 127.0.0.1"), "\(result)")
        #expect(result.stderr.contains("marked `lookup: pending`. Run `shelf lookup --pending` when online."), "\(result)")
        #expect(
            try world.file("isbn-9780441478125.md") == """
                ---
                title: ISBN 9780441478125
                isbn: "9780441478125"
                status: to-read
                tags: [mine]
                added: 2024-05-01
                lookup: pending
                ---

                """)
    }

    @Test func lookupPendingFillsTheBookKeepsTheUsersValuesAndRenamesIt() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        #expect(try world.runOffline(["add", "--isbn", ISBNs.leftHand, "--tag", "mine", "--pages", "999"]).status == 0)
        #expect(try world.runOffline(["add", "--isbn", ISBNs.pride]).status == 0)
        #expect(try world.bookFiles() == ["isbn-9780141439518.md", "isbn-9780441478125.md"])

        let result = try world.run(["lookup", "--pending"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.contains("isbn-9780441478125.md -> le-guin-the-left-hand-of-darkness.md"), "\(result)")
        #expect(result.stdoutLines.contains("isbn-9780141439518.md -> austen-pride-prejudice.md"), "\(result)")
        #expect(result.stdoutLines.last == "Filled 2 of 2 pending books.")
        #expect(try world.bookFiles() == ["austen-pride-prejudice.md", "le-guin-the-left-hand-of-darkness.md"])

        let lines = frontMatterLines(try world.file("le-guin-the-left-hand-of-darkness.md"))
        #expect(lines.contains("title: The Left Hand of Darkness"), "\(lines)")
        #expect(lines.contains("tags: [mine]"), "the user's tags are kept: \(lines)")
        #expect(lines.contains("pages: 999"), "the user's pages are kept: \(lines)")
        #expect(lines.contains("added: 2024-05-01"))
        #expect(lines.contains("source: openlibrary"))
        #expect(lines.contains("publisher: Ace Books"))
        #expect(!lines.contains { $0.hasPrefix("lookup:") }, "the marker is gone: \(lines)")
        #expect(frontMatterLines(try world.file("austen-pride-prejudice.md")).contains("source: google"))

        let again = try world.run(["lookup", "--pending"])
        #expect(again.status == 0, "\(again)")
        #expect(again.stdoutLines == ["No book waits for a lookup."])
    }

    /// A book filled by `lookup --pending` reads byte for byte like the same book added online:
    /// the keys a lookup finds go where and as `add` writes them (`authors:` as a block list
    /// under the title), not appended at the end in another style.
    @Test func aFilledBookIsWrittenAsAddWritesIt() throws {
        let later = try LookupWorld()
        defer { later.stop() }
        #expect(try later.runOffline(["add", "--isbn", ISBNs.leftHand, "--no-cover"]).status == 0)
        let filled = try later.run(["lookup", "--pending"])
        #expect(filled.status == 0, "\(filled)")
        let online = try LookupWorld()
        defer { online.stop() }
        let added = try online.run(["add", "--isbn", ISBNs.leftHand, "--no-cover"])
        #expect(added.status == 0, "\(added)")
        let name = "le-guin-the-left-hand-of-darkness.md"
        // The two fake services listen on two ports, which the cover's address names.
        let port = #/127\.0\.0\.1:[0-9]+/#
        let (filledText, addedText) = (
            try later.file(name).replacing(port, with: "HOST"), try online.file(name).replacing(port, with: "HOST")
        )
        #expect(filledText == addedText, "filled:\n\(filledText)\nadded:\n\(addedText)")
        #expect(
            frontMatterLines(filledText).prefix(4)
                == ["title: The Left Hand of Darkness", "subtitle: 50th Anniversary Edition", "authors:", "  - Ursula K. Le Guin"])
    }

    @Test func aPendingBookWithItsOwnTitleKeepsItsName() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        let added = try world.runOffline(["add", "--isbn", ISBNs.leftHand, "--title", "Left Hand", "--author", "Le Guin"])
        #expect(added.status == 0, "\(added)")
        #expect(added.stdoutLines == ["le-guin-left-hand.md"])
        #expect(frontMatterLines(try world.file("le-guin-left-hand.md")).contains("lookup: pending"))
        let result = try world.run(["lookup", "--pending"])
        #expect(result.status == 0, "\(result)")
        #expect(try world.bookFiles() == ["le-guin-left-hand.md"])
        let lines = frontMatterLines(try world.file("le-guin-left-hand.md"))
        #expect(lines.contains("title: Left Hand"))
        #expect(lines.contains("  - Le Guin"))
        #expect(lines.contains("subtitle: 50th Anniversary Edition"))
        #expect(!lines.contains("lookup: pending"))
    }

    @Test func lookupPendingStillOfflineKeepsTheMarkerAndExitsOne() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        #expect(try world.runOffline(["add", "--isbn", ISBNs.leftHand]).status == 0)
        let before = try world.library.snapshot()
        let result = try world.runOffline(["lookup", "--pending"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdoutLines.last == "Filled 0 of 1 pending book. 1 still pending (see above).", "\(result)")
        #expect(result.stderr.contains("isbn-9780441478125.md"), "\(result)")
        #expect(try world.library.snapshot() == before)
    }

    @Test func severalISBNsOnStdinWithOneInvalid() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        let result = try world.run(["add", "--isbn", "-"], stdin: "\(ISBNs.leftHand)\n\n0-306-40615-3\n \(ISBNs.pride) \n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines == ["le-guin-the-left-hand-of-darkness.md", "austen-pride-prejudice.md"])
        #expect(
            result.stderrLines == [
                "shelf: '0-306-40615-3' is not a valid ISBN: check digit is 3, expected 2",
                "Added 2 books; 1 not added (see above).",
            ])
        #expect(try world.bookFiles() == ["austen-pride-prejudice.md", "le-guin-the-left-hand-of-darkness.md"])
    }

    @Test func severalISBNsOnStdinOfflineAreAllPending() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        let result = try world.runOffline(["add", "--isbn", "-"], stdin: "\(ISBNs.leftHand)\n\(ISBNs.pride)\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines == ["isbn-9780441478125.md  (lookup pending)", "isbn-9780141439518.md  (lookup pending)"])
        #expect(result.stderrLines.last == "Added 2 books, 2 waiting for a lookup (shelf lookup --pending).", "\(result)")
    }

    @Test func theSameISBNTwiceOnStdinIsAddedOnce() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        let result = try world.run(["add", "--isbn", "-"], stdin: "\(ISBNs.leftHand)\n\(ISBNs.leftHand10)\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines == ["le-guin-the-left-hand-of-darkness.md"])
        #expect(result.stderr.contains("looks like a book you have"), "\(result)")
        #expect(result.stderrLines.last == "Added 1 book; 1 not added (see above).")
    }

    @Test func stdinWithNothingValidExitsOne() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        let before = try world.library.snapshot()
        let result = try world.run(["add", "--isbn", "-"], stdin: "12345\n\(ISBNs.unknown)\n")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderrLines.last == "Added 0 books; 2 not added (see above).", "\(result)")
        #expect(try world.library.snapshot() == before)
    }
}
