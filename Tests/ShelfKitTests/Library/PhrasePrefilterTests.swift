import Foundation
import Testing
@testable import ShelfKit

/// A phrase is looked for in the notes of the books whose own texts lack one of its words before
/// any book is decoded (`IndexPrefilter.phraseCandidates`): the answer is the one every file gives,
/// and only the books that may hold the phrase are decoded.
@Suite struct PhrasePrefilterTests {
    static let today = CacheEquivalenceTests.today

    @Test func onlyTheBooksThatMayHoldAPhraseAreDecoded() throws {
        let test = try CacheTestLibrary()
        defer { test.remove() }
        let cached = try test.indexedLibrary()
        let fresh = try Library(root: test.root)
        let parser = cached.queryParser(today: Self.today)
        // The first query writes the index with every book's note words.
        #expect(try CacheEquivalenceTests.indexed(cached, parser.parse("\"of the\"")) != nil)

        let words = try #require(try CacheEquivalenceTests.indexed(cached, parser.parse("of the")))
        let phrase = try parser.parse("\"of the\"")
        let answer = try #require(try CacheEquivalenceTests.indexed(cached, phrase))
        #expect(answer.books.map(\.path) == (try fresh.query(phrase, today: Self.today)).books.map(\.path))
        #expect(!answer.books.isEmpty)
        // Every book holding both words was decoded before; now those holding the phrase, and
        // those whose title or other texts hold both words (the evaluator's to decide).
        #expect(words.books.count > answer.books.count)
        #expect(answer.index.books.count < words.books.count)
        let ownTexts = words.books.filter { book in
            let texts = [book.title, book.subtitle, book.series, book.publisher].compactMap { $0 } + book.authors + book.tags
            let own = Set(texts.flatMap { TextFolding.words($0) })
            return own.contains("of") && own.contains("the")
        }
        #expect(answer.index.books.count <= answer.books.count + ownTexts.count)

        // Words that are all there but never in a row: nothing to decode.
        let apart = try #require(try CacheEquivalenceTests.indexed(cached, parser.parse("\"of all\"")))
        #expect(apart.books.isEmpty && apart.index.books.isEmpty)
    }

    /// A book that is a link to a file outside the library is read through the link.
    @Test func aBookThatIsALinkIsLookedThrough() throws {
        let test = try CacheTestLibrary()
        defer { test.remove() }
        let outside = (test.root as NSString).deletingLastPathComponent + "/outside.md"
        try Data("---\ntitle: Linked\n---\nA walk along the frozen sea of Gobrin.\n".utf8).write(to: URL(fileURLWithPath: outside))
        #expect(symlink(outside, test.path("linked.md")) == 0)
        let cached = try test.indexedLibrary()
        let parser = cached.queryParser(today: Self.today)
        _ = try CacheEquivalenceTests.indexed(cached, parser.parse("\"frozen sea\""))
        for (query, expected) in [("\"frozen sea\"", ["linked.md"]), ("\"sea frozen\"", []), ("\"of gobrin\"", ["linked.md"])] {
            let answer = try #require(try CacheEquivalenceTests.indexed(cached, parser.parse(query)))
            #expect(answer.books.map(\.path) == expected, "\(query)")
        }
    }
}
