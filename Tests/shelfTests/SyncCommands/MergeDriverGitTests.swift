import Foundation
@testable import ShelfKit
import Testing

/// shelf's merge driver in a real git repository: two branches editing one book (docs/sync.md,
/// "The merge driver").
@Suite("Sync: git merge driver")
struct MergeDriverGitTests {
    static let base = """
        ---
        title: Dune
        authors:
          - Frank Herbert
        rating: 4
        status: reading
        tags: [sci-fi, classics]
        ---
        Line one.
        Line two.
        Line three.
        Line four.

        """

    /// A repository set up by `shelf init --git` (or `git init` + `shelf git-setup`) holding
    /// `dune.md` at `base`, with `theirs` committed on branch `other` and `ours` on `main`.
    func repository(ours: String, theirs: String, setUp: String = "init") throws -> TemporaryLibrary {
        let library: TemporaryLibrary
        if setUp == "init" {
            library = try TemporaryLibrary(config: nil)
            let initialized = try library.syncRun(["init", "--git", "."])
            #expect(initialized.status == 0, "\(initialized)")
            try library.syncGit(["config", "user.name", "Shelf Test"])
            try library.syncGit(["config", "user.email", "shelf@example.com"])
            try library.syncGit(["checkout", "-q", "-b", "main"])
        } else {
            library = try TemporaryLibrary()
            try library.syncGitInit()
            let setup = try library.syncRun(["git-setup"])
            #expect(setup.status == 0, "\(setup)")
        }
        try library.write("dune.md", Self.base)
        try library.syncCommitAll("base")
        try library.syncGit(["checkout", "-q", "-b", "other"])
        try library.write("dune.md", theirs)
        try library.syncCommitAll("theirs")
        try library.syncGit(["checkout", "-q", "main"])
        try library.write("dune.md", ours)
        try library.syncCommitAll("ours")
        return library
    }

    func edit(_ text: String, _ pairs: (String, String)...) -> String {
        pairs.reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }

    @Test func setUpWritesTheAttributeAndTheDriver() throws {
        for setUp in ["init", "git-setup"] {
            let library = try repository(ours: Self.base, theirs: Self.base, setUp: setUp)
            #expect(try library.syncText(".gitattributes") == "*.md merge=shelf\n")
            #expect(try library.syncGit(["config", "merge.shelf.driver"]).stdout == "shelf merge-driver %O %A %B %P\n")
            // Running it again adds nothing.
            #expect(try library.syncRun(["git-setup"]).status == 0)
            #expect(try library.syncText(".gitattributes") == "*.md merge=shelf\n")
        }
        // Existing attributes are kept.
        let existing = try TemporaryLibrary(books: [(".gitattributes", "*.png binary")])
        try existing.syncGitInit()
        #expect(try existing.syncRun(["git-setup"]).status == 0)
        #expect(try existing.syncText(".gitattributes") == "*.png binary\n*.md merge=shelf\n")

        let notGit = try TemporaryLibrary()
        let refused = try notGit.syncRun(["git-setup"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("not in a git repository"), "\(refused)")
    }

    /// `.gitattributes` in Latin-1 (a comment written by another tool): the line is appended and
    /// every existing byte stays; decoding the file as UTF-8 used to turn `é` into U+FFFD.
    @Test func setUpKeepsEveryByteOfExistingAttributes() throws {
        let existing: [UInt8] = Array("# caf".utf8) + [0xE9] + Array("\n*.png binary\r\n  *.md merge=other".utf8)
        let library = try TemporaryLibrary()
        try library.write(".gitattributes", bytes: existing)
        try library.syncGitInit()
        let setup = try library.syncRun(["git-setup"])
        #expect(setup.status == 0, "\(setup)")
        #expect(try library.bytes(".gitattributes") == existing + Array("\n*.md merge=shelf\n".utf8))
        // Already there (with spaces around it): nothing written.
        let again: [UInt8] = Array("  *.md merge=shelf \r\n".utf8) + [0xE9]
        try library.write(".gitattributes", bytes: again)
        #expect(try library.syncRun(["git-setup"]).status == 0)
        #expect(try library.bytes(".gitattributes") == again)
    }

    /// A `.gitattributes` that is a link (to a shared file kept elsewhere) is left a link: the
    /// setup says where to add the line, rather than put a copy in the link's place.
    @Test func aLinkedAttributesFileIsNotReplacedByACopy() throws {
        let library = try TemporaryLibrary()
        let shared = library.path("../shared-attributes-\(UUID().uuidString)")
        try Data("*.png binary\n".utf8).write(to: URL(fileURLWithPath: shared))
        defer { try? FileManager.default.removeItem(atPath: shared) }
        try FileManager.default.createSymbolicLink(atPath: library.path(".gitattributes"), withDestinationPath: shared)
        try library.syncGitInit()
        let setup = try library.syncRun(["git-setup"])
        #expect(setup.status != 0, "\(setup)")
        #expect(setup.stderr.contains("is a symbolic link") && setup.stderr.contains("*.md merge=shelf"), "\(setup)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: library.path(".gitattributes")) == shared)
        #expect(try String(contentsOfFile: shared, encoding: .utf8) == "*.png binary\n")
    }

    /// Different keys, the same tags line with different additions, notes on different lines:
    /// a clean merge, which plain git cannot do (the changed lines touch).
    @Test(arguments: ["init", "git-setup"])
    func cleanMergeThroughTheDriver(_ setUp: String) throws {
        let ours = edit(
            Self.base, ("rating: 4", "rating: 5"), ("classics]", "classics, epic]\npages: 412"), ("Line four.", "Line four, ours."))
        let theirs = edit(
            Self.base, ("status: reading", "status: read"), ("classics]", "classics, desert]"),
            ("Line one.", "Line one, theirs."))
        let library = try repository(ours: ours, theirs: theirs, setUp: setUp)
        let merge = try library.syncGit(["merge", "--no-edit", "other"], allowFailure: true)
        #expect(merge.status == 0, "\(merge)")
        try expectSyncFile(
            "dune.md", in: library,
            equals: """
                ---
                title: Dune
                authors:
                  - Frank Herbert
                rating: 5
                status: read
                tags: [sci-fi, classics, epic, desert]
                pages: 412
                ---
                Line one, theirs.
                Line two.
                Line three.
                Line four, ours.

                """)
        #expect(try library.syncGit(["status", "--porcelain"]).stdout == "")
        #expect(try library.syncGit(["rev-list", "--parents", "-n", "1", "HEAD"]).stdout.split(separator: " ").count == 3)
    }

    /// Without the driver, git's line merge conflicts on the very same branches.
    @Test func plainGitConflictsOnTheSameBranches() throws {
        let ours = edit(Self.base, ("rating: 4", "rating: 5"), ("classics]", "classics, epic]"))
        let theirs = edit(Self.base, ("status: reading", "status: read"), ("classics]", "classics, desert]"))
        let library = try repository(ours: ours, theirs: theirs, setUp: "git-setup")
        // An attribute naming an undefined driver falls back to git's own line merge.
        try library.syncGit(["config", "--unset", "merge.shelf.driver"])
        let merge = try library.syncGit(["merge", "--no-edit", "other"], allowFailure: true)
        #expect(merge.status != 0, "\(merge)")
    }

    /// Both sides change one value: git reports a conflict, the file keeps ours, records theirs
    /// in a marked note, and is still a valid book.
    @Test func aValueBothChangedIsAConflictRecordedInTheNotes() throws {
        let ours = edit(Self.base, ("rating: 4", "rating: 5"), ("classics]", "classics, epic]"))
        let theirs = edit(Self.base, ("rating: 4", "rating: 3"), ("Line two.", "Line two, theirs."))
        let library = try repository(ours: ours, theirs: theirs)
        let merge = try library.syncGit(["merge", "--no-edit", "other"], allowFailure: true)
        #expect(merge.status != 0, "\(merge)")
        #expect(merge.stdout.contains("CONFLICT"), "\(merge)")
        let expected = """
            ---
            title: Dune
            authors:
              - Frank Herbert
            rating: 5
            status: reading
            tags: [sci-fi, classics, epic]
            ---
            Line one.
            Line two, theirs.
            Line three.
            Line four.

            ### MERGE CONFLICT (shelf merge-driver): both sides changed these values

            - `rating`: kept ours, 5; theirs was 3

            """
        try expectSyncFile("dune.md", in: library, equals: expected)
        #expect(try library.syncGit(["status", "--porcelain"]).stdout == "UU dune.md\n")
        let document = try BookDocument(bytes: library.bytes("dune.md"))
        let frontMatter = try #require(document.frontMatter)
        let book = try #require(Book(path: "dune.md", frontMatter: frontMatter))
        #expect(book.rating == 5)
        #expect(book.tags == ["sci-fi", "classics", "epic"])
    }

    /// A list only theirs changed is merged in place, like a scalar: the rest of the file keeps
    /// its order, so the next merge stays small.
    @Test
    func aListOnlyTheirsChangedStaysInPlace() throws {
        let ours = edit(Self.base, ("rating: 4", "rating: 5"))
        let theirs = edit(Self.base, ("  - Frank Herbert", "  - Frank Herbert\n  - Brian Herbert"))
        let library = try repository(ours: ours, theirs: theirs, setUp: "git-setup")
        let merge = try library.syncGit(["merge", "--no-edit", "other"], allowFailure: true)
        #expect(merge.status == 0, "\(merge)")
        try expectSyncFile("dune.md", in: library, equals: edit(ours, ("  - Frank Herbert", "  - Frank Herbert\n  - Brian Herbert")))
    }

    /// Both sides change one line of the notes: git's markers around both, the front matter intact.
    @Test func aNoteLineBothChangedGetsMarkers() throws {
        let ours = edit(Self.base, ("Line two.", "Line two, ours."), ("status: reading", "status: read"))
        let theirs = edit(Self.base, ("Line two.", "Line two, theirs."))
        let library = try repository(ours: ours, theirs: theirs, setUp: "git-setup")
        let merge = try library.syncGit(["merge", "--no-edit", "other"], allowFailure: true)
        #expect(merge.status != 0, "\(merge)")
        try expectSyncFile(
            "dune.md", in: library,
            equals: edit(
                ours,
                (
                    "Line two, ours.\n",
                    """
                    <<<<<<< ours
                    Line two, ours.
                    =======
                    Line two, theirs.
                    >>>>>>> theirs

                    """
                )))
        let document = try BookDocument(bytes: library.bytes("dune.md"))
        #expect(document.frontMatter.flatMap { Book(path: "dune.md", frontMatter: $0) }?.status == .read)
    }

    /// A book with CRLF line endings: edits on different lines of the notes merge cleanly.
    @Test
    func crlfNotesMergeLineByLine() throws {
        let base = Self.base.replacingOccurrences(of: "\n", with: "\r\n")
        let ours = edit(base, ("Line four.", "Line four, ours."))
        let theirs = edit(base, ("Line one.", "Line one, theirs."))
        let library = try TemporaryLibrary()
        try library.syncGitInit()
        #expect(try library.syncRun(["git-setup"]).status == 0)
        try library.write("dune.md", base)
        try library.syncCommitAll("base")
        try library.syncGit(["checkout", "-q", "-b", "other"])
        try library.write("dune.md", theirs)
        try library.syncCommitAll("theirs")
        try library.syncGit(["checkout", "-q", "main"])
        try library.write("dune.md", ours)
        try library.syncCommitAll("ours")
        let merge = try library.syncGit(["merge", "--no-edit", "other"], allowFailure: true)
        #expect(merge.status == 0, "\(merge)")
        try expectSyncFile("dune.md", in: library, equals: edit(ours, ("Line one.", "Line one, theirs.")))
    }

    /// The driver run by hand on a version it cannot read: it merges line by line as git would,
    /// says why, and fails so that git reports the conflict.
    @Test func anUnreadableVersionFallsBackToGitsLineMerge() throws {
        let ours = edit(Self.base, ("rating: 4", "rating: 5"))
        let theirs = "---\ntitle: [Dune\n---\n"
        let folder = try TemporaryLibrary(config: nil, books: [("base", Self.base), ("ours", ours), ("theirs", theirs)])
        let result = try folder.syncRun(["merge-driver", "base", "ours", "theirs", "books/dune.md"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("books/dune.md (theirs):2:8:"), "\(result)")
        #expect(result.stderr.contains("not merged as a book"), "\(result)")
        // As diff3 does it: the front matter both sides changed between markers, the notes only
        // theirs removed taken from theirs.
        #expect(
            try folder.syncText("ours") == """
                ---
                <<<<<<< ours
                title: Dune
                authors:
                  - Frank Herbert
                rating: 5
                status: reading
                tags: [sci-fi, classics]
                =======
                title: [Dune
                >>>>>>> theirs
                ---

                """)
        #expect(try folder.syncText("theirs") == theirs)
    }
}
