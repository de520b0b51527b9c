import Foundation
import Testing

/// Symbolic links (docs/sync.md, "Links"): a link to a file inside the library is not a second
/// book, and an edit named through it lands at its target, the link staying a link; a book linking
/// outside is read but never written.
@Suite("Sync: symbolic links")
struct LinkCommandTests {
    static let target = "---\ntitle: Target Book\nrating: 3\n---\nNotes.\n"

    @Test func aLinkInsideTheLibraryIsEditedAtItsTarget() throws {
        let library = try TemporaryLibrary(books: [("real/target.md", Self.target)])
        try FileManager.default.createSymbolicLink(atPath: library.path("link.md"), withDestinationPath: "real/target.md")
        // The book is listed once, under the file the link leads to.
        let listed = try library.syncRun(["ls", "--format", "paths"])
        #expect(listed.stdoutLines == ["real/target.md"], "\(listed)")

        let result = try library.syncRun(["set", "link.md", "rating=5", "mood=calm"])
        #expect(result.status == 0, "\(result)")
        #expect(try library.syncText("real/target.md") == "---\ntitle: Target Book\nrating: 5\nmood: calm\n---\nNotes.\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: library.path("link.md")) == "real/target.md")
        // A note through the link lands at the target as well.
        #expect(try library.syncRun(["note", "link.md", "Through the link."]).status == 0)
        #expect(try library.syncText("real/target.md").hasSuffix("Notes.\n\n### 2024-11-02 10:15\n\nThrough the link.\n"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: library.path("link.md")) == "real/target.md")
        #expect(try FileManager.default.contentsOfDirectory(atPath: library.path("real")) == ["target.md"])
    }

    @Test func anAbsoluteLinkInsideTheLibraryToo() throws {
        let library = try TemporaryLibrary(books: [("real/target.md", Self.target)])
        try library.makeFolder("sub")
        try FileManager.default.createSymbolicLink(atPath: library.path("sub/link.md"), withDestinationPath: library.path("real/target.md"))
        #expect(try library.syncRun(["set", "sub/link.md", "rating=4"]).status == 0)
        #expect(try library.syncText("real/target.md").contains("rating: 4\n"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: library.path("sub/link.md")) == library.path("real/target.md"))
    }

    @Test func aLinkOutsideTheLibraryIsListedButNeverWritten() throws {
        let outside = try TemporaryLibrary(config: nil, books: [("elsewhere.md", "---\ntitle: Outside Book\nrating: 2\n---\n")])
        let library = try TemporaryLibrary(books: [("inside.md", "---\ntitle: Inside\n---\n")])
        try FileManager.default.createSymbolicLink(atPath: library.path("out.md"), withDestinationPath: outside.path("elsewhere.md"))
        let listed = try library.syncRun(["ls", "--format", "json"])
        #expect(listed.status == 0, "\(listed)")
        #expect(try parseJSONArray(listed.stdout).compactMap { $0["title"] as? String }.sorted() == ["Inside", "Outside Book"])
        let shown = try library.syncRun(["show", "out.md"])
        #expect(shown.status == 0 && shown.stdout.contains("Outside Book"), "\(shown)")

        let outsideBefore = try outside.snapshot()
        let libraryBefore = try library.snapshot()
        for args in [["set", "out.md", "rating=5"], ["tag", "out.md", "x"], ["note", "out.md", "hello"], ["rate", "out.md", "4"]] {
            let result = try library.syncRun(args)
            #expect(result.status != 0, "\(args)\n\(result)")
            #expect(result.stderr.contains("outside the library"), "\(args)\n\(result)")
        }
        #expect(try outside.snapshot() == outsideBefore)
        #expect(try library.snapshot() == libraryBefore)
    }

    @Test func aLinkToAFolderIsNeverFollowed() throws {
        let library = try TemporaryLibrary(books: [("books/a.md", "---\ntitle: A\n---\n")])
        // A loop: books/again -> .. (the library root).
        try FileManager.default.createSymbolicLink(atPath: library.path("books/again"), withDestinationPath: "..")
        let result = try library.syncRun(["ls", "--format", "paths"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines == ["books/a.md"], "\(result)")
    }
}
