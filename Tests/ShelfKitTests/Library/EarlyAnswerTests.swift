import Foundation
import Testing
@testable import ShelfKit

/// A warm query works out what the index alone can tell (its candidates, their books, the
/// answer over them) on one core while the others stat the files. That early answer is the
/// answer only when no file changed; otherwise the changed entries are taken out of it and the
/// books read again are evaluated with the rest.
@Suite(.enabled(
    if: CacheListing.trustsFolderTimes(root: FileManager.default.temporaryDirectory.path),
    "the temporary folder is on a file system whose folder times shelf does not trust"))
struct EarlyAnswerTests {
    static let today = BookDate(year: 2025, month: 6, day: 10)
    static let book = "le-guin-the-left-hand-of-darkness.md"
    static let queries = [
        "estraven", "estra", "tag:sci-fi", "-tag:sci-fi", "estraven OR tag:classic", "le guin", "\"the king\"", "has:isbn", "",
        "rating:>=4 -status:read", "winter",
    ]

    private static func paths(_ library: Library, _ query: String) throws -> [String] {
        try library.query(try library.queryParser(today: today).parse(query), today: today).books.map(\.path)
    }

    /// The index as a query of `query` finds it without listing a folder, with what it worked
    /// out early.
    private static func quick(_ library: Library, _ query: String) throws -> IndexedLibrary? {
        IndexedQuery(try library.queryParser(today: today).parse(query), over: library, today: today).quick()
    }

    private static func titleOrder(_ library: Library, _ query: String) throws -> [String]? {
        try library.pathsInTitleOrder(try library.queryParser(today: today).parse(query), today: today, reversed: false)?.paths
    }

    /// Every query answered as a fresh read of every file answers it, through the index and by title.
    private static func expectFreshAnswers(_ test: CacheTestLibrary, _ library: Library, _ comment: String) throws {
        let fresh = try Library(root: test.root)
        for query in queries {
            #expect(try paths(library, query) == paths(fresh, query), "\(query) (\(comment))")
            let expected = BookSortKey.title.sort(try fresh.query(try fresh.queryParser(today: today).parse(query), today: today).books)
                .map(\.path)
            let ordered = try titleOrder(library, query)
            #expect(ordered ?? expected == expected, "\(query), by title (\(comment))")
        }
    }

    @Test func theEarlyAnswerIsTheAnswerOnlyWhileNoFileChanged() throws {
        let test = try CacheTestLibrary()
        defer { test.remove() }
        let library = try test.indexedLibrary()
        _ = try Self.paths(library, "estraven")
        try Self.expectFreshAnswers(test, library, "unchanged")
        // The one book that holds the word loses it, and its tag, with its folder unchanged: the
        // early answer, from the index, still has it, and must not be the one given.
        let text = try test.read(Self.book)
        try test.overwriteInPlace(
            Self.book,
            text.replacingOccurrences(of: "Estraven", with: "Therem").replacingOccurrences(of: "estraven", with: "therem")
                .replacingOccurrences(of: "sci-fi", with: "space-opera"))
        let state = try #require(try Self.quick(library, "estraven"))
        #expect(state.stale.count == 1, "answered from the index, with one entry out of date")
        #expect(try Self.paths(library, "estraven").isEmpty)
        try Self.expectFreshAnswers(test, library, "one book edited")
        // And a book that gains the word is found, though the index says it lacks it.
        let other = "asimov-foundation.md"
        try test.overwriteInPlace(other, try test.read(other) + "\nEstraven would have liked Hari Seldon.\n")
        #expect(try Self.paths(library, "estraven") == [other])
        try Self.expectFreshAnswers(test, library, "two books edited")
    }

    /// A changed file that no longer reads is out of date without a book read in its place: the
    /// early answer, which still has it, is not the answer either.
    @Test func aBookThatNoLongerReadsIsLeftOutOfTheEarlyAnswer() throws {
        let test = try CacheTestLibrary()
        defer { test.remove() }
        let library = try test.indexedLibrary()
        _ = try Self.paths(library, "estraven")
        #expect(try Self.paths(library, "estraven") == [Self.book])
        try test.overwriteInPlace(Self.book, "---\ntitle: [The Left Hand of Darkness\ntags: [sci-fi]\n---\nEstraven.\n")
        let state = try #require(try Self.quick(library, "estraven"))
        #expect(state.stale.count == 1 && state.loose.isEmpty && state.problems.count == 1)
        #expect(try Self.paths(library, "estraven").isEmpty)
        try Self.expectFreshAnswers(test, library, "one book broken")
    }

    private static func searched(_ library: Library, _ query: String, limit: Int? = nil) throws -> [String] {
        try library.search(try library.queryParser(today: today).parse(query), today: today, limit: limit).results.map { result in
            result.book.path + " \(result.score) " + result.matches.map { $0.field + ": " + $0.snippet }.joined(separator: " | ")
        }
    }

    /// A search ranks, and cuts its snippets, while the files are statted: all of it with one
    /// hit (fewer than one per `statsPerSnippet` books), the snippets after with more; neither
    /// is the answer once a file changed.
    @Test func aSearchIsRankedWhileTheFilesAreStattedOnlyForAnUnchangedLibrary() throws {
        let test = try CacheTestLibrary()
        defer { test.remove() }
        let library = try test.indexedLibrary()
        _ = try Self.searched(library, "estraven")
        let searches: [(String, Int?)] = [
            ("estraven", nil), ("the", nil), ("the", 2), ("dune", nil), ("\"left hand\"", nil), ("gethen winter", 1),
        ]
        func expectFresh(_ comment: String) throws {
            let fresh = try Library(root: test.root)
            for (query, limit) in searches {
                let expected = try Self.searched(fresh, query, limit: limit)
                #expect(try Self.searched(library, query, limit: limit) == expected, "\(query) (\(comment))")
            }
        }
        #expect(try Self.searched(library, "estraven").count == 1)
        try expectFresh("unchanged")
        let text = try test.read(Self.book)
        try test.overwriteInPlace(Self.book, text.replacingOccurrences(of: "Estraven", with: "Estraven, and Dune's Paul,"))
        try expectFresh("one book edited")
        #expect(try Self.searched(library, "estraven").first?.contains("Dune's Paul") == true)
    }

    @Test func theEarlyAnswerIsWorkedOutOverTheCacheTheStateHolds() throws {
        let test = try CacheTestLibrary()
        defer { test.remove() }
        let library = try test.indexedLibrary()
        _ = try Self.paths(library, "tag:sci-fi")
        let state = try #require(try Self.quick(library, "tag:sci-fi"))
        let early = try #require(state.early, "worked out while the files were statted")
        #expect(early.prefilter.cache.entries.count == state.cache.entries.count)
        #expect(early.evaluated?.matches == state.earlyResult?.matches, "the answer, no file having changed")
    }

    /// More changed files than a query reads again send it to a listing of the library: what
    /// was worked out early goes with the state that is not returned (a query that narrows
    /// nothing decoded every book, which would otherwise be held while the library is read
    /// again), and the answer is the fresh one.
    @Test func theEarlyAnswerIsDroppedWhenTheIndexIsNotUsed() throws {
        let test = try CacheTestLibrary()
        defer { test.remove() }
        let library = try test.indexedLibrary()
        _ = try Self.paths(library, "estraven")
        let entries = try #require(try Self.quick(library, "")?.early).prefilter.cache.entries.count
        let books = try FileManager.default.contentsOfDirectory(atPath: test.root).filter { $0.hasSuffix(".md") }
        let changed = IndexedQuery.quickRereadLimit(entries) + 1
        try #require(books.count >= changed)
        for book in books.prefix(changed) { try test.overwriteInPlace(book, try test.read(book) + "\nA line.\n") }
        #expect(try Self.quick(library, "") == nil)
        try Self.expectFreshAnswers(test, library, "many books edited")
    }

    /// The early work takes a core first; the stats are the same with it or without it, the
    /// changes at the runs' edges too, on a library large enough that each core takes runs.
    @Test func changedEntriesAreTheSameWithWorkAlongside() throws {
        let test = try CacheTestLibrary()
        defer { test.remove() }
        for number in 0..<700 {
            try test.write("many/\(number / 300)/book-\(number).md", "---\ntitle: Book \(number)\n---\nNotes.\n")
        }
        let library = try test.indexedLibrary()
        _ = try Self.paths(library, "tag:sci-fi")
        let cache = try #require(try Self.quick(library, "tag:sci-fi")).cache
        let run = IndexedQuery.changedEntriesRun
        let picked = [0, run - 1, run, cache.entries.count - 1]
        for entry in picked {
            let path = cache.pathOf(entry)
            try test.overwriteInPlace(path, try test.read(path) + "An edit.\n")
        }
        let query = IndexedQuery(try library.queryParser(today: Self.today).parse("tag:sci-fi"), over: library, today: Self.today)
        let found = query.changedEntries(cache, limit: picked.count, workingEarly: true)
        #expect(found.changed == picked.sorted())
        #expect(found.changed == query.changedEntries(cache, limit: picked.count, workingEarly: false).changed)
        #expect(found.early != nil)
        let gaveUp = query.changedEntries(cache, limit: picked.count - 1, workingEarly: true)
        #expect(gaveUp.changed == nil)
        #expect(gaveUp.early != nil, "worked out even when the stats give up")
    }
}
