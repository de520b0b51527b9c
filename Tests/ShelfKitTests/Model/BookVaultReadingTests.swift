import Testing
@testable import ShelfKit

/// Values as people write them in hand-kept vaults: links, placeholders, booleans where a date
/// goes, names in one string, a series as a map or a list, titles from a heading or a file name.
@Suite struct BookVaultReadingTests {
    func read(_ text: String, path: String = "Books/Dune.md", vocabulary: Vocabulary = .standard) throws -> Book? {
        let document = try BookDocument(bytes: Array(text.utf8))
        return Book(path: path, document: document, vocabulary: vocabulary)
    }

    @Test func linksReadAsTheirText() throws {
        let book = try requireBook(
            """
            title: "[[Dune]]"
            author: "[[Frank Herbert]]"
            series: "[[Books/Dune Chronicles|Dune Chronicles]]"
            publisher: [[Chilton Books]]
            finished: "[[2022-01-06]]"
            started: [[2021-12-20]]

            """)
        #expect(book.title == "Dune")
        #expect(book.authors == ["Frank Herbert"])
        #expect(book.series == "Dune Chronicles")
        #expect(book.publisher == "Chilton Books")
        #expect(book.finished?.canonicalText == "2022-01-06")
        #expect(book.started?.canonicalText == "2021-12-20")
        #expect(book.problems.isEmpty)
    }

    @Test func unquotedLinksInAListReadAsTheirText() throws {
        let book = try requireBook("title: Good Omens\nauthors:\n  - [[Terry Pratchett]]\n  - \"[[People/Neil Gaiman]]\"\n")
        #expect(book.authors == ["Terry Pratchett", "Neil Gaiman"])
    }

    @Test func placeholdersAreNoValues() throws {
        let book = try requireBook(
            """
            title: Dune
            author: "{{author}}"
            rating: "<% tp.system.prompt('Rating') %>"
            finished: "{{date:YYYY-MM-DD}}"
            pages: 412

            """)
        #expect(book.authors.isEmpty)
        #expect(book.rating == nil && book.finished == nil)
        #expect(book.problems.isEmpty)
    }

    @Test func aTitlePlaceholderIsNoTitle() throws {
        #expect(try book("title: \"{{title}}\"\ntags: [book]\n") == nil)
    }

    @Test func booleansAreNotDates() throws {
        let book = try requireBook("title: Dune\npublished: false\nfinished: \"false\"\n")
        #expect(book.published == nil)
        #expect(book.problems.map(\.code) == ["invalid-date"], "a quoted word is a string, not a boolean: still reported")
    }

    @Test func semicolonsAlwaysSeparateNames() throws {
        let book = try requireBook("title: Good Omens\nauthors: \"Terry Pratchett; Neil Gaiman\"\n")
        #expect(book.authors == ["Terry Pratchett", "Neil Gaiman"])
    }

    @Test func commasSeparateNamesOnlyWhereTheVaultSaysSo() throws {
        let text = "---\ntitle: Good Omens\nauthor: Terry Pratchett, Neil Gaiman\n---\n"
        #expect(try read(text)?.authors == ["Terry Pratchett, Neil Gaiman"])
        let joined = Vocabulary(joinsNamesWithCommas: true)
        #expect(try read(text, vocabulary: joined)?.authors == ["Terry Pratchett", "Neil Gaiman"])
        #expect(try read(text, vocabulary: VocabularyPreset.obsidianBookSearch.vocabulary)?.authors == ["Terry Pratchett", "Neil Gaiman"])
    }

    @Test func quotedNamesKeepTheirInnerSpaces() throws {
        let book = try requireBook("title: x\nauthors: [\"Ursula K.  Le Guin\"]\n")
        #expect(book.authors == ["Ursula K.  Le Guin"])
    }

    @Test func aSeriesWrittenAsAMapIsRead() throws {
        let book = try requireBook("title: Dune Messiah\nseries: {name: Dune, index: 2}\n")
        #expect(book.series == "Dune")
        #expect(book.seriesIndex == 2)
    }

    @Test func aListOfSeriesGivesTheFirstAndKeepsTheRest() throws {
        let book = try requireBook("title: Foundation's Edge\nseries:\n  - name: Foundation\n    number: 4\n  - Robot\n")
        #expect(book.series == "Foundation")
        #expect(book.seriesIndex == 4)
        #expect(book.seriesWritten.map(\.name) == ["Foundation", "Robot"])
        #expect(book.queryTexts(of: "series").contains("Robot"))
    }

    @Test func aNoteWithBookKeysTakesItsTitleFromItsHeading() throws {
        let book = try #require(try read("---\nauthor: Frank Herbert\nstatus: read\n---\n\n# Dune (1965)\n\nNotes.\n"))
        #expect(book.title == "Dune (1965)")
    }

    @Test func elseFromItsFileName() throws {
        let book = try #require(
            try read("---\nauthor: Frank Herbert\n---\nNo heading.\n## Only a second level\n", path: "Books/Dune Messiah.md"))
        #expect(book.title == "Dune Messiah")
    }

    @Test func aHeadingInsideCodeIsNoTitle() throws {
        let book = try #require(try read("---\nisbn: \"9780441172719\"\n---\n```\n# not this\n```\n# Dune\n", path: "x.md"))
        #expect(book.title == "Dune")
    }

    @Test func aNoteWithoutBookKeysIsNoBook() throws {
        #expect(try read("---\ntags: [daily]\ndate: 2024-01-02\n---\n# Tuesday\n") == nil)
    }
}
