import Foundation
import Testing
@testable import ShelfKit

/// A query over an index whose folders are unchanged lists no folder: one `stat` per entry tells
/// what changed, a few changed files are read again without writing the index, and anything
/// that changes a folder (a file added, removed, renamed, a swap file) sends the query back to a
/// full listing, which records the folders again.
@Suite(.enabled(
    if: CacheListing.trustsFolderTimes(root: FileManager.default.temporaryDirectory.path),
    "the temporary folder is on a file system whose folder times shelf does not trust"))
struct QuickIndexTests {
    static let today = BookDate(year: 2025, month: 6, day: 10)

    /// The library with a fresh index of its folders, and the index file's stamp.
    /// - Parameter query: the first query; a bare word has the index record every note's words.
    private static func indexed(_ test: CacheTestLibrary, query: String = "estraven") throws -> (library: Library, cacheStamp: FileStamp) {
        let library = try test.indexedLibrary()
        _ = try library.query(try parse(query, library), today: today)
        let file = try #require(test.cacheFile)
        return (library, try #require(FileStamp.of(path: file)))
    }

    private static func parse(_ query: String, _ library: Library) throws -> QueryExpression {
        try library.queryParser(today: today).parse(query)
    }

    /// The index as a query finds it without listing a folder; with notes, a query of a word.
    private static func quick(_ library: Library, withNotes: Bool = false) -> IndexedLibrary? {
        IndexedQuery(withNotes ? .word("estraven", prefix: false) : .all, over: library, today: today).quick()
    }

    private static func paths(_ library: Library, _ query: String) throws -> [String] {
        try library.query(try parse(query, library), today: today).books.map(\.path)
    }

    @Test func anUnchangedLibraryIsAnsweredWithoutListingAFolder() throws {
        let test = try CacheTestLibrary()
        defer { test.remove() }
        let (library, _) = try Self.indexed(test)
        let state = try #require(Self.quick(library), "the index records its folders")
        #expect(state.loose.isEmpty && state.stale.isEmpty && state.problems.isEmpty)
        #expect(state.cache.listing?.folders.first?.path == "", "the root first")
        let fresh = try Library(root: test.root)
        for query in ["tag:sci-fi", "rating:>=4 -status:read", "estraven", ""] {
            #expect(try Self.paths(library, query) == Self.paths(fresh, query), "\(query)")
        }
    }

    @Test func aBookEditedInPlaceIsReadAgainAndTheIndexIsNotWritten() throws {
        let test = try CacheTestLibrary()
        defer { test.remove() }
        let (library, cacheStamp) = try Self.indexed(test)
        let book = "le-guin-the-left-hand-of-darkness.md"
        let text = try test.read(book)
        try test.overwriteInPlace(book, text.replacingOccurrences(of: "sci-fi", with: "space-opera"))
        let state = try #require(Self.quick(library))
        let entry = try #require((0..<state.cache.entries.count).first { state.cache.pathOf($0) == book })
        #expect(state.stale.ids == [Int32(entry)])
        #expect(state.loose.map(\.book.path) == [book])
        #expect(state.loose.first?.position == entry, "in its place in path order")
        let fresh = try Library(root: test.root)
        for query in ["tag:sci-fi", "tag:space-opera", "-tag:sci-fi", "le guin", ""] {
            #expect(try Self.paths(library, query) == Self.paths(fresh, query), "\(query)")
            let ordered = try library.pathsInTitleOrder(try Self.parse(query, library), today: Self.today, reversed: false)
            let expected = BookSortKey.title.sort(try fresh.query(try Self.parse(query, fresh), today: Self.today).books).map(\.path)
            #expect(ordered?.paths ?? expected == expected, "\(query), by title")
            // As `ls --format paths` writes them: bytes from the index and the book read again alike.
            for limit in [nil, 0, 1, 3] {
                let lines = ordered.map { String(decoding: $0.lines(PathNaming(prefix: "lib/"), limit: limit), as: UTF8.self) }
                let wanted = expected.prefix(limit ?? expected.count).map { "lib/" + $0 + "\n" }.joined()
                #expect(lines ?? wanted == wanted, "\(query), as lines, limit \(String(describing: limit))")
            }
        }
        let file = try #require(test.cacheFile)
        #expect(FileStamp.of(path: file) == cacheStamp, "one changed book costs a read, not a new index")
    }

    @Test func aFileAddedOrRemovedSendsTheQueryToAListingThatRecordsTheFoldersAgain() throws {
        let test = try CacheTestLibrary()
        defer { test.remove() }
        let (library, _) = try Self.indexed(test)
        let fresh = try Library(root: test.root)
        try test.write("shelf-new/nested/new-book.md", "---\ntitle: New\ntags: [sci-fi]\n---\n")
        #expect(Self.quick(library) == nil, "the root changed: a folder was added")
        #expect(try Self.paths(library, "tag:sci-fi") == Self.paths(fresh, "tag:sci-fi"))
        #expect(try Self.paths(library, "tag:sci-fi").contains("shelf-new/nested/new-book.md"))
        #expect(Self.quick(library) != nil, "the query recorded the folders again")
        // A second book in the nested folder changes that folder alone.
        try test.write("shelf-new/nested/second.md", "---\ntitle: Second\ntags: [sci-fi]\n---\n")
        #expect(Self.quick(library) == nil)
        #expect(try Self.paths(library, "tag:sci-fi") == Self.paths(fresh, "tag:sci-fi"))
        try FileManager.default.removeItem(atPath: test.path("shelf-new/nested/new-book.md"))
        #expect(Self.quick(library) == nil)
        #expect(try Self.paths(library, "tag:sci-fi") == Self.paths(fresh, "tag:sci-fi"))
        #expect(Self.quick(library) != nil)
    }

    @Test func aFileThatIsNoBookChangingAFolderIsRecordedWithoutReadingABook() throws {
        let test = try CacheTestLibrary()
        defer { test.remove() }
        let (library, _) = try Self.indexed(test)
        // An editor's swap file comes and goes beside the book it edits.
        try test.write(".le-guin-the-left-hand-of-darkness.md.swp", "swap")
        #expect(Self.quick(library) == nil)
        #expect(try Self.paths(library, "tag:sci-fi") == Self.paths(try Library(root: test.root), "tag:sci-fi"))
        let state = try #require(Self.quick(library), "the folders were recorded again")
        #expect(state.loose.isEmpty)
    }

    @Test func aBrokenFileIsReadAndReportedByEveryQuickQuery() throws {
        let test = try CacheTestLibrary()
        defer { test.remove() }
        try test.write("broken.md", "---\ntitle: [unclosed\n---\n")
        let (library, _) = try Self.indexed(test)
        let state = try #require(Self.quick(library), "a broken file does not keep the index from its folders")
        #expect(state.cache.listing?.unrecorded == ["broken.md"])
        #expect(state.problems.count == 1)
        let result = try library.query(try Self.parse("tag:sci-fi", library), today: Self.today)
        #expect(result.problems.map(\.description) == (try Library(root: test.root).query(
            try Self.parse("tag:sci-fi", library), today: Self.today)).problems.map(\.description))
        // Mended in place: read as a book now, before the index knows it.
        try test.overwriteInPlace("broken.md", "---\ntitle: Mended\ntags: [sci-fi]\n---\n")
        let mended = try #require(Self.quick(library))
        #expect(mended.problems.isEmpty)
        #expect(mended.loose.map(\.book.title) == ["Mended"])
        #expect(try Self.paths(library, "tag:sci-fi").contains("broken.md"))
    }

    @Test func conflictCopiesAreReportedFromTheListing() throws {
        let test = try CacheTestLibrary()
        defer { test.remove() }
        let copy = "le-guin-the-left-hand-of-darkness.sync-conflict-20250101-101010-ABCDEFG.md"
        try test.write(copy, try test.read("le-guin-the-left-hand-of-darkness.md"))
        let (library, _) = try Self.indexed(test)
        let state = try #require(Self.quick(library))
        #expect(state.problems.map(\.description) == (try Library(root: test.root).query(
            try Self.parse("tag:sci-fi", library), today: Self.today)).problems.map(\.description))
        #expect(state.cache.listing?.conflicts == [copy])
    }

    @Test func moreChangedFilesThanAQueryRereadsSendItToAListing() throws {
        let test = try CacheTestLibrary()
        defer { test.remove() }
        let (library, _) = try Self.indexed(test)
        let books = try BookFileScanner.scan(root: test.root)
        let limit = IndexedQuery.quickRereadLimit(books.count)
        for book in books.prefix(limit + 1) {
            try test.overwriteInPlace(book, try test.read(book).replacingOccurrences(of: "title:", with: "subtitle: Zyzzyva\ntitle:"))
        }
        #expect(Self.quick(library) == nil)
        #expect(try Self.paths(library, "zyzzyva") == Self.paths(try Library(root: test.root), "zyzzyva"))
        #expect(try Self.paths(library, "zyzzyva").count == limit + 1)
        let state = try #require(Self.quick(library), "the listing wrote the index again")
        #expect(state.stale.isEmpty)
    }

    @Test func aFolderOfAnotherFileSystemIsNotTrusted() throws {
        let test = try CacheTestLibrary()
        defer { test.remove() }
        var scan = try BookFileScanner.scanAll(root: test.root)
        let records = scan.books.map { _ in CacheRecord.kept(0) }
        let later = FileStamp.now() + 10_000_000_000
        #expect(CacheListing(scan: scan, records: records, started: later) != nil)
        scan.folders[scan.folders.count - 1].stamp.device &+= 1
        #expect(CacheListing(scan: scan, records: records, started: later) == nil, "a folder mounted inside the library")
        #expect(!CacheListing.trustsFolderTimes(root: "/proc"), "not a local disk's file system")
    }

    @Test func aFolderChangedMomentsAgoIsNotRecorded() throws {
        let test = try CacheTestLibrary()
        defer { test.remove() }
        var library = try test.indexedLibrary()
        // By the real clock: the library was copied moments ago, its folders too recent to trust.
        library.clock = FileStamp.now
        _ = try library.query(try Self.parse("tag:sci-fi", library), today: Self.today)
        let location = try #require(library.cacheLocation)
        #expect(LibraryCache.read(location, withNotes: false)?.listing == nil)
        #expect(Self.quick(library) == nil)
    }

    @Test func notesAskedForNeedEveryEntrysNoteWords() throws {
        let test = try CacheTestLibrary()
        defer { test.remove() }
        let (library, _) = try Self.indexed(test, query: "tag:sci-fi")
        #expect(Self.quick(library) != nil)
        #expect(Self.quick(library, withNotes: true) == nil, "the first query read no notes")
        #expect(try Self.paths(library, "estraven") == Self.paths(try Library(root: test.root), "estraven"))
        #expect(Self.quick(library, withNotes: true) != nil)
    }

    /// Enough books that every core takes runs of them: each changed book is found, whichever
    /// core's run it falls in (at the runs' edges too), and one change over the limit gives up.
    @Test func everyChangedBookIsFoundWhateverCoreStatsIt() throws {
        let test = try CacheTestLibrary()
        defer { test.remove() }
        for number in 0..<1_200 {
            try test.write("many/\(number / 400)/book-\(number).md", "---\ntitle: Book \(number)\n---\nNotes.\n")
        }
        let (library, _) = try Self.indexed(test)
        let cache = try #require(Self.quick(library)).cache
        #expect(cache.entries.count > 2 * IndexedQuery.changedEntriesRun, "more than one run for each of two cores")
        let run = IndexedQuery.changedEntriesRun
        let picked = [0, run - 1, run, 2 * run + 1, 700, cache.entries.count - 1]
        for entry in picked {
            let path = cache.pathOf(entry)
            try test.overwriteInPlace(path, try test.read(path) + "An edit.\n")
        }
        let query = IndexedQuery(.all, over: library, today: Self.today)
        let found = query.changedEntries(cache, limit: picked.count, workingEarly: false).changed
        #expect(found == picked.sorted())
        #expect(query.changedEntries(cache, limit: picked.count - 1, workingEarly: false).changed == nil)
        #expect(try #require(Self.quick(library)).stale.ids == picked.sorted().map(Int32.init))
    }
}
