import Foundation
import Testing

/// Issue 45: the shapes of sites' book folders, read with no shelf.yaml as detect would propose
/// (docs/vaults.md): nested maps, titles holding their author, a site owner's name on every page,
/// a blog's posts beside its reviews, a book in two languages, a `read:` date.
@Suite struct VocabularySiteShapeTests {
    func books(_ vault: TemporaryLibrary) throws -> [[String: Any]] {
        try parseJSONArray(try vault.vaultRun(["ls", "--format", "json", "--library", vault.root.path]).stdout)
            .sorted { ($0["path"] as? String ?? "") < ($1["path"] as? String ?? "") }
    }

    @Test func reviewsKeptInNestedMapsAreListedAndEditedWhereTheyAre() throws {
        let review = { (title: String, author: String, day: String) in
            bookFile(
                "book:\n  author: \(author)\n  cover_image_url: http://covers.example.org/b.jpg\n  isbn13: '9780544236042'\n"
                    + "  pages: 272\n  spine_color: '#b4b273'\n  title: \(title)\n"
                    + "plan:\n  date_added: '2020-03-08'\nreview:\n  date_read:\n  - \(day)\n  rating: 3")
        }
        let vault = try TemporaryLibrary(
            config: nil,
            books: [
                ("mark-miodownik/stuff-matters/index.md", review("Stuff Matters", "Mark Miodownik", "2022-03-12")),
                ("ada-palmer/too-like-the-lightning/index.md", review("Too Like the Lightning", "Ada Palmer", "2019-07-07")),
                ("becky-chambers/a-closed-and-common-orbit/index.md", review("A Closed and Common Orbit", "Becky Chambers", "2018-01-02")),
            ])
        try vaultAge(vault)
        let listed = try books(vault)
        #expect(listed.compactMap { $0["title"] as? String } == ["Too Like the Lightning", "A Closed and Common Orbit", "Stuff Matters"])
        #expect(listed.compactMap { ($0["authors"] as? [String])?.first } == ["Ada Palmer", "Becky Chambers", "Mark Miodownik"])
        #expect(listed.allSatisfy { $0["rating"] as? Double == 3 && $0["status"] as? String == "read" })
        let path = "mark-miodownik/stuff-matters/index.md"
        let before = try vault.vaultText(path)
        try vault.vaultRun(["rate", path, "3", "--library", vault.root.path])
        #expect(try vault.vaultText(path) == before)
        try vault.vaultRun(["rate", path, "5", "--library", vault.root.path])
        #expect(try vault.vaultText(path) == before.replacingOccurrences(of: "  rating: 3", with: "  rating: 5"))
        // Exported, imported into an empty folder and exported again, every book comes back the same.
        let exported = vault.path("export.json")
        try vault.vaultRun(["export", "json", "--library", vault.root.path, "-o", exported])
        let empty = try TemporaryLibrary(config: nil)
        try empty.vaultRun(["import", "json", exported, "--library", empty.root.path])
        try vaultAge(empty)
        let again = try empty.vaultRun(["export", "json", "--library", empty.root.path])
        let first = try parseJSONArray(try vault.vaultText("export.json")).map { $0.filter { $0.key != "notes" } as NSDictionary }
        let second = try parseJSONArray(again.stdout).map { $0.filter { $0.key != "notes" } as NSDictionary }
        #expect(first == second, "\(first)\n\(second)")
    }

    @Test func titlesByTheirAuthorBesideTheSiteOwnersNameOnEveryPage() throws {
        let owner = "author:\n- Rejman Jiří\ncategories:\n- books\nrating: 4"
        let vault = try TemporaryLibrary(
            config: nil,
            books: [
                ("Benjamin-Franklin.md", bookFile("title: 'Benjamin Franklin: An American Life by Walter Isaacson'\n" + owner)),
                ("an-elegant-puzzle.md", bookFile("title: An Elegant Puzzle by Will Larson\n" + owner)),
                ("odyssey.md", bookFile("title: Odyssey by Homer\n" + owner)),
                ("anathem.md", bookFile("title: Anathem by Neal Stephenson\n" + owner)),
                ("spqr.md", bookFile("title: SPQR by Mary Beard\n" + owner)),
            ])
        try vaultAge(vault)
        let listed = try books(vault)
        #expect(
            listed.compactMap { $0["title"] as? String } == [
                "Benjamin Franklin: An American Life", "An Elegant Puzzle", "Anathem", "Odyssey", "SPQR",
            ])
        #expect(
            listed.compactMap { ($0["authors"] as? [String])?.first } == [
                "Walter Isaacson", "Will Larson", "Neal Stephenson", "Homer", "Mary Beard",
            ])
        // Setting what is shown writes nothing; a new title keeps `by Author`.
        let before = try vault.snapshot()
        try vault.vaultRun(["set", "odyssey.md", "title=Odyssey", "--library", vault.root.path])
        try vault.vaultRun(["set", "odyssey.md", "authors=Homer", "--library", vault.root.path])
        #expect(try vault.snapshot() == before)
        try vault.vaultRun(["set", "odyssey.md", "title=The Odyssey", "--library", vault.root.path])
        #expect(try vault.vaultText("odyssey.md").contains("title: The Odyssey by Homer\n"))
    }

    @Test func aBlogsPostsBesideItsReviewsAreNotListedAndCheckSaysSo() throws {
        let reviews = [
            ("Dune", "Frank Herbert"), ("Germinal", "Émile Zola"), ("Starfish", "Peter Watts"), ("Tau Zéro", "Poul Anderson"),
            ("Konbini", "Sayaka Murata"), ("Terreur", "Dan Simmons"), ("Brume", "Stephen King"),
            ("Candide ou l'optimisme", "Jean Voltaire"),
            ("Norferville", "Franck Thilliez"), ("Akira", "Katsuhiro Otomo"),
        ].map { title, author in
            (
                "2021-01-01-\(author.replacingOccurrences(of: " ", with: "-"))_\(title.prefix(4)).md",
                bookFile("layout: post\ntitle: \"\(title) - \(author)\"\ncategories: lectures\ncomments: true")
            )
        }
        let posts = [
            ("2016-01-01-voeux-2016.md", bookFile("layout: post\ntitle: \"Meilleurs vœux 2016\"\ncategories: blog\ncomments: true")),
            ("2025-11-02-Chrono-Trigger.md", bookFile("layout: post\ntitle: \"Chrono Trigger\"\ncategories: lectures\ncomments: true")),
        ]
        let vault = try TemporaryLibrary(config: nil, books: reviews + posts)
        try vaultAge(vault)
        let listed = try books(vault)
        #expect(listed.count == 10, "\(listed.compactMap { $0["title"] })")
        #expect(listed.allSatisfy { ($0["authors"] as? [String])?.count == 1 })
        let check = try vault.run(["check", "--library", vault.root.path], environment: vaultClock)
        #expect(check.stdout.contains("[not-listed]") && check.stdout.contains("this note and 1 more are not listed"), "\(check)")
        // A library with shelf.yaml lists every note.
        try vault.write("shelf.yaml", "")
        #expect(try books(vault).count == 12)
    }

    @Test func aBookInTwoLanguagesIsListedOnceAndShowNamesBoth() throws {
        let record = { (language: String) in
            bookFile(
                "title: Prisoners of Geography\nstatus: done\nrating: 4\ndouban:\n  subtitle: Tim Marshall / 2015 / Elliott & Thompson",
                body: "A review (\(language)).\n")
        }
        let vault = try TemporaryLibrary(
            config: nil,
            books: [
                ("book-prisoners-of-geography-2015/record.en.md", record("en")),
                ("book-prisoners-of-geography-2015/record.zh.md", record("zh")),
            ])
        try vaultAge(vault)
        let listed = try books(vault)
        #expect(listed.compactMap { $0["path"] as? String } == ["book-prisoners-of-geography-2015/record.en.md"])
        #expect(listed.first?["authors"] as? [String] == ["Tim Marshall"])
        #expect(listed.first?["publisher"] as? String == "Elliott & Thompson")
        let show = try vault.vaultRun(["show", "prisoners", "--library", vault.root.path])
        #expect(show.stdout.contains("book-prisoners-of-geography-2015/record.zh.md (edits go to"), "\(show)")
        let check = try vault.run(["check", "--library", vault.root.path], environment: vaultClock)
        #expect(!check.stdout.contains("duplicate"), "\(check)")
    }

    @Test func translationsAreListedOnceOnlyWhereTheLibraryKeepsBooksSo() throws {
        let page = { (title: String) in bookFile("title: \(title)\nauthor: Frank Herbert") }
        // A Hugo site: most names that give a language have a sibling; a page not yet translated is a book.
        let site = try TemporaryLibrary(
            config: nil,
            books: [
                ("dune/index.md", page("Dune")), ("dune/index.fr.md", page("Dune (fr)")),
                ("messiah/index.md", page("Dune Messiah")), ("messiah/index.fr.md", page("Le Messie de Dune")),
                ("children/index.de.md", page("Die Kinder des Wüstenplaneten")),
            ])
        try vaultAge(site)
        #expect(try books(site).compactMap { $0["path"] as? String } == ["children/index.de.md", "dune/index.md", "messiah/index.md"])
        #expect(try site.vaultRun(["show", "dune/index.md", "--library", site.root.path]).stdout.contains("dune/index.fr.md (edits go to"))
        // A vault of volumes and versions: `x.ii.md` beside `x.iv.md`, `notes.v2.md` beside `notes.md`,
        // and names that give a language mostly alone: every file is a book of its own.
        let vault = try TemporaryLibrary(
            config: nil,
            books: [
                ("Dune.md", page("Dune")), ("Dune.fr.md", page("Dune, en français")),
                ("Lettres.fr.md", page("Lettres")), ("Briefe.de.md", page("Briefe")),
                ("Chronicles.ii.md", page("Chronicles II")), ("Chronicles.iv.md", page("Chronicles IV")),
                ("Saga.ii.md", page("Saga II")), ("Saga.vi.md", page("Saga VI")),
                ("notes.md", page("Notes")), ("notes.v2.md", page("Notes, again")),
            ])
        try vaultAge(vault)
        let listed = try books(vault)
        #expect(listed.count == 10, "\(listed.compactMap { $0["path"] })")
        let show = try vault.vaultRun(["show", "Dune.md", "--library", vault.root.path])
        #expect(!show.stdout.contains("translated"), "\(show)")
        // Nor does a library of volumes alone merge them, though `ii` and `vi` are language codes.
        let volumes = try TemporaryLibrary(
            config: nil,
            books: [
                ("Saga.ii.md", page("Saga II")), ("Saga.vi.md", page("Saga VI")), ("Chronicles.ii.md", page("C II")),
                ("Chronicles.iv.md", page("C IV")),
            ])
        try vaultAge(volumes)
        #expect(try books(volumes).count == 4)
    }

    @Test func aReadKeyHoldingADateIsTheFinishedDate() throws {
        let vault = try TemporaryLibrary(
            config: nil,
            books: [
                (
                    "walter.md",
                    bookFile("title: The Afterlife of Walter Augustus\nauthor: Hannah M. Lynn\nread: 2019-09-01\nstart: 2019-08-25")
                ),
                ("no-way-out.md", bookFile("title: No Way Out\nauthor: Cara Hunter\nread: 2019-06-30\nstart: 2019-06-18")),
            ])
        try vaultAge(vault)
        let listed = try books(vault)
        #expect(listed.compactMap { $0["finished"] as? String } == ["2019-06-30", "2019-09-01"], "\(listed)")
        #expect(listed.allSatisfy { $0["status"] as? String == "read" })
        let before = try vault.snapshot()
        try vault.vaultRun(["set", "walter.md", "finished=2019-09-01", "--library", vault.root.path])
        #expect(try vault.snapshot() == before)
    }
}
