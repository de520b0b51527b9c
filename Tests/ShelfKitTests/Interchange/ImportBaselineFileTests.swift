import Testing
@testable import ShelfKit

/// `shelf-imports.txt`: a sorted line per book, read back as written; lines it cannot read kept;
/// a record counts only for the day of the book's line, and conflict copies only when they agree.
@Suite struct ImportBaselineFileTests {
    static let values = [(field: "title", text: "Solaris"), (field: "rating", text: "4")]
    static let token = ImportBaseline(source: "goodreads", date: "2026-11-28", values: values).token ?? ""

    func entry(
        _ key: String, date: String? = "2026-11-28", path: String = "lem-solaris.md", token: String = token
    )
        -> ImportBaselineFile.Entry
    {
        ImportBaselineFile.Entry(source: "goodreads", key: key, date: date, token: token, path: path)
    }

    @Test func recordsAreWrittenSortedAndReadBackAsWritten() throws {
        var file = ImportBaselineFile()
        file.record(entry("7", path: "dune.md"))
        file.record(entry("42", path: "my books/odd\nname%.md"))
        file.record(entry("isbn:9780156027601", date: nil))
        file.record(entry("42", path: "classics/solaris.md"))
        let text = String(decoding: file.bytes, as: UTF8.self)
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(
            lines == [
                "goodreads 42 2026-11-28 \(Self.token) classics/solaris.md",
                "goodreads 7 2026-11-28 \(Self.token) dune.md",
                "goodreads isbn:9780156027601 - \(Self.token) lem-solaris.md",
            ], "\(text)")
        #expect(ImportBaselineFile(bytes: file.bytes) == file)
        var odd = ImportBaselineFile()
        odd.record(entry(ImportBaselineFile.encode("a b"), path: "my books/odd\nname%.md"))
        #expect(String(decoding: odd.bytes, as: UTF8.self).hasSuffix(" \(Self.token) my%20books/odd%0Aname%25.md\n"))
        #expect(ImportBaselineFile(bytes: odd.bytes).entry(source: "goodreads", key: "a%20b", path: "")?.path == "my books/odd\nname%.md")
    }

    @Test func linesItCannotReadAreKeptAndNamed() throws {
        let bytes =
            Array("# a comment\ngoodreads 42 2026-11-28 \(Self.token) x.md\nv3 something newer\ngoodreads 7 - v2.short y.md\n".utf8)
            + [0xFF, 0x0A]
        var file = ImportBaselineFile(bytes: bytes)
        #expect(file.unreadLines == [3, 4, 5])
        #expect(file.entry(source: "goodreads", key: "42", path: "")?.baseline?.matches("rating", "4") == true)
        file.record(entry("9"))
        let written = String(decoding: file.bytes, as: UTF8.self)
        #expect(written.contains("\nv3 something newer\n") && written.contains("\ngoodreads 7 - v2.short y.md\n"), "\(written)")
    }

    @Test func aRecordIsTheBooksOnlyForTheDayOfItsLine() throws {
        var file = ImportBaselineFile()
        file.record(entry("42"))
        let records = ImportBaselines(file: file)
        #expect(records.baseline(source: "goodreads", keys: ["42"], path: "x.md", date: "2026-11-28")?.matches("rating", "4") == true)
        #expect(records.baseline(source: "goodreads", keys: ["42"], path: "x.md", date: "2026-12-01") == nil)
        #expect(records.baseline(source: "storygraph", keys: ["42"], path: "x.md", date: "2026-11-28") == nil)
        // The book's own id is a second key: a record under an id the source has since changed.
        #expect(records.baseline(source: "goodreads", keys: ["99", "42"], path: "x.md", date: "2026-11-28") != nil)
        // A book without id or ISBN is found by its path.
        var byPath = ImportBaselineFile()
        byPath.record(entry("-", path: "a.md"))
        #expect(ImportBaselines(file: byPath).baseline(source: "goodreads", keys: ["-"], path: "a.md", date: "2026-11-28") != nil)
        #expect(ImportBaselines(file: byPath).baseline(source: "goodreads", keys: ["-"], path: "b.md", date: "2026-11-28") == nil)
    }

    @Test func conflictCopiesCountOnlyWhenTheFileHasNoneAndTheyAgree() throws {
        let other = ImportBaseline(source: "goodreads", date: "2026-11-28", values: [(field: "title", text: "Other")]).token ?? ""
        var one = ImportBaselineFile()
        one.record(entry("42"))
        var two = ImportBaselineFile()
        two.record(entry("42", token: other))
        let agreeing = ImportBaselines(copies: [one, one])
        #expect(agreeing.baseline(source: "goodreads", keys: ["42"], path: "", date: "2026-11-28")?.token == Self.token)
        let disagreeing = ImportBaselines(copies: [one, two])
        #expect(disagreeing.baseline(source: "goodreads", keys: ["42"], path: "", date: "2026-11-28") == nil)
        // The file's own record is taken before any copy's.
        #expect(
            ImportBaselines(file: two, copies: [one]).baseline(source: "goodreads", keys: ["42"], path: "", date: "2026-11-28")?.token
                == other)
    }

    @Test func twoLinesForOneBookAreBothReadAndTheRecordOfTheBooksDayTaken() throws {
        // git's union merge of two machines' imports keeps both lines.
        let other = ImportBaseline(source: "goodreads", date: "2026-12-01", values: [(field: "title", text: "Other")]).token ?? ""
        let merged = "goodreads 42 2026-11-28 \(Self.token) x.md\ngoodreads 42 2026-12-01 \(other) x.md\n"
        var file = ImportBaselineFile(bytes: Array(merged.utf8))
        #expect(file.unreadLines.isEmpty)
        let records = ImportBaselines(file: file)
        #expect(records.baseline(source: "goodreads", keys: ["42"], path: "", date: "2026-11-28")?.token == Self.token)
        #expect(records.baseline(source: "goodreads", keys: ["42"], path: "", date: "2026-12-01")?.token == other)
        #expect(String(decoding: file.bytes, as: UTF8.self).hasSuffix(merged))
        // Recording the book again leaves one line.
        file.record(entry("42"))
        #expect(String(decoding: file.bytes, as: UTF8.self).hasSuffix("\ngoodreads 42 2026-11-28 \(Self.token) lem-solaris.md\n"))
        #expect(file.records(in: "goodreads 42").count == 1)
    }

    @Test func aBookIsKeyedByItsIdAtTheServiceElseItsISBN() throws {
        let rows = try GoodreadsImporter.read(
            "Book Id,Title,Author,ISBN13\n42,Solaris,Stanisław Lem,9780156027601\n,Dune,Frank Herbert,9780441172719\n,Ice,Anna Kavan,\n")
        let records = interchangeRecords(rows)
        #expect(records.map { ImportBaselineFile.key(for: $0, source: .goodreads) } == ["42", "isbn:9780441172719", "-"])
    }

    @Test func theShortLineReadsAsTheServiceAndTheDay() throws {
        let line = try #require(ImportBaseline(text: "goodreads 2026-11-28"))
        #expect(line.isElsewhere && line.source == "goodreads" && line.date == "2026-11-28" && line.text == "goodreads 2026-11-28")
        #expect(try #require(ImportBaseline(text: "goodreads")).isElsewhere)
        #expect(ImportBaseline(text: "goodreads 2026-11-28 \(Self.token)")?.isElsewhere == false)
        #expect(ImportBaseline(text: "goodreads title=abcdef")?.isElsewhere == false)
    }
}
