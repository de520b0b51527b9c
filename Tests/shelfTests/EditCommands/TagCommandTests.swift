import Foundation
import Testing

/// `tag`, `untag`, `tags` and `tags rename` on the built binary: case-insensitive tags, lists
/// kept in their own style, counts with case variants together, nested tags following a rename.
@Suite struct TagCommandTests {
    static let block = "---\ntitle: Solaris\ntags:\n  - scifi\n  - Classics   # since school\n---\n"

    @Test func tagAddsToAFlowListAndIgnoresCaseVariants() throws {
        let library = try TemporaryLibrary(books: [("dune.md", editDune)])
        let result = try expectEditSuccess(["tag", "dune", "desert", "Sci-Fi", "CLASSICS", "space opera"], in: library)
        #expect(result.stdout == "updated dune.md\n")
        try expectEditFile(
            "dune.md", in: library,
            equals: """
                ---
                title: Dune  # the first one
                authors:
                  - Frank Herbert
                isbn: '9780441172719'
                status: to-read
                tags: [sci-fi, Classics, desert, space opera]
                mood: "cozy"
                ---
                My notes.

                """)
    }

    @Test func tagWithOnlyCaseVariantsWritesNothing() throws {
        let library = try TemporaryLibrary(books: [("dune.md", editDune)])
        try library.editAgeFiles()
        let before = try library.snapshot()
        let result = try expectEditSuccess(["tag", "dune", "SCI-FI", "classics"], in: library)
        #expect(result.stdout == "unchanged dune.md\n")
        #expect(try library.snapshot() == before)
    }

    @Test func tagAndUntagOnABlockList() throws {
        let library = try TemporaryLibrary(books: [("solaris.md", TagCommandTests.block)])
        try expectEditSuccess(["tag", "solaris", "ocean"], in: library)
        try expectEditFile(
            "solaris.md", in: library,
            equals: "---\ntitle: Solaris\ntags:\n  - scifi\n  - Classics   # since school\n  - ocean\n---\n")
        try expectEditSuccess(["untag", "solaris", "classics"], in: library)
        try expectEditFile("solaris.md", in: library, equals: "---\ntitle: Solaris\ntags:\n  - scifi\n  - ocean\n---\n")
    }

    @Test func untagRemovesEveryCaseVariantFromAFlowList() throws {
        let library = try TemporaryLibrary(books: [("dune.md", editDune)])
        try expectEditSuccess(["untag", "dune", "classics"], in: library)
        #expect(try library.editText("dune.md").contains("\ntags: [sci-fi]\n"))
        try expectEditSuccess(["untag", "dune", "SCI-FI"], in: library)
        #expect(try library.editText("dune.md").contains("\ntags: []\n"))
        let again = try expectEditSuccess(["untag", "dune", "sci-fi"], in: library)
        #expect(again.stdout == "unchanged dune.md\n")
    }

    @Test func tagOnABookWithoutTags() throws {
        let library = try TemporaryLibrary(books: [("a.md", "---\ntitle: A\n---\nBody\n")])
        try expectEditSuccess(["tag", "a", "new", "1984"], in: library)
        try expectEditFile("a.md", in: library, equals: "---\ntitle: A\ntags: [new, \"1984\"]\n---\nBody\n")
    }

    @Test func tagsCountsCaseVariantsTogether() throws {
        let library = try TemporaryLibrary(books: [
            ("a.md", "---\ntitle: A\ntags: [sci-fi, Classics]\n---\n"),
            ("b.md", "---\ntitle: B\ntags: [SCI-FI]\n---\n"),
            ("c.md", "---\ntitle: C\ntags:\n  - Sci-Fi\n  - classics\n  - solo\n---\n"),
        ])
        let result = try expectEditSuccess(["tags", "--format", "json"], in: library)
        let counts = try parseJSONArray(result.stdout)
        var byTag: [String: Int] = [:]
        for entry in counts {
            let tag = try #require(entry["tag"] as? String)
            byTag[tag.lowercased(), default: 0] += try #require(entry["count"] as? Int)
        }
        #expect(counts.count == 3, "\(result)")
        #expect(byTag == ["sci-fi": 3, "classics": 2, "solo": 1], "\(result)")
        let table = try expectEditSuccess(["tags"], in: library)
        #expect(table.stdoutLines.count == 3, "\(table)")
        #expect(table.stdoutLines.first?.lowercased() == "3  sci-fi", "\(table)")
    }

    @Test func tagsRenameNeedsYesWhenNotATerminal() throws {
        let library = try TemporaryLibrary(books: [("dune.md", editDune)])
        try expectEditFailure(["tags", "rename", "sci-fi", "science-fiction"], in: library, stderrContains: "--yes")
    }

    @Test func tagsRenameFollowsCaseVariantsAndNestedTags() throws {
        let library = try TemporaryLibrary(books: [
            ("a.md", "---\ntitle: A\ntags: [scifi, classics]  # mine\n---\n"),
            ("b.md", "---\ntitle: B\ntags:\n  - SciFi/Space\n  - 'SCIFI'\n---\nB body\n"),
            ("c.md", "---\ntitle: C\ntags: [scifiction]\n---\n"),
            ("d.md", "---\ntitle: D\ntags: [sci-fi, scifi]\n---\n"),
        ])
        try library.editAgeFiles()
        let untouched = try library.snapshot().entries["c.md"]
        let result = try expectEditSuccess(["tags", "rename", "scifi", "sci-fi", "--yes"], in: library)
        #expect(result.stdout.contains("3 books"), "\(result)")
        try expectEditFile("a.md", in: library, equals: "---\ntitle: A\ntags: [sci-fi, classics]  # mine\n---\n")
        try expectEditFile("b.md", in: library, equals: "---\ntitle: B\ntags:\n  - sci-fi/Space\n  - 'sci-fi'\n---\nB body\n")
        try expectEditFile("d.md", in: library, equals: "---\ntitle: D\ntags: [sci-fi]\n---\n")
        #expect(try library.snapshot().entries["c.md"] == untouched)
        let again = try expectEditSuccess(["tags", "rename", "scifi", "sci-fi", "--yes"], in: library)
        #expect(again.stdout.contains("No book has the tag"), "\(again)")
    }

    @Test func tagsRenameOfANestedTag() throws {
        let library = try TemporaryLibrary(books: [
            ("a.md", "---\ntitle: A\ntags: [sci-fi/space, sci-fi/space/opera, sci-fi]\n---\n")
        ])
        try expectEditSuccess(["tags", "rename", "sci-fi/space", "space", "--yes"], in: library)
        try expectEditFile("a.md", in: library, equals: "---\ntitle: A\ntags: [space, space/opera, sci-fi]\n---\n")
    }
}
