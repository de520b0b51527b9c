import Foundation
import Testing

/// Colour and paging: on a terminal only, `NO_COLOR` and `--color` as documented, never a pager
/// on a pipe or with `--no-pager`.
@Suite struct ViewColorPagerTests {
    static let today = ["SHELF_TODAY": "2025-06-15", "NO_COLOR": ""]

    static func library(books count: Int = 2) throws -> TemporaryLibrary {
        var books: [(String, String)] = [
            ("dune.md", bookFile("title: Dune\nauthors: [Frank Herbert]\nstatus: reading\nstarted: 2025-05-01")),
            ("emma.md", bookFile("title: Emma\nauthors: [Jane Austen]\nstatus: read\nrating: 4\nfinished: 2025-02-01")),
        ]
        for number in 0..<max(0, count - 2) {
            books.append(("filler-\(number).md", bookFile("title: Filler \(number)\nstatus: to-read")))
        }
        return try TemporaryLibrary(books: books)
    }

    @Test func colorAlwaysColoursAPipe() throws {
        let library = try Self.library()
        for args in [
            ["--color", "always"], ["dashboard", "--color", "always"], ["stats", "--color", "always"],
            ["ls", "--color", "always"],
        ] {
            let result = try library.run(args, environment: Self.today)
            #expect(result.status == 0, "\(args)\n\(result)")
            #expect(hasANSI(result.stdout), "\(args)\n\(result)")
        }
    }

    @Test func colorNeverAndNoColorAndAPipeHaveNone() throws {
        let library = try Self.library()
        let cases: [([String], [String: String])] = [
            (["--color", "never"], Self.today),
            (["ls", "--color", "never"], Self.today),
            ([], Self.today.merging(["NO_COLOR": "1"]) { $1 }),
            (["ls"], Self.today.merging(["NO_COLOR": "1"]) { $1 }),
            ([], Self.today),
            (["stats"], Self.today),
            (["ls"], Self.today),
        ]
        for (args, environment) in cases {
            let result = try library.run(args, environment: environment)
            #expect(result.status == 0, "\(args)\n\(result)")
            #expect(!hasANSI(result.stdout), "\(args) \(environment)\n\(result)")
            #expect(!result.stdout.isEmpty)
        }
    }

    @Test func aTerminalGetsColourUnlessNoColorIsSet() throws {
        let library = try Self.library()
        guard let plain = try ViewTerminal.run([], in: library.root, environment: ["SHELF_TODAY": "2025-06-15"]) else {
            print("skipped: util-linux `script` is not installed, so no pseudo-terminal can be made")
            return
        }
        #expect(plain.stdout.contains("Currently reading"), "\(plain)")
        #expect(hasANSI(plain.stdout), "\(plain)")

        let noColor = try #require(
            try ViewTerminal.run(
                [], in: library.root, environment: ["SHELF_TODAY": "2025-06-15", "NO_COLOR": "1"]))
        #expect(noColor.stdout.contains("Currently reading"), "\(noColor)")
        #expect(!hasANSI(noColor.stdout), "\(noColor)")

        let never = try #require(try ViewTerminal.run(["--color", "never"], in: library.root))
        #expect(!hasANSI(never.stdout), "\(never)")
        #expect(never.stdout.contains("Currently reading"), "\(never)")

        // An empty NO_COLOR does not turn colour off.
        let emptyNoColor = try #require(try ViewTerminal.run(["stats"], in: library.root, environment: ["NO_COLOR": ""]))
        #expect(hasANSI(emptyNoColor.stdout), "\(emptyNoColor)")

        // --color always beats NO_COLOR.
        let always = try #require(try ViewTerminal.run(["--color", "always"], in: library.root, environment: ["NO_COLOR": "1"]))
        #expect(hasANSI(always.stdout), "\(always)")
    }

    /// A pager that swallows its input and leaves a marker file.
    static func markerPager(in library: TemporaryLibrary) throws -> (pager: String, marker: URL) {
        let marker = library.url("pager-ran")
        let script = library.url("pager.sh")
        try library.write("pager.sh", "#!/bin/sh\ncat > /dev/null\necho paged > \(ViewTerminal.quoted(marker.path))\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return (script.path, marker)
    }

    @Test func longOutputOnATerminalGoesThroughThePagerUnlessNoPager() throws {
        let library = try Self.library(books: 30)
        let (pager, marker) = try Self.markerPager(in: library)
        guard let paged = try ViewTerminal.run(["ls"], in: library.root, rows: 5, environment: ["PAGER": pager]) else {
            print("skipped: util-linux `script` is not installed, so no pseudo-terminal can be made")
            return
        }
        guard FileManager.default.fileExists(atPath: marker.path) else {
            // Either the pty could not be set to 5 rows or shelf did not page; tell them apart.
            let probe = try #require(try ViewTerminal.run(["--no-pager"], in: library.root, rows: 5))
            if probe.stdout.isEmpty {
                print("skipped: the pseudo-terminal could not be set up (\(paged))")
                return
            }
            Issue.record("30 books on a 5-row terminal were not paged through $PAGER\n\(paged)")
            return
        }
        #expect(!paged.stdout.contains("Filler 27"), "the pager swallowed the output\n\(paged)")
        try FileManager.default.removeItem(at: marker)

        // SHELF_PAGER is used before PAGER.
        let shelfPager = try #require(
            try ViewTerminal.run(
                ["ls"], in: library.root, rows: 5, environment: ["SHELF_PAGER": pager, "PAGER": "/bin/false"]))
        #expect(FileManager.default.fileExists(atPath: marker.path), "SHELF_PAGER not used\n\(shelfPager)")
        try? FileManager.default.removeItem(at: marker)

        for args in [["ls", "--no-pager"], ["--no-pager", "ls"]] {
            let direct = try #require(try ViewTerminal.run(args, in: library.root, rows: 5, environment: ["PAGER": pager]))
            #expect(!FileManager.default.fileExists(atPath: marker.path), "\(args) ran the pager")
            #expect(direct.stdout.contains("Filler 27"), "\(args)\n\(direct)")
        }

        // An empty pager variable means none.
        let empty = try #require(try ViewTerminal.run(["ls"], in: library.root, rows: 5, environment: ["PAGER": ""]))
        #expect(empty.stdout.contains("Filler 27"), "\(empty)")
    }

    @Test func aPipeNeverGetsAPager() throws {
        let library = try Self.library(books: 30)
        let (pager, marker) = try Self.markerPager(in: library)
        for environment in [["PAGER": pager, "SHELF_PAGER": pager, "LINES": "5"]] {
            let result = try library.run(["ls"], environment: environment)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("Filler 27"), "\(result)")
            #expect(!FileManager.default.fileExists(atPath: marker.path), "a pipe ran the pager\n\(result)")
        }
    }
}
