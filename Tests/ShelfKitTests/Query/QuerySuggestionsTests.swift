import Testing
@testable import ShelfKit

/// `QuerySuggestions`: the search box's suggestions complete the last term of what was typed,
/// from the query language's fields and the library's own values.
@Suite struct QuerySuggestionsTests {
    static let values = LibraryValues(
        tags: ["sci-fi", "classics", "science fiction", "book-club"], authors: ["Ursula K. Le Guin", "Stanisław Lem"],
        series: ["Hainish Cycle", "Dune"])
    static let suggestions = QuerySuggestions(values: values, savedQueries: ["keepers", "unrated"])

    @Test func aBareWordIsCompletedToAFieldOrAValueItStarts() {
        #expect(Self.suggestions.complete("ta") == ["tag:"])
        #expect(Self.suggestions.complete("sci") == ["tag:sci-fi", "tag:\"science fiction\""])
        #expect(Self.suggestions.complete("stan") == ["author:\"Stanisław Lem\""])
        #expect(Self.suggestions.complete("st") == ["status:", "started:", "author:\"Stanisław Lem\""])
        #expect(Self.suggestions.complete("").prefix(4) == ["tag:", "author:", "series:", "status:"])
    }

    @Test func afterAFieldItsValuesAreOfferedQuotedWhenTheyHoldASpace() {
        #expect(Self.suggestions.complete("tag:c") == ["tag:classics", "tag:book-club"])
        #expect(Self.suggestions.complete("author:guin") == ["author:\"Ursula K. Le Guin\""])
        #expect(Self.suggestions.complete("author:\"le g") == ["author:\"Ursula K. Le Guin\""])
        #expect(Self.suggestions.complete("series:") == ["series:\"Hainish Cycle\"", "series:Dune"])
        #expect(Self.suggestions.complete("status:re").contains("status:reading"))
        #expect(Self.suggestions.complete("@k") == ["@keepers"])
    }

    @Test func theRestOfTheQueryIsKeptAndANegationToo() {
        #expect(Self.suggestions.complete("le guin tag:cl") == ["le guin tag:classics", "le guin tag:book-club"])
        #expect(Self.suggestions.complete("(dune OR -tag:sci") == ["(dune OR -tag:sci-fi", "(dune OR -tag:\"science fiction\""])
        #expect(Self.suggestions.complete("estraven author:\"Ursula K. Le Guin\"").isEmpty, "a complete term is not offered again")
    }

    @Test func theLibrarysValuesAreCountedOnceEachMostUsedFirst() throws {
        let books = try [
            ("a.md", "title: A\nauthors: [Ann Leckie]\ntags: [sci-fi]\nseries: Imperial Radch"),
            ("b.md", "title: B\nauthors: [ann leckie, Iain M. Banks]\ntags: [Sci-Fi, space]\nseries: imperial radch"),
            ("c.md", "title: C\nauthors: [Iain M. Banks]\ntags: [sci-fi]\nseries: Culture"),
            ("d.md", "title: D\nauthors: [Iain M. Banks]"),
        ].map { path, front in
            let document = try BookDocument(bytes: Array("---\n\(front)\n---\n".utf8))
            return try #require(document.frontMatter.flatMap { Book(path: path, frontMatter: $0) })
        }
        let values = LibraryValues(index: LibraryIndex(books: books))
        #expect(values.authors == ["Iain M. Banks", "Ann Leckie"])
        #expect(values.tags == ["sci-fi", "space"])
        #expect(values.series == ["Imperial Radch", "Culture"])
    }
}
