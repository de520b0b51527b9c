import Foundation
import Testing

/// `shelf loans`, `shelf goal` and the dashboard's reading lines in a real pty: colour on a
/// terminal (OVERDUE in red), none with NO_COLOR; a long loans list goes through the pager.
@Suite struct ReadingLifeTerminalTests {
    static let clock = ["SHELF_TODAY": "2024-03-02"]

    static func library() throws -> TemporaryLibrary {
        try TemporaryLibrary(
            config: "goals:\n  2024: {books: 10}\n",
            books: [
                (
                    "dune.md",
                    "---\ntitle: Dune\npages: 400\nstatus: reading\nstarted: 2024-02-01\nprogress:\n  - 2024-02-20 page 120\n"
                        + "loans:\n  - {to: Ana, lent: 2024-01-05, due: 2024-02-01}\n---\n"
                ),
                ("emma.md", "---\ntitle: Emma\nstatus: reading\nstarted: 2024-02-10\nprogress: [2024-03-01 45%]\n---\n"),
            ])
    }

    @Test func overdueIsRedOnATerminalAndPlainWithNoColor() throws {
        let library = try Self.library()
        guard let colour = try ViewTerminal.run(["loans"], in: library.root, environment: Self.clock) else {
            print("skipped: util-linux `script` is not installed, so no pseudo-terminal can be made")
            return
        }
        #expect(colour.stdout.contains("\u{1B}[31mOVERDUE\u{1B}[0m"), "\(colour)")
        let plain = try #require(
            try ViewTerminal.run(["loans"], in: library.root, environment: Self.clock.merging(["NO_COLOR": "1"]) { $1 }))
        #expect(plain.stdout.contains("Dune  ·  Ana  ·  since 2024-01-05  ·  due 2024-02-01  OVERDUE"), "\(plain)")
        #expect(!plain.stdout.contains("\u{1B}["), "\(plain)")
    }

    @Test func theDashboardShowsWhereEachBookBeingReadIsAndTheGoal() throws {
        let library = try Self.library()
        guard let shown = try ViewTerminal.run([], in: library.root, environment: Self.clock.merging(["NO_COLOR": "1"]) { $1 }) else {
            print("skipped: util-linux `script` is not installed, so no pseudo-terminal can be made")
            return
        }
        #expect(shown.stdout.contains("Dune  page 120 of 400 (30%)  since 2024-02-01"), "\(shown)")
        #expect(shown.stdout.contains("Emma  45%  since 2024-02-10"), "\(shown)")
        #expect(shown.stdout.contains("0 of 10 books · behind (1 by today)"), "\(shown)")
        let goal = try #require(try ViewTerminal.run(["goal"], in: library.root, environment: Self.clock))
        #expect(goal.stdout.contains("\u{1B}[33mbehind\u{1B}[0m"), "\(goal)")
    }

    @Test func aLongHistoryGoesThroughThePager() throws {
        var books: [(String, String)] = []
        for number in 1...60 {
            books.append(
                ("book-\(number).md", "---\ntitle: Book \(number)\nloans:\n  - {to: Ana, lent: 2023-01-01, returned: 2023-02-01}\n---\n"))
        }
        let library = try TemporaryLibrary(books: books)
        let (pager, marker) = try ViewColorPagerTests.markerPager(in: library)
        guard
            let paged = try ViewTerminal.run(
                ["loans", "--history"], in: library.root, rows: 20,
                environment: Self.clock.merging(["SHELF_PAGER": pager]) { $1 })
        else {
            print("skipped: util-linux `script` is not installed, so no pseudo-terminal can be made")
            return
        }
        #expect(FileManager.default.fileExists(atPath: marker.path), "60 loans on a 20-row terminal were not paged\n\(paged)")
        #expect(!paged.stdout.contains("Book 60"), "\(paged)")
    }
}
