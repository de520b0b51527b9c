import Foundation
import Testing
@testable import ShelfKit

/// The built binary over its index: a book edited in place is answered as it now is without the
/// index being written again, and a book added (which changes its folder) is found.
@Suite struct IndexFreshnessTests {
    /// The index file's identity and times, to tell whether it was written again.
    private static func indexStamp(in cache: String) throws -> [Int] {
        let folder = cache + "/shelf/libraries"
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".cache") && !$0.hasPrefix(".") })
        var info = stat()
        #expect(stat(folder + "/" + name, &info) == 0)
        return [Int(info.st_ino), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec), Int(info.st_size)]
    }

    /// On a file system whose folder times shelf does not trust, every query lists the library.
    @Test(.enabled(if: CacheListing.trustsFolderTimes(root: FileManager.default.temporaryDirectory.path)))
    func anEditInPlaceIsAnsweredAndAnAddedBookFoundWithoutAStaleAnswer() async throws {
        let library = try TemporaryLibrary()
        let cacheFolder = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-index-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cacheFolder) }
        let environment = ["XDG_CACHE_HOME": cacheFolder]
        try library.write("dune.md", "---\ntitle: Dune\ntags: [sci-fi]\n---\n\nSand.\n")
        try library.write("emma.md", "---\ntitle: Emma\ntags: [classics]\n---\n")
        try library.write("shelf/solaris.md", "---\ntitle: Solaris\ntags: [sci-fi]\n---\n")
        // Files and folders changed in the last three seconds are never recorded: wait, so the
        // index records them all, folders included.
        try await Task.sleep(nanoseconds: 3_300_000_000)
        let first = try library.run(["ls", "--tag", "sci-fi", "--format", "paths"], environment: environment)
        #expect(first.stdout == "dune.md\nshelf/solaris.md\n", "\(first)")
        let written = try Self.indexStamp(in: cacheFolder)

        // Edited in place, as many editors save: same inode, same folder.
        let handle = try #require(FileHandle(forWritingAtPath: library.path("emma.md")))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data("---\ntitle: Emma\ntags: [sci-fi, classics]\n---\n".utf8))
        try handle.close()
        for _ in 0..<2 {
            let edited = try library.run(["ls", "--tag", "sci-fi", "--format", "paths"], environment: environment)
            #expect(edited.stdout == "dune.md\nemma.md\nshelf/solaris.md\n", "\(edited)")
            let notClassics = try library.run(["ls", "-tag:classics", "--format", "paths"], environment: environment)
            #expect(notClassics.stdout == "dune.md\nshelf/solaris.md\n", "\(notClassics)")
        }
        #expect(try Self.indexStamp(in: cacheFolder) == written, "one edited book is read again; the index is not rewritten")

        // Added in a folder: that folder changed, so the next query lists the library again.
        try library.write("shelf/roadside-picnic.md", "---\ntitle: Roadside Picnic\ntags: [sci-fi]\n---\n")
        let added = try library.run(["ls", "--tag", "sci-fi", "--format", "paths"], environment: environment)
        #expect(added.stdout == "dune.md\nemma.md\nshelf/roadside-picnic.md\nshelf/solaris.md\n", "\(added)")
        try FileManager.default.removeItem(atPath: library.path("dune.md"))
        let removed = try library.run(["search", "sand"], environment: environment)
        #expect(removed.stdout.isEmpty && removed.stderr.contains("No books match"), "\(removed)")
    }
}
