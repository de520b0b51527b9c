import Foundation
import Testing

/// Two copies of a book that differ only in how a value is spelled — a status alias, a word of
/// the library's own status map, a quoted number, a hyphenated ISBN, yes for true, a tag's case —
/// merge without a conflict: the original's bytes stay, the copy goes.
@Suite struct ConflictSpellingTests {
    static let copyName = "dune.sync-conflict-20241102-101530-ABCDEF1.md"

    @Test func spellingsShelfReadsAsOneValueAreNoConflict() throws {
        let original =
            "---\ntitle: Dune\nstatus: finished\nrating: 4\nfinished: 2024-03-02\ntags: [Sci-Fi]\nfavorite: yes\nisbn: 978-0-441-17271-9\n---\nNotes.\n"
        let copy =
            "---\ntitle: Dune\nstatus: read\nrating: \"4\"\nfinished: 2024-03-02\ntags: [sci-fi]\nfavorite: true\nisbn: \"9780441172719\"\n---\nNotes.\n"
        let library = try TemporaryLibrary(books: [("dune.md", original), (Self.copyName, copy)])
        let list = try library.run(["conflicts"])
        #expect(list.stdout.contains("differing fields: none"), "\(list)")
        let result = try library.run(["conflicts", "resolve"])
        #expect(result.status == 0, "\(result)")
        #expect(!result.stdout.contains("noted in the body") && !result.stderr.contains("noted"), "\(result)")
        #expect(String(decoding: try library.bytes("dune.md"), as: UTF8.self) == original)
        #expect(!FileManager.default.fileExists(atPath: library.path(Self.copyName)))
    }

    @Test func theLibrarysOwnStatusWordsAreNoConflict() throws {
        let config = TemporaryLibrary.defaultConfig + "statuses:\n  shelved: to-read\n"
        let original = "---\ntitle: Dune\nstatus: shelved\n---\n"
        let library = try TemporaryLibrary(
            config: config,
            books: [
                ("dune.md", original), (Self.copyName, "---\ntitle: Dune\nstatus: to-read\n---\n"),
            ])
        let result = try library.run(["conflicts", "resolve"])
        #expect(result.status == 0, "\(result)")
        #expect(String(decoding: try library.bytes("dune.md"), as: UTF8.self) == original)
    }

    @Test func aRealDifferenceIsStillAConflict() throws {
        let library = try TemporaryLibrary(books: [
            ("dune.md", "---\ntitle: Dune\nstatus: read\nrating: 4\n---\n"),
            (Self.copyName, "---\ntitle: Dune\nstatus: abandoned\nrating: \"5\"\n---\n"),
        ])
        let list = try library.run(["conflicts"])
        #expect(list.stdout.contains("differing fields: status, rating"), "\(list)")
        let result = try library.run(["conflicts", "resolve"])
        #expect(result.status == 0, "\(result)")
        let text = String(decoding: try library.bytes("dune.md"), as: UTF8.self)
        // Whichever version wins (the newer), the other value is noted in the body.
        let statusNoted =
            text.contains("- `status`: kept read; the other version had abandoned")
            || text.contains("- `status`: kept abandoned; the other version had read")
        let ratingNoted =
            text.contains("- `rating`: kept 4; the other version had \"5\"")
            || text.contains("- `rating`: kept \"5\"; the other version had 4")
        #expect(statusNoted && ratingNoted, "\(text)")
    }
}
