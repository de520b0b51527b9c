import Testing
@testable import ShelfKit

/// Set, set-new and unset on `EditCorpus.commented` (LF, comments everywhere, quoted values,
/// `key:` with no value, unknown nested keys). Each test writes out the whole expected file.
@Suite struct ScalarSetCommentedTests {
    let input = EditCorpus.commented

    @Test func settingAPlainValueKeepsTheCommentAfterIt() {
        expectEdit(
            [.set("title", .string("Dune Messiah"))], on: input,
            gives: """
                ---
                # A book I keep coming back to
                title: Dune Messiah   # working title
                authors:   # one or more
                  - Frank Herbert  # the author
                isbn: '9780441172719'
                status: reading # to-read | reading | read
                rating: 4  # out of 5
                tags: [scifi, Classics, desert]   # flow list
                mood: "cozy"
                subtitle:
                extra:
                  shelf: living room   # where it is
                  loans:
                    - Sam
                # trailing comment
                ---
                Notes here.

                """)
    }

    @Test func settingATypedValueChangesOnlyItsDigit() {
        expectEdit(
            [.set("rating", .typed("5")), .set("status", .string("read"))], on: input,
            gives: """
                ---
                # A book I keep coming back to
                title: Dune   # working title
                authors:   # one or more
                  - Frank Herbert  # the author
                isbn: '9780441172719'
                status: read # to-read | reading | read
                rating: 5  # out of 5
                tags: [scifi, Classics, desert]   # flow list
                mood: "cozy"
                subtitle:
                extra:
                  shelf: living room   # where it is
                  loans:
                    - Sam
                # trailing comment
                ---
                Notes here.

                """)
    }

    @Test func singleAndDoubleQuotesStayWhereTheNewValueFitsThem() {
        expectEdit(
            [.set("isbn", .string("9780441013593")), .set("mood", .string("rainy: day"))], on: input,
            gives: """
                ---
                # A book I keep coming back to
                title: Dune   # working title
                authors:   # one or more
                  - Frank Herbert  # the author
                isbn: '9780441013593'
                status: reading # to-read | reading | read
                rating: 4  # out of 5
                tags: [scifi, Classics, desert]   # flow list
                mood: "rainy: day"
                subtitle:
                extra:
                  shelf: living room   # where it is
                  loans:
                    - Sam
                # trailing comment
                ---
                Notes here.

                """)
    }

    @Test func anApostropheIsDoubledInSingleQuotesAndALineBreakMovesToDoubleQuotes() {
        expectEdit(
            [.set("isbn", .string("Ender's")), .set("mood", .string("a\tb\nc \"d\" \\"))], on: input,
            gives: """
                ---
                # A book I keep coming back to
                title: Dune   # working title
                authors:   # one or more
                  - Frank Herbert  # the author
                isbn: 'Ender''s'
                status: reading # to-read | reading | read
                rating: 4  # out of 5
                tags: [scifi, Classics, desert]   # flow list
                mood: "a\\tb\\nc \\"d\\" \\\\"
                subtitle:
                extra:
                  shelf: living room   # where it is
                  loans:
                    - Sam
                # trailing comment
                ---
                Notes here.

                """)
    }

    @Test func theSameValueInAnotherQuotingIsNoChange() {
        expectNoChange([.set("isbn", .string("9780441172719"))], on: input)
        expectNoChange([.set("mood", .string("cozy"))], on: input)
        expectNoChange([.set("title", .string("Dune")), .set("rating", .typed("4"))], on: input)
        expectNoChange([.add("tags", "SCIFI"), .add("tags", "classics")], on: input)
        expectNoChange([.remove("tags", "absent"), .unset("absent")], on: input)
    }

    @Test func aPlainValueThatLooksLikeANumberIsQuoted() {
        expectEdit(
            [.set("title", .string("1984"))], on: input,
            gives: """
                ---
                # A book I keep coming back to
                title: "1984"   # working title
                authors:   # one or more
                  - Frank Herbert  # the author
                isbn: '9780441172719'
                status: reading # to-read | reading | read
                rating: 4  # out of 5
                tags: [scifi, Classics, desert]   # flow list
                mood: "cozy"
                subtitle:
                extra:
                  shelf: living room   # where it is
                  loans:
                    - Sam
                # trailing comment
                ---
                Notes here.

                """)
    }

    @Test func aKeyWithNoValueGetsOneAfterItsColon() {
        expectEdit(
            [.set("subtitle", .string("Book One"))], on: input,
            gives: """
                ---
                # A book I keep coming back to
                title: Dune   # working title
                authors:   # one or more
                  - Frank Herbert  # the author
                isbn: '9780441172719'
                status: reading # to-read | reading | read
                rating: 4  # out of 5
                tags: [scifi, Classics, desert]   # flow list
                mood: "cozy"
                subtitle: Book One
                extra:
                  shelf: living room   # where it is
                  loans:
                    - Sam
                # trailing comment
                ---
                Notes here.

                """)
    }

    @Test func aNewKeyIsOneLineAtTheEndOfTheFrontMatter() {
        expectEdit(
            [.set("location", .string("Shelf 3")), .set("published", .typed("1965"))], on: input,
            gives: """
                ---
                # A book I keep coming back to
                title: Dune   # working title
                authors:   # one or more
                  - Frank Herbert  # the author
                isbn: '9780441172719'
                status: reading # to-read | reading | read
                rating: 4  # out of 5
                tags: [scifi, Classics, desert]   # flow list
                mood: "cozy"
                subtitle:
                extra:
                  shelf: living room   # where it is
                  loans:
                    - Sam
                # trailing comment
                location: Shelf 3
                published: 1965
                ---
                Notes here.

                """)
    }

    @Test func unsetRemovesExactlyTheKeysLines() {
        expectEdit(
            [.unset("rating"), .unset("authors"), .unset("extra")], on: input,
            gives: """
                ---
                # A book I keep coming back to
                title: Dune   # working title
                isbn: '9780441172719'
                status: reading # to-read | reading | read
                tags: [scifi, Classics, desert]   # flow list
                mood: "cozy"
                subtitle:
                # trailing comment
                ---
                Notes here.

                """)
    }

    @Test func unsetOfAKeyWithNoValueAndOfTheLastKey() {
        expectEdit(
            [.unset("subtitle"), .unset("mood")], on: input,
            gives: """
                ---
                # A book I keep coming back to
                title: Dune   # working title
                authors:   # one or more
                  - Frank Herbert  # the author
                isbn: '9780441172719'
                status: reading # to-read | reading | read
                rating: 4  # out of 5
                tags: [scifi, Classics, desert]   # flow list
                extra:
                  shelf: living room   # where it is
                  loans:
                    - Sam
                # trailing comment
                ---
                Notes here.

                """)
    }

    @Test func aNestedMapReplacedByAStringTakesItsLines() throws {
        // A nested map is a value shelf cannot read: replacing it is refused without --force.
        #expect(throws: EditError.self) { try editApplying([.set("extra", .string("none"))], to: input) }
        // Forced, everything after the colon through the map goes.
        var editor = FrontMatterEditor(document: try BookDocument(bytes: Array(input.utf8)), vocabulary: .standard)
        editor.replacesUnreadableValues = true
        try editor.apply([.set("extra", .string("none"))])
        #expect(
            String(decoding: editor.document.bytes, as: UTF8.self) == """
                ---
                # A book I keep coming back to
                title: Dune   # working title
                authors:   # one or more
                  - Frank Herbert  # the author
                isbn: '9780441172719'
                status: reading # to-read | reading | read
                rating: 4  # out of 5
                tags: [scifi, Classics, desert]   # flow list
                mood: "cozy"
                subtitle:
                extra: none
                # trailing comment
                ---
                Notes here.

                """)
    }
}
