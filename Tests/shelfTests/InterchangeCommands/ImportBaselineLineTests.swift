import Foundation
import Testing

/// The `imported:` line names only the service and the day, whatever the book holds; what was
/// imported is recorded in `shelf-imports.txt`. A line of the first format (a hash per field)
/// still tells which values the reader changed, and is rewritten in the short form, its
/// fingerprint moved to the file, only when an import writes the book anyway.
@Suite struct ImportBaselineLineTests {
    static let solaris = ImportRecordFileTests.solaris

    /// Solaris as a first-format import left it (6 hex digits of FNV-1a + MurmurHash3's finaliser
    /// per value, frozen here as an older shelf wrote them), with the rating since changed by the
    /// reader to 5.
    static let oldSolaris = ImportRecordFileTests.imported.replacingOccurrences(of: "rating: 4", with: "rating: 5").replacingOccurrences(
        of: "imported: goodreads 2024-03-01",
        with:
            "imported: goodreads title=6aa2c7 authors=1390e9 isbn=5fb4da status=e59f1b rating=b0a5a0 tags=d22d3e finished=8df04a body=273d94"
    )

    func importing(_ csv: String, into library: TemporaryLibrary, update: Bool = true) throws -> CommandResult {
        let result = try library.interchangeImport(csv, on: "2024-03-02", update: update)
        #expect(result.status == 0, "\(result)")
        return result
    }

    @Test func theLineIsShortForABookWithManyFieldsAndAnUnchangedReimportWritesNothing() throws {
        let library = try TemporaryLibrary()
        try library.interchangeRun(["import", "goodreads", InterchangeCommandFixtures.path("goodreads-31-columns.csv")])
        let before = try library.snapshot()
        var checked = 0
        let records = try library.interchangeRecords()
        for path in library.interchangeBookFiles() {
            let text = try library.interchangeText(path)
            let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("imported: ") }.map(String.init))
            // The service and the day, whatever the number of fields.
            let words = line.split(separator: " ")
            #expect(words.count == 3 && words[1] == "goodreads" && line.count == 30, "\(line)")
            // The fingerprint is in the record, keyed by the book's Goodreads id, the path a hint.
            let id = try #require(text.split(separator: "\n").first { $0.hasPrefix("goodreads: ") }).split(separator: "\"")[1]
            let record = try #require(records.first { $0.hasPrefix("goodreads \(id) \(words[2]) v2.") }, "\(records)")
            #expect(record.hasSuffix(" " + path) && record.split(separator: " ")[3].count == 51, "\(record)")
            checked += 1
        }
        #expect(checked > 1 && records.count == checked)
        try library.interchangeRun(["import", "--update", "goodreads", InterchangeCommandFixtures.path("goodreads-31-columns.csv")])
        let after = try library.snapshot()
        #expect(after == before, "\(after.differences(from: before))")
    }

    @Test func aFirstFormatLineThatStillHoldsIsNotRewritten() throws {
        let library = try TemporaryLibrary(books: [("lem-solaris.md", Self.oldSolaris)])
        let before = try library.snapshot()
        let result = try importing(Self.solaris, into: library)
        #expect(interchangeSummary(result).hasSuffix(": 0 created, 0 updated, 1 unchanged, 0 skipped."), "\(result)")
        // The reader's rating stays, and the old line is not upgraded for its own sake.
        #expect(try library.snapshot() == before)
    }

    @Test func aFirstFormatLineStillTellsTheReadersChangesAndIsRewrittenShortWhenWritten() throws {
        let library = try TemporaryLibrary(books: [("lem-solaris.md", Self.oldSolaris)])
        let changed = Self.solaris.replacingOccurrences(of: ",2020/01/02,", with: ",2020/02/03,")
        let result = try importing(changed, into: library)
        #expect(interchangeSummary(result).hasSuffix(": 0 created, 1 updated, 0 unchanged, 0 skipped."), "\(result)")
        let text = try library.interchangeText("lem-solaris.md")
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("imported: ") }.map(String.init))
        #expect(line == "imported: goodreads 2024-03-02", "\(line)")
        #expect(try library.interchangeRecord("goodreads", "42")?.hasPrefix("goodreads 42 2024-03-02 v2.") == true)
        // The source's new date is written; the rating the reader changed (5, imported as 4) is kept.
        let old = Self.oldSolaris.split(separator: "\n", omittingEmptySubsequences: false)
        let expected = old.map { $0.hasPrefix("finished:") ? "finished: 2020-02-03" : $0.hasPrefix("imported:") ? Substring(line) : $0 }
        #expect(text == expected.joined(separator: "\n"), "\(text)")
        // The short line in turn tells the reader's rating from the source's, and a second run
        // writes nothing.
        let snapshot = try library.snapshot()
        _ = try importing(changed, into: library)
        #expect(try library.snapshot() == snapshot)
        // A rating changed at the source is still not written over the reader's.
        _ = try importing(changed.replacingOccurrences(of: ",4,read,", with: ",3,read,"), into: library)
        #expect(try library.interchangeText("lem-solaris.md").contains("\nrating: 5\n"))
    }

    @Test func aValueTheSourceDroppedIsRemovedWhenTheReaderLeftItAndKeptWhenTheyChangedIt() throws {
        let library = try TemporaryLibrary()
        _ = try importing(Self.solaris, into: library, update: false)
        let created = try library.interchangeText("lem-solaris.md")
        #expect(created.contains("\nfinished: 2020-01-02\n"))
        // The source no longer has the date (the book marked unread there) nor the review.
        let dropped = Self.solaris.replacingOccurrences(of: ",2020/01/02,Ocean.", with: ",,")
        _ = try importing(dropped, into: library)
        let text = try library.interchangeText("lem-solaris.md")
        #expect(!text.contains("finished:"), "\(text)")
        // A tag the reader added where the source has none is the reader's: it stays.
        try library.write(
            "lem-solaris.md", text.replacingOccurrences(of: "tags: [classics, sci-fi]", with: "tags: [classics, sci-fi, mine]"))
        _ = try importing(dropped.replacingOccurrences(of: "\"classics, sci-fi\"", with: ""), into: library)
        #expect(try library.interchangeText("lem-solaris.md").contains("tags: [classics, sci-fi, mine]"))
    }
}
