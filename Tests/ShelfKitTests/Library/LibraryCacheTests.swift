import Foundation
import Testing
@testable import ShelfKit

/// The cache must never give an answer that differs from reading every file: each test loads the
/// same library through the cache and afresh, after changing files in every way a user, an
/// editor or a sync tool can.
@Suite struct LibraryCacheTests {
    /// Files written in the last few seconds are never recorded (see `LibraryCache.racyWindow`):
    /// tests that want the cache used wait this long after writing files.
    /// (An asynchronous sleep: a blocked thread would hold up the other tests.)
    static func waitPastRacyWindow() async throws {
        try await Task.sleep(nanoseconds: UInt64(LibraryCache.racyWindow) + 200_000_000)
    }

    @Test func aWarmLoadReadsNoFileAndEqualsAFreshOne() async throws {
        let library = try CacheTestLibrary()
        defer { library.remove() }
        try await Self.waitPastRacyWindow()
        let fresh = try library.fresh()
        let first = try library.cached()
        #expect(first.cacheHits == 0)
        #expect(first == fresh)
        let file = try #require(library.cacheFile)
        let mode = try #require(FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int)
        #expect(mode == 0o600, "the cache holds the library's metadata: private to the user")

        let second = try library.cached()
        #expect(second == fresh)
        #expect(second.cacheHits == fresh.books.count)

        // Notes were not read by `ls`: the first load that needs them reads the files again.
        let freshNotes = try library.fresh(withNotes: true)
        let firstNotes = try library.cached(withNotes: true)
        #expect(firstNotes.cacheHits == 0)
        #expect(firstNotes == freshNotes)
        let secondNotes = try library.cached(withNotes: true)
        #expect(secondNotes.cacheHits == fresh.books.count)
        #expect(secondNotes == freshNotes)
        // A load without notes still uses entries that carry them.
        #expect(try library.cached().cacheHits == fresh.books.count)
        #expect(try library.cached(withNotes: true) == freshNotes)
    }

    @Test func everyKindOfChangeIsSeen() async throws {
        let library = try CacheTestLibrary()
        defer { library.remove() }
        try await Self.waitPastRacyWindow()
        _ = try library.cached(withNotes: true)
        #expect(try library.cached().cacheHits == library.fresh().books.count)

        // Same size, in place: one letter of the title.
        let dune = try library.read("herbert-dune.md")
        try library.overwriteInPlace("herbert-dune.md", dune.replacingOccurrences(of: "title: Dune", with: "title: Dunf"))
        // Same size, in place, and the modification time set back (touch -d, rsync -t).
        let stampBefore = try #require(FileStamp.of(path: library.path("gibson-neuromancer.md")))
        let neuromancer = try library.read("gibson-neuromancer.md")
        try library.overwriteInPlace("gibson-neuromancer.md", neuromancer.replacingOccurrences(of: "rating: 5", with: "rating: 4")
            .replacingOccurrences(of: "status: read", with: "status: abc1"))
        library.restoreModificationTime("gibson-neuromancer.md", from: stampBefore)
        #expect(FileStamp.of(path: library.path("gibson-neuromancer.md"))?.modified == stampBefore.modified)
        // Notes grow.
        try library.write("asimov-foundation.md", try library.read("asimov-foundation.md") + "\nPsychohistory zyzzyva.\n")
        // Replaced by rename, as shelf and most editors save.
        let sapiens = try library.read("harari-sapiens.md")
        try library.write(".tmp-sapiens", sapiens.replacingOccurrences(of: "title: \"Sapiens:", with: "title: \"Homo Sapiens:"))
        #expect(rename(library.path(".tmp-sapiens"), library.path("harari-sapiens.md")) == 0)
        // Removed, added, renamed into a folder.
        try FileManager.default.removeItem(atPath: library.path("beard-spqr.md"))
        try library.write("new-book.md", "---\ntitle: A New Book\ntags: [zyzzyva]\n---\nFresh notes.\n")
        try FileManager.default.createDirectory(atPath: library.path("moved"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: library.path("eco-the-name-of-the-rose.md"), toPath: library.path("moved/eco-the-name-of-the-rose.md"))
        // A book that stops being one, a file that breaks, a file that is no book at all.
        try library.write("calvino-invisible-cities.md", "---\nname: Invisible Cities\ntags: [cities]\n---\n")
        try library.write("didion-slouching-towards-bethlehem.md", "---\ntitle: [unclosed\n---\n")
        try library.write("README-notes.md", "Just some notes, no front matter.\n")
        // A book replaced by a link to another file of the library (listed once, under its own name).
        try FileManager.default.removeItem(atPath: library.path("rulfo-pedro-paramo.md"))
        try FileManager.default.createSymbolicLink(atPath: library.path("rulfo-pedro-paramo.md"), withDestinationPath: library.path("herbert-dune.md"))
        // Emptied.
        try library.overwriteInPlace("strugatsky-roadside-picnic.md", "")

        let fresh = try library.fresh()
        let freshNotes = try library.fresh(withNotes: true)
        #expect(fresh.books.contains { $0.title == "Dunf" })
        #expect(fresh.books.contains { $0.title.hasPrefix("Homo Sapiens") })
        #expect(try library.cached() == fresh)
        #expect(try library.cached(withNotes: true) == freshNotes)
        #expect(try library.cached() == fresh)

        // Once the changed files are old enough, they are recorded too, and still agree.
        try await Self.waitPastRacyWindow()
        #expect(try library.cached(withNotes: true) == freshNotes)
        let warm = try library.cached(withNotes: true)
        #expect(warm == freshNotes)
        #expect(warm.cacheHits == fresh.books.count + 3, "every book and the three files that are no books")
    }

    @Test func aChangedShelfYamlStartsAfresh() async throws {
        let library = try CacheTestLibrary()
        defer { library.remove() }
        try await Self.waitPastRacyWindow()
        _ = try library.cached()
        try library.write("shelf.yaml", try library.read("shelf.yaml") + "\nstatuses:\n  read: abandoned\n")
        let fresh = try library.fresh()
        let cached = try library.cached()
        #expect(cached.cacheHits == 0)
        #expect(cached == fresh)
        #expect(fresh.books.contains { $0.status == .abandoned })
    }

    @Test func aDamagedCacheIsIgnoredAndRewritten() async throws {
        let library = try CacheTestLibrary()
        defer { library.remove() }
        try await Self.waitPastRacyWindow()
        let fresh = try library.fresh(withNotes: true)
        _ = try library.cached(withNotes: true)
        let file = try #require(library.cacheFile)
        let good = try Data(contentsOf: URL(fileURLWithPath: file))
        var damages: [(String, Data)] = [
            ("truncated", good.prefix(good.count / 2)),
            ("header only", good.prefix(LibraryCache.headerSize)),
            ("empty", Data()),
            ("garbage", Data(repeating: 0xA5, count: good.count)),
        ]
        // The note words and the books come after the entries, each book's with its own checksum:
        // damage there makes that one file be read again; damage anywhere else drops the whole cache.
        let mainLength = good.subdata(in: 24..<32).withUnsafeBytes { Int(UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self))) }
        let mainEnd = LibraryCache.headerSize + mainLength
        try good.write(to: URL(fileURLWithPath: file))
        let undamagedHits = try library.cached(withNotes: true).cacheHits
        #expect(undamagedHits > 0)
        var damagedOffsets: [Int] = []
        for offset in stride(from: LibraryCache.headerSize, to: good.count, by: max(1, good.count / 11)) {
            var flipped = good
            flipped[offset] ^= 0x20
            damages.append(("byte \(offset) flipped", flipped))
            damagedOffsets.append(offset)
        }
        #expect(damagedOffsets.contains { $0 >= mainEnd } && damagedOffsets.contains { $0 < mainEnd })
        for (name, bytes) in damages {
            try bytes.write(to: URL(fileURLWithPath: file))
            let loaded = try library.cached(withNotes: true)
            #expect(loaded == fresh, "\(name)")
            let offset = name.hasPrefix("byte ") ? Int(name.dropFirst(5).prefix { $0.isNumber }) ?? 0 : 0
            if offset >= mainEnd {
                #expect(loaded.cacheHits == undamagedHits - 1, "\(name): only the damaged book is read again")
            } else {
                #expect(loaded.cacheHits == 0, "\(name)")
            }
        }
        #expect(try library.cached(withNotes: true).cacheHits == fresh.books.count, "rewritten after the last damage")
    }

    /// The writer maps its new index back without checksumming it again, but only while the
    /// file at the name is the one it wrote (same device, inode, size and modification time):
    /// one another process put there, or rewrote in place, is checked.
    @Test func anIndexIsTrustedUncheckedOnlyAsTheFileThisProcessWrote() async throws {
        let library = try CacheTestLibrary()
        defer { library.remove() }
        try await Self.waitPastRacyWindow()
        _ = try library.cached()
        let file = try #require(library.cacheFile)
        let location = try #require(try library.indexedLibrary().cacheLocation)
        let own = try #require(FileStamp.of(path: file))
        #expect(LibraryCache.read(location, withNotes: false, writtenAs: own) != nil, "its own file is taken as written")
        var other = own
        other.inode &+= 1
        // Damaged in place, as a tool that rewrites the file would leave it: a letter of a book's
        // path in the entries changed (which still reads, so only the checksum can tell), and one
        // more byte at the end.
        var damaged = try Data(contentsOf: URL(fileURLWithPath: file))
        let path = try #require(damaged.range(of: Data("le-guin-the-left-hand".utf8)))
        damaged[path.lowerBound] ^= 0x20
        damaged.append(0)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        try handle.write(contentsOf: damaged)
        try handle.close()
        #expect(FileStamp.of(path: file)?.inode == own.inode, "rewritten in place")
        #expect(LibraryCache.read(location, withNotes: false) == nil, "damage is found")
        #expect(LibraryCache.read(location, withNotes: false, writtenAs: own) == nil, "a file rewritten in place is checked")
        #expect(LibraryCache.read(location, withNotes: false, writtenAs: other) == nil, "another file is checked")
    }

    @Test func filesChangedInTheLastSecondsAreNotRecorded() async throws {
        let library = try CacheTestLibrary()
        defer { library.remove() }
        let fresh = try library.fresh()
        #expect(try library.cached() == fresh)
        let again = try library.cached()
        #expect(again == fresh)
        #expect(again.cacheHits == 0, "a file written within the racy window could change again unseen")
    }

    /// Right after a clone, a checkout or a sync, every file is too new to record. The first
    /// query still writes an index (recording none of them) and answers from the books it read,
    /// as loose ones: without it, the query found no index to answer from and read every file
    /// again (three times, for `ls --format paths`).
    @Test func aFirstQueryOverFilesWrittenMomentsAgoAnswersFromTheBooksItRead() async throws {
        // Taken before the files are copied: to this clock, every one of them is new.
        let started = FileStamp.now()
        let test = try CacheTestLibrary()
        defer { test.remove() }
        var library = try Library(root: test.root)
        library.cacheFolder = test.cacheFolder
        library.clock = { started }
        let fresh = try test.fresh()
        let today = BookDate(year: 2025, month: 6, day: 10)
        let state = try #require(
            try IndexedQuery(.all, over: library, today: today).current().state,
            "an index is written even when it can record no file")
        #expect(state.cache.entries.isEmpty, "a file written within the racy window is never recorded")
        #expect(state.loose.map(\.book) == fresh.books, "every book read once, kept as a loose one")
        #expect(state.loose.map(\.position) == Array(state.loose.indices))
        let ordered = try #require(try library.pathsInTitleOrder(.all, today: today, reversed: false))
        #expect(ordered.paths == BookSortKey.title.sort(fresh.books).map(\.path))
        #expect(try library.query(.all, today: today).books == fresh.books)
    }

    @Test func aCacheIsPerLibrary() async throws {
        let one = try CacheTestLibrary()
        let two = try CacheTestLibrary()
        defer { one.remove(); two.remove() }
        var first = try Library(root: one.root)
        var second = try Library(root: two.root)
        first.cacheFolder = "/tmp/x"
        second.cacheFolder = "/tmp/x"
        #expect(first.cacheLocation?.file != second.cacheLocation?.file)
    }
}
