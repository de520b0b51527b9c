import Testing
@testable import ShelfKit

/// Goodreads' Export Library CSV, in its 31-column (2019/2020) and 23-column (2026) shapes.
@Suite struct GoodreadsImporterTests {
    static let wide = "goodreads-31-columns.csv"
    static let narrow = "goodreads-23-columns.csv"

    @Test func aReadBookInASeriesMapsEveryColumn() throws {
        let record = try interchangeRecord(InterchangeFixtures.rows(.goodreads, Self.wide), titled: "The Fifth Season")
        #expect(
            interchangeLines(record) == [
                "title: \"The Fifth Season\"", "authors: [N.K. Jemisin]", "isbn: \"9780316229296\"", "status: \"read\"",
                "rating: 5", "tags: [favorites, sci-fi, women-authors]", "added: 2020-05-02", "finished: 2020-06-14",
                // Read twice, one date known: the other read is a line of reads: with no date.
                "reads: - {finished: true}", "series: \"The Broken Earth\"", "series_index: 1", "publisher: \"Orbit\"", "published: 2015",
                "pages: 468",
                "format: \"paperback\"", "goodreads: \"19161852\"", "source: \"goodreads\"", "read_count: 2", "owned_copies: 1",
            ])
        #expect(record.row == 2)
    }

    @Test func theReviewAndPrivateNotesBecomeTheBodyWithLineBreaksAndEntitiesDecoded() throws {
        let record = try interchangeRecord(InterchangeFixtures.rows(.goodreads, Self.wide), titled: "The Fifth Season")
        #expect(
            record.notes == """
                Stunning. The second-person chapters, & the reveal, wow.

                Essun, Damaya, Syenite: "one" woman, three times.
                Reread *soon*, with **notes** & a [map](https://example.org/map).

                ## Private notes

                Lent to Sam, 2021.
                """)
    }

    @Test func aQuotedMultiLineReviewKeepsItsLinesCommasAndQuotes() throws {
        let record = try interchangeRecord(InterchangeFixtures.rows(.goodreads, Self.wide), titled: "White Fang")
        #expect(record.notes == "Gave up at chapter 4, \"The Trail of the Meat\",\nand that's fine.\nA dog's life, in a word:\n  bleak.")
        #expect(record.value(of: "authors") == .list(["Jack London", "K.A. Applegate", "Jane Doe"]))
    }

    @Test func anEmptyISBNWrapperIsNoISBNAndISBN10IsUsedWhenThereIsNo13() throws {
        let rows = try InterchangeFixtures.rows(.goodreads, Self.wide)
        #expect(
            try interchangeRecord(rows, titled: "It Walks by Night: A Paris Mystery (British Library Crime Classics Book 1)").value(
                of: "isbn") == nil)
        #expect(try interchangeRecord(rows, titled: "How to Be an Antiracist").text(of: "isbn") == "0525509283")
    }

    @Test func exclusiveShelvesBecomeStatusesAndTheOtherShelvesTags() throws {
        let records = interchangeRecords(try InterchangeFixtures.rows(.goodreads, Self.wide))
        let summary = records.map {
            "\($0.title ?? ""): \($0.text(of: "status") ?? "-") \(interchangeLines($0).first { $0.hasPrefix("tags:") } ?? "")"
        }
        #expect(
            summary == [
                "The Fifth Season: read tags: [favorites, sci-fi, women-authors]",
                "It Walks by Night: A Paris Mystery (British Library Crime Classics Book 1): to-read ",
                "How to Be an Antiracist: reading tags: [non-fiction, covid-reading]",
                "White Fang: abandoned tags: [kidz]",
                "Principles of Synthetic Intelligence, Psi: An Architecture of Motivated Cognition: to-read tags: [owned-unread, ai]",
                "The Lord of the Rings: read ",
                "Cats & Dogs: \"Notes\", Volume 2: read ",
            ])
    }

    @Test func myRatingZeroIsNoRating() throws {
        let record = try interchangeRecord(InterchangeFixtures.rows(.goodreads, Self.wide), titled: "How to Be an Antiracist")
        #expect(record.value(of: "rating") == nil)
    }

    @Test func aRowWithoutATitleIsSkippedWithItsRowNumber() throws {
        let rows = try InterchangeFixtures.rows(.goodreads, Self.wide)
        #expect(rows.contains(.skipped(row: 7, reason: "no title")))
    }

    @Test func entitiesAreDecodedInEveryCellAndASeriesPositionMayBeAFraction() throws {
        let record = try interchangeRecord(InterchangeFixtures.rows(.goodreads, Self.wide), titled: "Cats & Dogs: \"Notes\", Volume 2")
        #expect(record.text(of: "series") == "Pets")
        #expect(record.text(of: "series_index") == "0.5")
        #expect(record.text(of: "format") == "ebook")
        #expect(record.notes == "## Private notes\n\n=1+2 and @mention,\nsecond line")
    }

    @Test func theOriginalPublicationYearIsKeptWhenItDiffers() throws {
        let rows = try InterchangeFixtures.rows(.goodreads, Self.wide)
        #expect(try interchangeRecord(rows, titled: "White Fang").text(of: "original_published") == "1906")
        #expect(try interchangeRecord(rows, titled: "The Fifth Season").text(of: "original_published") == nil)
    }

    @Test func the23ColumnExportWithBOMAndCRLFReadsTheSameWay() throws {
        let rows = try InterchangeFixtures.rows(.goodreads, Self.narrow)
        let record = try interchangeRecord(
            rows, titled: "The World for Sale: Money, Power and the Traders Who Barter the Earth’s Resources")
        #expect(
            interchangeLines(record) == [
                "title: \"The World for Sale: Money, Power and the Traders Who Barter the Earth’s Resources\"",
                "authors: [Javier Blas, Jack Farchy]", "isbn: \"9781847942661\"", "status: \"read\"", "rating: 5",
                "added: 2026-05-13", "publisher: \"Random House Business\"", "published: 2020", "pages: 410",
                "format: \"paperback\"", "goodreads: \"52199304\"", "source: \"goodreads\"", "original_published: 2021",
                "read_count: 1",
            ])
        #expect(record.notes == "Commodity traders, oil & metals.\nWorth it.")
        #expect(try interchangeRecord(rows, titled: "Dune").text(of: "series") == "Dune")
    }

    @Test func columnsAreFoundByNameNotPosition() throws {
        // Average Rating back in (as the 24-column exports have it), other columns left out, all shuffled.
        let csv = #"""
            Exclusive Shelf,Average Rating,Title,My Rating,ISBN13,ISBN,Author,Book Id,Date Added,Date Read,Bookshelves
            to-read,4.27,"Dune (Dune, #1)",0,"=""9780441172719""","=""0441172717""",Frank Herbert,234225,2026/01/10,,"to-read, sci-fi"

            """#
        let shuffled = try #require(interchangeRecords(GoodreadsImporter.read(csv)).first)
        let original = try interchangeRecord(InterchangeFixtures.rows(.goodreads, Self.narrow), titled: "Dune")
        let shared = ["title", "authors", "isbn", "status", "tags", "added", "series", "series_index", "goodreads"]
        #expect(shared.map { shuffled.value(of: $0) } == shared.map { original.value(of: $0) })
    }

    @Test func aSeriesIsTakenFromTheEndOfTheTitleOnly() {
        let cases: [(String, String, String?, String?)] = [
            ("The Fifth Season (The Broken Earth, #1)", "The Fifth Season", "The Broken Earth", "1"),
            ("Gideon the Ninth (The Locked Tomb #1)", "Gideon the Ninth", "The Locked Tomb", "1"),
            ("The Hyperion Omnibus (Hyperion Cantos, #1-2)", "The Hyperion Omnibus", "Hyperion Cantos", nil),
            ("Robot Dreams (Robot #0.4)", "Robot Dreams", "Robot", "0.4"),
            ("Foundation and Empire (Foundation: Prequel #2)", "Foundation and Empire", "Foundation: Prequel", "2"),
            ("Le grand incendie de Londres (Fiction & Cie)", "Le grand incendie de Londres (Fiction & Cie)", nil, nil),
            ("(#1)", "(#1)", nil, nil),
        ]
        for (title, expectedTitle, series, index) in cases {
            let split = ImportCells.splitSeries(title)
            #expect(split.title == expectedTitle && split.series == series && split.index == index, "\(title) → \(split)")
        }
    }

    @Test func aFileThatIsNotAGoodreadsExportIsRefused() {
        #expect(throws: ImportError.self) { try GoodreadsImporter.read("Work Id,Edition Id,Bookshelf\nOL1W,,Want to Read\n") }
    }
}
