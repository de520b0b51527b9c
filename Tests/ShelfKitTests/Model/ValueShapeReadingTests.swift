import Testing
@testable import ShelfKit

/// Dates and ISBNs in the shapes real vaults write (issue 45; docs/vaults.md).
@Suite struct ValueShapeReadingTests {
    func read(_ frontMatter: String) throws -> Book? {
        Book(path: "note.md", document: try BookDocument(bytes: Array("---\n\(frontMatter)---\n".utf8)), vocabulary: .standard)
    }

    @Test(arguments: [("2016年10月", 2016, 10, nil), ("2012年8月5日", 2012, 8, 5), ("2016年", 2016, nil, nil)] as [(String, Int, Int?, Int?)])
    func chineseAndJapaneseDatesAreRead(text: String, year: Int, month: Int?, day: Int?) throws {
        let date = try #require(BookDate(text))
        #expect(date.year == year && date.month == month && date.day == day)
        #expect(date.text == text, "kept as written")
        let book = try #require(try read("title: x\npublishyear: \(text)\n"))
        #expect(book.published?.year == year)
        #expect(book.problems.isEmpty)
    }

    @Test func aNewDateOverAChineseDateIsWrittenSo() throws {
        let edited = try vocabEdit([.set("finished", .typed("2025-04-21"))], on: "---\ntitle: x\nfinished: 2024年3月2日\n---\n", .standard)
        #expect(edited == "---\ntitle: x\nfinished: 2025年4月21日\n---\n")
        #expect(BookDate("2025-04")?.text(in: .cjk) == "2025年4月")
    }

    @Test func anEmptyListWrittenAsTextIsNoISBN() throws {
        let quoted = try #require(try read("title: x\nisbn: \"[]\"\n"))
        #expect(quoted.isbn == nil)
        #expect(quoted.problems.isEmpty)
        let empty = try #require(try read("title: x\nisbn: []\n"))
        #expect(empty.isbn == nil && empty.problems.isEmpty)
    }

    @Test func twoISBNsInOneStringAreBothReadTheFirstFirst() throws {
        let book = try #require(try read("title: x\nisbn: \"9780441013593 9780441478125\"\n"))
        #expect(book.isbn13 == "9780441013593")
        #expect(book.isbns13.contains("9780441478125"))
        #expect(book.problems.isEmpty)
    }

    @Test func aListOfReadDatesIsTheReads() throws {
        let book = try #require(try read("title: x\ndates_read: [2008-01-05, 2012-03-01]\n"))
        #expect(book.finished?.text == "2012-03-01")
        #expect(book.reads.compactMap(\.finished?.text) == ["2008-01-05", "2012-03-01"])
        #expect(book.timesRead == 2)
        #expect(book.problems.isEmpty)
    }

    @Test func aFinishOverAListOfReadDatesAddsADay() throws {
        let text = "---\ntitle: x\ndates_read: [2008/01/05, 2012/03/01]\n---\n"
        #expect(try vocabEdit([.set("finished", .typed("2025-04-21"))], on: text, .standard)
                == "---\ntitle: x\ndates_read: [2008/01/05, 2012/03/01, 2025/04/21]\n---\n")
        #expect(try vocabEdit([.set("finished", .typed("2012-03-01"))], on: text, .standard) == text, "a day already there is no change")
        #expect(throws: EditError.self) { try vocabEdit([.unset("finished")], on: text, .standard) }
    }
}
