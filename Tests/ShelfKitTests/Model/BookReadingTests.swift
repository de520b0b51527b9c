import Testing
@testable import ShelfKit

/// A book is read generously: every spelling of a canonical field, a single value for a list.
@Suite struct BookReadingTests {
    @Test func readsTheCanonicalFields() throws {
        let book = try requireBook(
            """
            title: The Left Hand of Darkness
            subtitle: A novel
            authors:
              - Ursula K. Le Guin
            isbn: "9780441478125"
            status: read            # to-read | reading | read | abandoned
            rating: 5
            tags: [sci-fi, classics]
            added: 2022-12-30
            started: 2023-01-14
            finished: 2023-02-02
            series: Hainish Cycle
            series_index: 4
            publisher: Ace Books
            published: 1969
            pages: 304
            language: en
            favorite: yes

            """)
        #expect(book.path == "book.md")
        #expect(book.title == "The Left Hand of Darkness")
        #expect(book.subtitle == "A novel")
        #expect(book.authors == ["Ursula K. Le Guin"])
        #expect(book.isbn == "9780441478125")
        #expect(book.status == .read)
        #expect(book.rating == 5)
        #expect(book.tags == ["sci-fi", "classics"])
        #expect(book.added == BookDate(year: 2022, month: 12, day: 30))
        #expect(book.started?.text == "2023-01-14")
        #expect(book.finished?.text == "2023-02-02")
        #expect(book.series == "Hainish Cycle")
        #expect(book.seriesIndex == 4)
        #expect(book.publisher == "Ace Books")
        #expect(book.published?.year == 1969)
        #expect(book.published?.month == nil)
        #expect(book.pages == 304)
        #expect(book.language == "en")
        #expect(book.favorite == true)
        #expect(book.problems.map(\.description) == [])
        #expect(book.fields.map(\.key).prefix(3) == ["title", "subtitle", "authors"])
        #expect(book.fields.count == 17)
    }

    @Test(arguments: ["author", "authors", "Author", "creator", "creators", "by"])
    func anAuthorStringIsAListOfOne(key: String) throws {
        let book = try requireBook("title: x\n\(key): Frank Herbert\n")
        #expect(book.authors == ["Frank Herbert"])
        #expect(book.fields.last?.canonical == .authors)
    }

    @Test func authorsWinsOverAuthorInEitherOrder() throws {
        #expect(try requireBook("title: x\nauthor: A\nauthors: [B, C]\n").authors == ["B", "C"])
        #expect(try requireBook("title: x\nauthors: [B, C]\nauthor: A\n").authors == ["B", "C"])
        // Between two aliases, the first written counts.
        #expect(try requireBook("title: x\nauthor: A\ncreator: Z\n").authors == ["A"])
    }

    @Test func blankAuthorsAreDropped() throws {
        #expect(try requireBook("title: x\nauthors: [' A ', '', '  ']\n").authors == ["A"])
    }

    @Test(arguments: [
        ("tags: [sci-fi, classics]", ["sci-fi", "classics"]),
        ("tags:\n  - sci-fi\n  - classics", ["sci-fi", "classics"]),
        ("tags: sci-fi", ["sci-fi"]),
        ("tags: sci-fi, classics ,  space opera", ["sci-fi", "classics", "space opera"]),
        ("tags: '#sci-fi, #classics'", ["sci-fi", "classics"]),
        ("tags: ['#sci-fi', classics]", ["sci-fi", "classics"]),
        ("tag: cozy", ["cozy"]),
        ("tags: []", []),
        ("tags: ', ,'", []),
    ])
    func tagsReadFromEveryShape(line: String, tags: [String]) throws {
        #expect(try requireBook("title: x\n\(line)\n").tags == tags)
    }

    @Test func genreIsAListOfOneAndGenresAList() throws {
        #expect(try requireBook("title: x\ngenre: Fantasy\n").genres == ["Fantasy"])
        #expect(try requireBook("title: x\ngenres: [Fantasy, Horror]\n").genres == ["Fantasy", "Horror"])
    }

    @Test(arguments: ["series_index", "seriesIndex", "series_number", "Series Number", "series-position", "volume"])
    func theSeriesIndexHasManySpellings(key: String) throws {
        let book = try requireBook("title: x\n\(key): 2.5\n")
        #expect(book.seriesIndex == 2.5)
    }

    @Test(arguments: [
        ("date_read", CanonicalField.finished), ("dateRead", .finished), ("Date Read", .finished),
        ("finished_on", .finished), ("date_started", .started), ("startDate", .started),
        ("date_added", .added), ("myRating", .rating), ("my_rating", .rating), ("stars", .rating),
        ("year", .published), ("publication_date", .published), ("page_count", .pages),
        ("num_pages", .pages), ("lang", .language), ("isbn13", .isbn), ("ISBN10", .isbn),
        ("favourite", .favorite), ("cover_url", .cover), ("olid", .openlibrary), ("goodreads_id", .goodreads),
    ])
    func aliasesMapToTheirCanonicalField(key: String, field: CanonicalField) {
        #expect(CanonicalField(key: key) == field)
    }

    @Test func aliasedDatesAndRatingsFillTheirFields() throws {
        let book = try requireBook("title: x\ndate_read: 2023-02-02\nmyRating: 4\ndate_started: 2023/01/14\n")
        #expect(book.finished == BookDate(year: 2023, month: 2, day: 2))
        #expect(book.started == BookDate(year: 2023, month: 1, day: 14))
        #expect(book.rating == 4)
    }

    @Test func unknownKeysAreNotCanonical() {
        #expect(CanonicalField(key: "mood") == nil)
        #expect(CanonicalField(key: "titles") == nil)
        #expect(CanonicalField(key: "date") == nil)
    }

    @Test func aFileWithoutATitleIsNotABook() throws {
        // Keys that any note may have (tags) do not make a book; book keys do (see BookVaultReadingTests).
        #expect(try book("tags: [A]\n") == nil)
        #expect(try book("title:\n") == nil)
        #expect(try book("title: '   '\n") == nil)
        #expect(try book("title: ~\n") == nil)
        #expect(try book("title: [a, b]\n") == nil)
        #expect(try book("Title: Dune\n")?.title == "Dune")
    }

    @Test func theTitleIsTrimmedAndKeptAsText() throws {
        #expect(try requireBook("title: \"1984\"\n").title == "1984")
        #expect(try requireBook("title: 1984\n").title == "1984")
        #expect(try requireBook("title: '  Dune  '\n").title == "Dune")
    }

    @Test func unknownKeysAreReadableByName() throws {
        let book = try requireBook("title: x\nmood: cozy\nreread_plan:\n  when: winter\nPage Count: 300\n")
        #expect(book.value(of: "mood") == .scalar("cozy", isPlain: true))
        #expect(book.value(of: "reread_plan") == .map([FieldEntry(key: "when", value: .scalar("winter", isPlain: true))]))
        #expect(book.value(of: "reread-plan") == book.value(of: "reread_plan"))
        #expect(book.value(of: "pages") == .scalar("300", isPlain: true))
        #expect(book.value(of: "weather") == nil)
        #expect(book.fields.first { $0.key == "mood" }?.canonical == nil)
    }

    @Test func aKeyWrittenTwiceTakesTheLastAsYAMLReadersDo() throws {
        let book = try requireBook("title: First\ntitle: Second\nrating: 2\nrating: 4\n")
        #expect(book.title == "Second")
        #expect(book.rating == 4)
        #expect(book.value(of: "title") == .scalar("Second", isPlain: true))
        #expect(book.fields.map(\.key) == ["title", "title", "rating", "rating"])
    }

    @Test func theCanonicalSpellingWinsOverALaterAlias() throws {
        let book = try requireBook("title: x\nauthor: A\nauthors: B\nauthor: C\n")
        #expect(book.authors == ["B"])
    }
}
