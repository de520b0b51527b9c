import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `shelf lend`, `return` and `loans` on the built binary at SHELF_TODAY=2024-03-02: a loan is
/// one line of the book's loans: list, and the rest of the file is kept byte for byte.
@Suite struct LoanCommandTests {
    static let dune = "---\ntitle: Dune  # first\nstatus: read\n---\nNotes.\n"

    @Test func aBookLentOnceIsOneLineAndItsReturnIsAddedToThatLine() throws {
        let library = try TemporaryLibrary(books: [("dune.md", Self.dune)])
        #expect(
            try expectEditSuccess(["lend", "dune", "--to", "Ana", "--due", "2024-03-20", "--date", "2024-02-10"], in: library).stdout
                == "updated dune.md\n")
        try expectEditFile(
            "dune.md", in: library,
            equals:
                "---\ntitle: Dune  # first\nstatus: read\nloans:\n  - {to: Ana, lent: 2024-02-10, due: 2024-03-20}\n---\nNotes.\n")
        try expectEditFailure(["lend", "dune", "--to", "Bo"], in: library, stderrContains: "already lent to Ana since 2024-02-10")
        try expectEditSuccess(["return", "dune"], in: library)
        try expectEditFile(
            "dune.md", in: library,
            equals:
                "---\ntitle: Dune  # first\nstatus: read\nloans:\n  - {to: Ana, lent: 2024-02-10, due: 2024-03-20, returned: 2024-03-02}\n---\nNotes.\n"
        )
        try expectEditFailure(["return", "dune"], in: library, stderrContains: "not lent out")
        // A name YAML would misread is quoted.
        try expectEditSuccess(["lend", "dune", "--to", "Bo: the elder"], in: library)
        try expectEditFile(
            "dune.md", in: library,
            equals: """
                ---
                title: Dune  # first
                status: read
                loans:
                  - {to: Ana, lent: 2024-02-10, due: 2024-03-20, returned: 2024-03-02}
                  - {to: "Bo: the elder", lent: 2024-03-02}
                ---
                Notes.

                """)
    }

    @Test func aFlowListAndCRLFKeepTheirForm() throws {
        let library = try TemporaryLibrary(books: [
            ("emma.md", "---\r\ntitle: Emma\r\nloans: [{to: Cy, lent: 2023-01-01, returned: 2023-02-01}]\r\n---\r\n")
        ])
        try expectEditSuccess(["lend", "emma", "--to", "Дарья"], in: library)
        try expectEditFile(
            "emma.md", in: library,
            equals:
                "---\r\ntitle: Emma\r\nloans: [{to: Cy, lent: 2023-01-01, returned: 2023-02-01}, {to: Дарья, lent: 2024-03-02}]\r\n---\r\n")
        try expectEditSuccess(["return", "emma"], in: library)
        try expectEditFile(
            "emma.md", in: library,
            equals:
                "---\r\ntitle: Emma\r\nloans: [{to: Cy, lent: 2023-01-01, returned: 2023-02-01}, {to: Дарья, lent: 2024-03-02, returned: 2024-03-02}]\r\n---\r\n"
        )
    }

    @Test func datesAndNamesAreChecked() throws {
        let library = try TemporaryLibrary(books: [("dune.md", Self.dune)])
        try expectEditFailure(["lend", "dune", "--to", "Ana", "--due", "soon"], in: library, stderrContains: "--due takes a date")
        try expectEditFailure(
            ["lend", "dune", "--to", "Ana", "--due", "2024-01-01"], in: library, stderrContains: "before the day it is lent")
        try expectEditFailure(["lend", "dune", "--to", "Ana", "--date", "2025-01-01"], in: library, stderrContains: "in the future")
        try expectEditFailure(["lend", "dune", "--to", "  "], in: library, stderrContains: "--to takes the name")
        try expectEditFailure(["lend", "dune"], in: library, stderrContains: "--to")
        try expectEditSuccess(["lend", "dune", "--to", "Ana", "--date", "2024-02-01"], in: library)
        try expectEditFailure(["return", "dune", "--date", "2024-01-15"], in: library, stderrContains: "before it was lent")
    }

    @Test func loansListsWhoHasWhatAndMarksTheOverdue() throws {
        let library = try TemporaryLibrary(books: [
            ("dune.md", "---\ntitle: Dune\nloans:\n  - {to: Ana, lent: 2024-01-05, due: 2024-02-01}\n---\n"),
            (
                "emma.md",
                "---\ntitle: Emma\nloans:\n  - {to: Bo, lent: 2023-05-01, returned: 2023-06-01}\n  - {to: Cy, lent: 2024-02-20, due: 2024-04-01}\n---\n"
            ),
            ("ice.md", "---\ntitle: Ice\nloans:\n  - {to: Di, lent: 2022-01-01, returned: true}\n---\n"),
            ("home.md", "---\ntitle: Home\n---\n"),
        ])
        let open = try expectEditSuccess(["loans"], in: library, environment: ["NO_COLOR": "1"]).stdout
        #expect(
            open == """
                Dune  ·  Ana  ·  since 2024-01-05  ·  due 2024-02-01  OVERDUE
                Emma  ·  Cy  ·  since 2024-02-20  ·  due 2024-04-01

                """, "\(open)")
        let history = try expectEditSuccess(["loans", "--history"], in: library, environment: ["NO_COLOR": "1"]).stdout
        #expect(
            history == """
                Emma  ·  Cy  ·  since 2024-02-20  ·  due 2024-04-01
                Dune  ·  Ana  ·  since 2024-01-05  ·  due 2024-02-01  OVERDUE
                Emma  ·  Bo  ·  since 2023-05-01  ·  returned 2023-06-01
                Ice  ·  Di  ·  since 2022-01-01  ·  returned

                """, "\(history)")
        let json = try expectEditSuccess(["loans", "--json"], in: library).stdout
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(items.count == 2)
        #expect(items.first?["path"] as? String == "dune.md")
        #expect(items.first?["to"] as? String == "Ana")
        #expect(items.first?["overdue"] as? Bool == true)
        #expect(items.first?["returned"] is NSNull)
        let shown = try expectEditSuccess(["show", "emma"], in: library, environment: ["NO_COLOR": "1"]).stdout
        #expect(shown.contains("loans  lent to Cy since 2024-02-20, due 2024-04-01 · 1 earlier loan"), "\(shown)")
        let none = try TemporaryLibrary(books: [("home.md", "---\ntitle: Home\n---\n")])
        #expect(try expectEditSuccess(["loans"], in: none).stdout.hasPrefix("No book is lent out."))
    }

    @Test func aStrangersFilesAreRefusedAndNothingIsWritten() throws {
        let library = try TemporaryLibrary(books: [
            ("dune.md", Self.dune),
            ("block.md", "---\ntitle: Block\nloans:\n  - to: Ana\n    lent: 2024-01-01\n---\n"),
            ("broken.md", "---\ntitle: [Broken\n---\n"),
        ])
        try library.write("latin1.md", bytes: Array("---\ntitle: Caf".utf8) + [0xE9] + Array("\n---\n".utf8))
        chmod(library.path("dune.md"), 0o400)
        try expectEditFailure(["lend", "dune", "--to", "Ana"], in: library, stderrContains: "read-only")
        try expectEditFailure(["lend", "broken.md", "--to", "Ana"], in: library, stderrContains: "broken.md:")
        try expectEditFailure(["lend", "latin1.md", "--to", "Ana"], in: library, stderrContains: "UTF-8")
        // A loan written as a block map is read (the book is out) and left for a person to close.
        try expectEditFailure(["lend", "block", "--to", "Bo"], in: library, stderrContains: "already lent to Ana")
        try expectEditFailure(["return", "block"], in: library, stderrContains: "block map")
    }

    @Test func helpTeachesWithExamples() throws {
        let library = try TemporaryLibrary()
        for (command, example) in [
            ("lend", "shelf lend dune --to \"Ana\" --due"), ("return", "shelf return dune"), ("loans", "shelf loans --history"),
        ] {
            let help = try expectEditSuccess([command, "--help"], in: library).stdout
            #expect(help.contains(example), "\(help)")
        }
        let typo = try library.editRun(["lned"])
        #expect(typo.status != 0 && typo.stderr.contains("lend"), "\(typo)")
    }
}
