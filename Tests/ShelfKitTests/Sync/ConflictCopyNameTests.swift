import Foundation
import Testing
@testable import ShelfKit

/// Which file names are sync tools' conflict copies (docs/sync.md, "Sync conflict copies"), and
/// which only look like them.
@Suite("Sync: conflict copy names")
struct ConflictCopyNameTests {
    /// (copy name, original it belongs to, tool).
    static let copies: [(String, String, ConflictCopy.Tool)] = [
        // Syncthing, with a device id, with an empty one, and with none.
        ("dune.sync-conflict-20241102-101530-ABCDEF1.md", "dune.md", .syncthing),
        ("dune.sync-conflict-20241102-101530-.md", "dune.md", .syncthing),
        ("dune.sync-conflict-20241102-101530.md", "dune.md", .syncthing),
        ("le-guin.the-dispossessed.sync-conflict-20240101-000000-Z9Y8X7W.md", "le-guin.the-dispossessed.md", .syncthing),
        ("sci-fi/dune.sync-conflict-20241102-101530-ABCDEF1.md", "sci-fi/dune.md", .syncthing),
        // Dropbox, with and without the name, with and without ` (1)`.
        ("dune (Sam's conflicted copy 2024-11-02).md", "dune.md", .dropbox),
        ("dune (conflicted copy 2024-11-02).md", "dune.md", .dropbox),
        ("dune (Sam's conflicted copy 2024-11-02) (1).md", "dune.md", .dropbox),
        ("dune (conflicted copy 2024-11-02) (1).md", "dune.md", .dropbox),
        ("dune (Mary Ann's conflicted copy 2024-11-02) (12).md", "dune.md", .dropbox),
        ("a/b/the left hand (conflicted copy 2024-11-02).md", "a/b/the left hand.md", .dropbox),
        // Nextcloud and ownCloud: both current forms and the older one.
        ("dune (conflicted copy 2024-11-02 101530).md", "dune.md", .nextcloud),
        ("dune (conflicted copy sam 2024-11-02 101530).md", "dune.md", .nextcloud),
        ("dune_conflict-20241102-101530.md", "dune.md", .nextcloud),
        ("classics/dune_conflict-20241102-101530.md", "classics/dune.md", .nextcloud),
    ]

    @Test(arguments: copies.indices)
    func conflictCopyNamesItsOriginal(_ index: Int) throws {
        let (name, original, tool) = Self.copies[index]
        let copy = try #require(ConflictCopy(path: name), "\(name) should be a conflict copy")
        #expect(copy.path == name)
        #expect(copy.originalPath == original)
        #expect(copy.tool == tool)
    }

    /// Names a person could give a book, close to the patterns but not made by a sync tool.
    static let lookAlikes = [
        "dune.md",
        "sync-conflict.md",
        "notes on sync-conflict handling.md",
        "dune.sync-conflict.md",
        "dune.sync-conflict-2024-11-02.md",
        "dune.sync-conflict-20241102.md",
        "dune.sync-conflict-2024110-101530-ABCDEF1.md",
        "dune.sync-conflict-20241102-1015-ABCDEF1.md",
        "dune sync-conflict-20241102-101530-ABCDEF1.md",
        "dune.sync-conflict-20241102-101530-ABC_EF1.md",
        "dune (conflicted copy).md",
        "dune (copy 2024-11-02).md",
        "dune (Sam's copy 2024-11-02).md",
        "dune (conflicted copy 2024-11).md",
        "dune (conflicted copy 24-11-02).md",
        "dune (conflicted copy 2024-11-02) (one).md",
        "dune (conflicted copy 2024-11-02)(1).md",
        "dune conflicted copy 2024-11-02.md",
        "conflicted copy 2024-11-02.md",
        "(conflicted copy 2024-11-02).md",
        "dune (conflicted copy 2024-11-02 1015).md",
        "dune_conflict.md",
        "dune_conflict-2024.md",
        "dune_conflict-20241102.md",
        "dune-conflict-20241102-101530.md",
        "dune.sync-conflict-20241102-101530-ABCDEF1",
        "dune (conflicted copy 2024-11-02)",
    ]

    @Test(arguments: lookAlikes)
    func lookAlikeIsNotAConflictCopy(_ name: String) {
        #expect(ConflictCopy(path: name) == nil, "\(name) is not a conflict copy")
    }

    /// A walk of a library puts conflict copies apart, never among the books, and skips the files
    /// sync tools write while transferring.
    @Test func scanSeparatesCopiesTemporariesAndBooks() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-sync-scan-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let book = Array("---\ntitle: Dune\n---\n".utf8)
        let files = [
            "dune.md", "dune.sync-conflict-20241102-101530-ABCDEF1.md", "dune (conflicted copy 2024-11-02).md",
            "sub/dune_conflict-20241102-101530.md", "sub/other.md",
            ".syncthing.dune.md.tmp", "~syncthing~dune.md.tmp", "dune.md.partial", "~dune.md",
            ".stversions/dune~20241102-101530.md", ".dropbox.cache/dune.md",
            ".shelf-dune.md.k3j2.tmp", "sub/.shelf-other.md.zz.tmp",
        ]
        for file in files {
            let path = root + "/" + file
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: path, contents: Data(book)))
        }
        let scan = try BookFileScanner.scanAll(root: root)
        #expect(scan.books == ["dune.md", "sub/other.md"])
        #expect(
            scan.conflicts.map(\.path) == [
                "dune (conflicted copy 2024-11-02).md", "dune.sync-conflict-20241102-101530-ABCDEF1.md",
                "sub/dune_conflict-20241102-101530.md",
            ])
        #expect(scan.conflicts.map(\.originalPath) == ["dune.md", "dune.md", "sub/dune.md"])
        #expect(Set(scan.leftovers) == [".shelf-dune.md.k3j2.tmp", "sub/.shelf-other.md.zz.tmp"])
    }
}
