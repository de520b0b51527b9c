import Foundation
import Testing
import ShelfTestSupport
@testable import ShelfKit

/// A file its folder's listing called a regular file is opened without a `stat` first, never
/// through a link. What is read, and what is refused, must be what the careful way (a `stat`,
/// then the open) gives, even when the file was swapped for a FIFO or a link after the listing.
@Suite struct ListedRegularReadTests {
    @Test func filesSwappedAfterTheListingAreReadOrRefusedAsTheCarefulWayDoes() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-listed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("a")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func write(_ name: String, _ title: String) throws {
            try Data("---\ntitle: \(title)\n---\nNotes of \(title).\n".utf8).write(to: folder.appendingPathComponent(name))
        }
        for name in ["fifo.md", "link-to-fifo.md", "link-to-book.md", "kept.md", "gone.md", "locked.md", "socket.md"] {
            try write(name, name)
        }
        try write("target.txt", "Target")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("fifos"), withIntermediateDirectories: true)
        let fifo = root.appendingPathComponent("fifos/pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // Listed now: every book is a regular file.
        let scan = try BookFileScanner.scanAll(root: root.path)
        #expect(scan.books.count == 7 && scan.notListedRegular.isEmpty, "\(scan.books) \(scan.notListedRegular)")
        // Then swapped, as by another process between the listing and the read.
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        unlink(path("fifo.md"))
        #expect(mkfifo(path("fifo.md"), 0o600) == 0)
        unlink(path("link-to-fifo.md"))
        #expect(symlink(fifo, path("link-to-fifo.md")) == 0)
        unlink(path("link-to-book.md"))
        #expect(symlink("target.txt", path("link-to-book.md")) == 0)
        unlink(path("gone.md"))
        // A socket cannot be opened at all (ENXIO): it is named for what it is, not as a file
        // that cannot be opened.
        unlink(path("socket.md"))
        let socket = try bindUnixSocket(path("socket.md"))
        defer { close(socket) }
        chmod(path("locked.md"), 0)
        defer { chmod(path("locked.md"), 0o644) }

        // Should an open wait on a FIFO, a writer comes after a while and the test fails
        // rather than hangs.
        let waited = WatchdogFlag()
        let watchdog = DispatchWorkItem {
            waited.fired = true
            for name in [path("fifo.md"), fifo] {
                let writer = open(name, O_RDWR | O_NONBLOCK)
                if writer >= 0 { close(writer) }
            }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + 20, execute: watchdog)
        let listed = LibraryLoader.load(
            root: root.path, paths: scan.books, withNotes: true, vocabulary: .standard, cache: nil, listing: scan)
        let careful = LibraryLoader.load(root: root.path, paths: scan.books, withNotes: true, vocabulary: .standard, cache: nil)
        watchdog.cancel()
        #expect(!waited.fired)

        #expect(listed.books.map(LoadPathDifferentialTests.dumped) == careful.books.map(LoadPathDifferentialTests.dumped))
        #expect(listed.noteWords == careful.noteWords)
        #expect(listed.problems.map(\.description) == careful.problems.map(\.description))
        #expect(listed.books.map(\.title).sorted() == (getuid() == 0 ? ["Target", "kept.md", "locked.md"] : ["Target", "kept.md"]))
        let problems = listed.problems.map(\.description).joined(separator: "\n")
        #expect(problems.contains("a/fifo.md: not a regular file (a FIFO)"), "\(problems)")
        #expect(problems.contains("a/link-to-fifo.md: not a regular file (a FIFO)"), "\(problems)")
        #expect(problems.contains("a/gone.md: cannot open"), "\(problems)")
        #expect(problems.contains("a/socket.md: not a regular file (a socket)"), "\(problems)")
    }

    @Test func aPathTheListingDidNotCallRegularIsCheckedFirst() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-listed-\(UUID().uuidString)")
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-elsewhere-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        // A link to a file outside the library (one inside is listed under its own name only).
        try Data("---\ntitle: Real\n---\n".utf8).write(to: elsewhere.appendingPathComponent("real.md"))
        #expect(symlink(elsewhere.appendingPathComponent("real.md").path, root.appendingPathComponent("link.md").path) == 0)
        #expect(mkfifo(root.appendingPathComponent("pipe.md").path, 0o600) == 0)
        try Data("---\ntitle: Plain\n---\n".utf8).write(to: root.appendingPathComponent("plain.md"))
        let scan = try BookFileScanner.scanAll(root: root.path)
        #expect(scan.books == ["link.md", "pipe.md", "plain.md"])
        #expect(scan.notListedRegular == ["link.md", "pipe.md"])
        let result = LibraryLoader.load(
            root: root.path, paths: scan.books, withNotes: false, vocabulary: .standard, cache: nil, listing: scan)
        #expect(result.books.map(\.title) == ["Real", "Plain"])
        #expect(result.problems.map(\.description).joined().contains("pipe.md: not a regular file (a FIFO)"))
    }
}

/// Set by the watchdog, read by the test once the loads are over.
private final class WatchdogFlag: @unchecked Sendable {
    var fired = false
}
