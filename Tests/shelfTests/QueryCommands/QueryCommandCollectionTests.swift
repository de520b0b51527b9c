import Foundation
import Testing

/// `shelf authors`, `series`, `genres`, `locations` and `formats`, narrowed by a query.
@Suite struct QueryCommandCollectionTests {
    typealias L = QueryCommandLibrary

    static func output(_ args: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try L.run(args)
        #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stderr == "", "\(result)", sourceLocation: sourceLocation)
        return result.stdout
    }

    static func paths(_ entry: [String: Any]) -> [String] {
        (entry["books"] as? [[String: Any]] ?? []).map { $0["path"] as? String ?? "?" }
    }

    @Test func authorsSortByFamilyName() throws {
        #expect(
            try Self.output(["authors"]) == """
                1  Banks, Iain M.
                2  Herbert, Frank
                1  Hofstadter, Douglas R.
                3  Le Guin, Ursula K.
                1  Leckie, Ann
                1  Lem, Stanisław
                1  Pratchett, Terry
                1  Tolkien, J. R. R.
                1  Weir, Andy

                """)
    }

    @Test func authorsAsJSON() throws {
        let entries = try parseJSONArray(try Self.output(["authors", "--format", "json"]))
        let leGuin = try #require(entries.first { $0["name"] as? String == "Ursula K. Le Guin" })
        #expect(leGuin["sort_name"] as? String == "Le Guin, Ursula K.")
        #expect(leGuin["count"] as? Int == 3)
        #expect(Self.paths(leGuin) == [L.dispossessed, L.leftHand, L.earthsea])
        #expect(entries.map { $0["sort_name"] as? String }.first == "Banks, Iain M.")
    }

    @Test func aQueryNarrowsTheBooksFirst() throws {
        #expect(
            try Self.output(["authors", "tag:sci-fi", "--format", "plain"]) == """
                Banks, Iain M. (1)
                Herbert, Frank (2)
                Le Guin, Ursula K. (2)
                Lem, Stanisław (1)
                Weir, Andy (1)

                """)
        #expect(try Self.output(["locations", "-status:read"]) == "1  bedroom\n")
        #expect(
            try Self.output(["series", "-has:rating", "--format", "plain"]) == "Culture (1)\nDune (1)\nEarthsea (1)\nHainish Cycle (1)\n")
    }

    @Test func seriesInOrderWithReadAndTotal() throws {
        #expect(
            try Self.output(["series"]) == """
                1  Culture  (0 of 1 read)
                     #1 missing
                     #2 The Player of Games — reading
                1  Discworld  (1 of 1 read)
                     #1–#7 missing
                     #8 Guards! Guards! — read
                2  Dune  (1 of 6 read)
                     #1 Dune — read
                     #2 Dune Messiah — to-read  ← next
                     #3–#6 missing
                1  Earthsea  (0 of 1 read)
                     #1 A Wizard of Earthsea — reading
                2  Hainish Cycle  (1 of 8 read)
                     #1–#3 missing
                     #4 The Left Hand of Darkness — read
                     #5 missing
                     #6 The Dispossessed — to-read  ← next
                     #7–#8 missing

                """)
    }

    @Test func seriesAsJSON() throws {
        let entries = try parseJSONArray(try Self.output(["series", "--format", "json"]))
        #expect(entries.map { $0["name"] as? String } == ["Culture", "Discworld", "Dune", "Earthsea", "Hainish Cycle"])
        #expect(entries.map { $0["read"] as? Int } == [0, 1, 1, 0, 1])
        // From shelf.yaml's series_counts (Hainish Cycle) and Dune Messiah's series_count; else null.
        #expect(entries.map { $0["total"] as? Int } == [nil, nil, 6, nil, 8])
        #expect(entries.first.map { $0["total"] is NSNull } == true)
        #expect(entries.map(Self.paths) == [[L.player], [L.guards], [L.dune, L.messiah], [L.earthsea], [L.leftHand, L.dispossessed]])
    }

    @Test func genresLocationsAndFormatsAsTables() throws {
        #expect(try Self.output(["genres"]) == "1  comedy\n2  fantasy\n2  science fiction\n")
        #expect(try Self.output(["locations"]) == "2  bedroom\n3  living room\n")
        #expect(try Self.output(["formats"]) == "3  ebook\n2  hardcover\n2  paperback\n")
    }

    @Test func genresLocationsAndFormatsAsJSON() throws {
        let genres = try parseJSONArray(try Self.output(["genres", "--format", "json"]))
        #expect(genres.map { $0["name"] as? String } == ["comedy", "fantasy", "science fiction"])
        #expect(genres.map { $0["count"] as? Int } == [1, 2, 2])
        #expect(genres.map(Self.paths) == [[L.guards], [L.guards, L.earthsea], [L.dispossessed, L.leftHand]])
        let locations = try parseJSONArray(try Self.output(["locations", "--format", "json"]))
        #expect(locations.map(Self.paths) == [[L.hobbit, L.earthsea], [L.dune, L.godel, L.leftHand]])
        let formats = try parseJSONArray(try Self.output(["formats", "--format", "json"]))
        #expect(formats.map { $0["name"] as? String } == ["ebook", "hardcover", "paperback"])
        #expect(formats.map(Self.paths) == [[L.player, L.hailMary, L.solaris], [L.godel, L.earthsea], [L.dune, L.leftHand]])
        #expect(formats.first?["sort_name"] == nil)
    }

    @Test func collectionsAsCSVAndPaths() throws {
        #expect(try Self.output(["formats", "--format", "csv"]) == "name,count\r\nebook,3\r\nhardcover,2\r\npaperback,2\r\n")
        #expect(
            try Self.output(["locations", "--format", "paths"])
                == [L.hobbit, L.earthsea, L.dune, L.godel, L.leftHand].map { $0 + "\n" }.joined())
    }

    @Test func nothingMatchesNothingPrinted() throws {
        #expect(try Self.output(["authors", "zzzz"]) == "")
        #expect(try Self.output(["series", "zzzz", "--format", "json"]).trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    }
}
