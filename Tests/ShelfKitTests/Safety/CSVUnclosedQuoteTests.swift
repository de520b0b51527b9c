import Testing
@testable import ShelfKit

/// A quote that never closes costs its own row, and the reader says on which line.
@Suite struct CSVUnclosedQuoteTests {
    @Test func theRowsAfterAnUnclosedQuoteAreStillRead() {
        let text = "Title,Author\nDune,Frank Herbert\n\"Broken, Author\nEmma,Jane Austen\nSolaris,Lem\n"
        let read = CSVReader().read(text)
        #expect(read.unclosedQuoteLine == 3)
        #expect(
            read.records.map(\.cells) == [
                ["Title", "Author"], ["Dune", "Frank Herbert"], ["\"Broken", " Author"], ["Emma", "Jane Austen"], ["Solaris", "Lem"],
            ])
        #expect(read.records.map(\.line) == [1, 2, 3, 4, 5])
    }

    @Test func theTableWarnsWithTheLine() {
        let table = CSVTable(text: "Title,Author\r\nA,B\r\n\"C,D\r\n")
        #expect(table.warnings.count == 1)
        #expect(table.warnings.first?.hasPrefix("line 3: a quote opens a cell and is never closed") == true)
        #expect(table.records.count == 2)
    }

    @Test func balancedQuotesGiveNoWarning() {
        let read = CSVReader().read("Title\n\"Multi\nline\"\n\"5\"\" floppy\"\n")
        #expect(read.unclosedQuoteLine == nil)
        #expect(read.records.map(\.cells) == [["Title"], ["Multi\nline"], ["5\" floppy"]])
    }

    @Test func manyUnclosedQuotesAreReadOnceNotOverAndOver() {
        // Every later quote is doubled, so the one on line 2 never closes; after it no quote
        // can close anything, and each later one is plain text: one pass, not one per quote.
        let text = "Title\n\"x\n" + String(repeating: "\"\"y\n", count: 20_000)
        let read = CSVReader().read(text)
        #expect(read.unclosedQuoteLine == 2)
        #expect(read.records.count == 20_002)
        #expect(read.records[1].cells == ["\"x"])
        #expect(read.records.last?.cells == ["\"\"y"])
    }

    @Test func aGoodreadsImportWarnsThroughItsCallback() throws {
        var warnings: [String] = []
        let rows = try GoodreadsImporter.read("Book Id,Title,Author\n1,\"Dune,Frank Herbert\n2,Emma,Jane Austen\n") { warnings.append($0) }
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("line 2:") == true)
        #expect(rows.count == 2)
    }
}
