import Foundation
import Testing

/// Issue 45, the tune corpus measured whole: what `check` said of vaults' own habits, and a book
/// a vault's file name gives the author of, read as their owners mean them (docs/vaults.md).
@Suite struct VaultTuneShapeTests {
    func check(_ library: TemporaryLibrary) throws -> [String] {
        try library.run(["check", "--library", library.root.path], environment: vaultClock).stdoutLines
            .map { line in line.range(of: "] ").map { String(line[..<$0.lowerBound]) + "]" } ?? line }
    }

    @Test func checkNamesOnlyTheNotesWithoutFrontMatterThatSeemToHaveLostIt() throws {
        let dune = ("Frank_Herbert/Dune.md", bookFile("title: Dune\nauthor: Frank Herbert"))
        // An author's page, a map of content and a README, as Obsidian vaults keep them, beside a
        // book whose `---` lines were lost.
        let vault = try TemporaryLibrary(
            config: nil,
            books: [
                dune,
                ("Frank_Herbert/Frank_Herbert.md", "# Frank Herbert\n\n## Books\n\n- [Dune](Dune.md)\n"),
                ("MOCs/Science Fiction MOC.md", "# Science Fiction MOC\n\n- 2011 · [[Dune]] — Frank Herbert\n"),
                ("README.md", "A vault of the books I read.\n"),
                ("Emma.md", "\ntitle: Emma\nauthor: Jane Austen\n"),
            ])
        #expect(try check(vault) == ["Emma.md:1:1: warning [no-front-matter]"])
        // Fewer than three such notes are a slip in a library of books: each is named.
        let library = try TemporaryLibrary(config: nil, books: [dune, ("README.md", "A library.\n"), ("todo.md", "- buy Emma\n")])
        #expect(try check(library) == ["README.md:1:1: warning [no-front-matter]", "todo.md:1:1: warning [no-front-matter]"])
    }

    @Test func aYearBeforeTheCommonEraAndADayNotKnownAreNoProblems() throws {
        let library = try TemporaryLibrary(
            config: nil,
            books: [
                ("iliad.md", bookFile("title: The Iliad\nauthor: Homer\npublished: '-800'")),
                ("art-of-war.md", bookFile("title: The Art of War\nauthor: Sun Tzu\npublished: 500 BC")),
                ("marge.md", bookFile("title: Marge and the Secret Tunnel\nauthor: Isla Fisher\nstarted: '?'\nfinished: 2021-03-04")),
                ("wrong.md", bookFile("title: Wrong\nauthor: A. Writer\nfinished: '-800'")),
            ])
        #expect(try check(library) == ["wrong.md:4:11: error [invalid-date]"])
        // A day not known is replaced as freely as an empty one.
        let set = try library.run(["set", "marge.md", "started=2021-02-01", "--library", library.root.path], environment: vaultClock)
        #expect(set.status == 0, "\(set)")
        #expect(
            try library.vaultText("marge.md")
                == "---\ntitle: Marge and the Secret Tunnel\nauthor: Isla Fisher\nstarted: '2021-02-01'\nfinished: 2021-03-04\n---\n")
    }

    @Test func anISBN10BesideTheLibrarysISBN13IsNoMixing() throws {
        let library = try TemporaryLibrary(
            config: "fields:\n  isbn: isbn13\n",
            books: [
                ("dune.md", bookFile("title: Dune\nauthor: Frank Herbert\nisbn13: '9780441013593'")),
                ("lhod.md", bookFile("title: The Left Hand of Darkness\nauthor: Ursula K. Le Guin\nisbn10: '0441478123'")),
                ("got.md", bookFile("title: A Game of Thrones\nauthor: George R. R. Martin\nisbn: '0553573403'")),
            ])
        #expect(try check(library) == ["got.md:4:1: warning [mixed-vocabulary]"])
    }

    @Test func aOneWordAuthorTheFileIsNamedByIsTheAuthor() throws {
        let reviews = [
            ("Dune", "Frank Herbert"), ("Germinal", "Émile Zola"), ("Starfish", "Peter Watts"), ("Tau Zéro", "Poul Anderson"),
            ("Konbini", "Sayaka Murata"), ("Terreur", "Dan Simmons"), ("Brume", "Stephen King"), ("Akira", "Katsuhiro Otomo"),
            ("Norferville", "Franck Thilliez"),
        ].map { title, author in
            (
                "2021-01-01-\(author.replacingOccurrences(of: " ", with: "-"))_\(title.replacingOccurrences(of: " ", with: "-")).md",
                bookFile("layout: post\ntitle: \"\(title) - \(author)\"\ncategories: lectures\ncomments: true")
            )
        }
        let others = [
            (
                "2021-05-24-Voltaire_Candide.md",
                bookFile("layout: post\ntitle: \"Candide ou l'optimisme - Voltaire\"\ncategories: lectures\ncomments: true")
            ),
            ("2016-01-01-Warsow.md", bookFile("layout: post\ntitle: \"Warsow - LinuxFr\"\ncategories: blog\ncomments: true")),
            // A file named by the whole title gives no author.
            (
                "2022-11-05-Castlevania-Aria-of-Sorrow.md",
                bookFile("layout: post\ntitle: \"Castlevania - Aria of Sorrow\"\ncategories: blog\ncomments: true")
            ),
        ]
        let vault = try TemporaryLibrary(config: nil, books: reviews + others)
        try vaultAge(vault)
        let listed = try parseJSONArray(try vault.vaultRun(["ls", "--format", "json", "--library", vault.root.path]).stdout)
        let candide = listed.first { $0["path"] as? String == "2021-05-24-Voltaire_Candide.md" }
        #expect(candide?["title"] as? String == "Candide ou l'optimisme")
        #expect(candide?["authors"] as? [String] == ["Voltaire"])
        #expect(listed.count == 10, "\(listed.compactMap { $0["title"] })")
    }
}
