import Foundation
import Testing

/// `shelf add` on the built binary: the new file's exact bytes, its name from the template, the
/// printed path, duplicates refused unless --force, `-2` suffixes, checked values.
@Suite struct AddCommandTests {
    /// `add --isbn` looks the book up online: point both services at a closed loopback port, so
    /// no test reaches the network (the book is then added with `lookup: pending`).
    static func offline(_ library: TemporaryLibrary) -> [String: String] {
        [
            "SHELF_OPENLIBRARY_URL": "http://127.0.0.1:9/", "SHELF_GOOGLE_BOOKS_URL": "http://127.0.0.1:9/",
            "SHELF_HTTP_TIMEOUT": "2", "SHELF_HTTP_BACKOFF": "0", "XDG_CACHE_HOME": library.path(".cache"),
        ]
    }

    @Test func theNewFilesBytesAndPrintedPath() throws {
        let library = try TemporaryLibrary()
        let result = try expectEditSuccess(
            [
                "add", "--title", "The Left Hand of Darkness", "--author", "Ursula K. Le Guin",
                "--tag", "sci-fi", "--tag", "Yes", "--published", "1969", "--pages", "304", "--series", "Hainish Cycle",
                "--series-index", "4", "--set", "mood=cold: very", "--set", "Series Index=4", "--note", "Gethen in winter.",
            ], in: library)
        #expect(result.stdout == "le-guin-the-left-hand-of-darkness.md\n", "\(result)")
        try expectEditFile(
            "le-guin-the-left-hand-of-darkness.md", in: library,
            equals: """
                ---
                title: The Left Hand of Darkness
                authors:
                  - Ursula K. Le Guin
                status: to-read
                tags: [sci-fi, "Yes"]
                added: 2024-03-02
                series: Hainish Cycle
                series_index: 4
                published: 1969
                pages: 304
                mood: "cold: very"
                ---

                Gethen in winter.

                """)
        #expect(library.editTemporaryFiles() == [])
    }

    @Test func anISBNIsWrittenQuoted() throws {
        let library = try TemporaryLibrary()
        let result = try expectEditSuccess(
            ["add", "--title", "Left Hand", "--isbn", "0441478123"], in: library,
            environment: AddCommandTests.offline(library))
        #expect(result.stdout == "left-hand.md\n", "\(result)")
        let text = try library.editText("left-hand.md")
        #expect(text.contains("\ntitle: Left Hand\n"), "\(text)")
        #expect(text.contains("\nisbn: \"0441478123\"\n") || text.contains("\nisbn: \"9780441478125\"\n"), "\(text)")
    }

    /// A forced bad ISBN skips the lookup but still takes the flags (a regression: the adder once
    /// returned before applying them, writing a file with no title).
    @Test
    func aForcedBadISBNKeepsTheOtherFlags() throws {
        let library = try TemporaryLibrary()
        let result = try expectEditSuccess(
            ["add", "--title", "Odd", "--author", "A B", "--isbn", "9780441478124", "--force"],
            in: library, environment: AddCommandTests.offline(library))
        let name = result.stdout.trimmingCharacters(in: .newlines)
        try #require(!name.isEmpty)
        let text = try library.editText(name)
        #expect(text.contains("\ntitle: Odd\n"), "\(text)")
        #expect(text.contains("\n  - A B\n"), "\(text)")
        #expect(text.contains("\nisbn: \"9780441478124\"\n"), "\(text)")
    }

    @Test func theSmallestBook() throws {
        let library = try TemporaryLibrary()
        let result = try expectEditSuccess(["add", "--title", "1984"], in: library)
        #expect(result.stdout == "1984.md\n")
        try expectEditFile("1984.md", in: library, equals: "---\ntitle: \"1984\"\nstatus: to-read\nadded: 2024-03-02\n---\n")
    }

    @Test func theFileNameFollowsTheTemplate() throws {
        let library = try TemporaryLibrary(config: "filename: \"{year} {title}\"\n")
        let result = try expectEditSuccess(["add", "--title", "Gödel, Escher, Bach", "--published", "1979"], in: library)
        #expect(result.stdout == "1979-godel-escher-bach.md\n", "\(result)")
        #expect(library.editExists("1979-godel-escher-bach.md"))
    }

    @Test func aDuplicateByISBNIsRefusedUnlessForced() throws {
        let library = try TemporaryLibrary(books: [("dune.md", editDune)])
        let offline = AddCommandTests.offline(library)
        let refused = try library.editRun(["add", "--title", "Dune (reissue)", "--isbn", "0441172717"], environment: offline)
        #expect(refused.status != 0 && refused.stderr.contains("dune.md"), "\(refused)")
        #expect(try library.editText("dune.md") == editDune)
        #expect(try FileManager.default.contentsOfDirectory(atPath: library.root.path).filter { $0.hasSuffix(".md") } == ["dune.md"])
        let forced = try expectEditSuccess(
            ["add", "--title", "Dune (reissue)", "--isbn", "0441172717", "--force"], in: library,
            environment: offline)
        #expect(forced.stdout == "dune-reissue.md\n", "\(forced)")
    }

    @Test func aDuplicateByTitleAndAuthorIsRefusedUnlessForcedAndGetsASuffix() throws {
        let library = try TemporaryLibrary(books: [("herbert-dune.md", editDune)])
        try expectEditFailure(["add", "--title", "DUNE", "--author", "Frank Herbert"], in: library, stderrContains: "herbert-dune.md")
        // Another author's Dune is not a duplicate; it gets its own name.
        let other = try expectEditSuccess(["add", "--title", "Dune", "--author", "Someone Else"], in: library)
        #expect(other.stdout == "else-dune.md\n", "\(other)")
        let forced = try expectEditSuccess(["add", "--title", "Dune", "--author", "Frank Herbert", "--force"], in: library)
        #expect(forced.stdout == "herbert-dune-2.md\n", "\(forced)")
        let third = try expectEditSuccess(["add", "--title", "Dune", "--author", "Frank Herbert", "--force"], in: library)
        #expect(third.stdout == "herbert-dune-3.md\n", "\(third)")
        #expect(try library.editText("herbert-dune.md") == editDune)
    }

    @Test func badValuesAreRefusedAndNothingIsCreated() throws {
        let library = try TemporaryLibrary()
        try expectEditFailure(["add", "--title", "X", "--rating", "7"], in: library, stderrContains: "rating")
        try expectEditFailure(["add", "--title", "X", "--status", "someday"], in: library, stderrContains: "status")
        try expectEditFailure(["add", "--title", "X", "--isbn", "9780441478124"], in: library)
        try expectEditFailure(["add", "--title", "X", "--published", "1969-02-30"], in: library)
        try expectEditFailure(["add", "--title", "X", "--set", "novalue"], in: library)
        #expect(try FileManager.default.contentsOfDirectory(atPath: library.root.path) == ["shelf.yaml"])
    }

    @Test func statusAliasesAreWrittenCanonically() throws {
        let library = try TemporaryLibrary()
        try expectEditSuccess(["add", "--title", "Piranesi", "--author", "Susanna Clarke", "--status", "currently-reading"], in: library)
        #expect(try library.editText("clarke-piranesi.md").contains("\nstatus: reading\n"))
    }
}
