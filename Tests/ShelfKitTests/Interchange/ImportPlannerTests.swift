import Testing
@testable import ShelfKit

/// Matching imported rows to books, and the plan of creates, updates and skips.
@Suite struct ImportPlannerTests {
    @Test func aFirstImportCreatesEveryBookUnderTheTemplatesName() throws {
        let actions = interchangePlanner(.goodreads).plan(try InterchangeFixtures.rows(.goodreads, "goodreads-31-columns.csv"), books: [])
        #expect(interchangeCounts(actions) == "created 7, updated 0, unchanged 0, skipped 1")
        let paths = actions.compactMap { action -> String? in
            if case let .create(_, path, _, _) = action { return path }
            return nil
        }
        #expect(paths.first == "jemisin-the-fifth-season.md")
        #expect(paths.contains("london-white-fang.md"))
    }

    @Test func aNewBookFileReadsBackWithItsBaseline() throws {
        let actions = interchangePlanner(.goodreads).plan(try InterchangeFixtures.rows(.goodreads, "goodreads-23-columns.csv"), books: [])
        guard case let .create(_, path, bytes, record?)? = actions.first else { throw TestFailure("no create") }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(
            text.hasPrefix(
                "---\ntitle: Raintree County\nauthors:\n  - Ross Lockridge Jr.\nisbn: \"9780140236668\"\nstatus: read\nrating: 3\n"))
        // The book keeps the service (and the day, when known); the fingerprint is the record's.
        let book = try interchangeBook(bytes)
        #expect(book.value(of: "imported")?.text == "goodreads")
        #expect(record.source == "goodreads" && record.key == "257233" && record.path == path)
        let baseline = try #require(record.baseline)
        #expect(baseline.source == "goodreads")
        #expect(baseline.matches("rating", "3"))
        #expect(!baseline.matches("rating", "4"))
        #expect(!baseline.matches("goodreads", "2"))
    }

    @Test func importingTheSameRowsAgainChangesNothing() throws {
        for (source, file) in [
            (ImportSource.goodreads, "goodreads-31-columns.csv"), (.goodreads, "goodreads-23-columns.csv"),
            (.storygraph, "storygraph.csv"), (.librarything, "librarything.tsv"),
            (.calibre, "calibre-catalog.csv"), (.calibre, "calibre-list.json"),
        ] {
            let rows = try InterchangeFixtures.rows(source, file)
            let books = try interchangeCreatedBooks(interchangePlanner(source).plan(rows, books: []))
            for update in [false, true] {
                let again = interchangePlanner(source, update: update).plan(rows, books: books)
                #expect(
                    !again.contains {
                        if case .create = $0 { return true } else if case .update = $0 { return true } else { return false }
                    },
                    "\(file) update=\(update): \(again)")
            }
        }
    }

    @Test func booksAreMatchedByServiceIdThenISBNThenTitleAndAuthor() throws {
        let library = [
            try interchangeBook(Array("---\ntitle: Renamed Locally\ngoodreads: \"19161852\"\n---\n".utf8), path: "a.md"),
            try interchangeBook(Array("---\ntitle: Antiracist\nisbn: 978-0-525-50928-8\n---\n".utf8), path: "b.md"),
            try interchangeBook(Array("---\ntitle: WHITE FANG!\nauthor: London, Jack\n---\n".utf8), path: "c.md"),
        ]
        let matcher = ImportMatcher(books: library)
        let records = interchangeRecords(try InterchangeFixtures.rows(.goodreads, "goodreads-31-columns.csv"))
        let matches = records.map { record in matcher.match(record).map { "\($0.candidate.path) by \($0.reason)" } ?? "-" }
        #expect(matches == ["a.md by goodreads id", "-", "b.md by ISBN", "c.md by title and author", "-", "-", "-"])
    }

    @Test func twoEditionsWithDifferentIdsAreNotMatchedByTitle() throws {
        let library = [
            try interchangeBook(Array("---\ntitle: Master and Man\nauthors: [Leo Tolstoy]\ngoodreads: \"18919568\"\n---\n".utf8))
        ]
        var record = ImportRecord(row: 3)
        record.set("title", string: "Master And Man")
        record.set("authors", .list(["Leo Tolstoy"]))
        record.set("goodreads", string: "50270")
        #expect(ImportMatcher(books: library).match(record) == nil)
        record.remove("goodreads")
        #expect(ImportMatcher(books: library).match(record) != nil)
    }

    @Test func aRowRepeatedInOneFileIsSkippedAsTheSameBook() throws {
        let csv = "Title,Author,Exclusive Shelf\nSolaris,Stanisław Lem,read\nSOLARIS,Stanislaw Lem,to-read\n"
        let actions = interchangePlanner(.goodreads).plan(try GoodreadsImporter.read(csv), books: [])
        #expect(actions.last == .skipped(row: 3, reason: "the same book as row 2 (lem-solaris.md)"))
    }

    @Test func namesAreMadeUniqueAgainstFilesOnDiskAndEachOther() throws {
        let csv = "Title,Author,Book Id\nSolaris,Stanisław Lem,1\nSolaris,Stanisław Lem,2\n"
        let actions = interchangePlanner(.goodreads, files: ["lem-solaris.md"]).plan(try GoodreadsImporter.read(csv), books: [])
        let paths = actions.compactMap { action -> String? in
            if case let .create(_, path, _, _) = action { return path }
            return nil
        }
        #expect(paths == ["lem-solaris-2.md", "lem-solaris-3.md"])
    }

    @Test func withoutUpdateAMatchedBookIsLeftAlone() throws {
        let library = [try interchangeBook(Array("---\ntitle: Dune\nauthors: [Frank Herbert]\nrating: 2\n---\n".utf8), path: "dune.md")]
        let actions = interchangePlanner(.goodreads).plan(
            try InterchangeFixtures.rows(.goodreads, "goodreads-23-columns.csv"), books: library)
        #expect(actions.contains(.unchanged(row: 4, path: "dune.md", result: ImportUpdater.Result())))
    }

    @Test func aJSONRestoreKeepsItsPathWhenItIsFreeAndSafe() throws {
        let json = """
            [{"path": "classics/orwell-1984.md", "title": "1984"}, {"path": "../escape.md", "title": "Out"},
             {"path": "taken.md", "title": "Taken"}, {"path": ".hidden/x.md", "title": "Hidden"}]
            """
        let actions = interchangePlanner(.json, files: ["taken.md"]).plan(try JSONImporter.read(json), books: [])
        let paths = actions.compactMap { action -> String? in
            if case let .create(_, path, _, _) = action { return path }
            return nil
        }
        #expect(paths == ["classics/orwell-1984.md", "out.md", "taken-2.md", "hidden.md"])
    }
}
