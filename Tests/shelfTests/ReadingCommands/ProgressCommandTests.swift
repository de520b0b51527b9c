import Foundation
import Testing

/// `shelf progress` on the built binary at SHELF_TODAY=2024-03-02: one line per update.
@Suite struct ProgressCommandTests {
    @Test func progressStartsTheBookAndLogsOneLinePerDay() throws {
        let library = try TemporaryLibrary(books: [("dune.md", "---\ntitle: Dune\npages: 400\n---\nNotes.\n")])
        let first = try expectEditSuccess(["progress", "dune", "40", "--date", "2024-02-25"], in: library)
        // One day's reading is no pace yet: the pace waits for a second day.
        #expect(first.stdout == "updated dune.md\npage 40 of 400 (10%) on 2024-02-25\n")
        try expectEditSuccess(["progress", "dune", "100"], in: library)
        // The same day again replaces that day's line.
        let again = try expectEditSuccess(["progress", "dune", "p. 120"], in: library)
        #expect(again.stdout.contains("page 120 of 400 (30%) on 2024-03-02 · 17.1 pages a day · about 17 days to go"), "\(again)")
        try expectEditFile(
            "dune.md", in: library,
            equals: """
                ---
                title: Dune
                pages: 400
                status: reading
                started: 2024-02-25
                progress:
                  - 2024-02-25 page 40
                  - 2024-03-02 page 120
                ---
                Notes.

                """)
        #expect(try expectEditSuccess(["progress", "dune", "120"], in: library).stdout.hasPrefix("unchanged dune.md\n"))
        let shown = try expectEditSuccess(["show", "dune"], in: library).stdout
        #expect(shown.contains("progress  page 120 of 400 (30%) on 2024-03-02 · 17.1 pages a day"), "\(shown)")
    }

    @Test func percentAndAudioTimesAreLogged() throws {
        let library = try TemporaryLibrary(books: [
            ("hail.md", "---\r\ntitle: Project Hail Mary\r\nstatus: reading\r\nstarted: 2024-03-01\r\nprogress: []\r\n---\r\n")
        ])
        try expectEditSuccess(["progress", "hail", "45%", "--date", "2024-03-01"], in: library)
        try expectEditSuccess(["progress", "hail", "3h20m"], in: library)
        try expectEditFile(
            "hail.md", in: library,
            equals:
                "---\r\ntitle: Project Hail Mary\r\nstatus: reading\r\nstarted: 2024-03-01\r\nprogress: [2024-03-01 45%, 2024-03-02 3h20m]\r\n---\r\n"
        )
    }

    /// A percent of a book whose pages are known is a page: said beside the percent, and counted
    /// in the pace.
    @Test func aPercentOfABookWithPagesSaysThePage() throws {
        let library = try TemporaryLibrary(books: [
            ("dune.md", "---\ntitle: Dune\npages: 528\nstatus: reading\nstarted: 2024-02-25\n---\n")
        ])
        let logged = try expectEditSuccess(["progress", "dune", "45%"], in: library)
        #expect(
            logged.stdout == "updated dune.md\n45% (page 238 of 528) on 2024-03-02 · 34.0 pages a day · about 9 days to go\n",
            "\(logged)")
    }

    @Test func badPositionsAreRefused() throws {
        let library = try TemporaryLibrary(books: [
            ("dune.md", "---\ntitle: Dune\npages: 400\nstatus: reading\nstarted: 2024-02-01\n---\n"),
            ("emma.md", "---\ntitle: Emma\nstatus: read\nfinished: 2020\n---\n"),
        ])
        try expectEditFailure(["progress", "dune", "401"], in: library, stderrContains: "last page")
        try expectEditFailure(["progress", "dune", "120%"], in: library, stderrContains: "not a position")
        try expectEditFailure(["progress", "dune", "soon"], in: library, stderrContains: "not a position")
        try expectEditFailure(["progress", "dune", "10", "--date", "2024-01-01"], in: library, stderrContains: "before the read started")
        try expectEditFailure(["progress", "emma", "10"], in: library, stderrContains: "shelf start")
    }
}
