import Foundation
import Testing
@testable import ShelfKit

/// `Library.cuttingSnippets`: what the web grid says of a page of a ranked search, found without
/// snippets, is what `shelf search` says of those books (`Library.search` with snippets), cut
/// for that page only.
@Suite struct SearchMatchesTests {
    static let today = BookDate(year: 2025, month: 6, day: 10)

    /// The example library, with a book whose words are only in its highlights.
    static func library() throws -> (CacheTestLibrary, Library) {
        let test = try CacheTestLibrary()
        try test.write(
            "quoted.md",
            "---\ntitle: Quoted\nauthors: [Nobody]\n---\n\nMy own notes.\n\n## Highlights\n\n> The sledge crossed the glacier at dawn.\n")
        return (test, try Library(root: test.root))
    }

    @Test(arguments: ["estraven", "le guin", "sledge", "ice", "hand"])
    func aPageOfBooksGetsTheMatchesTheSearchGivesThem(_ text: String) throws {
        let (test, library) = try Self.library()
        defer { test.remove() }
        let expression = try library.queryParser(today: Self.today).parse(text)
        let searched = try library.search(expression, today: Self.today, limit: nil).results
        #expect(!searched.isEmpty)
        let bare = try library.search(expression, today: Self.today, limit: nil, withSnippets: false).results
        #expect(bare.map(\.book.path) == searched.map(\.book.path), "the same ranking with or without snippets")
        // A page of two results, as the grid would show them.
        let page = library.cuttingSnippets(of: bare.prefix(2), for: expression)
        #expect(page.map(\.book.path) == searched.prefix(2).map(\.book.path))
        for (cut, expected) in zip(page, searched) {
            #expect(cut.matches == expected.matches, "\(text): \(cut.book.path)")
            #expect(cut.score == expected.score)
        }
    }

    @Test func notesHighlightsAndATitleAloneAreSaidAsSuch() throws {
        let (test, library) = try Self.library()
        defer { test.remove() }
        func matches(_ text: String, _ path: String) throws -> [SearchMatch] {
            let expression = try library.queryParser(today: Self.today).parse(text)
            let found = try library.search(expression, today: Self.today, limit: nil, withSnippets: false).results
            let result = try #require(found.first { $0.book.path == path }, "\(text) finds \(path)")
            return library.cuttingSnippets(of: [result], for: expression).first?.shownMatches ?? []
        }
        let leGuin = "le-guin-the-left-hand-of-darkness.md"
        #expect(try matches("estraven", leGuin).map(\.field) == ["notes"])
        #expect(try matches("estraven", leGuin).first?.snippet.contains("Estraven") == true)
        #expect(
            try matches("glacier", "quoted.md") == [SearchMatch(field: "highlight", snippet: "The sledge crossed the glacier at dawn.")])
        // The title is said only when nothing else matched; with another field it goes unsaid.
        #expect(try matches("quoted", "quoted.md").map(\.field) == ["title"])
        #expect(try matches("darkness", leGuin).map(\.field) == ["notes"])
    }

    @Test func aQueryOfFieldsOnlyHasNoMatchesToTell() throws {
        let (test, library) = try Self.library()
        defer { test.remove() }
        let expression = try library.queryParser(today: Self.today).parse("tag:sci-fi")
        let found = try library.search(expression, today: Self.today, limit: nil, withSnippets: false).results
        #expect(!found.isEmpty)
        #expect(library.cuttingSnippets(of: found, for: expression).allSatisfy { $0.matches.isEmpty })
    }
}
