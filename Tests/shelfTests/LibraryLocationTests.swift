import Foundation
import Testing

/// How `shelf` finds its library: `--library` (before or after the subcommand), `$SHELF_LIBRARY`,
/// the nearest `shelf.yaml` above the current folder; and `shelf init`.
@Suite struct LibraryLocationTests {
    static let books: [(String, String)] = [
        ("dune.md", bookFile("title: Dune\nauthor: Frank Herbert")),
        ("shelves/solaris.md", bookFile("title: Solaris\nauthors: [Stanisław Lem]")),
    ]
    static let expectedPlain = "Dune — Frank Herbert\nSolaris — Stanisław Lem\n"

    @Test func libraryOptionBeforeTheSubcommand() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let elsewhere = try TemporaryLibrary(config: nil)
        let result = try elsewhere.run(["--library", library.root.path, "ls", "--format", "plain"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == Self.expectedPlain)
        #expect(result.stderr == "")
    }

    @Test func libraryOptionAfterTheSubcommand() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let elsewhere = try TemporaryLibrary(config: nil)
        let result = try elsewhere.run(["ls", "--library", library.root.path, "--format", "plain"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == Self.expectedPlain)
    }

    /// The library options before a command are handed to it (shelf parses the command alone,
    /// for a faster start): every form of them, for a command that writes.
    @Test func libraryOptionsBeforeACommandThatWrites() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let elsewhere = try TemporaryLibrary(config: nil)
        let forms: [[String]] = [
            ["--library", library.root.path],
            ["--library=\(library.root.path)", "--no-pager"],
            ["--no-cache", "--color", "never", "--library", library.root.path],
            ["--color=never", "--library", library.root.path, "--no-pager"],
        ]
        for (rating, form) in forms.enumerated() {
            let result = try elsewhere.run(form + ["set", "dune.md", "rating=\(rating + 1)"])
            #expect(result.status == 0, "\(form): \(result)")
            #expect(String(decoding: try library.bytes("dune.md"), as: UTF8.self).contains("rating: \(rating + 1)\n"), "\(form)")
        }
    }

    /// A library option both before and after the command, and a command that takes none
    /// (`isbn`), still parse as the whole command line always did.
    @Test func libraryOptionsBeforeACommandThatTakesNoneOrTwice() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let other = try TemporaryLibrary(books: [("other.md", bookFile("title: Other Book"))])
        let twice = try other.run(["--library", other.root.path, "ls", "--library", library.root.path, "--format", "plain"])
        #expect(twice.status == 0, "\(twice)")
        #expect(twice.stdout == Self.expectedPlain)
        let isbn = try other.run(["--library", library.root.path, "isbn", "0-441-47812-3"])
        #expect(isbn.status == 0, "\(isbn)")
        #expect(isbn.stdout.contains("9780441478125"), "\(isbn)")
        let unknown = try other.run(["--library", library.root.path, "ls", "--no-such-option"])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("--no-such-option"), "\(unknown)")
    }

    @Test func libraryOptionRelativeToTheCurrentFolder() throws {
        let parent = try TemporaryLibrary(config: nil)
        for (path, content) in Self.books { try parent.write("books/" + path, content) }
        let result = try parent.run(["ls", "--library", "books", "--format", "plain"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == Self.expectedPlain)
    }

    @Test func environmentVariable() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let elsewhere = try TemporaryLibrary(config: nil)
        let result = try elsewhere.run(
            ["ls", "--format", "plain"], environment: ["SHELF_LIBRARY": library.root.path])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == Self.expectedPlain)
    }

    @Test func libraryOptionWinsOverTheEnvironment() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let other = try TemporaryLibrary(books: [("other.md", bookFile("title: Other Book"))])
        let result = try other.run(
            ["ls", "--library", library.root.path, "--format", "plain"],
            environment: ["SHELF_LIBRARY": other.root.path])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == Self.expectedPlain)
    }

    @Test func environmentWinsOverTheCurrentFolder() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let other = try TemporaryLibrary(books: [("other.md", bookFile("title: Other Book"))])
        let result = try other.run(["ls", "--format", "plain"], environment: ["SHELF_LIBRARY": library.root.path])
        #expect(result.stdout == Self.expectedPlain, "\(result)")
    }

    @Test func currentFolderIsTheLibrary() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let result = try library.run(["ls", "--format", "plain"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == Self.expectedPlain)
    }

    @Test func subfolderFindsTheNearestShelfYAMLAbove() throws {
        let outer = try TemporaryLibrary(books: Self.books)
        try outer.write("inner/shelf.yaml", "")
        try outer.write("inner/kitchen.md", bookFile("title: Kitchen\nauthor: Banana Yoshimoto"))
        try outer.makeFolder("inner/deep/deeper")
        try outer.makeFolder("shelves/empty")

        let inInner = try outer.run(["ls", "--format", "plain"], in: "inner/deep/deeper")
        #expect(inInner.status == 0, "\(inInner)")
        #expect(inInner.stdout == "Kitchen — Banana Yoshimoto\n")

        let inOuter = try outer.run(["ls", "--format", "plain"], in: "shelves/empty")
        #expect(inOuter.status == 0, "\(inOuter)")
        #expect(inOuter.stdout == "Dune — Frank Herbert\nKitchen — Banana Yoshimoto\nSolaris — Stanisław Lem\n")
    }

    @Test func noLibraryIsAnErrorThatSaysWhatToDo() throws {
        let folder = try TemporaryLibrary(config: nil)
        try folder.makeFolder("nested")
        // The test only means something when no folder above the temporary one is a library.
        var above = folder.root.deletingLastPathComponent()
        while above.path != "/" {
            try #require(
                !FileManager.default.fileExists(atPath: above.appendingPathComponent("shelf.yaml").path),
                "a shelf.yaml above the temporary folder (\(above.path)) makes this test meaningless")
            above.deleteLastPathComponent()
        }
        for subfolder in ["", "nested"] {
            let result = try folder.run(["ls"], in: subfolder)
            #expect(result.status != 0, "\(result)")
            #expect(result.stdout == "")
            #expect(result.stderr.contains("shelf init"), "\(result)")
            #expect(result.stderr.contains("--library"), "\(result)")
        }
    }

    @Test func libraryOptionNamingAMissingFolderIsAnError() throws {
        let folder = try TemporaryLibrary(config: nil)
        let result = try folder.run(["ls", "--library", folder.path("missing")])
        #expect(result.status != 0, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.contains(folder.path("missing")), "\(result)")
    }

    @Test func initWritesShelfYAMLAndLsThenWorks() throws {
        let folder = try TemporaryLibrary(config: nil)
        let result = try folder.run(["init", "new/books"])
        #expect(result.status == 0, "\(result)")
        let config = folder.path("new/books/shelf.yaml")
        #expect(FileManager.default.fileExists(atPath: config))
        #expect(result.stdout.contains(config), "\(result)")
        let written = try folder.bytes("new/books/shelf.yaml")
        #expect(!written.isEmpty)

        try folder.write("new/books/dune.md", bookFile("title: Dune"))
        let listed = try folder.run(["ls", "--format", "paths"], in: "new/books")
        #expect(listed.status == 0, "\(listed)")
        #expect(listed.stdout == "dune.md\n")
    }

    @Test func initWithoutAFolderUsesTheCurrentOne() throws {
        let folder = try TemporaryLibrary(config: nil)
        let result = try folder.run(["init"])
        #expect(result.status == 0, "\(result)")
        #expect(FileManager.default.fileExists(atPath: folder.path("shelf.yaml")))
    }

    @Test func secondInitFailsAndLeavesTheFileAlone() throws {
        let folder = try TemporaryLibrary(config: nil)
        let first = try folder.run(["init", folder.path("lib")])
        #expect(first.status == 0, "\(first)")
        // The user has edited the settings since.
        try folder.write("lib/shelf.yaml", "goal: 12   # mine\n")
        let before = try folder.snapshot()

        let second = try folder.run(["init", folder.path("lib")])
        #expect(second.status != 0, "\(second)")
        #expect(second.stderr.contains("shelf.yaml"), "\(second)")
        let after = try folder.snapshot()
        #expect(after == before, "changed: \(after.differences(from: before))")
        #expect(try folder.bytes("lib/shelf.yaml") == Array("goal: 12   # mine\n".utf8))
    }

    @Test
    func initOnAFileSaysItIsNotAFolder() throws {
        let folder = try TemporaryLibrary(config: nil)
        try folder.write("notes", "not a folder\n")
        let result = try folder.run(["init", "notes"])
        #expect(result.status != 0, "\(result)")
        #expect(result.stderrLines.count == 1, "\(result)")
        #expect(result.stderr.contains(folder.path("notes")), "\(result)")
        #expect(!result.stderr.contains("NSCocoaErrorDomain"), "\(result)")
        #expect(try folder.bytes("notes") == Array("not a folder\n".utf8))
    }
}
