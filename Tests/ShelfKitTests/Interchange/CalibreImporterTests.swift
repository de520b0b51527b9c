import Testing
@testable import ShelfKit

/// calibre's catalog CSV (stars, halved) and `calibredb list --for-machine` JSON (raw 0–10).
@Suite struct CalibreImporterTests {
    @Test func aCatalogRowMapsEveryColumn() throws {
        let record = try interchangeRecord(InterchangeFixtures.rows(.calibre, "calibre-catalog.csv"), titled: "That Ain't Witchcraft")
        #expect(
            interchangeLines(record) == [
                "title: \"That Ain't Witchcraft\"", "authors: [Seanan McGuire]", "isbn: \"9780756411800\"", "rating: 5",
                "tags: [Cryptids, Fantasy, Romance]", "added: 2021-01-19", "series: \"InCryptid\"", "series_index: 8",
                "publisher: \"Daw Books\"", "published: 2019-03-05", "language: \"eng\"", "format: \"ebook\"",
                "cover: \"/home/reader/Books/Seanan McGuire/That Ain't Witchcraft (864)/cover.jpg\"", "goodreads: \"39077187\"",
                "calibre: \"3051ed45-8943-4900-a22a-d2704e3583df\"", "source: \"calibre\"", "read: \"Yes\"",
            ])
        #expect(record.notes == "A cryptid romance.")
    }

    @Test func authorsJoinedWithAmpersandHalfStarsHTMLCommentsAndAnUnknownDate() throws {
        let record = try interchangeRecord(InterchangeFixtures.rows(.calibre, "calibre-catalog.csv"), titled: "Good Omens")
        #expect(record.value(of: "authors") == .list(["Terry Pratchett", "Neil Gaiman"]))
        #expect(record.text(of: "rating") == "5")
        #expect(record.text(of: "rating_exact") == "4.5")
        #expect(record.value(of: "published") == nil)
        #expect(record.value(of: "series_index") == nil)
        #expect(record.value(of: "identifiers") == .list(["amazon:B002RI9ZRQ"]))
        #expect(record.notes == "The world ends on Saturday. *Next* Saturday.")
    }

    @Test func theForMachineJSONHasRawTenPointRatingsAndIdentifierMaps() throws {
        let rows = try InterchangeFixtures.rows(.calibre, "calibre-list.json")
        let record = try interchangeRecord(rows, titled: "The Left Hand of Darkness")
        #expect(
            interchangeLines(record) == [
                "title: \"The Left Hand of Darkness\"", "authors: [Ursula K. Le Guin]", "isbn: \"9780441478125\"", "rating: 5",
                "tags: [sci-fi, classics]", "added: 2022-12-30", "series: \"Hainish Cycle\"", "series_index: 4",
                "publisher: \"Ace Books\"", "published: 1969-03-01", "language: \"eng\"", "format: \"ebook\"",
                "cover: \"/home/reader/Books/Ursula K. Le Guin/The Left Hand of Darkness (12)/cover.jpg\"",
                "goodreads: \"18423\"", "openlibrary: \"OL7353617M\"", "calibre: \"a1b2c3d4-0000-4000-8000-000000000012\"",
                "source: \"calibre\"", "read: true",
            ])
        #expect(record.notes == "Winter on Gethen & the **Ekumen**.\n\nA second paragraph.")
        #expect(try interchangeRecord(rows, titled: "Good Omens").text(of: "rating_exact") == "3.5")
        #expect(rows.contains(.skipped(row: 3, reason: "no title")))
    }

    @Test func ratingsOnOtherScalesRoundHalfUpAndKeepTheExactValue() {
        #expect(ImportCells.rating("0") == nil)
        #expect(ImportCells.rating("") == nil)
        #expect(ImportCells.rating("3.75")! == (4, "3.75"))
        #expect(ImportCells.rating("3.25")! == (3, "3.25"))
        #expect(ImportCells.rating("8", scale: 10)! == (4, nil))
        #expect(ImportCells.rating("1", scale: 10)! == (1, "0.5"))
    }
}
