import Testing
@testable import ShelfKit

/// Keys inside a page's map (Hugo page bundles: `params: {author:, isbn:, publishingYear:}`),
/// read as the book's fields and edited where they are written (docs/vaults.md).
@Suite struct PageMapTests {
    static let bundle = """
        ---
        title: "Dune"
        date: 2020-01-02
        params:
          author: Frank Herbert
          isbn: "9780441013593"
          publishingYear: 2016
        ---
        A review.

        """

    func book(_ text: String, _ vocabulary: Vocabulary = .standard) throws -> Book {
        let document = try BookDocument(bytes: Array(text.utf8))
        return try #require(Book(path: "dune/index.md", document: document, vocabulary: vocabulary))
    }

    @Test func hugoParamsAreReadAsTheBooksFields() throws {
        let dune = try book(Self.bundle)
        #expect(dune.authors == ["Frank Herbert"])
        #expect(dune.isbn == "9780441013593")
        #expect(dune.published?.year == 2016)
        #expect(dune.problems.isEmpty)
    }

    @Test func aTopLevelKeyWinsOverOneInsideParams() throws {
        let dune = try book("---\ntitle: Dune\nauthor: Site Owner\nparams:\n  author: Frank Herbert\n---\n")
        #expect(dune.authors == ["Site Owner"])
        // Unless the vocabulary names the inner key.
        let named = try book("---\ntitle: Dune\nauthor: Site Owner\nparams:\n  author: Frank Herbert\n---\n",
                             Vocabulary(keys: [.authors: "params.author"]))
        #expect(named.authors == ["Frank Herbert"])
    }

    @Test func anotherMapIsReadInsideOnlyWhenTheVocabularyNamesIt() throws {
        let text = "---\ntitle: Dune\nbook:\n  writer: Frank Herbert\n  isbn: \"9780441013593\"\n---\n"
        #expect(try book(text).authors.isEmpty)
        #expect(try book(text).isbn == nil)
        #expect(try book(text, Vocabulary(keys: [.authors: "book.writer"])).authors == ["Frank Herbert"])
    }

    @Test func anEditOfAnInnerKeyChangesOnlyItsValue() throws {
        let edited = try vocabEdit([.set("published", .typed("2017"))], on: Self.bundle, .standard)
        #expect(edited == Self.bundle.replacingOccurrences(of: "publishingYear: 2016", with: "publishingYear: 2017"))
        let named = try vocabEdit([.set("authors", .list(["Brian Herbert"]))], on: Self.bundle, Vocabulary(keys: [.authors: "params.author"]))
        #expect(named == Self.bundle.replacingOccurrences(of: "author: Frank Herbert", with: "author: Brian Herbert"))
    }

    @Test func aMissingInnerKeyIsWrittenInsideTheMap() throws {
        let vocabulary = Vocabulary(keys: [.rating: "params.rating"])
        let block = try vocabEdit([.set("rating", .typed("4"))], on: Self.bundle, vocabulary)
        #expect(block == Self.bundle.replacingOccurrences(of: "publishingYear: 2016\n", with: "publishingYear: 2016\n  rating: 4\n"))
        let flow = try vocabEdit([.set("rating", .typed("4"))], on: "---\ntitle: Dune\nparams: {author: Frank Herbert}\n---\n", vocabulary)
        #expect(flow == "---\ntitle: Dune\nparams: {author: Frank Herbert, rating: 4}\n---\n")
        // A file without the map gets the key at the top, where it still reads back.
        let bare = try vocabEdit([.set("rating", .typed("4"))], on: "---\ntitle: Dune\n---\n", vocabulary)
        #expect(bare == "---\ntitle: Dune\nparams.rating: 4\n---\n")
    }

    @Test func unsettingAnInnerKeyRemovesItsLine() throws {
        let edited = try vocabEdit([.unset("isbn")], on: Self.bundle, .standard)
        #expect(edited == Self.bundle.replacingOccurrences(of: "  isbn: \"9780441013593\"\n", with: ""))
    }

    @Test func detectProposesTheInnerKeys() throws {
        var evidence = VocabularyEvidence()
        for (name, year) in [("Frank Herbert", "2016"), ("Ursula K. Le Guin", "1969")] {
            let text = "---\ntitle: X\nauthor: Site Owner\nparams:\n  author: \(name)\n  publishingYear: \(year)\n---\n"
            evidence.record(try #require(try BookDocument(bytes: Array(text.utf8)).frontMatter).values)
        }
        let choice = VocabularyChoice(evidence)
        #expect(choice.keys[.authors] == "params.author")
        #expect(choice.keys[.published] == "params.publishingYear")
        #expect(choice.demoted == ["author"])
    }
}

/// A status kept as a list of shelves (`shelves: [read]`, `booklists: [completed]`).
@Suite struct StatusShelfTests {
    let shelves = Vocabulary(keys: [.status: "shelves"])

    @Test func theStatusIsTheShelfThatIsAStatusWord() throws {
        let read = try #require(Book(path: "a.md", document: try BookDocument(bytes: Array("---\ntitle: A\nshelves: [favorites, to-read]\n---\n".utf8)), vocabulary: shelves))
        #expect(read.status == .toRead)
        #expect(read.problems.isEmpty)
        let none = try #require(Book(path: "a.md", document: try BookDocument(bytes: Array("---\ntitle: A\nshelves: [favorites]\n---\n".utf8)), vocabulary: shelves))
        #expect(none.status == nil)
        #expect(none.problems.isEmpty, "a list of shelves without a status is no problem")
        let owned = try #require(Book(path: "a.md", document: try BookDocument(bytes: Array("---\ntitle: A\nshelves: [owned, read]\n---\n".utf8)), vocabulary: shelves))
        #expect(owned.status == .read, "the furthest along of two status words")
    }

    @Test func anEditChangesOnlyTheStatusShelf() throws {
        let flow = "---\ntitle: A\nshelves: [to-read, favorites]\n---\n"
        #expect(try vocabEdit([.set("status", .string("read"))], on: flow, shelves) == "---\ntitle: A\nshelves: [read, favorites]\n---\n")
        let block = "---\ntitle: A\nshelves:\n  - favorites\n  - to-read\n---\n"
        #expect(try vocabEdit([.set("status", .string("reading"))], on: block, shelves) == "---\ntitle: A\nshelves:\n  - favorites\n  - reading\n---\n")
        #expect(try vocabEdit([.set("status", .string("read"))], on: "---\ntitle: A\nshelves: [favorites]\n---\n", shelves)
                == "---\ntitle: A\nshelves: [favorites, read]\n---\n")
        #expect(try vocabEdit([.unset("status")], on: flow, shelves) == "---\ntitle: A\nshelves: [favorites]\n---\n")
        // The same status in the file's own word is no change.
        let completed = "---\ntitle: A\nbooklists: [completed]\n---\n"
        #expect(try vocabEdit([.set("status", .string("read"))], on: completed, Vocabulary(keys: [.status: "booklists"])) == completed)
    }

    @Test func detectTakesAListOfShelvesForTheStatus() throws {
        var evidence = VocabularyEvidence()
        for shelf in ["[read]", "[to-read, favorites]", "[read, owned-ebooks]"] {
            let text = "---\ntitle: X\nshelves: \(shelf)\n---\n"
            evidence.record(try #require(try BookDocument(bytes: Array(text.utf8)).frontMatter).values)
        }
        #expect(VocabularyChoice(evidence).keys[.status] == "shelves")
    }
}
