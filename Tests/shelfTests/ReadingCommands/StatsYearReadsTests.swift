import Foundation
import Testing

/// `shelf stats --year Y` on the built binary: the reads section counts the reads finished in Y
/// only, and a read in Y of a book first read earlier is a re-read of Y.
@Suite struct StatsYearReadsTests {
    /// Dune: read in 2019, again in 2021, again in 2024 (the latest). Emma: read in 2021 only.
    /// Solaris: read in 2021 and again in 2021. Ubik: read once, its day not known, then in 2024.
    static func library() throws -> TemporaryLibrary {
        try TemporaryLibrary(books: [
            (
                "dune.md",
                "---\ntitle: Dune\nstatus: read\nstarted: 2024-02-01\nfinished: 2024-03-01\nreads:\n"
                    + "  - {started: 2019-03-02, finished: 2019-04-11}\n  - {finished: 2021-06-01}\n---\n"
            ),
            ("emma.md", "---\ntitle: Emma\nstatus: read\nfinished: 2021-01-10\n---\n"),
            ("solaris.md", "---\ntitle: Solaris\nstatus: read\nfinished: 2021-11-20\nreads:\n  - {finished: 2021-02-03}\n---\n"),
            ("ubik.md", "---\ntitle: Ubik\nstatus: read\nfinished: 2024-05-05\nreads:\n  - {finished: true}\n---\n"),
            ("mid.md", "---\ntitle: Middlemarch\nstatus: reading\nstarted: 2021-03-01\n---\n"),
        ])
    }

    static func reads(_ arguments: [String], in library: TemporaryLibrary) throws -> [String: Any] {
        let stats = try parseJSONObject(try expectEditSuccess(["stats", "--format", "json"] + arguments, in: library).stdout)
        return try #require(stats["reads"] as? [String: Any])
    }

    @Test func theReadsOfAYearAreCountedAndAReReadIsOneInItsOwnYear() throws {
        let library = try Self.library()
        let y2021 = try Self.reads(["--year", "2021"], in: library)
        // Dune's second read, Emma, Solaris twice: 4 reads; Dune's and Solaris's second are re-reads.
        #expect(y2021["reads"] as? Int == 4)
        #expect(y2021["rereads"] as? Int == 2)
        #expect(y2021["reread_books"] as? Int == 2)
        #expect((y2021["reads_by_year"] as? [String: Int]) == ["2021": 4])
        let y2024 = try Self.reads(["--year", "2024"], in: library)
        // Dune's third read and Ubik's second: both re-reads, the first reads being of other years.
        #expect(y2024["reads"] as? Int == 2)
        #expect(y2024["rereads"] as? Int == 2)
        #expect(y2024["reread_books"] as? Int == 2)
        #expect((y2024["reads_by_year"] as? [String: Int]) == ["2024": 2])
        let y2019 = try Self.reads(["--year", "2019"], in: library)
        #expect(y2019["reads"] as? Int == 1)
        #expect(y2019["rereads"] as? Int == 0)
        #expect(y2019["reread_books"] as? Int == 0)
        // Without a year, every read: 3 of Dune, 1 of Emma, 2 of Solaris, 2 of Ubik.
        let all = try Self.reads([], in: library)
        #expect(all["reads"] as? Int == 8)
        #expect(all["rereads"] as? Int == 4)
        #expect(all["reread_books"] as? Int == 3)
        #expect((all["reads_by_year"] as? [String: Int]) == ["2019": 1, "2021": 4, "2024": 2])
    }

    @Test func theTextLineSaysTheYearsReads() throws {
        let library = try Self.library()
        let y2021 = try expectEditSuccess(["stats", "--year", "2021"], in: library).stdout
        #expect(y2021.hasSuffix("\n4 reads in 2021 · 2 re-reads of 2 books\n"), "\(y2021)")
        let y2024 = try expectEditSuccess(["stats", "--year", "2024"], in: library).stdout
        #expect(y2024.hasSuffix("\n2 reads in 2024 · 2 re-reads of 2 books\n"), "\(y2024)")
        // No re-read in 2019: no line of reads.
        let y2019 = try expectEditSuccess(["stats", "--year", "2019"], in: library).stdout
        #expect(!y2019.contains("re-read"), "\(y2019)")
        #expect(try expectEditSuccess(["stats"], in: library).stdout.hasSuffix("\n8 reads · 4 re-reads of 3 books\n"))
    }

    /// `--year Y` counts the books with a read finished in Y; `--started` and `--added` count by
    /// those dates instead, and alone (without a year) they are a usage error.
    @Test func aYearCountsFinishedBooksUnlessAskedOtherwise() throws {
        let library = try TemporaryLibrary(books: [
            ("dune.md", "---\ntitle: Dune\nstatus: read\nfinished: 2024-03-01\nreads:\n  - {finished: 2021-06-01}\n---\n"),
            ("emma.md", "---\ntitle: Emma\nstatus: read\nstarted: 2020-12-20\nfinished: 2021-01-10\nadded: 2019-05-01\n---\n"),
            ("mid.md", "---\ntitle: Middlemarch\nstatus: reading\nstarted: 2021-03-01\n---\n"),
            ("pir.md", "---\ntitle: Piranesi\nstatus: to-read\nadded: 2021-05-01\nrating: 2\n---\n"),
        ])
        func total(_ arguments: [String]) throws -> Int? {
            try parseJSONObject(try expectEditSuccess(["stats", "--format", "json"] + arguments, in: library).stdout)["total"] as? Int
        }
        // Dune (its earlier read) and Emma; not the book started in 2021, nor the one added.
        #expect(try total(["--year", "2021"]) == 2)
        #expect(try total(["--year", "2021", "--finished"]) == 2)
        #expect(try total(["--year", "2021", "--started"]) == 1)
        #expect(try total(["--year", "2021", "--added"]) == 1)
        // The unread book's rating is not among the year's ratings.
        let text = try expectEditSuccess(["stats", "--year", "2021"], in: library).stdout
        #expect(text.hasPrefix("2 books  0 to-read · 0 reading · 2 read · 0 abandoned\n"), "\(text)")
        let alone = try library.editRun(["stats", "--added"])
        #expect(alone.status == 64, "\(alone)")
        #expect(alone.stderr.contains("give a year"), "\(alone)")
    }
}
