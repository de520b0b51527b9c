import Testing
@testable import ShelfKit

/// Dataview's inline fields in a note's body, as shelf reads them.
@Suite struct InlineFieldsTests {
    func fields(_ text: String) -> [InlineFields.Field] {
        InlineFields.fields(in: Array(text.utf8))
    }

    func pairs(_ text: String) -> [String] {
        fields(text).map { "\($0.key)=\($0.value)" }
    }

    @Test func aFieldOnALineOfItsOwn() {
        let text = "# Dune\n\nauthor:: Frank Herbert\n- rating:: 4\n> status:: read  \n"
        #expect(pairs(text) == ["author=Frank Herbert", "rating=4", "status=read"])
        let rating = fields(text)[1]
        #expect(String(decoding: Array(text.utf8)[rating.valueRange], as: UTF8.self) == "4")
        #expect(rating.form == .line)
    }

    @Test func bracketAndParenFormsInsideASentence() {
        let text = "I gave it [rating:: 4] and it is (status:: read), by [author:: [[Ursula K. Le Guin]]].\n"
        #expect(pairs(text) == ["rating=4", "status=read", "author=[[Ursula K. Le Guin]]"])
        #expect(fields(text)[0].form == .bracketed(close: UInt8(ascii: "]")))
        #expect(fields(text)[1].form == .bracketed(close: UInt8(ascii: ")")))
    }

    @Test func codeIsSkipped() {
        let text = "```\nrating:: 1\n```\n~~~~\nstatus:: read\n~~~~\nSee `[rating:: 2]` here.\nrating:: 5\n"
        #expect(pairs(text) == ["rating=5"])
    }

    @Test func crlfLinesKeepTheirBreakOutOfTheValue() {
        let text = "rating:: 4\r\nstatus:: read\r\n"
        #expect(pairs(text) == ["rating=4", "status=read"])
        #expect(fields(text)[0].lineRange == 0..<10)
    }

    @Test func whatIsNoField() {
        #expect(pairs("A link [[Dune]] and a url https://example.com and ::1 and a::b c\nplain text\n").isEmpty)
        #expect(pairs("no colons at all\n").isEmpty)
    }

    @Test func theFirstOfEachKeyWins() {
        let found = InlineFields.firstOfEachKey(fields("rating:: 4\nRating:: 2\n"))
        #expect(found.map(\.value) == ["4"])
    }

    @Test func aNoteWithoutFrontMatterIsABookByItsInlineFields() throws {
        let text = "# The Left Hand of Darkness\n\nauthor:: [[Ursula K. Le Guin]]\nrating:: 4\nstatus:: read\nisbn:: 9780441478125\n"
        let document = try BookDocument(bytes: Array(text.utf8))
        let book = try #require(Book(path: "lhod.md", document: document))
        #expect(book.title == "The Left Hand of Darkness")
        #expect(book.authors == ["Ursula K. Le Guin"])
        #expect(book.rating == 4)
        #expect(book.status == .read)
    }

    @Test func theFrontMatterWinsOverAnInlineField() throws {
        let document = try BookDocument(bytes: Array("---\ntitle: Dune\nrating: 3\n---\nrating:: 5\nstatus:: reading\n".utf8))
        let book = try #require(Book(path: "dune.md", document: document))
        #expect(book.status == .reading)
        #expect(book.rating == 3)
    }
}
