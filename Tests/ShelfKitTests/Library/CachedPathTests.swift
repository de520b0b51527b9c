import Foundation
import Testing
@testable import ShelfKit

/// The index lives outside the library, where another program can write it: a path it records
/// that leads outside the library (or anywhere the scanner never lists) makes the whole index
/// foreign, even when its checksums were made to match.
@Suite struct CachedPathTests {
    @Test(arguments: [
        "dune.md", "a/b/c.md", "sci-fi/le-guin.md", "ünïcode/café.md", "x..md", "a/b.c/d.md",
    ])
    func pathsTheScannerRecordsArePlausible(_ path: String) {
        #expect(CachedPath.isPlausible(path))
    }

    @Test(arguments: [
        "", "/etc/passwd.md", "../out/foundation.md", "a/../../b.md", "a//b.md", "a/", "./a.md", "a/./b.md",
        ".hidden.md", "a/.git/b.md", "..", "a/..", "a\u{0}b.md",
    ])
    func pathsOutsideOrHiddenAreNot(_ path: String) {
        #expect(!CachedPath.isPlausible(path))
    }

    @Test func theRootIsAFolderPathOnly() {
        #expect(CachedPath.isPlausible("", rootAllowed: true))
        #expect(!CachedPath.isPlausible(""))
    }

    /// An entry's path rewritten to `../…` of the same length, the main section's checksum
    /// recomputed: the index is not used, and the load equals a fresh read of the library (the
    /// file outside is never listed).
    @Test func anIndexWithAPathLeadingOutIsForeign() async throws {
        let library = try CacheTestLibrary()
        defer { library.remove() }
        let indexed = try library.indexedLibrary()
        _ = try indexed.load(withNotes: false)
        let file = try #require(library.cacheFile)
        let location = try #require(indexed.cacheLocation)
        #expect(LibraryCache.read(location, withNotes: false) != nil, "the untouched index reads")

        // A book outside the library, at the path the tampered entry will name.
        let outside = (library.root as NSString).deletingLastPathComponent + "/out"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try Data("---\ntitle: Outside\n---\n".utf8).write(to: URL(fileURLWithPath: outside + "/foundation.md"))

        var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        let original = Data("asimov-foundation.md".utf8)
        let tampered = Data("../out/foundation.md".utf8)
        #expect(original.count == tampered.count)
        let mainLength = bytes.subdata(in: 24..<32).withUnsafeBytes { Int(UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self))) }
        let mainRange = LibraryCache.headerSize..<(LibraryCache.headerSize + mainLength)
        let found = try #require(bytes.range(of: original, in: mainRange))
        bytes.replaceSubrange(found, with: tampered)
        let checksum = bytes.subdata(in: mainRange).withUnsafeBytes { CacheChecksum.ofSection($0) }
        withUnsafeBytes(of: checksum.littleEndian) { bytes.replaceSubrange(32..<40, with: $0) }
        try bytes.write(to: URL(fileURLWithPath: file))

        #expect(LibraryCache.read(location, withNotes: false) == nil, "the tampered index is foreign")
        let (index, _) = try indexed.load(withNotes: false)
        #expect(!index.books.contains { $0.title == "Outside" || $0.path.hasPrefix("..") })
        #expect(index.books.contains { $0.path == "asimov-foundation.md" })
        #expect(try library.cached() == library.fresh())
    }
}
