import Foundation
import Testing

/// Adding an author to a book whose authors a sync plugin keeps in a map of its own
/// (`kindle-sync: {author: "A;B"}`): a name shown already writes nothing, and a new one is
/// refused with a reason, never written as a second authors key or a rewritten value.
@Suite struct VaultSyncMapEditTests {
    static let book = """
        ---
        kindle-sync:
          bookId: '56139'
          title: Người Đàn Ông Mang Tên Ove
          author: Fredrik Backman;Hoàng Anh (dịch)
          highlightsCount: 1
        ---
        ## Highlights

        """

    @Test func anAuthorShownFromASyncMapAddedAgainWritesNothing() throws {
        let library = try TemporaryLibrary(config: nil, books: [("ove.md", VaultSyncMapEditTests.book)])
        try library.editAgeFiles()
        let before = try library.snapshot()
        for name in ["Hoàng Anh (dịch)", "Fredrik Backman"] {
            let result = try library.editRun(["set", "ove.md", "authors+=" + name], environment: ["SHELF_LIBRARY": library.root.path])
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout == "unchanged ove.md\n", "\(result)")
        }
        #expect(try library.snapshot() == before)
    }

    @Test func aNewAuthorForOneStringOfSeveralNamesIsRefused() throws {
        let library = try TemporaryLibrary(config: nil, books: [("ove.md", VaultSyncMapEditTests.book)])
        try library.editAgeFiles()
        let before = try library.snapshot()
        let result = try library.editRun(["set", "ove.md", "authors+=Ana Lee"], environment: ["SHELF_LIBRARY": library.root.path])
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("several names in one string"), "\(result)")
        #expect(try library.snapshot() == before)
    }
}
