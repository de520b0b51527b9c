import Foundation
import Testing

/// `shelf conflicts resolve` and what it must never do (docs/safety.md, item 6): rewrite a
/// file it cannot read, keep a stale value over a newer one, or call one status two values.
@Suite("Sync: conflicts resolve safety")
struct ConflictResolveSafetyCommandTests {
    static let copy = "dune.sync-conflict-20241102-101530-ABCDEF1.md"
    static let good = "---\ntitle: Dune\nrating: 4\n---\nNotes.\n"

    func latin1(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
    }

    /// Runs `resolve` and requires that it fails, says `why`, and leaves every file as it was.
    func expectRefused(_ library: TemporaryLibrary, saying why: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try library.snapshot()
        let result = try library.syncRun(["conflicts", "resolve", "--yes"])
        #expect(result.status == 1, "\(result)", sourceLocation: sourceLocation)
        for text in why {
            #expect(result.stderr.contains(text), "\(text) in \(result)", sourceLocation: sourceLocation)
        }
        #expect(try library.snapshot().differences(from: before) == [], sourceLocation: sourceLocation)
    }

    @Test func aLatin1OriginalAndItsCopyStayByteForByte() throws {
        let library = try TemporaryLibrary(books: [(Self.copy, Self.good.replacingOccurrences(of: "4", with: "5"))])
        try library.write("dune.md", bytes: latin1("---\ntitle: Café\nrating: 4\n---\n"))
        try expectRefused(library, saying: ["dune.md:2:", "its copy is kept"])
    }

    @Test func aLatin1CopyStaysByteForByte() throws {
        let library = try TemporaryLibrary(books: [("dune.md", Self.good)])
        try library.write(Self.copy, bytes: latin1("---\ntitle: Dune\nrating: 5\n---\nNotes, Noël.\n"))
        try expectRefused(library, saying: ["\(Self.copy):5:", "the copy is kept"])
    }

    @Test func aMalformedCopyStaysByteForByte() throws {
        let library = try TemporaryLibrary(books: [("dune.md", Self.good), (Self.copy, "---\ntitle: Dune\ntags: [sci-fi\n---\n")])
        try expectRefused(library, saying: ["\(Self.copy):3:7:", "the copy is kept"])
    }

    /// A copy without its original used to be renamed even when unreadable, turning it into a
    /// broken book under the original's name.
    @Test func aLatin1CopyWithoutItsOriginalIsNotRenamed() throws {
        let library = try TemporaryLibrary()
        try library.write(Self.copy, bytes: latin1("---\ntitle: Café\n---\n"))
        try expectRefused(library, saying: ["\(Self.copy):2:"])
    }

    /// The readable copies of a book still merge when one of them cannot be read.
    @Test func anUnreadableCopyDoesNotStopTheOthers() throws {
        let other = "dune (conflicted copy 2024-11-02 101530).md"
        let library = try TemporaryLibrary(books: [("dune.md", Self.good), (other, Self.good + "More notes.\n")])
        try library.write(Self.copy, bytes: latin1("---\ntitle: Café\n---\n"))
        let result = try library.syncRun(["conflicts", "resolve", "--yes"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout == "merged \(other) into dune.md\n", "\(result)")
        try expectSyncFile("dune.md", in: library, equals: Self.good + "More notes.\n")
        #expect(try library.bytes(Self.copy) == latin1("---\ntitle: Café\n---\n"))
        #expect(!library.syncExists(other))
    }

    /// Four versions of one book, modified in this order: an old copy, the original, copy A, copy
    /// B. Each field ends with the value of the last version that changed it: `rating` from B,
    /// `format` from A (B still has the original's), `pages` from the original (only the older
    /// copy changed it), `status` from B; every value set aside is noted. Pairwise merging in the order of the names took the
    /// first copy's rating, and compared the later copies with the original just rewritten.
    @Test func preferNewerKeepsTheNewestValueOfEachField() throws {
        let original = "---\ntitle: Dune\nrating: 3\nformat: ebook\npages: 400\nstatus: reading\n---\nNotes.\n"
        func version(_ pairs: (String, String)...) -> String {
            pairs.reduce(original) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
        }
        let older = "dune.sync-conflict-20241102-101530-AAAAAAA.md"
        let copyA = "dune.sync-conflict-20241102-101530-CCCCCCC.md"
        let copyB = "dune.sync-conflict-20241102-101530-BBBBBBB.md"
        let library = try TemporaryLibrary(books: [
            ("dune.md", original),
            (older, version(("pages: 400", "pages: 300"))),
            (copyA, version(("rating: 3", "rating: 4"), ("format: ebook", "format: paperback"))),
            (copyB, version(("rating: 3", "rating: 5"), ("status: reading", "status: read"))),
        ])
        try library.syncSetModified(older, 1_700_000_000)
        try library.syncSetModified("dune.md", 1_700_000_100)
        try library.syncSetModified(copyA, 1_700_000_200)
        try library.syncSetModified(copyB, 1_700_000_300)
        let result = try library.syncRun(["conflicts", "resolve", "--yes"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdoutLines == [
                "merged \(older) into dune.md (1 differing value noted in the body)",
                "merged \(copyA) into dune.md (2 differing values noted in the body)",
                "merged \(copyB) into dune.md (2 differing values noted in the body)",
            ], "\(result)")
        try expectSyncFile(
            "dune.md", in: library,
            equals: """
                ---
                title: Dune
                rating: 5
                format: paperback
                pages: 400
                status: read
                ---
                Notes.

                ### 2024-11-02 10:15 sync conflict with \(older)

                - `pages`: kept 400; the other version had 300

                ### 2024-11-02 10:15 sync conflict with \(copyA)

                - `rating`: kept 4; the other version had 3
                - `format`: kept paperback; the other version had ebook

                ### 2024-11-02 10:15 sync conflict with \(copyB)

                - `rating`: kept 5; the other version had 4
                - `status`: kept read; the other version had reading

                """)
        #expect(try FileManager.default.contentsOfDirectory(atPath: library.root.path).sorted() == ["dune.md", "shelf.yaml"])
    }

    /// `finished` and `read` are one status: no conflict, no note, nothing written.
    @Test func statusAliasesAreNoConflict() throws {
        let original = "---\ntitle: Dune\nstatus: finished\n---\n"
        let library = try TemporaryLibrary(books: [("dune.md", original), (Self.copy, "---\ntitle: Dune\nstatus: read\n---\n")])
        try library.syncSetModified("dune.md", 1_700_000_000)
        let result = try library.syncRun(["conflicts", "resolve", "--yes"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "merged \(Self.copy) into dune.md\n", "\(result)")
        try expectSyncFile("dune.md", in: library, equals: original)
        #expect(!library.syncExists(Self.copy))
    }

    /// The library's own words: `shelved` is to-read in this library, so it equals `to-read`,
    /// and `conflicts` lists no differing field.
    @Test func statusWordsOfTheLibraryAreNoConflict() throws {
        let original = "---\ntitle: Dune\nstatus: shelved\n---\n"
        let library = try TemporaryLibrary(
            config: TemporaryLibrary.defaultConfig + "statuses:\n  shelved: to-read\n",
            books: [("dune.md", original), (Self.copy, "---\ntitle: Dune\nstatus: to-read\n---\n")])
        try library.syncSetModified("dune.md", 1_700_000_000)
        let listed = try library.syncRun(["conflicts"])
        #expect(listed.stdout.contains("differing fields: none"), "\(listed)")
        let result = try library.syncRun(["conflicts", "resolve", "--yes"])
        #expect(result.status == 0, "\(result)")
        try expectSyncFile("dune.md", in: library, equals: original)
        #expect(!library.syncExists(Self.copy))
    }
}
