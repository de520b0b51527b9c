import Testing
@testable import ShelfKit

/// docs/query.md, "Comparisons and ranges", "Relative dates" and "Presence". Today is 2025-06-10.
@Suite struct QueryComparisonTests {
    @Test func numbersCompare() {
        expectQuery("rating:>=4", matches: QueryTestLibrary.ratedFourOrMore)
        expectQuery("rating:>4", matches: ["left-hand", "chiang"])
        expectQuery("rating:5", matches: ["left-hand", "chiang"])
        expectQuery("rating:<3", matches: ["solaris"])
        expectQuery("rating:<=3", matches: ["solaris", "dune"])
        expectQuery("rating:=4", matches: ["godel", "guards", "animal-farm", "ancillary"])
        expectQuery("pages:<200", matches: ["earthsea", "animal-farm"])
        expectQuery("pages:>600", matches: ["godel", "dune"])
        expectQuery("pages:183", matches: ["earthsea"])
        expectQuery("series_index:2", matches: ["dune-messiah", "player"])
        expectQuery("series_index:>=6", matches: ["dispossessed", "guards"])
    }

    @Test func numberRangesIncludeBothEndsAndMayBeOpen() {
        expectQuery("rating:3..5", matches: QueryTestLibrary.ratedFourOrMore.union(["dune"]))
        expectQuery("rating:4..", matches: QueryTestLibrary.ratedFourOrMore)
        expectQuery("rating:..2", matches: ["solaris"])
        expectQuery("pages:200..300", matches: ["solaris", "dune-messiah", "chiang"])
        expectQuery("pages:204..204", matches: ["solaris"])
    }

    @Test func aPartialDateCoversItsWholeSpan() {
        expectQuery("finished:2023", matches: ["left-hand", "godel", "solaris"])
        expectQuery("finished:2023-06", matches: ["godel"])
        expectQuery("finished:2023-06-30", matches: ["godel"])
        expectQuery("finished:2023-07-01", matches: ["solaris"])
        expectQuery("started:2025", matches: ["earthsea", "player"])
    }

    @Test func dateRangesRunFromTheStartOfOneSpanToTheEndOfTheOther() {
        expectQuery("finished:2023-01..2023-06", matches: ["left-hand", "godel"])
        expectQuery("finished:2020..2022", matches: ["animal-farm", "dune"])
        expectQuery("published:..1950", matches: ["hobbit", "animal-farm"])
        expectQuery("published:1960..1969", matches: ["solaris", "dune", "earthsea", "left-hand", "dune-messiah"])
        expectQuery("published:2000..", matches: ["chiang", "hail-mary", "ancillary"])
    }

    @Test func comparisonsAgainstAPartialDate() {
        // Boundary books: Earthsea added 2024-06-15, The Dispossessed 2024-07-01.
        expectQuery("added:>2024-06", matches: ["dispossessed", "player", "hail-mary", "ancillary"])
        expectQuery("added:>=2024-06", matches: ["earthsea", "dispossessed", "player", "hail-mary", "ancillary"])
        let beforeJune: Set<String> = [
            "left-hand", "godel", "solaris", "dune", "dune-messiah", "chiang", "guards", "hobbit", "animal-farm",
        ]
        expectQuery("added:<2024-06", matches: beforeJune)
        expectQuery("added:<=2024-06", matches: beforeJune.union(["earthsea"]))
        expectQuery("added:<2024-07-01", matches: beforeJune.union(["earthsea"]))
        expectQuery("added:>2024-06-15", matches: ["dispossessed", "player", "hail-mary", "ancillary"])
        expectQuery("finished:>2023", matches: ["chiang", "guards", "hobbit", "ancillary"])
        expectQuery("finished:<2023", matches: ["dune", "animal-farm"])
    }

    @Test func relativeDatesCountBackFromToday() {
        // 30 days before 2025-06-10 is 2025-05-11, the day Ancillary Justice was added.
        expectQuery("added:>-30d", matches: ["player", "hail-mary"])
        expectQuery("added:>=-30d", matches: ["player", "hail-mary", "ancillary"])
        expectQuery("added:-30d..", matches: ["player", "hail-mary", "ancillary"])
        // A year back is 2024-06-10.
        expectQuery("finished:>=-1y", matches: ["ancillary", "hobbit"])
        // Two weeks back is 2025-05-27.
        expectQuery("started:-2w..", matches: ["earthsea"])
        // Twelve months back is the same day as a year back.
        expectQuery("finished:>=-12m", matches: ["ancillary", "hobbit"])
        expectQuery("added:<-5y", matches: ["animal-farm", "hobbit"])  // before 2020-06-10
    }

    @Test func relativeDatesMayCountForward() {
        expectQuery("added:>+0d", matches: [])
        expectQuery("added:-10d..+10d", matches: ["hail-mary"])
    }

    @Test func relativeDatesFollowTheParsersToday() throws {
        let parser = QueryParser(today: BookDate(year: 2025, month: 5, day: 21))
        let evaluator = QueryEvaluator(index: QueryTestLibrary.index, today: BookDate(year: 2025, month: 5, day: 21))
        let ids = evaluator.evaluate(try parser.parse("added:>=-1d"))
        #expect(ids.ids.map { QueryTestLibrary.index.books[Int($0)].path } == ["player.md", "hail-mary.md"])
    }

    @Test func hasMatchesPresentNonEmptyFields() {
        expectQuery("has:rating", matches: QueryTestLibrary.rated)
        expectQuery("-has:rating", matches: QueryTestLibrary.allNames.subtracting(QueryTestLibrary.rated))
        expectQuery("has:mood", matches: ["earthsea", "guards"])
        expectQuery("-has:mood", matches: QueryTestLibrary.allNames.subtracting(["earthsea", "guards"]))
        expectQuery("has:cover", matches: ["commonplace"])
        expectQuery("has:isbn", matches: ["left-hand", "godel", "chiang", "hail-mary"])
        expectQuery("has:series", matches: ["left-hand", "dispossessed", "earthsea", "dune", "dune-messiah", "guards", "player"])
        expectQuery("has:subtitle", matches: ["dispossessed", "godel"])
        expectQuery("has:favorite", matches: ["left-hand", "chiang"])
        expectQuery("has:author", matches: QueryTestLibrary.allNames.subtracting(["commonplace"]))
        expectQuery("-has:status", matches: ["commonplace"])
        expectQuery("has:nonesuch", matches: [])
    }
}
