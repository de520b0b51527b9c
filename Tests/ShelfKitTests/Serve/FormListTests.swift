import Testing
@testable import ShelfKit

/// A list on one line of a form: commas between items, an item holding a comma in quotes.
@Suite("Serve: FormList")
struct FormListTests {
    @Test(arguments: [
        ["Le Guin, Ursula K.", "Susanna Clarke"],
        ["\"quoted\" title", "plain"],
        ["a \"middle\" quote", "x,y,z", "  "],
        ["科幻", "Фантастика, русская"],
        [],
    ])
    func itemsComeBackAsTheyWereWritten(_ items: [String]) {
        let kept = items.map(\.trimmingSpaces).filter { !$0.isEmpty }
        #expect(FormList.items(FormList.text(items)) == kept, "\(FormList.text(items))")
    }

    @Test func aNameWithACommaIsQuotedAndOthersAreNot() {
        #expect(FormList.text(["Le Guin, Ursula K.", "Tolkien"]) == "\"Le Guin, Ursula K.\", Tolkien")
    }

    @Test func typedTextSplitsAtCommasOutsideQuotes() {
        #expect(FormList.items("sci-fi,  space ,, \"a, b\" , \"open") == ["sci-fi", "space", "a, b", "open"])
        #expect(FormList.items("O\"Brien, x") == ["O\"Brien", "x"])
    }

    @Test func theMergeKeepsANameWithACommaWhenAnotherIsAdded() throws {
        let merge = FormMerge([
            FormMerge.Field(
                key: "authors", original: "\"Le Guin, Ursula K.\"", mine: "\"Le Guin, Ursula K.\", Borges",
                theirs: "\"Le Guin, Ursula K.\"", isList: true)
        ])
        #expect(try merge.edits() == [.set("authors", .list(["Le Guin, Ursula K.", "Borges"]))])
    }
}
