import Foundation
import Testing

/// `shelf conflicts resolve` in a library kept in git: the original's last commit is the common
/// ancestor, so the merge is three-way and each side's changes — deletions included — are kept
/// (docs/sync.md, "Notes merge line by line").
@Suite("Sync: conflicts resolve three-way in git")
struct ConflictResolveGitTests {
    static let committed = """
        ---
        title: Dune
        rating: 4
        tags: [sci-fi, classics]
        status: reading
        ---
        Line one.
        Line two.
        Line three.

        """

    /// This device: dropped the `classics` tag, finished the book, deleted line two, added four.
    static let edited = """
        ---
        title: Dune
        rating: 4
        tags: [sci-fi]
        status: read
        ---
        Line one.
        Line three.
        Line four.

        """

    /// The other device: rated it 5, tagged it `desert`, added a line at the top.
    static let copied = """
        ---
        title: Dune
        rating: 5
        tags: [sci-fi, classics, desert]
        status: reading
        ---
        Line zero.
        Line one.
        Line two.
        Line three.

        """

    static let copy = "dune (conflicted copy 2024-11-02 101530).md"

    @Test func threeWayKeepsEachSidesChanges() throws {
        let library = try TemporaryLibrary(books: [("dune.md", Self.committed)])
        try library.syncGitInit()
        try library.syncCommitAll("base")
        try library.write("dune.md", Self.edited)
        try library.write(Self.copy, Self.copied)
        try library.syncSetModified(Self.copy, 1_600_000_000)
        let result = try library.syncRun(["conflicts", "resolve", "--yes"])
        #expect(result.status == 0, "\(result)")
        // Every value changed on one side only: no conflict, no note.
        #expect(result.stdout == "merged \(Self.copy) into dune.md\n", "\(result)")
        try expectSyncFile(
            "dune.md", in: library,
            equals: """
                ---
                title: Dune
                rating: 5
                tags: [sci-fi, desert]
                status: read
                ---
                Line zero.
                Line one.
                Line three.
                Line four.

                """)
        #expect(!library.syncExists(Self.copy))
    }

    /// The same two versions without git: no ancestor, so what one side deleted comes back and
    /// every differing value is a conflict.
    @Test func withoutGitTheSameVersionsMergeTwoWay() throws {
        let library = try TemporaryLibrary(books: [("dune.md", Self.edited), (Self.copy, Self.copied)])
        try library.syncSetModified("dune.md", 1_700_000_000)
        try library.syncSetModified(Self.copy, 1_600_000_000)
        let result = try library.syncRun(["conflicts", "resolve", "--yes"])
        #expect(result.status == 0, "\(result)")
        try expectSyncFile(
            "dune.md", in: library,
            equals: """
                ---
                title: Dune
                rating: 4
                tags: [sci-fi, classics, desert]
                status: read
                ---
                Line zero.
                Line one.
                Line two.
                Line three.
                Line four.

                ### 2024-11-02 10:15 sync conflict with \(Self.copy)

                - `rating`: kept 4; the other version had 5
                - `status`: kept read; the other version had reading

                """)
    }

    /// A library in a folder of a larger repository, the book in a folder of the library, and a
    /// value both sides changed.
    @Test func threeWayInASubfolderOfTheRepository() throws {
        let repository = try TemporaryLibrary(
            config: nil,
            books: [
                ("books/shelf.yaml", TemporaryLibrary.defaultConfig),
                ("books/sf/dune.md", Self.committed),
                ("README", "not a library\n"),
            ])
        try repository.syncGitInit()
        try repository.syncCommitAll("base")
        try repository.write("books/sf/dune.md", Self.edited.replacingOccurrences(of: "rating: 4", with: "rating: 3"))
        try repository.write("books/sf/" + Self.copy, Self.copied)
        try repository.syncSetModified("books/sf/dune.md", 1_700_000_000)
        try repository.syncSetModified("books/sf/" + Self.copy, 1_600_000_000)
        let result = try repository.syncRun(["conflicts", "resolve", "--yes"], in: "books")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "merged sf/\(Self.copy) into sf/dune.md (1 differing value noted in the body)\n", "\(result)")
        try expectSyncFile(
            "books/sf/dune.md", in: repository,
            equals: """
                ---
                title: Dune
                rating: 3
                tags: [sci-fi, desert]
                status: read
                ---
                Line zero.
                Line one.
                Line three.
                Line four.

                ### 2024-11-02 10:15 sync conflict with \(Self.copy)

                - `rating`: kept 3; the other version had 5

                """)
    }
}
