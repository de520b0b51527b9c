import Foundation
import Testing

/// Which files are books: every `*.md` below the root, hidden files and folders skipped, files
/// without front matter or a title left alone; and files in CRLF or with a BOM.
@Suite struct BookFilesTests {
    @Test func everyMarkdownFileBelowTheRootRecursively() throws {
        let library = try TemporaryLibrary(books: [
            ("top.md", bookFile("title: Top")),
            ("a/one.md", bookFile("title: One")),
            ("a/b/c/d/deep.md", bookFile("title: Deep")),
            ("with space/spaced name.md", bookFile("title: Spaced")),
            ("ünïcode/café.md", bookFile("title: Café")),
        ])
        let result = try library.run(["ls", "--format", "paths"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "")
        #expect(
            Set(result.stdoutLines) == [
                "top.md", "a/one.md", "a/b/c/d/deep.md", "with space/spaced name.md", "ünïcode/café.md",
            ], "\(result)")
    }

    @Test func hiddenFoldersAndFilesAreSkipped() throws {
        let hidden = bookFile("title: Hidden")
        let library = try TemporaryLibrary(books: [
            ("visible.md", bookFile("title: Visible")),
            (".git/hidden.md", hidden),
            (".obsidian/plugins/hidden.md", hidden),
            (".trash/deleted.md", hidden),
            (".stversions/old.md", hidden),
            ("shelf/.hidden.md", hidden),
            (".hidden.md", hidden),
            ("notes.txt", hidden),
            ("book.markdown", hidden),
            ("book.md.bak", hidden),
        ])
        let result = try library.run(["ls", "--format", "paths"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "")
        #expect(result.stdoutLines == ["visible.md"], "\(result)")
    }

    @Test func hiddenFoldersAreSkippedEvenWhenTheirFilesAreMalformed() throws {
        let library = try TemporaryLibrary(books: [
            ("visible.md", bookFile("title: Visible")),
            (".git/broken.md", "---\ntitle: [unclosed\n---\n"),
            (".trash/broken.md", "---\ntitle: \"unclosed\n---\n"),
        ])
        let result = try library.run(["ls", "--format", "paths"])
        #expect(result.stdoutLines == ["visible.md"])
        #expect(result.stderr == "", "\(result)")
    }

    @Test func markdownWithoutFrontMatterOrTitleIsNotListedAndNoError() throws {
        let library = try TemporaryLibrary(books: [
            ("book.md", bookFile("title: A Book")),
            ("README.md", "# My library\n\nSome words.\n"),
            ("empty.md", ""),
            ("no-title.md", bookFile("author: Somebody\ntags: [x]")),
            ("empty-title.md", bookFile("title:\nauthor: Somebody")),
            ("empty-front-matter.md", "---\n---\nbody\n"),
            ("rule-later.md", "Intro\n\n---\ntitle: Not Front Matter\n---\n"),
        ])
        let result = try library.run(["ls", "--format", "paths"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "", "\(result)")
        // A note without a title but with book keys (an author) is a book named after its file.
        #expect(result.stdoutLines == ["book.md", "empty-title.md", "no-title.md"], "\(result)")
    }

    @Test func crlfFilesListWithTheRightValues() throws {
        let crlf =
            "---\r\ntitle: Windows Book\r\nauthors:\r\n  - Bill Gates\r\n  - Paul Allen\r\n"
            + "rating: 4\r\ntags: [sci-fi, Work]\r\nadded: 2024-05-03\r\npages: 123\r\n---\r\nNotes.\r\n"
        let library = try TemporaryLibrary(books: [("crlf.md", crlf)])
        let result = try library.run(["ls", "--json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "")
        let books = try parseJSONArray(result.stdout)
        try #require(books.count == 1, "\(result)")
        #expect(books[0]["title"] as? String == "Windows Book")
        #expect(books[0]["authors"] as? [String] == ["Bill Gates", "Paul Allen"])
        #expect(books[0]["rating"] as? Int == 4)
        #expect(books[0]["tags"] as? [String] == ["sci-fi", "Work"])
        #expect(books[0]["added"] as? String == "2024-05-03")
        #expect(books[0]["pages"] as? Int == 123)

        let tagged = try library.run(["ls", "--tag", "work", "--format", "plain"])
        #expect(tagged.stdout == "Windows Book — Bill Gates, Paul Allen\n", "\(tagged)")
        let shown = try library.run(["show", "--json", "windows book"])
        #expect(try parseJSONObject(shown.stdout)["title"] as? String == "Windows Book", "\(shown)")
    }

    @Test func bomFilesListWithTheRightValues() throws {
        let library = try TemporaryLibrary()
        try library.write(
            "bom.md",
            bytes: [0xEF, 0xBB, 0xBF]
                + Array(
                    bookFile(
                        """
                        title: Byte Order
                        author: Mark Unicode
                        status: reading
                        tags: [encoding]
                        """, body: "Body.\n"
                    ).utf8))
        try library.write(
            "bom-crlf.md",
            bytes: [0xEF, 0xBB, 0xBF]
                + Array("---\r\ntitle: Both Marks\r\nrating: 2\r\n---\r\n".utf8))
        let result = try library.run(["ls", "--json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "")
        let books = try parseJSONArray(result.stdout)
        try #require(books.count == 2, "\(result)")
        #expect(books[0]["path"] as? String == "bom-crlf.md")
        #expect(books[0]["title"] as? String == "Both Marks", "no BOM in the title")
        #expect(books[0]["rating"] as? Int == 2)
        #expect(books[1]["title"] as? String == "Byte Order")
        #expect(books[1]["authors"] as? [String] == ["Mark Unicode"])
        #expect(books[1]["status"] as? String == "reading")

        let plain = try library.run(["ls", "--format", "plain", "--status", "reading"])
        #expect(plain.stdout == "Byte Order — Mark Unicode\n", "\(plain)")
    }

    @Test func folderNamedLikeABookIsNotABook() throws {
        let library = try TemporaryLibrary(books: [
            ("folder.md/inside.md", bookFile("title: Inside"))
        ])
        let result = try library.run(["ls", "--format", "paths"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines == ["folder.md/inside.md"], "\(result)")
        #expect(result.stderr == "")
    }
}
