import Foundation
import Testing
@testable import ShelfKit

/// `Library.searchMatches`: what the web grid says of a page of a query's books is what
/// `shelf search` says of them (`Library.search`), worked out for that page only.
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
        let answer = try library.query(expression, today: Self.today)
        // A page of two books, as the grid would show them (by title, not by rank).
        let page = Array(BookSortKey.title.sort(answer.books).prefix(2))
        let matches = library.searchMatches(of: page, in: answer, for: expression)
        #expect(Set(matches.keys) == Set(page.map(\.path)))
        for book in page {
            let expected = try #require(searched.first { $0.book.path == book.path })
            #expect(matches[book.path] == expected.shownMatches, "\(text): \(book.path)")
        }
    }

    @Test func notesHighlightsAndATitleAloneAreSaidAsSuch() throws {
        let (test, library) = try Self.library()
        defer { test.remove() }
        func matches(_ text: String, _ path: String) throws -> [SearchMatch] {
            let expression = try library.queryParser(today: Self.today).parse(text)
            let answer = try library.query(expression, today: Self.today)
            let book = try #require(answer.books.first { $0.path == path }, "\(text) finds \(path)")
            return library.searchMatches(of: [book], in: answer, for: expression)[path] ?? []
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
        let answer = try library.query(expression, today: Self.today)
        #expect(!answer.books.isEmpty)
        #expect(library.searchMatches(of: answer.books, in: answer, for: expression).isEmpty)
    }
}
