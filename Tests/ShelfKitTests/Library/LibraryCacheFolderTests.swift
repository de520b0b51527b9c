import Foundation
import Testing
@testable import ShelfKit

/// The cache folder forgets indexes of libraries that are gone or long unused, and keeps under
/// its size limit, least recently used first; the index in use always stays.
@Suite struct LibraryCacheFolderTests {
    /// A cache folder with an index for each of several libraries, made by loading them.
    struct Setup {
        let base: String
        let folder: String
        var roots: [String] = []

        init(libraries: Int) throws {
            base = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-cachefolder-\(UUID().uuidString)").path
            folder = base + "/cache"
            for number in 0..<libraries {
                let root = base + "/library-\(number)"
                try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
                for book in 0..<(number + 1) * 3 {
                    try Data("---\ntitle: Book \(book)\n---\nnotes \(book)\n".utf8).write(to: URL(fileURLWithPath: root + "/b\(book).md"))
                }
                roots.append(Library.resolved(root))
                _ = try load(root)
            }
        }

        /// Loads a library through the cache (every file old enough to be recorded).
        func load(_ root: String, limit: Int64 = LibraryCacheFolder.defaultLimit) throws -> LibraryLoader.Result {
            var library = try Library(root: root)
            library.cacheFolder = folder
            library.cacheLimit = limit
            let scan = try BookFileScanner.scanAll(root: library.root)
            return library.loadBooks(scan.books, withNotes: false, started: FileStamp.now() + 10_000_000_000)
        }

        func indexFile(of root: String) -> String {
            LibraryCacheLocation(folder: folder, root: root, configBytes: []).file
        }

        /// Sets the index's modification time `days` days back.
        func age(_ root: String, days: Int) {
            let seconds = Int(Date().timeIntervalSince1970) - days * 86_400
            let times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
            _ = utimensat(AT_FDCWD, indexFile(of: root), times, 0)
        }

        func exists(_ root: String) -> Bool { FileManager.default.fileExists(atPath: indexFile(of: root)) }

        func remove() { try? FileManager.default.removeItem(atPath: base) }
    }

    @Test func theFolderListsEachLibrarysIndex() throws {
        let setup = try Setup(libraries: 3)
        defer { setup.remove() }
        let indexes = LibraryCacheFolder(path: setup.folder).indexes()
        #expect(Set(indexes.compactMap(\.root)) == Set(setup.roots))
        #expect(indexes.allSatisfy { $0.libraryExists && $0.bytes > 0 })
    }

    @Test func anIndexOfAGoneLibraryGoesAtTheNextWrite() throws {
        let setup = try Setup(libraries: 2)
        defer { setup.remove() }
        try FileManager.default.removeItem(atPath: setup.roots[1])
        #expect(setup.exists(setup.roots[1]))
        // Nothing changed in library 0: no write, so nothing is cleaned yet.
        _ = try setup.load(setup.roots[0])
        #expect(setup.exists(setup.roots[1]))
        try Data("---\ntitle: New\n---\n".utf8).write(to: URL(fileURLWithPath: setup.roots[0] + "/new.md"))
        _ = try setup.load(setup.roots[0])
        #expect(!setup.exists(setup.roots[1]))
        #expect(setup.exists(setup.roots[0]))
    }

    @Test func anIndexUnusedForThirtyDaysGoesAndAUsedOneIsMarked() throws {
        let setup = try Setup(libraries: 3)
        defer { setup.remove() }
        setup.age(setup.roots[1], days: 31)
        setup.age(setup.roots[2], days: 29)
        let folder = LibraryCacheFolder(path: setup.folder)
        let now = Int64(Date().timeIntervalSince1970)
        #expect(folder.stale(now: now).map(\.index.file) == [setup.indexFile(of: setup.roots[1])])
        #expect(folder.stale(now: now).map(\.reason) == [.unused])
        // Kept whatever its age while it is the one in use.
        #expect(folder.stale(now: now, keeping: setup.indexFile(of: setup.roots[1])).isEmpty)

        // A warm load of library 2 (no write) marks its index as used today.
        let warm = try setup.load(setup.roots[2])
        #expect(warm.cacheHits == warm.books.count)
        let used = try #require(folder.indexes().first { $0.root == setup.roots[2] })
        #expect(now - used.lastUsed < 60)

        folder.clean(now: now)
        #expect(!setup.exists(setup.roots[1]))
        #expect(setup.exists(setup.roots[0]) && setup.exists(setup.roots[2]))
    }

    @Test func overTheLimitTheLeastRecentlyUsedGoFirst() throws {
        let setup = try Setup(libraries: 3)
        defer { setup.remove() }
        setup.age(setup.roots[0], days: 3)
        setup.age(setup.roots[1], days: 2)
        setup.age(setup.roots[2], days: 1)
        let sizes = LibraryCacheFolder(path: setup.folder).indexes().map(\.bytes)
        // Room for the newest two only.
        let limit = sizes.sorted().suffix(2).reduce(0, +)
        let folder = LibraryCacheFolder(path: setup.folder, limit: limit)
        let now = Int64(Date().timeIntervalSince1970)
        #expect(folder.stale(now: now).map(\.index.file) == [setup.indexFile(of: setup.roots[0])])
        #expect(folder.stale(now: now).map(\.reason) == [.overLimit])
        // The index in use stays even when it alone passes the limit; the others make room.
        let tiny = LibraryCacheFolder(path: setup.folder, limit: 1)
        let current = setup.indexFile(of: setup.roots[0])
        #expect(
            Set(tiny.stale(now: now, keeping: current).map(\.index.file))
                == Set([setup.indexFile(of: setup.roots[1]), setup.indexFile(of: setup.roots[2])]))
    }

    @Test func aFileThatIsNoIndexGoesOnceADayOld() throws {
        let setup = try Setup(libraries: 1)
        defer { setup.remove() }
        let garbage = setup.folder + "/0123456789abcdef.cache"
        try Data(repeating: 7, count: 100).write(to: URL(fileURLWithPath: garbage))
        let folder = LibraryCacheFolder(path: setup.folder)
        let now = Int64(Date().timeIntervalSince1970)
        let listed = try #require(folder.indexes().first { $0.file == garbage })
        #expect(listed.root == nil)
        // Perhaps another shelf's, written a moment ago: left alone for a day.
        #expect(folder.stale(now: now).isEmpty)
        #expect(folder.stale(now: now + 2 * 86_400).map(\.reason).contains(.unreadable))
        // A link or a folder named like an index is never followed or removed.
        try FileManager.default.createSymbolicLink(atPath: setup.folder + "/link.cache", withDestinationPath: setup.roots[0] + "/b0.md")
        #expect(!folder.indexes().contains { $0.file.hasSuffix("link.cache") })
        folder.clear()
        #expect(FileManager.default.fileExists(atPath: setup.roots[0] + "/b0.md"))
        #expect(folder.indexes().isEmpty)
    }

    /// A temporary file goes at once when the process that writes it is gone, and after an hour
    /// whatever its name says (a pid may be taken again by another process); one a live process
    /// writes, recent, stays. Other names are not shelf's and always stay.
    @Test func temporaryFilesGoOnceTheirWriterIsGoneOrTheyAreAnHourOld() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-leftovers-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let me = getpid()
        // 99999999 is above the kernel's largest pid: no process has it.
        let names = [
            ".tmp-\(me)-34.cache", ".spill-\(me)-34", ".tmp-\(me)-78.cache", ".spill-\(me)-78",
            ".tmp-99999999-1.cache", ".spill-99999999-1", ".other", "notes.txt",
        ]
        for name in names { try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        let old = timespec(tv_sec: Int(Date().timeIntervalSince1970) - 7_200, tv_nsec: 0)
        for name in [".tmp-\(me)-34.cache", ".spill-\(me)-34", ".other", "notes.txt"] {
            #expect(utimensat(AT_FDCWD, folder + "/" + name, [old, old], 0) == 0)
        }
        let cacheFolder = LibraryCacheFolder(path: folder)
        let now = Int64(Date().timeIntervalSince1970)
        #expect(cacheFolder.leftovers(now: now).filter(\.isAbandoned).count == 4)
        cacheFolder.clean(now: now)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(left == [".other", ".spill-\(me)-78", ".tmp-\(me)-78.cache", "notes.txt"])
    }

    /// What killed writers left takes room until it goes: it counts towards the limit.
    @Test func temporaryFilesCountTowardsTheLimit() throws {
        let setup = try Setup(libraries: 2)
        defer { setup.remove() }
        setup.age(setup.roots[0], days: 2)
        let sizes = LibraryCacheFolder(path: setup.folder).indexes().map(\.bytes)
        let folder = LibraryCacheFolder(path: setup.folder, limit: sizes.reduce(0, +))
        let now = Int64(Date().timeIntervalSince1970)
        #expect(folder.stale(now: now).isEmpty, "both fit")
        try Data(repeating: 7, count: 1).write(to: URL(fileURLWithPath: setup.folder + "/.tmp-\(getpid())-9.cache"))
        #expect(folder.stale(now: now).map(\.index.file) == [setup.indexFile(of: setup.roots[0])], "the older one no longer fits")
    }

    /// The vocabulary inferred for a library without shelf.yaml goes with its index.
    @Test func clearingAnIndexRemovesTheVocabularyInferredBesideIt() throws {
        let setup = try Setup(libraries: 2)
        defer { setup.remove() }
        let first = setup.indexFile(of: setup.roots[0]), second = setup.indexFile(of: setup.roots[1])
        let vocabularies = [first, second].map { $0.replacingOccurrences(of: ".cache", with: ".vocabulary") }
        for file in vocabularies { try Data("# fingerprint x\n".utf8).write(to: URL(fileURLWithPath: file)) }
        let folder = LibraryCacheFolder(path: setup.folder)
        folder.clear(first)
        #expect(!FileManager.default.fileExists(atPath: vocabularies[0]))
        #expect(FileManager.default.fileExists(atPath: vocabularies[1]), "another library's stays")
        folder.clear()
        #expect(!FileManager.default.fileExists(atPath: vocabularies[1]))
    }
}
