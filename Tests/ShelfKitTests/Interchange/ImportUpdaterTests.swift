import Testing
@testable import ShelfKit

/// `import --update`: values that changed at the source are written, by minimal edits, unless the
/// reader changed them locally.
@Suite struct ImportUpdaterTests {
    static let header = "Book Id,Title,Author,ISBN13,My Rating,Exclusive Shelf,Bookshelves,Date Read,My Review\n"
    static let first = header + "42,Solaris,Stanisław Lem,\"=\"\"9780156027601\"\"\",4,read,\"classics, sci-fi\",2020/01/02,Ocean.\n"

    /// The bytes of the file a first import of `csv` creates, and the records it keeps
    /// (`shelf-imports.txt`).
    private func created(_ csv: String) throws -> (bytes: [UInt8], records: ImportBaselines) {
        let actions = interchangePlanner(.goodreads).plan(try GoodreadsImporter.read(csv), books: [])
        guard case let .create(_, _, bytes, _)? = actions.first else { throw TestFailure("nothing created: \(actions)") }
        return (bytes, interchangeBaselines(actions))
    }

    /// The file after an update from `csv`, the update's result, and the records after it.
    private func updated(
        _ bytes: [UInt8], from csv: String, records: ImportBaselines = ImportBaselines()
    ) throws -> (text: String, result: ImportUpdater.Result, records: ImportBaselines) {
        let document = try BookDocument(bytes: bytes)
        let book = try interchangeBook(bytes, path: "lem-solaris.md")
        let record = try #require(interchangeRecords(try GoodreadsImporter.read(csv)).first)
        let result = ImportUpdater(source: .goodreads).update(book, body: document.body, from: record, records: records)
        let after = try BookBytes.apply(result.edits, to: document, displayPath: "lem-solaris.md", vocabulary: .standard)
        var next = records
        if let entry = result.record { next.file.record(entry) }
        return (String(decoding: after, as: UTF8.self), result, next)
    }

    private func changedLines(_ before: [UInt8], _ after: String) -> [String] {
        let old = String(decoding: before, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let new = after.split(separator: "\n", omittingEmptySubsequences: false)
        return zip(old, new).filter { $0 != $1 }.map { String($1) } + new.dropFirst(old.count).map(String.init)
    }

    @Test func theSameSourceValuesChangeNothing() throws {
        let (bytes, records) = try created(Self.first)
        let (text, result, _) = try updated(bytes, from: Self.first, records: records)
        #expect(result.edits.isEmpty && result.record == nil && !result.unrecorded)
        #expect(Array(text.utf8) == bytes)
    }

    @Test func aValueChangedAtTheSourceIsWrittenByAOneLineEdit() throws {
        let (bytes, records) = try created(Self.first)
        let second = Self.first.replacingOccurrences(of: ",4,read,", with: ",5,read,")
        let (text, result, _) = try updated(bytes, from: second, records: records)
        #expect(result.changed == ["rating"])
        // The book's `imported:` line names the service only (no day here): it stays; the new
        // fingerprint goes to the record.
        #expect(changedLines(bytes, text) == ["rating: 5"])
        let secondRecord = try #require(interchangeRecords(try GoodreadsImporter.read(second)).first)
        #expect(result.record?.token == ImportBaseline.of(secondRecord, source: "goodreads").token)
        #expect(result.record?.key == "42" && result.record?.path == "lem-solaris.md")
    }

    @Test func aValueTheReaderChangedIsKeptEvenWhenTheSourceChangesIt() throws {
        var (bytes, records) = try created(Self.first)
        bytes = try BookBytes.apply(
            [.set("rating", .typed("2"))], to: BookDocument(bytes: bytes), displayPath: "x.md", vocabulary: .standard)
        let second = Self.first.replacingOccurrences(of: ",4,read,", with: ",5,read,")
        let (text, result, moved) = try updated(bytes, from: second, records: records)
        #expect(result.kept == ["rating"])
        #expect(result.changed.isEmpty && result.edits.isEmpty)
        #expect(text.contains("\nrating: 2\n"))
        // The baseline moves on, in the record only (the book is not written), so the next
        // import of the same file is quiet.
        #expect(result.record != nil)
        let (again, next, _) = try updated(Array(text.utf8), from: second, records: moved)
        #expect(next.edits.isEmpty && next.kept.isEmpty && next.record == nil && Array(again.utf8) == Array(text.utf8))
    }

    @Test func aLocalChangeIsKeptWhenTheSourceDidNotChange() throws {
        var (bytes, records) = try created(Self.first)
        bytes = try BookBytes.apply([.add("tags", "polish")], to: BookDocument(bytes: bytes), displayPath: "x.md", vocabulary: .standard)
        let (text, result, _) = try updated(bytes, from: Self.first, records: records)
        #expect(result.edits.isEmpty)
        #expect(Array(text.utf8) == bytes)
    }

    @Test func aValueRemovedAtTheSourceIsRemovedWhenUntouched() throws {
        let (bytes, records) = try created(Self.first)
        let second = Self.first.replacingOccurrences(of: ",2020/01/02,", with: ",,")
        let (text, result, _) = try updated(bytes, from: second, records: records)
        #expect(result.changed == ["finished"])
        #expect(!text.contains("finished:"))
    }

    @Test func untouchedNotesAreReplacedAndEditedNotesKept() throws {
        let (bytes, records) = try created(Self.first)
        let second = Self.first.replacingOccurrences(of: ",Ocean.", with: ",\"Ocean, and Kelvin.\"")
        let (text, result, _) = try updated(bytes, from: second, records: records)
        #expect(result.changed == ["body"])
        #expect(text.hasSuffix("---\n\nOcean, and Kelvin.\n"))

        let edited = try BookBytes.apply(
            [.appendToBody("My own thoughts.")], to: BookDocument(bytes: bytes), displayPath: "x.md", vocabulary: .standard)
        let (kept, keptResult, _) = try updated(edited, from: second, records: records)
        #expect(keptResult.kept == ["body"])
        #expect(kept.hasSuffix("Ocean.\n\nMy own thoughts.\n"))
    }

    @Test func aBookShelfDidNotImportIsOnlyFilledIn() throws {
        let bytes = Array("---\ntitle: Solaris\nauthors: [Stanisław Lem]\nrating: 3\n---\n".utf8)
        let (text, result, _) = try updated(bytes, from: Self.first)
        #expect(result.kept == ["rating"] && !result.unrecorded)
        #expect(result.changed == ["isbn", "status", "tags", "finished", "goodreads", "source", "body"])
        #expect(text.contains("\nrating: 3\n"))
        #expect(text.contains("\nimported: goodreads\n"))
        #expect(result.record?.key == "42")
    }

    @Test func anotherServicesBaselineIsLeftAlone() throws {
        let bytes = Array("---\ntitle: Solaris\nauthors: [Stanisław Lem]\nimported: storygraph title=000000\n---\n".utf8)
        let (text, result, _) = try updated(bytes, from: Self.first)
        #expect(text.contains("\nimported: storygraph title=000000\n"))
        #expect(result.record == nil)
    }

    @Test func theBaselineLineReadsBackAsWritten() throws {
        let values = (1...40).map { (field: "field\($0)", text: "value \($0)") }
        let baseline = ImportBaseline(source: "calibre", date: "2026-11-26", values: values)
        #expect(baseline.text.hasPrefix("calibre 2026-11-26 v2."))
        #expect(baseline.text.count == "calibre 2026-11-26 v2.".count + 48)
        #expect(ImportBaseline(text: baseline.text) == baseline)
        #expect(values.allSatisfy { baseline.matches($0.field, $0.text) })
        #expect(baseline.matches("field1", "value 2") == false)
        let read = try #require(ImportBaseline(text: baseline.text))
        #expect(read.records("field1") == nil && read.needsFields)
        let known = try #require(read.knowing(fields: Set(values.map(\.field))))
        #expect(known.records("field1") == true && known.records("other") == false)
        #expect(read.knowing(fields: ["field1"]) == nil)
        #expect(baseline.holds(values))
        #expect(!baseline.holds(Array(values.dropLast())))
        #expect(ImportBaseline(text: "calibre v2.AAAA") == nil)
        #expect(ImportBaseline(text: "title=abc") == nil)
        #expect(ImportBaseline.fingerprint(text: "4") != ImportBaseline.fingerprint(text: "5"))
        #expect(ImportBaseline.fingerprint(text: "4").count == 6)
    }

    @Test func theFirstFormatStillReads() throws {
        let old = try #require(ImportBaseline(text: "goodreads title=\(ImportBaseline.fingerprint(text: "Solaris")) rating=000000"))
        #expect(old.source == "goodreads")
        #expect(old.matches("title", "Solaris"))
        #expect(!old.matches("title", "Dune"))
        #expect(old.records("rating") == true)
        #expect(old.records("pages") == false)
        #expect(old.listedFields == ["title", "rating"])
        #expect(old.text == "goodreads title=\(ImportBaseline.fingerprint(text: "Solaris")) rating=000000")
    }
}

/// `import --update` over books an earlier shelf imported: `owned: true` (before `ownership:`) is
/// kept and compared by meaning, and earlier reads are added as lines of a new `reads:` list.
@Suite struct ImportUpdaterReadingLifeTests {
    static let storyGraph =
        "Title,Authors,ISBN/UID,Read Status,Dates Read,Read Count,Owned?\n"
        + "Piranesi,Susanna Clarke,9781635575637,read,\"2021/01/05-2021/01/12, 2023/02/20-2023/03/02\",2,Yes\n"

    /// A file as the earlier StoryGraph import wrote it: `owned: true`, no `reads:`, and a
    /// baseline fingerprinting those values.
    func earlierImport() throws -> [UInt8] {
        var record = try #require(interchangeRecords(try StoryGraphImporter.read(Self.storyGraph)).first)
        record.remove("ownership")
        record.remove("reads")
        record.set("owned", typed: "true")
        let baseline = ImportBaseline.of(record, source: "storygraph")
        return ImportedBookFile.bytes(
            for: record, extra: [ImportField(key: ImportBaseline.key, value: .string(baseline.text))], vocabulary: .standard)
    }

    @Test func anEarlierImportKeepsOwnedAndGainsItsEarlierReads() throws {
        let bytes = try earlierImport()
        let before = String(decoding: bytes, as: UTF8.self)
        #expect(before.contains("\nowned: true\n") && !before.contains("reads:"), "\(before)")
        let document = try BookDocument(bytes: bytes)
        let book = try interchangeBook(bytes, path: "clarke-piranesi.md")
        #expect(book.ownership == .owned)
        let record = try #require(interchangeRecords(try StoryGraphImporter.read(Self.storyGraph)).first)
        let result = ImportUpdater(source: .storygraph).update(book, body: document.body, from: record)
        #expect(result.changed == ["reads"], "\(result)")
        #expect(result.kept.isEmpty, "\(result)")
        let after = String(
            decoding: try BookBytes.apply(result.edits, to: document, displayPath: "x.md", vocabulary: .standard), as: UTF8.self)
        #expect(after.contains("\nowned: true\n"), "\(after)")
        #expect(after.contains("\nreads:\n  - {started: 2021-01-05, finished: 2021-01-12}\n"), "\(after)")
        // Once more: nothing to do.
        let updated = try interchangeBook(Array(after.utf8), path: "clarke-piranesi.md")
        let again = ImportUpdater(source: .storygraph).update(updated, body: "", from: record)
        #expect(again.edits.isEmpty, "\(again)")
    }
}
