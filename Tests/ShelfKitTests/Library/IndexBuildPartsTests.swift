import Foundation
import Testing
@testable import ShelfKit

/// The pieces a first index build was made faster with must give what the plain ways give: the
/// distinct words of a byte list as `TextFolding.words` with a set, the texts check as `texts ==`,
/// the folded key comparison as folding, and the index's title order as `String` order.
@Suite struct IndexBuildPartsTests {
    /// Word pieces of several scripts and forms: ASCII in any case, accents precomposed and
    /// decomposed, letters folding needs help with, Cyrillic, unspaced Chinese and Japanese,
    /// digits, and separators of every kind.
    static let pieces = [
        "water", "Water", "WATER", "people", "estraven", "Estraven", "a", "I", "42", "x9", "café", "cafe\u{301}", "Gödel",
        "godel", "naïve", "Stanisław", "straße", "Œuvre", "Война", "война", "村上春樹", "ノルウェイの森", "\u{301}",
        " ", "  ", "\n", "\r\n", "\t", ", ", ". ", "—", "-", "'", "’", "/", "#", "[[", "]]", "½", "★",
    ]

    static func text(_ random: inout CorpusRandom, pieces count: Int) -> String {
        (0..<count).map { _ in random.pick(pieces) }.joined(separator: random.chance(0.8) ? " " : "")
    }

    /// The distinct words of `texts` the plain way, in the order first met.
    static func plainDistinctWords(_ texts: [String]) -> [String] {
        var seen = Set<[UInt8]>()
        return texts.flatMap(TextFolding.words).filter { seen.insert(Array($0.utf8)).inserted }
    }

    /// The words of an encoded list, checking its form on the way.
    static func decoded(_ list: DistinctWordList) throws -> [String] {
        var writer = CacheByteWriter()
        list.encode(into: &writer)
        return try writer.bytes.withUnsafeBytes { bytes in
            var reader = CacheByteReader(bytes)
            let count = try reader.count()
            let words = try (0..<count).map { _ in String(decoding: try reader.bytes(try reader.count()), as: UTF8.self) }
            #expect(reader.isAtEnd, "nothing after the words")
            return words
        }
    }

    @Test func theDistinctWordListHoldsWhatFoldingAndASetGive() throws {
        var random = CorpusRandom(seed: 22)
        for round in 0..<400 {
            // From a handful of words (searched by a linear scan) to thousands (by a table that grows).
            let texts = (0..<(1 + random.below(4))).map { _ in
                Self.text(&random, pieces: random.chance(0.3) ? random.below(3000) : random.below(40))
            }
            // Made for no words, for a few (a linear search first) and for many (a table from
            // the first word, as the notes of a book get).
            let expectedWords = [0, 16, 64, 300][round % 4]
            var list = DistinctWordList(expectedWords: expectedWords)
            for text in texts { list.addWords(of: text) }
            let expected = Self.plainDistinctWords(texts)
            let words = try Self.decoded(list)
            #expect(words == expected, "round \(round), made for \(expectedWords) words")
            #expect(list.strings(keeping: nil) == expected, "round \(round): the same words as strings")
            let filter = NoteWordFilter(words: ["a", "zz"])
            #expect(
                list.strings(keeping: filter) == expected.filter { $0.hasPrefix("a") || $0.hasPrefix("zz") },
                "round \(round): only the words a query can ask about")
            #expect(list.count == expected.count)
            #expect(
                Array(list.hashes)
                    == words.map { word in
                        Array(word.utf8).withUnsafeBytes { WordBloom.hash(of: $0) }
                    }, "each word's hash, in order")

            // Words already folded (the note words a load hands over) give the same list.
            var fromFolded = DistinctWordList()
            for word in texts.flatMap(TextFolding.words) { fromFolded.add(folded: word) }
            #expect(try Self.decoded(fromFolded) == expected, "round \(round), folded words")
        }
    }

    @Test func anEmptyListIsACountOfZero() throws {
        var list = DistinctWordList()
        list.addWords(of: " — , ")
        #expect(try Self.decoded(list) == [])
    }

    @Test func hasTextsAnswersAsComparingTexts() {
        var random = CorpusRandom(seed: 5)
        let texts = ["", "Dune", "dune", "Frank Herbert", "[[Dune]]", "a"]
        func value(_ depth: Int) -> FieldValue {
            switch random.below(depth > 1 ? 3 : 5) {
            case 0: return .scalar(random.pick(texts), isPlain: random.chance(0.5))
            case 1: return .null
            case 2: return .map([])
            default: return .list((0..<random.below(4)).map { _ in value(depth + 1) })
            }
        }
        for _ in 0..<3000 {
            let field = value(0)
            let wanted = (0..<random.below(4)).map { _ in random.pick(texts) }
            #expect(
                field.hasTexts(wanted) == (field.texts.map { Array($0.utf8) } == wanted.map { Array($0.utf8) }),
                "\(field) against \(wanted)")
            #expect(field.hasTexts(field.texts), "\(field) against its own texts")
        }
    }

    @Test func foldedKeysCompareAsFoldingThem() {
        var random = CorpusRandom(seed: 11)
        let parts = ["reads", "READS", "Re", "ads", "_", "-", " ", "series", "Index", "é", "e\u{301}", "ß", "x", "Ä", ""]
        for _ in 0..<5000 {
            let key = (0..<random.below(5)).map { _ in random.pick(parts) }.joined()
            let other = (0..<random.below(4)).map { _ in random.pick(parts) }.joined()
            for folded in [CanonicalField.fold(other), other, "reads", "ée", "series"] {
                #expect(CanonicalField.fold(key, equals: folded) == (CanonicalField.fold(key) == folded), "\(key) against \(folded)")
            }
        }
    }

    /// The writer ranks titles by their bytes when both are ASCII, else as strings: the order
    /// must be `BookSortKey`'s for titles where the two could differ.
    @Test func titleOrderThroughTheIndexIsStringOrder() throws {
        let test = try CacheTestLibrary()
        defer { test.remove() }
        let titles = [
            "Zebra", "zebra", "Émile", "E\u{301}mile", "Emile", "Ärger", "Arger", "ábc", "abc", "Abc", "The Abc", "A Émile",
            "Война и мир", "война", "村上春樹", "ノルウェイの森", "Z", "", "123", "½ moon", "straße", "strasse",
        ]
        for (index, title) in titles.enumerated() {
            try test.write("mixed/\(index).md", "---\ntitle: \"\(title)\"\ntags: [mixed]\n---\n")
        }
        let library = try test.indexedLibrary()
        let today = BookDate(year: 2025, month: 6, day: 10)
        for query in ["tag:mixed", ""] {
            let expression = try library.queryParser(today: today).parse(query)
            let result = try library.query(expression, today: today)
            for reversed in [false, true] {
                let fromIndex = try #require(try library.pathsInTitleOrder(expression, today: today, reversed: reversed)).paths
                #expect(fromIndex == BookSortKey.title.sort(result.books, reversed: reversed).map(\.path), "\(query), reversed \(reversed)")
            }
        }
    }
}
