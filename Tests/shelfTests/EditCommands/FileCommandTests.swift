import Foundation
import Testing

/// `rm`, `mv` and `edit` on the built binary.
@Suite struct FileCommandTests {
    static let herbert = "---\ntitle: Dune\nauthors: [Frank Herbert]\n---\nBody\n"
    static let leGuin = "---\ntitle: The Dispossessed\nauthor: Ursula K. Le Guin\n---\n"

    // MARK: rm

    @Test func rmNeedsYes() throws {
        let library = try TemporaryLibrary(books: [("dune.md", FileCommandTests.herbert)])
        try expectEditFailure(["rm", "dune"], in: library, stderrContains: "--yes")
        let result = try expectEditSuccess(["rm", "dune", "--yes"], in: library)
        #expect(result.stdout == "removed dune.md\n")
        #expect(!library.editExists("dune.md"))
        try expectEditFailure(["rm", "dune", "--yes"], in: library)
    }

    // MARK: mv

    @Test func mvToTheTemplatesName() throws {
        let library = try TemporaryLibrary(books: [("a/dune.md", FileCommandTests.herbert)])
        let result = try expectEditSuccess(["mv", "a/dune.md"], in: library)
        #expect(result.stdout == "a/dune.md -> a/herbert-dune.md\n", "\(result)")
        try expectEditFile("a/herbert-dune.md", in: library, equals: FileCommandTests.herbert)
        #expect(!library.editExists("a/dune.md"))
        let again = try expectEditSuccess(["mv", "a/herbert-dune.md"], in: library)
        #expect(again.stdout == "unchanged a/herbert-dune.md\n", "\(again)")
    }

    @Test func mvToAName() throws {
        let library = try TemporaryLibrary(books: [("a/dune.md", FileCommandTests.herbert)])
        let result = try expectEditSuccess(["mv", "dune", "herbert-dune-1965"], in: library)
        #expect(result.stdout == "a/dune.md -> a/herbert-dune-1965.md\n", "\(result)")
        try expectEditFile("a/herbert-dune-1965.md", in: library, equals: FileCommandTests.herbert)
    }

    @Test func mvNeverClobbers() throws {
        let library = try TemporaryLibrary(books: [
            ("dune.md", FileCommandTests.herbert), ("other.md", FileCommandTests.leGuin),
        ])
        try expectEditFailure(["mv", "dune", "other"], in: library)
        try expectEditFailure(["mv", "dune", ".hidden"], in: library)
        try expectEditFailure(["mv", "dune", "a:b"], in: library)
        // The template's name is taken by an unrelated file: the book gets `-2`.
        try library.write("herbert-dune.md", "not a book, just text\n")
        let result = try expectEditSuccess(["mv", "dune"], in: library)
        #expect(result.stdout == "dune.md -> herbert-dune-2.md\n", "\(result)")
        #expect(try library.editText("herbert-dune.md") == "not a book, just text\n")
    }

    @Test func mvAllDryRunChangesNothing() throws {
        let library = try TemporaryLibrary(books: [
            ("dune.md", FileCommandTests.herbert), ("x/disp.md", FileCommandTests.leGuin),
            ("herbert-dune-2.md", FileCommandTests.herbert.replacingOccurrences(of: "Body", with: "Copy")),
        ])
        try library.editAgeFiles()
        let before = try library.snapshot()
        let result = try expectEditSuccess(["mv", "--all", "--dry-run"], in: library)
        #expect(Set(result.stdoutLines) == ["dune.md -> herbert-dune.md", "x/disp.md -> x/le-guin-the-dispossessed.md"], "\(result)")
        #expect(try library.snapshot() == before)
        try expectEditSuccess(["mv", "--all"], in: library)
        #expect(library.editExists("herbert-dune.md") && library.editExists("x/le-guin-the-dispossessed.md"))
        #expect(try library.editText("herbert-dune-2.md").contains("Copy"))
        let none = try expectEditSuccess(["mv", "--all", "--dry-run"], in: library)
        #expect(none.stdout.contains("already follows"), "\(none)")
    }

    // MARK: edit

    /// Writes an editor script and returns the EDITOR value that runs it.
    func editor(_ script: String, in library: TemporaryLibrary) throws -> String {
        let folder = try library.makeFolder(".editor")
        let path = folder.appendingPathComponent("editor.sh").path
        try Data(("#!/bin/sh\n" + script).utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return "'" + path + "'"
    }

    @Test func editRunsTheEditorAndKeepsWhatItWrote() throws {
        let library = try TemporaryLibrary(books: [("dune.md", FileCommandTests.herbert)])
        let editor = try editor("printf 'A line from the editor.\\n' >> \"$1\"\n", in: library)
        let result = try expectEditSuccess(["edit", "dune"], in: library, environment: ["EDITOR": editor, "VISUAL": ""])
        #expect(result.stderr == "", "\(result)")
        try expectEditFile("dune.md", in: library, equals: FileCommandTests.herbert + "A line from the editor.\n")
    }

    @Test func visualWinsOverEditor() throws {
        let library = try TemporaryLibrary(books: [("dune.md", FileCommandTests.herbert)])
        let visual = try editor("printf 'visual\\n' >> \"$1\"\n", in: library)
        try expectEditSuccess(["edit", "dune"], in: library, environment: ["EDITOR": "false", "VISUAL": visual])
        try expectEditFile("dune.md", in: library, equals: FileCommandTests.herbert + "visual\n")
    }

    @Test func brokenYAMLIsReportedWithPathLineAndColumnAndNotRewritten() throws {
        let library = try TemporaryLibrary(books: [("books/dune.md", FileCommandTests.herbert)])
        let broken = "---\ntitle: Dune\ntags: [unclosed\nrating: 3\n---\nBody\n"
        let editor = try editor("printf -- '\(broken.replacingOccurrences(of: "\n", with: "\\n"))' > \"$1\"\n", in: library)
        let result = try library.editRun(["edit", "dune"], environment: ["EDITOR": editor, "VISUAL": ""])
        #expect(result.status != 0, "\(result)")
        let firstLine = result.stderrLines.first ?? ""
        #expect(firstLine.range(of: #"^(shelf: )?books/dune\.md:\d+:\d+: "#, options: .regularExpression) != nil, "\(result)")
        try expectEditFile("books/dune.md", in: library, equals: broken)
    }

    @Test func anEditorThatFailsIsReported() throws {
        let library = try TemporaryLibrary(books: [("dune.md", FileCommandTests.herbert)])
        let result = try library.editRun(["edit", "dune"], environment: ["EDITOR": "false", "VISUAL": ""])
        #expect(result.status != 0)
        #expect(result.stderr.contains("status"), "\(result)")
        try expectEditFile("dune.md", in: library, equals: FileCommandTests.herbert)
    }

    @Test func removingTheTitleInTheEditorIsWarnedAbout() throws {
        let library = try TemporaryLibrary(books: [("dune.md", FileCommandTests.herbert)])
        // No title and no key only a book has (a rating would make it a book named after its file).
        let editor = try editor("printf -- '---\\nmood: calm\\n---\\n' > \"$1\"\n", in: library)
        let result = try library.editRun(["edit", "dune"], environment: ["EDITOR": editor, "VISUAL": ""])
        #expect(result.stderr.contains("title"), "\(result)")
        try expectEditFile("dune.md", in: library, equals: "---\nmood: calm\n---\n")
    }
}
