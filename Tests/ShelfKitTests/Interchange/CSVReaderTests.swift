import Testing
@testable import ShelfKit

/// RFC 4180 reading as spreadsheets write it: quotes, line breaks in cells, BOM, CRLF, TSV.
@Suite struct CSVReaderTests {
    private func cells(_ text: String, delimiter: Character = ",") -> [[String]] {
        CSVReader(delimiter: delimiter).records(text).map(\.cells)
    }

    @Test func quotedCellsHoldCommasQuotesAndLineBreaks() {
        let text = "a,b,c\n\"x, y\",\"say \"\"hi\"\"\",\"line one\nline two\"\nplain,,last\n"
        #expect(cells(text) == [["a", "b", "c"], ["x, y", "say \"hi\"", "line one\nline two"], ["plain", "", "last"]])
    }

    @Test func aCRLFInsideAQuotedCellIsOneLineBreak() {
        #expect(cells("h\r\n\"one\r\ntwo\"\r\n") == [["h"], ["one\ntwo"]])
    }

    @Test func aByteOrderMarkAndCRLFLineEndsAreRead() {
        #expect(cells("\u{FEFF}Title,Author\r\nDune,Frank Herbert\r\n") == [["Title", "Author"], ["Dune", "Frank Herbert"]])
    }

    @Test func blankLinesAndAMissingFinalNewlineAreFine() {
        #expect(cells("a\n\nb\n\nc") == [["a"], ["b"], ["c"]])
    }

    @Test func aQuoteInsideAnUnquotedCellIsText() {
        #expect(cells("5\" floppy,x\n") == [["5\" floppy", "x"]])
    }

    @Test func textAfterAClosingQuoteIsKept() {
        #expect(cells("\"a\"b,c\n") == [["ab", "c"]])
    }

    @Test func anEmptyQuotedCellIsAnEmptyCell() {
        #expect(cells("\"\",\"\"\n") == [["", ""]])
    }

    @Test func tabsSeparateTSVCellsAndCommasStayInside() {
        #expect(cells("Title\tTags\nMarelle\troman, espagnol\n", delimiter: "\t") == [["Title", "Tags"], ["Marelle", "roman, espagnol"]])
    }

    @Test func recordsKnowTheLineTheyStartOn() {
        let records = CSVReader().records("h\n\"a\nb\",c\nd\n")
        #expect(records.map(\.line) == [1, 2, 4])
    }

    @Test func tableCellsAreFoundByNameWhateverTheOrderAndCase() {
        let table = CSVTable(text: "ISBN13,Title,My Rating\n=\"9780441172719\",Dune,5\nshort\n")
        #expect(table.cell(table.records[0], "title") == "Dune")
        #expect(table.cell(table.records[0], "my rating") == "5")
        #expect(table.cell(table.records[1], "My Rating") == "")
        #expect(table.cell(table.records[0], "No Such Column") == "")
        #expect(table.row(of: 0) == 2)
    }

    @Test func utf16WithAByteOrderMarkIsDecoded() {
        let bytes: [UInt8] = [0xFF, 0xFE] + Array("Título\tA\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(ImportText.decode(bytes) == "Título\tA\n")
    }

    @Test func strayWindows1252BytesInUTF8AreReadNotDropped() {
        let bytes = Array("Cort".utf8) + [0xE9] + Array("zar — ".utf8) + [0x93, 0x71, 0x94]
        #expect(ImportText.decode(bytes) == "Cortézar — “q”")
    }

    @Test func aUTF8ByteOrderMarkIsDropped() {
        #expect(ImportText.decode([0xEF, 0xBB, 0xBF] + Array("x".utf8)) == "x")
    }
}
