import Foundation
import Testing

/// Every filter flag of `shelf ls`, alone and combined with a query by AND.
@Suite struct QueryCommandFlagTests {
    typealias L = QueryCommandLibrary

    @Test func tagStatusAuthorAndRating() throws {
        #expect(try L.ls(["--tag", "sci-fi", "rating:>=3"]) == [L.dune, L.leftHand])
        #expect(try L.ls(["--tag", "classics", "--tag", "fantasy"]) == [L.hobbit, L.earthsea])
        #expect(try L.ls(["--status", "dnf", "--status", "currently-reading"]) == [L.player, L.solaris, L.earthsea])
        #expect(try L.ls(["--status", "read", "tag:sci-fi"]) == [L.dune, L.leftHand])
        #expect(try L.ls(["--author", "le guin", "-status:to-read"]) == [L.leftHand, L.earthsea])
        #expect(try L.ls(["--rating", "4..5", "-tag:fantasy"]) == [L.ancillary, L.godel, L.leftHand])
        #expect(try L.ls(["--rating", "2"]) == [L.solaris])
    }

    @Test func series() throws {
        #expect(try L.ls(["--series", "hainish"]) == [L.dispossessed, L.leftHand])
        #expect(try L.ls(["--series", "Hainish Cycle", "rating:5"]) == [L.leftHand])
        #expect(try L.ls(["--series", "dune"]) == [L.dune, L.messiah])
    }

    @Test func genre() throws {
        #expect(try L.ls(["--genre", "fantasy"]) == [L.guards, L.earthsea])
        #expect(try L.ls(["--genre", "fantasy", "le", "guin"]) == [L.earthsea])
        #expect(try L.ls(["--genre", "science fiction", "-status:to-read"]) == [L.leftHand])
    }

    @Test func location() throws {
        #expect(try L.ls(["--location", "living room"]) == [L.dune, L.godel, L.leftHand])
        #expect(try L.ls(["--location", "living room", "tag:sci-fi"]) == [L.dune, L.leftHand])
        #expect(try L.ls(["--location", "bedroom", "status:reading"]) == [L.earthsea])
    }

    @Test func bookFormat() throws {
        #expect(try L.ls(["--book-format", "ebook"]) == [L.player, L.hailMary, L.solaris])
        #expect(try L.ls(["--book-format", "ebook", "-status:to-read"]) == [L.player, L.solaris])
        #expect(try L.ls(["--book-format", "hardcover"]) == [L.godel, L.earthsea])
    }

    @Test func addedAfterAndBefore() throws {
        // Both ends included; a partial date counts from its start (after) or to its end (before).
        #expect(try L.ls(["--added-after", "2024-06-15"]) == [L.ancillary, L.dispossessed, L.player, L.hailMary, L.earthsea])
        #expect(try L.ls(["--added-after", "2024-06", "--added-before", "2025-05-15"]) == [L.ancillary, L.dispossessed, L.earthsea])
        #expect(try L.ls(["--added-before", "2021-03"]) == [L.dune, L.messiah, L.hobbit])
        #expect(try L.ls(["--added-after", "2024-06", "tag:sci-fi"]) == [L.dispossessed, L.player, L.hailMary])
    }

    @Test func addedAfterARelativeDate() throws {
        #expect(try L.ls(["--added-after=-30d"]) == [L.ancillary, L.player, L.hailMary])
    }

    @Test
    func addedAfterARelativeDateAsASeparateArgument() throws {
        #expect(try L.ls(["--added-after", "-30d"]) == [L.ancillary, L.player, L.hailMary])
    }

    @Test func startedAfterAndBefore() throws {
        #expect(try L.ls(["--started-after", "2025-05-25"]) == [L.earthsea])
        #expect(try L.ls(["--started-before", "2025-05-25"]) == [L.player])
        #expect(try L.ls(["--started-after", "2025-05", "--started-before", "2025-06-01"]) == [L.player, L.earthsea])
        #expect(try L.ls(["--started-after", "2025", "author:banks"]) == [L.player])
    }

    @Test func finishedAfterAndBefore() throws {
        #expect(try L.ls(["--finished-after", "2024", "--finished-before", "2024"]) == [L.ancillary, L.guards])
        #expect(try L.ls(["--finished-before", "2022-12"]) == [L.dune])
        #expect(try L.ls(["--finished-after", "2023-06-30", "rating:>=4"]) == [L.ancillary, L.godel, L.guards])
    }

    @Test func favorite() throws {
        #expect(try L.ls(["--favorite"]) == [L.leftHand])
        #expect(try L.ls(["--favorite", "tag:fantasy"]) == [])
        #expect(try L.ls(["tag:classics", "--favorite"]) == [L.leftHand])
    }

    @Test func manyFlagsAndAQueryAllMustMatch() throws {
        #expect(
            try L.ls([
                "--tag", "sci-fi", "--status", "read", "--author", "le guin", "--rating", "5", "--series", "hainish",
                "--genre", "science fiction", "--location", "living room", "--book-format", "paperback",
                "--added-after", "2023", "--added-before", "2023-01-05", "--finished-after", "2023-03",
                "--finished-before", "2023-03-10", "--favorite", "estraven",
            ]) == [L.leftHand])
    }

    @Test func aBadFlagValueIsRefused() throws {
        let date = try L.run(["ls", "--added-after", "someday"])
        #expect(date.status == 1, "\(date)")
        #expect(date.stderr.contains("'someday' is not a date"), "\(date)")
        let rating = try L.run(["ls", "--rating", "7"])
        #expect(rating.status != 0, "\(rating)")
        #expect(rating.stderr.contains("--rating"), "\(rating)")
        let status = try L.run(["ls", "--status", "someday"])
        #expect(status.status == 1, "\(status)")
        #expect(status.stderr.contains("'someday' is not a status"), "\(status)")
    }
}
