import Foundation
import Testing
@testable import ShelfKit

/// A listing of most of a library copies the index's paths in entry order into places worked
/// out in title order (`OrderedPaths.gathered`): its lines must be those of the paths in title
/// order, one by one, whatever the prefix, limit, order, and books read again beside the index.
@Suite struct OrderedPathsGatherTests {
    static let today = BookDate(year: 2025, month: 6, day: 10)

    /// Titles that sort far from their paths: shuffled, in several scripts, some alike.
    static let titles = ["Zebra", "aardvark", "Émile", "Ёж", "Водка", "北京", "东京", "The Same", "The Same", "Mañana", "ß", "42"]

    /// The example library and 400 more books in folders, indexed.
    static func library() throws -> (CacheTestLibrary, Library) {
        let test = try CacheTestLibrary()
        var generator = SystemRandomNumberGenerator()
        for number in 0..<400 {
            let title = "\(titles[Int.random(in: 0..<titles.count, using: &generator)]) \(Int.random(in: 0..<50, using: &generator))"
            let tag = number % 3 == 0 ? "odd" : "even"
            try test.write("gen/\(number % 7)/book-\(number).md", "---\ntitle: \(title)\ntags: [\(tag)]\n---\nNotes.\n")
        }
        let library = try test.indexedLibrary()
        _ = try library.query(try library.queryParser(today: today).parse(""), today: today)
        return (test, library)
    }

    func expectLinesInTitleOrder(_ library: Library, _ fresh: Library, _ query: String) throws {
        for reversed in [false, true] {
            let expression = try library.queryParser(today: Self.today).parse(query)
            let ordered = try #require(try library.pathsInTitleOrder(expression, today: Self.today, reversed: reversed))
            let books = try fresh.query(try fresh.queryParser(today: Self.today).parse(query), today: Self.today).books
            let expected = BookSortKey.title.sort(books, reversed: reversed).map(\.path)
            #expect(ordered.paths == expected, "\(query), reversed \(reversed)")
            for prefix in ["", "lib/", "../../", "/home/ann/Книги/"] {
                for limit in [nil, 300, expected.count - 1] {
                    let lines = String(decoding: ordered.lines(PathNaming(prefix: prefix), limit: limit), as: UTF8.self)
                    let wanted = expected.prefix(limit ?? expected.count).map { prefix + $0 + "\n" }.joined()
                    #expect(lines == wanted, "\(query), prefix \(prefix), limit \(String(describing: limit)), reversed \(reversed)")
                }
            }
        }
    }

    @Test func linesFromTheIndexAreThePathsInTitleOrder() throws {
        let (test, library) = try Self.library()
        defer { test.remove() }
        let fresh = try Library(root: test.root)
        for query in ["", "-tag:odd", "tag:even"] {
            try expectLinesInTitleOrder(library, fresh, query)
        }
    }

    @Test func booksReadAgainTakeTheirPlacesAmongTheIndexs() throws {
        let (test, library) = try Self.library()
        defer { test.remove() }
        // Rewritten in place (same inode): each is read again, not taken from the index.
        try test.overwriteInPlace("gen/3/book-10.md", "---\ntitle: Aaa first of all\ntags: [even]\n---\n")
        try test.overwriteInPlace("gen/5/book-12.md", "---\ntitle: Zzz last of all, and a longer title\ntags: [even]\n---\n")
        try test.overwriteInPlace("gen/0/book-14.md", "---\ntitle: The Same 7\ntags: [even]\n---\n")
        let fresh = try Library(root: test.root)
        for query in ["", "tag:even"] {
            try expectLinesInTitleOrder(library, fresh, query)
        }
    }

    @Test func anEntryShownTwiceIsNotGathered() throws {
        let (test, library) = try Self.library()
        defer { test.remove() }
        let state = try #require(IndexedQuery(.all, over: library, today: Self.today).quick())
        let spans = state.cache.pathSpans()
        let twice: [OrderedPaths.Item] = [.entry(0), .read("x.md"), .entry(0)]
        #expect(OrderedPaths.gathered(twice[...], prefix: [], spans: spans, from: state.cache) == nil)
        let outside: [OrderedPaths.Item] = [.entry(spans.count)]
        #expect(OrderedPaths.gathered(outside[...], prefix: [], spans: spans, from: state.cache) == nil)
        let once: [OrderedPaths.Item] = [.entry(1), .read("x.md"), .entry(0)]
        let lines = try #require(OrderedPaths.gathered(once[...], prefix: Array("p/".utf8), spans: spans, from: state.cache))
        #expect(String(decoding: lines, as: UTF8.self) == "p/\(state.cache.pathOf(1))\np/x.md\np/\(state.cache.pathOf(0))\n")
    }
}
