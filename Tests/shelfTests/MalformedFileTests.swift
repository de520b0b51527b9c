import Foundation
import Testing

/// Files shelf cannot read are reported as `PATH:LINE:COLUMN: message` and skipped; the rest
/// still lists, the exit status stays 0, and reading never writes a byte.
@Suite struct MalformedFileTests {
    /// `title: [unclosed` on line 3, as in the issue.
    static let unclosed = "---\nauthor: Somebody\ntitle: [unclosed\nrating: 3\n---\nMy notes.\n"

    static let goodBooks: [(String, String)] = [
        ("dune.md", bookFile("title: Dune\nauthor: Frank Herbert\ntags: [sci-fi]")),
        ("shelves/solaris.md", bookFile("title: Solaris\nauthor: Stanisław Lem")),
    ]

    /// `PATH:LINE:COLUMN: message`, split; nil when the line has another shape.
    static func diagnostic(_ line: String) -> (path: String, line: Int, column: Int, message: String)? {
        let parts = line.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4, let number = Int(parts[1]), let column = Int(parts[2]),
            parts[3].hasPrefix(" "), parts[3].count > 1
        else { return nil }
        return (parts[0], number, column, String(parts[3].dropFirst()))
    }

    @Test func malformedBookIsReportedOnceAndTheOthersStillList() throws {
        let library = try TemporaryLibrary(books: Self.goodBooks + [("shelves/broken.md", Self.unclosed)])
        let before = try library.bytes("shelves/broken.md")
        let result = try library.run(["ls", "--format", "plain"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Dune — Frank Herbert\nSolaris — Stanisław Lem\n")
        try #require(result.stderrLines.count == 1, "\(result)")
        let reported = try #require(Self.diagnostic(result.stderrLines[0]), "\(result)")
        #expect(reported.path == "shelves/broken.md")
        #expect((3...4).contains(reported.line), "\(result)")
        #expect(try library.bytes("shelves/broken.md") == before)
    }

    @Test
    func unclosedFlowSequenceIsReportedAtItsOwnLine() throws {
        let library = try TemporaryLibrary(books: Self.goodBooks + [("shelves/broken.md", Self.unclosed)])
        let result = try library.run(["ls"])
        let reported = try #require(Self.diagnostic(result.stderrLines.first ?? ""), "\(result)")
        #expect(reported.line == 3, "\(result)")
    }

    @Test func lineAndColumnPointAtTheMistake() throws {
        let library = try TemporaryLibrary(
            books: Self.goodBooks + [
                ("colon.md", "---\nauthor: Somebody\ntitle: a: b\nrating: 3\n---\n")
            ])
        let result = try library.run(["ls", "--format", "paths"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines == ["dune.md", "shelves/solaris.md"])
        try #require(result.stderrLines.count == 1, "\(result)")
        #expect(result.stderrLines[0].hasPrefix("colon.md:3:9: "), "\(result)")
    }

    @Test func crlfAndBOMDoNotShiftTheReportedLine() throws {
        let library = try TemporaryLibrary(books: [
            ("crlf.md", "---\r\nauthor: X\r\ntitle: a: b\r\n---\r\n")
        ])
        try library.write("bom.md", bytes: [0xEF, 0xBB, 0xBF] + Array("---\nauthor: X\ntitle: a: b\n---\n".utf8))
        let result = try library.run(["ls"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderrLines.sorted() == [
                "bom.md:3:9: mapping values are not allowed in this context",
                "crlf.md:3:9: mapping values are not allowed in this context",
            ], "\(result)")
    }

    @Test func reportedPathIsRelativeToTheCurrentFolder() throws {
        let parent = try TemporaryLibrary(config: nil)
        try parent.write("lib/shelf.yaml", "")
        try parent.write("lib/dune.md", bookFile("title: Dune"))
        try parent.write("lib/shelves/broken.md", Self.unclosed)
        try parent.makeFolder("elsewhere")

        let above = try parent.run(["ls", "--library", "lib"])
        #expect(above.status == 0, "\(above)")
        #expect(above.stderrLines.count == 1)
        #expect(Self.diagnostic(above.stderrLines.first ?? "")?.path == "lib/shelves/broken.md", "\(above)")

        // Wherever shelf runs, the reported path opens the file from there.
        for folder in ["lib/shelves", "elsewhere"] {
            let result = try parent.run(["ls", "--library", parent.path("lib")], in: folder)
            #expect(result.status == 0, "\(result)")
            let shown = try #require(Self.diagnostic(result.stderrLines.first ?? "")?.path, "\(result)")
            let resolved = URL(fileURLWithPath: shown, relativeTo: parent.url(folder)).standardizedFileURL.path
            #expect(resolved == parent.path("lib/shelves/broken.md"), "\(shown) from \(folder)")
        }
    }

    @Test func invalidUTF8IsReportedWithItsPositionAndSkipped() throws {
        let library = try TemporaryLibrary(books: Self.goodBooks)
        try library.write(
            "latin1.md",
            bytes: Array("---\nauthor: X\ntitle: Caf".utf8) + [0xE9]
                + Array(" Society\n---\n".utf8))
        try library.write("body.md", bytes: Array("---\ntitle: Fine Title\n---\nline four\nbad ".utf8) + [0xFF, 0x0A])
        let result = try library.run(["ls", "--format", "paths"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines == ["dune.md", "shelves/solaris.md"], "\(result)")
        try #require(result.stderrLines.count == 2, "\(result)")
        let reports = result.stderrLines.compactMap(Self.diagnostic).sorted { $0.path < $1.path }
        try #require(reports.count == 2, "\(result)")
        #expect(reports[0].path == "body.md" && reports[0].line == 5 && reports[0].column == 5, "\(result)")
        #expect(reports[1].path == "latin1.md" && reports[1].line == 3 && reports[1].column == 11, "\(result)")
        #expect(reports.allSatisfy { $0.message.contains("UTF-8") }, "\(result)")
    }

    @Test func showingAMalformedBookFailsWithItsPosition() throws {
        let library = try TemporaryLibrary(books: Self.goodBooks + [("shelves/broken.md", Self.unclosed)])
        let result = try library.run(["show", "shelves/broken.md"])
        #expect(result.status != 0, "\(result)")
        #expect(result.stdout == "")
        try #require(result.stderrLines.count == 1, "\(result)")
        #expect(result.stderrLines[0].contains("shelves/broken.md:"), "\(result)")

        let other = try library.run(["show", "dune"])
        #expect(other.status == 0, "\(other)")
        #expect(other.stdoutLines.first == "Dune")
    }

    @Test func readingNeverWritesAnything() throws {
        let library = try TemporaryLibrary(
            books: Self.goodBooks + [
                ("shelves/broken.md", Self.unclosed),
                ("crlf.md", "---\r\ntitle: Windows\r\n---\r\nNotes\r\n"),
                ("no-final-newline.md", "---\ntitle: Abrupt # a comment\ntags: [a,b]\n---\nend"),
                (".git/config", "[core]\n"),
                ("README.md", "# readme\n"),
            ])
        try library.write("bom.md", bytes: [0xEF, 0xBB, 0xBF] + Array(bookFile("title: Marked").utf8))
        try library.write("latin1.md", bytes: Array("---\ntitle: Caf".utf8) + [0xE9] + Array("\n---\n".utf8))
        // Old modification times, so a rewrite within the same clock tick would still show.
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        for path in try FileManager.default.subpathsOfDirectory(atPath: library.root.path) {
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: library.path(path))
        }
        let before = try library.snapshot()
        let commands: [[String]] = [
            ["ls"], ["ls", "--json"], ["ls", "--format", "csv"], ["ls", "--tag", "a", "--sort", "added"],
            ["show", "dune"], ["show", "--json", "crlf.md"], ["show", "shelves/broken.md"], ["show", "marked"],
            ["show", "abrupt"], ["show", "nothing-matches-this"],
        ]
        for command in commands {
            let result = try library.run(command)
            #expect(!result.stderr.contains("rror:"), "\(command): \(result)")
            let after = try library.snapshot()
            #expect(after == before, "\(command) changed \(after.differences(from: before))")
        }
    }
}
