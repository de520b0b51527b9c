import Foundation
import Testing

/// `shelf conflicts resolve`: equal values stay, lists become their union, a differing value
/// takes the --prefer side and the other is noted in the body, the notes merge two-way without
/// git, the copy goes only after the original is written (docs/sync.md).
@Suite("Sync: conflicts resolve")
struct ConflictResolveCommandTests {
    static let copy = "dune.sync-conflict-20241102-101530-ABCDEF1.md"

    static let original = """
        ---
        title: Dune  # the first one
        authors:
          - Frank Herbert
        rating: 4
        tags: [sci-fi, classics]
        status: reading
        ---
        Line one.
        Line three.
        Only here.

        """

    static let copied = """
        ---
        title: Dune
        authors:
          - Frank Herbert
          - Brian Herbert
        rating: 5
        tags: [desert, sci-fi, Classics, epic]
        status: reading
        pages: 412
        ---
        Line one.
        Line two.
        Line three.
        Line four.

        """

    /// The merge, with `kept`/`other` the rating kept and set aside.
    static func merged(kept: Int, other: Int) -> String {
        """
        ---
        title: Dune  # the first one
        authors:
          - Frank Herbert
          - Brian Herbert
        rating: \(kept)
        tags: [sci-fi, classics, desert, epic]
        status: reading
        pages: 412
        ---
        Line one.
        Line two.
        Line three.
        Only here.
        Line four.

        ### 2024-11-02 10:15 sync conflict with \(copy)

        - `rating`: kept \(kept); the other version had \(other)

        """
    }

    /// A library holding the original and the copy, the copy newer or older.
    func makeLibrary(copyIsNewer: Bool) throws -> TemporaryLibrary {
        let library = try TemporaryLibrary(books: [
            ("dune.md", Self.original), (Self.copy, Self.copied),
            ("other.md", "---\ntitle: Other\n---\n"),
        ])
        try library.syncSetModified("dune.md", 1_700_000_000)
        try library.syncSetModified(Self.copy, copyIsNewer ? 1_700_000_500 : 1_699_999_000)
        return library
    }

    /// (copy is newer, --prefer, rating kept)
    static let preferences: [(Bool, String?, Int)] = [
        (true, nil, 5), (false, nil, 4), (true, "newer", 5), (false, "newer", 4),
        (true, "original", 4), (false, "original", 4), (true, "copy", 5), (false, "copy", 5),
    ]

    @Test(arguments: preferences.indices)
    func eachPreference(_ index: Int) throws {
        let (copyIsNewer, prefer, kept) = Self.preferences[index]
        let library = try makeLibrary(copyIsNewer: copyIsNewer)
        let untouched = try library.bytes("other.md")
        let result = try library.syncRun(["conflicts", "resolve", "--yes"] + (prefer.map { ["--prefer", $0] } ?? []))
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "merged \(Self.copy) into dune.md (1 differing value noted in the body)\n", "\(result)")
        try expectSyncFile("dune.md", in: library, equals: Self.merged(kept: kept, other: kept == 5 ? 4 : 5))
        #expect(!library.syncExists(Self.copy))
        #expect(try library.bytes("other.md") == untouched)
        // Nothing waits any more.
        #expect(try library.syncRun(["ls"]).stderr == "")
    }

    @Test func equalCopyJustGoes() throws {
        let library = try TemporaryLibrary(books: [("dune.md", Self.original), ("dune (conflicted copy 2024-11-02).md", Self.original)])
        let result = try library.syncRun(["conflicts", "resolve", "--yes"])
        #expect(result.status == 0, "\(result)")
        try expectSyncFile("dune.md", in: library, equals: Self.original)
        #expect(!library.syncExists("dune (conflicted copy 2024-11-02).md"))
    }

    @Test func severalCopiesOfOneOriginalAllMerge() throws {
        let library = try makeLibrary(copyIsNewer: true)
        try library.write(
            "dune (conflicted copy 2024-11-02 101530).md",
            Self.original.replacingOccurrences(of: "status: reading", with: "status: reading\nmood: cozy"))
        // Not on a terminal, no --yes is needed: nothing is asked.
        let result = try library.syncRun(["conflicts", "resolve", "--prefer", "copy"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.count == 2, "\(result)")
        let text = try library.syncText("dune.md")
        #expect(text.contains("mood: cozy\n") && text.contains("pages: 412\n") && text.contains("rating: 5\n"), "\(text)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: library.root.path).sorted() == ["dune.md", "other.md", "shelf.yaml"])
    }

    @Test func aCopyWithoutItsOriginalIsRenamed() throws {
        let library = try TemporaryLibrary(books: [("sub/ghost (Sam's conflicted copy 2024-11-02) (1).md", Self.copied)])
        let result = try library.syncRun(["conflicts", "resolve", "--yes"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "sub/ghost (Sam's conflicted copy 2024-11-02) (1).md: no original; renamed to sub/ghost.md\n", "\(result)")
        try expectSyncFile("sub/ghost.md", in: library, equals: Self.copied)
        #expect(!library.syncExists("sub/ghost (Sam's conflicted copy 2024-11-02) (1).md"))
    }

    /// When the original cannot be written, the copy stays: here the original is a link out of
    /// the library, which shelf never writes through.
    @Test func theCopyStaysWhenTheOriginalCannotBeWritten() throws {
        let outside = try TemporaryLibrary(config: nil, books: [("dune.md", Self.original)])
        let library = try TemporaryLibrary(books: [(Self.copy, Self.copied)])
        try FileManager.default.createSymbolicLink(atPath: library.path("dune.md"), withDestinationPath: outside.path("dune.md"))
        let result = try library.syncRun(["conflicts", "resolve", "--prefer", "copy", "--yes"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("\(Self.copy):") && result.stderr.contains("the copy is kept"), "\(result)")
        try expectSyncFile(Self.copy, in: library, equals: Self.copied)
        #expect(try outside.syncText("dune.md") == Self.original)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: library.path("dune.md")) == outside.path("dune.md"))
    }

    @Test func aBrokenOriginalKeepsEverything() throws {
        let broken = "---\ntitle: Dune\ntags: [sci-fi\n---\n"
        let library = try TemporaryLibrary(books: [("dune.md", broken), (Self.copy, Self.copied)])
        let before = try library.snapshot()
        let result = try library.syncRun(["conflicts", "resolve", "--yes"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("dune.md:3:7"), "\(result)")
        #expect(try library.snapshot() == before)
    }

    /// Without git the notes merge two-way: every line of the copy the original lacks is added
    /// in place, and nothing the original has is lost — even a line the copy deleted.
    @Test func bodyMergesTwoWayWithoutGit() throws {
        let library = try TemporaryLibrary(books: [
            ("dune.md", "---\ntitle: Dune\n---\nA\nC\nE\n"),
            (Self.copy, "---\ntitle: Dune\n---\nA\nB\nC\nD\n"),
        ])
        let result = try library.syncRun(["conflicts", "resolve", "--yes"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "merged \(Self.copy) into dune.md\n", "\(result)")
        try expectSyncFile("dune.md", in: library, equals: "---\ntitle: Dune\n---\nA\nB\nC\nE\nD\n")
    }

    @Test func crlfOriginalKeepsItsLineEndings() throws {
        let library = try TemporaryLibrary(books: [
            ("dune.md", "---\r\ntitle: Dune\r\ntags: [a]\r\n---\r\n"),
            (Self.copy, "---\ntitle: Dune\ntags: [a, b]\nmood: calm\n---\n"),
        ])
        #expect(try library.syncRun(["conflicts", "resolve", "--yes"]).status == 0)
        try expectSyncFile("dune.md", in: library, equals: "---\r\ntitle: Dune\r\ntags: [a, b]\r\nmood: calm\r\n---\r\n")
    }

    /// CRLF notes merge line by line like LF ones: the copy's new line is added once.
    @Test
    func crlfNotesMergeLineByLine() throws {
        let library = try TemporaryLibrary(books: [
            ("dune.md", "---\r\ntitle: Dune\r\n---\r\nA\r\nB\r\n"),
            (Self.copy, "---\r\ntitle: Dune\r\n---\r\nA\r\nB\r\nC\r\n"),
        ])
        #expect(try library.syncRun(["conflicts", "resolve", "--yes"]).status == 0)
        try expectSyncFile("dune.md", in: library, equals: "---\r\ntitle: Dune\r\n---\r\nA\r\nB\r\nC\r\n")
    }
}
