import Foundation
import Testing

/// Re-reads through `start`, `finish` and `abandon` on the built binary, at SHELF_TODAY=2024-03-02:
/// a book read once keeps its simple form, a re-read adds only the lines it needs.
@Suite struct RereadCommandTests {
    static let readOnce = "---\ntitle: Dune  # desert\nstatus: read\nrating: 4\nstarted: 2019-03-02\nfinished: 2019-04-11\n---\nNotes.\n"

    @Test func aBookReadOnceKeepsItsSimpleForm() throws {
        let library = try TemporaryLibrary(books: [("dune.md", "---\ntitle: Dune\n---\n")])
        try expectEditSuccess(["start", "dune", "--date", "2024-02-01"], in: library)
        try expectEditSuccess(["finish", "dune"], in: library)
        try expectEditFile(
            "dune.md", in: library, equals: "---\ntitle: Dune\nstatus: read\nstarted: 2024-02-01\nfinished: 2024-03-02\n---\n")
    }

    /// An import's `read_count:` stays true: each read finished counts one more, whether by
    /// `start` then `finish` or by `finish --again`; finishing a finished book again without
    /// `--again`, or abandoning, leaves it.
    @Test func anImportedReadCountCountsEachReadFinished() throws {
        let library = try TemporaryLibrary(books: [
            ("dune.md", "---\ntitle: Dune\nstatus: read\nfinished: 2019-04-11\nread_count: 2\n---\n"),
            ("emma.md", "---\ntitle: Emma\nstatus: to-read\nread_count: 0\n---\n"),
        ])
        try expectEditSuccess(["start", "dune"], in: library)
        try expectEditSuccess(["finish", "dune"], in: library)
        #expect(try library.editText("dune.md").contains("\nread_count: 3\n"))
        try expectEditSuccess(["finish", "dune"], in: library)
        #expect(try library.editText("dune.md").contains("\nread_count: 3\n"))
        try expectEditSuccess(["finish", "dune", "--again"], in: library, environment: ["SHELF_TODAY": "2024-06-01"])
        #expect(try library.editText("dune.md").contains("\nread_count: 4\n"))
        try expectEditSuccess(["start", "emma"], in: library)
        try expectEditSuccess(["abandon", "emma"], in: library)
        #expect(try library.editText("emma.md").contains("\nread_count: 0\n"))
        try expectEditSuccess(["finish", "emma"], in: library)
        #expect(try library.editText("emma.md").contains("\nread_count: 1\n"))
    }

    @Test func startingAFinishedBookBeginsANewReadAndKeepsTheOldOne() throws {
        let library = try TemporaryLibrary(books: [("dune.md", Self.readOnce)])
        let result = try expectEditSuccess(["start", "dune"], in: library)
        #expect(result.stdout == "updated dune.md\n")
        try expectEditFile(
            "dune.md", in: library,
            equals: """
                ---
                title: Dune  # desert
                status: reading
                rating: 4
                started: 2024-03-02
                reads:
                  - {started: 2019-03-02, finished: 2019-04-11, rating: 4}
                ---
                Notes.

                """)
        try expectEditSuccess(["finish", "dune", "--rating", "5"], in: library)
        try expectEditFile(
            "dune.md", in: library,
            equals: """
                ---
                title: Dune  # desert
                status: read
                rating: 5
                started: 2024-03-02
                reads:
                  - {started: 2019-03-02, finished: 2019-04-11, rating: 4}
                finished: 2024-03-02
                ---
                Notes.

                """)
        // A third read adds one more line to the list, in its own indentation.
        try expectEditSuccess(["start", "dune"], in: library, environment: ["SHELF_TODAY": "2025-01-05"])
        try expectEditFile(
            "dune.md", in: library,
            equals: """
                ---
                title: Dune  # desert
                status: reading
                rating: 5
                started: 2025-01-05
                reads:
                  - {started: 2019-03-02, finished: 2019-04-11, rating: 4}
                  - {started: 2024-03-02, finished: 2024-03-02, rating: 5}
                ---
                Notes.

                """)
    }

    @Test func aReReadInACRLFFileWithAFlowListStaysInItsStyle() throws {
        let library = try TemporaryLibrary(books: [
            (
                "dune.md",
                "---\r\ntitle: Dune\r\nstatus: read\r\nfinished: 2020\r\nreads: [{finished: 2010-05}]\r\n---\r\n"
            )
        ])
        try expectEditSuccess(["start", "dune", "--date", "2023-06"], in: library)
        try expectEditFile(
            "dune.md", in: library,
            equals:
                "---\r\ntitle: Dune\r\nstatus: reading\r\nreads: [{finished: 2010-05}, {finished: 2020}]\r\nstarted: 2023-06\r\n---\r\n")
    }

    @Test func finishAgainLogsAnotherReadOfAFinishedBook() throws {
        let library = try TemporaryLibrary(books: [("dune.md", Self.readOnce)])
        try expectEditFailure(["finish", "dune", "--date", "2024-01-05"], in: library, stderrContains: "--again")
        try expectEditSuccess(["finish", "dune", "--again", "--date", "2024-01-05"], in: library)
        try expectEditFile(
            "dune.md", in: library,
            equals: """
                ---
                title: Dune  # desert
                status: read
                rating: 4
                finished: 2024-01-05
                reads:
                  - {started: 2019-03-02, finished: 2019-04-11, rating: 4}
                ---
                Notes.

                """)
        // Finishing again without a date keeps it.
        #expect(try expectEditSuccess(["finish", "dune"], in: library).stdout == "unchanged dune.md\n")
    }

    @Test func abandonRecordsThePageAndARestartKeepsIt() throws {
        let library = try TemporaryLibrary(books: [("dune.md", "---\ntitle: Dune\npages: 412\nstatus: reading\nstarted: 2024-01-02\n---\n")]
        )
        try expectEditFailure(["abandon", "dune", "--page", "500"], in: library, stderrContains: "412")
        try expectEditSuccess(["abandon", "dune", "--page", "120", "--date", "2024-02-01"], in: library)
        try expectEditFile(
            "dune.md", in: library,
            equals:
                "---\ntitle: Dune\npages: 412\nstatus: abandoned\nstarted: 2024-01-02\nfinished: 2024-02-01\nprogress:\n  - 2024-02-01 page 120\n---\n"
        )
        try expectEditSuccess(["start", "dune"], in: library)
        try expectEditFile(
            "dune.md", in: library,
            equals:
                "---\ntitle: Dune\npages: 412\nstatus: reading\nstarted: 2024-03-02\nreads:\n  - {started: 2024-01-02, abandoned: 2024-02-01, page: 120}\n---\n"
        )
        let json = try parseJSONArray(try expectEditSuccess(["ls", "--json"], in: library).stdout)
        let reads = json.first?["reads"] as? [[String: Any]]
        #expect(reads?.first?["abandoned"] as? String == "2024-02-01")
    }

    @Test func abandoningAFinishedBookIsRefused() throws {
        let library = try TemporaryLibrary(books: [("dune.md", Self.readOnce)])
        try expectEditFailure(["abandon", "dune"], in: library, stderrContains: "start it again")
    }

    @Test func datesAreChecked() throws {
        let library = try TemporaryLibrary(books: [("dune.md", "---\ntitle: Dune\nstatus: reading\nstarted: 2024-02-10\n---\n")])
        try expectEditFailure(["finish", "dune", "--date", "2024-02-01"], in: library, stderrContains: "before the start date")
        try expectEditFailure(["finish", "dune", "--date", "2024-03-09"], in: library, stderrContains: "future")
        try expectEditFailure(["finish", "dune", "--date", "2024-02-30"], in: library)
        try expectEditFailure(["start", "dune", "--date", "2024-03-03"], in: library, stderrContains: "--force")
        try expectEditSuccess(["finish", "dune", "--date", "2024-03-09", "--force"], in: library)
        try expectEditFile(
            "dune.md", in: library, equals: "---\ntitle: Dune\nstatus: read\nstarted: 2024-02-10\nfinished: 2024-03-09\n---\n")
        // A new read may not start before the last one ended.
        try expectEditFailure(["start", "dune", "--date", "2024-01-01"], in: library, stderrContains: "before the last one ended")
    }

    @Test func partialDatesAreAllowedForOldReads() throws {
        let library = try TemporaryLibrary(books: [("dune.md", "---\ntitle: Dune\n---\n")])
        try expectEditSuccess(["start", "dune", "--date", "2019-05"], in: library)
        try expectEditSuccess(["finish", "dune", "--date", "2019"], in: library)
        try expectEditFile("dune.md", in: library, equals: "---\ntitle: Dune\nstatus: read\nstarted: 2019-05\nfinished: 2019\n---\n")
    }

    @Test func aDateShelfCannotReadIsNeverMovedAway() throws {
        let library = try TemporaryLibrary(books: [("dune.md", "---\ntitle: Dune\nstatus: read\nfinished: \"[[my day]]\"\n---\n")])
        try expectEditFailure(["start", "dune"], in: library, stderrContains: "cannot read")
    }

    @Test func queriesSortAndStatsSeeEveryRead() throws {
        let library = try TemporaryLibrary(books: [
            (
                "dune.md",
                "---\ntitle: Dune\nstatus: reading\nstarted: 2024-02-01\nreads:\n  - {started: 2019-03-02, finished: 2019-04-11}\n  - {finished: 2021-06-01}\n---\n"
            ),
            ("emma.md", "---\ntitle: Emma\nstatus: read\nfinished: 2020-01-01\n---\n"),
        ])
        #expect(try expectEditSuccess(["ls", "finished:2019", "--format", "paths"], in: library).stdout == "dune.md\n")
        #expect(try expectEditSuccess(["ls", "finished:>2020-06", "--format", "paths"], in: library).stdout == "dune.md\n")
        #expect(try expectEditSuccess(["ls", "-finished:2019", "--format", "paths"], in: library).stdout == "emma.md\n")
        #expect(try expectEditSuccess(["ls", "--sort", "finished", "--format", "paths"], in: library).stdout == "dune.md\nemma.md\n")
        let stats = try parseJSONObject(try expectEditSuccess(["stats", "--json"], in: library).stdout)
        let reads = stats["reads"] as? [String: Any]
        #expect(reads?["reads"] as? Int == 3)
        #expect(reads?["rereads"] as? Int == 1)
        #expect(reads?["reread_books"] as? Int == 1)
        #expect((reads?["reads_by_year"] as? [String: Any])?["2021"] as? Int == 1)
        #expect(try expectEditSuccess(["stats"], in: library).stdout.contains("3 reads · 1 re-read of 1 book"))
    }
}

/// Exports carry every read.
@Suite struct ReadsExportTests {
    @Test func csvAndGoodreadsExportsCarryEveryRead() throws {
        let library = try TemporaryLibrary(books: [
            (
                "dune.md",
                "---\ntitle: Dune\nstatus: read\nfinished: 2024-01-05\nreads:\n  - {started: 2019-03-02, finished: 2019-04-11, rating: 4}\n---\n"
            )
        ])
        let csv = try expectEditSuccess(["export", "csv"], in: library).stdout
        #expect(csv.contains("times_read,reads\r\n"), "\(csv)")
        #expect(
            csv.contains(
                ",2,\"[{\"\"started\"\":\"\"2019-03-02\"\",\"\"finished\"\":\"\"2019-04-11\"\",\"\"rating\"\":4},{\"\"finished\"\":\"\"2024-01-05\"\"}]\"\r\n"
            ), "\(csv)")
        let goodreads = try expectEditSuccess(["export", "goodreads"], in: library).stdout
        #expect(goodreads.contains(",2,"), "\(goodreads)")
    }
}
