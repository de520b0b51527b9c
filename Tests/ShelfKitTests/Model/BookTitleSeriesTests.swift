import Testing
@testable import ShelfKit

/// A Goodreads title holds its series when no series key does (docs/vaults.md).
@Suite struct BookTitleSeriesTests {
    static let feast = "---\ntitle: \"A Feast for Crows (A Song of Ice and Fire, #4)\"\n---\n"

    @Test func aGoodreadsTitleGivesTheSeriesAndItsNumber() throws {
        let book = try #require(try editBook(Array(Self.feast.utf8)))
        #expect(book.title == "A Feast for Crows")
        #expect(book.series == "A Song of Ice and Fire" && book.seriesIndex == 4)
    }

    @Test(arguments: ["title: \"Dune (Dune, #1)\"\nseries: Dune Chronicles", "title: \"Foundation (1951)\"", "title: \"Why (Not, #x)\""])
    func otherwiseTheTitleIsAsWritten(lines: String) throws {
        let book = try #require(try editBook(Array("---\n\(lines)\n---\n".utf8)))
        #expect(book.title == (lines.split(separator: "\"")[1]).description)
    }

    @Test func theShownTitleSetAgainIsNoChangeAndANewOneKeepsTheSeries() {
        expectNoChange([.set("title", .string("A Feast for Crows"))], on: Self.feast)
        expectEdit(
            [.set("title", .string("A Feast of Crows"))], on: Self.feast,
            gives: "---\ntitle: \"A Feast of Crows (A Song of Ice and Fire, #4)\"\n---\n")
        expectEdit([.set("title", .string("Crows (Ice, #5)"))], on: Self.feast, gives: "---\ntitle: \"Crows (Ice, #5)\"\n---\n")
    }
}
