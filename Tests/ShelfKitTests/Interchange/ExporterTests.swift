import Testing
@testable import ShelfKit
@testable import ShelfPresentation

/// CSV, Goodreads and JSON exports, each read back by its reader.
@Suite struct ExporterTests {
    static let tricky = """
        ---
        title: "=HYPERLINK(\\"http://evil\\")"
        authors: [Ursula K. Le Guin, "+Second, Author"]
        isbn: 0441478123
        status: abandoned
        rating: 4
        tags: [sci-fi, "@mention", "-minus"]
        added: 2024-01-02
        finished: 2024-02-03
        series: Hainish Cycle
        series_index: 4
        pages: 304
        favorite: yes
        mood: cozy
        copies:
          - format: paperback
            price: 7.99
        ---

        First line, "quoted" & <b>bold</b>.
        Second line.

        ## Private notes

        Only mine.

        """

    private func exported() throws -> ExportedBook {
        let bytes = Array(Self.tricky.utf8)
        return ExportedBook(book: try interchangeBook(bytes, path: "sub/le-guin.md"), notes: try BookDocument(bytes: bytes).body)
    }

    @Test func csvHasCanonicalColumnsListsJoinedAndFormulasNeutralised() throws {
        let text = CSVExporter.export([try exported().book])
        let records = CSVReader().records(text).map(\.cells)
        #expect(records[0] == CSVExporter.columns)
        let row = Dictionary(uniqueKeysWithValues: zip(records[0], records[1]))
        #expect(row["path"] == "sub/le-guin.md")
        #expect(row["title"] == "'=HYPERLINK(\"http://evil\")")
        #expect(row["authors"] == "Ursula K. Le Guin; +Second, Author")
        #expect(row["tags"] == "sci-fi; @mention; -minus")
        #expect(row["isbn"] == "0441478123")
        #expect(row["series_index"] == "4")
        #expect(row["favorite"] == "true")
        #expect(row["copies"] == "[{\"format\":\"paperback\",\"price\":7.99}]")
    }

    @Test func everyFormulaStartIsNeutralised() {
        let cells = ["=1+1", "+1", "-1", "@x", "\tx", "\rx", "plain", "", "a=b"]
        #expect(cells.map(CSVWriter.neutralised) == ["'=1+1", "'+1", "'-1", "'@x", "'\tx", "'\rx", "plain", "", "a=b"])
    }

    @Test func theGoodreadsExportHasGoodreadsShapeAndReadsBackAsTheSameBook() throws {
        let text = GoodreadsExporter.export([try exported()])
        let table = CSVTable(text: text)
        #expect(table.header == GoodreadsExporter.columns)
        let record = table.records[0]
        #expect(table.cell(record, "ISBN") == "=\"0441478123\"")
        #expect(table.cell(record, "ISBN13") == "=\"9780441478125\"")
        #expect(table.cell(record, "Title") == "'=HYPERLINK(\"http://evil\") (Hainish Cycle, #4)")
        #expect(table.cell(record, "Author l-f") == "Le Guin, Ursula K.")
        #expect(table.cell(record, "Exclusive Shelf") == "did-not-finish")
        #expect(table.cell(record, "Date Read") == "2024/02/03")
        #expect(table.cell(record, "My Review") == "First line, \"quoted\" &amp; &lt;b&gt;bold&lt;/b&gt;.<br/>Second line.")
        #expect(table.cell(record, "Private Notes") == "Only mine.")

        let back = try #require(interchangeRecords(try GoodreadsImporter.read(text)).first)
        #expect(back.text(of: "status") == "abandoned")
        #expect(back.text(of: "series") == "Hainish Cycle" && back.text(of: "series_index") == "4")
        #expect(back.value(of: "tags") == .list(["sci-fi", "@mention", "-minus"]))
        #expect(back.notes == "First line, \"quoted\" & <b>bold</b>.\nSecond line.\n\n## Private notes\n\nOnly mine.")
    }

    @Test func theJSONExportRestoresTheSameBookAndBody() throws {
        let original = try exported()
        let text = JSONExporter.export([original])
        let record = try #require(interchangeRecords(try JSONImporter.read(text)).first)
        #expect(record.path == "sub/le-guin.md")
        let bytes = ImportedBookFile.bytes(for: record, vocabulary: .standard)
        let restored = try interchangeBook(bytes, path: "sub/le-guin.md")
        #expect(restored.jsonObject() == original.book.jsonObject())
        #expect(try BookDocument(bytes: bytes).body == original.notes)
    }

    @Test func nestedAndTypedOwnKeysRoundTripThroughJSON() throws {
        let yaml = """
            ---
            title: Odd
            count: 42
            ratio: 2.5
            flag: true
            nothing:
            empty: ""
            zip: "02134"
            list: [a, 1, true]
            strings: [x, "y: z"]
            deep:
              inner:
                - name: one
                  tags: [p, q]
                - [1, 2]
              empty_map: {}
            notes: my own key
            ---
            Body without a blank line.
            """
        let bytes = Array(yaml.utf8)
        let book = try interchangeBook(bytes, path: "odd.md")
        let json = JSONExporter.export([ExportedBook(book: book, notes: try BookDocument(bytes: bytes).body)])
        let record = try #require(interchangeRecords(try JSONImporter.read(json)).first)
        let restored = ImportedBookFile.bytes(for: record, vocabulary: .standard)
        #expect(try interchangeBook(restored, path: "odd.md").jsonObject() == book.jsonObject())
        #expect(try BookDocument(bytes: restored).body == "Body without a blank line.")
    }

    @Test func jsonReaderKeepsMemberOrderAndDecodesEscapes() throws {
        let value = try JSONReader.parse("\u{FEFF} {\"b\": 1, \"a\": [true, null, -2.5e1], \"s\": \"\\u00e9\\ud83d\\ude00\\n\\\"\"} ")
        #expect(value.serialized() == "{\"b\":1,\"a\":[true,null,-25],\"s\":\"é😀\\n\\\"\"}")
        #expect(throws: JSONReader.Failure.self) { try JSONReader.parse("[1, 2") }
        #expect(throws: JSONReader.Failure.self) { try JSONReader.parse("{\"a\" 1}") }
        #expect(throws: JSONReader.Failure.self) { try JSONReader.parse(String(repeating: "[", count: 600)) }
    }
}
