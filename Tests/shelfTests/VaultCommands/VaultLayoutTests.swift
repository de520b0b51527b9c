import Foundation
import Testing

/// Where new books go (`filename:` with folders, `filename_style: as-written`), and what `detect`
/// learns of a vault's habits: the Book Search layout, Hugo's post keys and drafts, authors
/// joined by commas, the vault's date style.
@Suite struct VaultLayoutTests {
    static let bookSearchConfig = "filename: \"Books/{title}\"\nfilename_style: as-written\n"

    @Test func aNewBookGoesIntoTheFolderUnderItsTitleAsWritten() throws {
        let library = try TemporaryLibrary(config: Self.bookSearchConfig)
        let first = try library.editRun(["add", "--title", "Dune: Messiah", "--author", "Frank Herbert"])
        #expect(first.status == 0, "\(first)")
        #expect(first.stdout == "Books/Dune Messiah.md\n", "\(first)")
        try expectEditFile(
            "Books/Dune Messiah.md", in: library,
            equals: "---\ntitle: \"Dune: Messiah\"\nauthors:\n  - Frank Herbert\nstatus: to-read\nadded: 2024-03-02\n---\n")
        // The same name again gets ` 2`, as Obsidian names a second note.
        let second = try library.editRun(["add", "--title", "Dune Messiah", "--author", "Brian Herbert"])
        #expect(second.stdout == "Books/Dune Messiah 2.md\n", "\(second)")
        // Any script keeps its letters and capitals; what file systems refuse becomes a space.
        let russian = try library.editRun(["add", "--title", "Мастер и Маргарита", "--author", "Михаил Булгаков"])
        #expect(russian.stdout == "Books/Мастер и Маргарита.md\n", "\(russian)")
        let index = try library.editRun(["add", "--title", "_index", "--author", "X Y"])
        #expect(index.stdout == "Books/_index book.md\n", "\(index)")
        let odd = try library.editRun(["add", "--title", "../..//etc/passwd? <a|b> #1", "--author", "X Y"])
        #expect(odd.stdout == "Books/etc passwd a b 1.md\n", "\(odd)")
        let listed = try library.run(["ls", "--format", "paths"])
        #expect(
            Set(listed.stdoutLines) == [
                "Books/Dune Messiah.md", "Books/Dune Messiah 2.md", "Books/Мастер и Маргарита.md",
                "Books/_index book.md", "Books/etc passwd a b 1.md",
            ], "\(listed)")
    }

    @Test func aSlugTemplateWithAFolderNamesBothParts() throws {
        let library = try TemporaryLibrary(config: "filename: \"Library/{author}/{title}\"\n")
        let result = try library.editRun(["add", "--title", "The Dispossessed", "--author", "Ursula K. Le Guin"])
        #expect(result.stdout == "Library/le-guin/the-dispossessed.md\n", "\(result)")
        // A book without an author leaves the empty folder out.
        let anonymous = try library.editRun(["add", "--title", "Beowulf"])
        #expect(anonymous.stdout == "Library/beowulf.md\n", "\(anonymous)")
        // A value never names a folder shelf does not read.
        let odd = try library.editRun(["add", "--title", "Odd", "--author", "A. Templates"])
        #expect(odd.stdout == "Library/templates-books/odd.md\n", "\(odd)")
        #expect(try library.run(["ls", "--format", "paths"]).stdoutLines.contains("Library/templates-books/odd.md"))
    }

    @Test(arguments: [
        ("../{title}", "has .. as a folder"), ("/tmp/{title}", "is an absolute path"),
        (".hidden/{title}", "names a hidden folder"), ("Templates/{title}", "names a templates folder"),
        ("Books//{title}", "has an empty folder"), ("{isbn}", "unknown placeholder {isbn}"),
        ("Books\\\\{title}", "has a backslash"),
    ])
    func aTemplateThatLeavesTheLibraryIsRefused(template: String, reason: String) throws {
        let library = try TemporaryLibrary(config: "filename: \"\(template)\"\n")
        let before = try library.snapshot()
        let result = try library.editRun(["add", "--title", "Dune", "--author", "Frank Herbert"])
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("shelf.yaml: filename"), "\(result)")
        #expect(result.stderr.contains(reason), "\(result)")
        #expect(try library.snapshot() == before)
    }

    @Test func anImportPutsNewBooksInTheFolder() throws {
        let library = try TemporaryLibrary(config: Self.bookSearchConfig)
        let csv =
            "Book Id,Title,Author,ISBN13,My Rating,Exclusive Shelf\n42,Solaris,Stanisław Lem,,4,read\n43,Solaris,Stanisław Lem,,0,to-read\n"
        try library.write("export.csv", csv)
        let result = try library.run(["import", "goodreads", library.path("export.csv")])
        #expect(result.status == 0, "\(result)")
        #expect(library.interchangeBookFiles() == ["Books/Solaris 2.md", "Books/Solaris.md"], "\(result)")
    }

    /// An Obsidian vault kept by Book Search: `Books/Title.md`, comma-joined authors.
    static func bookSearchVault() throws -> TemporaryLibrary {
        let note = { (title: String, author: String) in
            "---\ntitle: \"\(title)\"\nauthor: \"\(author)\"\ncategory: [Fiction]\ntotalPage: 300\nstatus: unread\n---\n"
        }
        return try TemporaryLibrary(
            config: nil,
            books: [
                ("Books/Good Omens.md", note("Good Omens", "Neil Gaiman, Terry Pratchett")),
                ("Books/The Talisman.md", note("The Talisman", "Stephen King, Peter Straub")),
                ("Books/The Long Earth.md", note("The Long Earth", "Terry Pratchett, Stephen Baxter")),
                ("Books/Piranesi.md", note("Piranesi", "Susanna Clarke")),
                ("Daily/2024-03-02.md", "---\ndate: 2024-03-02\n---\nRead a little.\n"),
            ])
    }

    @Test func detectProposesTheBookSearchLayoutAndAddFollowsIt() throws {
        let vault = try Self.bookSearchVault()
        let detect = try vault.vaultRun(["detect", "--write"])
        #expect(
            detect.stdout.contains("\nNames: 4 of 4 notes with a title are named by it as written; proposed: filename: Books/{title}.\n"),
            "\(detect)")
        #expect(
            detect.stdout.contains(
                "\nAuthors with commas: 3 files with several full names (A, B), 0 with one name written family name first"),
            "\(detect)")
        let config = try vault.vaultText("shelf.yaml")
        #expect(
            config.hasSuffix(
                """
                # Several authors in one value are joined with commas (author: A, B).
                author_separator: ","
                # New books go where and under which names your notes are (4 of 4 named by title).
                filename: "Books/{title}"
                filename_style: as-written

                """), "\(config)")
        #expect(!config.contains("filename: \"{author}-{title}\""), "\(config)")
        let show = try vault.run(["show", "good omens", "--format", "json"])
        #expect(try parseJSONObject(show.stdout)["authors"] as? [String] == ["Neil Gaiman", "Terry Pratchett"], "\(show)")
        // No note has `created`: the new book's date goes under shelf's own key, not the plugin's.
        let added = try vault.run(["add", "--title", "Anansi Boys", "--author", "Neil Gaiman"], environment: vaultClock)
        #expect(added.stdout == "Books/Anansi Boys.md\n", "\(added)")
        try vaultExpectFile(
            "Books/Anansi Boys.md", in: vault,
            equals: """
                ---
                title: Anansi Boys
                author: [Neil Gaiman]
                status: unread
                added: 2024-03-05
                ---

                """)
    }

    @Test func oneNameWrittenFamilyNameFirstIsNoList() throws {
        let vault = try TemporaryLibrary(
            config: nil,
            books: [
                ("a.md", "---\ntitle: The Dispossessed\nauthor: \"Le Guin, Ursula K.\"\n---\n"),
                ("b.md", "---\ntitle: Dune\nauthor: Herbert, Frank\n---\n"),
                ("c.md", "---\ntitle: The Hobbit\nauthor: Tolkien, J. R. R.\n---\n"),
                ("d.md", "---\ntitle: Good Omens\nauthor: Neil Gaiman, Terry Pratchett\n---\n"),
            ])
        let detect = try vault.vaultRun(["detect"])
        #expect(
            detect.stdout.contains(
                "\nAuthors with commas: 1 file with several full names (A, B), 3 with one name written family name first"
                    + " (Le Guin, Ursula K.); not proposed: too few files, or commas that belong to one name.\n"), "\(detect)")
        #expect(!detect.stdout.contains("author_separator"), "\(detect)")
    }

    /// A Hugo site's book posts: `date` is the post's, `publishDate` too; one draft.
    static func hugoSite(read: Bool) throws -> TemporaryLibrary {
        let post = { (title: String, day: Int, draft: Bool) in
            "---\ntitle: \"\(title)\"\nbook_author: Someone\ndate: 2023-05-0\(day)\npublishDate: 2023-05-0\(day)\n"
                + (draft ? "draft: true\n" : "") + (read ? "status: read\n" : "") + "categories: [books]\n---\nA review.\n"
        }
        return try TemporaryLibrary(
            config: nil,
            books: [
                ("content/books/_index.md", "---\ntitle: Books\n---\n"),
                ("content/books/one.md", post("One", 1, false)),
                ("content/books/two.md", post("Two", 2, false)),
                ("content/books/three.md", post("Three", 3, true)),
            ])
    }

    @Test func aHugoPostsDateIsNotTheFinishedDate() throws {
        let site = try Self.hugoSite(read: false)
        let detect = try site.vaultRun(["detect"])
        #expect(
            detect.stdout.contains("\nNot proposed: finished: date, since most files with it are not read yet: it is the post's date.\n"),
            "\(detect)")
        #expect(
            detect.stdout.contains(
                "\nHugo post keys, the post's and not the book's: date (3 files), publishDate (3 files), draft (1 file).\n"),
            "\(detect)")
        #expect(detect.stdout.contains("\nDrafts (draft: true), still read as books: 1 file\n  content/books/three.md\n"), "\(detect)")
        #expect(!detect.stdout.contains("  finished: date"), "\(detect)")
        // Before any set-up the folder is read as detect would propose (issue 45), so the post's
        // publishDate is already not the book's publication (an alias of `published`), and
        // shelf says once that it reads the notes' own keys.
        let books = ["--library", site.path("content/books")]
        let before = try site.run(["ls", "--format", "paths", "published:2023"] + books)
        #expect(before.stdoutLines.isEmpty, "\(before)")
        #expect(before.stderr.contains("shelf.yaml"), "\(before)")
        // After --write, it is the post's: read as the site's own key, still searchable as itself.
        try site.vaultRun(["detect", "--write"] + books)
        #expect(
            try site.vaultText("content/books/shelf.yaml").contains(
                "# The post's keys, not the book's: read as your own keys, not as shelf's fields.\npost_keys: [publishDate]\n"))
        let after = try site.run(["ls", "--format", "paths", "published:2023"] + books)
        #expect(after.stdoutLines.isEmpty, "\(after)")
        let shown = try site.run(["show", "two", "--format", "json"] + books)
        let two = try parseJSONObject(shown.stdout)
        #expect(two["published"] == nil, "\(shown)")
        #expect(shown.stdout.contains("\"publishDate\""), "\(shown)")
    }

    @Test func aHugoDateIsTheFinishedDateWhenThePostsAreReadBooks() throws {
        let site = try Self.hugoSite(read: true)
        let detect = try site.vaultRun(["detect"])
        #expect(detect.stdout.contains("  finished: date — 3 of 3 files"), "\(detect)")
    }

    @Test(arguments: [
        ("2025/04/02", "2025/04/21", "2024/03/05"), ("\"[[2025-04-02]]\"", "\"[[2025-04-21]]\"", "\"[[2024-03-05]]\""),
        ("02.04.2025", "\"21.04.2025\"", "05.03.2024"),
    ])
    func aBooksFirstDateIsWrittenInTheVaultsStyle(written: String, example: String, today: String) throws {
        let vault = try TemporaryLibrary(
            config: nil,
            books: [
                ("a.md", "---\ntitle: A\nfinished: \(written)\n---\n"),
                ("b.md", "---\ntitle: B\nstarted: \(written)\n---\n"),
                ("c.md", "---\ntitle: C\nadded: \(written)\n---\n"),
                ("d.md", "---\ntitle: D\nstatus: to-read\n---\n"),
                ("e.md", "---\ntitle: E\nstarted: 2024-01-05\n---\n"),
            ])
        let detect = try vault.vaultRun(["detect", "--write"])
        #expect(detect.stdout.contains("date_style: \(example)\n"), "\(detect)")
        #expect(try vault.vaultText("shelf.yaml").hasSuffix("date_style: \(example)\n"))
        // A book without a date takes the vault's style; one with a date keeps its own.
        try vault.vaultRun(["start", "d"])
        try vaultExpectFile("d.md", in: vault, equals: "---\ntitle: D\nstatus: reading\nstarted: \(today)\n---\n")
        try vault.vaultRun(["finish", "e"])
        try vaultExpectFile("e.md", in: vault, equals: "---\ntitle: E\nstarted: 2024-01-05\nstatus: read\nfinished: 2024-03-05\n---\n")
        let added = try vault.run(["add", "--title", "F"], environment: vaultClock)
        #expect(added.status == 0, "\(added)")
        try vaultExpectFile("f.md", in: vault, equals: "---\ntitle: F\nstatus: to-read\nadded: \(today)\n---\n")
    }
}
