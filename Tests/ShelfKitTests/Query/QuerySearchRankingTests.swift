import Testing
@testable import ShelfKit

/// docs/query.md, "Search ranking": each query word scores the best field it matched in
/// (title 10, subtitle 8, authors 6, series and tags 4, ISBN and publisher 2, notes 1), a prefix
/// half; equal scores sort by title.
@Suite struct QuerySearchRankingTests {
    /// Each book holds "winter" in one field; paths are ordered unlike titles.
    static let files: [(path: String, frontMatter: String, body: String)] = [
        ("a-notes.md", "title: Hot Days", "Best read in winter,\nby the fire."),
        ("b-publisher.md", "title: Ice\npublisher: Winter House\nisbn: 978-0-441-47812-5", ""),
        ("c-series.md", "title: Snow\nseries: Winter Saga", ""),
        ("d-tags.md", "title: Cold Days\ntags: [winter]", ""),
        ("e-tags.md", "title: The Big Chill\ntags: [Winter]", ""),
        ("f-prefix.md", "title: Wintersmith\nauthor: Terry Pratchett", ""),
        ("g-author.md", "title: Summer Stories\nauthor: Ann Winter", ""),
        ("h-subtitle.md", "title: Frost\nsubtitle: A Winter Journey", ""),
        ("i-title.md", "title: Winter Tales\nauthor: Ann Smith\ntags: [winter]", "A winter classic."),
        ("j-none.md", "title: Spring", "Nothing cold here."),
    ]

    static let books: [Book] = files.map { file in
        let text = "---\n" + file.frontMatter + "\n---\n" + file.body
        guard let document = try? BookDocument(bytes: Array(text.utf8)), let frontMatter = document.frontMatter,
            let book = Book(path: file.path, frontMatter: frontMatter)
        else { fatalError("fixture \(file.path) is not a book") }
        return book
    }

    static let bodies = Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.body) })
    static let index = LibraryIndex(books: books, noteWords: files.map { TextFolding.words($0.body) })

    /// The ranked hits of `query` as (title, score, fields).
    static func search(_ query: String) throws -> [(title: String, score: Double, fields: [SearchRanker.Field])] {
        let today = BookDate(year: 2025, month: 6, day: 10)
        let expression = try QueryParser(today: today).parse(query)
        let evaluator = QueryEvaluator(index: index, today: today, notesReader: { bodies[$0.path] })
        let ranked = SearchRanker.rank(
            evaluator.evaluate(expression).ids, terms: expression.positiveTerms,
            prefixWord: expression.lastPrefixWord, index: index, notes: { bodies[$0.path] })
        return ranked.map { (index.books[Int($0.id)].title, $0.score, $0.fields) }
    }

    @Test func titleBeatsSubtitleBeatsAuthorsBeatsPrefixBeatsTagsBeatsPublisherBeatsNotes() throws {
        let hits = try Self.search("winter")
        #expect(
            hits.map(\.title) == [
                "Winter Tales", "Frost", "Summer Stories", "Wintersmith", "The Big Chill", "Cold Days", "Snow", "Ice", "Hot Days",
            ])
        #expect(hits.map(\.score) == [10, 8, 6, 5, 4, 4, 4, 2, 1])
    }

    @Test func aWholeWordScoresTheFullWeightAndAPrefixHalf() throws {
        let whole = try Self.search("\"winter\"")  // quoted: never a prefix
        #expect(!whole.map(\.title).contains("Wintersmith"))
        let prefix = try Self.search("wintersm")
        #expect(prefix.map(\.title) == ["Wintersmith"])
        #expect(prefix.map(\.score) == [5])
        let notes = try Self.search("fir")
        #expect(notes.map(\.title) == ["Hot Days"])
        #expect(notes.map(\.score) == [0.5])
    }

    @Test func equalScoresSortByTitleIgnoringALeadingArticle() throws {
        let hits = try Self.search("tag:winter")
        #expect(hits.map(\.title) == ["The Big Chill", "Cold Days", "Winter Tales"])
        #expect(hits.map(\.score) == [0, 0, 0])
    }

    @Test func aBooksScoreIsTheSumOverTheQuerysWords() throws {
        let hits = try Self.search("ann winter")
        #expect(hits.map(\.title) == ["Winter Tales", "Summer Stories"])
        #expect(hits.map(\.score) == [16, 12])
    }

    @Test func aPhraseScoresAsOneTerm() throws {
        let hits = try Self.search("\"winter journey\"")
        #expect(hits.map(\.title) == ["Frost"])
        #expect(hits.map(\.score) == [8])
        #expect(hits.first?.fields == [.subtitle])
    }

    @Test func anISBNScoresAsISBN() throws {
        let hits = try Self.search("0441478123")
        #expect(hits.map(\.title) == ["Ice"])
        #expect(hits.map(\.score) == [2])
        #expect(hits.first?.fields == [.isbn])
    }

    @Test func everyFieldAWordMatchedInIsListedBestFirst() throws {
        let hits = try Self.search("winter")
        #expect(hits.first?.title == "Winter Tales")
        #expect(hits.first?.fields == [.title, .tags, .notes])
        #expect(hits.first { $0.title == "Snow" }?.fields == [.series])
        #expect(hits.first { $0.title == "Ice" }?.fields == [.publisher])
        #expect(hits.first { $0.title == "Hot Days" }?.fields == [.notes])
        #expect(hits.first { $0.title == "Wintersmith" }?.fields == [.title])
    }

    @Test func negatedWordsDoNotScore() throws {
        // A negated word is never a prefix, so `winter` is the last word and also finds Wintersmith.
        let hits = try Self.search("winter -ann")
        #expect(hits.map(\.title) == ["Frost", "Wintersmith", "The Big Chill", "Cold Days", "Snow", "Ice", "Hot Days"])
        #expect(hits.map(\.score) == [8, 5, 4, 4, 4, 2, 1])
    }
}

/// The snippet a search shows for a match in the notes.
@Suite struct QuerySnippetTests {
    static let notes = QueryTestLibrary.bodies["left-hand.md"] ?? ""

    @Test func aSnippetIsCutAroundTheFirstMatchWithEllipses() {
        #expect(
            Snippet.around([["estraven"]], prefixWord: nil, in: Self.notes)
                == "…Ai spends half the book misreading Estraven, and so did I. The long crossing of the gobrin…")
    }

    @Test func aSnippetFromTheStartHasNoLeadingEllipsis() {
        #expect(
            Snippet.around([["genly"]], prefixWord: nil, in: Self.notes)
                == "Genly Ai spends half the book misreading Estraven, and so did…")
    }

    @Test func aSnippetReachingTheEndHasNoTrailingEllipsis() {
        #expect(
            Snippet.around([["dragon"]], prefixWord: nil, in: "Not sci fi at all, but the dragon is great.\n")
                == "…sci fi at all, but the dragon is great.")
    }

    @Test func aShortTextIsShownWhole() {
        #expect(
            Snippet.around([["sci"]], prefixWord: nil, in: "Not sci fi at all, but the dragon is great.\n")
                == "Not sci fi at all, but the dragon is great.")
    }

    @Test func lineBreaksBecomeSpaces() {
        #expect(
            Snippet.around([["heart"]], prefixWord: nil, in: Self.notes)
                == "…of the gobrin ice is the heart of the novel, and the part I reread every winter…")
    }

    @Test func aPrefixWordAndFoldedWordsAreFound() {
        #expect(
            Snippet.around([["estr"]], prefixWord: "estr", in: Self.notes)
                == "…Ai spends half the book misreading Estraven, and so did I. The long crossing of the gobrin…")
        #expect(Snippet.around([["godel"]], prefixWord: nil, in: "On Gödel and Escher.") == "On Gödel and Escher.")
    }

    @Test func noMatchNoSnippet() {
        #expect(Snippet.around([["dragon"]], prefixWord: nil, in: Self.notes) == nil)
        #expect(Snippet.around([["estr"]], prefixWord: nil, in: Self.notes) == nil)
    }

    @Test func highlightsCoverTheMatchingWords() {
        let text = "Estraven and Genly, Estraven again"
        let ranges = Snippet.highlights([["estraven"]], prefixWord: "gen", in: text)
        #expect(ranges.map { String(text[$0]) } == ["Estraven", "Genly", "Estraven"])
    }
}
