import Foundation
import Testing
@testable import ShelfKit

/// `Library.absolute` makes paths absolute by their components, without `URL`: it must give what
/// `URL.standardizedFileURL` gives, for every shape a `--library` or an export path can take.
@Suite struct LibraryPathTests {
    /// The path as `URL` makes it absolute and standard, without a `/` at the end.
    static func throughURL(_ path: String) -> String {
        let expanded = (path as NSString).expandingTildeInPath
        let url =
            expanded.hasPrefix("/")
            ? URL(fileURLWithPath: expanded)
            : URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(expanded)
        var result = url.standardizedFileURL.path
        while result.count > 1 && result.hasSuffix("/") { result.removeLast() }
        return result
    }

    @Test func absolutePathsAreWhatURLMakesOfThem() {
        let paths = [
            "/", "/a", "/a/", "/a//b", "/a/./b", "/a/../b", "/../a", "/a/b/..", "/a/b/../..", "/a/b/../../..", ".", "..",
            "../..", "books", "books/", "./books", "books/../other", "a b/c d", "Книги/сон", "村上/森", "~", "~/Books",
            "~/Books/../x", "/a/.../b", "/a/..b/c", "/a/b.", "//", "a/./././b", "x/..",
        ]
        for path in paths {
            #expect(Library.absolute(path) == Self.throughURL(path), "\(path)")
        }
    }

    @Test func theCacheFolderComesFromTheVariablesAlone() {
        let environment = ["XDG_CACHE_HOME": "/tmp/cache", "HOME": "/home/reader", "SHELF_CACHE_LIMIT": "64", "PATH": "/bin"]
        let byName = LibraryCacheFolder.standard { environment[$0] }
        #expect(byName?.path == "/tmp/cache/shelf/libraries")
        #expect(byName?.limit == 64 << 20)
        #expect(LibraryCacheFolder.standard { ["HOME": "/home/reader"][$0] }?.path == "/home/reader/.cache/shelf/libraries")
        #expect(LibraryCacheFolder.standard { ["XDG_CACHE_HOME": "relative"][$0] } == nil)
    }
}

/// `Library.resolved` asks `realpath` for a path that exists: it must give what `URL` gives,
/// through links to folders and files, relative and absolute, chained, and up with `..`.
@Suite struct LibraryResolvedPathTests {
    @Test func linksResolveAsURLResolvesThem() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-resolve-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        let manager = FileManager.default
        try manager.createDirectory(atPath: base + "/real/inner", withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: base + "/real/inner/book.md"))
        try manager.createSymbolicLink(atPath: base + "/absolute-link", withDestinationPath: base + "/real")
        try manager.createSymbolicLink(atPath: base + "/relative-link", withDestinationPath: "real/inner")
        try manager.createSymbolicLink(atPath: base + "/chained", withDestinationPath: "relative-link")
        try manager.createSymbolicLink(atPath: base + "/real/up", withDestinationPath: "../real/inner")
        try manager.createSymbolicLink(atPath: base + "/real/inner/book-link.md", withDestinationPath: "book.md")
        let paths = [
            base, base + "/real", base + "/absolute-link", base + "/absolute-link/inner", base + "/relative-link",
            base + "/chained", base + "/chained/book.md", base + "/real/up", base + "/real/up/book.md",
            base + "/real/inner/book-link.md", base + "/absolute-link/inner/book-link.md", base + "/real/inner/missing.md",
            base + "/absolute-link/missing/deeper.md",
        ]
        for path in paths {
            let url = URL(fileURLWithPath: path)
            let throughURL =
                manager.fileExists(atPath: path)
                ? url.resolvingSymlinksInPath().path
                : url.deletingLastPathComponent().resolvingSymlinksInPath().appendingPathComponent(url.lastPathComponent).path
            #expect(Library.resolved(path) == throughURL, "\(path)")
        }
    }
}
