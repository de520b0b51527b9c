import Foundation
import Testing

/// `shelf show BOOK`: by path, file name, ISBN or title words.
@Suite struct ShowTests {
    static let books: [(String, String)] = [
        (
            "sf/le-guin-the-left-hand-of-darkness.md",
            bookFile(
                """
                title: The Left Hand of Darkness
                authors:
                  - Ursula K. Le Guin
                isbn: "9780441478125"
                status: read
                rating: 5
                tags: [sci-fi, classics]
                """, body: "\n## Notes\n\nEstraven is the heart of it.\n")
        ),
        (
            "sf/le-guin-the-dispossessed.md",
            bookFile(
                """
                title: The Dispossessed
                author: Ursula K. Le Guin
                isbn: 0-06-051275-X
                tags: [sci-fi]
                """)
        ),
        (
            "herbert-dune.md",
            bookFile(
                """
                title: Dune
                author: Frank Herbert
                isbn13: 978-0-441-17271-9
                """)
        ),
        (
            "darkness-visible.md",
            bookFile(
                """
                title: Darkness Visible
                author: William Styron
                """)
        ),
    ]

    /// The title line `show` prints first; expects success.
    static func shownTitle(
        _ args: [String], in folder: String = "", library: TemporaryLibrary,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String? {
        let result = try library.run(["show"] + args, in: folder)
        #expect(result.status == 0, "\(args): \(result)", sourceLocation: sourceLocation)
        return result.stdoutLines.first
    }

    @Test func byPathRelativeToTheCurrentFolder() throws {
        let library = try TemporaryLibrary(books: Self.books)
        #expect(try Self.shownTitle(["sf/le-guin-the-dispossessed.md"], library: library) == "The Dispossessed")
        #expect(try Self.shownTitle(["le-guin-the-dispossessed.md"], in: "sf", library: library) == "The Dispossessed")
        #expect(try Self.shownTitle(["./le-guin-the-dispossessed.md"], in: "sf", library: library) == "The Dispossessed")
        #expect(try Self.shownTitle(["../herbert-dune.md"], in: "sf", library: library) == "Dune")
    }

    @Test func byPathRelativeToTheLibraryRoot() throws {
        let library = try TemporaryLibrary(books: Self.books)
        try library.makeFolder("sf/empty")
        #expect(
            try Self.shownTitle(["sf/le-guin-the-dispossessed.md"], in: "sf/empty", library: library)
                == "The Dispossessed")
        let elsewhere = try TemporaryLibrary(config: nil)
        let result = try elsewhere.run(["show", "--library", library.root.path, "herbert-dune.md"])
        #expect(result.stdoutLines.first == "Dune", "\(result)")
    }

    @Test func byAbsolutePath() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let elsewhere = try TemporaryLibrary(config: nil)
        let result = try elsewhere.run(
            ["show", "--library", library.root.path, library.path("sf/le-guin-the-dispossessed.md")])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.first == "The Dispossessed")
    }

    @Test func byFileNameWithoutMD() throws {
        let library = try TemporaryLibrary(books: Self.books)
        #expect(try Self.shownTitle(["le-guin-the-left-hand-of-darkness"], library: library) == "The Left Hand of Darkness")
        #expect(try Self.shownTitle(["herbert-dune"], in: "sf", library: library) == "Dune")
    }

    @Test func byISBN13AndISBN10() throws {
        let library = try TemporaryLibrary(books: Self.books)
        // Stored as ISBN-13, named by either form, with or without hyphens.
        #expect(try Self.shownTitle(["9780441478125"], library: library) == "The Left Hand of Darkness")
        #expect(try Self.shownTitle(["0441478123"], library: library) == "The Left Hand of Darkness")
        #expect(try Self.shownTitle(["0-441-47812-3"], library: library) == "The Left Hand of Darkness")
        #expect(try Self.shownTitle(["978-0-441-17271-9"], library: library) == "Dune")
        #expect(try Self.shownTitle(["0441172717"], library: library) == "Dune")
        // Stored as ISBN-10 (with an X check digit), named by either form.
        #expect(try Self.shownTitle(["006051275X"], library: library) == "The Dispossessed")
        #expect(try Self.shownTitle(["9780060512750"], library: library) == "The Dispossessed")
    }

    @Test func byTitleWords() throws {
        let library = try TemporaryLibrary(books: Self.books)
        #expect(try Self.shownTitle(["left", "hand"], library: library) == "The Left Hand of Darkness")
        #expect(try Self.shownTitle(["left hand of darkness"], library: library) == "The Left Hand of Darkness")
        #expect(try Self.shownTitle(["DISPOSSESSED"], library: library) == "The Dispossessed")
        #expect(try Self.shownTitle(["dune"], in: "sf", library: library) == "Dune")
    }

    @Test func ambiguousWordsListTheCandidates() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let result = try library.run(["show", "darkness"])
        #expect(result.status != 0, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.contains("sf/le-guin-the-left-hand-of-darkness.md"), "\(result)")
        #expect(result.stderr.contains("darkness-visible.md"), "\(result)")
        #expect(!result.stderr.contains("herbert-dune.md"), "\(result)")
        #expect(!result.stderr.contains("le-guin-the-dispossessed.md"), "\(result)")
    }

    @Test func noMatchIsAnError() throws {
        let library = try TemporaryLibrary(books: Self.books)
        for name in ["neuromancer", "9780000000002", "sf/missing.md"] {
            let result = try library.run(["show", name])
            #expect(result.status != 0, "\(name): \(result)")
            #expect(result.stdout == "")
            #expect(result.stderr.contains(name), "\(name): \(result)")
        }
    }

    @Test func textShowsFieldsPathAndNotes() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let result = try library.run(["show", "left hand"])
        #expect(result.status == 0, "\(result)")
        let lines = result.stdoutLines
        #expect(lines.first == "The Left Hand of Darkness")
        #expect(lines.contains("by Ursula K. Le Guin"))
        #expect(lines.contains { $0.contains("9780441478125") })
        #expect(lines.contains { $0.contains("sci-fi") && $0.contains("classics") })
        #expect(lines.contains { $0.contains("path") && $0.hasSuffix("sf/le-guin-the-left-hand-of-darkness.md") })
        #expect(result.stdout.contains("Estraven is the heart of it."))
    }

    @Test func jsonIncludesTheNotes() throws {
        let library = try TemporaryLibrary(books: Self.books)
        for args in [["show", "--format", "json", "left hand"], ["show", "--json", "9780441478125"]] {
            let result = try library.run(args)
            #expect(result.status == 0, "\(result)")
            let book = try parseJSONObject(result.stdout)
            #expect(book["path"] as? String == "sf/le-guin-the-left-hand-of-darkness.md")
            #expect(book["title"] as? String == "The Left Hand of Darkness")
            #expect(book["authors"] as? [String] == ["Ursula K. Le Guin"])
            #expect(isJSONNumber(book["rating"]) && (book["rating"] as? Int) == 5)
            let notes = try #require(book["notes"] as? String, "\(result)")
            #expect(notes.contains("## Notes"))
            #expect(notes.contains("Estraven is the heart of it."))
            #expect(!notes.contains("title:"), "notes are the body, not the front matter")
        }
    }

    @Test func jsonAliasesAreCanonicalAndMissingNotesAreEmpty() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let result = try library.run(["show", "--json", "herbert-dune"])
        let book = try parseJSONObject(result.stdout)
        #expect(book["authors"] as? [String] == ["Frank Herbert"], "\(result)")
        #expect(book["isbn"] as? String == "978-0-441-17271-9", "the ISBN is shown as written")
        #expect((book["notes"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines) == "")
    }

    @Test func aMarkdownFileThatIsNotABookIsNotShown() throws {
        let library = try TemporaryLibrary(books: Self.books + [("README.md", "# About these books\n")])
        let result = try library.run(["show", "README.md"])
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("README.md"), "\(result)")
    }

    @Test
    func pathsWorkWhenTheLibraryIsNamedThroughASymbolicLink() throws {
        let library = try TemporaryLibrary(books: [
            ("a/notes.md", bookFile("title: Alpha")),
            ("b/notes.md", bookFile("title: Beta")),
        ])
        let links = try TemporaryLibrary(config: nil)
        try FileManager.default.createSymbolicLink(atPath: links.path("books"), withDestinationPath: library.root.path)
        let environment = ["SHELF_LIBRARY": links.path("books")]

        let relative = try library.run(["show", "notes.md"], in: "a", environment: environment)
        #expect(relative.stdoutLines.first == "Alpha", "\(relative)")
        let absolute = try library.run(["show", library.path("b/notes.md")], in: "a", environment: environment)
        #expect(absolute.stdoutLines.first == "Beta", "\(absolute)")
    }

    @Test
    func absolutePathThroughASymbolicLinkIsFound() throws {
        let library = try TemporaryLibrary(books: [
            ("a/notes.md", bookFile("title: Alpha")),
            ("b/notes.md", bookFile("title: Beta")),
        ])
        let links = try TemporaryLibrary(config: nil)
        try FileManager.default.createSymbolicLink(atPath: links.path("books"), withDestinationPath: library.root.path)
        let result = try library.run(["show", links.path("books/b/notes.md")], in: "a")
        #expect(result.stdoutLines.first == "Beta", "\(result)")
    }
}
