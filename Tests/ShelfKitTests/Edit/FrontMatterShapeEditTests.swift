import Testing
@testable import ShelfKit

/// Edits on unusual front-matter shapes: no final newline, `---` in the body, indented keys,
/// a `...` closing line, empty front matter, keys written twice, quoted or capitalised keys,
/// typed and tagged values.
@Suite struct FrontMatterShapeEditTests {
    @Test func noFinalNewlineStaysSo() {
        expectEdit(
            [.set("rating", .typed("3")), .set("mood", .string("bleak"))], on: EditCorpus.noFinalNewline,
            gives: "---\ntitle: Solaris\ntags: scifi\nrating: 3\nmood: bleak\n---")
        expectEdit([.unset("rating")], on: EditCorpus.noFinalNewline, gives: "---\ntitle: Solaris\ntags: scifi\n---")
    }

    @Test func dashesInTheBodyAreBodyText() {
        expectEdit(
            [.set("title", .string("Solaris (1961)")), .set("rating", .typed("5"))], on: EditCorpus.dashesInBody,
            gives: """
                ---
                title: Solaris (1961)
                tags:
                rating: 5
                ---
                Part one.
                ---
                title: not front matter
                ---
                """)
    }

    @Test func aNewKeyTakesTheFrontMattersIndentation() {
        expectEdit(
            [.set("mood", .string("cozy"))], on: "---\n  title: T   \n  rating: 3\n---\n",
            gives: "---\n  title: T   \n  rating: 3\n  mood: cozy\n---\n")
        expectEdit([.add("tags", "x")], on: "---\r\n  title: T\r\n---\r\n", gives: "---\r\n  title: T\r\n  tags: [x]\r\n---\r\n")
    }

    @Test func aNewKeyGoesBeforeADotsClosingLine() {
        expectEdit([.set("rating", .typed("2"))], on: "---\ntitle: T\n...\nBody\n", gives: "---\ntitle: T\nrating: 2\n...\nBody\n")
    }

    @Test func aNewKeyInEmptyFrontMatter() {
        expectEdit([.set("title", .string("T"))], on: "---\n---\nBody\n", gives: "---\ntitle: T\n---\nBody\n")
        expectEdit([.set("title", .string("T"))], on: "\u{FEFF}---\r\n---\r\n", gives: "\u{FEFF}---\r\ntitle: T\r\n---\r\n")
    }

    @Test func aNewKeyAfterACommentOnlyFrontMatter() {
        expectEdit([.set("title", .string("T"))], on: "---\n# nothing yet\n---\n", gives: "---\n# nothing yet\ntitle: T\n---\n")
    }

    /// Front matter written as one flow mapping: the key's "lines" are the whole mapping.
    @Test
    func unsetInAFlowMappingFrontMatterRemovesOnlyThatKey() {
        expectEdit([.unset("rating")], on: "---\n{title: T, rating: 3}\n---\n", gives: "---\n{title: T}\n---\n")
    }

    @Test func setInAFlowMappingFrontMatter() throws {
        expectEdit([.set("rating", .typed("4"))], on: "---\n{title: T, rating: 3}\n---\n", gives: "---\n{title: T, rating: 4}\n---\n")
        // A new key goes inside the braces, written for a flow context.
        expectEdit([.set("mood", .string("x"))], on: "---\n{title: T}\n---\n", gives: "---\n{title: T, mood: x}\n---\n")
        expectEdit([.set("mood", .string("a, b"))], on: "---\n{title: T}\n---\n", gives: "---\n{title: T, mood: \"a, b\"}\n---\n")
    }

    @Test func aValueOnTheLineAfterItsKey() {
        expectEdit(
            [.set("title", .string("New"))], on: "---\ntitle:\n  The Left Hand\n  of Darkness\nrating: 3\n---\n",
            gives: "---\ntitle:\n  New\nrating: 3\n---\n")
    }

    @Test func aKeyWrittenTwice() {
        let file = "---\ntitle: T\nrating: 3\nmood: x\nrating: 4  # later\n---\n"
        // A YAML reader takes the last one; that is the one set.
        expectEdit([.set("rating", .typed("5"))], on: file, gives: "---\ntitle: T\nrating: 3\nmood: x\nrating: 5  # later\n---\n")
        expectEdit([.unset("rating")], on: file, gives: "---\ntitle: T\nmood: x\n---\n")
    }

    @Test func theKeysSpellingStays() {
        expectEdit([.set("title", .string("New"))], on: "---\nTitle: Old\n---\n", gives: "---\nTitle: New\n---\n")
        expectEdit([.set("rating", .typed("5"))], on: "---\ntitle: T\n\"rating\": 3\n---\n", gives: "---\ntitle: T\n\"rating\": 5\n---\n")
        expectEdit(
            [.set("series_index", .typed("2"))], on: "---\ntitle: T\nseriesIndex: 1\n---\n",
            gives: "---\ntitle: T\nseriesIndex: 2\n---\n")
        expectEdit(
            [.set("finished", .typed("2024-03-02"))], on: "---\ntitle: T\ndate_read: 2023-01-01 # approx\n---\n",
            gives: "---\ntitle: T\ndate_read: 2024-03-02 # approx\n---\n")
    }

    @Test func theCanonicalSpellingWinsOverAnAlias() {
        let file = "---\ntitle: T\nauthor: A\nauthors: [B]\n---\n"
        expectEdit([.set("authors", .list(["C"]))], on: file, gives: "---\ntitle: T\nauthor: A\nauthors: [C]\n---\n")
    }

    @Test func anUnknownKeyIsMatchedAsWritten() {
        expectEdit(
            [.set("my_mood", .string("calm"))], on: "---\ntitle: T\nMy Mood: tense\n---\n",
            gives: "---\ntitle: T\nMy Mood: calm\n---\n")
        expectEdit(
            [.set("weird key: x", .string("v"))], on: "---\ntitle: T\n---\n",
            gives: "---\ntitle: T\n\"weird key: x\": v\n---\n")
    }

    @Test func aTypedValueWrittenAsAStringStaysQuoted() {
        // shelf reads a quoted rating as the rating: the owner's quotes stay (issue 18).
        expectEdit([.set("rating", .typed("4"))], on: "---\ntitle: T\nrating: \"3\"\n---\n", gives: "---\ntitle: T\nrating: \"4\"\n---\n")
        // The same number, quoted: no change at all.
        expectEdit([.set("rating", .typed("3"))], on: "---\ntitle: T\nrating: '3'\n---\n", gives: "---\ntitle: T\nrating: '3'\n---\n")
    }

    @Test func aTaggedValueIsReplacedWholeWhenItChanges() {
        let file = "---\ntitle: T\npublished: !!str 1969\n---\n"
        expectEdit([.set("published", .typed("1970"))], on: file, gives: "---\ntitle: T\npublished: 1970\n---\n")
        expectEdit([.set("title", .string("1984"))], on: "---\ntitle: !!str 1984\n---\n", gives: "---\ntitle: \"1984\"\n---\n")
    }

    @Test func aPlainTypedLookingValueOfAFieldSetToTheTextShelfShowsIsNoChange() {
        // `title: 1984` reads as the title 1984 to shelf: setting that text changes nothing, so
        // nothing is written (issue 45: it became `title: "1984"`).
        expectNoChange([.set("title", .string("1984"))], on: "---\ntitle: 1984\n---\n")
        expectNoChange([.set("title", .string("1984"))], on: "---\ntitle: '1984'\n---\n")
        // A key shelf does not know is read as YAML reads it: the string is quoted.
        expectEdit([.set("code", .string("1984"))], on: "---\ntitle: T\ncode: 1984\n---\n", gives: "---\ntitle: T\ncode: \"1984\"\n---\n")
    }

    @Test func aScalarBecomesAListAndAListAScalar() {
        expectEdit(
            [.set("tags", .list(["a", "b"]))], on: "---\ntitle: T\ntags: a  # c\n---\n",
            gives: "---\ntitle: T\ntags: [a, b]  # c\n---\n")
        expectEdit(
            [.set("tags", .list(["x"]))], on: "---\ntitle: T\ntags: [a, b]  # c\n---\n",
            gives: "---\ntitle: T\ntags: [x]  # c\n---\n")
        expectEdit(
            [.set("mood", .string("calm"))], on: "---\ntitle: T\nmood:\n  - a\n  - b\nx: 1\n---\n",
            gives: "---\ntitle: T\nmood: calm\nx: 1\n---\n")
    }

    /// `tags=,` (an empty list) on a block list. The result reads right, but the `[]` lands on
    /// the old first item's line (`tags:\n  []`) instead of after the key.
    @Test
    func anEmptyListReplacingABlockListGoesAfterTheKey() {
        expectEdit([.set("tags", .list([]))], on: "---\ntitle: T\ntags:\n  - a\n---\n", gives: "---\ntitle: T\ntags: []\n---\n")
    }

    @Test func anEditThatWouldBreakTheFrontMatterIsRefused() throws {
        // Everything the writer produces parses again; no edit may leave a file unreadable.
        let file = "---\ntitle: T\n---\n"
        for value in ["a: b", "#x", "- y", "[z", "{w", "'", "\"", "key:\n  nested", "|", ">"] {
            let bytes = try editApplying([.set("note", .string(value))], to: file)
            #expect(try editScalar("note", in: bytes)?.value == value, "\(editVisible(bytes))")
        }
    }
}
