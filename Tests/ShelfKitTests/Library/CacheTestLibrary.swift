import Foundation
import Testing
@testable import ShelfKit

/// A library in a temporary folder, with its own cache folder, loaded with and without the cache
/// to compare the two.
struct CacheTestLibrary {
    let root: String
    let cacheFolder: String

    /// Copies `example-library/` (43 real books) into a new temporary folder.
    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-cache-\(UUID().uuidString)").path
        root = base + "/library"
        cacheFolder = base + "/cache"
        let example = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("example-library").path
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: example, toPath: root)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: (root as NSString).deletingLastPathComponent)
    }

    func path(_ relative: String) -> String { root + "/" + relative }

    func write(_ relative: String, _ text: String) throws {
        let url = URL(fileURLWithPath: path(relative))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOfFile: path(relative), encoding: .utf8)
    }

    /// Rewrites a file in place (same inode: no rename), as some editors do.
    func overwriteInPlace(_ relative: String, _ text: String) throws {
        let handle = try #require(FileHandle(forWritingAtPath: path(relative)))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    /// Sets a file's modification time back to `stamp`'s, as `touch -d` or `rsync -t` would.
    func restoreModificationTime(_ relative: String, from stamp: FileStamp) {
        let seconds = stamp.modified / 1_000_000_000
        let times = [
            timespec(tv_sec: Int(seconds), tv_nsec: Int(stamp.modified - seconds * 1_000_000_000)),
            timespec(tv_sec: Int(seconds), tv_nsec: Int(stamp.modified - seconds * 1_000_000_000)),
        ]
        _ = utimensat(AT_FDCWD, path(relative), times, 0)
    }

    /// The library as read afresh from every file.
    func fresh(withNotes: Bool = false) throws -> Loaded {
        try Loaded(Library(root: root), withNotes: withNotes)
    }

    /// The library as read through the cache (which this also updates).
    func cached(withNotes: Bool = false) throws -> Loaded {
        var library = try Library(root: root)
        library.cacheFolder = cacheFolder
        return try Loaded(library, withNotes: withNotes)
    }

    /// The library with its cache, where every file counts as old enough to be recorded (the
    /// racy window is the one thing the tests using it do not try; LibraryCacheTests does).
    func indexedLibrary() throws -> Library {
        var library = try Library(root: root)
        library.cacheFolder = cacheFolder
        library.clock = { FileStamp.now() + 10_000_000_000 }
        return library
    }

    /// The number of files the last cached load took from the cache.
    var cacheFile: String? {
        try? FileManager.default.contentsOfDirectory(atPath: cacheFolder).first { $0.hasSuffix(".cache") && !$0.hasPrefix(".") }
            .map { cacheFolder + "/" + $0 }
    }

    /// What a load gave, in a form two loads can be compared by.
    struct Loaded: Equatable, CustomStringConvertible {
        var books: [Book]
        /// Each book's set of note words (the note index keeps a word once per book, in no order).
        var notes: [Set<String>]?
        var problems: [String]
        var cacheHits: Int

        init(_ library: Library, withNotes: Bool) throws {
            let scan = try BookFileScanner.scanAll(root: library.root)
            let result = library.loadBooks(scan.books, withNotes: withNotes, started: FileStamp.now())
            books = result.books
            notes = result.noteWords?.map { Set($0) }
            problems = result.problems.map(\.description)
            cacheHits = result.cacheHits
        }

        static func == (left: Loaded, right: Loaded) -> Bool {
            left.books == right.books && left.notes == right.notes && left.problems == right.problems
        }

        var description: String { "\(books.count) books, \(problems.count) problems, \(cacheHits) from the cache" }
    }
}
