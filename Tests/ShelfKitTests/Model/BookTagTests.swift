import Testing
@testable import ShelfKit

/// `hasTag`: case-insensitive, and a tag matches the tags nested below it.
@Suite struct BookTagTests {
    func book(tags: [String]) -> Book {
        var book = Book(path: "b.md", title: "x")
        book.tags = tags
        return book
    }

    @Test func aTagMatchesIgnoringCaseAndALeadingHash() {
        let book = book(tags: ["Sci-Fi", "classics"])
        #expect(book.hasTag("sci-fi"))
        #expect(book.hasTag("SCI-FI"))
        #expect(book.hasTag("#sci-fi"))
        #expect(book.hasTag(" classics "))
        #expect(!book.hasTag("fantasy"))
    }

    @Test func aTagMatchesTheTagsNestedBelowIt() {
        let book = book(tags: ["sci-fi/space", "history/europe/rome"])
        #expect(book.hasTag("sci-fi"))
        #expect(book.hasTag("sci-fi/space"))
        #expect(book.hasTag("history/europe"))
        #expect(book.hasTag("History"))
        #expect(!book.hasTag("space"))
        #expect(!book.hasTag("sci-fi/space/opera"))
        #expect(!book.hasTag("europe"))
    }

    @Test func aTagDoesNotMatchALongerTagThatMerelyStartsTheSame() {
        let book = book(tags: ["sci-fiction", "sci-fi-classics"])
        #expect(!book.hasTag("sci-fi"))
        #expect(!book.hasTag("sci"))
        #expect(book.hasTag("sci-fiction"))
    }

    @Test func tagsMatchAcrossDiacritics() {
        let book = book(tags: ["Café/Paris"])
        #expect(book.hasTag("cafe"))
        #expect(book.hasTag("CAFÉ/paris"))
    }

    @Test func aBookWithoutTagsMatchesNone() {
        #expect(!book(tags: []).hasTag("sci-fi"))
        #expect(!book(tags: ["sci-fi"]).hasTag(""))
    }

    @Test func tagsReadFromAFileMatch() throws {
        let read = try requireBook("title: x\ntags: '#Sci-Fi/Space, cozy'\n")
        #expect(read.tags == ["Sci-Fi/Space", "cozy"])
        #expect(read.hasTag("sci-fi"))
        #expect(read.hasTag("Cozy"))
    }
}
