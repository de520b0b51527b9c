import Testing
@testable import ShelfKit

/// Every kind of edit on `EditCorpus.crlf`: a UTF-8 BOM, CRLF line endings, a block tag list,
/// the `author:` alias, and a body without a final newline. The expected files are written out
/// line by line and joined with "\r\n" (no line break after the last line, as in the input).
@Suite struct CRLFAndBOMEditTests {
    let input = EditCorpus.crlf

    @Test func theInputIsWhatItClaims() {
        let bytes = Array(input.utf8)
        #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF, 0x2D, 0x2D, 0x2D, 0x0D, 0x0A]))
        #expect(bytes.last == UInt8(ascii: "."))
        // Every LF is the second half of a CRLF.
        #expect(zip(bytes.dropFirst(), bytes).allSatisfy { next, previous in next != 0x0A || previous == 0x0D })
    }

    @Test func setKeepsDoubleQuotesBOMAndCRLF() {
        expectEdit([.set("title", .string("The Dispossessed")), .set("rating", .typed("5"))], on: input, gives: EditCorpus.crlf([
            "\u{FEFF}---",
            "title: \"The Dispossessed\"",
            "author: Ursula K. Le Guin",
            "rating: 5",
            "tags:",
            "  - sci-fi",
            "  - classics",
            "  - hainish",
            "---",
            "Body line one.",
            "Body line two.",
        ]))
    }

    @Test func anEditOfAuthorsLandsOnTheAuthorAlias() {
        expectEdit([.set("authors", .string("Ursula Le Guin"))], on: input, gives: EditCorpus.crlf([
            "\u{FEFF}---",
            "title: \"The Left Hand of Darkness\"",
            "author: Ursula Le Guin",
            "rating: 3",
            "tags:",
            "  - sci-fi",
            "  - classics",
            "  - hainish",
            "---",
            "Body line one.",
            "Body line two.",
        ]))
    }

    @Test func aNewKeyEndsInCRLF() {
        expectEdit([.set("pages", .typed("304")), .set("mood", .string("no"))], on: input, gives: EditCorpus.crlf([
            "\u{FEFF}---",
            "title: \"The Left Hand of Darkness\"",
            "author: Ursula K. Le Guin",
            "rating: 3",
            "tags:",
            "  - sci-fi",
            "  - classics",
            "  - hainish",
            "pages: 304",
            "mood: \"no\"",
            "---",
            "Body line one.",
            "Body line two.",
        ]))
    }

    @Test func unsetRemovesTheLineAndItsCRLF() {
        expectEdit([.unset("rating"), .unset("tags")], on: input, gives: EditCorpus.crlf([
            "\u{FEFF}---",
            "title: \"The Left Hand of Darkness\"",
            "author: Ursula K. Le Guin",
            "---",
            "Body line one.",
            "Body line two.",
        ]))
    }

    @Test func aTagAddedToABlockListIsOneCRLFLineAfterTheLast() {
        expectEdit([.add("tags", "anarchism"), .add("tags", "Sci-Fi")], on: input, gives: EditCorpus.crlf([
            "\u{FEFF}---",
            "title: \"The Left Hand of Darkness\"",
            "author: Ursula K. Le Guin",
            "rating: 3",
            "tags:",
            "  - sci-fi",
            "  - classics",
            "  - hainish",
            "  - anarchism",
            "---",
            "Body line one.",
            "Body line two.",
        ]))
    }

    @Test func removingTheMiddleItemOfABlockListRemovesItsLine() {
        expectEdit([.remove("tags", "CLASSICS")], on: input, gives: EditCorpus.crlf([
            "\u{FEFF}---",
            "title: \"The Left Hand of Darkness\"",
            "author: Ursula K. Le Guin",
            "rating: 3",
            "tags:",
            "  - sci-fi",
            "  - hainish",
            "---",
            "Body line one.",
            "Body line two.",
        ]))
    }

    @Test func removingTheFirstAndLastItemsOfABlockList() {
        expectEdit([.remove("tags", "sci-fi"), .remove("tags", "hainish")], on: input, gives: EditCorpus.crlf([
            "\u{FEFF}---",
            "title: \"The Left Hand of Darkness\"",
            "author: Ursula K. Le Guin",
            "rating: 3",
            "tags:",
            "  - classics",
            "---",
            "Body line one.",
            "Body line two.",
        ]))
    }

    @Test func removingEveryItemOfABlockListLeavesAnEmptyFlowList() {
        let edits: [FieldEdit] = [.remove("tags", "sci-fi"), .remove("tags", "hainish"), .remove("tags", "classics")]
        expectEdit(edits, on: input, gives: EditCorpus.crlf([
            "\u{FEFF}---",
            "title: \"The Left Hand of Darkness\"",
            "author: Ursula K. Le Guin",
            "rating: 3",
            "tags: []",
            "---",
            "Body line one.",
            "Body line two.",
        ]))
    }

    @Test func renamingABlockItemKeepsItsPlace() {
        expectEdit([.rename("tags", from: "Classics", to: "classic lit")], on: input, gives: EditCorpus.crlf([
            "\u{FEFF}---",
            "title: \"The Left Hand of Darkness\"",
            "author: Ursula K. Le Guin",
            "rating: 3",
            "tags:",
            "  - sci-fi",
            "  - classic lit",
            "  - hainish",
            "---",
            "Body line one.",
            "Body line two.",
        ]))
    }

    @Test func settingTheWholeListKeepsItABlockList() {
        expectEdit([.set("tags", .list(["a", "Yes", "b: c"]))], on: input, gives: EditCorpus.crlf([
            "\u{FEFF}---",
            "title: \"The Left Hand of Darkness\"",
            "author: Ursula K. Le Guin",
            "rating: 3",
            "tags:",
            "  - a",
            "  - \"Yes\"",
            "  - \"b: c\"",
            "---",
            "Body line one.",
            "Body line two.",
        ]))
    }

    @Test func aNoteIsAppendedInCRLFWithoutAddingAFinalNewline() {
        expectEdit([.appendToBody("### 2024-03-02 21:14\n\nFirst line.\nSecond line.")], on: input, gives: EditCorpus.crlf([
            "\u{FEFF}---",
            "title: \"The Left Hand of Darkness\"",
            "author: Ursula K. Le Guin",
            "rating: 3",
            "tags:",
            "  - sci-fi",
            "  - classics",
            "  - hainish",
            "---",
            "Body line one.",
            "Body line two.",
            "",
            "### 2024-03-02 21:14",
            "",
            "First line.",
            "Second line.",
        ]))
    }

    @Test func aBOMAloneStaysThroughAnEditThatChangesNothing() throws {
        let bytes = Array(input.utf8)
        let document = try BookDocument(bytes: bytes)
        #expect(try BookBytes.apply([.set("rating", .typed("3"))], to: document, displayPath: "x", vocabulary: .standard) == bytes)
    }
}
