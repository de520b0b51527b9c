import Foundation
import Testing
@testable import ShelfKit

/// A search after an index written without note words reads only the notes of the books the
/// index records unchanged (`LibraryLoader.notesAdded`): the index it writes must be, part for
/// part, the one a search over no index at all writes.
@Suite struct NotesAddedTests {
    /// Bodies a notes-only read must find exactly where a whole parse does, and files that are
    /// not books or do not parse, which it must leave to the whole parse.
    static let extras: [(String, String)] = [
        ("crlf.md", "---\r\ntitle: Crlf\r\ntags: [x]\r\n---\r\nWater\r\nPEOPLE here\r\n"),
        ("bom.md", "\u{FEFF}---\ntitle: Bom\n---\nÉtoile café naïve water\n"),
        ("dots.md", "---\ntitle: Dots\n...\nClosed with dots; people.\n"),
        ("empty-body.md", "---\ntitle: Empty\n---\n"),
        ("no-newline.md", "---\ntitle: Last\n---"),
        ("cyrillic.md", "---\ntitle: Мастер и Маргарита\n---\nРукописи не горят. Water, people.\n"),
        ("chinese.md", "---\ntitle: 三体\n---\n黑暗森林 water people\n"),
        ("heading.md", "---\nauthors: [Nobody]\n---\n# A Title From The Heading\n\nwater people\n"),
        ("plain.md", "No front matter, water people.\n"),
        ("broken.md", "---\ntitle: [broken\n---\nwater people\n"),
    ]

    @Test func noteWordsAddedToAnIndexGiveTheIndexAFirstSearchWrites() throws {
        let upgraded = try CacheTestLibrary()
        let direct = try CacheTestLibrary()
        defer {
            upgraded.remove()
            direct.remove()
        }
        for test in [upgraded, direct] {
            for (path, text) in Self.extras { try test.write(path, text) }
        }
        let today = CacheEquivalenceTests.today
        let library = try upgraded.indexedLibrary()
        let parser = library.queryParser(today: today)
        // An index written without note words, then brought up to date by a search.
        _ = try library.query(parser.parse("tag:sci-fi"), today: today)
        let location = try #require(library.cacheLocation)
        let before = try #require(LibraryCache.read(location, withNotes: true))
        #expect(!before.entries.holdsEveryBooksNotes)
        let words = try parser.parse("water people")
        let answer = try library.query(words, today: today)
        let other = try direct.indexedLibrary()
        let expected = try other.query(words, today: today)
        #expect(answer.books.map(\.path) == expected.books.map(\.path))
        #expect(answer.books.map(\.path).contains("chinese.md") && answer.books.map(\.path).contains("crlf.md"))
        #expect(answer.problems.map(\.description) == expected.problems.map(\.description))

        let after = try #require(LibraryCache.read(location, withNotes: true))
        let otherLocation = try #require(other.cacheLocation)
        let fresh = try #require(LibraryCache.read(otherLocation, withNotes: true))
        #expect(after.entries.holdsEveryBooksNotes)
        #expect(after.entries.count == fresh.entries.count)
        for index in 0..<min(after.entries.count, fresh.entries.count) {
            let differing = zip(Self.partNames, zip(Self.parts(of: index, in: after), Self.parts(of: index, in: fresh)))
                .filter { $0.1.0 != $0.1.1 }.map(\.0)
            #expect(differing.isEmpty, "\(after.pathOf(index)) differs in \(differing)")
        }
    }

    /// Each kind of part lies together, in entry order, in both the index a first query writes
    /// and one brought up to date from an old one: the stat of every file reads only the paths,
    /// `ls --sort title` the paths in title order (`LibraryCacheWriter.write`).
    @Test func eachKindOfPartLiesTogetherInEntryOrder() throws {
        let test = try CacheTestLibrary()
        defer { test.remove() }
        let library = try test.indexedLibrary()
        let parser = library.queryParser(today: CacheEquivalenceTests.today)
        for query in ["tag:sci-fi", "water"] {
            _ = try library.query(parser.parse(query), today: CacheEquivalenceTests.today)
            let location = try #require(library.cacheLocation)
            let cache = try #require(LibraryCache.read(location, withNotes: false))
            let entries = cache.entries
            #expect(entries.count > 30)
            let kinds: [(String, (Int) -> Range<Int>)] = [
                ("paths", entries.path), ("tags", entries.tags), ("columns", entries.columns), ("words", entries.words),
                ("blooms", entries.bloom),
            ]
            for (name, range) in kinds {
                let apart = (1..<entries.count).filter { range($0 - 1).upperBound != range($0).lowerBound }
                #expect(apart.isEmpty, "\(query): \(name) of \(apart.count) entries do not follow the entry before")
            }
            // One kind after the other, in that order.
            for (before, after) in zip(kinds, kinds.dropFirst()) {
                #expect(before.1(entries.count - 1).upperBound == after.1(0).lowerBound, "\(query): \(after.0) after \(before.0)")
            }
        }
    }

    static let partNames = [
        "path", "is a book", "tags", "columns", "words", "bloom", "book", "notes", "title rank",
        "book checksum", "notes checksum",
    ]

    /// Everything an entry records but its stamp (the two libraries' files are not the same files).
    static func parts(of index: Int, in cache: LibraryCache) -> [[UInt8]] {
        let entry = cache.entries[index]
        let main = cache.main.bytes
        let notes = entry.notes.flatMap { range in cache.notesStorage().map { Array($0.bytes[range]) } } ?? []
        return [
            Array(cache.pathOf(index).utf8), [entry.isBook ? 1 : 0], Array(main[entry.tags]), Array(main[entry.columns]),
            Array(main[entry.words]), Array(main[entry.bloom]), Array(cache.books.bytes[entry.book]), notes,
            withUnsafeBytes(of: entry.titleRank) { Array($0) },
            withUnsafeBytes(of: entry.bookChecksum) { Array($0) }, withUnsafeBytes(of: entry.notesChecksum) { Array($0) },
        ]
    }
}
