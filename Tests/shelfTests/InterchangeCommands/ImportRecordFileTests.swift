import Foundation
import Testing

/// `shelf-imports.txt`, beside shelf.yaml, holds what each import wrote; the book keeps only
/// `imported: goodreads DAY`. `import --update` takes a change at the source and keeps the
/// owner's, and without a record that fits the book's line it keeps every value unlike the
/// source's and says so.
@Suite struct ImportRecordFileTests {
    static let header = "Book Id,Title,Author,ISBN13,My Rating,Exclusive Shelf,Bookshelves,Date Read,My Review\n"
    static let solaris = header + "42,Solaris,Stanisław Lem,\"=\"\"9780156027601\"\"\",4,read,\"classics, sci-fi\",2020/01/02,Ocean.\n"
    /// The source later: rated 5 there, and read again on another day.
    static let changed = solaris.replacingOccurrences(of: ",4,read,", with: ",5,read,").replacingOccurrences(
        of: ",2020/01/02,", with: ",2020/02/03,")

    /// Solaris as the import of 2024-03-01 writes it.
    static let imported = """
        ---
        title: Solaris
        authors:
          - Stanisław Lem
        isbn: "9780156027601"
        status: read
        rating: 4
        tags: [classics, sci-fi]
        finished: 2020-01-02
        goodreads: "42"
        source: goodreads
        imported: goodreads 2024-03-01
        ---

        Ocean.

        """

    /// Imports and requires success.
    @discardableResult
    func importing(
        _ csv: String, from source: String = "goodreads", into library: TemporaryLibrary, on day: String, update: Bool = true
    ) throws -> CommandResult {
        let result = try library.interchangeImport(csv, from: source, on: day, update: update)
        #expect(result.status == 0, "\(result)")
        return result
    }

    /// A library with Solaris imported on 2024-03-01 and its rating then changed by hand to 2.
    func importedAndEditedByHand() throws -> TemporaryLibrary {
        let library = try TemporaryLibrary()
        try importing(Self.solaris, into: library, on: "2024-03-01", update: false)
        #expect(try library.interchangeText("lem-solaris.md") == Self.imported)
        try library.write("lem-solaris.md", Self.imported.replacingOccurrences(of: "rating: 4", with: "rating: 2"))
        return library
    }

    /// Expects Solaris with the owner's `rating`, the source's new finished date, the line of the
    /// import of 2024-03-09 and its record.
    func expectUpdated(_ library: TemporaryLibrary, rating: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = Self.imported.replacingOccurrences(of: "rating: 4", with: "rating: \(rating)")
            .replacingOccurrences(of: "finished: 2020-01-02", with: "finished: 2020-02-03")
            .replacingOccurrences(of: "2024-03-01", with: "2024-03-09")
        #expect(try library.interchangeText("lem-solaris.md") == expected, sourceLocation: sourceLocation)
        let record = try library.interchangeRecord("goodreads", "42")
        #expect(record?.hasPrefix("goodreads 42 2024-03-09 v2.") == true, "\(record ?? "none")", sourceLocation: sourceLocation)
    }

    @Test func theOwnersEditIsKeptAndTheSourcesChangeTaken() throws {
        let library = try importedAndEditedByHand()
        let record = try #require(try library.interchangeRecord("goodreads", "42"))
        #expect(record.hasPrefix("goodreads 42 2024-03-01 v2.") && record.hasSuffix(" lem-solaris.md"), "\(record)")
        let result = try importing(Self.changed, into: library, on: "2024-03-09")
        #expect(result.stdoutLines == ["updated lem-solaris.md (finished; kept yours: rating)"], "\(result)")
        try expectUpdated(library, rating: "2")
        // The same export again: not a byte, not a modification time, in the book or the record.
        let before = try library.snapshot()
        let again = try importing(Self.changed, into: library, on: "2024-03-10")
        #expect(interchangeSummary(again).hasSuffix(": 0 created, 0 updated, 1 unchanged, 0 skipped."), "\(again)")
        #expect(try library.snapshot() == before)
    }

    @Test func withoutTheRecordFileEveryValueUnlikeTheSourceIsKeptAndReported() throws {
        let library = try importedAndEditedByHand()
        // The owner also removed the tags.
        try library.write(
            "lem-solaris.md", try library.interchangeText("lem-solaris.md").replacingOccurrences(of: "tags: [classics, sci-fi]\n", with: "")
        )
        try FileManager.default.removeItem(at: library.url("shelf-imports.txt"))
        let edited = try library.bytes("lem-solaris.md")
        let result = try importing(Self.changed, into: library, on: "2024-03-09")
        // Without the record, the finished date the owner left could as well be theirs, and the
        // tags gone could be their removal: kept, not filled again.
        #expect(result.stdoutLines == ["unchanged lem-solaris.md (kept, no record: rating, tags, finished)"], "\(result)")
        #expect(
            result.stderrLines.contains {
                $0.hasPrefix("  1 book imported from Goodreads has no record in shelf-imports.txt of what was imported")
            }, "\(result)")
        #expect(try library.bytes("lem-solaris.md") == edited)
        // The record is made again, for the book's line as it is; the next run is quiet.
        #expect(try library.interchangeRecord("goodreads", "42")?.hasPrefix("goodreads 42 2024-03-01 v2.") == true)
        let before = try library.snapshot()
        let again = try importing(Self.changed, into: library, on: "2024-03-10")
        #expect(again.stdout == "" && !again.stderr.contains("no record"), "\(again)")
        #expect(try library.snapshot() == before)
    }

    @Test func withoutTheRecordEarlierReadsTheBookHasAreLeftWithoutAWord() throws {
        // Read twice, one date known: the book gets a `reads:` line for the other read.
        let csv = "Book Id,Title,Author,My Rating,Exclusive Shelf,Date Read,Read Count\n1,Ice,Anna Kavan,4,read,2020/01/02,2\n"
        let library = try TemporaryLibrary()
        try importing(csv, into: library, on: "2024-03-01", update: false)
        #expect(try library.interchangeText("kavan-ice.md").contains("\nreads:\n  - {finished: true}\n"))
        try FileManager.default.removeItem(at: library.url("shelf-imports.txt"))
        let book = try library.bytes("kavan-ice.md")
        let result = try importing(csv, into: library, on: "2024-03-09")
        #expect(result.stdout == "" && !result.stderr.contains("no record"), "\(result)")
        #expect(try library.bytes("kavan-ice.md") == book)
    }

    @Test func aRecordOlderThanTheBooksLineCountsAsNone() throws {
        let library = try importedAndEditedByHand()
        let older = try library.bytes("shelf-imports.txt")
        try importing(Self.changed, into: library, on: "2024-03-09")
        #expect(try library.interchangeText("lem-solaris.md").contains("\nimported: goodreads 2024-03-09\n"))
        // A backup, or a sync that lost a version, brings back the record of 2024-03-01.
        try library.write("shelf-imports.txt", bytes: older)
        let later = Self.changed.replacingOccurrences(of: ",5,read,", with: ",3,read,").replacingOccurrences(
            of: "Ocean.", with: "Ocean, again.")
        let before = try library.bytes("lem-solaris.md")
        let result = try importing(later, into: library, on: "2024-03-12")
        #expect(result.stdoutLines == ["unchanged lem-solaris.md (kept, no record: rating, notes)"], "\(result)")
        #expect(try library.bytes("lem-solaris.md") == before)
    }

    @Test func aBookWithTheOldLongLineKeepsItUntilAnImportWritesTheBook() throws {
        // As the import of 2024-03-01 wrote it before the fingerprint moved out (frozen here),
        // with the rating since changed by the owner to 5.
        let old = Self.imported.replacingOccurrences(of: "rating: 4", with: "rating: 5").replacingOccurrences(
            of: "imported: goodreads 2024-03-01", with: "imported: goodreads 2024-03-01 v2.hQaeIIgEFUhAAAEIg5SUAgIIFBASIABAYKiIgWAA3QEjAlQg"
        )
        let library = try TemporaryLibrary(books: [("lem-solaris.md", old)])
        let before = try library.snapshot()
        let same = try importing(Self.solaris, into: library, on: "2024-03-09")
        #expect(interchangeSummary(same).hasSuffix(": 0 created, 0 updated, 1 unchanged, 0 skipped."), "\(same)")
        // Nothing to change: the long line stays, and no record file is made for it.
        #expect(try library.snapshot() == before)

        let result = try importing(
            Self.solaris.replacingOccurrences(of: ",2020/01/02,", with: ",2020/02/03,"), into: library, on: "2024-03-09")
        // The rating the source did not change is the owner's, kept without a word.
        #expect(result.stdoutLines == ["updated lem-solaris.md (finished)"], "\(result)")
        try expectUpdated(library, rating: "5")
        // The moved fingerprint still tells the owner's rating from the source's.
        let rated = try importing(
            Self.solaris.replacingOccurrences(of: ",2020/01/02,", with: ",2020/02/03,").replacingOccurrences(
                of: ",4,read,", with: ",3,read,"),
            into: library, on: "2024-03-10")
        #expect(rated.stdoutLines == ["unchanged lem-solaris.md (kept yours: rating)"], "\(rated)")
    }

    @Test func aRecordFileThatIsALinkStopsTheImportBeforeAnyWrite() throws {
        let library = try TemporaryLibrary()
        try importing(Self.solaris, into: library, on: "2024-03-01", update: false)
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-records-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.moveItem(at: library.url("shelf-imports.txt"), to: outside)
        let outsideBytes = try Data(contentsOf: outside)
        for target in [outside.path, "/nonexistent/shelf-imports.txt"] {
            try? FileManager.default.removeItem(at: library.url("shelf-imports.txt"))
            try FileManager.default.createSymbolicLink(atPath: library.path("shelf-imports.txt"), withDestinationPath: target)
            // A snapshot reads through links: the one leading nowhere is left out of it.
            let book = try library.bytes("lem-solaris.md")
            let before = target == outside.path ? try library.snapshot() : nil
            let dune = Self.header + "7,Dune,Frank Herbert,,3,to-read,,,\n"
            for csv in [Self.changed, Self.changed + dune.dropFirst(Self.header.count)] {
                let result = try library.interchangeImport(csv, on: "2024-03-09")
                #expect(result.status == 1, "\(result)")
                #expect(
                    result.stderr.contains(
                        "shelf-imports.txt: is a symbolic link; shelf keeps its import records only in a regular file there. "
                            + "Replace it with a copy of the file it stands for (or remove it), then import again; nothing was written"),
                    "\(result)")
                let bytes = try library.bytes("lem-solaris.md")
                #expect(library.interchangeBookFiles() == ["lem-solaris.md"] && bytes == book)
                if let before {
                    let after = try library.snapshot()
                    #expect(after == before, "\(after.differences(from: before))")
                }
            }
        }
        #expect(try Data(contentsOf: outside) == outsideBytes)
    }

    @Test func twoServicesKeepTheirRecordsSideBySide() throws {
        let library = try TemporaryLibrary()
        try importing(Self.solaris, into: library, on: "2024-03-01", update: false)
        let storyGraph = "Title,Authors,ISBN/UID,Read Status,Star Rating\n"
        let piranesi = "Piranesi,Susanna Clarke,9781635575637,read,4.0\n"
        // Solaris is the Goodreads book (matched by ISBN): StoryGraph only fills what it lacks.
        let solaris = "Solaris,Stanisław Lem,9780156027601,read,3.0\n"
        try importing(storyGraph + piranesi + solaris, from: "storygraph", into: library, on: "2024-03-02", update: false)
        let records = try library.interchangeRecords()
        try #require(records.count == 2, "\(records)")
        #expect(records[0].hasPrefix("goodreads 42 2024-03-01 v2.") && records[0].hasSuffix(" lem-solaris.md"))
        #expect(records[1].hasPrefix("storygraph isbn:9781635575637 2024-03-02 v2.") && records[1].hasSuffix(" clarke-piranesi.md"))
        #expect(try library.interchangeText("clarke-piranesi.md").contains("\nimported: storygraph 2024-03-02\n"))

        let result = try importing(
            storyGraph + piranesi.replacingOccurrences(of: "4.0", with: "5.0") + solaris, from: "storygraph", into: library,
            on: "2024-03-03")
        #expect(
            result.stdoutLines == ["updated clarke-piranesi.md (rating)", "unchanged lem-solaris.md (kept yours: rating, source)"],
            "\(result)")
        let after = try library.interchangeRecords()
        try #require(after.count == 2, "\(after)")
        #expect(after[0] == records[0] && after[1].hasPrefix("storygraph isbn:9781635575637 2024-03-03 v2."), "\(after)")
        #expect(try library.interchangeText("lem-solaris.md") == Self.imported)
        // Each service's export again: nothing written.
        let before = try library.snapshot()
        try importing(Self.solaris, into: library, on: "2024-03-04")
        #expect(try library.snapshot() == before)
    }

    @Test func aMovedBookKeepsItsRecordAndTheRecordItsNewPath() throws {
        let library = try importedAndEditedByHand()
        try library.interchangeRun(["mv", "lem-solaris.md", "classics/solaris.md"])
        let result = try importing(Self.changed, into: library, on: "2024-03-09")
        #expect(result.stdoutLines == ["updated classics/solaris.md (finished; kept yours: rating)"], "\(result)")
        let record = try #require(try library.interchangeRecord("goodreads", "42"))
        #expect(record.hasPrefix("goodreads 42 2024-03-09 v2.") && record.hasSuffix(" classics/solaris.md"), "\(record)")
    }

    @Test func aSyncConflictCopyOfTheRecordFileIsReadWhenTheFileHasNoRecord() throws {
        let library = try importedAndEditedByHand()
        let copy = "shelf-imports.sync-conflict-20240302-101010-ABCDEFG.txt"
        try FileManager.default.moveItem(at: library.url("shelf-imports.txt"), to: library.url(copy))
        let copied = try library.bytes(copy)
        let result = try importing(Self.changed, into: library, on: "2024-03-09")
        #expect(result.stdoutLines == ["updated lem-solaris.md (finished; kept yours: rating)"], "\(result)")
        #expect(try library.interchangeRecord("goodreads", "42")?.hasPrefix("goodreads 42 2024-03-09 v2.") == true)
        // The copy is read, never written nor removed.
        #expect(try library.bytes(copy) == copied)
    }
}
