import Testing
@testable import ShelfKit

/// Checks that `query` matches exactly the books `expected` (paths without `.md`).
func expectQuery(
    _ query: String, matches expected: Set<String>, saved: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        let found = try QueryTestLibrary.names(query, saved: saved)
        #expect(
            found == expected,
            "query \(query.debugDescription): extra \(found.subtracting(expected).sorted()), missing \(expected.subtracting(found).sorted())",
            sourceLocation: sourceLocation)
    } catch {
        Issue.record("query \(query.debugDescription) did not parse: \(error)", sourceLocation: sourceLocation)
    }
}

/// docs/query.md, "Words" and "Phrases".
@Suite struct QueryWordAndPhraseTests {
    @Test(
        arguments: [
            ("estraven", ["left-hand"]),
            ("ESTRAVEN", ["left-hand"]),
            ("Estraven", ["left-hand"]),
            ("godel", ["godel"]),
            ("GÖDEL", ["godel"]),
            ("gödel", ["godel"]),
            ("stanislaw", ["solaris"]),
            ("Stanisław", ["solaris"]),
            ("escher", ["godel"]),
            ("dragon", ["guards"]),
        ] as [(String, Set<String>)])
    func aWordMatchesIgnoringCaseAndDiacritics(query: String, expected: Set<String>) {
        expectQuery(query, matches: expected)
    }

    @Test func aWordIsLookedForInEveryTextField() {
        expectQuery("hainish", matches: ["left-hand", "dispossessed"])  // series
        expectQuery("golden", matches: ["godel"])  // subtitle
        expectQuery("hofstadter", matches: ["godel"])  // authors
        expectQuery("humor", matches: ["guards"])  // tags
        expectQuery("basic", matches: ["godel"])  // publisher
        expectQuery("misreading", matches: ["left-hand"])  // notes
        expectQuery("hobbit", matches: ["hobbit"])  // title
    }

    @Test func aWordDoesNotLookInOtherFields() {
        // Locations, genres, moods and formats are only searched through their fields.
        expectQuery("bedroom", matches: [])
        expectQuery("anthropology", matches: [])
        expectQuery("cozy", matches: [])
        expectQuery("paperback", matches: [])
    }

    @Test func theLastWordAlsoMatchesAsAPrefix() {
        expectQuery("estr", matches: ["left-hand"])
        expectQuery("ESTR", matches: ["left-hand"])
        expectQuery("dun", matches: ["dune", "dune-messiah"])
        expectQuery("mess", matches: ["dune-messiah"])
        expectQuery("stanis", matches: ["solaris"])
        expectQuery("ice estr", matches: ["left-hand"])
        expectQuery("le gui", matches: ["left-hand", "dispossessed", "earthsea", "ancillary"])
    }

    @Test func aNegatedWordIsNeverAPrefix() {
        // `-mess` excludes the word "mess" only, not every word starting with it; `dune` stays a prefix.
        expectQuery("dune -mess", matches: ["dune", "dune-messiah"])
        expectQuery("dune -messiah", matches: ["dune"])
        expectQuery("dun -messiah", matches: ["dune"])
        expectQuery("dun NOT mess", matches: ["dune", "dune-messiah"])
        expectQuery("-estr", matches: QueryTestLibrary.allNames)
    }

    @Test func aWordBeforeTheLastMustBeWhole() {
        expectQuery("estr ice", matches: [])
        expectQuery("dun messiah", matches: [])
        expectQuery("dune messiah", matches: ["dune-messiah"])
        // A quoted word is never a prefix, even last.
        expectQuery("\"estr\"", matches: [])
    }

    @Test func severalWordsMustAllMatchEachAnywhere() {
        expectQuery("le guin", matches: ["left-hand", "dispossessed", "earthsea", "ancillary"])
        expectQuery("le guin ice", matches: ["left-hand", "ancillary"])
        expectQuery("gobrin ice", matches: ["left-hand", "ancillary"])
        expectQuery("herbert messiah", matches: ["dune-messiah"])
        expectQuery("banks", matches: ["player", "ancillary"])
        expectQuery("estraven dragon", matches: [])
    }

    @Test(arguments: ["9780441478125", "0441478123"])
    func aBareISBNFindsTheBookWhicheverFormItStores(query: String) {
        expectQuery(query, matches: ["left-hand"])
    }

    @Test func aBareISBN13FindsABookStoringTheISBN10() {
        expectQuery("9780593135204", matches: ["hail-mary"])
        expectQuery("0593135202", matches: ["hail-mary"])
        expectQuery("9780465026562", matches: ["godel"])
    }

    @Test func aPhraseMustAppearTogetherAndInOrder() {
        expectQuery("\"gobrin ice\"", matches: ["left-hand"])
        expectQuery("\"GOBRIN Ice\"", matches: ["left-hand"])
        expectQuery("\"ice gobrin\"", matches: [])
        expectQuery("\"ice planet\"", matches: ["ancillary"])
        expectQuery("\"golden braid\"", matches: ["godel"])
        expectQuery("\"braid golden\"", matches: [])
        expectQuery("\"hainish cycle\"", matches: ["left-hand", "dispossessed"])
        expectQuery("\"ursula k le guin\"", matches: ["left-hand", "dispossessed", "earthsea"])
        expectQuery("\"le guin by way of banks\"", matches: ["ancillary"])
        // A phrase holding one word is that word, whole.
        expectQuery("\"dune\"", matches: ["dune", "dune-messiah"])
    }

    @Test func aPhraseMayCrossALineBreakInTheNotes() {
        expectQuery("\"ice is the heart\"", matches: ["left-hand"])
    }

    @Test func aHyphenatedWordIsAPhrase() {
        // Tags `sci-fi`, `SCI-FI`, `sci-fi/…` hold the words in order, and so do Guards' notes
        // ("Not sci fi at all"); `sci-fiction` does not.
        expectQuery("sci-fi", matches: QueryTestLibrary.sciFi.union(["guards"]))
        expectQuery("fi-sci", matches: [])
        expectQuery("golden-braid", matches: ["godel"])
        expectQuery("sci-fi dragon", matches: ["guards"])
        expectQuery("sci-fiction", matches: ["chiang"])
    }
}
