import Testing
@testable import ShelfKit

/// A query loads only the note words that start with one of its words; its answers and their
/// ranking must be those of an index of every word.
@Suite struct NoteWordFilterTests {
    static let queries = [
        "estraven", "estr", "ice", "the ice", "\"crossing of the\"", "-ice", "ice OR spice", "dune -spice",
        "le guin", "tag:sci-fi ice", "whale", "wh", "a", "rating:>=4 -the", "\"the\" OR zzzz",
    ]

    @Test func filteredNotesAnswerAsAllNotesDo() throws {
        let library = try CacheTestLibrary()
        defer { library.remove() }
        let opened = try Library(root: library.root)
        let today = BookDate(year: 2025, month: 6, day: 10)
        let full = try opened.load(withNotes: true).index
        let parser = opened.queryParser(today: today)
        for query in Self.queries {
            let expression = try parser.parse(query)
            let everyWord = QueryEvaluator(index: full, today: today, notesReader: { opened.notes(of: $0) }).evaluate(expression).ids
            let answer = try opened.query(expression, today: today)
            #expect(answer.matches == everyWord, "\(query)")
            let rankedFull = SearchRanker.rank(
                everyWord, terms: expression.positiveTerms, prefixWord: expression.lastPrefixWord, index: full,
                notes: { opened.notes(of: $0) })
            let rankedFiltered = SearchRanker.rank(
                answer.matches, terms: expression.positiveTerms, prefixWord: expression.lastPrefixWord, index: answer.index,
                notes: { opened.notes(of: $0) })
            #expect(rankedFull.map(\.id) == rankedFiltered.map(\.id), "\(query)")
            if let notes = answer.index.noteWords, expression.needsNotes {
                #expect(
                    notes.termCounts.count < full.noteWords?.termCounts.count ?? 0 || query == "a",
                    "\(query): only the query's words are indexed")
            }
        }
    }

    @Test func keepsWordsStartingWithAQueryWord() {
        let filter = NoteWordFilter(words: ["ice", "estr"])
        #expect(filter.keeps("ice"))
        #expect(filter.keeps("iceberg"))
        #expect(filter.keeps("estraven"))
        #expect(!filter.keeps("ic"))
        #expect(!filter.keeps("spice"))
        #expect(!NoteWordFilter(words: []).keeps("ice"))
    }
}
