import Testing
@testable import ShelfKit

private func names(_ books: [Book]) -> [String] { books.map { String($0.path.dropLast(3)) } }

/// `ls --group-by`: one section per value; dates by year, newest first; books lacking the field last.
@Suite struct QueryGroupingTests {
    static func groups(_ field: String, _ books: [Book] = QueryTestLibrary.books) -> [(String?, [String])] {
        BookGrouping.group(books, by: field).map { ($0.value, names($0.books)) }
    }

    static func expectGroups(
        _ field: String, _ expected: [(String?, [String])], in books: [Book] = QueryTestLibrary.books,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let found = groups(field, books)
        #expect(found.map(\.0) == expected.map(\.0), sourceLocation: sourceLocation)
        #expect(found.map(\.1) == expected.map(\.1), sourceLocation: sourceLocation)
    }

    @Test func datesGroupByYearNewestFirstMissingLast() {
        Self.expectGroups(
            "finished",
            [
                ("2025", ["hobbit"]),
                ("2024", ["chiang", "guards", "ancillary"]),
                ("2023", ["left-hand", "godel", "solaris"]),
                ("2022", ["dune"]),
                ("2020", ["animal-farm"]),
                (nil, ["dispossessed", "earthsea", "dune-messiah", "player", "hail-mary", "commonplace"]),
            ])
    }

    @Test func aListFieldPutsABookInEachOfItsGroups() {
        let books = ["left-hand", "earthsea", "solaris", "hobbit", "commonplace"].map(QueryTestLibrary.book)
        Self.expectGroups(
            "tags",
            [
                ("classics", ["left-hand", "earthsea", "hobbit"]),
                ("fantasy", ["earthsea", "hobbit"]),
                ("sci-fi", ["left-hand", "solaris"]),
                (nil, ["commonplace"]),
            ], in: books)
    }

    @Test func statusesGroupInTheOrderOfAReadingLife() {
        Self.expectGroups(
            "status",
            [
                ("to-read", ["dispossessed", "dune-messiah", "hail-mary"]),
                ("reading", ["earthsea", "player"]),
                ("read", ["left-hand", "godel", "dune", "chiang", "guards", "hobbit", "animal-farm", "ancillary"]),
                ("abandoned", ["solaris"]),
                (nil, ["commonplace"]),
            ])
    }

    @Test func authorsGroupByFamilyName() {
        #expect(
            Self.groups("author").map(\.0) == [
                "Iain M. Banks", "Ted Chiang", "Frank Herbert", "Douglas R. Hofstadter", "Ursula K. Le Guin", "Ann Leckie",
                "Stanisław Lem", "George Orwell", "Terry Pratchett", "J. R. R. Tolkien", "Andy Weir", nil,
            ])
        #expect(Self.groups("authors").first { $0.0 == "Ursula K. Le Guin" }?.1 == ["left-hand", "dispossessed", "earthsea"])
    }

    @Test func ratingsGroupHighestFirst() {
        #expect(Self.groups("rating").map(\.0) == ["5", "4", "3", "2", nil])
    }

    @Test func userKeysAndTextFieldsGroupAlphabetically() {
        Self.expectGroups(
            "location",
            [
                ("bedroom", ["earthsea", "hobbit"]),
                ("living room", ["left-hand", "godel", "dune"]),
                (
                    nil,
                    [
                        "dispossessed", "solaris", "dune-messiah", "chiang", "guards", "player", "hail-mary", "animal-farm", "ancillary",
                        "commonplace",
                    ]
                ),
            ])
        #expect(Self.groups("mood").map(\.0) == ["cozy", "cozy, funny", nil])
        #expect(Self.groups("series").map(\.0) == ["Culture", "Discworld", "Dune", "Earthsea", "Hainish Cycle", nil])
    }

    @Test func nothingToGroupNoGroups() {
        #expect(BookGrouping.group([], by: "tags").isEmpty)
    }
}

/// `shelf authors`, `series`, `genres`, `locations`, `formats`.
@Suite struct QueryCollectionTests {
    @Test func authorsSortByFamilyName() {
        let entries = BookCollection.authors.entries(QueryTestLibrary.books)
        #expect(
            entries.map(\.sortName) == [
                "Banks, Iain M.", "Chiang, Ted", "Herbert, Frank", "Hofstadter, Douglas R.", "Le Guin, Ursula K.", "Leckie, Ann",
                "Lem, Stanisław", "Orwell, George", "Pratchett, Terry", "Tolkien, J. R. R.", "Weir, Andy",
            ])
        let leGuin = entries.first { $0.name == "Ursula K. Le Guin" }
        #expect(leGuin.map { names($0.books) } == ["dispossessed", "left-hand", "earthsea"])
        #expect(leGuin?.readCount == 1)
    }

    @Test func seriesListTheirBooksInOrderWithReadAndTotal() {
        var config = LibraryConfig()
        config.seriesCounts = ["Hainish Cycle": 8]
        let entries = BookCollection.series.entries(QueryTestLibrary.books, config: config)
        #expect(entries.map(\.name) == ["Culture", "Discworld", "Dune", "Earthsea", "Hainish Cycle"])
        #expect(
            entries.map { names($0.books) } == [
                ["player"], ["guards"], ["dune", "dune-messiah"], ["earthsea"], ["left-hand", "dispossessed"],
            ])
        #expect(entries.map(\.readCount) == [0, 1, 1, 0, 1])
        // Hainish Cycle from shelf.yaml's series_counts, Dune from Dune Messiah's `series_count: 6`.
        #expect(entries.map(\.total) == [nil, nil, 6, nil, 8])
    }

    @Test func theConfigsSeriesCountWinsOverABooksKey() {
        var config = LibraryConfig()
        config.seriesCounts = ["Dune": 3]
        let dune = BookCollection.series.entries(QueryTestLibrary.books, config: config).first { $0.name == "Dune" }
        #expect(dune?.total == 3)
    }

    @Test func seriesOrderFollowsTheIndexNotTheTitle() {
        let books = ["dispossessed", "left-hand"].map(QueryTestLibrary.book)
        let entries = BookCollection.series.entries(books)
        #expect(entries.map { names($0.books) } == [["left-hand", "dispossessed"]])
        #expect(entries.first?.total == nil)
    }

    @Test func genresLocationsAndFormats() {
        let books = QueryTestLibrary.books
        let genres = BookCollection.genres.entries(books)
        #expect(genres.map(\.name) == ["anthropology", "fantasy", "nonfiction", "science fiction"])
        #expect(genres.map(\.books.count) == [1, 1, 1, 1])
        let locations = BookCollection.locations.entries(books)
        #expect(locations.map(\.name) == ["bedroom", "living room"])
        #expect(locations.map { names($0.books) } == [["hobbit", "earthsea"], ["dune", "godel", "left-hand"]])
        let formats = BookCollection.formats.entries(books)
        #expect(formats.map(\.name) == ["ebook", "hardcover", "paperback"])
        #expect(formats.map { names($0.books) } == [["player", "hail-mary", "solaris"], ["godel", "earthsea"], ["dune", "left-hand"]])
    }

    @Test func aCollectionOfAQuerysBooks() throws {
        let expression = try QueryParser(today: QueryTestLibrary.today).parse("tag:sci-fi")
        let ids = QueryEvaluator(index: QueryTestLibrary.index, today: QueryTestLibrary.today).evaluate(expression).ids
        let books = ids.map { QueryTestLibrary.index.books[Int($0)] }
        #expect(
            BookCollection.authors.entries(books).map(\.sortName) == [
                "Banks, Iain M.", "Herbert, Frank", "Le Guin, Ursula K.", "Lem, Stanisław", "Weir, Andy",
            ])
    }
}
