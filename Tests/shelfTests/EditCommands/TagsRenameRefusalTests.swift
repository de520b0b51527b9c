import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `shelf tags rename` goes through the write door: a book it must not replace (read-only,
/// hard-linked, malformed) is reported and left byte for byte as it was; the others are renamed.
@Suite struct TagsRenameRefusalTests {
    @Test func readOnlyAndHardLinkedBooksAreLeftAndReportedTheRestRenamed() throws {
        let library = try TemporaryLibrary(books: [
            ("a.md", "---\ntitle: A\ntags: [scifi]\n---\n"),
            ("locked.md", "---\ntitle: Locked\ntags: [scifi, classics]\n---\n"),
            ("linked.md", "---\ntitle: Linked\ntags:\n  - scifi\n---\nBody.\n"),
            ("z.md", "---\ntitle: Z\ntags: scifi\n---\n"),
        ])
        chmod(library.path("locked.md"), 0o400)
        try library.makeFolder("elsewhere")
        #expect(link(library.path("linked.md"), library.path("elsewhere/linked-copy.txt")) == 0)
        try library.editAgeFiles()
        let before = try library.snapshot()

        let result = try library.editRun(["tags", "rename", "scifi", "sci-fi", "--yes"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdoutLines == ["Renamed 'scifi' to 'sci-fi' in 2 books."], "\(result)")
        #expect(result.stderr.contains("locked.md: is read-only"), "\(result)")
        #expect(result.stderr.contains("linked.md: has 2 hard links"), "\(result)")
        #expect(result.stderr.contains("2 books could not be changed"), "\(result)")

        let after = try library.snapshot()
        for untouched in ["locked.md", "linked.md", "elsewhere/linked-copy.txt"] {
            #expect(after.entries[untouched] == before.entries[untouched], "\(untouched) changed")
        }
        var info = stat()
        #expect(stat(library.path("linked.md"), &info) == 0 && info.st_nlink == 2)
        #expect(stat(library.path("locked.md"), &info) == 0 && info.st_mode & 0o7777 == 0o400)
        try expectEditFile("a.md", in: library, equals: "---\ntitle: A\ntags: [sci-fi]\n---\n")
        try expectEditFile("z.md", in: library, equals: "---\ntitle: Z\ntags: sci-fi\n---\n")
        #expect(library.editTemporaryFiles().isEmpty, "\(library.editTemporaryFiles())")
    }
}
