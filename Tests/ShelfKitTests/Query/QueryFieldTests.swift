import Testing
@testable import ShelfKit

/// docs/query.md, "Fields": text, lists, tags, status, ISBN, boolean, user keys, `=` and `/regex/`.
@Suite struct QueryFieldTests {
    @Test func textFieldsMatchEveryWordTheLastMayBeAPrefix() {
        expectQuery("title:dune", matches: ["dune", "dune-messiah"])
        expectQuery("title:mess", matches: ["dune-messiah"])
        expectQuery("title:\"left hand\"", matches: ["left-hand"])
        expectQuery("title:\"hand left\"", matches: ["left-hand"])  // every word, any order
        expectQuery("title:\"lef hand\"", matches: [])  // only the last word may be a prefix
        expectQuery("title:godel", matches: ["godel"])
        expectQuery("title:estraven", matches: [])  // notes are not the title
        expectQuery("subtitle:utopia", matches: ["dispossessed"])
        expectQuery("series:hainish", matches: ["left-hand", "dispossessed"])
        expectQuery("series:\"hainish cycle\"", matches: ["left-hand", "dispossessed"])
        expectQuery("publisher:basic", matches: ["godel"])
        expectQuery("publisher:books", matches: ["left-hand", "godel"])
        expectQuery("location:\"living room\"", matches: ["left-hand", "godel", "dune"])
        expectQuery("location:bedroom", matches: ["earthsea", "hobbit"])
        expectQuery("format:ebook", matches: ["solaris", "player", "hail-mary"])
        expectQuery("language:english", matches: ["godel"])
        expectQuery("lang:eng", matches: ["godel"])
    }

    @Test func listFieldsMatchOverTheirItems() {
        expectQuery("author:\"le guin\"", matches: ["left-hand", "dispossessed", "earthsea"])
        expectQuery("authors:\"le guin\"", matches: ["left-hand", "dispossessed", "earthsea"])
        expectQuery("author:herb", matches: ["dune", "dune-messiah"])
        expectQuery("author:stanislaw", matches: ["solaris"])
        expectQuery("by:pratchett", matches: ["guards"])
        expectQuery("author:banks", matches: ["player"])  // not Ancillary, whose notes name Banks
        expectQuery("genre:fantasy", matches: ["earthsea"])
        expectQuery("genres:fiction", matches: ["left-hand"])
    }

    @Test func userKeysMatchLikeText() {
        expectQuery("mood:cozy", matches: ["earthsea", "guards"])
        expectQuery("mood:funny", matches: ["guards"])
        expectQuery("mood:COZY", matches: ["earthsea", "guards"])
        expectQuery("Mood:cozy", matches: ["earthsea", "guards"])
        expectQuery("mood:grim", matches: [])
        expectQuery("cover:commonplace", matches: ["commonplace"])
    }

    @Test func userKeysCompareAsNumbersAndDates() {
        expectQuery("price:<10", matches: ["solaris", "hobbit"])
        expectQuery("price:>=12", matches: ["guards"])
        expectQuery("price:8.5", matches: ["solaris"])
        expectQuery("price:8", matches: [])
        expectQuery("price:9..13", matches: ["hobbit", "guards"])
        expectQuery("bought:2024", matches: ["guards"])
        expectQuery("bought:<2024", matches: ["hobbit"])
        expectQuery("bought:2023-12..2024-03", matches: ["hobbit", "guards"])
    }

    @Test(
        arguments: [
            ("status:read", QueryTestLibrary.read),
            ("status:finished", QueryTestLibrary.read),
            ("status:READ", QueryTestLibrary.read),
            ("status:dnf", ["solaris"]),
            ("status:abandoned", ["solaris"]),
            ("status:DNF", ["solaris"]),
            ("status:reading", ["earthsea", "player"]),
            ("status:currently-reading", ["earthsea", "player"]),
            ("status:to-read", ["dispossessed", "dune-messiah", "hail-mary"]),
            ("status:tbr", ["dispossessed", "dune-messiah", "hail-mary"]),
            ("status:want-to-read", ["dispossessed", "dune-messiah", "hail-mary"]),
            ("status:=dnf", ["solaris"]),
        ] as [(String, Set<String>)])
    func statusMatchesExactlyWithAliases(query: String, expected: Set<String>) {
        expectQuery(query, matches: expected)
    }

    @Test(arguments: ["tag:sci-fi", "tag:SCI-FI", "tags:Sci-Fi", "tag:#sci-fi"])
    func aTagMatchesInAnyCaseAndTheTagsNestedUnderIt(query: String) {
        expectQuery(query, matches: QueryTestLibrary.sciFi)
    }

    @Test func aTagDoesNotMatchLongerNamesNorItsChildPartAlone() {
        expectQuery("tag:sci-fi/space", matches: ["dune", "dune-messiah", "player", "hail-mary"])
        expectQuery("tag:sci-fi/utopia", matches: ["dispossessed"])
        expectQuery("tag:sci-fiction", matches: ["chiang"])
        expectQuery("tag:sci", matches: [])
        expectQuery("tag:space", matches: [])
        expectQuery("tag:\"space opera\"", matches: ["ancillary"])
        expectQuery("tag:fantasy", matches: ["earthsea", "guards", "hobbit"])
    }

    @Test(arguments: ["isbn:978-0-441-47812-5", "isbn:9780441478125", "isbn:0441478123", "isbn:0-441-47812-3"])
    func anISBNMatchesInEveryForm(query: String) {
        expectQuery(query, matches: ["left-hand"])
    }

    @Test func anISBNFieldFindsABookStoringTheOtherForm() {
        expectQuery("isbn:9780593135204", matches: ["hail-mary"])
        expectQuery("isbn:978-0-593-13520-4", matches: ["hail-mary"])
        expectQuery("isbn:9791040000006", matches: ["chiang"])
        expectQuery("isbn:9780000000002", matches: [])
    }

    @Test func favoriteIsABoolean() {
        expectQuery("favorite:true", matches: ["left-hand"])
        expectQuery("favourite:yes", matches: ["left-hand"])
        expectQuery("favorite:false", matches: ["chiang"])
    }

    @Test func exactValuesMatchTheWholeValueIgnoringCase() {
        expectQuery("title:=dune", matches: ["dune"])
        expectQuery("title:=DUNE", matches: ["dune"])
        expectQuery("title:=\"dune messiah\"", matches: ["dune-messiah"])
        expectQuery("title:=\"godel, escher, bach\"", matches: ["godel"])
        expectQuery("title:=dun", matches: [])
        expectQuery("series:=dune", matches: ["dune", "dune-messiah"])
        expectQuery("series:=hainish", matches: [])
        expectQuery("author:=\"ursula k. le guin\"", matches: ["left-hand", "dispossessed", "earthsea"])
        expectQuery("author:=\"le guin\"", matches: [])
        expectQuery("mood:=cozy", matches: ["earthsea"])
        expectQuery("tag:=sci-fi", matches: ["left-hand", "solaris"])
    }

    @Test func regularExpressionsMatchTheFieldsTextIgnoringCase() {
        expectQuery("title:/^the /", matches: ["left-hand", "dispossessed", "player", "hobbit"])
        expectQuery("title:/^dune$/", matches: ["dune"])
        expectQuery("title:/DUNE/", matches: ["dune", "dune-messiah"])
        expectQuery("isbn:/^979/", matches: ["chiang"])
        expectQuery("isbn:/^0/", matches: ["hail-mary"])
        expectQuery("author:/lem$/", matches: ["solaris"])
        expectQuery("tag:/space$/", matches: ["dune", "dune-messiah", "player", "hail-mary"])
        expectQuery("mood:/fun+y/", matches: ["guards"])
    }

    @Test func aSlashInsideARegularExpressionIsEscaped() {
        expectQuery("title:/2019\\/2020/", matches: ["commonplace"])
        expectQuery("tag:/^sci-fi\\/u/", matches: ["dispossessed"])
    }

    @Test func fieldNamesAcceptAliases() {
        expectQuery("year:1965", matches: ["dune"])
        expectQuery("stars:5", matches: ["left-hand", "chiang"])
        expectQuery("volume:2", matches: ["dune-messiah", "player"])
        expectQuery("seriesIndex:2", matches: ["dune-messiah", "player"])
        expectQuery("date_read:2020", matches: ["animal-farm"])
    }

    /// `LibraryIndex.books(withISBN:)` (the web's "in your library" mark) finds a book whichever
    /// form, 10 digits or 13, the file and the question write its ISBN in.
    @Test func booksWithAnISBNAreFoundInEitherForm() throws {
        let index = QueryTestLibrary.index
        // hail-mary writes the ISBN-10 0593135202; left-hand the ISBN-13 978-0-441-47812-5.
        #expect(index.books(withISBN: try #require(ISBN.parse("9780593135204"))).map(\.path) == ["hail-mary.md"])
        #expect(index.books(withISBN: try #require(ISBN.parse("0593135202"))).map(\.path) == ["hail-mary.md"])
        #expect(index.books(withISBN: try #require(ISBN.parse("0441478123"))).map(\.path) == ["left-hand.md"])
        #expect(index.books(withISBN: try #require(ISBN.parse("9780140328721"))).isEmpty)
    }
}
