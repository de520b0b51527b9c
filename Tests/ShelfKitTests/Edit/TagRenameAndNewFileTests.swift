import Testing
@testable import ShelfKit

/// The library-wide tag rename plan (case variants and nested tags follow, each in its place)
/// and the bytes of a new book file.
@Suite struct TagRenameAndNewFileTests {
    static let files: [(path: String, text: String)] = [
        ("a.md", "---\ntitle: A\ntags: [scifi, SciFi/Space, classics]  # mine\n---\n"),
        ("b.md", "---\r\ntitle: B\r\ntags:\r\n  - '#SCIFI'\r\n  - scifiction\r\n  - scifi/space/opera\r\n---\r\nBody\r\n"),
        ("c.md", "---\ntitle: C\ntags: [scifi, SciFi, x]\n---\n"),
        ("d.md", "---\ntitle: D\ntags: scifi\n---\n"),
        ("e.md", "---\ntitle: E\ntags: [scifiction, other]\n---\n"),
        ("f.md", "---\ntitle: F\ntags: [sci-fi, scifi]\n---\n"),
    ]

    func plan(_ old: String, _ new: String) throws -> TagRenamePlan {
        let books = try TagRenameAndNewFileTests.files.map { file -> Book in
            let frontMatter = try #require(try BookDocument(bytes: Array(file.text.utf8)).frontMatter)
            return try #require(Book(path: file.path, frontMatter: frontMatter))
        }
        return TagRenamePlan(old: old, new: new, index: LibraryIndex(books: books))
    }

    func renamed(_ old: String, _ new: String) throws -> [String: String] {
        var results: [String: String] = [:]
        for change in try plan(old, new).changes {
            let text = try #require(TagRenameAndNewFileTests.files.first { $0.path == change.path }).text
            results[change.path] = String(decoding: try editApplying(change.edits, to: text), as: UTF8.self)
        }
        return results
    }

    @Test func everyCaseAndNestedTagIsRenamedInPlace() throws {
        let results = try renamed("SCIFI", "sci-fi")
        #expect(Set(results.keys) == ["a.md", "b.md", "c.md", "d.md", "f.md"])
        #expect(
            results["a.md"].map { Array($0.utf8) } == Array("---\ntitle: A\ntags: [sci-fi, sci-fi/Space, classics]  # mine\n---\n".utf8))
        #expect(
            results["b.md"].map { Array($0.utf8) }
                == Array(
                    "---\r\ntitle: B\r\ntags:\r\n  - 'sci-fi'\r\n  - scifiction\r\n  - sci-fi/space/opera\r\n---\r\nBody\r\n".utf8))
        #expect(results["c.md"].map { Array($0.utf8) } == Array("---\ntitle: C\ntags: [sci-fi, x]\n---\n".utf8))
        #expect(results["d.md"].map { Array($0.utf8) } == Array("---\ntitle: D\ntags: sci-fi\n---\n".utf8))
        #expect(results["f.md"].map { Array($0.utf8) } == Array("---\ntitle: F\ntags: [sci-fi]\n---\n".utf8))
    }

    @Test func renamingANestedTagLeavesItsParent() throws {
        let results = try renamed("scifi/space", "space")
        #expect(Set(results.keys) == ["a.md", "b.md"])
        #expect(results["a.md"].map { Array($0.utf8) } == Array("---\ntitle: A\ntags: [scifi, space, classics]  # mine\n---\n".utf8))
        #expect(
            results["b.md"].map { Array($0.utf8) }
                == Array(
                    "---\r\ntitle: B\r\ntags:\r\n  - '#SCIFI'\r\n  - scifiction\r\n  - space/opera\r\n---\r\nBody\r\n".utf8))
    }

    @Test func aRenameAlreadyDoneHasNothingToDo() throws {
        #expect(try plan("nothing", "x").changes.isEmpty)
        // Once applied, the plan for the same rename over the new files is empty.
        let results = try renamed("scifi", "sci-fi")
        let books = try results.map { path, text -> Book in
            let frontMatter = try #require(try BookDocument(bytes: Array(text.utf8)).frontMatter)
            return try #require(Book(path: path, frontMatter: frontMatter))
        }
        #expect(TagRenamePlan(old: "scifi", new: "sci-fi", index: LibraryIndex(books: books)).changes.isEmpty)
    }

    @Test func aNewBookFileIsCanonicalAndSafe() throws {
        var file = NewBookFile()
        file.set("mood", .string("cozy: very"))
        file.set("title", .string("1984"))
        file.set("added", .typed("2024-03-02"))
        file.set("tags", .list(["dystopia", "Yes"]))
        file.set("authors", .list(["George Orwell"]))
        file.set("isbn", .string("0451524934"))
        file.set("status", .string("to-read"))
        file.notes = "  First thoughts.\n"
        let expected = """
            ---
            title: "1984"
            authors:
              - George Orwell
            isbn: "0451524934"
            status: to-read
            tags: [dystopia, "Yes"]
            added: 2024-03-02
            mood: "cozy: very"
            ---

            First thoughts.

            """
        #expect(file.render(vocabulary: .standard) == Array(expected.utf8), "\(editVisible(file.render(vocabulary: .standard)))")
        let book = try #require(try editBook(file.render(vocabulary: .standard)))
        #expect(book.title == "1984")
        #expect(book.isbn == "0451524934")
        #expect(book.tags == ["dystopia", "Yes"])
    }
}
