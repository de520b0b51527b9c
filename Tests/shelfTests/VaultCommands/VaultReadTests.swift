import Foundation
import Testing

/// Hand-kept vaults read as their owners mean them, on the built binary. The vault shapes are
/// written here for the tests (Obsidian Book Search, Templater, Hugo, Dataview habits).
@Suite struct VaultReadTests {
    /// An Obsidian vault: Book Search notes, a Templater template, a daily note, a note without a title key.
    static func obsidianVault() throws -> TemporaryLibrary {
        try TemporaryLibrary(books: [
            (
                "Books/Good Omens.md",
                """
                ---
                tag: 📚Book
                title: "Good Omens"
                author: "Terry Pratchett, Neil Gaiman"
                category: "Fiction"
                totalPage: 412
                isbn13: 9780060853983
                coverUrl: http://books.example/cover.jpg
                status: finished
                myRate: ★★★★½
                finishReadDate: "[[2022-01-06]]"
                ---
                Notes.

                """
            ),
            (
                "Books/Dune Messiah.md",
                """
                ---
                author: "[[Frank Herbert]]"
                series: {name: Dune, index: 2}
                rating: 4/5
                finished: April 21, 2025
                published: false
                ---
                # Dune Messiah

                Paul, twelve years on.

                """
            ),
            ("Books/Solaris.md", "---\nauthors: [[Stanisław Lem]]\nrating: 0\nfinished: 21.04.2024\n---\nNo heading here.\n"),
            ("Templates/Book.md", "---\ntitle: \"{{title}}\"\nauthor: \"{{author}}\"\nstatus: to-read\n---\n"),
            ("Daily/2024-01-02.md", "---\ndate: 2024-01-02\ntags: [daily]\n---\n# Tuesday\n"),
        ])
    }

    @Test func aVaultReadsAsItsOwnerMeantIt() throws {
        let vault = try Self.obsidianVault()
        try vault.write("shelf.yaml", "author_separator: \",\"\nfields:\n  rating: myRate\nstatuses:\n  finished: read\n")
        let result = try vault.run(["ls", "--format", "json", "--sort", "title"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let books = try parseJSONArray(result.stdout)
        #expect(
            books.map { $0["title"] as? String } == ["Dune Messiah", "Good Omens", "Solaris"], "templates and daily notes are no books")
        let messiah = books[0], omens = books[1], solaris = books[2]
        #expect(omens["authors"] as? [String] == ["Terry Pratchett", "Neil Gaiman"])
        #expect(omens["rating"] as? Double == 4.5)
        #expect(omens["finished"] as? String == "[[2022-01-06]]", "dates stay as written")
        #expect(omens["pages"] as? Int == 412)
        #expect(omens["status"] as? String == "read")
        #expect(messiah["authors"] as? [String] == ["Frank Herbert"])
        #expect(messiah["series"] as? String == "Dune" && messiah["series_index"] as? Double == 2)
        #expect(messiah["rating"] as? Int == 4)
        #expect(messiah["published"] == nil, "published: false is a Hugo draft flag, not a date")
        #expect(solaris["authors"] as? [String] == ["Stanisław Lem"])
        #expect(solaris["rating"] == nil, "0 is unrated")
    }

    @Test func handWrittenDatesQuerySortAndCount() throws {
        let vault = try Self.obsidianVault()
        let finished = try vault.run(["ls", "--format", "paths", "--sort", "finished", "finished:>=2022"])
        #expect(finished.stdoutLines == ["Books/Dune Messiah.md", "Books/Solaris.md", "Books/Good Omens.md"], "\(finished)")
        let year = try vault.run(["ls", "--format", "paths", "finished:2024"])
        #expect(year.stdoutLines == ["Books/Solaris.md"], "\(year)")
        let stats = try vault.run(["stats", "--format", "json"])
        let figures = try parseJSONObject(stats.stdout)
        // myRate is not mapped here: Dune Messiah's 4/5 is the only rating; Solaris's 0 is unrated.
        #expect(figures["average_rating"] as? Double == 4, "\(stats)")
    }

    @Test func checkReportsNothingForAValidVault() throws {
        let vault = try Self.obsidianVault()
        let result = try vault.run(["check"])
        #expect(!result.stdout.contains("invalid-date") && !result.stdout.contains("invalid-rating"), "\(result)")
    }

    @Test func aTemplateIsNotABookToEdit() throws {
        let vault = try Self.obsidianVault()
        let before = try vault.snapshot()
        let result = try vault.run(["set", "Templates/Book.md", "rating=4"])
        #expect(result.status != 0 && result.stderr.contains("templates folder"), "\(result)")
        #expect(try vault.snapshot() == before)
    }

    @Test func aStatusIsReadFromDatesAndTheOwnersWords() throws {
        // No shelf.yaml: a reading log that writes no status, and one that writes `todo`/`doing`.
        let vault = try TemporaryLibrary(
            config: nil,
            books: [
                ("feast.md", "---\ntitle: A Feast for Crows\ndate_read: \"2013/07/01\"\n---\n"),
                ("dune.md", "---\ntitle: Dune\nstarted: 2024-01-02\n---\n"),
                ("emma.md", "---\ntitle: Emma\nstatus: todo\n---\n"),
                ("solaris.md", "---\ntitle: Solaris\nstatus: doing\n---\n"),
                ("kept.md", "---\ntitle: Kept\nstatus: abandoned\nfinished: 2020-01-01\n---\n"),
            ])
        let here = ["SHELF_LIBRARY": vault.root.path]
        let figures = try parseJSONObject(try vault.run(["stats", "--format", "json"], environment: here).stdout)
        let byStatus = figures["by_status"] as? [String: Any]
        #expect(byStatus?["read"] as? Int == 1 && byStatus?["reading"] as? Int == 2, "\(figures)")
        #expect(byStatus?["to-read"] as? Int == 1 && byStatus?["abandoned"] as? Int == 1, "\(figures)")
        #expect(try vault.run(["ls", "--format", "paths", "--status", "read"], environment: here).stdoutLines == ["feast.md"])
        let check = try vault.run(["check"], environment: here)
        #expect(!check.stdout.contains("unknown-status"), "\(check)")
    }

    @Test func aGoodreadsTitleGivesItsSeries() throws {
        let vault = try TemporaryLibrary(
            config: nil,
            books: [
                ("feast.md", "---\ntitle: \"A Feast for Crows (A Song of Ice and Fire, #4)\"\nauthor: George R. R. Martin\n---\n")
            ])
        let shown = try vault.run(["show", "feast", "--format", "json"], environment: ["SHELF_LIBRARY": vault.root.path])
        let json = try parseJSONObject(shown.stdout)
        #expect(json["title"] as? String == "A Feast for Crows", "\(shown)")
        #expect(json["series"] as? String == "A Song of Ice and Fire" && json["series_index"] as? Double == 4, "\(shown)")
    }

    @Test func showListsASeriesMapAndJSONKeepsEverySeries() throws {
        let vault = try TemporaryLibrary(books: [
            ("edge.md", "---\ntitle: Foundation's Edge\nseries:\n  - name: Foundation\n    number: 4\n  - Robot\n---\n")
        ])
        let shown = try vault.run(["show", "edge"])
        #expect(shown.stdout.contains("series  [name: Foundation, number: 4] [Robot]"), "\(shown)")
        let json = try parseJSONObject(try vault.run(["show", "edge", "--format", "json"]).stdout)
        let list = json["series_list"] as? [[String: Any]]
        #expect(list?.map { $0["name"] as? String } == ["Foundation", "Robot"], "\(json)")
        #expect(try vault.run(["ls", "--format", "paths", "series:robot"]).stdoutLines == ["edge.md"])
    }
}

/// Search and names in every script.
@Suite struct VaultScriptTests {
    static func library() throws -> TemporaryLibrary {
        try TemporaryLibrary(books: [
            ("norwegian-wood.md", "---\ntitle: ノルウェイの森\nauthors: [村上春樹]\n---\n"),
            ("three-body.md", "---\ntitle: 三体\nauthors: [刘慈欣]\n---\n"),
            ("dune.md", "---\ntitle: Dune\nauthors: [Frank Herbert]\n---\n"),
        ])
    }

    @Test(arguments: [
        ("春樹", ["norwegian-wood.md"]), ("森", ["norwegian-wood.md"]), ("ノルウェイ", ["norwegian-wood.md"]),
        ("三体", ["three-body.md"]), ("慈", ["three-body.md"]),
    ])
    func chineseAndJapaneseAreFoundByAnyPart(query: String, paths: [String]) throws {
        let library = try Self.library()
        let result = try library.run(["search", query, "--format", "paths"])
        #expect(result.stdoutLines == paths, "\(result)")
    }

    @Test func aQueryOfOnlyPunctuationSaysItMatchesNothing() throws {
        let library = try Self.library()
        let result = try library.run(["search", "!!!"])
        #expect(result.status != 0, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("has no letters or digits to search for"), "\(result)")
    }

    @Test(arguments: [
        ("Мастер и Маргарита", "Михаил Булгаков", "булгаков-мастер-и-маргарита.md"),
        ("Οδύσσεια", "Όμηρος", "όμηρος-οδύσσεια.md"), ("三体", "刘慈欣", "刘慈欣-三体.md"),
    ])
    func aNonLatinBookGetsARealFileName(title: String, author: String, name: String) throws {
        let library = try TemporaryLibrary(books: [])
        let result = try library.run(["add", "--title", title, "--author", author], environment: ["SHELF_TODAY": "2024-03-02"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines == [name], "\(result)")
    }

    @Test func authorsWithSuffixesSortBySurname() throws {
        let library = try TemporaryLibrary(books: [
            ("a.md", "---\ntitle: Why We Can't Wait\nauthors: [Martin Luther King, Jr.]\n---\n"),
            ("b.md", "---\ntitle: Cat's Cradle\nauthors: [Kurt Vonnegut Jr.]\n---\n"),
            ("c.md", "---\ntitle: Dune\nauthors: [Frank Herbert]\n---\n"),
        ])
        let result = try library.run(["ls", "--format", "paths", "--sort", "author"])
        #expect(result.stdoutLines == ["c.md", "a.md", "b.md"], "\(result)")
    }
}
