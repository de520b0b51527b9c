import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `shelf goal` on the built binary at SHELF_TODAY=2024-03-02 (day 62 of 366): the goal kept in
/// shelf.yaml with every other byte of it, and the year counted from every finished read.
@Suite struct GoalCommandTests {
    static let config = """
        # my library
        filename: "{author}-{title}"   # names

        queries:
          keepers: "rating:5"
        # the end

        """

    static let books: [(String, String)] = [
        // Read twice this year: both reads count.
        (
            "dune.md",
            "---\ntitle: Dune\npages: 400\nstatus: read\nfinished: 2024-02-20\nreads:\n  - {finished: 2024-01-10}\n  - {finished: 2019}\n---\n"
        ),
        ("emma.md", "---\ntitle: Emma\npages: 300\nstatus: read\nstarted: 2023-12-01\nfinished: 2024-01-03\n---\n"),
        ("ice.md", "---\ntitle: Ice\nstatus: reading\nstarted: 2024-02-01\n---\n"),
        ("old.md", "---\ntitle: Old\npages: 100\nstatus: read\nfinished: 2023-06-01\n---\n"),
    ]

    @Test func aGoalIsOneLineOfGoalsAndTheRestOfTheFileIsKept() throws {
        let library = try TemporaryLibrary(config: Self.config, books: Self.books)
        #expect(try expectEditSuccess(["goal", "2024", "--books", "52"], in: library).stdout == "goal for 2024: 52 books\n")
        try expectEditFile("shelf.yaml", in: library, equals: Self.config + "goals:\n  2024: {books: 52}\n")
        // --pages keeps the books; another year goes in year order.
        try expectEditSuccess(["goal", "2024", "--pages", "15000"], in: library)
        try expectEditSuccess(["goal", "2023", "--books", "20"], in: library)
        try expectEditSuccess(["goal", "2025", "--books", "30"], in: library)
        try expectEditFile(
            "shelf.yaml", in: library,
            equals: Self.config
                + "goals:\n  2023: {books: 20}\n  2024: {books: 52, pages: 15000}\n  2025: {books: 30}\n")
        // The same goal again writes nothing.
        try library.editAgeFiles()
        let before = try library.snapshot()
        try expectEditSuccess(["goal", "2024", "--books", "52"], in: library)
        #expect(try library.snapshot() == before)
        #expect(try expectEditSuccess(["goal", "--clear", "2024"], in: library).stdout == "cleared the 2024 goal\n")
        try expectEditFile("shelf.yaml", in: library, equals: Self.config + "goals:\n  2023: {books: 20}\n  2025: {books: 30}\n")
    }

    @Test func crlfAndAnEmptyGoalsKeyAreWrittenInTheFilesOwnForm() throws {
        let library = try TemporaryLibrary(config: "filename: x\r\ngoals:\r\nqueries: {}\r\n")
        try expectEditSuccess(["goal", "2024", "--books", "12"], in: library)
        try expectEditFile("shelf.yaml", in: library, equals: "filename: x\r\ngoals:\r\n  2024: {books: 12}\r\nqueries: {}\r\n")
        try expectEditSuccess(["goal", "2023", "--books", "3"], in: library)
        try expectEditFile(
            "shelf.yaml", in: library, equals: "filename: x\r\ngoals:\r\n  2023: {books: 3}\r\n  2024: {books: 12}\r\nqueries: {}\r\n")
    }

    @Test func theOlderGoalSettingIsThisYearsBooksGoalAndClearsToo() throws {
        let library = try TemporaryLibrary(config: "filename: x\ngoal: 30  # books\nqueries: {}\n", books: Self.books)
        let shown = try expectEditSuccess(["goal"], in: library, environment: ["NO_COLOR": "1"]).stdout
        #expect(shown.hasPrefix("2024 goal  30 books\n"), "\(shown)")
        try expectEditSuccess(["goal", "--clear", "2024"], in: library)
        try expectEditFile("shelf.yaml", in: library, equals: "filename: x\nqueries: {}\n")
        try expectEditFailure(["goal", "--clear", "2024"], in: library, stderrContains: "no goal for 2024")
    }

    @Test func theYearCountsEveryFinishedReadAgainstThePace() throws {
        let library = try TemporaryLibrary(
            config: "goals:\n  2024: {books: 52, pages: 5000}\n  2023: {books: 2}\n  2025: {books: 10}\n", books: Self.books)
        let text = try expectEditSuccess(["goal"], in: library, environment: ["NO_COLOR": "1"]).stdout
        // Day 62 of 366: 52 × 62 / 366 = 8 books expected; 3 done (Dune twice, Emma).
        #expect(
            text == """
                2024 goal  52 books · 5000 pages
                  books █░░░░░░░░░░░░░░░░░░░  3 of 52 (6%) · 49 to go · behind (8 expected by 2024-03-02) · 1.1 books a week needed
                  pages ████░░░░░░░░░░░░░░░░  1100 of 5000 (22%) · 3900 to go · on pace (846 expected by 2024-03-02) · 89.5 pages a week needed

                """, "\(text)")
        let past = try expectEditSuccess(["goal", "2023"], in: library, environment: ["NO_COLOR": "1"]).stdout
        #expect(past.contains("1 of 2 (50%) · missed by 1"), "\(past)")
        let future = try expectEditSuccess(["goal", "2025"], in: library, environment: ["NO_COLOR": "1"]).stdout
        #expect(future.contains("0 of 10 (0%) · 10 to go · 0.2 books a week"), "\(future)")
        let json = try expectEditSuccess(["goal", "--json"], in: library).stdout
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["year"] as? Int == 2024)
        #expect(object["books_done"] as? Int == 3)
        let books = try #require(object["books"] as? [String: Any])
        #expect(books["goal"] as? Int == 52)
        #expect(books["remaining"] as? Int == 49)
        #expect(books["expected_by_today"] as? Int == 8)
        #expect(books["on_pace"] as? Bool == false)
        #expect(books["per_week_needed"] as? Double == 1.1)
        let dashboard = try expectEditSuccess([], in: library, environment: ["NO_COLOR": "1"]).stdout
        #expect(dashboard.contains("2024 so far  3 books, 1100 pages"), "\(dashboard)")
        #expect(dashboard.contains("3 of 52 books · behind (8 by today) · 1.1 books a week to make it"), "\(dashboard)")
    }

    @Test func aYearWithoutAGoalSaysHowToSetOne() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let text = try expectEditSuccess(["goal"], in: library).stdout
        #expect(text == "No goal for 2024 — set one: shelf goal 2024 --books 52\n2024: 3 books finished, 1100 pages\n")
        let json = try expectEditSuccess(["goal", "--json"], in: library).stdout
        #expect(json.contains("\"books\": null"), "\(json)")
    }

    @Test func badCountsAndYearsAreRefusedWithTheReason() throws {
        let library = try TemporaryLibrary(config: Self.config)
        try expectEditFailure(["goal", "2024", "--books", "0"], in: library, stderrContains: "above 0, not 0")
        try expectEditFailure(["goal", "2024", "--books", "-3"], in: library, stderrContains: "above 0, not -3")
        try expectEditFailure(["goal", "2024", "--books", "lots"], in: library, stderrContains: "a whole number of books, not 'lots'")
        try expectEditFailure(["goal", "2024", "--pages", "1.5"], in: library, stderrContains: "a whole number of pages")
        try expectEditFailure(["goal", "24", "--books", "3"], in: library, stderrContains: "'24' is not a year")
        try expectEditFailure(["goal", "--clear", "2024", "--books", "3"], in: library, stderrContains: "--clear")
        try expectEditFailure(["goal", "--clear", "2024"], in: library, stderrContains: "no goal for 2024")
    }

    @Test func aGoalsMapShelfCannotEditOrALinkedSettingsFileIsRefused() throws {
        let flow = try TemporaryLibrary(config: "goals: {2023: {books: 2}}\n")
        try expectEditFailure(["goal", "2024", "--books", "3"], in: flow, stderrContains: "edit shelf.yaml by hand")
        let linked = try TemporaryLibrary(config: nil)
        try linked.write("real.yaml", "filename: x\n")
        try FileManager.default.createSymbolicLink(atPath: linked.path("shelf.yaml"), withDestinationPath: "real.yaml")
        try expectEditFailure(["goal", "2024", "--books", "3"], in: linked, stderrContains: "does not write through it")
        #expect(try linked.editText("real.yaml") == "filename: x\n")
        let locked = try TemporaryLibrary(config: "filename: x\n")
        chmod(locked.path("shelf.yaml"), 0o400)
        try expectEditFailure(["goal", "2024", "--books", "3"], in: locked, stderrContains: "read-only")
    }

    @Test func helpTeachesWithExamples() throws {
        let library = try TemporaryLibrary()
        let help = try expectEditSuccess(["goal", "--help"], in: library).stdout
        #expect(help.contains("shelf goal 2026 --books 52") && help.contains("shelf goal --clear 2026"), "\(help)")
        let typo = try library.editRun(["gaol"])
        #expect(typo.status != 0 && typo.stderr.contains("goal"), "\(typo)")
    }
}
