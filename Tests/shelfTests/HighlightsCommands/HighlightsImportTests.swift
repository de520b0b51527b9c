import Foundation
import Testing
@testable import ShelfKit

/// `shelf highlights import` on the built binary, with device files in the shapes the devices
/// write, and every book's bytes checked.
@Suite struct HighlightsImportTests {
    static let leftHand = bookFile(
        "title: The Left Hand of Darkness\nauthors: [Ursula K. Le Guin]\nisbn: \"9780441478125\"",
        body: "\nEstraven.\n")
    static let dune = bookFile("title: Dune\nauthor: Frank Herbert\ntags: [sci-fi]", body: "\n## Notes\n\nSand.\n")
    static let anna = bookFile("title: Анна Каренина\nauthors: [Лев Толстой]")

    static func clipping(_ title: String, _ meta: String, _ text: String) -> String {
        "\u{FEFF}\(title)\r\n\(meta)\r\n\r\n\(text)\r\n==========\r\n"
    }

    static let clippings =
        clipping(
            "The Left Hand of Darkness (Le Guin, Ursula K.)",
            "- Your Highlight on page 233 | Location 3540-3542 | Added on Sunday, March 3, 2024 10:15:32 PM",
            "Light is the left hand of darkness, and darkness the right hand of light.")
        + clipping(
            "The Left Hand of Darkness (Le Guin, Ursula K.)",
            "- Your Note on page 233 | Location 3542 | Added on Sunday, March 3, 2024 10:16:00 PM", "The whole book in one line.")
        + clipping(
            "Dune (Herbert, Frank)", "- Your Highlight on page 8 | Location 120-121 | Added on Monday, March 4, 2024 8:00:00 AM",
            "Fear is the mind-killer.")
        + clipping("Dune (Herbert, Frank)", "- Your Bookmark on page 9 | Location 130 | Added on Monday, March 4, 2024 8:01:00 AM", "")
        + clipping(
            "Ghost Book (Nobody, A.)", "- Your Highlight on Location 1-2 | Added on Monday, March 4, 2024 8:02:00 AM", "Not in the library."
        )

    static func library() throws -> TemporaryLibrary {
        let library = try TemporaryLibrary(books: [("le-guin-left-hand.md", leftHand), ("dune.md", dune), ("tolstoy-anna.md", anna)])
        try library.write("device/documents/My Clippings.txt", clippings)
        return library
    }

    @Test func kindleClippingsGoUnderEachBooksHighlightsAndASecondImportChangesNothing() throws {
        let library = try Self.library()
        let result = try library.run(["highlights", "import", "device/documents/My Clippings.txt"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdoutLines == [
                "Read Kindle clippings device/documents/My Clippings.txt: 3 books, 3 highlights",
                "Added 1 highlight to le-guin-left-hand.md (matched by title and author)",
                "Added 1 highlight to dune.md (matched by title and author)",
                "1 bookmark skipped (bookmarks mark a place, not text).",
                "Not in the library: 1 book (--add-missing creates them):",
                "  Ghost Book (A. Nobody)",
            ])
        let light = Highlight(text: "Light is the left hand of darkness, and darkness the right hand of light.").id
        #expect(
            String(decoding: try library.bytes("le-guin-left-hand.md"), as: UTF8.self) == Self.leftHand + """

                ## Highlights

                > Light is the left hand of darkness, and darkness the right hand of light.
                >
                > — p. 233 · loc. 3540–3542 · 2024-03-03

                The whole book in one line.

                <!-- shelf:highlights \(light) -->

                """)
        let fear = Highlight(text: "Fear is the mind-killer.").id
        #expect(
            String(decoding: try library.bytes("dune.md"), as: UTF8.self)
                == Self.dune
                + "\n## Highlights\n\n> Fear is the mind-killer.\n>\n> — p. 8 · loc. 120–121 · 2024-03-04\n\n<!-- shelf:highlights \(fear) -->\n"
        )
        #expect(String(decoding: try library.bytes("tolstoy-anna.md"), as: UTF8.self) == Self.anna)

        let before = try library.snapshot()
        let again = try library.run(["highlights", "import", "device/documents/My Clippings.txt"])
        #expect(again.status == 0)
        #expect(again.stdout.contains("2 books already had every highlight."), "\(again)")
        #expect(try library.snapshot() == before)
    }

    @Test func aHighlightTheReaderDeletedIsNotAddedBackAndTheirOwnTextStays() throws {
        let library = try Self.library()
        _ = try library.run(["highlights", "import", "device/documents/My Clippings.txt"])
        let imported = String(decoding: try library.bytes("dune.md"), as: UTF8.self)
        let edited = imported.replacingOccurrences(
            of: "> Fear is the mind-killer.\n>\n> — p. 8 · loc. 120–121 · 2024-03-04\n\n", with: "My own words.\n\n")
        try library.write("dune.md", edited)
        let more =
            Self.clippings
            + Self.clipping(
                "Dune (Herbert, Frank)", "- Your Highlight on page 90 | Location 1400-1401 | Added on Tuesday, March 5, 2024 8:00:00 AM",
                "The mystery of life isn't a problem to solve.")
        try library.write("device/documents/My Clippings.txt", more)
        let result = try library.run(["highlights", "import", "device/documents/My Clippings.txt"])
        #expect(result.stdout.contains("Added 1 highlight to dune.md"), "\(result)")
        let fear = Highlight(text: "Fear is the mind-killer.").id
        let mystery = Highlight(text: "The mystery of life isn't a problem to solve.").id
        #expect(
            String(decoding: try library.bytes("dune.md"), as: UTF8.self)
                == edited.replacingOccurrences(
                    of: "<!-- shelf:highlights \(fear) -->",
                    with:
                        "> The mystery of life isn't a problem to solve.\n>\n> — p. 90 · loc. 1400–1401 · 2024-03-05\n\n<!-- shelf:highlights \(fear) \(mystery) -->"
                ))
    }

    @Test func aDryRunReportsAndWritesNothing() throws {
        let library = try Self.library()
        let before = try library.snapshot()
        let result = try library.run(["highlights", "import", "device", "--dry-run"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Would add 1 highlight to dune.md"), "\(result)")
        #expect(try library.snapshot() == before)
    }

    @Test func addMissingCreatesTheBookWithItsHighlightsInTheLibrarysVocabulary() throws {
        let library = try Self.library()
        try library.write("shelf.yaml", TemporaryLibrary.defaultConfig + "fields:\n  authors: author\n")
        let result = try library.run(["highlights", "import", "device", "--add-missing"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Added 1 highlight to nobody-ghost-book.md (new book)"), "\(result)")
        let created = String(decoding: try library.bytes("nobody-ghost-book.md"), as: UTF8.self)
        #expect(created.hasPrefix("---\ntitle: Ghost Book\nauthor: [A. Nobody]\n"), "\(created)")
        #expect(created.contains("\n## Highlights\n\n> Not in the library.\n>\n> — loc. 1–2 · 2024-03-04\n\n<!-- shelf:highlights "))
        let again = try library.run(["highlights", "import", "device", "--add-missing"])
        #expect(again.stdout.contains("3 books already had every highlight."), "\(again)")
    }

    @Test func similarTitlesAreImportedOnlyOnceConfirmed() throws {
        let library = try TemporaryLibrary(books: [("dune.md", Self.dune)])
        try library.write(
            "clips.txt",
            Self.clipping(
                "Dune (Dune Chronicles, Book 1) (Herbert, Frank)",
                "- Your Highlight on Location 5-6 | Added on Monday, March 4, 2024 8:00:00 AM", "A beginning."))
        let before = try library.snapshot()
        let asked = try library.run(["highlights", "import", "clips.txt"])
        #expect(asked.stdoutLines.contains("Not imported: 1 book with a similar title (run again with --yes to accept):"), "\(asked)")
        #expect(asked.stdoutLines.contains("  Dune (Dune Chronicles, Book 1) → dune.md (Dune)"))
        #expect(try library.snapshot() == before)
        let accepted = try library.run(["highlights", "import", "clips.txt", "--yes"])
        #expect(accepted.stdout.contains("Added 1 highlight to dune.md (matched by similar title)"), "\(accepted)")
    }

    @Test func onATerminalShelfAsksAboutSimilarTitles() throws {
        let library = try TemporaryLibrary(books: [("dune.md", Self.dune)])
        try library.write(
            "clips.txt",
            Self.clipping(
                "Dune: Deluxe Edition (Herbert, Frank)",
                "- Your Highlight on Location 5-6 | Added on Monday, March 4, 2024 8:00:00 AM", "A beginning."))
        guard let result = try ViewTerminal.run(["highlights", "import", "clips.txt"], in: library.root, keys: "y\n") else { return }
        #expect(result.stdout.contains("Dune: Deluxe Edition → dune.md (Dune)"), "\(result)")
        #expect(result.stdout.contains("Import highlights for these 1 similar title too? [y/N]"), "\(result)")
        #expect(result.stdout.contains("Added 1 highlight to dune.md (matched by similar title)"), "\(result)")
        #expect(String(decoding: try library.bytes("dune.md"), as: UTF8.self).contains("> A beginning."))
    }

    @Test func aKoboFolderIsFoundByItsShapeAndMatchedByISBNInCyrillicToo() throws {
        let library = try Self.library()
        let folder = try library.makeFolder("KOBOeReader/.kobo")
        let database = try SQLiteDatabase(path: folder.appendingPathComponent("KoboReader.sqlite").path, writable: true)
        try database.execute(
            """
            CREATE TABLE content (ContentID TEXT, ContentType TEXT, Title TEXT, Attribution TEXT, ISBN TEXT, ReadStatus INT, ___PercentRead INT);
            CREATE TABLE Bookmark (BookmarkID TEXT, VolumeID TEXT, ContentID TEXT, Text TEXT, Annotation TEXT, DateCreated TEXT, Hidden TEXT);
            INSERT INTO content VALUES ('file:///mnt/onboard/lh.epub', '6', 'Left Hand (Ace ed.)', 'Ursula K. Le Guin', '978-0-441-47812-5', 1, 40);
            INSERT INTO content VALUES ('file:///mnt/onboard/anna.epub', '6', 'Анна Каренина', 'Лев Толстой', NULL, 1, 10);
            INSERT INTO Bookmark VALUES ('1', 'file:///mnt/onboard/lh.epub', 'x', 'The king was pregnant.', NULL, '2024-05-01T10:00:00Z', 'false');
            INSERT INTO Bookmark VALUES ('2', 'file:///mnt/onboard/anna.epub', 'y', 'Все счастливые семьи похожи друг на друга.', 'Начало', '2024-05-02T10:00:00Z', 'false');
            """)
        let result = try library.run(["highlights", "import", "KOBOeReader"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Added 1 highlight to le-guin-left-hand.md (matched by ISBN)"), "\(result)")
        #expect(result.stdout.contains("Added 1 highlight to tolstoy-anna.md (matched by title and author)"), "\(result)")
        let anna = Highlight(text: "Все счастливые семьи похожи друг на друга.").id
        #expect(
            String(decoding: try library.bytes("tolstoy-anna.md"), as: UTF8.self) == Self.anna
                + "\n## Highlights\n\n> Все счастливые семьи похожи друг на друга.\n>\n> — 2024-05-02\n\nНачало\n\n<!-- shelf:highlights \(anna) -->\n"
        )
    }

    @Test func aKOReaderSidecarInsideADeviceFolderIsImported() throws {
        let library = try Self.library()
        try library.write(
            "reader/books/dune.sdr/metadata.epub.lua",
            """
            -- ./books/dune.sdr/metadata.epub.lua
            return {
                ["annotations"] = {
                    [1] = { ["chapter"] = "Book One", ["datetime"] = "2024-06-01 10:00:00", ["pageno"] = 8, ["pos0"] = "a", ["pos1"] = "b",
                            ["text"] = "Fear is the mind-killer.", ["note"] = "Again." },
                },
                ["doc_props"] = { ["title"] = "Dune", ["authors"] = "Frank Herbert" },
                ["summary"] = { ["status"] = "complete" },
            }
            """)
        let result = try library.run(["highlights", "import", "reader", "--json"])
        #expect(result.status == 0, "\(result)")
        let report = try parseJSONObject(result.stdout)
        #expect((report["sources"] as? [[String: Any]])?.first?["kind"] as? String == "koreader")
        #expect((report["books"] as? [[String: Any]])?.first?["path"] as? String == "dune.md")
        #expect(
            String(decoding: try library.bytes("dune.md"), as: UTF8.self).contains(
                "> Fear is the mind-killer.\n>\n> — Book One · p. 8 · 2024-06-01\n\nAgain.\n"))
    }

    @Test func badSourcesAreRefusedClearlyAndNothingIsWritten() throws {
        let library = try Self.library()
        let before = try library.snapshot()
        try library.write("latin1.txt", bytes: [0x41, 0x0A, 0xE9, 0x0A] + Array("==========\n".utf8))
        let latin = try library.run(["highlights", "import", "latin1.txt"])
        #expect(latin.status == 1)
        #expect(latin.stderr.contains("latin1.txt: line 2, column 1: not UTF-8 text"), "\(latin)")
        let missing = try library.run(["highlights", "import", "nowhere"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("nowhere: no such file or directory"), "\(missing)")
        _ = try library.makeFolder("empty")
        let empty = try library.run(["highlights", "import", "empty"])
        #expect(empty.stderr.contains("holds no highlights shelf knows"), "\(empty)")
        let device = try library.run(["highlights", "import", "/dev/zero"])
        #expect(device.status == 1)
        #expect(device.stderr.contains("/dev/zero: is a character device, not a file shelf can read highlights from"), "\(device)")
        var after = try library.snapshot()
        after.entries["latin1.txt"] = nil
        after.entries["empty"] = nil
        #expect(after == before)
    }

    @Test func aDeviceFolderIsSearchedWithoutFollowingLinksOrReadingFIFOs() throws {
        let library = try Self.library()
        let outside = try TemporaryLibrary(config: nil)
        try outside.write(
            "My Clippings.txt",
            Self.clipping(
                "Dune (Herbert, Frank)",
                "- Your Highlight on Location 9-9 | Added on Monday, March 4, 2024 8:00:00 AM", "Outside."))
        try FileManager.default.createSymbolicLink(atPath: library.path("device/elsewhere"), withDestinationPath: outside.root.path)
        try FileManager.default.createSymbolicLink(atPath: library.path("device/loop"), withDestinationPath: library.path("device"))
        #expect(mkfifo(library.path("device/statistics.sqlite3"), 0o644) == 0)
        let result = try library.run(["highlights", "import", "device"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.first == "Read Kindle clippings device/documents/My Clippings.txt: 3 books, 3 highlights")
        #expect(!String(decoding: try library.bytes("dune.md"), as: UTF8.self).contains("Outside."))
    }

    @Test func aMalformedOrReadOnlyBookIsReportedAndTheOthersAreStillImported() throws {
        let library = try Self.library()
        try library.write("dune.md", "---\ntitle: [Dune\n---\n")
        chmod(library.path("le-guin-left-hand.md"), 0o444)
        defer { chmod(library.path("le-guin-left-hand.md"), 0o644) }
        try library.write(
            "device/documents/My Clippings.txt",
            Self.clippings
                + Self.clipping(
                    "Анна Каренина (Толстой, Лев)", "- Your Highlight on Location 1-2 | Added on Monday, March 4, 2024 8:00:00 AM",
                    "Всё смешалось в доме Облонских."))
        let result = try library.run(["highlights", "import", "device"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("le-guin-left-hand.md: is read-only"), "\(result)")
        #expect(String(decoding: try library.bytes("dune.md"), as: UTF8.self) == "---\ntitle: [Dune\n---\n")
        #expect(String(decoding: try library.bytes("tolstoy-anna.md"), as: UTF8.self).contains("> Всё смешалось в доме Облонских."))
    }
}

/// `--sync-status`: the device's reading state through the reading actions.
@Suite struct HighlightsSyncStatusTests {
    @Test func aKoboBringsInFinishedAndBeingReadBooksOnlyForwardAndOnlyOnce() throws {
        let library = try TemporaryLibrary(books: [
            ("dune.md", bookFile("title: Dune\nauthors: [Frank Herbert]\nstatus: reading\nstarted: 2024-02-01")),
            ("spqr.md", bookFile("title: SPQR\nauthors: [Mary Beard]")),
            ("done.md", bookFile("title: Solaris\nauthors: [Stanisław Lem]\nstatus: read\nfinished: 2020-01-01")),
        ])
        let folder = try library.makeFolder("kobo/.kobo")
        let database = try SQLiteDatabase(path: folder.appendingPathComponent("KoboReader.sqlite").path, writable: true)
        try database.execute(
            """
            CREATE TABLE content (ContentID TEXT, ContentType TEXT, Title TEXT, Attribution TEXT, ISBN TEXT, ReadStatus INT,
              ___PercentRead INT, DateLastRead TEXT);
            CREATE TABLE Bookmark (BookmarkID TEXT, VolumeID TEXT, ContentID TEXT, Text TEXT, Annotation TEXT, DateCreated TEXT, Hidden TEXT);
            INSERT INTO content VALUES ('a', '6', 'Dune', 'Frank Herbert', NULL, 2, 100, '2024-03-10T21:00:00Z');
            INSERT INTO content VALUES ('b', '6', 'SPQR', 'Mary Beard', NULL, 1, 40, '2024-03-11T21:00:00Z');
            INSERT INTO content VALUES ('c', '6', 'Solaris', 'Stanisław Lem', NULL, 1, 10, '2024-03-12T21:00:00Z');
            """)
        let environment = ["SHELF_TODAY": "2024-03-12"]
        let plain = try library.run(["highlights", "import", "kobo"], environment: environment)
        #expect(plain.status == 0, "\(plain)")
        #expect(
            String(decoding: try library.bytes("dune.md"), as: UTF8.self).contains("status: reading"), "without --sync-status nothing moves"
        )
        let result = try library.run(["highlights", "import", "kobo", "--sync-status"], environment: environment)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.contains("Updated dune.md: marked read (matched by title and author)"), "\(result)")
        #expect(result.stdoutLines.contains("Updated spqr.md: started, at 40% (matched by title and author)"), "\(result)")
        #expect(
            String(decoding: try library.bytes("dune.md"), as: UTF8.self)
                == bookFile("title: Dune\nauthors: [Frank Herbert]\nstatus: read\nstarted: 2024-02-01\nfinished: 2024-03-10"))
        let spqr = String(decoding: try library.bytes("spqr.md"), as: UTF8.self)
        #expect(
            spqr.contains("status: reading\n") && spqr.contains("started: 2024-03-12\n") && spqr.contains("- 2024-03-12 40%"), "\(spqr)")
        // A book finished in the library is not restarted because the device still has it open.
        #expect(
            String(decoding: try library.bytes("done.md"), as: UTF8.self)
                == bookFile("title: Solaris\nauthors: [Stanisław Lem]\nstatus: read\nfinished: 2020-01-01"))
        let before = try library.snapshot()
        let again = try library.run(["highlights", "import", "kobo", "--sync-status"], environment: environment)
        #expect(again.status == 0, "\(again)")
        #expect(try library.snapshot() == before)
    }
}
