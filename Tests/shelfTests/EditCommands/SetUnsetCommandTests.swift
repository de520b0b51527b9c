import Foundation
import Testing

/// `shelf set` and `shelf unset` on the built binary: one write for many assignments, `+=` and
/// `-=` on lists, checked values, the owner's bytes kept, no write when nothing changes.
@Suite struct SetUnsetCommandTests {
    @Test func manyAssignmentsInOneWrite() throws {
        let library = try TemporaryLibrary(books: [("dune.md", editDune)])
        let result = try expectEditSuccess(
            [
                "set", "dune", "rating=5", "status=currently-reading", "finished=2024-03-01", "publisher=Chilton: Books",
                "isbn=9780441013593", "series=1984", "tags+=desert", "tags-=classics",
            ], in: library)
        #expect(result.stdout == "updated dune.md\n")
        try expectEditFile(
            "dune.md", in: library,
            equals: """
                ---
                title: Dune  # the first one
                authors:
                  - Frank Herbert
                isbn: '9780441013593'
                status: reading
                tags: [sci-fi, desert]
                mood: "cozy"
                rating: 5
                finished: 2024-03-01
                publisher: "Chilton: Books"
                series: "1984"
                ---
                My notes.

                """)
        #expect(library.editTemporaryFiles() == [])
    }

    @Test func setAListAndAddToAnAbsentList() throws {
        let library = try TemporaryLibrary(books: [("dune.md", editDune)])
        try expectEditSuccess(["set", "dune", "tags=a, b", "genres+=Science Fiction", "mood=Yes"], in: library)
        try expectEditFile(
            "dune.md", in: library,
            equals: """
                ---
                title: Dune  # the first one
                authors:
                  - Frank Herbert
                isbn: '9780441172719'
                status: to-read
                tags: [a, b]
                mood: "Yes"
                genres: [Science Fiction]
                ---
                My notes.

                """)
    }

    @Test func aSetThatChangesNothingWritesNothing() throws {
        let library = try TemporaryLibrary(books: [("dune.md", editDune)])
        try library.editAgeFiles()
        let before = try library.snapshot()
        let result = try expectEditSuccess(
            ["set", "dune", "title=Dune", "isbn=9780441172719", "mood=cozy", "tags+=SCI-FI", "tags-=absent", "status=to-read"],
            in: library)
        #expect(result.stdout == "unchanged dune.md\n")
        #expect(try library.snapshot() == before)
    }

    @Test func aBookIsNamedByPathFileNameISBNOrTitleWords() throws {
        let library = try TemporaryLibrary(books: [("sub/dune.md", editDune)])
        for name in ["sub/dune.md", "sub/dune", "dune", "9780441172719", "0441172717", "DUNE"] {
            let result = try expectEditSuccess(["set", name, "pages=\(name.count)"], in: library)
            #expect(result.stdout == "updated sub/dune.md\n", "\(name)")
        }
        #expect(try library.editText("sub/dune.md").contains("\npages: 4\n"))
    }

    @Test func crlfAndBOMSurviveASet() throws {
        let crlf = "\u{FEFF}---\r\ntitle: Dune\r\nrating: 2 # meh\r\n---\r\nBody"
        let library = try TemporaryLibrary(books: [("dune.md", crlf)])
        try expectEditSuccess(["set", "dune", "rating=4", "mood=calm"], in: library)
        try expectEditFile("dune.md", in: library, equals: "\u{FEFF}---\r\ntitle: Dune\r\nrating: 4 # meh\r\nmood: calm\r\n---\r\nBody")
    }

    @Test func unsetRemovesExactlyTheKeysLines() throws {
        let library = try TemporaryLibrary(books: [("dune.md", editDune)])
        let result = try expectEditSuccess(["unset", "dune", "authors", "mood", "not-there"], in: library)
        #expect(result.stdout == "updated dune.md\n")
        try expectEditFile(
            "dune.md", in: library,
            equals: """
                ---
                title: Dune  # the first one
                isbn: '9780441172719'
                status: to-read
                tags: [sci-fi, Classics]
                ---
                My notes.

                """)
    }

    @Test func setWithAnEmptyValueUnsets() throws {
        let library = try TemporaryLibrary(books: [("dune.md", editDune)])
        try expectEditSuccess(["set", "dune", "mood="], in: library)
        #expect(try !library.editText("dune.md").contains("mood"))
    }

    @Test func unsetOfAMissingKeyWritesNothing() throws {
        let library = try TemporaryLibrary(books: [("dune.md", editDune)])
        try library.editAgeFiles()
        let before = try library.snapshot()
        let result = try expectEditSuccess(["unset", "dune", "location"], in: library)
        #expect(result.stdout == "unchanged dune.md\n")
        #expect(try library.snapshot() == before)
    }

    @Test func theTitleCannotBeUnset() throws {
        let library = try TemporaryLibrary(books: [("dune.md", editDune)])
        try expectEditFailure(["unset", "dune", "title"], in: library, stderrContains: "title")
        try expectEditFailure(["unset", "dune", "Title"], in: library)
    }

    @Test func aBadISBNIsWrittenOnlyWithForce() throws {
        let library = try TemporaryLibrary(books: [("dune.md", editDune)])
        try expectEditFailure(["set", "dune", "isbn=9780441172718"], in: library, stderrContains: "--force")
        try expectEditSuccess(["set", "dune", "isbn=9780441172718", "--force"], in: library)
        #expect(try library.editText("dune.md").contains("\nisbn: '9780441172718'\n"))
    }

    @Test func permissionsAreKept() throws {
        let library = try TemporaryLibrary(books: [("dune.md", editDune)])
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: library.path("dune.md"))
        try expectEditSuccess(["set", "dune", "rating=3"], in: library)
        let mode = try FileManager.default.attributesOfItem(atPath: library.path("dune.md"))[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
