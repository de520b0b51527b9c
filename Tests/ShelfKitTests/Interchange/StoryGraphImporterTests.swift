import Testing
@testable import ShelfKit

/// The StoryGraph's CSV export: `Dates Read` ranges, quarter-star ratings, ids that are not ISBNs.
@Suite struct StoryGraphImporterTests {
    static let file = "storygraph.csv"

    @Test func aReadBookTakesItsLatestReadingAndKeepsItsExactRating() throws {
        let record = try interchangeRecord(InterchangeFixtures.rows(.storygraph, Self.file), titled: "Piranesi")
        #expect(
            interchangeLines(record) == [
                "title: \"Piranesi\"", "authors: [Susanna Clarke]", "isbn: \"9781635575637\"", "status: \"read\"", "rating: 5",
                "rating_exact: 4.75", "tags: [fantasy, favorites]", "added: 2021-01-04", "started: 2023-02-20",
                "finished: 2023-03-02", "reads: - {started: 2021-01-05, finished: 2021-01-12}", "format: \"hardcover\"",
                "source: \"storygraph\"", "read_count: 2",
                "moods: [mysterious, reflective, adventurous]", "pace: \"medium\"", "driven: \"a mix\"", "ownership: \"owned\"",
            ])
        #expect(record.notes == "The House is infinite.\nThe Beauty of the House is immeasurable; its Kindness infinite.")
    }

    @Test func didNotFinishWithAnOpenRangeIsAbandonedAndStarted() throws {
        let record = try interchangeRecord(InterchangeFixtures.rows(.storygraph, Self.file), titled: "Subprime Attention Crisis")
        #expect(record.text(of: "status") == "abandoned")
        #expect(record.text(of: "started") == "2021-06-01")
        #expect(record.text(of: "finished") == nil)
        #expect(record.text(of: "rating") == "3")
        #expect(record.text(of: "rating_exact") == "2.5")
        #expect(record.text(of: "isbn") == "0374538654")
    }

    @Test func aStoryGraphIdIsKeptAndPausedIsReadingTaggedPaused() throws {
        let record = try interchangeRecord(InterchangeFixtures.rows(.storygraph, Self.file), titled: "The Overstory")
        #expect(record.text(of: "storygraph") == "d6a7b3c2-1e4f-4b8a-9c0d-5e6f7a8b9c0d")
        #expect(record.value(of: "isbn") == nil)
        #expect(record.text(of: "status") == "reading")
        #expect(record.value(of: "tags") == .list(["paused"]))
        #expect(record.text(of: "format") == "audiobook")
        #expect(record.notes == "## Content warnings\n\nDeforestation, grief.")
    }

    @Test func severalAuthorsAreSplitOnCommas() throws {
        let record = try interchangeRecord(InterchangeFixtures.rows(.storygraph, Self.file), titled: "Always Coming Home")
        #expect(record.value(of: "authors") == .list(["Ursula K. Le Guin", "Todd Barton", "Margaret Chodos-Irvine"]))
        #expect(record.value(of: "rating") == nil)
    }

    @Test func datesReadRangesPickTheMostRecentReading() {
        let latest = StoryGraphImporter.latestReading("2023/02/20-2023/03/02, 2021/01/05-2021/01/12")
        #expect(latest.started == "2023-02-20" && latest.finished == "2023-03-02")
        let iso = StoryGraphImporter.latestReading("2024-01-05-2024-01-10")
        #expect(iso.started == "2024-01-05" && iso.finished == "2024-01-10")
        let single = StoryGraphImporter.latestReading("2022/7/4")
        #expect(single.started == nil && single.finished == "2022-07-04")
    }
}
