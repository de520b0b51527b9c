import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names `shelf import` gives new books: never one a file already has, whatever that file
/// is, and never one that differs from it only in case.
@Suite struct ImportNamingTests {
    static let csv = "Book Id,Title,Author,My Rating,Exclusive Shelf\n1,Solaris,Stanisław Lem,4,read\n2,Dune,Frank Herbert,5,read\n"

    @Test func aNameTakenByANoteALinkOrACaseVariantIsNeverReplaced() throws {
        let library = try TemporaryLibrary(books: [("LEM-SOLARIS.md", "A note, not a book: no front matter.\n")])
        let outside = try TemporaryLibrary(config: nil)
        // A link, dangling, to a file outside the library: following it would write there.
        try FileManager.default.createSymbolicLink(atPath: library.path("herbert-dune.md"), withDestinationPath: outside.path("dune.md"))
        try library.write("import.csv", Self.csv)
        let note = try library.bytes("LEM-SOLARIS.md")

        let result = try library.interchangeRun(["import", "goodreads", "import.csv"])
        #expect(interchangeSummary(result).hasSuffix(": 2 created, 0 updated, 0 unchanged, 0 skipped."), "\(result)")
        #expect(Set(result.stdoutLines) == ["created lem-solaris-2.md", "created herbert-dune-2.md"], "\(result)")
        #expect(try library.bytes("LEM-SOLARIS.md") == note)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: library.path("herbert-dune.md")) == outside.path("dune.md"))
        #expect(!FileManager.default.fileExists(atPath: outside.path("dune.md")))
        #expect(try library.interchangeText("herbert-dune-2.md").contains("title: Dune\n"))
        #expect(try library.interchangeText("lem-solaris-2.md").contains("title: Solaris\n"))
    }

    @Test func aJSONRestoreNeverWritesIntoAHiddenFolderOrOverAFile() throws {
        let library = try TemporaryLibrary(books: [("sub/taken.md", "---\ntitle: Mine\n---\nmine\n")])
        try library.makeFolder(".git")
        let json = """
            [{"path": ".git/hooks.md", "title": "Hidden", "notes": ""},
             {"path": "sub/taken.md", "title": "Other", "notes": "theirs\\n"}]
            """
        let mine = try library.bytes("sub/taken.md")
        let result = try library.interchangeRun(["import", "json", "-"], stdin: json)
        #expect(interchangeSummary(result).hasSuffix(": 2 created, 0 updated, 0 unchanged, 0 skipped."), "\(result)")
        #expect(try library.bytes("sub/taken.md") == mine)
        #expect(try FileManager.default.contentsOfDirectory(atPath: library.path(".git")).isEmpty)
        #expect(library.interchangeBookFiles().count == 3, "\(library.interchangeBookFiles())")
    }
}
