import Foundation
import Testing

/// `shelf series` shows the books in order, re-reads, the next to read and the gaps.
@Suite struct SeriesGapsTests {
    static let books = [
        ("dune.md", "---\ntitle: Dune\nseries: Dune\nseries_index: 1\nstatus: read\nfinished: 2020\nreads: [{finished: 2010}]\n---\n"),
        ("messiah.md", "---\ntitle: Dune Messiah\nseries: Dune\nseries_index: 2\nstatus: read\n---\n"),
        ("god.md", "---\ntitle: God Emperor of Dune\nseries: dune\nseries_index: 4\n---\n"),
        ("heretics.md", "---\ntitle: Heretics of Dune\nseries: Dune\nseries_index: 5\n---\n"),
        ("emma.md", "---\ntitle: Emma\n---\n"),
        ("earthsea.md", "---\ntitle: A Wizard of Earthsea\nseries: Earthsea\nseries_index: 1\nseries_count: 3\n---\n"),
    ]

    @Test func seriesShowsOrderReadsNextAndGaps() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let text = try expectEditSuccess(["series"], in: library).stdout
        #expect(
            text == """
                4  Dune  (2 of 4 read)
                     #1 Dune — read ×2
                     #2 Dune Messiah — read
                     #3 missing
                     #4 God Emperor of Dune  ← next
                     #5 Heretics of Dune
                1  Earthsea  (0 of 3 read)
                     #1 A Wizard of Earthsea  ← next
                     #2–#3 missing

                """, "\(text)")
    }

    @Test func missingListsOnlyTheGaps() throws {
        let library = try TemporaryLibrary(books: Self.books)
        #expect(try expectEditSuccess(["series", "--missing"], in: library).stdout == "Dune: #3 missing\nEarthsea: #2–#3 missing\n")
        let json = try parseJSONArray(try expectEditSuccess(["series", "--missing", "--format", "json"], in: library).stdout)
        #expect(json.first?["missing"] as? [Int] == [3])
        #expect(json.first?["next"] as? String == "god.md")
        #expect(json.first?["read"] as? Int == 2)
    }
}
