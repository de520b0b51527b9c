import Foundation
import Testing
@testable import ShelfKit

/// `shelf serve`'s library in memory: reused while no file changed, loaded again when one is
/// added, changed or removed, and never kept while files are moments old.
@Suite struct LiveLibraryTests {
    @Test func booksAreKeptUntilAFileChangesAndNeverWhileFilesAreMomentsOld() async throws {
        let test = try CacheTestLibrary()
        defer { test.remove() }
        let live = LiveLibrary(library: try Library(root: test.root))
        let fresh = try Library(root: test.root)
        // Just copied: every file is moments old, so nothing is kept.
        #expect(try live.load().index.books == fresh.load().index.books)
        #expect(!live.isHolding)

        try await LibraryCacheTests.waitPastRacyWindow()
        let first = try live.load().index.books
        #expect(live.isHolding)
        #expect(try live.load().index.books == first)
        // One generation while nothing changes: what a page worked out from it can be kept.
        let generation = try #require(try live.snapshot().generation)
        #expect(try live.snapshot().generation == generation)

        // A change of the same size, in place: the stamp tells, the next use shows it.
        let dune = try test.read("herbert-dune.md")
        try test.overwriteInPlace("herbert-dune.md", dune.replacingOccurrences(of: "title: Dune", with: "title: Dunf"))
        #expect(try live.load().index.books.contains { $0.title == "Dunf" })
        #expect(!live.isHolding, "a file written moments ago: loaded again at every use")
        #expect(try live.snapshot().generation == nil, "nothing worked out from it may be kept")

        try test.write("new.md", "---\ntitle: New\ntags: [sci-fi]\n---\n")
        try FileManager.default.removeItem(atPath: test.path("lem-solaris.md"))
        let now = try live.load().index.books
        #expect(now.contains { $0.path == "new.md" } && !now.contains { $0.path == "lem-solaris.md" })
        #expect(now == (try fresh.load().index.books))

        // Queries are answered over the books in memory, as Library.query answers them.
        let today = BookDate(year: 2025, month: 6, day: 10)
        for text in ["tag:sci-fi", "rating:>=4 -status:read", "dune", "\"left hand\""] {
            let expression = try fresh.queryParser(today: today).parse(text)
            #expect(
                try live.query(expression, today: today).books.map(\.path) == fresh.query(expression, today: today).books.map(\.path),
                "\(text)")
        }
    }

    @Test func theFoldersAreListedAgainOnlyWhenOneChanged() async throws {
        let test = try CacheTestLibrary()
        defer { test.remove() }
        try FileManager.default.createDirectory(atPath: test.path("shelf-a"), withIntermediateDirectories: true)
        try test.write("shelf-a/kept.md", "---\ntitle: Kept\n---\n")
        try await LibraryCacheTests.waitPastRacyWindow()
        let live = LiveLibrary(library: try Library(root: test.root))
        let first = try live.snapshot()
        #expect(live.isHolding)
        let listings = live.listings
        // Nothing changed: one stat per folder and per file, no listing, the same books.
        for _ in 0..<3 { #expect(try live.snapshot().generation == first.generation) }
        #expect(live.listings == listings, "no folder changed: none listed again")

        // A file added in a folder below the root changes that folder's times: listed again.
        try test.write("shelf-a/new.md", "---\ntitle: New Arrival\n---\n")
        let added = try live.snapshot()
        #expect(added.index.books.contains { $0.path == "shelf-a/new.md" })
        #expect(live.listings == listings + 1)
        // A file removed, and a file renamed, the same.
        try FileManager.default.removeItem(atPath: test.path("shelf-a/kept.md"))
        #expect(try !live.snapshot().index.books.contains { $0.path == "shelf-a/kept.md" })
        try FileManager.default.moveItem(atPath: test.path("shelf-a/new.md"), toPath: test.path("shelf-a/renamed.md"))
        #expect(try live.snapshot().index.books.map(\.path).filter { $0.hasPrefix("shelf-a/") } == ["shelf-a/renamed.md"])
        #expect(try live.snapshot().index.books.map(\.path) == Library(root: test.root).load().index.books.map(\.path))
    }
}
