import Testing
@testable import ShelfKit

/// docs/query.md, "Combining" and "Saved queries".
@Suite struct QueryCombiningTests {
    @Test func termsSideBySideMustAllMatch() {
        expectQuery("tag:sci-fi rating:>=4", matches: ["left-hand"])
        expectQuery("tag:sci-fi AND rating:>=4", matches: ["left-hand"])
        expectQuery("author:herbert status:to-read", matches: ["dune-messiah"])
        expectQuery("le guin tag:fantasy", matches: ["earthsea"])
    }

    @Test func negation() {
        let notSciFi = QueryTestLibrary.allNames.subtracting(QueryTestLibrary.sciFi)
        expectQuery("-tag:sci-fi", matches: notSciFi)
        expectQuery("NOT tag:sci-fi", matches: notSciFi)
        expectQuery("tag:sci-fi -status:to-read", matches: ["left-hand", "solaris", "dune", "player"])
        expectQuery("tag:sci-fi NOT status:to-read", matches: ["left-hand", "solaris", "dune", "player"])
        expectQuery("le guin -estraven", matches: ["dispossessed", "earthsea", "ancillary"])
        expectQuery("-\"gobrin ice\" gobrin", matches: ["ancillary"])
        expectQuery("NOT NOT tag:fantasy", matches: ["earthsea", "guards", "hobbit"])
        expectQuery("-(tag:fantasy OR tag:sci-fi)", matches: ["godel", "chiang", "animal-farm", "ancillary", "commonplace"])
    }

    @Test func notBindsToTheNextTermOnly() {
        // `NOT has:location status:read` is `(NOT has:location) AND status:read`.
        expectQuery("NOT has:location status:read", matches: ["chiang", "guards", "animal-farm", "ancillary"])
        expectQuery("-tag:sci-fi -tag:fantasy", matches: ["godel", "chiang", "animal-farm", "ancillary", "commonplace"])
    }

    @Test func aDashInsideAWordIsNotANegation() {
        expectQuery("dune-messiah", matches: ["dune-messiah"])  // the phrase "dune messiah"
        expectQuery("messiah-dune", matches: [])
        expectQuery("dune - messiah", matches: ["dune-messiah"])  // a lone `-` is no term
    }

    @Test func or() {
        expectQuery("status:dnf OR status:reading", matches: ["solaris", "earthsea", "player"])
        expectQuery("estraven OR dragon", matches: ["left-hand", "guards"])
        expectQuery("tag:humor OR tag:math OR tag:politics", matches: ["guards", "godel", "animal-farm"])
    }

    @Test func parenthesesGroup() {
        expectQuery("(tag:fantasy OR tag:sci-fi) rating:5", matches: ["left-hand"])
        expectQuery("tag:sci-fi (author:\"le guin\" OR author:banks) -status:to-read", matches: ["left-hand", "player"])
        expectQuery("((author:herbert))", matches: ["dune", "dune-messiah"])
        expectQuery("(author:herbert OR author:lem) (status:read OR status:dnf)", matches: ["dune", "solaris"])
    }

    @Test func andBindsTighterThanOr() {
        // `a b OR c` is `(a b) OR c`.
        expectQuery("author:herbert status:read OR tag:fantasy", matches: ["dune", "earthsea", "guards", "hobbit"])
        expectQuery("(author:herbert status:read) OR tag:fantasy", matches: ["dune", "earthsea", "guards", "hobbit"])
        expectQuery("author:herbert (status:read OR tag:fantasy)", matches: ["dune"])
        expectQuery("tag:fantasy OR author:herbert status:read", matches: ["dune", "earthsea", "guards", "hobbit"])
        expectQuery("tag:fantasy OR author:herbert AND status:read", matches: ["dune", "earthsea", "guards", "hobbit"])
    }

    @Test func orIsOnlyAnOperatorInCapitals() {
        // `or` in lower case is a word to look for: no book holds "estraven", "or" and "dragon".
        expectQuery("estraven or dragon", matches: [])
    }

    @Test func theParserBuildsTheDocumentedTree() throws {
        let parser = QueryParser(today: QueryTestLibrary.today)
        let tree = try parser.parse("a b OR c")
        #expect(tree == .or([.and([.word("a", prefix: false), .word("b", prefix: false)]), .word("c", prefix: true)]))
        // A negated word is never widened: the prefix goes to the last word that is not negated.
        #expect(
            try parser.parse("a b OR -c")
                == .or([.and([.word("a", prefix: false), .word("b", prefix: true)]), .not(.word("c", prefix: false))]))
        #expect(try parser.parse("NOT a b") == .and([.not(.word("a", prefix: false)), .word("b", prefix: true)]))
        #expect(try parser.parse("sci-fi") == .phrase(["sci", "fi"]))
        #expect(try parser.parse("") == .all)
    }

    @Test func onlyWordsAndPhrasesNeedTheNotes() throws {
        let parser = QueryParser(today: QueryTestLibrary.today)
        for query in ["tag:sci-fi rating:>=4", "-has:rating", "title:dune OR @reading", "", "(author:herbert)"] {
            #expect(try parser.parse(query).needsNotes == false, "\(query)")
        }
        for query in ["estraven", "-estraven", "tag:sci-fi \"gobrin ice\"", "title:dune OR dragon", "sci-fi"] {
            #expect(try parser.parse(query).needsNotes, "\(query)")
        }
    }
}

/// docs/query.md, "Saved queries".
@Suite struct QuerySavedQueryTests {
    static let saved = [
        "keepers": "rating:5 -tag:reference",
        "short-reads": "pages:<250",
        "le-guin": "author:\"le guin\"",
        "nested": "@le-guin tag:classics",
        "loop": "@loop",
        "ping": "@pong",
        "pong": "tag:fantasy @ping",
        "broken": "rating:>=x",
    ]

    @Test func aSavedQueryRunsByName() {
        expectQuery("@keepers", matches: ["left-hand", "chiang"], saved: Self.saved)
        expectQuery("@keepers tag:sci-fi", matches: ["left-hand"], saved: Self.saved)
        expectQuery("@short-reads", matches: ["earthsea", "solaris", "animal-farm"], saved: Self.saved)
        expectQuery("-@short-reads status:read pages:<300", matches: ["chiang"], saved: Self.saved)
        expectQuery("@keepers OR @short-reads", matches: ["left-hand", "chiang", "earthsea", "solaris", "animal-farm"], saved: Self.saved)
    }

    @Test func aSavedQueryMayUseAnother() {
        expectQuery("@nested", matches: ["left-hand", "earthsea"], saved: Self.saved)
    }

    @Test func theBuiltInQueries() {
        expectQuery("@reading", matches: ["earthsea", "player"])
        expectQuery("@to-read", matches: ["dispossessed", "dune-messiah", "hail-mary"])
        // Finished on or after 2025-03-12, ninety days before 2025-06-10.
        expectQuery("@recent", matches: ["hobbit"])
        expectQuery("@unrated", matches: ["hobbit"])
    }

    @Test func aLibraryMayRedefineABuiltInQuery() {
        expectQuery("@reading", matches: ["earthsea"], saved: ["reading": "status:reading tag:fantasy"])
        expectQuery("@to-read", matches: ["dispossessed", "dune-messiah", "hail-mary"], saved: ["reading": "status:reading tag:fantasy"])
    }

    @Test func aSavedQueryKeepsItsOwnMeaningInsideAnAnd() {
        // `@x tag:y` is `(@x) AND tag:y`, even when @x holds an OR.
        expectQuery("@either tag:sci-fi", matches: ["solaris"], saved: ["either": "status:dnf OR tag:humor"])
    }

    @Test func aQueryReferringToItselfIsAnError() throws {
        let error = try #require(QueryTestLibrary.parseError("@loop", saved: Self.saved))
        #expect(error.message.contains("@loop refers to itself"), "\(error.message)")
        #expect(error.column == 1)
        let indirect = try #require(QueryTestLibrary.parseError("dune @ping", saved: Self.saved))
        #expect(indirect.message.contains("refers to itself"), "\(indirect.message)")
        #expect(indirect.column == 6)
    }

    @Test func anUnknownSavedQueryIsAnError() throws {
        let error = try #require(QueryTestLibrary.parseError("@nope"))
        #expect(error.message.contains("@nope"), "\(error.message)")
        #expect(error.column == 1)
        #expect(QueryTestLibrary.parseError("tag:sci-fi @nope")?.column == 12)
    }

    @Test func anErrorInsideASavedQueryNamesIt() throws {
        let error = try #require(QueryTestLibrary.parseError("dune @broken", saved: Self.saved))
        #expect(error.message == "in @broken: 'x' is not a number")
        #expect(error.column == 6)
    }
}
