import Testing

@testable import ShelfKit

/// Issue 45: authors a note writes without an author key — in its title, on a Douban card line —
/// a site's pages beside its books, and a book kept in two languages (docs/vaults.md).
@Suite struct WrittenAuthorsTests {
    static func vocabulary(_ separator: String? = " - ", pages: Bool = false) -> Vocabulary {
        var vocabulary = Vocabulary()
        vocabulary.titleAuthorSeparator = separator
        vocabulary.requiresBookValues = pages
        return vocabulary
    }

    func book(_ frontMatter: String, at path: String, _ vocabulary: Vocabulary = vocabulary()) throws -> Book? {
        Book(path: path, document: try BookDocument(bytes: Array("---\n\(frontMatter)\n---\nA review.\n".utf8)), vocabulary: vocabulary)
    }

    func edit(_ edits: [FieldEdit], _ frontMatter: String, at path: String, _ vocabulary: Vocabulary = vocabulary()) throws -> String {
        let text = "---\n\(frontMatter)\n---\nA review.\n"
        var editor = FrontMatterEditor(document: try BookDocument(bytes: Array(text.utf8)), path: path, vocabulary: vocabulary)
        try editor.apply(edits)
        return String(decoding: editor.document.bytes, as: UTF8.self)
    }

    @Test func aTitleThatEndsWithItsAuthorGivesTitleAndAuthor() throws {
        let zola = try #require(try book("layout: post\ntitle: \"L'Assommoir - Émile Zola\"", at: "2022-02-24-Emile-Zola-L-Assommoir.md"))
        #expect(zola.title == "L'Assommoir")
        #expect(zola.authors == ["Émile Zola"])
        let series = try #require(
            try book("title: \"Star Wars - La lumière des Jedi - Charles Soule\"", at: "2021-09-21-SW_Lumiere-des-Jedi.md"))
        #expect(series.title == "Star Wars - La lumière des Jedi" && series.authors == ["Charles Soule"])
        let two = try #require(
            try book("title: \"La route - Cormac McCarthy & Manu Larcenet\"", at: "Cormac-McCarthy-Manu-Larcenet_la-route.md"))
        #expect(two.authors == ["Cormac McCarthy", "Manu Larcenet"])
        let brothers = try #require(try book("title: \"Stalker - Arcadi et Boris Strougatski\"", at: "Arcadi-Boris-Strougatski_stalker.md"))
        #expect(brothers.title == "Stalker" && brothers.authors == ["Arcadi", "Boris Strougatski"])
        // Before the title, where the other side is no name.
        let christie = try #require(
            try book("title: \"Agatha Christie - Mort sur le Nil\"", at: "2024-06-03-Agatha-Christie_mort-sur-le-nil.md"))
        #expect(christie.title == "Mort sur le Nil" && christie.authors == ["Agatha Christie"])
    }

    @Test func aDashBesideNoPersonsNameIsPartOfTheTitle() throws {
        for (title, path) in [
            ("Castlevania - Aria of Sorrow", "2022-11-05-Castlevania-Aria-of-Sorrow.md"),
            ("Warsow - LinuxFr", "2014-07-05-Warsow.md"),
            ("Faster Than Light - LinuxFr", "2012-12-19-Faster-than-light.md"),
            ("Shadow Warrior - 2013", "2016-01-02-shadow-warrior.md"),
            ("The Clone Wars - épisodes à regarder", "2022-03-13-SW_Clone-wars.md"),
            // Capitalised words, but the file's name holds another word and not theirs.
            ("Nekrogoblikon - No One Survives", "2012-09-09-Nekrogobligon.md"),
        ] {
            let page = try #require(try book("title: \"\(title)\"\nrating: 3", at: path))
            #expect(page.title == title && page.authors.isEmpty, "\(title): \(page.title) by \(page.authors)")
        }
        // Without the folder's habit, or with an author key, a title is read as written.
        #expect(try book("title: \"Dune - Frank Herbert\"", at: "dune.md", Self.vocabulary(nil))?.title == "Dune - Frank Herbert")
        let keyed = try #require(try book("title: \"Dune - Frank Herbert\"\nauthor: F. H.", at: "dune.md"))
        #expect(keyed.title == "Dune - Frank Herbert" && keyed.authors == ["F. H."])
    }

    @Test func byGivesTheAuthorAfterIt() throws {
        let franklin = try #require(
            try book("title: 'Benjamin Franklin: An American Life by Walter Isaacson'", at: "Benjamin-Franklin.md", Self.vocabulary(" by "))
        )
        #expect(franklin.title == "Benjamin Franklin: An American Life" && franklin.authors == ["Walter Isaacson"])
        let homer = try #require(try book("title: Odyssey by Homer", at: "odyssey.md", Self.vocabulary(" by ")))
        #expect(homer.title == "Odyssey" && homer.authors == ["Homer"])
    }

    @Test func settingTheTitleKeepsTheAuthorWrittenInIt() throws {
        let note = "title: \"L'Assommoir - Émile Zola\"\ncategories: lectures"
        let path = "2022-02-24-Emile-Zola-L-Assommoir.md"
        // The title and author shown, set again, are no change.
        let same = "---\n\(note)\n---\nA review.\n"
        #expect(try edit([.set("title", .string("L'Assommoir"))], note, at: path) == same)
        #expect(try edit([.set("authors", .list(["Émile Zola"]))], note, at: path) == same)
        // A title shown that itself reads as `Title - Name`, and an author shown added again.
        let jeter = "title: \"Star Wars - Chasseurs de Prime - K.W. Jeter\""
        #expect(
            try edit([.set("title", .string("Star Wars - Chasseurs de Prime"))], jeter, at: "SW_Chasseurs-de-prime.md")
                == "---\n\(jeter)\n---\nA review.\n")
        let pair = "title: \"La route - Cormac McCarthy & Manu Larcenet\""
        #expect(
            try edit([.add("authors", "Manu Larcenet")], pair, at: "Cormac-McCarthy-Manu-Larcenet_la-route.md")
                == "---\n\(pair)\n---\nA review.\n")
        // A new title keeps the author part as written.
        let renamed = try edit([.set("title", .string("L'Assommoir (Folio)"))], note, at: path)
        #expect(renamed.contains("title: \"L'Assommoir (Folio) - Émile Zola\"\n"), "\(renamed)")
        let before = try edit(
            [.set("title", .string("Mort sur le Nil (poche)"))], "title: \"Agatha Christie - Mort sur le Nil\"",
            at: "Agatha-Christie_mort.md")
        #expect(before.contains("title: \"Agatha Christie - Mort sur le Nil (poche)\"\n"), "\(before)")
    }

    @Test func aDoubanCardLineGivesAuthorsYearAndPublisher() throws {
        let card = "title: Prisoners of Geography\ndouban:\n  rating: 8.4\n  subtitle: Tim Marshall / 2015 / Elliott & Thompson"
        let book = try #require(try self.book(card, at: "book-prisoners-2015/record.en.md", Self.vocabulary(nil)))
        #expect(book.authors == ["Tim Marshall"])
        #expect(book.published?.year == 2015)
        #expect(book.publisher == "Elliott & Thompson")
        let pair = try #require(
            try self.book("title: Dawn\ndouban:\n  subtitle: David Graeber and David Wengrow / 2021", at: "d.md", Self.vocabulary(nil)))
        #expect(pair.authors == ["David Graeber", "David Wengrow"])
        // A key's author wins; setting the authors shown writes nothing.
        #expect(try self.book(card + "\nauthor: Someone Else", at: "x.md", Self.vocabulary(nil))?.authors == ["Someone Else"])
        let same = "---\n\(card)\n---\nA review.\n"
        #expect(try edit([.set("authors", .list(["Tim Marshall"]))], card, at: "x.md", Self.vocabulary(nil)) == same)
    }

    @Test func aSitesPageBesideBooksIsNoBookWhereTheVocabularySaysSo() throws {
        let post = "layout: post\ntitle: \"Meilleurs vœux 2016\"\ncategories: blog\ncomments: true"
        let pages = Self.vocabulary(" - ", pages: true)
        #expect(try book(post, at: "2016-01-01-voeux-2016.md", pages) == nil)
        #expect(try book(post, at: "2016-01-01-voeux-2016.md", Self.vocabulary(" - ")) != nil)
        // A book in the same folder, a title alone, a title with keys a page does not have.
        #expect(try book("layout: post\ntitle: \"Dune - Frank Herbert\"\ncategories: lectures", at: "Frank-Herbert_dune.md", pages) != nil)
        #expect(try book("title: Dune", at: "dune.md", pages) != nil)
        #expect(try book("title: Dune\ntags: [scifi]", at: "dune.md", pages) != nil)
    }

    @Test func aBookInTwoLanguagesIsListedOnce() {
        let paths = ["a/record.en.md", "a/record.zh.md", "b/record.zh.md", "c/x.fr.md", "c/x.md", "d/notes.md", "d/vol.ii.md"]
        #expect(BookTranslations.listedOnce(paths) == ["a/record.en.md", "b/record.zh.md", "c/x.md", "d/notes.md", "d/vol.ii.md"])
        #expect(BookTranslations.listedOnce(["a.md", "b.md"]) == ["a.md", "b.md"])
        // Volumes and versions are no translations; nor is one translated note among untranslated ones.
        let volumes = ["a/x.ii.md", "a/x.iii.md", "a/x.iv.md", "a/x.md", "b/y.ii.md", "b/y.vi.md", "notes.md", "notes.v2.md"]
        #expect(BookTranslations.listedOnce(volumes) == volumes)
        let once = ["a.de.md", "b.fr.md", "c.fr.md", "c.md"]
        #expect(BookTranslations.listedOnce(once) == once)
    }
}
